"""What changed since this viewer last played (games.viewmodels.recap): one
entry per seat, newest first, from moves as the table reads them."""

from types import SimpleNamespace

from games.describe import move_phrases
from games.models import Move
from games.viewmodels.recap import MOST_ENTRIES, changed_cells, recap_of, since_last_acted


def recap(moves, position, names, most=MOST_ENTRIES):
    return recap_of(moves, position, names, TEAMS, most=most)


NAMES = {0: "ann", 1: "bob", 2: "cat", 3: "dan"}
TEAMS = {0: "blue", 1: "green", 2: "blue", 3: "green"}


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
    said = recap([BOB_PLAYS], 0, NAMES)
    assert said.phrases == ["bob played K♥ on G6"] and said.entries[0].team == "green"


def test_a_sequence_is_told_with_its_play():
    made = move(
        3, 1, "QD E10", placed(1, "green", "E10", "QD"), {"type": "sequence_made", "team": "green", "cells": []}
    )
    assert recap([made], 0, NAMES).phrases == ["bob played Q♦ on E10 — green made a sequence"]


def test_the_viewer_is_you_and_a_lost_draw_is_told_of_the_seat_that_lost_it():
    bob_draws = move(3, 1, "draw", drawn(1), {"type": "draw_lost", "seat": 0})
    recent = [bob_draws, BOB_PLAYS, ANN_PLAYS]
    assert recap(since_last_acted(recent, 0), 0, NAMES).phrases == ["You lost a draw", "bob played K♥ on G6"]


def test_my_own_draw_does_not_hide_what_was_played_before_it():
    ann_draws = move(3, 0, "draw", drawn(0))
    assert since_last_acted([ann_draws, BOB_PLAYS, ANN_PLAYS], 0) == [ann_draws, BOB_PLAYS]


def test_a_system_move_at_my_seat_is_not_me_acting():
    lost = move(2, 0, "lost", {"type": "draw_lost", "seat": 0}, actor=Move.Actor.SYSTEM)
    assert since_last_acted([lost, ANN_PLAYS], 0) == [lost]
    assert recap([lost], 0, NAMES).phrases == ["You lost a draw"]


def test_a_penalty_names_the_team():
    penalty = move(4, None, "penalize blue", {"type": "penalized", "team": "blue"}, actor=Move.Actor.MODERATOR)
    said = recap([penalty], 1, NAMES)
    assert said.phrases == ["Blue was penalised for table talk"] and said.entries[0].team is None


def test_a_spectator_hears_the_round_since_the_seat_to_play_last_played():
    recent = [BOB_PLAYS, ANN_PLAYS]
    assert since_last_acted(recent, 0) == [BOB_PLAYS]  # seat 0 is to play
    assert since_last_acted(recent, None) == [BOB_PLAYS]  # nobody is: the last move
    assert since_last_acted([], None) == []


def test_one_entry_per_seat_the_newest_kept():
    plays = [move(seq, seq % 4, "x", placed(seq % 4, "green", f"A{seq}", "2S")) for seq in range(9, 1, -1)]
    said = recap(plays, None, NAMES, most=3)
    assert len(said.entries) == 3 and said.more_line == "and 1 more player"
    assert [entry.seat for entry in said.entries] == [1, 0, 3]  # by each seat's newest news
    assert said.phrases[0] == "bob played 2♠ on A5 — bob played 2♠ on A9"  # in the order played


def test_a_plain_draw_goes_without_saying():
    bob_draws = move(3, 1, "draw", drawn(1))
    assert recap([bob_draws, BOB_PLAYS], 0, NAMES).phrases == ["bob played K♥ on G6"]


def test_the_last_move_is_the_newest_play_not_a_draw():
    bob_draws = move(3, 1, "draw", drawn(1))
    changed, last = changed_cells([bob_draws, BOB_PLAYS, ANN_PLAYS], TEAMS)
    assert last == {"G6"} and changed == {"G6": "green", "C4": "blue"}


def test_a_draw_that_closed_another_window_is_told_as_the_turn_it_completed():
    """Not "bob took the draw — you lost a draw", which reads as if bob took ann's card."""
    events = [{"type": "card_drawn", "seat": 1}, {"type": "draw_lost", "seat": 0}]
    told = move_phrases(seat_names=NAMES, seat=1, text="draw", events=events, you=0)
    assert told == ["bob completed their turn", "you lost a draw"]
    alone = move_phrases(seat_names=NAMES, seat=1, text="draw", events=events[:1], you=0)
    assert alone == ["bob took the draw"]
