"""The settings page: time zone, digest hour, reminders and a delivery for
each kind of e-mail."""

import pytest
from django.urls import reverse

from accounts.models import EmailKind
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_settings_page_saves_preferences(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("account_settings")).status_code == 200
    data = {
        "time_zone": "Europe/Prague",
        "digest_hour": 19,
        "reminder_hours": "6, 1",
        **{f"delivery_{k}": "immediately" for k in EmailKind.values},
        "delivery_game_over": "digest",
    }
    client.post(reverse("account_settings"), data)
    user.refresh_from_db()
    assert (user.time_zone, user.digest_hour, user.reminder_hours) == ("Europe/Prague", 19, "6,1")
    assert user.delivery_for(EmailKind.GAME_OVER) == "digest"
    bad = client.post(reverse("account_settings"), {**data, "reminder_hours": "soon"})
    assert bad.status_code == 400 and b"whole hours" in bad.content


def test_every_kind_of_email_has_its_delivery_on_the_page(client):
    client.force_login(UserFactory())
    page = client.get(reverse("account_settings")).content.decode()
    for kind, label in EmailKind.choices:
        assert f'name="delivery_{kind}"' in page and str(label) in page


def test_an_old_zone_name_stored_before_is_offered_as_its_place(client):
    user = UserFactory(time_zone="Asia/Calcutta")
    client.force_login(user)
    page = client.get(reverse("account_settings")).content.decode()
    assert '<option value="Asia/Kolkata" selected>' in page
