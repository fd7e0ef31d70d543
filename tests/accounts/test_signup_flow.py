import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db

SIGNUP = {
    "email": "anna@example.org",
    "username": "anna",
    "password1": "a-long-enough-passphrase",
    "password2": "a-long-enough-passphrase",
}


def _confirmation_link(message) -> str:
    match = re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+/)", message.body)
    assert match, message.body
    return match.group(1)


def test_sign_up_verify_log_in_log_out(client):
    response = client.post(reverse("account_signup"), SIGNUP)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")

    # Verification is mandatory: the account cannot log in yet, from anywhere.
    response = Client().post(reverse("account_login"), {"login": "anna", "password": SIGNUP["password1"]})
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")

    verification = [m for m in mail.outbox if m.to == ["anna@example.org"]]
    assert len(verification) >= 1
    body = verification[-1].body
    assert body.startswith("Hello anna,\n\n")
    assert f"\n\nSequence\n{settings.SITE_URL}\n\n--\n" in body  # signed as the site, not by the host's name
    link = _confirmation_link(verification[-1])

    page = client.get(link)
    assert page.status_code == 200
    assert b"anna@example.org" in page.content
    assert b'class="site-header"' in page.content  # allauth pages wear the site's layout
    response = client.post(link)  # confirming the address logs in (in the browser that signed up)
    assert response.status_code == 302
    assert response["Location"] == reverse("welcome")
    welcome = client.get(response["Location"]).content.decode()
    assert "Play a friend" in welcome and "Join an open game" in welcome
    home = client.get(reverse("home"))
    assert b"Sign out" in home.content and b"/players/anna/" in home.content

    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert b"Sign in" in client.get(reverse("home")).content
    response = client.post(reverse("account_login"), {"login": "anna@example.org", "password": SIGNUP["password1"]})
    assert response.status_code == 302 and response["Location"] == reverse("home")  # later log-ins go home


def test_a_confirmation_link_opened_elsewhere_confirms_but_does_not_log_in(client):
    client.post(reverse("account_signup"), SIGNUP)
    link = _confirmation_link(mail.outbox[-1])
    elsewhere = Client()
    elsewhere.post(link)
    assert b"Sign in" in elsewhere.get(reverse("home")).content  # the link alone is not a password
    from allauth.account.models import EmailAddress

    assert EmailAddress.objects.get(email="anna@example.org").verified


def test_the_time_zone_is_asked_at_sign_up_and_checked(client, django_user_model):
    form = client.get(reverse("account_signup")).content.decode()
    assert 'name="time_zone"' in form and 'data-guess="browser"' in form and "js/time-zone.js" in form
    refused = client.post(reverse("account_signup"), {**SIGNUP, "time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 200 and not django_user_model.objects.exists()
    assert 'data-guess="browser"' not in refused.content.decode()  # the player's own choice is kept
    client.post(reverse("account_signup"), {**SIGNUP, "time_zone": "Asia/Tokyo"})
    assert django_user_model.objects.get().time_zone == "Asia/Tokyo"


def test_allauth_headings_and_buttons_are_in_sentence_case(client):
    login = client.get(reverse("account_login")).content.decode()
    signup = client.get(reverse("account_signup")).content.decode()
    assert "<h1>Sign in</h1>" in login and "<h1>Sign up</h1>" in signup
    assert "Remember me on this device" in login and "Remember Me" not in login
    assert re.search(r"<button[^>]*>Sign in</button>", login) and re.search(r"<button[^>]*>Sign up", signup)


def test_log_in_by_username_after_verification(client, django_user_model):
    from allauth.account.models import EmailAddress

    user = django_user_model.objects.create_user("bea", "bea@example.org", "another-long-passphrase")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    response = client.post(reverse("account_login"), {"login": "bea", "password": "another-long-passphrase"})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_wrong_password_is_refused_with_a_message(client, django_user_model):
    django_user_model.objects.create_user("cid", "cid@example.org", "right-passphrase-1")
    response = client.post(reverse("account_login"), {"login": "cid", "password": "wrong"})
    assert response.status_code == 200
    assert b"not correct" in response.content


def test_login_rate_limit_is_enforced(client, django_user_model):
    from allauth.account.models import EmailAddress

    user = django_user_model.objects.create_user("dan", "dan@example.org", "right-passphrase-2")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    for attempt in range(6):
        client.post(reverse("account_login"), {"login": "dan", "password": f"wrong-{attempt}"})
    # From the same address even the right password is now refused until the wait is over.
    response = client.post(reverse("account_login"), {"login": "dan", "password": "right-passphrase-2"})
    assert response.status_code == 200
    assert b"Too many wrong passwords for this account from your address" in response.content


def test_password_reset_mail_is_sent(client, django_user_model):
    django_user_model.objects.create_user("eve", "eve@example.org", "right-passphrase-3")
    response = client.post(reverse("account_reset_password"), {"email": "eve@example.org"})
    assert response.status_code == 302
    assert any("eve@example.org" in m.to for m in mail.outbox)


def test_allauth_pages_use_the_site_layout(client):
    for name in ("account_login", "account_signup", "account_reset_password"):
        page = client.get(reverse(name))
        assert page.status_code == 200
        assert b'class="site-header"' in page.content
        assert b"site.css" in page.content


def test_the_page_after_sign_up_says_how_to_get_a_new_link(client):
    page = client.get(client.post(reverse("account_signup"), SIGNUP)["Location"]).content.decode()
    assert "Please contact us" not in page  # allauth's own page, with nobody to contact
    assert reverse("account_login") in page and "sends the link again" in page
    sent = len(mail.outbox)
    with time_machine.travel(timezone.now() + timedelta(minutes=4)):  # allauth sends one link in 3 minutes
        client.post(reverse("account_login"), {"login": "anna", "password": SIGNUP["password1"]})
    assert len(mail.outbox) == sent + 1 and mail.outbox[-1].to == ["anna@example.org"]  # as the page promises


def test_the_time_zones_offered_are_places_by_their_current_names(client):
    offered = re.findall(r'<option value="([^"]+)"', client.get(reverse("account_signup")).content.decode())
    assert "UTC" in offered and "Asia/Kolkata" in offered and "Europe/Kyiv" in offered and "Europe/Prague" in offered
    for not_a_place in (
        "Factory",
        "localtime",
        "posixrules",
        "Etc/GMT+5",
        "US/Eastern",
        "Asia/Calcutta",
        "Europe/Kiev",
    ):
        assert not_a_place not in offered
