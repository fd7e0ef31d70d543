"""Four languages (issue 13): every catalog complete, every refusal worded in
each language, pages and e-mails in the reader's language, and a check that
finds text shown to people but never marked for translation.

The check renders pages and e-mails in a pseudo-language "xx" whose catalog
wraps every message of the site in ⟦…⟧; whatever English is left outside the
brackets (and is not data: names, numbers, cells, cards, links) was never
marked. The .mo files come from `make messages` (make test runs it)."""

import contextlib
import functools
import html
import re
import shutil
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

import django
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.apps import apps
from django.core.management import call_command
from django.template.loader import render_to_string
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import capfirst

from accounts.models import User
from accounts.unsubscribe import unsubscribe_token
from games import engine, refusals, services, words
from games.articles import resolve
from games.describe import describe_move
from games.inbound import replies
from games.inbound.words import SUIT_WORDS
from games.invitations import invitation_token
from games.mail import emails, tokens
from games.models import Game, InboundMessage, Invitation, Notification, Seat
from games.refusal_text import ENGINE, sentence
from games.templatetags.sequence_tags import duration
from games.viewmodels.chat import chat_for, notes_for
from tests.engine.test_refusals import CASES
from tests.factories import ModeratorFactory, UserFactory
from tests.gameplay import first_play, state_of

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("cs", "it", "hu")
Kind = Notification.Kind


def catalog(language: str, root: Path = LOCALE.parent) -> Catalog:
    with open(root / "locale" / language / "LC_MESSAGES" / "django.po", "rb") as po:
        return read_po(po, locale=language)


def fields(text: str) -> set[str]:
    """The placeholders of a message: {name}, {name:spec}, %(name)s, %(name)d."""
    return set(re.findall(r"\{(\w+)[^}]*\}", text)) | set(re.findall(r"%\((\w+)\)[sd]", text))


# --- the catalogs -------------------------------------------------------------------


