"""The table's players as HTML, built in Python: a row of a dozen conditions
per seat and the discards made it the costliest template left on the first
view of a table after a move (issue #31). The markup is what the seats'
template made, whitespace aside; its sentences are the msgids the template
had. The same for every viewer of a revision but the viewer's own marks
(games.web.fragments keys the page per viewer)."""

from dataclasses import dataclass
from functools import cache
from html import escape

from django.template import Context
from django.template.defaulttags import CsrfTokenNode
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.templatetags.clocks import bank_left
from games.templatetags.dates import countdown, moment
from games.templatetags.sequence_tags import card, chip
from games.viewmodels.seats import SeatRow, TeamRow
from games.words import team


@dataclass(frozen=True)
class Words:
    """The seats' fixed words in one language, escaped (gettext outside
    f-strings: xgettext skips those)."""

    players: str
    sequences: str
    caption: str
    heads: tuple[str, str, str, str]
    you: str
    partner: str
    back: str
    to_play: str
    next: str
    offered: str
    draw_open: str
    owes: str
    resigned: str
    all_discards: str
    none_yet: str


@cache
def _words(language: str | None) -> Words:
    e = escape
    return Words(
        players=e(gettext("Players")),
        sequences=e(gettext("Sequences made / needed:")),
        caption=e(gettext("The players in order of play")),
        heads=(
            e(gettext("Player")),
            e(gettext("Cards")),
            e(gettext("Last discard")),
            e(pgettext("a seat's column", "Turn")),
        ),
        you=e(gettext("(you)")),
        partner=e(gettext("(partner)")),
        back=e(gettext("I am back")),
        to_play=e(pgettext("a seat's badge", "to play")),
        next=e(pgettext("a seat's badge", "next")),
        offered=e(gettext("offered to other players")),
        draw_open=e(gettext("draw open")),
        owes=e(gettext("owes a penalty card")),
        resigned=e(pgettext("a seat", "resigned")),
        all_discards=e(gettext("All discards")),
        none_yet=e(gettext("No cards yet.")),
    )


def seats_html(*, seats: list[SeatRow], teams: list[TeamRow], draw_pile: int, game_id: int, csrf_token) -> SafeString:
    """The players in order of play with what each holds and owes, a line of
    the teams' sequences, and every discard on demand. `csrf_token`: the
    page's (a seat offered to others has its player's "I am back" form)."""
    words = _words(get_language())
    pile = ngettext(
        "Draw pile: <strong>%(cards)s</strong> card", "Draw pile: <strong>%(cards)s</strong> cards", draw_pile
    ) % {"cards": draw_pile}
    heads = "".join(f'<th scope="col">{head}</th>' for head in words.heads)
    parts = [
        '<section class="panel seats-panel" aria-labelledby="seats-title">',
        f'<h2 id="seats-title">{words.players} <small class="muted">{pile}</small></h2>',
    ]
    if teams:
        parts.append(_team_rows(teams, words))
    parts += [
        '<table class="seats">',
        f'<caption class="visually-hidden">{words.caption}</caption>',
        f'<thead class="visually-hidden"><tr>{heads}</tr></thead>',
        "<tbody>",
        *(_row(seat, words, game_id, csrf_token) for seat in seats),
        "</tbody>",
        "</table>",
        _discards(seats, words),
        "</section>",
    ]
    return mark_safe("\n".join(parts) + "\n")  # every value escaped as it went in


def _team_rows(teams: list[TeamRow], words: Words) -> str:
    rows = []
    for row in teams:
        said = gettext("%(team)s %(made)s/%(needed)s")
        said %= {"team": escape(team(row.team)), "made": row.made, "needed": row.needed}
        rows.append(f"\n<span>{chip(row.team)} {said}</span>")
    return f'<p class="team-rows"><span class="muted">{words.sequences}</span>{"".join(rows)}</p>'


def _row(seat: SeatRow, words: Words, game_id: int, csrf_token) -> str:
    classes = "seat" + " is-turn" * seat.is_turn + " is-me" * seat.is_me + " resigned" * seat.resigned
    who = ""
    if seat.is_me:
        who = f" {words.you}"
    elif seat.is_partner:
        who = f' <span class="muted">{words.partner}</span>'
    back = ""
    if seat.offered and seat.is_me:
        back = (
            f'\n<form method="post" action="{reverse("game_keep_seat", args=[game_id])}" class="inline-form">'
            f"{CsrfTokenNode().render(Context({'csrf_token': csrf_token}))}"  # the {% csrf_token %} tag's own
            f'<button type="submit" class="small">{words.back}</button></form>'
        )
    cards = ngettext("%(cards)s card", "%(cards)s cards", seat.cards) % {"cards": seat.cards}
    discard = card(seat.last_discard) if seat.last_discard else '<span class="muted">–</span>'
    badge = ""
    if seat.is_turn:
        badge = f'<strong class="badge badge-go">{words.to_play}</strong>'
    elif seat.is_next:
        badge = f'<span class="badge">{words.next}</span>'
    return (
        f'<tr class="{classes}">\n'
        f'<th scope="row">{chip(seat.team)} <span class="seat-name">{escape(seat.name)}</span>{who}'
        f"{_notes(seat, words)}{back}</th>\n"
        f'<td class="seat-cards">{cards}</td>\n'
        f'<td class="seat-discard">{discard}</td>\n'
        f'<td class="seat-turn">{badge}</td>\n'
        "</tr>"
    )


def _notes(seat: SeatRow, words: Words) -> str:
    """What else a seat's row says, each a few words: its clock, an offer, a
    vacation, missed turns and draws, a penalty owed, a resignation."""
    notes = []
    if seat.bank_left is not None:
        notes.append(escape(bank_left(seat.bank_left)))
    elif seat.bank_runs_out:
        notes.append(gettext("bank runs out at %(until)s") % {"until": _short(countdown, seat.bank_runs_out)})
    if seat.offered:
        notes.append(f"<strong>{words.offered}</strong>")
    if seat.away_from:
        start, until = _short(moment, seat.away_from), _short(moment, seat.away_until)
        said = gettext("on vacation from %(start)s until %(until)s") % {"start": start, "until": until}
        notes.append(f'<span class="away">{said}</span>')
    elif seat.away_until:
        said = gettext("on vacation until %(until)s") % {"until": _short(moment, seat.away_until)}
        notes.append(f'<span class="away">{said}</span>')
    if seat.missed_turns:
        notes.append(gettext("missed %(missed)s") % {"missed": seat.missed_turns})
    if seat.draw_open:
        notes.append(words.draw_open)
    if seat.lost_draws:
        notes.append(ngettext("lost a draw", "lost %(lost)s draws", seat.lost_draws) % {"lost": seat.lost_draws})
    if seat.penalties_owed:
        notes.append(words.owes)
    if seat.resigned:
        notes.append(words.resigned)
    return f'\n<small class="seat-notes muted">{" ".join(notes)}</small>' if notes else ""


def _short(time_filter, value) -> str:
    """A date filter of games.templatetags.dates, given the local time as the template engine gives it."""
    return time_filter(timezone.localtime(value), "short")


def _discards(seats: list[SeatRow], words: Words) -> str:
    rows = "".join(
        f"<li>{chip(seat.team)} {escape(seat.name)}: "
        + ("".join(f"{card(code)} " for code in seat.discards) or words.none_yet)
        + "</li>"
        for seat in seats
    )
    return (
        '<details class="discards">\n'
        f"<summary>{words.all_discards}</summary>\n"
        f'<ul class="discard-list">{rows}</ul>\n'
        "</details>"
    )
