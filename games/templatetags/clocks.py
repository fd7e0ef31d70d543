"""A game's clock in words, and a time bank's balance: {{ game|clock }}
("time bank: 3 days + 1 day a move, at most 1 week · weekends off") and
{{ seat.bank_left|bank_left }} ("2 d 4 h left")."""

from datetime import timedelta

from django import template
from django.utils.translation import gettext, ngettext

from games.clock import BANK, days_hours
from games.templatetags.sequence_tags import duration

register = template.Library()


@register.filter
def clock(game) -> str:
    if game.clock_kind == BANK:
        text = gettext("time bank: %(initial)s + %(increment)s a move, at most %(cap)s") % {
            "initial": duration(game.bank_initial_seconds),
            "increment": duration(game.bank_increment_seconds) if game.bank_increment_seconds else "0",
            "cap": duration(game.bank_cap_seconds),
        }
    else:
        text = gettext("%(time)s per move") % {"time": duration(game.turn_seconds)}
    return gettext("%(clock)s · weekends off") % {"clock": text} if game.weekends_off else text


@register.simple_tag
def draw_window(game) -> str:
    """A tabletop game's draw window in a sentence, for its terms, its
    invitation and the e-mail that says it has started (each asks only of a
    tabletop game, as each gives the sentence a place of its own)."""
    return gettext(
        "Tabletop draw: after playing, you have %(time)s to draw; "
        "the draw is lost sooner if the next player completes their turn first."
    ) % {"time": duration(game.draw_window_seconds)}


@register.filter
def bank_left(left: timedelta | None) -> str:
    if left is None:
        return ""
    days, hours, minutes = days_hours(left)
    if days:
        return gettext("%(days)d d %(hours)d h left") % {"days": days, "hours": hours}
    return gettext("%(hours)d h %(minutes)d min left") % {"hours": hours, "minutes": minutes}


@register.filter
def days_and_hours(time: timedelta | None) -> str:
    """A stretch of time to the hour, rounded down: "3 d 4 h" (vacation held);
    whole days in words: "30 days", not "30 d 0 h"."""
    if time is None:
        return ""
    days, hours, _ = days_hours(time)
    if days and not hours:  # in days, as vacation is earned and held: never "2 weeks"
        return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}
    return gettext("%(days)d d %(hours)d h") % {"days": days, "hours": hours}
