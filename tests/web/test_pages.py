"""The web pages, through the real views: forms, the table, refusals."""

import random
import re
from html import unescape as html_unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import engine, services
from games.engine.board import CARD_CELLS, CELL_NAMES
from games.models import Game, Hand, Invitation, Seat
from tests.factories import UserFactory
from tests.gameplay import first_play, play_a_move, state_of

pytestmark = pytest.mark.django_db


NEW_GAME = {
    "draw_mode": "automatic",
    "turn_seconds": 86400,
    "draw_window_seconds": 3600,
    "missed_turn_policy": "skip",
    "concede_after": 3,
}


def login(client, user):
    client.force_login(user)
    return client


def hand_on_page(html: str) -> list[str]:
    return sorted(re.findall(r'href="\?card=(\w\w)#table"', html))


def test_a_visitor_sees_what_the_site_is_and_a_sign_up_call(client):
    page = client.get("/")
    assert page.status_code == 200
    assert b"Playing by e-mail" in page.content and reverse("account_signup").encode() in page.content


def test_the_sign_up_page_is_titled_as_the_site_says_it(client):
    title = re.search(r"<title>(.*?)</title>", client.get(reverse("account_signup")).content.decode(), re.S)
    assert title.group(1).startswith("Sign up ·")
    czech = client.get(reverse("account_signup"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert re.search(r"<title>(.*?)</title>", czech, re.S).group(1).startswith("Registrovat se ·")


def test_create_a_game_with_invitations(client):
    host, guest = UserFactory.create_batch(2)
    login(client, host)
    assert client.get(reverse("game_new")).status_code == 200
    response = client.post(
        reverse("game_new"),
        {**NEW_GAME, "players": 3, "teams": 3, "invitees": f"{guest.username}, friend@example.org"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[game.pk])
    assert {(i.user, i.email) for i in game.invitations.all()} == {(guest, ""), (None, "friend@example.org")}


def test_create_form_errors_are_clear_and_change_nothing(client):
    login(client, UserFactory())
    response = client.post(
        reverse("game_new"),
        {**NEW_GAME, "players": 4, "teams": 3, "invitees": "nobody-here"},
    )
    assert response.status_code == 400
    assert b"4 players play in 2 teams" in response.content
    response = client.post(
        reverse("game_new"),
        {**NEW_GAME, "players": 2, "teams": 2, "invitees": "nobody-here"},
    )
    assert response.status_code == 400 and b"no player called" in response.content
    assert not Game.objects.exists()


def test_a_new_games_problem_is_told_at_the_top_linked_to_its_field(client):
    login(client, UserFactory())
    guests = UserFactory.create_batch(2)
    response = client.post(
        reverse("game_new"), {**NEW_GAME, "players": 2, "teams": 2, "invitees": ", ".join(u.username for u in guests)}
    )
    page = response.content.decode()
    assert response.status_code == 400 and not Game.objects.exists()
    summary = re.search(r'<div class="message error" role="alert">(.*?)</div>', page, re.S)
    assert summary and summary.start() < page.index('class="field')  # above every field: where the page opens
    links = re.findall(r'<li><a href="#([\w-]+)">[^<]+</a>: ([^<]+)</li>', summary.group(1))
    assert links and all(f'id="{target}"' in page for target, _ in links)
    assert any("seat" in problem for _, problem in links)


def test_invitee_accepts_on_the_forming_page_and_a_player_starts(client):
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, invitees=[guest.username]
    )
    login(client, guest)
    page = client.get(reverse("game", args=[game.pk]))
    assert b"Accept the invitation" in page.content
    client.post(reverse("game_answer_invitation", args=[game.pk]), {"answer": "accept"})
    assert game.seats.filter(user=guest).exists()
    response = client.post(reverse("game_start", args=[game.pk]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_invitation_link_for_someone_without_an_account(client):
    host = UserFactory()
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, invitees=["new@example.org"]
    )
    token = services.invitation_token(game.invitations.get())
    page = client.get(reverse("invitation", args=[token]))
    assert page.status_code == 200 and b"Sign up to play" in page.content
    newcomer = UserFactory()
    login(client, newcomer)
    client.post(reverse("invitation", args=[token]), {"answer": "accept"})
    assert game.invitations.get().status == Invitation.Status.ACCEPTED
    assert client.get(reverse("invitation", args=["forged-token"])).status_code == 404


def test_the_table_shows_my_hand_and_the_targets_of_the_chosen_card(client, started_game):
    game, users = started_game(2, 2, seed=3)
    state = state_of(game)
    login(client, users[0])
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert hand_on_page(page) == sorted(set(state.hands[0])) or hand_on_page(page) == sorted(state.hands[0])
    assert "Your turn." in page
    move = first_play(game, 0)
    card = move.split()[0]
    page = client.get(reverse("game", args=[game.pk]), {"card": card}).content.decode()
    targets = re.findall(r'name="move" value="([^"]+)"', page)
    assert move in targets and all(t.startswith(card) for t in targets if " " in t and t[:4] not in ("dead", "pass"))
    assert f'name="version" value="{game.version}"' in page


def test_playing_a_move_through_the_form(client, started_game):
    game, users = started_game(2, 2, seed=3)
    login(client, users[0])
    move = first_play(game, 0)
    response = client.post(reverse("game_move", args=[game.pk]), {"move": move, "version": 0})
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().text == move
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f"{users[1].username} (green) is to play" in page
    assert "played" in page  # the history in plain words


@pytest.mark.parametrize(
    ("who", "data", "status", "says"),
    [
        ("player", {"move": "FIRST", "version": 5}, 409, "moved on"),
        ("player", {"move": "ZZ C4", "version": 0}, 422, "not a card"),
        ("player", {"move": "FORGED", "version": 0}, 422, "You do not hold"),
        ("player", {"move": "WRONGCELL", "version": 0}, 422, "is not on"),
        ("player", {"move": "FIRST", "version": "x"}, 400, "incomplete"),
        ("player", {"version": 0}, 400, "incomplete"),
        ("other", {"move": "FIRST", "version": 0}, 409, "not your turn"),
        ("outsider", {"move": "FIRST", "version": 0}, 404, "no such game"),
    ],
)
def test_bad_submissions_get_a_clear_4xx_and_change_nothing(client, started_game, who, data, status, says):
    game, users = started_game(2, 2, seed=3)
    state = state_of(game)
    move = first_play(game, 0)
    missing = next(c for c in ("7H", "2S", "9D", "KC", "QH", "3D") if c not in state.hands[0])
    normal = next(c for c in state.hands[0] if c[0] != "J")
    wrong_cell = next(
        cell
        for cell in ("E5", "B2", "I9")
        if cell not in {c for c in engine.legal_moves(state, 0) if c.startswith(normal)}
    )
    data = {
        **data,
        "move": {"FIRST": move, "FORGED": f"{missing} A5", "WRONGCELL": f"{normal} {wrong_cell}"}.get(
            data.get("move"), data.get("move", "")
        ),
    }
    if "move" in data and not data["move"]:
        del data["move"]
    user = {"player": users[0], "other": users[1], "outsider": UserFactory()}[who]
    login(client, user)
    response = client.post(reverse("game_move", args=[game.pk]), data)
    assert response.status_code == status
    assert says in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_a_post_to_another_games_version_is_stale(client, started_game):
    game, users = started_game(2, 2, seed=3)
    other, _ = started_game(2, 2, seed=4)
    services.move_submit(
        game_id=other.pk, user=other.seats.get(position=0).user, move=first_play(other, 0), expected_version=0
    )
    login(client, users[0])
    response = client.post(reverse("game_move", args=[game.pk]), {"move": first_play(game, 0), "version": 1})
    assert response.status_code == 409


def test_a_spectator_of_a_public_game_sees_no_hand(client, started_game):
    game, _ = started_game(2, 2, is_public=True)
    login(client, UserFactory())
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "You are watching" in page and hand_on_page(page) == []
    assert 'name="move"' not in page


def test_a_private_game_does_not_exist_for_outsiders(client, started_game):
    game, _ = started_game(2, 2)
    login(client, UserFactory())
    assert client.get(reverse("game", args=[game.pk])).status_code == 404
    assert client.get(reverse("game_replay", args=[game.pk])).status_code == 404
    assert client.get(reverse("game", args=[999999])).status_code == 404


def test_a_visitor_at_a_private_game_signs_in_and_comes_back_to_it(client, started_game):
    game, users = started_game(2, 2)
    table = reverse("game", args=[game.pk])
    for hidden in (table, reverse("game", args=[999999])):  # the same answer, so it tells nothing
        response = client.get(hidden)
        assert response.status_code == 302 and response["Location"] == f"{reverse('account_login')}?next={hidden}"
    users[0].set_password("a long passphrase")
    users[0].save()
    signed_in = client.post(
        f"{reverse('account_login')}?next={table}", {"login": users[0].username, "password": "a long passphrase"}
    )
    assert signed_in.status_code == 302 and signed_in["Location"] == table
    assert client.get(table).status_code == 200


def test_the_record_is_served_once_the_game_is_over(client, started_game):
    """A record holds the deck order and so every hand: while the game runs the
    public URL serves it to nobody, not even a moderator, who may be seated in it."""
    game, users = started_game(2, 2, is_public=True)
    seated_moderator = UserFactory(is_staff=True)
    game.seats.filter(position=0).update(user=seated_moderator)  # a staff member playing in the game
    for viewer in (seated_moderator, users[1], UserFactory(is_staff=True), UserFactory()):
        login(client, viewer)
        response = client.get(reverse("game_record", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="cs")
        assert response.status_code == 403, viewer
        assert b"sequence-record" not in response.content
        assert "Záznam obsahuje pořadí karet" in response.content.decode()  # why, in the reader's language
        assert b"Download the record" not in client.get(reverse("game", args=[game.pk])).content
    services.move_submit(game_id=game.pk, user=seated_moderator, move="resign", expected_version=0)
    login(client, users[1])
    response = client.get(reverse("game_record", args=[game.pk]))
    assert response.status_code == 200 and response.json()["format"] == "sequence-record/1"
    assert b"Download the record" in client.get(reverse("game", args=[game.pk])).content


def test_replay_steps_through_public_positions(client, started_game):
    game, users = started_game(2, 2, seed=3, is_public=True)
    rng = random.Random(3)
    for _ in range(4):
        play_a_move(game, users, rng)
    login(client, UserFactory())
    for at in ("0", "2", "4", "99", "junk"):
        page = client.get(reverse("game_replay", args=[game.pk]), {"at": at})
        assert page.status_code == 200
        assert hand_on_page(page.content.decode()) == []
    assert b"After move 2 of 4" in client.get(reverse("game_replay", args=[game.pk]), {"at": "2"}).content


def without_tokens(page: bytes) -> bytes:
    """A page without its CSRF tokens (masked anew on every request)."""
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page)


def test_a_cached_replay_shows_what_a_rebuilt_one_shows_in_two_queries(client, started_game):
    """A position in the cache is served after a glance at the game (its
    version and seats): the same page as one rebuilt from the log."""
    game, users = started_game(2, 2, seed=5, is_public=True)
    rng = random.Random(5)
    for _ in range(3):
        play_a_move(game, users, rng)
    url = reverse("game_replay", args=[game.pk])
    for viewer in (None, users[0]):
        if viewer:
            login(client, viewer)
        for at in ("", "1", "3", "99"):
            cache.clear()
            rebuilt = client.get(url, {"at": at}).content
            with CaptureQueriesContext(connection) as queries:
                cached = client.get(url, {"at": at}).content
            assert without_tokens(cached) == without_tokens(rebuilt) and b"After move" in cached
            # a player: the user and the header's count of their games waiting for them
            assert len(queries) <= (2 if viewer is None else 4), [q["sql"] for q in queries.captured_queries]


def test_a_replay_of_a_game_nobody_may_see_or_not_dealt_is_refused_either_way(client, started_game):
    game, _ = started_game(2, 2)  # private
    forming = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=UserFactory(), players=2, teams=2, is_public=True
    )
    outsider = UserFactory()
    for _ in range(2):  # the second time, whatever the cache holds
        client.force_login(outsider)
        assert client.get(reverse("game_replay", args=[game.pk])).status_code == 404
        assert client.get(reverse("game_replay", args=[999999])).status_code == 404
        client.logout()  # a visitor is asked to sign in first, whether or not the game exists
        for hidden in (game.pk, 999999):
            response = client.get(reverse("game_replay", args=[hidden]))
            assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))
        assert client.get(reverse("game_replay", args=[forming.pk])).status_code == 409