@pytest.fixture(scope="module")
def used(tmp_path_factory) -> dict[str, set]:
    """The (context, msgid) of every message the site's source marks, per language: the
    README's makemessages, run on a copy of the source (it rewrites the catalogs where it runs)."""
    copy = tmp_path_factory.mktemp("extracted") / "site"
    ignored = shutil.ignore_patterns(".*", "var", "bench", "tests", "__pycache__", "staticfiles", "*.mo")
    shutil.copytree(LOCALE.parent, copy, ignore=ignored)
    with contextlib.chdir(copy), override_settings(LOCALE_PATHS=[copy / "locale"]):
        call_command("makemessages", locale=list(LANGUAGES), no_location=True, verbosity=0)
    return {language: {(m.context, m.id) for m in catalog(language, root=copy) if m.id} for language in LANGUAGES}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_holds_every_message_the_site_uses_and_no_other_translated_none_fuzzy(language, used):
    messages = [m for m in catalog(language) if m.id]
    assert len(messages) > 400
    held = {(m.context, m.id) for m in messages}
    assert not used[language] - held, f"{language}: not in the catalog: {sorted(map(str, used[language] - held))}"
    assert not held - used[language], f"{language}: no longer used: {sorted(map(str, held - used[language]))}"
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, f"{language}: fuzzy {ids[0]!r}"
        assert all(strings), f"{language}: untranslated {ids[0]!r}"
        for string in strings:
            assert fields(string) <= fields(" ".join(ids)), (
                f"{language}: {string!r} has a placeholder not in {ids[0]!r}"
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_short_message_carries_a_long_ones_translation(language):
    """A catalog edited by hand once lost the blank line after an entry, and Czech read the status
    "Lapsed" as a sentence about a lost draw: a word and a sentence never share a translation (a
    card's symbol and its name do: "A♠" and "ace of spades" are both "pikové eso")."""
    by_translation: dict[str, list] = {}
    for message in catalog(language):
        if message.id and isinstance(message.id, str):
            by_translation.setdefault(message.string, []).append(message)
    for shared, messages in by_translation.items():
        lengths = sorted(len(message.id) for message in messages if not (message.context or "").startswith("card"))
        assert len(lengths) < 2 or lengths[-1] <= 3 * lengths[0], (
            f"{language}: {[message.id for message in messages]} all read {shared!r}"
        )


@pytest.mark.parametrize(("language", "forms"), [("cs", 3), ("it", 2), ("hu", 2)])
def test_each_language_has_its_plural_forms(language, forms):
    assert catalog(language).num_plurals == forms


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogs_are_fresh(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    assert mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime, "run `make messages` (make test does)"


# --- refusals -------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_code_has_a_sentence_in_each_language(language):
    translated = {(m.id if isinstance(m.id, str) else m.id[0]) for m in catalog(language) if m.id and m.string}
    assert set(ENGINE) == set(engine.ENGLISH)
    sentences = {**ENGINE, **{code: refusal.sentence for code, refusal in refusals.BY_CODE.items()}}
    for code, entry in sentences.items():
        if code != "form_invalid":  # the form's own words, already translated
            with translation.override("en"):
                msgid = str(entry % defaultdict(lambda: 1))  # the English it was made with (a plural's singular)
            assert msgid in translated, f"{language}: {code} has no sentence"


@pytest.mark.parametrize(("code", "hint", "meet"), CASES, ids=[f"{c}/{h}" if h else c for c, h, _ in CASES])
def test_the_sites_english_of_each_engine_refusal_is_the_engines(code, hint, meet):
    with pytest.raises(engine.Refused) as caught:
        meet()
    params = caught.value.params
    with translation.override("en"):
        assert sentence(code, params) == str(caught.value)
    for language in LANGUAGES:
        with translation.override(language):
            said = sentence(code, params)
        assert said and said != str(caught.value), (language, said)


def test_a_refusal_reads_in_the_active_language():
    refusal = refusals.SEATS_EMPTY(empty=3)
    said = {}
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            said[language] = str(refusal)
    assert said == {
        "en": "3 seats are still empty.",
        "cs": "Ještě jsou volná 3 místa.",
        "it": "Ci sono ancora 3 posti liberi.",
        "hu": "Még 3 hely üres.",
    }


def test_plurals_follow_each_languages_rules():
    said = {}
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            said[language] = [duration(n * 86400) for n in (1, 3, 5)]
    assert said == {
        "en": ["1 day", "3 days", "5 days"],
        "cs": ["1 den", "3 dny", "5 dní"],
        "it": ["1 giorno", "3 giorni", "5 giorni"],
        "hu": ["1 nap", "3 nap", "5 nap"],
    }


def test_the_history_names_cards_with_each_languages_grammar():
    names = {0: "Anna", 1: "Bob"}
    play = {"seat": 0, "text": "7H C4", "events": [{"type": "chip_placed", "card": "7H", "cell": "C4"}]}
    removal = {
        "seat": 1,
        "text": "JS C4",
        "events": [{"type": "chip_removed", "card": "JS", "cell": "C4", "team": "blue"}],
    }
    said = {}
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            said[language] = [describe_move(seat_names=names, **play), describe_move(seat_names=names, **removal)]
    assert said["en"] == ["Anna played 7♥ on C4", "Bob removed blue's chip from C4 with J♠"]
    assert said["cs"] == ["Anna hraje srdcovou sedmičku na C4", "Bob odebírá modrý žeton z C4 pikovým klukem"]
    assert said["it"] == [
        "Anna ha giocato il sette di cuori su C4",
        "Bob ha tolto il gettone della squadra blu da C4 con il fante di picche",
    ]
    assert said["hu"] == [
        "Anna kijátszotta a kőr hetest, és zsetont tett a C4 mezőre",
        "Bob levette a kék zsetont a C4 mezőről a pikk bubival",
    ]


# --- which language ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_visitor_gets_the_browsers_language_and_allauths_own_translations(client):
    page = client.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE="cs,en;q=0.5").content.decode()
    assert '<html lang="cs">' in page and "Přihlásit se" in page
    assert "Otevřené hry" in page  # the site's own header


@pytest.mark.django_db
def test_the_footer_switcher_sets_a_visitors_language_without_javascript(client):
    page = client.get(reverse("open_games")).content.decode()
    assert 'action="/i18n/setlang/"' in page and '<option value="hu" lang="hu"' in page
    client.post(reverse("set_language"), {"language": "hu", "next": "/games/open/"})
    assert "Nyitott játszmák" in client.get(reverse("open_games")).content.decode()


@pytest.mark.django_db
def test_the_accounts_language_beats_the_browsers_and_is_chosen_in_the_settings(client):
    user = UserFactory()
    client.force_login(user)
    page = client.get(reverse("account_settings"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Nastavení" in page and 'id="footer-language"' in page  # no language of its own yet
    form = {"language": "it", "time_zone": "Europe/Rome", "digest_hour": "8", "reminder_hours": "24"}
    form |= {f"delivery_{kind}": "immediately" for kind in Kind.values}
    client.post(reverse("account_settings"), form, HTTP_ACCEPT_LANGUAGE="cs")
    user.refresh_from_db()
    assert user.language == "it"
    page = client.get(reverse("account_settings"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Impostazioni" in page and 'id="footer-language"' not in page


@pytest.mark.django_db
def test_sign_up_keeps_the_language_it_was_made_in(client):
    client.post(
        reverse("account_signup"),
        {
            "email": "eva@example.org",
            "username": "eva",
            "password1": "a long pass phrase",
            "password2": "a long pass phrase",
        },
        HTTP_ACCEPT_LANGUAGE="hu",
    )
    assert User.objects.get(username="eva").language == "hu"


@pytest.mark.django_db
def test_a_czech_and_an_italian_player_in_one_game_each_get_their_own_language(started_game, client):
    game, users = started_game(2, 2)
    for user, language in zip(users, ("cs", "it"), strict=True):
        user.language = language
        user.save()
    says = {"cs": "Hra {} začala", "it": "La partita {} è iniziata"}
    started = Notification.objects.select_related("recipient").get(game=game, kind=Kind.GAME_STARTED)
    assert emails.build(started).subject.startswith(says[started.recipient.language].format(game.pk))
    turn = Notification.objects.select_related("recipient").get(game=game, kind=Kind.YOUR_TURN)
    says = {"cs": ("Jste na tahu ve hře", "Vaše karty:"), "it": ("Tocca a te nella partita", "La tua mano:")}
    message = emails.build(turn)
    subject, hand = says[turn.recipient.language]
    assert message.subject.startswith(subject) and hand in message.body
    # the one's move, told to the other in the other's language
    mover = turn.recipient
    other = next(user for user in users if user != mover)
    services.move_submit(game_id=game.pk, user=mover, move=first_play(game, users.index(mover)), expected_version=0)
    told = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN, recipient=other)).body
    assert ("hraje" if other.language == "cs" else "ha giocato") in told
    for user, header in zip(users, ("Moje hry", "Le mie partite"), strict=True):
        client.force_login(user)
        assert header in client.get(reverse("account_settings")).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("cs", "Jste na tahu ve hře", "Dobrý den"),
        ("it", "Tocca a te nella partita", "Ciao"),
        ("hu", "Te következel", "Szia"),
    ],
)
def test_emails_in_each_language(started_game, language, subject, greeting):
    game, users = started_game(2, 2)
    users[0].language = language
    users[0].save()
    message = emails.build(Notification.objects.get(game=game, kind=Kind.YOUR_TURN))
    assert message.subject.startswith(subject)
    assert greeting in message.body and greeting in message.alternatives[0].content


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "welcome", "draw", "resign"),
    [
        ("cs", "Vítejte, {name}", "Doberte si kartu ve hře {number}", "Váš modrý tým hru okamžitě prohrává."),
        ("it", "Ti diamo il benvenuto, {name}", "Pesca una carta", "La tua squadra blu perde subito la partita."),
        ("hu", "Üdvözlünk, {name}", "Lap húzása", "A kék csapatod azonnal elveszíti a játszmát."),
    ],
)
def test_the_first_visit_draw_and_resign_pages_in_each_language(started_game, client, language, welcome, draw, resign):
    game, users = started_game(2, 2, draw_mode="tabletop")
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    User.objects.filter(pk=users[0].pk).update(language=language)
    client.force_login(users[0])
    page = client.get(reverse("welcome")).content.decode()
    assert welcome.format(name=users[0].username) in page
    assert draw.format(number=game.pk) in client.get(reverse("game_draw", args=[game.pk])).content.decode()
    assert resign in client.get(reverse("game_resign", args=[game.pk])).content.decode()


