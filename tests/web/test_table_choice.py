"""Choosing a card is a link and can be taken back without JavaScript; "where
my cards go" marks the cells of every card in the hand and is remembered."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.engine.cards import JACKS, card_label
from tests.gameplay import state_of

pytestmark = pytest.mark.django_db


def cells(html: str, css_class: str) -> set[str]:
    """The cell names (from their accessible names) of the cells with this class."""
    found = re.findall(r'class="cell[^"]*\b' + css_class + r'\b[^"]*"[^>]*aria-label="(?:[^,"]*, )?([A-J]\d+),', html)
    return set(found)


@pytest.fixture
def my_turn(client, started_game):
    game, users = started_game(2, 2, seed=4)
    client.force_login(users[0])
    return game, users


def test_a_chosen_card_can_be_taken_back(client, my_turn):
    game, _ = my_turn
    url = reverse("game", args=[game.pk])
    card = next(c for c in state_of(game).hands[0] if c not in JACKS)
    chosen = client.get(f"{url}?card={card}").content.decode()
    assert cells(chosen, "target")
    assert f'<a href="{url}#table" class="cancel-choice">Cancel</a>' in chosen
    other = next(c for c in state_of(game).hands[0] if c != card and c not in JACKS)
    switched = client.get(f"{url}?card={other}").content.decode()  # choosing another card replaces the choice
    assert cells(switched, "target") and cells(switched, "target") != cells(chosen, "target")
    plain = client.get(url).content.decode()
    assert not cells(plain, "target") and "cancel-choice" not in plain


def test_where_my_cards_go_marks_every_card_of_the_hand_and_is_remembered(client, my_turn):
    game, users = my_turn
    url = reverse("game", args=[game.pk])
    hand = state_of(game).hands[0]
    expected = {
        a["cell"] for a in engine.legal_actions(state_of(game), 0) if a["kind"] == "play" and a["card"] not in JACKS
    }
    assert not cells(client.get(url).content.decode(), "goes")
    shown = client.get(f"{url}?show=all").content.decode()
    assert cells(shown, "goes") == expected and expected
    assert "Hide where my cards go" in shown
    some = next(c for c in hand if c not in JACKS)
    assert f"your {card_label(some)}" in shown
    assert cells(client.get(url).content.decode(), "goes") == expected  # remembered in the session
    # Between turns the other player plans with the free cells of their cards.
    client.force_login(users[1])
    theirs = client.get(f"{url}?show=all").content.decode()
    assert cells(theirs, "goes")
    client.force_login(users[0])
    client.get(f"{url}?show=all")
    hidden = client.get(f"{url}?show=one").content.decode()
    assert not cells(hidden, "goes") and "Show where my cards go" in hidden


def test_a_spectator_gets_no_marks(client, my_turn):
    game, _ = my_turn
    client.logout()
    game.is_public = True
    game.save(update_fields=["is_public"])
    html = client.get(reverse("game", args=[game.pk]) + "?show=all").content.decode()
    assert not cells(html, "goes") and "where my cards go" not in html


def test_the_news_line_does_not_repeat_the_banner(client, my_turn):
    game, _ = my_turn
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "<strong>Your turn.</strong>" in html and 'id="news"' not in html  # nothing happened yet
