"""Part of a game in Czech (issue 13): one player signs up and one logs in,
both with Czech browsers; they start a game, make a few moves and one
resigns. The pages around the table, the messages and the e-mails speak Czech.
The table's own words are another page's business (tests/site/test_languages.py)."""

import pytest
from django.core import mail

from games import engine
from games.models import Game
from tests.e2e.conftest import NO_POLL, WIDTHS
from tests.e2e.test_play_a_game import PLAYS, log_in, play, short_deck, sign_up
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

CZECH = {"locale": "cs-CZ", "viewport": WIDTHS["desktop"]}  # the browser asks for Czech: Accept-Language


def subjects_to(address: str) -> list[str]:
    return [message.subject for message in mail.outbox if message.to == [address]]


def test_two_czech_players_play_part_of_a_game(browser, live_server, monkeypatch, screenshot):
    monkeypatch.setattr(engine, "shuffled_deck", lambda rng: short_deck())
    base = live_server.url
    anna_ctx, ben_ctx = browser.new_context(**CZECH), browser.new_context(**CZECH)
    for context in (anna_ctx, ben_ctx):  # a table that reloads itself would cut the test's own navigation short
        context.add_init_script(NO_POLL)
    anna, ben = anna_ctx.new_page(), ben_ctx.new_page()

    # Anna signs up: allauth's words in its own Czech, the site's time zone field in the site's.
    anna.goto(f"{base}/accounts/signup/")
    assert anna.inner_text("h1") == "Zaregistrovat se"
    assert "Odhadnuto podle vašeho prohlížeče" in anna.inner_text("main")
    sign_up(anna, base, "anna")
    assert "Potvrďte prosím svou e-mailovou adresu" in subjects_to("anna@example.org")[0]
    assert anna.inner_text("h1") == "Vítejte, anna"
    assert "Zahrajte si s přáteli" in anna.inner_text("main") and "Ověřili jste anna@example.org" in anna.content()
    screenshot(anna, "czech-01-welcome")

    # Ben has an account in Czech and logs in with the form.
    UserFactory(username="ben", language="cs")
    ben.goto(f"{base}/accounts/login/")
    form = ben.inner_text("main form")
    assert ben.inner_text("h1") == "Přihlásit se"
    assert "Uživatelské jméno nebo e-mailová adresa" in form and "Zapamatovat si mě na tomto zařízení" in form
    log_in(ben, base, "ben")
    assert "Úspěšně přihlášen jako ben." in ben.inner_text(".messages")

    # Anna starts a game and invites Ben, who takes the last seat: the cards are dealt.
    anna.click("header >> text=Nová hra")
    anna.fill("textarea[name=invitees]", "ben")
    anna.click("main form button[type=submit]")
    anna.wait_for_selector("text=Pozvat hráče")
    game = Game.objects.get()
    assert "anna vás zve do hry Sequence" in " ".join(subjects_to("ben@example.org"))
    ben.goto(f"{base}/games/{game.pk}/")
    ben.click("text=Přijmout pozvánku")
    ben.wait_for_selector(".board")
    told = " ".join(subjects_to("anna@example.org"))
    assert f"ben přijímá vaši pozvánku do hry {game.pk}" in told and f"Hra {game.pk} začala" in told

    # A few moves (a player at the table is not e-mailed about them).
    seat0 = game.seats.get(position=0).user.username
    first, second = (anna, ben) if seat0 == "anna" else (ben, anna)
    for mine, theirs in PLAYS[:2]:
        first.goto(f"{base}/games/{game.pk}/")
        play(first, mine)
        second.goto(f"{base}/games/{game.pk}/")
        play(second, theirs)
    nav = first.inner_text("header")
    assert all(word in nav for word in ("Moje hry", "Nová hra", "Otevřené hry", "Nastavení", "Odhlásit se"))
    assert first.get_attribute("html", "lang") == "cs"
    screenshot(first, "czech-02-table")

    # The second player gives up: the page asks first, in Czech.
    second.goto(f"{base}/games/{game.pk}/resign/")
    assert second.inner_text("h1") == f"Vzdát hru {game.pk}?"
    assert "Váš zelený tým hru okamžitě prohrává. Nelze to vzít zpět." in second.inner_text("main")
    screenshot(second, "czech-03-resign")
    with second.expect_navigation():  # back at the table, over
        second.click("text=Ano, vzdát se")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "blue"
    for address in ("anna@example.org", "ben@example.org"):
        assert f"Hra {game.pk} skončila: vyhrává modrý tým" in " ".join(subjects_to(address))
    for context in (anna_ctx, ben_ctx):
        context.close()