def game_with(me, *, my_turn: bool, seed: int):
    other = UserFactory()
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=me, players=2, teams=2, invitees=[other.username]
    )
    services.invitation_accept(invitation_id=game.invitations.get().pk, user=other)
    game = services.game_start(game_id=game.pk, user=me, rng=random.Random(seed))
    mine = game.seats.get(user=me).position
    turn = game.turn_position
    if (turn == mine) != my_turn:
        mover = me if turn == mine else other
        services.move_submit(game_id=game.pk, user=mover, move=first_play(game, turn), expected_version=0)
    return game


def test_my_games_sorts_by_urgency(client):
    me = UserFactory()
    waiting = game_with(me, my_turn=False, seed=1)
    to_move = game_with(me, my_turn=True, seed=2)
    invited = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=UserFactory(), players=2, teams=2, invitees=[me.username]
    )
    finished = game_with(me, my_turn=True, seed=3)
    finished.refresh_from_db()
    services.move_submit(game_id=finished.pk, user=me, move="resign", expected_version=finished.version)
    login(client, me)
    html = client.get("/").content.decode()
    order = [int(n) for n in re.findall(r"Game (\d+) ·", html)]
    assert order == [to_move.pk, waiting.pk, invited.pk, finished.pk]
    assert "Your move" in html and "Invitation" in html and "Lost" in html


