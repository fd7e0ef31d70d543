"""Wrong passwords slow the address that typed them, for that account only:
a stranger cannot lock the owner out, the owner's own address waits longer
after each failure, and a one-time code by e-mail lets the owner in at once."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts import lockout
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
OWNER_ADDRESS, STRANGER_ADDRESS = "198.51.100.7", "203.0.113.66"
SLOWED = "Too many wrong passwords for this account from your address"


def log_in(client, login: str, password: str, address: str):
    return client.post(reverse("account_login"), {"login": login, "password": password}, REMOTE_ADDR=address)


def logged_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == reverse("home")


@pytest.fixture
def clock(monkeypatch):
    """The lock-out's clock, moved by hand."""
    now = [1_000_000.0]
    monkeypatch.setattr(lockout.time, "time", lambda: now[0])
    return now


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out(client, clock):
    owner = UserFactory(username="olga")
    for attempt in range(8):
        clock[0] += 7  # under allauth's ten a minute from one address
        response = log_in(client, "olga", f"guess-{attempt}", STRANGER_ADDRESS)
        assert not logged_in(response)
    assert logged_in(log_in(client, "olga", PASSWORD, OWNER_ADDRESS))
    client.logout()
    for login in ("olga", owner.email):  # the stranger stays slowed
        assert SLOWED in log_in(client, login, "guess", STRANGER_ADDRESS).content.decode()


def test_the_stranger_is_slowed_even_with_the_right_password_and_by_e_mail_address_too(client, clock):
    owner = UserFactory(username="olga")
    for attempt in range(5):
        log_in(client, owner.email if attempt % 2 else "olga", f"guess-{attempt}", STRANGER_ADDRESS)
    response = log_in(client, "olga", PASSWORD, STRANGER_ADDRESS)
    assert response.status_code == 200 and "Try again in 1 minute," in response.content.decode()


def test_the_owners_own_address_waits_longer_after_each_failure(client, clock):
    UserFactory(username="olga")
    for attempt in range(5):
        assert "not correct" in log_in(client, "olga", f"typo-{attempt}", OWNER_ADDRESS).content.decode()
    assert "Try again in 1 minute," in log_in(client, "olga", PASSWORD, OWNER_ADDRESS).content.decode()
    clock[0] += 61
    assert "not correct" in log_in(client, "olga", "typo-again", OWNER_ADDRESS).content.decode()
    assert "Try again in 2 minutes," in log_in(client, "olga", PASSWORD, OWNER_ADDRESS).content.decode()
    clock[0] += 121
    assert "not correct" in log_in(client, "olga", "typo-once-more", OWNER_ADDRESS).content.decode()
    clock[0] += 121
    assert "Try again in 2 minutes," in log_in(client, "olga", PASSWORD, OWNER_ADDRESS).content.decode()
    clock[0] += 120
    assert logged_in(log_in(client, "olga", PASSWORD, OWNER_ADDRESS))


def test_a_right_password_starts_the_count_again(client, clock):
    UserFactory(username="olga")
    for attempt in range(4):
        log_in(client, "olga", f"typo-{attempt}", OWNER_ADDRESS)
    assert logged_in(log_in(client, "olga", PASSWORD, OWNER_ADDRESS))
    client.logout()
    for attempt in range(4):
        assert "not correct" in log_in(client, "olga", f"typo-{attempt}", OWNER_ADDRESS).content.decode()


def test_a_code_by_e_mail_lets_the_slowed_owner_in(client, clock):
    owner = UserFactory(username="olga")
    for attempt in range(6):
        log_in(client, "olga", f"typo-{attempt}", OWNER_ADDRESS)
    assert SLOWED in log_in(client, "olga", PASSWORD, OWNER_ADDRESS).content.decode()
    page = client.get(reverse("account_login"), REMOTE_ADDR=OWNER_ADDRESS).content.decode()
    assert reverse("account_request_login_code") in page
    response = client.post(reverse("account_request_login_code"), {"email": owner.email}, REMOTE_ADDR=OWNER_ADDRESS)
    assert response.status_code == 302 and response["Location"] == reverse("account_confirm_login_code")
    [message] = [m for m in mail.outbox if owner.email in m.to]
    code = re.search(r"^([A-Z0-9]{4}-[A-Z0-9]{4})$", message.body, re.M).group(1)
    response = client.post(reverse("account_confirm_login_code"), {"code": code}, REMOTE_ADDR=OWNER_ADDRESS)
    assert logged_in(response)
    assert client.get(reverse("account_settings")).status_code == 200


@pytest.mark.parametrize(
    "language, says",
    [("cs", "Zkuste to znovu za 1 minutu"), ("it", "Riprova tra 1 minuto"), ("hu", "Próbáld újra 1 perc múlva")],
)
def test_the_wait_is_told_in_the_visitors_language(client, clock, language, says):
    UserFactory(username="olga")
    for attempt in range(5):
        log_in(client, "olga", f"typo-{attempt}", OWNER_ADDRESS)
    response = client.post(
        reverse("account_login"),
        {"login": "olga", "password": PASSWORD},
        REMOTE_ADDR=OWNER_ADDRESS,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert says in response.content.decode()
