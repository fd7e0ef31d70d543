"""The table's list of moves as HTML, built in Python: some 30 lines of a
few values each, which Django's template engine made at some 40 lookups a
line on every first view after a move (issue #31). The markup is what the
list's template made, whitespace aside. The same for every viewer of a
revision (games.web.fragments keys it so)."""

from html import escape

from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.dates import when
from games.templatetags.sequence_tags import chip
from games.viewmodels.history import HistoryLine


def _line(line: HistoryLine, round_head: int | None) -> str:
    moment = timezone.localtime(line.when)
    if round_head:
        mark = '<span class="round-mark">{}</span>'.format(gettext("Round %(number)s") % {"number": round_head})
        opening = f'<li value="{line.seq}" class="round-start-above">{mark}'
    else:
        opening = f'<li value="{line.seq}">'
    return (
        f'{opening}<span class="words">{chip(line.team)} {escape(line.words)} <code class="notation">'
        f"{escape(line.notation)}</code></span>\n"
        f'<time class="muted" datetime="{moment.isoformat()}">{escape(when(moment, "stamp"))}</time></li>'
    )


def round_heads(lines: list[HistoryLine]) -> list[int | None]:
    """Per line (newest first), the number of the round it heads: a round's
    newest line, at the top of its group, carries the number its first line
    (at the bottom) knows. The oldest group shown has lost its first line
    when the history is cut: it is the round before the last one named."""
    heads: list[int | None] = [None] * len(lines)
    top, named = 0, None
    for index, line in enumerate(lines):
        if line.round:
            heads[top], top, named = line.round, index + 1, line.round
    if top < len(lines) and named and named > 1:
        heads[top] = named - 1
    return heads


def history_html(lines: list[HistoryLine]) -> SafeString:
    """The moves, newest first, each with its mover's chip and its time, in
    groups by round, each headed by its number."""
    title, empty = gettext("Moves, newest first"), gettext("No moves yet.")  # not in an f-string: xgettext skips those
    parts = ['<section class="panel history" aria-labelledby="history-title">']
    parts.append(f'<h2 id="history-title">{escape(title)}</h2>')
    if lines:
        parts += ['<ol class="history-list" reversed>', *map(_line, lines, round_heads(lines)), "</ol>"]
    else:
        parts.append(f'<p class="muted">{escape(empty)}</p>')
    parts.append("</section>")
    return mark_safe("\n".join(parts) + "\n")  # every value escaped as it went in
