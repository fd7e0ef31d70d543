"""Two people sign up, one invites the other, and they play a whole game by
clicking; plus a stale second tab and a spectator's view."""

import re
from collections import Counter

import pytest
from django.core import mail

from games import engine
from games.engine.cards import FULL_DECK
from games.models import Game
from tests.e2e.conftest import NO_POLL, WIDTHS, axe_violations, overflow
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

WINNER_HAND = ["AD", "KD", "QD", "TD", "9D", "8D", "7D"]  # row 10, both corners free
LOSER_HAND = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]  # row 1
PLAYS = [
    ("AD B10", "2S B1"),
    ("KD C10", "3S C1"),
    ("QD D10", "4S D1"),
    ("TD E10", "5S E1"),
    ("9D F10", "6S F1"),
    ("8D G10", "7S G1"),
    ("7D H10", "8S H1"),
    ("6D I10", None),
]


def short_deck() -> list[str]:
    """A test-only deck: seat 0 can fill row 10 and draws 6♦ first."""
    dealt = [card for pair in zip(WINNER_HAND, LOSER_HAND, strict=True) for card in pair] + ["6D"]
    rest = Counter(FULL_DECK)
    rest.subtract(dealt)
    return dealt + sorted(rest.elements())


def sign_up(page, base, username):
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url("**/confirm-email/")
    message = next(m for m in reversed(mail.outbox) if m.to == [f"{username}@example.org"])
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", message.body).group(1)
    page.goto(base + link)
    page.click("main form button[type=submit]")  # confirming the address logs in
    page.wait_for_url("**/welcome/")


def log_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/")


def play(page, move: str):
    card = move.split()[0]
    page.click(f'a.hand-card[href="?card={card}#table"]')
    page.click(f'button.cell.target[value="{move}"]')
    page.wait_for_selector(".turn-banner")


@pytest.mark.parametrize("size", WIDTHS)
def test_two_people_play_a_whole_game_in_their_browsers(browser, live_server, monkeypatch, screenshot, size):
    monkeypatch.setattr(engine, "shuffled_deck", lambda rng: short_deck())
    base = live_server.url
    anna_ctx, ben_ctx, spectator_ctx = (browser.new_context(viewport=WIDTHS[size]) for _ in range(3))
    for context in (anna_ctx, ben_ctx, spectator_ctx):  # the test opens each table itself: no waiting table
        context.add_init_script(NO_POLL)  # reloads on its own (test_polling.py tests that) in the middle of a step
    anna, ben, spectator = anna_ctx.new_page(), ben_ctx.new_page(), spectator_ctx.new_page()
    sign_up(anna, base, "anna")
    sign_up(ben, base, "ben")

    if size == "phone":  # the header's links are in its menu
        anna.click(".menu summary")
    anna.locator(".site-header a:visible", has_text="New game").click()
    anna.check("input[name=is_public]")
    anna.fill("textarea[name=invitees]", "ben")
    anna.click("main form button[type=submit]")
    anna.wait_for_selector("text=Your game is ready")
    assert "Starts when all 2 seats are taken" in anna.inner_text("main")
    game = Game.objects.get()

    ben.goto(f"{base}/")
    ben.click(f"text=Game {game.pk}")
    ben.click("text=Accept the invitation")  # the last seat: the cards are dealt at once
    ben.wait_for_selector(".board")
    screenshot(ben, f"game-{size}-01-started")

    seat0 = game.seats.get(position=0).user.username
    first, second = (anna, ben) if seat0 == "anna" else (ben, anna)
    first.goto(f"{base}/games/{game.pk}/")
    second.goto(f"{base}/games/{game.pk}/")
    assert "Your turn." in first.inner_text(".turn-banner")
    assert first.locator("a.hand-card").count() == 7

    # A second tab of the first player, with a card already chosen: it goes stale.
    stale = (anna_ctx if first is anna else ben_ctx).new_page()
    stale.goto(f"{base}/games/{game.pk}/?card=KD")

    for index, (mine, theirs) in enumerate(PLAYS):
        play(first, mine)
        if index == 0:
            stale.click('button.cell.target[value="KD C10"]')
            assert "The game has moved on" in stale.inner_text("#error")
            assert "is to play" in stale.inner_text(".turn-banner")  # the fresh table
            screenshot(stale, f"game-{size}-02-stale-tab")
        if index == 3:
            screenshot(first, f"game-{size}-03-first-sequence")
            spectator_user = UserFactory(username="watcher")
            log_in(spectator, base, spectator_user.username)
            spectator.goto(f"{base}/games/{game.pk}/")
            assert "You are watching" in spectator.content()
            assert spectator.locator("a.hand-card").count() == 0
            screenshot(spectator, f"game-{size}-04-spectator")
        assert overflow(first) <= 0
        if theirs:
            second.goto(f"{base}/games/{game.pk}/")
            play(second, theirs)
            first.goto(f"{base}/games/{game.pk}/")

    banner = first.inner_text(".turn-banner")
    assert f"Blue ({seat0}) wins" in banner
    assert axe_violations(first) == [] and overflow(first) <= 0
    screenshot(first, f"game-{size}-05-won")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "blue" and game.result_reason == "sequences"

    second.goto(f"{base}/games/{game.pk}/replay/?at=7")
    assert "After move 7 of 15" in second.content()
    screenshot(second, f"game-{size}-06-replay")
    for context in (anna_ctx, ben_ctx, spectator_ctx):
        context.close()
