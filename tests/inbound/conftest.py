import importlib

import pytest
from django.urls import clear_url_caches

import sequence_site.urls


@pytest.fixture(autouse=True)
def _turn_emails_due_at_once(settings):
    """Replies are built from the turn e-mails: they go at once, from a known inbound domain."""
    settings.TURN_EMAIL_GRACE_SECONDS = 0
    settings.INBOUND_DOMAIN = "in.example.org"


@pytest.fixture(autouse=True)
def _no_rate_limit_for_whole_games(settings):
    """A whole game is many replies an hour; test_hostile tests the limits."""
    settings.INBOUND_PER_GAME_PER_HOUR = 10_000


@pytest.fixture
def mount_webhook(settings):
    """Mounts one provider's inbound URL, as INBOUND_WEBHOOK_PROVIDER does at start."""

    def mount(provider: str) -> None:
        settings.INBOUND_WEBHOOK_PROVIDER = provider
        importlib.reload(sequence_site.urls)
        clear_url_caches()

    yield mount
    mount("")
