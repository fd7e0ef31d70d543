"""The rules of Sequence in pure Python: no Django, no database, no I/O.

state = deal(players=2, teams=2, draw_mode="automatic", deck=shuffled_deck(rng))
legal_moves(state, seat)               -> ["7H C4", "JD A2", …, "resign"]
legal_actions(state, seat)             -> [{"kind": "play", "card": "7H", "cell": "C4", "text": "7H C4"}, …]
state, events = apply(state, seat, "7H C4")   # or raises IllegalMove (.code, .params, English str())
player_view(state, seat)               -> what that seat may see
"""

from games.engine.moves import MoveSyntaxError, ParsedMove, parse_move
from games.engine.record import (
    Record,
    RecordError,
    record_export,
    record_load,
    record_parse,
    replay,
    replay_steps,
    replay_summary,
)
from games.engine.refusals import ENGLISH, Refusal, Refused, english
from games.engine.rules import IllegalMove, apply, can_act, is_dead, legal_actions, legal_moves
from games.engine.setup import (
    ALLOWED_TEAMS,
    FIRST_SEAT,
    HAND_SIZE,
    TEAM_NAMES,
    Cut,
    SetupError,
    check_setup,
    cut_for_deal,
    sequences_to_win,
    shuffled_deck,
)
from games.engine.state import State, deal, state_from_json, state_to_json
from games.engine.view import player_view

__all__ = [
    "ALLOWED_TEAMS",
    "ENGLISH",
    "FIRST_SEAT",
    "HAND_SIZE",
    "TEAM_NAMES",
    "Cut",
    "IllegalMove",
    "MoveSyntaxError",
    "ParsedMove",
    "Record",
    "RecordError",
    "Refusal",
    "Refused",
    "SetupError",
    "State",
    "apply",
    "can_act",
    "check_setup",
    "cut_for_deal",
    "deal",
    "english",
    "is_dead",
    "legal_actions",
    "legal_moves",
    "parse_move",
    "player_view",
    "record_export",
    "record_load",
    "record_parse",
    "replay",
    "replay_steps",
    "replay_summary",
    "sequences_to_win",
    "shuffled_deck",
    "state_from_json",
    "state_to_json",
]
