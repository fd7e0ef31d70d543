"""What real mail clients send, reduced to the reply's own words: quotes,
"On … wrote:" lines in the site's languages, signatures, phone footers,
HTML-only mail, format=flowed and non-ASCII."""

import base64

import pytest

from games.inbound import body, commands


def words(raw: str) -> str:
    return body.reply_text(body.parse_message(raw.replace("\n", "\r\n").encode())).text


def moves(raw: str) -> list[str]:
    return [c.text or c.kind for c in commands.read(words(raw))]


GMAIL = """\
From: Ann <ann@example.org>
To: play+abc@in.example.org
Subject: Re: Your turn in game 7
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="000"

--000
Content-Type: text/plain; charset="UTF-8"

7h c4

On Mon, Nov 30, 2026 at 10:00 AM Sequence <sequence@localhost> wrote:

> Reply with your move, e.g. "9H A2" (or "help").
>
> Hello ann,

--000
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">7h c4</div><br><div class="gmail_quote">
<div dir="ltr" class="gmail_attr">On Mon, Nov 30, 2026 at 10:00 AM Sequence wrote:<br></div>
<blockquote class="gmail_quote">Reply with your move, e.g. 9H A2</blockquote></div>

--000--
"""

OUTLOOK_HTML_ONLY = """\
From: Ann <ann@example.org>
To: play+abc@in.example.org
Subject: AW: Your turn in game 7
MIME-Version: 1.0
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

<html><body><div>dead 7H</div><div>8S D2</div><div><br></div>
<div id=3D"divRplyFwdMsg"><b>From:</b> Sequence &lt;sequence@localhost&gt;<br><b>Sent:</b> Monday<br>=
<b>Subject:</b> Your turn<br></div><div>Reply with your move, e.g. 9H A2</div></body></html>
"""

APPLE_MAIL_CZECH = """\
From: Ann <ann@example.org>
To: play+abc@in.example.org
Subject: Re: Your turn in game 7
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

7 srdce C4

Odesláno z iPhonu

> Dne 30. 11. 2026 v 10:00, Sequence <sequence@localhost> napsal:
>
> Reply with your move, e.g. "9H A2"
"""

THUNDERBIRD_FLOWED_ITALIAN = """\
From: Ann <ann@example.org>
To: play+abc@in.example.org
Subject: Re: Your turn in game 7
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 8bit

{flowed}
C2-C6

{signature}
Anna Rossi

Il 30/11/2026 10:00, Sequence ha scritto:
> Reply with your move, e.g. "9H A2"
""".format(flowed="7 cuori C4 seq ", signature="-- ")  # trailing spaces: the line goes on; the signature

PHONE_HUNGARIAN = """\
From: Ann <ann@example.org>
To: play+abc@in.example.org
Subject: Re: Your turn in game 7
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

""" + base64.encodebytes(
    "7 kőr c4\n\nSent from my Galaxy\n\n-------- Original message --------\nFrom: Sequence\n> 9H A2\n".encode()
).decode()


@pytest.mark.parametrize(
    "raw, expected",
    [
        (GMAIL, ["7H C4"]),
        (OUTLOOK_HTML_ONLY, ["dead 7H", "8S D2"]),
        (APPLE_MAIL_CZECH, ["7H C4"]),
        (PHONE_HUNGARIAN, ["7H C4"]),
    ],
    ids=["gmail", "outlook-html-only", "apple-mail-cs", "phone-hu"],
)
def test_the_reply_is_found_under_every_client(raw, expected):
    assert moves(raw) == expected


def test_format_flowed_lines_are_joined():
    assert moves(THUNDERBIRD_FLOWED_ITALIAN) == ["7H C4 seq C2-C6"]


def test_the_subject_carries_the_move_when_the_body_is_empty():
    raw = "From: a@example.org\nTo: play+x@in.example.org\nSubject: Re: 7H C4\n\n\n"
    assert [c.text for c in commands.read(words(raw), "Re: 7H C4")] == ["7H C4"]
