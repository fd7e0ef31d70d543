"""A spectator has no last move (#33): the board's marked cells are the last
round's, and the legend and each marked cell's label say so, in the
spectator's language; a seated player's still say "since your last move"."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SPECTATORS = {
    "en": ("played in the last round, in the player's colour", "changed in the last round"),
    "cs": ("zahráno v posledním kole, v barvě hráče", "změněno v posledním kole"),
    "it": ("giocata nell'ultimo giro, nel colore di chi l'ha giocata", "cambiata nell'ultimo giro"),
    "hu": ("az utolsó körben lépett mező, a játékos színében", "az utolsó körben változott"),
}


def page(client, game, user):
    client.force_login(user)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    return html.replace("&#x27;", "'")


@pytest.mark.parametrize("language", SPECTATORS)
def test_a_spectator_reads_the_last_round(client, big_table, language):
    game, _users = big_table(6, 3, "automatic")
    spectator = UserFactory(language=language)
    html = page(client, game, spectator)
    legend, label = SPECTATORS[language]
    assert legend in html
    marked = re.findall(r'<div class="cell[^"]* changed[^"]*" role="img" aria-label="([^"]*)"', html)
    assert len(marked) >= 4  # the round's plays, the newest one "last move"
    assert sum(label in cell for cell in marked) == len(marked) - 1
    with translation.override(language):
        yours = translation.gettext("changed since your last move")
    assert yours not in html


def test_a_player_still_reads_since_their_last_move(client, big_table):
    game, users = big_table(6, 3, "automatic")
    html = page(client, game, users[0])
    assert "played since your last move, in the player's colour" in html
    assert "changed since your last move" in html
    assert "in the last round" not in html
