"""Who plays: allowed player and team counts, hand sizes, sequences to win,
and the cut for the deal. Randomness always comes from the caller."""

from dataclasses import dataclass
from random import Random

from games.engine.cards import CUT_VALUE, FULL_DECK
from games.engine.refusals import Refused

TEAM_NAMES = ("blue", "green", "red")
# players -> the team counts they may play with (2 and 3 players play alone).
ALLOWED_TEAMS = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3), 8: (2,), 9: (3,), 10: (2,), 12: (2, 3)}
HAND_SIZE = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}


class SetupError(Refused):
    """A game that cannot be set up as asked; the message says what is allowed."""


def check_setup(players: int, teams: int) -> None:
    if players not in ALLOWED_TEAMS:
        raise SetupError("player_count", allowed=list(ALLOWED_TEAMS), players=players)
    if teams not in ALLOWED_TEAMS[players]:
        raise SetupError("team_count", players=players, allowed=list(ALLOWED_TEAMS[players]), teams=teams)


def sequences_to_win(teams: int) -> int:
    return 2 if teams == 2 else 1


FIRST_SEAT = 0  # the seat at the dealer's left, who moves first


def team_of(seat: int, teams: int) -> int:
    """Seats alternate teams around the table: A B A B… or A B C A B C…"""
    return seat % teams


@dataclass(frozen=True)
class Cut:
    """The cut for the deal: every round of cards cut (player -> card) and the dealer."""

    rounds: tuple[dict[int, str], ...]
    dealer: int

    def seat_order(self, players: int) -> list[int]:
        """Table positions in seat order: the dealer's left at FIRST_SEAT, the rest clockwise."""
        return [(self.dealer + 1 + seat - FIRST_SEAT) % players for seat in range(players)]


def cut_for_deal(players: int, rng: Random) -> Cut:
    """Each player cuts a card; the lowest deals (aces high); a tie for lowest cuts again."""
    contenders = list(range(players))
    rounds = []
    while True:
        cards = rng.sample(FULL_DECK, len(contenders))
        cut = dict(zip(contenders, cards, strict=True))
        rounds.append(cut)
        lowest = min(CUT_VALUE[card] for card in cards)
        contenders = [player for player, card in cut.items() if CUT_VALUE[card] == lowest]
        if len(contenders) == 1:
            return Cut(rounds=tuple(rounds), dealer=contenders[0])


def shuffled_deck(rng: Random) -> list[str]:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck
