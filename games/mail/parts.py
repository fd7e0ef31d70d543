"""The parts many e-mails share (the reply line, the clock, the recap, the
chat, the board, the hand and moves, the footer), written in Python from the
e-mail's context: as templates, with their loops, includes and translation
tags, they were most of the time it took to render a turn e-mail. Each kind's
own words stay in its templates, which call these through
games/templatetags/mail_parts.py. Text parts go into the text bodies (no
escaping); HTML parts escape the values they insert and not the translated
sentences (which may hold markup), as the templates did."""

from django.template.defaultfilters import linebreaksbr, timeuntil_filter
from django.urls import reverse
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from games import dates
from games.mail.board_html import board_rows, chip
from games.templatetags.clocks import clock


def _escaped(values: dict) -> dict:
    return {name: conditional_escape(value) for name, value in values.items()}


def sentence_html(message: str, **values) -> SafeString:
    """A translated sentence that may hold markup, with its values escaped (as {% blocktranslate %} does)."""
    return mark_safe(message % _escaped(values))


def local_when(value, kind: str) -> str:
    """A moment in the reader's language and time zone, as the `when` filter writes it ("" for none)."""
    return dates.when(timezone.localtime(value), kind) if value else ""


def reply_line_text(context) -> str:
    if not context.get("reply_address"):
        return ""
    example = context.get("reply_example")
    return gettext('Reply with your move, e.g. "%(example)s" (or "help").') % {"example": example} + "\n\n"


def reply_line_html(context) -> SafeString:
    if not context.get("reply_address"):
        return mark_safe("")
    reply = sentence_html(
        gettext("Reply with your move, e.g. <code>%(example)s</code>"), example=context.get("reply_example")
    )
    help_ = gettext("(or <code>help</code>).")
    return mark_safe(f"<p><strong>{reply}</strong> {help_}</p>")


def until_text(context) -> str:
    deadline = context.get("deadline")
    if not deadline:
        return ""
    left = {"when": local_when(deadline, "deadline"), "left": timeuntil_filter(deadline)}
    return (
        " "
        + gettext("You have until %(when)s (%(left)s).") % left
        + " "
        + gettext("Clock: %(clock)s.") % {"clock": clock(context["game"])}
    )


def _away(context, escape) -> list[str]:
    """'… is on vacation until …' for each other seat away now, its values escaped by `escape`."""
    table = context.get("table")
    return [
        gettext("%(player)s is on vacation until %(until)s.")
        % {"player": escape(seat.name), "until": escape(local_when(seat.away_until, "short"))}
        for seat in (table.seats if table else [])
        if seat.away_until and seat.away_from is None and not seat.is_me  # not one still to come
    ]


def away_text(context) -> str:
    return "".join("\n" + sentence for sentence in _away(context, str))


def away_html(context) -> SafeString:
    return mark_safe("".join(f"<p>{sentence}</p>" for sentence in _away(context, conditional_escape)) + "\n")


def _more(count: int) -> str:
    return ngettext("… and %(more)s more on the table", "… and %(more)s more on the table", count)


def recap_text(context) -> str:
    recap = context.get("recap")
    if not recap or not recap.entries:
        return ""
    lines = [gettext("Since your last move:") + "\n"]
    lines += [f"  {entry.letter + ' ' if entry.letter else ''}{entry.text}\n" for entry in recap.entries]
    if recap.more:
        lines.append(f"  {_more(recap.more) % {'more': recap.more}}\n")
    return "".join(lines) + "\n"


def recap_html(context) -> SafeString:
    recap = context.get("recap")
    if not recap or not recap.entries:
        return mark_safe("")
    entries = "".join(
        f'<li style="margin:2px 0;">{chip(entry.team)} {conditional_escape(entry.text)}</li>' for entry in recap.entries
    )
    more = f"<li>{sentence_html(_more(recap.more), more=recap.more)}</li>" if recap.more else ""
    heading = gettext("Since your last move:")
    return mark_safe(
        f'<p style="margin:0 0 4px;"><strong>{heading}</strong></p>\n'
        f'<ul style="margin:0 0 12px;padding-left:0;list-style:none;">{entries}{more}</ul>'
    )