def test_profile_lists_finished_games(client, started_game, settings):
    settings.VISITOR_PAGE_SECONDS = 0  # the page as rendered, not a visitor's shared copy (test_visitor_pages.py)
    game, users = started_game(2, 2, is_public=True)
    services.move_submit(game_id=game.pk, user=users[0], move="resign", expected_version=0)
    page = client.get(reverse("profile", args=[users[1].username])).content.decode()
    assert "1 won, 0 lost" in page and f"Game {game.pk}" in page
    for seed in (2, 3):  # more games, the same queries: the player, their games, their ratings
        more, _ = started_game(2, 2, seed=seed, is_public=True)
        Game.objects.filter(pk=more.pk).update(status=Game.Status.FINISHED, winner="green")
        Seat.objects.filter(game=more, position=1).update(user=users[1])
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("profile", args=[users[1].username])).content.decode()
    assert "3 finished games: 3 won, 0 lost" in page and len(queries) <= 3


def test_resign_asks_for_confirmation(client, started_game):
    game, users = started_game(2, 2)
    login(client, users[1])
    page = client.get(reverse("game_resign", args=[game.pk]))
    assert b"Yes, resign" in page.content
    client.post(reverse("game_move", args=[game.pk]), {"move": "resign", "version": 0})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "blue"


