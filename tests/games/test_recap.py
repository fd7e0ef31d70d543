"""The one line above the board: what changed since this viewer last acted
(games.viewmodels.recap), from moves as the table reads them, newest first."""

from types import SimpleNamespace

from games.models import Move
from games.viewmodels.recap import ON_THE_TABLE, recap_of, since_last_acted


def recap(moves, position, names):
    return recap_of(moves, position, names, most=ON_THE_TABLE).as_line_parts()


NAMES = {0: "ann", 1: "bob", 2: "cat", 3: "dan"}


def move(seq, seat, text, *events, actor=Move.Actor.PLAYER):
    return SimpleNamespace(seq=seq, seat=seat, text=text, events=list(events), actor=actor)


def placed(seat, team, cell, card):
    return {"type": "chip_placed", "seat": seat, "team": team, "cell": cell, "card": card}


def drawn(seat):
    return {"type": "card_drawn", "seat": seat}


ANN_PLAYS = move(1, 0, "7H C4", placed(0, "blue", "C4", "7H"), drawn(0))
BOB_PLAYS = move(2, 1, "KH G6", placed(1, "green", "G6", "KH"), drawn(1))


def test_a_player_hears_what_the_opponent_played():
    recent = [BOB_PLAYS, ANN_PLAYS]  # newest first, as the table reads them
    assert since_last_acted(recent, 0) == [BOB_PLAYS]
    assert recap([BOB_PLAYS], 0, NAMES) == ["bob played K♥ on G6"]


def test_a_sequence_is_named_by_its_team():
    made = move(
        3, 1, "QD E10", placed(1, "green", "E10", "QD"), {"type": "sequence_made", "team": "green", "cells": []}
    )
    assert recap([made], 0, NAMES) == ["bob played Q♦ on E10", "green made a sequence"]


def test_the_viewer_is_you_and_a_lost_draw_is_yours():
    bob_draws = move(3, 1, "draw", drawn(1), {"type": "draw_lost", "seat": 0})
    recent = [bob_draws, BOB_PLAYS, ANN_PLAYS]
    assert recap(since_last_acted(recent, 0), 0, NAMES) == ["you lost a draw", "bob played K♥ on G6"]


def test_a_system_move_at_my_seat_is_not_me_acting():
    lost = move(2, 0, "lost", {"type": "draw_lost", "seat": 0}, actor=Move.Actor.SYSTEM)
    assert since_last_acted([lost, ANN_PLAYS], 0) == [lost]
    assert recap([lost], 0, NAMES) == ["you lost a draw"]


def test_a_penalty_names_the_team():
    penalty = move(4, None, "penalize blue", {"type": "penalized", "team": "blue"}, actor=Move.Actor.MODERATOR)
    assert recap([penalty], 1, NAMES) == ["blue was penalised for table talk"]


def test_a_spectator_hears_the_last_move_only():
    recent = [BOB_PLAYS, ANN_PLAYS]
    assert since_last_acted(recent, None) == [BOB_PLAYS]
    assert recap([BOB_PLAYS], None, NAMES) == ["bob played K♥ on G6"]
    assert since_last_acted([], None) == []


def test_many_moves_are_cut_short():
    plays = [move(seq, 1 + seq % 3, "x", placed(1 + seq % 3, "green", f"A{seq}", "2S")) for seq in range(9, 2, -1)]
    line = recap(plays, 0, NAMES)
    assert len(line) == 3 and line[-1] == "and 5 more moves"
    assert line[0].endswith("on A9")  # the newest first


def test_a_plain_draw_goes_without_saying():
    bob_draws = move(3, 1, "draw", drawn(1))
    assert recap([bob_draws, BOB_PLAYS], 0, NAMES) == ["bob played K♥ on G6"]
