"""Signing up and logging in, in each language (issue 13): allauth's words in
its own translations, the site's labels in the site's, and headings in
sentence case without breaking any language."""

import re

import pytest
from django.urls import reverse
from django.utils.safestring import mark_safe

from accounts.templatetags.sentence_case import sentence_case
from tests.factories import UserFactory


@pytest.mark.parametrize(
    ("text", "cased"),
    [
        ("  Verify Your Email Address\n", "Verify your email address"),  # allauth's English
        ("Zadejte Ověřovací Kód", "Zadejte ověřovací kód"),  # a translator kept the title case
        ("Cambia la tua Password", "Cambia la tua password"),
        ("Jelszó visszaállítása", "Jelszó visszaállítása"),  # already right: left so
        ("Add TOTP Authenticator", "Add TOTP authenticator"),  # an acronym keeps its capitals
        ("Ez a funkció JavaScriptet igényel.", "Ez a funkció JavaScriptet igényel."),  # so does a name
        ("Re-send Verification", "Re-send verification"),
    ],
)
def test_sentence_case_in_any_language(text, cased):
    assert sentence_case(text) == cased


def test_sentence_case_leaves_markup_alone():
    slot = mark_safe('<span class="Icon">Sign In</span>')
    assert sentence_case(slot) == slot


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "button", "label", "remember"),
    [
        ("cs", "Přihlásit se", "Přihlásit se", "Uživatelské jméno nebo e-mailová adresa", "Zapamatovat si mě"),
        ("it", "Accedi", "Accedi", "Nome utente o indirizzo e-mail", "Ricordami su questo dispositivo"),
        ("hu", "Belépés", "Belépés", "Felhasználónév vagy e-mail-cím", "Emlékezz rám ezen az eszközön"),
    ],
)
def test_the_log_in_page_in_each_language(client, language, heading, button, label, remember):
    page = client.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h1>{heading}</h1>" in page
    assert re.search(rf"<button[^>]*>{button}</button>", page)
    assert label in page and remember in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "time_zone", "address"),
    [
        ("en", "Sign up", "Guessed from your browser.", "E-mail address"),  # the site's "e-mail", not allauth's "Email"
        ("cs", "Zaregistrovat se", "Odhadnuto podle vašeho prohlížeče.", "E-mailová adresa"),
        ("it", "Registrazione", "Ricavato dal tuo browser.", "Indirizzo e-mail"),
        ("hu", "Regisztrálás", "A böngésződ alapján állítottuk be.", "E-mail-cím"),
    ],
)
def test_the_sign_up_page_in_each_language(client, language, heading, time_zone, address):
    page = client.get(reverse("account_signup"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h1>{heading}</h1>" in page and time_zone in page
    assert re.search(rf'<label for="id_email">E-mail:</label>\s*<input [^>]*placeholder="{address}"', page)


@pytest.mark.django_db
def test_a_heading_a_translator_left_in_title_case_reads_in_sentence_case(client):
    client.force_login(UserFactory(language="it"))
    page = client.get(reverse("account_change_password")).content.decode()
    assert "<h1>Cambia la tua password</h1>" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("cs", "Toto heslo je příliš krátké: musí mít aspoň 8 znaků."),  # Django's own Czech lacks its message
        ("it", "Questa password è troppo corta: deve avere almeno 8 caratteri."),  # and so does its Italian
        ("hu", "Ez a jelszó túl rövid: legalább 8 karakterből kell állnia."),
        ("en", "This password is too short: it must have at least 8 characters."),
    ],
)
def test_a_too_short_password_is_refused_in_the_readers_language(client, language, says):
    data = {"email": "eva@example.org", "username": "eva", "password1": "k7#Qz", "password2": "k7#Qz"}
    page = client.post(reverse("account_signup"), data, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert says in page
    assert language == "en" or "too short" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "Verify your e-mail address"), ("cs", "Ověřte svou e-mailovou adresu")],
)
def test_the_verification_page_has_one_sentence_case_title_and_heading(client, language, says):
    page = client.get(reverse("account_email_verification_sent"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    (title,) = re.findall(r"<title>(.*?)</title>", page, flags=re.S)
    assert title.strip().startswith(says) and f"<h1>{says}</h1>" in page


@pytest.mark.django_db
def test_the_admin_explains_a_username_in_the_readers_language(client):
    player = UserFactory()
    client.force_login(UserFactory(language="cs", is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:accounts_user_change", args=[player.pk])).content.decode()
    assert "Povinné. Nejvýše 150 znaků. Jen písmena jediné abecedy, číslice a @/./+/-/_." in page
    assert "Letters of one alphabet" not in page