def test_a_team_that_resigned_from_three_is_told_the_others_play_on(client, started_game):
    game, users = started_game(3, 3, seed=3)
    state = state_of(game)
    resigning = next(seat for seat in range(3) if seat != state.turn)  # not the seat to play
    login(client, users[resigning])
    client.post(reverse("game_resign", args=[game.pk]), {"version": game.version})
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Your team resigned: the other teams play on without it." in page
    login(client, users[state.turn])
    assert "Your team resigned" not in client.get(reverse("game", args=[game.pk])).content.decode()


@pytest.mark.parametrize(
    "invitee", ["victim@example.org\r\nbcc: everyone@example.org", "victim@example", "a" * 250 + "@example.org"]
)
def test_the_invite_form_refuses_a_bad_address(client, invitee):
    host = UserFactory()
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    login(client, host)
    response = client.post(reverse("game_invite", args=[game.pk]), {"invitee": invitee})
    assert response.status_code == 400
    assert "e-mail address" in response.content.decode() or "line break" in response.content.decode()
    assert not game.invitations.exists()


def test_the_new_game_form_names_each_bad_invitee(client):
    login(client, UserFactory())
    response = client.post(
        reverse("game_new"), {**NEW_GAME, "players": 4, "teams": 2, "invitees": "ok@example.org, bad@, also@bad"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "&#x27;bad@&#x27; is not a valid e-mail address" in page and "also@bad" in page
    assert not Game.objects.exists()


def test_the_inviter_sees_the_address_typed_never_the_account_behind_it(client):
    host = UserFactory()
    carol = UserFactory(username="carol-secret", email="carol.private@example.org")
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=3, teams=3)
    login(client, host)
    response = client.post(reverse("game_invite", args=[game.pk]), {"invitee": "carol.private@example.org"})
    assert response.status_code == 302
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Waiting for: carol.private@example.org" in page and "carol-secret" not in page
    login(client, carol)
    client.post(reverse("game_answer_invitation", args=[game.pk]), {"answer": "accept"})
    login(client, host)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "carol-secret" in page  # once accepted, the seat shows the player


def test_the_invitation_limits_are_shown_on_the_forms(client, settings):
    host = UserFactory()
    settings.INVITATIONS_PER_DAY = 3
    game = services.game_create(start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2)
    login(client, host)
    for n in range(3):
        assert client.post(reverse("game_invite", args=[game.pk]), {"invitee": f"f{n}@example.org"}).status_code == 302
    response = client.post(reverse("game_invite", args=[game.pk]), {"invitee": "f3@example.org"})
    assert response.status_code == 409 and "waiting for an answer" in response.content.decode()
    response = client.post(reverse("game_new"), {**NEW_GAME, "players": 2, "teams": 2, "invitees": "f4@example.org"})
    assert response.status_code == 429 and "in the last 24 hours" in response.content.decode()
    assert Game.objects.count() == 1 and Invitation.objects.count() == 3


def test_an_invitee_without_an_account_shows_as_the_address_on_the_forming_page(client):
    host = UserFactory()
    game = services.game_create(
        start_mode=Game.StartMode.MANUAL, creator=host, players=2, teams=2, invitees=["nobody.yet@example.org"]
    )
    page = login(client, host).get(reverse("game", args=[game.pk])).content.decode()
    assert "Waiting for: nobody.yet@example.org</p>" in page


@pytest.mark.parametrize(
    ("start_mode", "says"),
    [
        (Game.StartMode.AUTO, "You took the last seat: the cards are dealt."),
        (Game.StartMode.MANUAL, "You have a seat."),
    ],
)
def test_taking_the_last_seat_says_whether_the_cards_are_dealt(client, start_mode, says):
    host, guest = UserFactory.create_batch(2)
    game = services.game_create(start_mode=start_mode, creator=host, players=2, teams=2, invitees=[guest.username])
    login(client, guest)
    page = client.post(reverse("game_answer_invitation", args=[game.pk]), {"answer": "accept"}, follow=True)
    assert says in page.content.decode()


@pytest.mark.parametrize(
    ("start_mode", "says"),
    [("auto", "It starts once every seat is taken."), ("manual", "Press Start once every seat is taken.")],
)
def test_a_new_game_says_how_it_will_start(client, start_mode, says):
    login(client, UserFactory())
    form = {**NEW_GAME, "players": 2, "teams": 2, "start_mode": start_mode}
    page = client.post(reverse("game_new"), form, follow=True)
    assert says in page.content.decode()


def test_the_last_move_mark_cannot_be_taken_for_the_focus_ring():
    css = (Path(settings.BASE_DIR) / "static/css/site.css").read_text()
    focus = re.search(r":focus-visible \{ outline: ([^;]+);", css).group(1)
    last_move = re.search(r"\.cell\.last-move \{([^}]+)\}", css).group(1)
    assert "dashed" in last_move and "solid" in focus
    assert focus.split()[-1] not in last_move  # not the focus colour either


def test_the_last_moves_cell_says_so(client, started_game):
    game, users = started_game(2, 2)
    move = first_play(game, 0)
    services.move_submit(game_id=game.pk, user=users[0], move=move, expected_version=0)
    login(client, users[1])
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    cell = move.split()[1]
    assert re.search(rf'class="cell[^"]* last-move[^"]*" role="img" aria-label="[^"]*, {cell}, [^"]*, last move"', html)


def games_with(me, count: int, template: Game, others: list) -> list[Game]:
    """`count` copies of a started game with `me` in each: in play (half of
    them my move), forming and finished, as a long-time player has them."""
    hands = {seat.position: seat.hand.cards for seat in template.seats.select_related("hand")}
    statuses = [Game.Status.ACTIVE, Game.Status.ACTIVE, Game.Status.FORMING, Game.Status.FINISHED]
    games = Game.objects.bulk_create(
        Game(
            players=2,
            teams=2,
            turn_seconds=template.turn_seconds,
            draw_window_seconds=template.draw_window_seconds,
            status=statuses[i % 4],
            state=template.state,
            started_at=template.started_at,
            turn_position=template.turn_position,
            turn_deadline=template.turn_deadline,
            winner="blue" if statuses[i % 4] == Game.Status.FINISHED else "",
        )
        for i in range(count)
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=p, user=user, name=user.username)
        for i, game in enumerate(games)
        for p, user in enumerate((me, others[i % len(others)]) if i % 8 < 4 else (others[i % len(others)], me))
    )
    Hand.objects.bulk_create(Hand(seat=seat, cards=hands[seat.position]) for seat in seats)
    return games


