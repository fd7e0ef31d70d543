"""The multi-host site (tests/scale/site.py), made once for the module's tests
and torn down after them, however they ended. It needs root (network
namespaces); without them it is skipped, except in CI, where a skip fails."""

import os

import pytest

from tests.scale.network import NoNamespaces
from tests.scale.site import Site


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/scale/" in str(item.fspath):
            item.add_marker(pytest.mark.scale)


@pytest.fixture(scope="package")
def site(request):
    if os.geteuid() != 0:
        pytest.skip("the multi-host test makes network namespaces, which needs root")
    made = Site()
    try:
        made.open()
    except NoNamespaces as exc:
        made.close()
        pytest.skip(f"network namespaces cannot be made here: {exc}")
    except BaseException:
        print(made.log_tail())
        made.close()
        raise
    yield made
    if request.session.testsfailed:
        print(made.log_tail())
    made.close()
