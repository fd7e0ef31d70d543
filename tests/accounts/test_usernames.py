"""No one signs up under a name that poses as another player's: look-alike
letters of another script, invisible characters, compatibility forms."""

import importlib
import uuid

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from accounts import usernames
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-enough-passphrase"


def sign_up(client, username: str):
    email = f"{uuid.uuid4().hex}@example.org"
    data = {"email": email, "username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("account_signup"), data)


def signed_up(response) -> bool:
    return response.status_code == 302 and response["Location"] == reverse("account_email_verification_sent")


def refused(response, says: str) -> bool:
    return response.status_code == 200 and says in response.content.decode()


def usernames_taken() -> list[str]:
    return sorted(get_user_model().objects.values_list("username", flat=True))


@pytest.mark.parametrize(
    "name",
    ["anna", "Jean.Luc", "zoë", "José_2", "李小龙", "さくら漢字", "김민준", "Ελένη", "сосо"],
)
def test_plain_names_in_any_one_script_sign_up(client, name):
    assert signed_up(sign_up(client, name))
    assert usernames_taken() == [name]


def test_a_cyrillic_look_alike_of_a_taken_name_is_refused(client):
    UserFactory(username="coco")
    assert refused(sign_up(client, "сосо"), "looks too much like another player")  # Cyrillic с and о
    assert refused(sign_up(client, "СОСО"), "looks too much like another player")
    assert usernames_taken() == ["coco"]


@pytest.mark.parametrize(
    "taken, look_alike",
    [("bob", "ВОВ"), ("paypal", "paypa1"), ("modern", "modem"), ("élise", "ÉLISE"), ("ion", "ΙΟΝ")],
)
def test_other_look_alikes_and_case_variants_are_refused(client, taken, look_alike):
    UserFactory(username=taken)
    response = sign_up(client, look_alike)
    assert not signed_up(response)
    assert usernames_taken() == [taken]


@pytest.mark.parametrize(
    "taken, look_alike",
    [
        ("lookalike", "Iookalike"),  # capital I for small l
        ("Iookalike", "lookalike"),  # and the other way round
        ("lookalike", "1ookalike"),
        ("lookalike", "lookaIike"),
        ("lisa", "Iisa"),
        ("Ilse", "llse"),
        ("nou", "\u0578\u0585\u057d"),  # Armenian ո օ ս: from Unicode's table, not a hand list
        ("clara", "\u13df\u13de\u13aa\u13a1\u13aa"),  # Cherokee, in capitals
        ("cla", "\ua4da\ua4e1\ua4ee"),  # Lisu
    ],
)
def test_look_alikes_from_the_full_confusables_table_are_refused(client, taken, look_alike):
    UserFactory(username=taken)
    assert refused(sign_up(client, look_alike), "looks too much like another player")
    assert usernames_taken() == [taken]


@pytest.mark.parametrize("taken, other", [("kim", "klm"), ("anna", "ana"), ("lion", "iion"), ("bob", "bod")])
def test_names_that_only_share_letters_are_not_look_alikes(client, taken, other):
    UserFactory(username=taken)
    assert signed_up(sign_up(client, other))


def test_the_data_migration_recomputes_every_skeleton():
    from django.apps import apps

    fill_skeletons = importlib.import_module("accounts.migrations.0008_username_skeletons_confusables").fill_skeletons
    user = UserFactory(username="Iookalike")
    get_user_model().objects.update(
        username_skeleton="old", username_skeleton_capitals="", username_skeleton_written=""
    )
    fill_skeletons(apps, None)
    user.refresh_from_db()
    assert user.username_skeleton == "iookalike"
    assert user.username_skeleton_written == "lookalike"
    assert user.username_skeleton_capitals == "lOOKALlKE"  # capital I looks like small l


def test_a_name_mixing_scripts_is_refused(client):
    response = sign_up(client, "lооkalike")  # Latin l, k, a, i, e with Cyrillic о
    assert refused(response, "Write the name in one alphabet; it mixes several: Latin, Cyrillic.")
    assert usernames_taken() == []


def test_a_name_mixing_a_script_the_site_cannot_name_is_refused_without_names(client):
    response = sign_up(client, "anna\u13a0")  # Latin and Cherokee
    assert refused(response, "Write the name in one alphabet; it mixes several.")
    assert usernames_taken() == []


@pytest.mark.parametrize(
    ("language", "name", "says"),
    [
        ("cs", "lo ok", "Uživatelské jméno nesmí obsahovat mezery ani neviditelné znaky."),
        ("cs", "lооkalike", "Napište jméno písmeny jediné abecedy; teď se v něm mísí několik: latinka, cyrilice."),
        ("it", "Ελένηx", "Scrivi il nome con le lettere di un solo alfabeto; ora ne mescola diversi: greco, latino."),
        ("hu", "ոօսka", "Egyetlen ábécé betűivel írd a nevet; most több is keveredik benne: örmény, latin."),
    ],
)
def test_sign_up_refuses_a_name_in_the_readers_language(client, language, name, says):
    data = {"email": "eva@example.org", "username": name, "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("account_signup"), data, HTTP_ACCEPT_LANGUAGE=language)
    assert refused(response, says)
    assert usernames_taken() == []


@pytest.mark.parametrize(
    "name",
    [
        "look\u200bout",  # zero-width space
        "lo\u200dok",  # zero-width joiner
        "\u202ekool",  # right-to-left override
        "ad\u2066min",  # left-to-right isolate
        "lo\u00adok",  # soft hyphen
        "lo ok",
        "lo\u00a0ok",  # no-break space
        "lo\u3000ok",  # ideographic space
        "lo\tok",
    ],
)
def test_invisible_characters_and_spaces_are_refused(client, name):
    assert refused(sign_up(client, name), "spaces or invisible characters")
    assert usernames_taken() == []


def test_a_fullwidth_name_is_stored_in_plain_letters(client):
    assert signed_up(sign_up(client, "ｌｏｏｋ"))
    assert usernames_taken() == ["look"]
    assert refused(sign_up(client, "ＬＯＯＫ"), "already exists")


def test_the_field_itself_refuses_a_name_in_compatibility_forms():
    with pytest.raises(ValidationError, match="plain letters: look"):
        usernames.validate_normalised("ｌｏｏｋ")
    with translation.override("cs"), pytest.raises(ValidationError, match="obyčejnými písmeny: look"):
        usernames.validate_normalised("ｌｏｏｋ")


@pytest.mark.parametrize("typed", ["bea", "BEA", "ｂｅａ", " bea "])
def test_log_in_by_username_ignores_case_and_compatibility_forms(client, typed):
    user = UserFactory(username="bea")
    EmailAddress.objects.filter(user=user).update(verified=True)
    response = client.post(reverse("account_login"), {"login": typed, "password": "a-long-test-passphrase"})
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_the_skeleton_is_kept_with_the_username():
    user = UserFactory(username="Сосо")
    assert user.username_skeleton == "coco"
    user.username = "Ivan"
    user.save(update_fields=["username"])
    user.refresh_from_db()
    assert user.username_skeleton == "ivan"