@pytest.mark.parametrize("count", [4, 40])
def test_my_games_costs_as_many_queries_for_40_games_as_for_4(client, started_game, count):
    template, _ = started_game(2, 2)
    me, others = UserFactory(), UserFactory.create_batch(3)
    games = games_with(me, count, template, others)
    login(client, me)
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/")
    assert page.status_code == 200
    shown = set(map(int, re.findall(r"Game (\d+) ·", page.content.decode())))
    assert shown == {g.pk for g in games}  # at most ten of them finished: the list shows them all
    # A session, a user, my games (not over, and the newest finished) with their seats, the invitations likewise.
    assert len(queries) <= 4, [q["sql"] for q in queries.captured_queries]


def test_the_public_lists_cost_as_many_queries_for_many_games_as_for_few(client, started_game, settings):
    settings.VISITOR_PAGE_SECONDS = 0  # the page as rendered, not a visitor's shared copy

    def public_games(count: int) -> None:
        for _ in range(count):
            services.game_create(creator=UserFactory(), players=3, teams=3, is_public=True)
            started_game(2, 2, is_public=True)

    def queries_of(path: str) -> tuple[int, str]:
        with CaptureQueriesContext(connection) as queries:
            page = client.get(path)
        assert page.status_code == 200
        return len(queries), page.content.decode()

    public_games(1)
    few = {path: queries_of(path)[0] for path in ("/", "/games/open/")}
    public_games(4)
    for path in ("/", "/games/open/"):
        count, html = queries_of(path)
        # a query for each list (open games: looking for players, in play, seats to take over)
        assert count == few[path] <= {"/": 1, "/games/open/": 3}[path], path
    listed = set(map(int, re.findall(r"Game (\d+)</a>", html)))
    assert listed == set(Game.objects.filter(is_public=True).values_list("pk", flat=True))


