"""Every kind of page, at a desktop and a phone size: axe-core finds nothing,
nothing scrolls sideways, and a screenshot is kept (test-artifacts/e2e/).
On the table: the board keeps its box when a card is chosen, and on a phone
the hand stays in view with readable labels and tappable targets."""

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine.cards import JACKS
from games.models import League
from games.services.leagues import season_open
from tests.e2e.conftest import WIDTHS, axe_violations, overflow, signed_in
from tests.factories import UserFactory
from tests.gameplay import first_play, state_of
from tests.games.push_service import vapid_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def world(started_game):
    """One of each page's situations: people, and games forming, in play
    (plain and tabletop, with a draw open) and finished."""
    host, guest, watcher = UserFactory(username="host"), UserFactory(username="guest"), UserFactory(username="watcher")
    forming = services.game_create(
        creator=host, players=4, teams=2, is_public=True, invitees=[guest.username, "friend@example.org"]
    )
    invitation = forming.invitations.get(email="friend@example.org")
    active, players = started_game(2, 2, seed=7, is_public=True)
    tabletop, table_players = started_game(2, 2, seed=8, draw_mode="tabletop", draw_window_seconds=3600)
    services.move_submit(game_id=tabletop.pk, user=table_players[0], move=first_play(tabletop, 0), expected_version=0)
    finished, finishers = started_game(2, 2, seed=9, is_public=True)
    services.move_submit(game_id=finished.pk, user=finishers[0], move=first_play(finished, 0), expected_version=0)
    services.move_submit(game_id=finished.pk, user=finishers[1], move="resign", expected_version=1)
    teams, team_players = started_game(4, 2, seed=10)
    services.resign(game_id=teams.pk, user=team_players[0], door="web")  # a proposal to the team
    league = League.objects.create(name="Audit league", slug="audit", division_size=6)
    season = season_open(league=league, starts_at=timezone.now())
    for player in (host, guest, watcher):
        services.season_signup(season_id=season.pk, user=player)
    services.leagues_tick()
    return {
        "teams": teams,
        "team_players": team_players,
        "host": host,
        "guest": guest,
        "watcher": watcher,
        "forming": forming,
        "invitation": invitation,
        "active": active,
        "players": players,
        "tabletop": tabletop,
        "table_players": table_players,
        "finished": finished,
        "finishers": finishers,
    }


def pages(world):
    """(name, who is signed in or None, url) for every page type."""
    active, tabletop, finished = world["active"], world["tabletop"], world["finished"]
    me, other = world["players"]
    table = reverse("game", args=[active.pk])
    card = next(c for c in state_of(active).hands[0] if c not in JACKS)
    token = services.invitation_token(world["invitation"])
    return [
        ("home", None, "/"),
        ("sign-up", None, reverse("account_signup")),
        ("log-in", None, reverse("account_login")),
        ("password-reset", None, reverse("account_reset_password")),
        ("invitation", None, reverse("invitation", args=[token])),
        ("invitation-signed-in", world["guest"], reverse("invitation", args=[token])),
        ("not-found", world["guest"], "/games/999999/"),  # a visitor is asked to sign in first
        ("first-visit", world["guest"], reverse("welcome")),
        ("my-games", me, "/"),
        ("new-game", me, reverse("game_new")),
        ("open-games", world["guest"], reverse("open_games")),
        ("forming", world["host"], reverse("game", args=[world["forming"].pk])),
        ("table-my-turn", me, table),
        ("table-card-chosen", me, f"{table}?card={card}"),
        ("table-where-cards-go", me, f"{table}?show=all"),
        ("table-not-my-turn", other, f"{table}?show=one"),
        ("table-spectator", world["watcher"], table),
        ("table-visitor", None, table),
        ("table-finished", world["finishers"][0], reverse("game", args=[finished.pk])),
        ("draw-window", world["table_players"][0], reverse("game_draw", args=[tabletop.pk])),
        ("table-draw-open", world["table_players"][0], reverse("game", args=[tabletop.pk])),
        ("resign", me, reverse("game_resign", args=[active.pk])),
        ("replay", me, reverse("game_replay", args=[finished.pk]) + "?at=1"),
        ("profile", me, reverse("profile", args=[me.username])),
        ("settings", me, reverse("account_settings")),
        ("table-team-resignation", world["team_players"][2], reverse("game", args=[world["teams"].pk])),
        ("resign-agree", world["team_players"][2], reverse("game_resign", args=[world["teams"].pk])),
        ("leaderboard", None, reverse("leaderboard")),
        ("leagues", None, reverse("leagues")),
        ("league", world["host"], reverse("league", args=["audit"])),
    ]


