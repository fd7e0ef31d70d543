import pytest

from tests.factories import ModeratorFactory, UserFactory


@pytest.fixture
def moderator(db):
    return ModeratorFactory()


@pytest.fixture
def moderator_client(client, moderator):
    client.force_login(moderator)
    return client


@pytest.fixture
def staff_client(client, db):
    """Staff outside the Moderators group: they may open the admin, not moderate."""
    client.force_login(UserFactory(is_staff=True))
    return client