def test_a_visitors_open_games_from_the_cache_are_the_page_rebuilt_until_a_seat_is_taken(
    client, started_game, settings
):
    settings.VISITOR_PAGE_SECONDS = 0  # the lists' fragment beneath a visitor's shared copy
    forming = services.game_create(creator=UserFactory(), players=3, teams=3, is_public=True)
    started_game(2, 2, is_public=True)
    url = reverse("open_games")
    cache.clear()
    rebuilt = client.get(url).content
    with CaptureQueriesContext(connection) as queries:
        cached = client.get(url).content
    assert (
        without_tokens(cached) == without_tokens(rebuilt) and len(queries) == 3
    )  # a query for each list (seats to take over too)
    newcomer = UserFactory()
    services.seat_join(game_id=forming.pk, user=newcomer)
    assert newcomer.username.encode() in client.get(url).content


def test_a_cached_list_or_replay_never_outlives_a_change(client, started_game):
    game, users = started_game(2, 2, is_public=True)
    login(client, users[0])
    replay = reverse("game_replay", args=[game.pk])
    assert b"Your move" in client.get("/").content
    assert b"After move 0 of 0" in client.get(replay).content
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    assert b"Your move" not in client.get("/").content
    assert b"Waiting for " + users[1].username.encode() in client.get("/").content
    assert b"After move 1 of 1" in client.get(replay).content
    assert b"After move 0 of 1" in client.get(replay + "?at=0").content


