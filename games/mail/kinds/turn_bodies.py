"""The turn e-mail's subject and bodies, written in Python: it goes out on
every move, and as three templates (an extended base, a score of translation
tags) it was most of the time a worker took to render one (#28). Its
sentences are the msgids its templates had, so the translations carry over;
the page around the body and the shared parts are games.mail.parts', which
the templates of the other kinds use too."""

from django.template.defaultfilters import timeuntil_filter
from django.utils.translation import gettext

from games import words
from games.mail import parts
from games.models import Game
from games.templatetags.clocks import clock


class TurnBodies:
    """The turn e-mail's `subject`, `text` and `html` of its context, as a kind's Templates gives them."""

    def subject(self, context: dict) -> str:
        game, deadline = context["game"], context.get("deadline")
        if game.status == Game.Status.PAUSED:
            return gettext("Your turn in game %(number)s (paused)") % {"number": game.pk}
        if deadline:
            left = timeuntil_filter(deadline)
            return gettext("Your turn in game %(number)s — %(left)s left") % {"number": game.pk, "left": left}
        return gettext("Your turn in game %(number)s") % {"number": game.pk}

    def text(self, context: dict) -> str:
        game, seat = context["game"], context["seat"]
        said = {"number": game.pk, "team": words.team(seat.team_name)}
        if game.paused_by_players:
            news = gettext(
                "It is your turn in game %(number)s (%(team)s), but its players paused the game: the clocks are "
                "stopped and nobody moves until one of them resumes it."
            )
        elif game.status == Game.Status.PAUSED:
            news = gettext(
                "It is your turn in game %(number)s (%(team)s), but a moderator paused the game: the clocks are "
                "stopped and nobody moves until it resumes."
            )
        else:
            news = gettext("It is your turn in game %(number)s (%(team)s).")
        news = news % said + ("" if game.status == Game.Status.PAUSED else parts.until_text(context))
        return (
            parts.reply_line_text(context)
            + gettext("Hello %(name)s,") % {"name": context["name"]}
            + f"\n\n{news}{parts.away_text(context)}\n\n"
            + parts.recap_text(context)
            + parts.chat_text(context)
            + parts.board_text(context)
            + "\n\n"
            + parts.hand_text(context, context["table"].actions.listed)
            + "\n"
            + gettext("Make your move at the table: %(game_url)s") % {"game_url": context["game_url"]}
            + "\n"
            + parts.footer_text(context)
            + "\n"
        )

    def html(self, context: dict) -> str:
        game, seat, deadline = context["game"], context["seat"], context.get("deadline")
        title = gettext("Your turn in game %(number)s") % {"number": game.pk}
        team = words.team(seat.team_name)
        said = parts.sentence_html(
            gettext("Hello %(name)s, it is your turn (%(team)s)."), name=context["name"], team=team
        )
        if game.paused_by_players:
            pause = gettext(
                "Its players paused the game: the clocks are stopped and nobody moves until one of them resumes it."
            )
            said += f" <strong>{pause}</strong>"
        elif game.status == Game.Status.PAUSED:
            pause = gettext("A moderator paused the game: the clocks are stopped and nobody moves until it resumes.")
            said += f" <strong>{pause}</strong>"
        if deadline:
            when = parts.local_when(deadline, "deadline")
            until = gettext("You have until <strong>%(when)s</strong> (%(left)s).")
            said += " " + parts.sentence_html(until, when=when, left=timeuntil_filter(deadline))
            said += " " + parts.sentence_html(gettext("Clock: %(clock)s."), clock=clock(game))
        body = (
            f"\n{parts.reply_line_html(context)}\n"
            f'<h1 style="font-size:20px;margin:0 0 8px;">{title}</h1>\n'
            f"<p>{said}</p>\n"
            f"{parts.away_html(context)}\n{parts.recap_html(context)}\n{parts.chat_html(context)}\n"
            f"{parts.board_html(context)}\n{parts.moves_html(context)}\n"
        )
        return (
            parts.page_top_html(context)
            + title
            + parts.page_middle_html(context)
            + body
            + parts.page_bottom_html(context)
        )