# --- the check: nothing shown is left unmarked --------------------------------------------

PSEUDO = "xx"
# Words the site never says itself: the brand, Django's own (dates, time spans,
# which Django's catalogs translate), the notation every language shares.
NOT_OURS = {
    "Sequence",
    "UTC",
    "GMT",
    *[
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    *["Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    *[
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Mon",
        "Tue",
        "Wed",
        "Thu",
        "Fri",
        "Sat",
        "Sun",
    ],
    *["minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years"],
    "dead",
    "pass",
    "draw",
    "resign",
    "seq",
    "English",
    "Čeština",
    "Italiano",
    "Magyar",
    # the e-mail commands, one notation for all, and the suit words they accept
    "board",
    "help",
    "penalty",
    *SUIT_WORDS["en"],
}
DATA = re.compile(
    r"https?://\S+|\S+@\S+|player\d+|\b[A-J](?:10|[1-9])\b|\b(?:10|[2-9TJQKA])[SHDC♠♥♦♣]\b|\b[A-J]\b|\[[BGR]\]|\*[BGR]\*"
)


def is_translated(message) -> bool:
    return message is not None and not message.fuzzy and all(as_tuple(message.string))


def as_tuple(text) -> tuple:
    return text if isinstance(text, tuple) else (text,)


@functools.cache
def translated_by_others() -> list:
    """The messages Django and the installed apps (allauth) translate into every
    language of the site: those are marked too. One they leave untranslated in
    any of them is not, and the site's catalog must translate it."""
    folders = [Path(django.__file__).parent / "conf" / "locale"]
    folders += [Path(app.path) / "locale" for app in apps.get_app_configs() if (Path(app.path) / "locale").is_dir()]
    messages = []
    for folder in folders:
        catalogs = []
        for language in LANGUAGES:
            with open(folder / language / "LC_MESSAGES" / "django.po", "rb") as po:
                catalogs.append(read_po(po))
        messages += [
            message
            for message in catalogs[0]
            if message.id and all(is_translated(each.get(message.id, context=message.context)) for each in catalogs)
        ]
    return messages


@pytest.fixture
def pseudo(settings, tmp_path):
    """The pseudo-language: every message of the site's catalog, and of Django's
    and allauth's that they translate into every language, wrapped in ⟦…⟧."""
    pseudo_catalog = Catalog(locale=None, fuzzy=False)
    for message in [*translated_by_others(), *catalog("cs")]:  # the site's own last: it overrides theirs
        if message.id:
            ids = as_tuple(message.id)
            wrapped = tuple(f"⟦{text}⟧" for text in ids)
            pseudo_catalog.add(message.id, wrapped if len(ids) > 1 else wrapped[0], context=message.context)
    folder = tmp_path / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "django.mo", "wb") as mo:
        write_mo(mo, pseudo_catalog)
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]  # Django's setting_changed drops its cached catalogs