def chat_text(context) -> str:
    messages = context.get("new_messages")
    if not messages:
        return ""
    heading = gettext("New messages in the table chat:")
    lines = "".join(f"  {message.name}: {message.text}\n" for message in messages)
    return f"{heading}\n{lines}\n"


def chat_html(context) -> SafeString:
    messages = context.get("new_messages")
    if not messages:
        return mark_safe("\n")
    items = "".join(
        f"<li><strong><bdi>{conditional_escape(message.name)}</bdi>:</strong> "
        f'<span dir="auto">{linebreaksbr(message.text)}</span></li>'
        for message in messages
    )
    heading = gettext("New messages in the table chat:")
    return mark_safe(
        f'<p style="margin:0 0 4px;"><strong>{heading}</strong></p>\n'
        f'<ul style="margin:0 0 12px;padding-left:20px;">{items}</ul>\n'
    )


def board_text(context) -> str:
    if context["game"].teams == 3:
        legend = gettext(
            "[B] blue, [G] green, [R] red chip · *B* a chip in a finished sequence · ** a corner, free for everyone"
        )
    else:  # blue and green: red plays only with three teams
        legend = gettext(
            "[B] blue, [G] green chip · *B* a chip in a finished sequence · ** a corner, free for everyone"
        )
    if context.get("recap"):
        legend += " · " + gettext("<B> a chip placed, <7H> a chip removed since your last move")
    cells = gettext("Cells are named by column (A–J, across the top) and row (1–10, down the side): C4.")
    return f"{context.get('board_text', '')}\n\n{legend}\n{cells}"


BOARD_STYLE = (
    "border-collapse:separate;border-spacing:1px;background:#2d5a3d;border-radius:6px;width:100%;max-width:420px;"
    "table-layout:fixed;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
)


def board_html(context) -> SafeString:
    """The board as a table that fits a phone (390 px): a chip's letter on its
    colour, else the card; what changed since the reader's last play framed
    in the mover's colour."""
    label = gettext("Board, columns A to J, rows 1 to 10")
    legend = gettext(
        "A framed cell was played or cleared since your last move, in the player's colour; the thickest frame is "
        "the last move. * a chip in a finished sequence · ★ a corner, free for everyone · Cells are named by column "
        "(A–J) and row (1–10): C4."
    )
    # Escaped: a translation may hold a quote (Italian's "l'ultima") that would end the attribute.
    label, legend = conditional_escape(label), conditional_escape(legend)
    return mark_safe(
        f'\n<table class="board" aria-label="{label}" style="{BOARD_STYLE}">\n'
        f"{board_rows(context['table'].rows, context.get('recap'))}</table>\n"
        f'<p style="font-size:13px;color:#5a6272;">{legend}</p>'
    )


def hand_text(context, moves) -> str:
    table = context.get("table")
    hand = "  ".join(table.hand_labels) if table else ""
    text = gettext("Your hand: %(hand)s") % {"hand": hand} + "\n"
    if moves:
        number = len(table.actions.texts)
        text += "\n" + gettext("Moves you can make now (%(number)s):") % {"number": number} + "\n"
        text += "".join(f"  {move}\n" for move in moves)
    return text


def moves_html(context) -> SafeString:
    table = context["table"]
    hand = "  ".join(conditional_escape(label) for label in table.hand_labels)
    your_hand, can_make = gettext("Your hand:"), gettext("Moves you can make now:")
    open_table = gettext("Open the table")
    parts = [f"<p><strong>{your_hand}</strong> {hand}</p>\n"]
    if moves := table.actions.listed:
        listed = "".join(f"<br><code>{conditional_escape(move)}</code>" for move in moves)
        parts.append(f"<p><strong>{can_make}</strong>{listed}</p>")
    parts.append(
        f'\n<p><a href="{conditional_escape(context.get("game_url", ""))}" style="display:inline-block;'
        'background:#1f5fbf;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;">'
        f"{open_table}</a></p>\n"
    )
    return mark_safe("".join(parts))


def to_a_stranger(context) -> bool:
    """Whether the e-mail goes to an address without an account (an invitation
    by address, or the news that its game is off): there are no settings of
    theirs to link to, and its unsubscribe link stops every invitation to the address."""
    return "recipient" in context and context["recipient"] is None


