import pytest

from tests.factories import ModeratorFactory


@pytest.fixture
def moderator(db):
    return ModeratorFactory()