@pytest.mark.parametrize("size", WIDTHS)
def test_every_page_passes_axe_and_never_scrolls_sideways(browser, live_server, world, size, screenshot, settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()  # the settings page offers notifications
    base, problems, contexts = live_server.url, [], {}
    for name, user, url in pages(world):
        key = user.pk if user else None
        if key not in contexts:
            contexts[key] = browser.new_context(viewport=WIDTHS[size])
            if user:
                signed_in(contexts[key], base, user)
        page = contexts[key].pages[0] if contexts[key].pages else contexts[key].new_page()
        response = page.goto(base + url)
        assert response.status == (404 if name == "not-found" else 200), (name, response.status)
        screenshot(page, f"audit-{size}-{name}")
        problems += [f"{name}: {line}" for line in axe_violations(page)]
        if overflow(page) > 0:
            problems.append(f"{name}: scrolls sideways by {overflow(page)}px")
        problems += [f"{name}: the checkbox {box} is not beside its label" for box in page.evaluate(LONE_CHECKBOXES)]
    for context in contexts.values():
        context.close()
    assert problems == []


# Each shown checkbox whose label's first line is above or below it (a label on a line of its own).
LONE_CHECKBOXES = """() => [...document.querySelectorAll('input[type=checkbox]')]
  .filter(box => box.offsetParent && box.labels.length)
  .filter(box => { const at = box.getBoundingClientRect(), line = box.labels[0].getClientRects()[0];
    return at.top >= line.bottom || at.bottom <= line.top; })
  .map(box => box.name)"""

BOX = """() => { const r = document.querySelector('.board').getBoundingClientRect();
  const c = document.querySelector('.board .cell:not(.corner)').getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.width, r.height, c.width, c.height]; }"""


@pytest.mark.parametrize("size", WIDTHS)
def test_choosing_a_card_and_taking_it_back_never_moves_the_board(browser, live_server, world, size):
    context = browser.new_context(viewport=WIDTHS[size])
    me = world["players"][0]
    signed_in(context, live_server.url, me)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{world['active'].pk}/")
    before = page.evaluate(BOX)
    assert abs(before[4] - before[5]) < 0.5  # square cells
    cards = [c for c in state_of(world["active"]).hands[0] if c not in JACKS][:2]
    for card in cards:  # choose one, then another instead
        with page.expect_navigation(wait_until="load"):
            page.click(f'a.hand-card[href="?card={card}#table"]')
        assert page.locator("button.cell.target").count() > 0
        assert page.evaluate(BOX) == before
    with page.expect_navigation(wait_until="load"):
        page.click("a.cancel-choice")
    assert page.locator("button.cell.target").count() == 0
    assert page.evaluate(BOX) == before
    context.close()


def test_on_a_phone_the_hand_is_in_view_readable_and_tappable(browser, live_server, world, screenshot):
    context = browser.new_context(viewport=WIDTHS["phone"])
    signed_in(context, live_server.url, world["players"][0])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{world['active'].pk}/")
    height = page.evaluate("innerHeight")
    hand = page.locator("#hand .hand").bounding_box()
    assert hand["y"] + hand["height"] <= height  # the hand without scrolling past the board
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.cell-card, .cell .chip, .hand-card, .legend')]
             .map(e => parseFloat(getComputedStyle(e).fontSize))"""
    )
    assert min(sizes) >= 12
    taps = page.evaluate(
        """() => [...document.querySelectorAll('.hand-card, .cancel-choice, #show-toggle, .cell')]
             .map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })"""
    )
    assert min(taps) >= 24
    card = next(c for c in state_of(world["active"]).hands[0] if c not in JACKS)
    page.click(f'a.hand-card[href="?card={card}#table"]')
    target = page.locator("button.cell.target").first
    target.scroll_into_view_if_needed()
    assert target.is_visible()
    screenshot(page, "phone-card-chosen")
    context.close()


def test_the_last_move_mark_has_its_own_corner(browser, live_server, world):
    """The mark sits bottom left, clear of the card's label (top left) and the chip (bottom right)."""
    context = browser.new_context(viewport=WIDTHS["phone"])
    signed_in(context, live_server.url, world["table_players"][1])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{world['tabletop'].pk}/")
    overlap = page.evaluate(
        """() => { const cell = document.querySelector('.cell.last-move');
          const label = cell.querySelector('.cell-card').getBoundingClientRect();
          const box = cell.getBoundingClientRect(), mark = getComputedStyle(cell, '::after');
          const markTop = box.bottom - parseFloat(mark.height), markRight = box.left + parseFloat(mark.width);
          return label.bottom > markTop && label.left < markRight; }"""
    )
    assert overlap is False
    context.close()


def test_the_audit_finds_what_it_should(browser):
    """A guard for the audit itself: a page with known faults is not passed."""
    page = browser.new_page()
    page.set_content('<html><body><img src="x.png"><button></button></body></html>')
    found = " ".join(axe_violations(page))
    assert "image-alt" in found and "button-name" in found and "html-has-lang" in found
    page.close()


def test_sign_up_guesses_the_browsers_time_zone_and_lets_it_be_changed(browser, live_server):
    context = browser.new_context(timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    assert page.input_value("select[name=time_zone]") == "Asia/Tokyo"
    page.select_option("select[name=time_zone]", "Europe/Paris")
    assert page.input_value("select[name=time_zone]") == "Europe/Paris"
    context.close()


def test_a_browser_that_reports_an_old_zone_name_gets_its_place(browser, live_server):
    """Chromium reports India as Asia/Calcutta, a link the list offers under its current name."""
    context = browser.new_context(timezone_id="Asia/Calcutta")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    assert page.input_value("select[name=time_zone]") == "Asia/Kolkata"
    context.close()