def _inviter(context) -> str:
    """Who sent the stranger's invitation ("" when unknown, or their account is gone)."""
    invitation = context.get("invitation")
    inviter = invitation.invited_by if invitation is not None else None
    return inviter.username if inviter is not None else ""


def _stranger_footer_text(urls: dict, inviter: str) -> str:
    why = (
        gettext("You get this e-mail because %(inviter)s, a player at %(site_url)s, invited you to a game of Sequence.")
        if inviter
        else gettext("You get this e-mail because a player at %(site_url)s invited you to a game of Sequence.")
    )
    lines = [
        why % {"inviter": inviter, "site_url": urls["site_url"]},
        gettext("How to play: %(rules_url)s") % urls,
        gettext("Stop e-mails like this one: %(unsubscribe_url)s") % urls,  # invitations to the address
    ]
    return "\n--\n" + "".join(line + "\n" for line in lines)


def footer_text(context) -> str:
    urls = {name: context.get(name, "") for name in ("site_url", "settings_url", "unsubscribe_url")}
    urls["rules_url"] = urls["site_url"] + reverse("rules")
    if to_a_stranger(context):
        return _stranger_footer_text(urls, _inviter(context))
    lines = [
        gettext("You get this e-mail because you play Sequence at %(site_url)s."),
        gettext("How to play: %(rules_url)s"),
        gettext("Choose which e-mails you get, and when: %(settings_url)s"),
        gettext("Stop e-mails like this one: %(unsubscribe_url)s"),
    ]
    return "\n--\n" + "".join(line % urls + "\n" for line in lines)


PAGE_STYLE = (
    "margin:0;padding:16px;background:#fbfaf7;"
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2330;"
)
SHEET_STYLE = (
    "max-width:640px;margin:0 auto;background:#fff;border:1px solid #d9dce3;border-radius:10px;padding:16px 20px;"
)


def page_top_html(context) -> SafeString:
    """An HTML e-mail's opening, up to its title (templates/emails/base.html, and the turn e-mail's Python).
    The viewport: a phone's mail app that shows the e-mail as a page lays it out at its own width."""
    return mark_safe(
        f'<!DOCTYPE html>\n<html lang="{get_language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>'
    )


def page_middle_html(context) -> SafeString:
    """From after the title to the body."""
    return mark_safe(f'</title></head>\n<body style="{PAGE_STYLE}">\n<div style="{SHEET_STYLE}">\n')


def _stranger_footer_html(context, site_url: str) -> tuple[SafeString, list[tuple[str, str]]]:
    inviter = _inviter(context)
    if inviter:
        why = sentence_html(
            gettext(
                "You get this e-mail because %(inviter)s, a player at"
                ' <a href="%(site_url)s">%(site_url)s</a>, invited you to a game of Sequence.'
            ),
            inviter=inviter,
            site_url=site_url,
        )
    else:
        why = sentence_html(
            gettext(
                'You get this e-mail because a player at <a href="%(site_url)s">%(site_url)s</a>'
                " invited you to a game of Sequence."
            ),
            site_url=site_url,
        )
    links = [
        (site_url + reverse("rules"), gettext("How to play")),
        (context.get("unsubscribe_url", ""), gettext("Stop e-mails like this one")),  # invitations to the address
    ]
    return why, links


def page_bottom_html(context) -> SafeString:
    """The footer (why this e-mail came, the rules, the settings, unsubscribing) and the end;
    to an address without an account, who invited it, the rules and stopping invitations."""
    site_url = context.get("site_url", "")
    if to_a_stranger(context):
        why, links = _stranger_footer_html(context, site_url)
    else:
        why = sentence_html(
            gettext('You get this e-mail because you play Sequence at <a href="%(site_url)s">%(site_url)s</a>.'),
            site_url=site_url,
        )
        links = [
            (site_url + reverse("rules"), gettext("How to play")),
            (context.get("settings_url", ""), gettext("Choose which e-mails you get")),
            (context.get("unsubscribe_url", ""), gettext("Stop e-mails like this one")),
        ]
    linked = " · ".join(f'<a href="{conditional_escape(url)}">{words}</a>' for url, words in links)
    return mark_safe(
        f'\n<p style="margin-top:24px;font-size:13px;color:#5a6272;">{why}\n{linked}</p>\n</div></body></html>\n'
    )