def unmarked(text: str) -> set[str]:
    """The words of `text` outside ⟦…⟧ that are neither data nor somebody else's."""
    text = re.sub(r"<(script|style|pre|select)\b.*?</\1>", " ", text, flags=re.S)  # code, the board, option lists
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = DATA.sub(" ", text)
    return {word for word in re.findall(r"[^\W\d_]{2,}", text) if word not in NOT_OURS}


def board_free(body: str) -> str:
    """A text e-mail without its board (data: cards and cells in the shared notation)."""
    return "\n".join(line for line in body.splitlines() if not re.match(r"^\s*(\d+\s|[A-J ]+$)", line))


def pages(client, started_game):
    """Every page a visitor or a player sees, as (name, path, user)."""
    game, users = started_game(2, 2)
    three, trio = started_game(3, 3, draw_mode="tabletop")  # a team that resigns leaves two playing on
    services.move_submit(game_id=three.pk, user=trio[0], move=first_play(three, 0), expected_version=0)  # a draw due
    host = UserFactory()
    forming = services.game_create(
        creator=host, players=3, teams=3, is_public=True, invitees=["friend@example.org", users[1].username]
    )
    invitation = Invitation.objects.get(game=forming, email="friend@example.org")
    token = unsubscribe_token(kind=Kind.YOUR_TURN, user=host)
    # a seat offered after a missed turn, beside a player on vacation
    gone, _ = started_game(2, 2, missed_turn_policy="open_seat", concede_after=1, is_public=True)
    gone.seats.filter(position=1).update(open_since=timezone.now())  # as the sweep leaves it (its skip is notation)
    offered = gone.seats.get(open_since__isnull=False).user
    resting = gone.seats.exclude(user=offered).get().user
    User.objects.filter(pk=resting.pk).update(date_joined=timezone.now() - timedelta(days=80))
    resting.refresh_from_db()
    services.vacation_plan(user=resting, ends_at=timezone.now() + timedelta(days=2))
    rest, pair = started_game(2, 2)  # paused by its players, its seat 0 out of time first
    Seat.objects.filter(game=rest, position=rest.turn_position).update(missed_turns=1)
    outvoted = started_game(3, 3)
    Seat.objects.filter(game=outvoted[0], position=outvoted[0].turn_position).update(missed_turns=1)
    for user in pair:
        services.vote_pause(game_id=rest.pk, user=user)
    return [
        ("table_paused_by_players", reverse("game", args=[rest.pk]), pair[0]),
        ("table_skip_vote", reverse("game", args=[outvoted[0].pk]), outvoted[1][(outvoted[0].turn_position + 1) % 3]),
        ("open_games_with_seats", reverse("open_games"), host),
        ("table_offered", reverse("game", args=[gone.pk]), offered),
        ("settings_on_vacation", reverse("account_settings"), resting),
        ("home", "/", host),
        ("open_games", reverse("open_games"), None),
        ("new_game", reverse("game_new"), host),
        ("forming", reverse("game", args=[forming.pk]), host),
        ("forming_invited", reverse("game", args=[forming.pk]), users[1]),
        ("invitation", reverse("invitation", args=[invitation_token(invitation)]), None),
        ("invitation_signed_in", reverse("invitation", args=[invitation_token(invitation)]), host),
        ("table", reverse("game", args=[game.pk]), users[0]),
        ("replay", reverse("game_replay", args=[game.pk]), users[0]),
        ("profile", reverse("profile", args=[users[0].username]), None),
        ("settings", reverse("account_settings"), host),
        ("report", reverse("game_report", args=[game.pk]), users[1]),
        ("unsubscribe", reverse("unsubscribe", args=[token]), None),
        ("unsubscribe_invalid", reverse("unsubscribe", args=["nonsense"]), None),
        ("not_found", "/no-such-page/", None),
        ("login", reverse("account_login"), None),
        ("signup", reverse("account_signup"), None),
        ("verification_sent", reverse("account_email_verification_sent"), None),
        ("password_reset", reverse("account_reset_password"), None),
        ("request_login_code", reverse("account_request_login_code"), None),
        ("password_change", reverse("account_change_password"), host),
        ("email_addresses", reverse("account_email"), host),
        ("logout", reverse("account_logout"), host),
        ("welcome", reverse("welcome"), host),  # no open game but the host's own
        ("welcome_with_open_games", reverse("welcome"), users[1]),
        ("draw", reverse("game_draw", args=[three.pk]), trio[0]),
        ("resign", reverse("game_resign", args=[game.pk]), users[0]),
        ("resign_of_three_teams", reverse("game_resign", args=[three.pk]), trio[1]),
    ]


@pytest.mark.django_db
def test_every_page_says_only_marked_words(pseudo, client, started_game):
    found = {}
    for name, path, user in pages(client, started_game):
        if user is not None:
            user.language = PSEUDO
            user.save()
            client.force_login(user)
        else:
            client.logout()
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=PSEUDO)
        assert response.status_code in (200, 400, 404), (name, response.status_code)
        found[name] = unmarked(response.content.decode())
    failing = [f"{name}: {' '.join(sorted(words))}" for name, words in found.items() if words]
    assert not failing, "\n".join(failing)  # every page's words at once
    assert len(found) >= 14


def test_the_error_pages_say_only_marked_words(pseudo):
    request = RequestFactory().get("/")
    with translation.override(PSEUDO):
        for template in ("403.html", "403_csrf.html", "500.html"):
            assert unmarked(render_to_string(template, request=request)) == set(), template


