"""Every kind of page has exactly one <h1>, shows its messages as a valid
list, and names each card in a hand with the text the card shows."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games import services
from tests.factories import UserFactory
from tests.gameplay import first_play

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Outline(HTMLParser):
    """Counts the <h1>s, checks what each message list holds, and reads the
    accessible name and visible text of every hand card."""

    def __init__(self):
        super().__init__()
        self.h1 = 0
        self.open: list[dict] = []  # the attributes of each element not yet closed
        self.list_problems: list[str] = []
        self.hand_cards: list[tuple[str, list[str]]] = []  # (aria-label, visible texts)
        self._card: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.h1 += tag == "h1"
        if self.open and "messages" in classes(self.open[-1]) and tag != "li":
            self.list_problems.append(f"<{tag}> inside the message list")
        if "messages" in classes(attrs) and (tag != "ul" or "role" in attrs):
            self.list_problems.append(f"the message list is <{tag} role={attrs.get('role')}>")
        if tag in VOID:
            return
        self.open.append(attrs)
        if "hand-card" in classes(attrs):
            self._card = (attrs.get("aria-label", ""), [])

    def handle_endtag(self, tag):
        if tag in VOID or not self.open:
            return
        if "hand-card" in classes(self.open.pop()):
            self.hand_cards.append(self._card)
            self._card = None

    def handle_data(self, data):
        if self._card and data.strip():
            self._card[1].append(data.strip())


def classes(attrs: dict) -> list[str]:
    return (attrs.get("class") or "").split()


def outline(response, status: int = 200) -> Outline:
    assert response.status_code == status, response.content[:300]
    parser = Outline()
    parser.feed(response.content.decode())
    return parser


@pytest.fixture
def world(started_game):
    """A player with a table (a draw open, so the draw page exists), a forming
    game, an invitation link and a public game for strangers to watch."""
    game, users = started_game(2, 2, draw_mode="tabletop", is_public=True)
    services.move_submit(game_id=game.pk, user=users[0], move=first_play(game, 0), expected_version=0)
    forming = services.game_create(creator=users[0], players=2, teams=2, invitees=["new@example.org"])
    token = services.invitation_token(forming.invitations.get())
    return game, users, forming, token


def pages(client, world):
    game, users, forming, token = world
    table = reverse("game", args=[game.pk])

    yield "home, visitor", client.get("/")
    yield "open games, visitor", client.get(reverse("open_games"))
    yield "table, visitor", client.get(table)
    yield "replay, visitor", client.get(reverse("game_replay", args=[game.pk]))
    yield "profile, visitor", client.get(reverse("profile", args=[users[0].username]))
    yield "log in", client.get(reverse("account_login"))
    yield "sign up", client.get(reverse("account_signup"))
    yield "invitation link, visitor", client.get(reverse("invitation", args=[token]))
    yield "invitation link, forged (404)", client.get(reverse("invitation", args=["forged"]))

    client.force_login(users[0])
    client.post(reverse("game_invite", args=[forming.pk]), {"invitee": "friend@example.org"})  # leaves a message
    yield "home, signed in (with a message)", client.get("/")
    yield "new game", client.get(reverse("game_new"))
    yield "forming", client.get(reverse("game", args=[forming.pk]))
    yield "table, player", client.get(table)
    yield "table, player with a card chosen", client.get(f"{table}?card={game.seats.get(position=0).hand.cards[0]}")
    yield "resign confirmation", client.get(reverse("game_resign", args=[game.pk]))
    yield "draw confirmation", client.get(reverse("game_draw", args=[game.pk]))
    yield "settings", client.get(reverse("account_settings"))
    yield "invitation link, signed in", client.get(reverse("invitation", args=[token]))
    yield "first visit", client.get(reverse("welcome"))
    yield "table, where my cards go", client.get(f"{table}?show=all")

    client.force_login(UserFactory())
    yield "table, spectator", client.get(table)


def test_every_page_has_one_h1_and_its_messages_in_a_valid_list(client, world):
    seen_a_message = False
    for name, response in pages(client, world):
        page = outline(response, 404 if "(404)" in name else 200)
        assert page.h1 == 1, f"{name}: {page.h1} <h1>"
        assert page.list_problems == [], name
        seen_a_message |= "friend@example.org is invited." in response.content.decode()
    assert seen_a_message  # the list was there to check


def test_a_hand_cards_accessible_name_contains_what_it_shows(client, world):
    game, users, _, _ = world
    client.force_login(users[1])
    cards = outline(client.get(reverse("game", args=[game.pk]))).hand_cards
    assert len(cards) == 7
    for label, visible in cards:
        assert visible and label.startswith(visible[0] + ", "), (label, visible)
        assert all(text in label for text in visible), (label, visible)


CELL_CARD = re.compile(r'<span class="cell-card[^"]*" aria-hidden="true">([^<]+)</span>')


def test_a_target_cells_accessible_name_starts_with_the_card_it_shows(client, started_game):
    game, users = started_game(2, 2)
    card = first_play(game, 0).split()[0]
    client.force_login(users[0])
    html = client.get(reverse("game", args=[game.pk]) + f"?card={card}").content.decode()
    buttons = html.split('class="cell target')[1:]
    assert buttons
    for button in buttons:
        shown = CELL_CARD.search(button).group(1)
        label = re.search(r'aria-label="([^"]+)"', button).group(1)
        assert label.startswith(f"{shown}, "), (shown, label)
