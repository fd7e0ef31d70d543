import re

import pytest
from django.core import mail
from django.urls import reverse

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

    # Verification is mandatory: the account cannot log in yet.
    client.post(reverse("account_logout"))
    response = client.post(reverse("account_login"), {"login": "anna", "password": SIGNUP["password1"]})
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")

    verification = [m for m in mail.outbox if m.to == ["anna@example.org"]]
    assert len(verification) >= 1
    link = _confirmation_link(verification[-1])

    page = client.get(link)
    assert page.status_code == 200
    assert b"anna@example.org" in page.content
    assert b'class="site-header"' in page.content  # allauth pages wear the site's layout
    response = client.post(link)
    assert response.status_code == 302

    response = client.post(reverse("account_login"), {"login": "anna@example.org", "password": SIGNUP["password1"]})
    assert response.status_code == 302
    home = client.get(reverse("home"))
    assert b"Sign out" in home.content and b"/players/anna/" in home.content

    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert b"Sign in" in client.get(reverse("home")).content


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
    # Even the right password is now refused until the window passes.
    response = client.post(reverse("account_login"), {"login": "dan", "password": "right-passphrase-2"})
    assert response.status_code == 200
    assert b"Too many failed login attempts" in response.content


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