def every_email(started_game) -> list[tuple[str, object]]:
    """(kind, message) of each kind of e-mail, each built while it applies, all to readers of the pseudo-language."""
    game, users = started_game(2, 2, draw_mode="tabletop")
    invitee, creator = UserFactory(language=PSEUDO), UserFactory(language=PSEUDO)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language=PSEUDO)
    built = []

    def build(**filters):
        for notification in Notification.objects.filter(**filters).select_related("recipient"):
            built.append((notification.kind, emails.build(notification)))

    build(game=game, kind__in=[Kind.GAME_STARTED, Kind.YOUR_TURN, Kind.REMINDER, Kind.INVITATION_ANSWERED])
    forming = services.game_create(creator=creator, players=3, teams=3, invitees=[invitee.username])
    build(game=forming, kind=Kind.INVITATION)
    Game.objects.filter(pk=forming.pk).update(created_at=forming.created_at - timedelta(days=100))
    assert services.game_cancel_unfilled(game_id=forming.pk)
    build(game=forming, kind=Kind.GAME_CANCELLED)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0, door="email")
    build(game=game, kind=Kind.DRAW_WINDOW)
    game.refresh_from_db()
    services.deadline_enforce(game_id=game.pk, now=game.turn_deadline)
    build(game=game, kind=Kind.MISSED)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[1], move="resign", expected_version=game.version)
    build(game=game, kind=Kind.GAME_OVER)
    paused, _ = started_game(2, 2)
    User.objects.filter(seat__game=paused).update(language=PSEUDO)
    services.game_pause(game_id=paused.pk, moderator=ModeratorFactory(), reason="42")
    build(game=paused, kind=Kind.MODERATION)
    teams, team_users = started_game(4, 2)
    User.objects.filter(seat__game=teams).update(language=PSEUDO)
    services.resign(game_id=teams.pk, user=team_users[0], door="web")
    build(game=teams, kind=Kind.RESIGN_PROPOSED)
    services.resign_decline(game_id=teams.pk, user=team_users[2])
    services.resign(game_id=teams.pk, user=team_users[1], door="web")
    services.resign_decline(game_id=teams.pk, user=team_users[1])  # withdrawn: the other sentences
    build(game=teams, kind=Kind.RESIGN_DECLINED)
    services.chat_post(game_id=teams.pk, user=team_users[0], text=f"@{team_users[1].username} 7H C4?")
    build(game=teams, kind=Kind.CHAT_MENTION)
    # a turn e-mail that tells of a player on vacation, and a day of auto-vacation spent
    away, away_users = started_game(2, 2)
    long_ago = away.started_at - timedelta(days=80)
    User.objects.filter(seat__game=away).update(language=PSEUDO, vacation_auto=True, date_joined=long_ago)
    mover, resting = (
        User.objects.get(pk=u.pk) for u in sorted(away_users, key=lambda u: u != away_users[away.turn_position])
    )
    services.vacation_plan(user=resting, ends_at=away.started_at + timedelta(days=5))
    build(game=away, kind=Kind.YOUR_TURN, recipient=mover)
    away.refresh_from_db()
    assert services.deadline_enforce(game_id=away.pk, now=away.turn_deadline) == []
    build(game=away, kind=Kind.VACATION_SPENT)
    gone, _ = started_game(2, 2, missed_turn_policy="open_seat", concede_after=1)
    User.objects.filter(seat__game=gone).update(language=PSEUDO)
    gone.refresh_from_db()
    services.deadline_enforce(game_id=gone.pk, now=gone.turn_deadline)
    build(game=gone, kind=Kind.SEAT_OPENED)
    position = gone.seats.get(open_since__isnull=False).position
    services.seat_take_over(game_id=gone.pk, user=UserFactory(language=PSEUDO), position=position)
    build(game=gone, kind=Kind.SEAT_OPENED, variant=1 + position)
    owed = list(Notification.objects.filter(game=game, recipient=users[0]))
    built.append(("digest", emails.build_digest(recipient=User.objects.get(pk=users[0].pk), notifications=owed)))
    return [(kind, message) for kind, message in built if message is not None]


@pytest.mark.django_db
def test_every_email_says_only_marked_words(pseudo, started_game):
    kinds = set()
    for kind, message in every_email(started_game):
        for part in (message.subject, board_free(message.body), message.alternatives[0].content):
            assert unmarked(part) == set(), (kind, part)
        kinds.add(kind)
    assert kinds == {*Kind.values, "digest"}


@pytest.mark.django_db
def test_a_turn_emails_recap_says_only_marked_words(pseudo, started_game):
    """The "since your last move" lines, worded where the reader's language is on."""
    game, users = started_game(2, 2)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language=PSEUDO)
    for seat in (0, 1):
        game.refresh_from_db()
        services.move_submit(
            game_id=game.pk, user=users[seat], move=first_play(game, seat), expected_version=game.version
        )
    game.refresh_from_db()
    turn = Notification.objects.get(game=game, kind=Kind.YOUR_TURN, version=game.version)
    message = emails.build(turn)
    assert "⟦Since your last move:⟧" in message.body
    for part in (message.subject, board_free(message.body), message.alternatives[0].content):
        assert unmarked(part) == set(), part


