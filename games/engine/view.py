"""What one seat (or a spectator) may see of a game: never another seat's
hand, never the order of the draw pile."""

from games.engine.board import CELL_NAMES
from games.engine.rules import is_dead, legal_moves
from games.engine.setup import TEAM_NAMES
from games.engine.state import CORNER, EMPTY, State


def public_board(state: State) -> dict[str, str]:
    """Occupied cells, corners left out: {"C4": "blue"}."""
    return {
        CELL_NAMES[cell]: TEAM_NAMES[chip.bit_length() - 1]
        for cell, chip in enumerate(state.board)
        if chip not in (EMPTY, CORNER)
    }


def public_sequences(state: State) -> dict[str, list[list[str]]]:
    return {
        TEAM_NAMES[team]: [[CELL_NAMES[cell] for cell in seq] for seq in state.sequences[team]]
        for team in range(state.teams)
    }


def player_view(state: State, seat: int | None) -> dict:
    """Everything `seat` may know; `None` is a spectator, who sees no hand."""
    view = {
        "players": state.players,
        "teams": [TEAM_NAMES[team] for team in range(state.teams)],
        "draw_mode": state.draw_mode,
        "sequences_to_win": state.needed,
        "board": public_board(state),
        "sequences": public_sequences(state),
        "turn": state.turn,
        "result": dict(state.result) if state.result else None,
        "draw_pile": len(state.pile),
        "discards": [list(pile) for pile in state.discards],
        "seats": [
            {
                "seat": seat_,
                "team": TEAM_NAMES[state.team_of(seat_)],
                "cards": len(state.hands[seat_]),
                "draw_open": state.pending[seat_] is not None,
                "penalties_owed": state.penalties[seat_],
                "resigned": state.resigned[state.team_of(seat_)],
            }
            for seat_ in range(state.players)
        ],
        "seat": seat,
    }
    if seat is not None:
        hand = state.hands[seat]
        view["hand"] = list(hand)
        view["dead_cards"] = sorted({card for card in hand if is_dead(state.board, card)})
        view["dead_card_used"] = state.dead_used and seat == state.turn
        view["legal_moves"] = legal_moves(state, seat)
    return view
