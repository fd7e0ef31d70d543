"""allauth's e-mails in the site's words (templates/account/email/): each flow
that is on, through its real views: a subject in sentence case with no
"[host]" before it, "e-mail" spelled with its hyphen, a greeting, allauth's
own link (which works) or code, the site's name and address as signature,
why it came, an HTML part as well as the text, and the reader's language."""

import html
import re
from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-long-enough-passphrase"


def sign_up(client: Client, email: str = "anna@example.org", username: str = "anna", **headers):
    fields = {"email": email, "username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    return client.post(reverse("account_signup"), fields, **headers)


def sent_to(address: str):
    [message] = [m for m in mail.outbox if m.to == [address]]
    return message


def html_of(message) -> str:
    [(content, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    return content


def words(text: str) -> str:
    """What a reader reads: no links, no markup."""
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"https?://\S+", " ", html.unescape(text))


def link(message, path: str) -> str:
    """The one link to `path` in the text part (also in the HTML part), as a path to open here."""
    [url] = set(re.findall(rf"https?://[^/\s]+{re.escape(path)}\S*", message.body))
    assert f'href="{html.escape(url)}"' in html_of(message)
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


def assert_in_the_sites_voice(message, subject: str, greeting: str = "Hello anna,") -> None:
    assert message.subject == subject  # no "[Sequence] " or "[host] " before it
    body, page = message.body, html_of(message)
    assert body.startswith(greeting + "\n\n")
    assert f"<p>{html.escape(greeting)}</p>" in page
    for said in (subject, words(body), words(page)):
        assert not re.search(r"(?<![-\w])[Ee]mails?\b", said), said  # "e-mail", always with its hyphen
        assert "Please Confirm" not in said and "Hello from" not in said and "Thank you for using" not in said
    # signed as the site (its name and address), then why the e-mail came
    assert f"\n\nSequence\n{settings.SITE_URL}\n\n--\nYou get this e-mail because " in body
    assert not body.rstrip().endswith(urlsplit(settings.SITE_URL).netloc)
    assert f'Sequence<br><a href="{settings.SITE_URL}">{settings.SITE_URL}</a>' in page
    assert "You get this e-mail because " in page
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")


# --- confirming an address --------------------------------------------------------------


def test_the_sign_up_confirmation(client):
    assert sign_up(client).status_code == 302
    message = sent_to("anna@example.org")
    assert_in_the_sites_voice(message, "Confirm your e-mail address for Sequence")
    assert "Welcome to Sequence! To finish signing up as anna" in message.body
    assert "You get this e-mail because someone signed up at" in message.body
    assert ">Confirm your e-mail address</a>" in html_of(message)
    confirm = link(message, "/accounts/confirm-email/")
    page = client.get(confirm)
    assert page.status_code == 200 and b"anna@example.org" in page.content
    response = client.post(confirm)
    assert response.status_code == 302 and response["Location"] == reverse("welcome")
    assert EmailAddress.objects.get(email="anna@example.org").verified


def test_an_added_address_is_confirmed_by_its_own_e_mail(client):
    user = UserFactory(username="anna")
    client.force_login(user)
    response = client.post(reverse("account_email"), {"action_add": "", "email": "second@example.org"})
    assert response.status_code == 302
    message = sent_to("second@example.org")
    assert_in_the_sites_voice(message, "Confirm your e-mail address for Sequence")
    assert "To use this e-mail address with your account anna, open this link" in message.body
    assert "this address was given for the account anna at" in message.body
    confirm = link(message, "/accounts/confirm-email/")
    assert client.get(confirm).status_code == 200
    assert client.post(confirm).status_code == 302
    assert EmailAddress.objects.get(email="second@example.org").verified


def test_a_sign_up_with_a_taken_address_tells_its_owner(client):
    UserFactory(username="anna", email="anna@example.org")
    sign_up(client, username="someone")
    message = sent_to("anna@example.org")
    assert_in_the_sites_voice(message, "You already have a Sequence account with this e-mail address")
    assert "You can sign in with this address or with your username." in message.body
    assert client.get(link(message, reverse("account_reset_password"))).status_code == 200


# --- a new password -------------------------------------------------------------------------


def test_the_password_reset(client):
    UserFactory(username="anna", email="anna@example.org")
    response = client.post(reverse("account_reset_password"), {"email": "anna@example.org"})
    assert response.status_code == 302
    message = sent_to("anna@example.org")
    assert_in_the_sites_voice(message, "Reset your password for Sequence")
    assert "To choose a new password for your account anna, open this link:" in message.body
    assert "your password stays as it is" in message.body
    assert ">Choose a new password</a>" in html_of(message)
    response = client.get(link(message, "/accounts/password/reset/key/"))
    assert response.status_code == 302  # allauth keeps the key in the session and shows the form at:
    form = response["Location"]
    assert client.get(form).status_code == 200
    response = client.post(form, {"password1": "another-long-passphrase", "password2": "another-long-passphrase"})
    assert response.status_code == 302
    assert User.objects.get(username="anna").check_password("another-long-passphrase")


def test_a_password_reset_for_an_address_without_an_account(client):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    message = sent_to("nobody@example.org")
    assert_in_the_sites_voice(message, "There is no Sequence account with this e-mail address", greeting="Hello,")
    assert "Did you sign up with another address?" in message.body
    assert client.get(link(message, reverse("account_signup"))).status_code == 200


# --- a sign-in code -------------------------------------------------------------------------


def test_the_sign_in_code(client):
    UserFactory(username="anna", email="anna@example.org")
    response = client.post(reverse("account_request_login_code"), {"email": "anna@example.org"})
    assert response.status_code == 302
    message = sent_to("anna@example.org")
    assert_in_the_sites_voice(message, "Your sign-in code for Sequence")
    code = re.search(r"^([A-Z0-9]{4}-[A-Z0-9]{4})$", message.body, re.M).group(1)
    assert f">{code}</p>" in html_of(message)
    assert "The code works once, for a few minutes." in message.body
    response = client.post(reverse("account_confirm_login_code"), {"code": code})
    assert response.status_code == 302
    assert client.get(reverse("account_settings")).status_code == 200  # signed in


# --- in the reader's language ------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "subject", "greeting", "why"),
    [
        (
            "cs",
            "Potvrďte prosím svou e-mailovou adresu pro Sequence",
            "Dobrý den, anna,",
            "Tento e-mail dostáváte, protože se někdo na",
        ),
        ("it", "Conferma il tuo indirizzo e-mail per Sequence", "Ciao anna,", "Ricevi questa e-mail perché"),
        ("hu", "Erősítsd meg az e-mail-címedet a Sequence-hez", "Szia, anna!", "Azért kapod ezt az e-mailt, mert"),
    ],
)
def test_the_sign_up_confirmation_in_the_browsers_language(client, language, subject, greeting, why):
    sign_up(client, HTTP_ACCEPT_LANGUAGE=language)
    message = sent_to("anna@example.org")
    assert message.subject == subject
    assert message.body.startswith(greeting + "\n\n") and why in message.body
    page = html_of(message)
    assert f'<html lang="{language}">' in page and why in page
    assert "/accounts/confirm-email/" in message.body


def test_a_czech_account_gets_its_e_mails_in_czech_whatever_the_browser(client):
    UserFactory(username="anna", email="anna@example.org", language="cs")
    client.post(reverse("account_reset_password"), {"email": "anna@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    message = sent_to("anna@example.org")
    assert message.subject == "Nastavte si nové heslo pro Sequence"
    assert message.body.startswith("Dobrý den, anna,\n\n")
    assert "Chcete-li zvolit nové heslo k účtu anna, otevřete tento odkaz:" in message.body
    assert f"\n\nSequence\n{settings.SITE_URL}\n\n--\nTento e-mail dostáváte, protože" in message.body
    assert '<html lang="cs">' in html_of(message) and ">Zvolit nové heslo</a>" in html_of(message)
    mail.outbox.clear()
    client.post(reverse("account_request_login_code"), {"email": "anna@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    assert sent_to("anna@example.org").subject == "Váš přihlašovací kód pro Sequence"


def test_a_visitor_without_an_account_reads_the_browsers_language(client):
    client.post(reverse("account_reset_password"), {"email": "nobody@example.org"}, HTTP_ACCEPT_LANGUAGE="hu")
    message = sent_to("nobody@example.org")
    assert message.subject == "Ezzel az e-mail-címmel nincs Sequence-fiók"
    assert message.body.startswith("Szia!\n\n")