@pytest.mark.django_db
def test_an_invitation_to_an_address_without_an_account_is_in_the_sites_language(started_game):
    host = UserFactory(language="cs")
    forming = services.game_create(creator=host, players=2, teams=2, invitees=["someone@example.org"])
    message = emails.build(Notification.objects.get(game=forming, kind=Kind.INVITATION))
    assert "invites you to a game of Sequence" in message.body  # nobody knows the stranger's language


@pytest.mark.django_db
def test_the_chat_and_its_refusal_page_say_only_marked_words(pseudo, client, started_game):
    """The chat and the moderator notes, rendered on their own with a mute
    list and a note (the table's check may not reach them); the refusal page."""
    game, users = started_game(2, 2)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language=PSEUDO)
    services.chat_post(game_id=game.pk, user=users[1], text="42")
    services.game_pause(game_id=game.pk, moderator=ModeratorFactory(), reason="42")
    services.chat_mute(user=users[0], muted_id=UserFactory().pk)
    client.force_login(User.objects.get(pk=users[0].pk))
    page = client.get(reverse("game", args=[game.pk]))
    mine, reader = game.seats.get(user=users[0]), page.wsgi_request.user
    with translation.override(PSEUDO):
        context = {"chat": chat_for(game=game, viewer=reader, my_seat=mine), "notes": notes_for(game=game)}
        chat = render_to_string(
            "games/_chat.html", {"game": game, "my_seat": mine, **context}, request=page.wsgi_request
        )
    assert "⟦Table chat⟧" in chat and "⟦moderator: ⟦paused the game" in chat and "⟦Mute " in chat
    assert unmarked(chat) == set()
    refused = client.post(reverse("chat_post", args=[game.pk]), {"text": "4" * 2000}, HTTP_ACCEPT_LANGUAGE=PSEUDO)
    assert refused.status_code == 400
    assert unmarked(refused.content.decode()) == set()
    message = services.chat_post(game_id=game.pk, user=users[1], text="42")
    reported = client.get(reverse("game_report", args=[game.pk]) + f"?message={message.pk}")
    assert unmarked(reported.content.decode()) == set()


def inbound_replies(game, user) -> dict:
    """Each kind of reply the e-mail door sends, to `user` about `game`."""
    token = tokens.find(tokens.issue(user=user, game=game))
    thread = replies.Thread(to=user.email, subject="", message_id="", references="")
    row = InboundMessage.objects.create(
        message_key=f"k{InboundMessage.objects.count()}",
        door=InboundMessage.Door.PIPE,
        raw=b"",
        sender="x@example.org",
        user=user,
        game=game,
    )
    return {
        "refused": replies.refused(thread, token, refusals.NO_COMMAND(), tried=["7H C44"]),
        "answered": replies.answered(thread, token, done=["resign"], notes=["help", ("confirm", "7a9c4e21")]),
        "team_asked": replies.answered(thread, token, done=[], notes=[("team_asked", ("ann", "bob"))]),
        "mismatch": replies.mismatch_notice(row),
    }


@pytest.mark.django_db
def test_every_inbound_reply_says_only_marked_words(pseudo, started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language=PSEUDO)
    for kind, message in inbound_replies(game, User.objects.get(pk=users[0].pk)).items():
        for part in (message.subject, board_free(message.body)):
            assert unmarked(part) == set(), (kind, part)


@pytest.mark.django_db
def test_the_email_doors_replies_in_the_readers_language(started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk=users[0].pk).update(language="cs")
    User.objects.filter(pk=users[1].pk).update(language="hu")
    czech = inbound_replies(game, User.objects.get(pk=users[0].pk))["answered"].body
    assert "Příkazy, každý na vlastním řádku" in czech and "srdce" in czech and "spades" not in czech
    assert "Jak hrát: http" in czech
    hungarian = inbound_replies(game, User.objects.get(pk=users[1].pk))
    assert "Semmi sem változott. A válaszodban nincs parancs" in hungarian["refused"].body
    assert hungarian["mismatch"].subject.startswith(resolve(f"A(z) {game.pk}. játszmára egy másik címről"))


@pytest.mark.django_db
def test_a_moderation_email_in_italian(started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language="it")
    services.game_pause(game_id=game.pk, moderator=ModeratorFactory(), reason="troppo lenti")
    message = emails.build(Notification.objects.filter(game=game, kind=Kind.MODERATION).first())
    assert message.subject == f"Un moderatore è intervenuto nella partita {game.pk}"
    assert "ha sospeso la partita: finché non riprende" in message.body and "Il motivo: troppo lenti" in message.body
    assert "Come si gioca: http" in message.body and "Come si gioca</a>" in message.alternatives[0].content


