"""The table's players, built in Python (games.web.seats_html): what a row says
of its seat, in the reader's language, with every value escaped."""

from datetime import UTC, datetime, timedelta

from django.utils import translation

from games.viewmodels.seats import SeatRow, TeamRow
from games.web.seats_html import seats_html


def row(**changes) -> SeatRow:
    seat = {
        "position": 0,
        "name": "Ann",
        "team": "blue",
        "cards": 6,
        "is_turn": False,
        "is_me": False,
        "missed_turns": 0,
        "draw_open": False,
        "penalties_owed": 0,
        "resigned": False,
        "discards": [],
    }
    return SeatRow(**(seat | changes))


def shown(seats, teams=(), pile=40, language="en") -> str:
    with translation.override(language):
        return seats_html(seats=seats, teams=list(teams), draw_pile=pile, game_id=7, csrf_token="TOKEN")


def test_a_name_is_escaped_and_marks_say_who_is_who():
    html = shown([row(name="<b>Ann</b> & co", is_me=True, is_turn=True), row(name="Bob", is_partner=True)])
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co</span> (you)" in html and "<b>Ann" not in html
    assert '<span class="seat-name">Bob</span> <span class="muted">(partner)</span>' in html
    assert '<tr class="seat is-turn is-me">' in html and html.count("badge-go") == 1


def test_a_row_counts_cards_and_shows_the_last_discard():
    html = shown([row(cards=1, discards=["AS", "TH"]), row(cards=0)], pile=1)
    assert "Draw pile: <strong>1</strong> card<" in html
    assert "1 card<" in html and "0 cards<" in html
    assert html.count('title="10 of hearts"') == 2  # the last discard, and in the list of all
    assert "No cards yet." in html


def test_a_rows_notes_in_order():
    away = datetime(2026, 12, 10, 12, tzinfo=UTC)
    seat = row(bank_left=timedelta(days=2, hours=3), missed_turns=2, lost_draws=3, penalties_owed=1, away_until=away)
    html = shown([seat, row(resigned=True, draw_open=True, lost_draws=1)])
    assert '<small class="seat-notes muted">2 d 3 h left <span class="away">on vacation until <time' in html
    assert "missed 2 lost 3 draws owes a penalty card</small>" in html
    assert "draw open lost a draw resigned</small>" in html


def test_only_the_offered_players_own_row_has_the_i_am_back_form():
    assert "I am back" not in shown([row(offered=True)])
    html = shown([row(offered=True, is_me=True)])
    assert 'action="/games/7/keep-seat/"' in html
    assert '<input type="hidden" name="csrfmiddlewaretoken" value="TOKEN">' in html and "I am back" in html


def test_the_teams_line_and_the_words_in_the_readers_language():
    html = shown([row()], teams=[TeamRow("blue", 2, 1, 2), TeamRow("green", 2, 0, 2)], language="cs")
    assert 'class="team-rows"' in html and "Hráči" in html and "1/2" in html and "0/2" in html
