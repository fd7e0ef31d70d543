"""Whatever is posted to the settings page or put in an unsubscribe link, the
answer is never a 500 and nothing changes that should not."""

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from accounts.models import EmailKind as Kind
from accounts.unsubscribe import UNSUBSCRIBE_SALT, unsubscribe_token
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GARBAGE = [
    "²",  # str.isdigit() says yes, int() says no
    "٣",  # Arabic-Indic three: int() reads it as 3
    "１",  # fullwidth one
    "24,²",
    "9" * 40,
    "9" * 5000,
    "-1",
    "-24,2",
    "169",
    "1e3",
    "0x10",
    "2 4",
    "24;2",
    "x" * 10240,
    "Mars/Olympus_Mons",
    "../../../etc/passwd",
    "Europe/Prague\u200b",
    "Ｅｕｒｏｐｅ/Ｐｒａｇｕｅ",
    "\u202eUTC",
    "😀",
    "ǅ̸̡̛͔",
]
FIELDS = ["time_zone", "digest_hour", "reminder_hours", *(f"delivery_{kind}" for kind in Kind.values)]


@pytest.fixture
def site():
    """A client that answers a crash with a 500, as the site does, instead of raising it."""
    return Client(raise_request_exception=False)


def saved(user) -> tuple:
    user.refresh_from_db()
    return user.time_zone, user.digest_hour, user.reminder_hours, user.email_delivery


def settings_as_they_are(user) -> dict:
    return {
        "time_zone": user.time_zone,
        "digest_hour": str(user.digest_hour),
        "reminder_hours": user.reminder_hours,
        **{f"delivery_{kind}": user.delivery_for(kind) for kind in Kind.values},
    }


@pytest.mark.parametrize("value", GARBAGE)
def test_garbage_in_every_settings_field_is_refused_without_a_500(site, value):
    """Each field is cleaned on its own, so one post tries the value on every field."""
    user = UserFactory(time_zone="Europe/Prague", digest_hour=7, reminder_hours="12,1")
    site.force_login(user)
    before = saved(user)
    response = site.post(reverse("account_settings"), dict.fromkeys(FIELDS, value))
    assert response.status_code == 400
    assert sorted(response.context["form"].errors) == sorted(FIELDS)
    assert saved(user) == before


def test_settings_take_plain_hours_and_tidy_them(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("account_settings"), {**settings_as_they_are(user), "reminder_hours": " 2, 24 ,2,"})
    assert response.status_code == 302
    assert saved(user)[2] == "24,2"


def test_stored_reminder_hours_that_are_not_plain_numbers_are_ignored():
    user = UserFactory.build(reminder_hours="²,٣,24,0,200,x,2")
    assert user.reminder_offsets == [24, 2]


def tampered(token: str) -> list[str]:
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    return [
        flipped,
        token[:-3],
        token + "x",
        token.replace(":", "", 1),
        token.replace(":", "٣", 1),
        "٣" + token,
        "x" * 10240,
        ":",
        "😀:😀",
        signing.dumps({"k": Kind.YOUR_TURN, "u": 1}, salt="another.salt"),
    ]


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_unsubscribe_link_is_refused_without_a_500(site, method):
    user = UserFactory(email_delivery={Kind.YOUR_TURN: "immediately"})
    token = unsubscribe_token(kind=Kind.YOUR_TURN, user=user)
    for bad in tampered(token):
        response = getattr(site, method)(reverse("unsubscribe", args=[bad]))
        assert response.status_code == 400, bad
    assert saved(user)[3] == {Kind.YOUR_TURN: "immediately"}


@pytest.mark.parametrize(
    "payload",
    [
        ["your_turn", 1],
        {"k": "your_turn"},
        {"k": "your_turn", "u": "1; drop table"},
        {"k": "your_turn", "u": True},
        {"k": {"your_turn": 1}, "u": 1},
        {"k": "invitation", "e": ["a@example.org"]},
    ],
)
def test_a_signed_link_of_a_shape_never_issued_is_refused_without_a_500(site, payload):
    """Links never expire: one of an older format must not crash the page."""
    token = signing.dumps(payload, salt=UNSUBSCRIBE_SALT)
    assert site.post(reverse("unsubscribe", args=[token])).status_code == 400