@pytest.mark.parametrize(
    ("players", "teams", "says", "never"),
    [(3, 3, "Each plays alone", "teammates"), (4, 2, "which colour each team plays", "Each plays alone")],
)
def test_the_forming_page_says_what_the_cut_will_decide(client, players, teams, says, never):
    host = UserFactory()
    game = services.game_create(creator=host, players=players, teams=teams)
    page = login(client, host).get(reverse("game", args=[game.pk])).content.decode()
    assert says in page and never not in page and "the cut for the deal decides who starts" in page


def test_the_forming_page_letters_its_chips_as_the_board_does_in_every_language(client):
    host = UserFactory(language="cs")
    game = services.game_create(creator=host, players=4, teams=2)
    page = login(client, host).get(reverse("game", args=[game.pk])).content.decode()
    letters = re.findall(r'<span class="chip chip-(\w+)" aria-hidden="true">(\w)</span>', page)
    assert letters and all(letter == team[0].upper() for team, letter in letters)  # B, G: the notation's letters
    assert "modrý" in page  # the words are Czech; the letters are the board's


def test_every_cell_and_card_is_named_starting_with_what_it_shows(client, started_game):
    """Voice control (and axe's label-content-name-mismatch): a board cell's or a hand card's
    accessible name holds the text it shows, its chip's letter and a dead card's mark included."""
    game, users = started_game(2, 2, seed=3)
    rng = random.Random(3)
    for _ in range(8):
        play_a_move(game, users, rng)
    state = state_of(game)
    turn = state.turn
    hand = state.hands[turn]
    dead = next(card for card in engine.cards.ONE_SUIT_DECK if card[0] != "J" and card not in hand)
    state.hands[turn] = ["JH", dead, *hand[2:]]  # a one-eyed jack: its targets are chips
    data = engine.state_to_json(state)
    for cell in CARD_CELLS[dead]:  # both of its cells taken: dead in the hand
        data["board"].setdefault(CELL_NAMES[cell], "green")
    Game.objects.filter(pk=game.pk).update(state=data, revision=F("revision") + 1)
    client.force_login(users[turn])
    html = client.get(reverse("game", args=[game.pk]) + "?card=JH").content.decode()
    named = re.findall(r'<(button|div|a) [^>]*aria-label="([^"]*)"[^>]*>(.*?)</\1>', html, re.S)
    shown = [(" ".join(re.sub(r"<[^>]+>", " ", inside).split()), label) for _tag, label, inside in named]
    cells = [(text, label) for text, label in shown if text and re.search(r"[♠♥♦♣]", text)]
    assert any(" " in text for text, _ in cells)  # a card with a letter or a mark beside it
    assert all(html_unescape(label).startswith(html_unescape(text)) for text, label in cells), cells


def test_my_games_tells_the_last_play_not_the_tabletop_draw_after_it(client, started_game):
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    play = first_play(game, 0)
    services.move_submit(game_id=game.pk, user=users[0], move=play, expected_version=0)
    services.move_submit(game_id=game.pk, user=users[0], move="draw", expected_version=1)
    client.force_login(users[1])
    page = " ".join(client.get(reverse("home")).content.decode().split())
    _card, cell = play.split()
    assert f"{users[0].username} played" in page and cell in page
    assert "took the draw" not in page


def test_a_dead_card_turned_in_says_what_came_instead(client, started_game):
    game, users = started_game(2, 2, seed=3)
    state = state_of(game)
    hand = state.hands[state.turn]
    dead = next(card for card in engine.cards.ONE_SUIT_DECK if card[0] != "J" and card not in hand)
    state.hands[state.turn] = [dead, *hand[1:]]
    data = engine.state_to_json(state)
    for cell in CARD_CELLS[dead]:
        data["board"].setdefault(CELL_NAMES[cell], "green")
    Game.objects.filter(pk=game.pk).update(state=data, revision=F("revision") + 1)
    client.force_login(users[state.turn])
    response = client.post(reverse("game_move", args=[game.pk]), {"move": f"dead {dead}", "version": 0}, follow=True)
    drawn = state_of(game).hands[state.turn][-1]
    said = f"You turned in the dead {engine.cards.card_label(dead)} and drew {engine.cards.card_label(drawn)}."
    assert said in response.content.decode()