@pytest.mark.django_db
def test_moderator_notes_read_in_each_readers_language(started_game):
    game, _ = started_game(2, 2)
    services.game_pause(game_id=game.pk, moderator=ModeratorFactory(), reason="42")
    notes = {}
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            notes[language] = render_to_string("games/_moderator_notes.html", {"notes": notes_for(game=game)})
    assert "moderator: paused the game" in notes["en"]
    assert "moderátor: pozastavil hru" in notes["cs"]
    assert "moderatore: ha sospeso la partita" in notes["it"]
    assert "moderátor: szüneteltette a játszmát" in notes["hu"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading"), [("cs", "Jak hrát"), ("it", "Come si gioca"), ("hu", "Játékszabályok")]
)
def test_how_to_play_is_linked_from_the_header_in_each_language(client, language, heading):
    page = client.get(reverse("open_games"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<a href="{reverse("rules")}">{heading}</a>' in page


@pytest.mark.django_db
def test_a_moderator_reads_the_admins_actions_in_their_language(client, started_game):
    game, _ = started_game(2, 2)
    client.force_login(ModeratorFactory(language="cs"))
    page = client.get(reverse("admin:games_game_pause", args=[game.pk])).content.decode()
    assert "Pozastavit hru" in page and "Proč: uloží se do záznamu zásahů" in page and "Neukazovat důvod hráčům" in page
    followed = client.post(reverse("admin:games_game_pause", args=[game.pk]), {"reason": "42"}, follow=True)
    assert f"Hra {game.pk} je pozastavená." in followed.content.decode()
    page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "Obnovit hru" in page and "Pozastavená" in page


# --- the table and the lists, in every state they show -------------------------------------


def spoken(page: str) -> str:
    """What a screen reader says besides the text: the accessible names and titles."""
    return " ".join(html.unescape(value) for value in re.findall(r'(?:aria-label|title)="([^"]*)"', page))


def table_and_lists(started_game) -> list[tuple[str, str, User | None, str]]:
    """(name, path, viewer, a phrase that shows the state was reached) of the
    table (a chosen card, waiting, watching, a draw due, finished), the
    replay, and the lists with rows of every kind."""
    game, users = started_game(2, 2, is_public=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    private, pair = started_game(2, 2)
    tabletop, trio = started_game(3, 3, draw_mode="tabletop")
    services.move_submit(game_id=tabletop.pk, user=trio[0], move=first_play(tabletop, 0), expected_version=0)
    over, losers = started_game(2, 2)
    services.move_submit(game_id=over.pk, user=losers[0], move="resign", expected_version=0)
    host = users[1]
    services.game_create(creator=UserFactory(), players=4, teams=2, is_public=True)  # an open game
    services.game_create(creator=host, players=3, teams=3, invitees=[UserFactory().username])  # forming, host's
    services.game_create(creator=UserFactory(), players=2, teams=2, invitees=[host.username])  # an invitation
    hand = state_of(game).hands[1]
    return [
        ("table_to_play", reverse("game", args=[game.pk]) + f"?card={hand[0]}&show=all", host, "⟦where your cards go⟧"),
        ("table_waiting", reverse("game", args=[game.pk]), users[0], "⟦Their time runs out at"),
        ("table_spectator", reverse("game", args=[game.pk]), None, "⟦You are watching. Hands"),
        ("table_moderator", reverse("game", args=[private.pk]), ModeratorFactory(), "⟦You are watching as a"),
        ("table_draw_due", reverse("game", args=[tabletop.pk]), trio[0], "⟦Your draw window closes"),
        ("table_finished", reverse("game", args=[over.pk]), losers[1], "wins by resignation.⟧"),
        ("replay_finished", reverse("game_replay", args=[over.pk]), losers[0], "⟦Replay of game"),
        ("replay_first_move", reverse("game_replay", args=[game.pk]) + "?at=1", users[0], "⟦After move 1 of 1⟧"),
        ("my_games", "/", host, "⟦Invitation⟧"),
        ("my_games_finished", "/", losers[0], "⟦Lost⟧"),
        ("home_visitor", "/", None, "⟦Watch a game⟧"),
        ("open_games_visitor", reverse("open_games"), None, "⟦Public games in play⟧"),
        ("open_games_signed_in", reverse("open_games"), pair[0], "⟦Join⟧"),
        ("profile_finished", reverse("profile", args=[losers[1].username]), losers[1], "⟦Won⟧"),
    ]


@pytest.mark.django_db
def test_the_table_and_the_lists_say_only_marked_words_aloud_too(pseudo, client, started_game):
    found = {}
    for name, path, user, reached in table_and_lists(started_game):
        client.logout()
        if user is not None:
            User.objects.filter(pk=user.pk).update(language=PSEUDO)
            client.force_login(user)
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=PSEUDO)
        assert response.status_code == 200, (name, response.status_code)
        page = response.content.decode()
        assert reached in page, name
        found[name] = unmarked(page) | unmarked(spoken(page))
    failing = [f"{name}: {' '.join(sorted(words))}" for name, words in found.items() if words]
    assert not failing, "\n".join(failing)


@pytest.mark.django_db
def test_the_table_in_czech_says_whose_turn_and_names_the_cards(client, started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk=users[0].pk).update(language="cs")
    client.force_login(users[0])
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Jste na tahu." in page and f"Hra {game.pk}" in page
    card = state_of(game).hands[0][0]
    with translation.override("cs"):
        assert words.card_name("7H") == "srdcová sedmička" and words.card_name("JS") == "pikový kluk"
        name = words.card_name(card)
    assert f'aria-label="{engine.cards.card_label(card)}, {name}' in page  # the hand's card, by its Czech name
    assert 'aria-label="Herní plán, sloupce A až J' in page and "Všechny odhozené karty" in page


@pytest.mark.django_db
def test_my_games_in_italian(client, started_game):
    game, users = started_game(2, 2)
    User.objects.filter(pk__in=[u.pk for u in users]).update(language="it")
    client.force_login(users[0])
    page = client.get("/").content.decode()
    assert "<h1>Le mie partite</h1>" in page and "Inizia una nuova partita" in page
    assert f"Partita {game.pk}" in page and "Tocca a te" in page
    client.force_login(users[1])
    assert f"In attesa di {users[0].username}" in client.get("/").content.decode()


@pytest.mark.django_db
def test_the_replay_in_hungarian(client, started_game):
    game, users = started_game(2, 2, is_public=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    path = reverse("game_replay", args=[game.pk])
    page = client.get(path + "?at=0", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    the = "Az" if str(game.pk)[0] == "5" or (str(game.pk)[0] == "1" and len(str(game.pk)) % 3 == 1) else "A"
    assert f"{the} {game.pk}. játszma visszajátszása" in page and "A 0. lépés után (összesen 1)" in page
    assert "a(z)" not in page.lower()
    assert "Húzópakli: <strong>" in page and "Következő" in page
    english = client.get(path + "?at=0", HTTP_ACCEPT_LANGUAGE="en").content.decode()  # the cache keeps languages apart
    assert f"Replay of game {game.pk}" in english and "After move 0 of 1" in english


# --- the admin's names of our models and fields ------------------------------------------


BORROWED = {"cs": {"ID", "Hash", "Message-ID", "Text"}, "it": {"ID", "Hash", "Message-ID", "Password"}}


def our_names(language: str) -> dict[str, str]:
    """Every English name the admin may show of our apps, models and fields,
    capitalised as the admin shows it, with its translation; but the words
    the language borrows from English, the same in both."""
    names = {}
    for config in (apps.get_app_config("games"), apps.get_app_config("accounts")):
        labels = [config.verbose_name]
        for model in config.get_models():
            labels += [model._meta.verbose_name, model._meta.verbose_name_plural]
            labels += [field.verbose_name for field in model._meta.get_fields() if hasattr(field, "verbose_name")]
        for label in labels:
            with translation.override("en"):
                english = capfirst(str(label))
            with translation.override(language):
                translated = capfirst(str(label))
            if english not in BORROWED[language]:
                names[english] = translated
    return names


def admin_labels(page: str, *data: str) -> str:
    """The admin's headings, column heads, filters and field labels of a page,
    without `data` (an object's own text, such as its name in a heading)."""
    for text in data:
        page = page.replace(html.escape(text), " ")
    # Django's own hidden column heads of the index ("Model name"): not ours, and not yet in its Czech
    page = re.sub(r'<thead class="visually-hidden">.*?</thead>', " ", page, flags=re.S)
    tags = re.findall(r"<(th|label|caption|summary|h1|h2|h3)\b[^>]*>(.*?)</\1>", page, flags=re.S)
    return " | ".join(html.unescape(re.sub(r"<[^>]+>", " ", inner)) for _tag, inner in tags)


def english_left(labels: str, names: dict[str, str]) -> set[str]:
    return {english for english in names if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", labels, re.I)}


@pytest.mark.django_db
def test_a_czech_moderator_reads_our_models_and_fields_in_czech(client, started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[0], text="hello")
    client.force_login(ModeratorFactory(language="cs"))
    names = our_names("cs")
    assert names["Chat messages"] == "Zprávy v chatu" and names["Turn deadline"] == "Lhůta na tah"
    pages = {
        "index": admin_labels(client.get(reverse("admin:index")).content.decode()),
        "games": admin_labels(client.get(reverse("admin:games_game_changelist")).content.decode()),
        "game": admin_labels(
            client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode(), str(game)
        ),
    }
    assert "Hry" in pages["index"] and "Zprávy v chatu" in pages["index"] and "Zásahy moderátorů" in pages["index"]
    assert "Stav" in pages["games"] and "Nejbližší lhůta" in pages["games"] and "Veřejná" in pages["games"]
    assert "Lhůta na tah" in pages["game"] and "Místa" in pages["game"] and "Vynechané tahy" in pages["game"]
    left = {name: english_left(labels, names) for name, labels in pages.items()}
    assert not any(left.values()), {name: words for name, words in left.items() if words}


@pytest.mark.django_db
def test_an_italian_moderator_reads_every_list_of_ours_in_italian(client, started_game):
    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[0], text="ciao")
    client.force_login(ModeratorFactory(language="it"))
    names = our_names("it")
    index = client.get(reverse("admin:index")).content.decode()
    assert "Messaggi della chat" in admin_labels(index) and "Interventi di moderazione" in admin_labels(index)
    lists = sorted(set(re.findall(r'href="(/admin/(?:games|accounts)/\w+/)"', index)))
    assert len(lists) >= 10  # everything the Moderators group may see
    left = {}
    for path in lists:
        response = client.get(path)
        assert response.status_code == 200, path
        left[path] = english_left(admin_labels(response.content.decode()), names)
    assert "Scadenza del turno" in admin_labels(
        client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode(), str(game)
    )
    assert not any(left.values()), {path: words for path, words in left.items() if words}
