"""The words a player wrote in a reply, without what they quoted: the
text part (or the HTML part as text), format=flowed joined, then the
reply parser (mail-parser-reply) cuts quotes, "On … wrote:" lines in the
site's languages, signatures and phone footers; what it leaves of a
bottom-posted reply (the quote above the player's words) is cut here: ">"
lines, attribution lines in the four languages, and an original that
Outlook left unquoted under its "From: … Sent: …" block. Attachments are
never read."""

import html
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from html.parser import HTMLParser
from typing import NamedTuple

from mailparser_reply import EmailReplyParser

# The site's languages that mail-parser-reply knows (not Hungarian: there a
# quote header is simply a line that is no command, where reading stops).
LANGUAGES = ["en", "cs", "it"]
_PARSER = EmailReplyParser(languages=LANGUAGES)
# The end of an attribution line ("On … wrote:", "Dne … napsal(a):",
# "Il … ha scritto:", "… ezt írta:"); a client may wrap it before the verb.
_ATTRIBUTION_END = re.compile(r"(wrote|napsal\(a\)|napsala?|ha scritto|scrisse|írta)\s*:\s*$", re.IGNORECASE)
# The line above an original left unquoted: a separator, or Outlook's header block.
_SEPARATOR = re.compile(
    r"^-{2,}\s*(original message|forwarded message|původní zpráva|přeposlaná zpráva|messaggio originale"
    r"|messaggio inoltrato|eredeti üzenet|továbbított üzenet)\s*-{2,}$",
    re.IGNORECASE,
)
_HEADER_FROM = re.compile(r"^\*?(from|od|da|feladó)\s*:\*?\s", re.IGNORECASE)
_HEADER_NEXT = re.compile(
    r"^\*?(sent|date|to|subject|odesláno|datum|komu|předmět|inviato|data|a|oggetto|elküldve|dátum|címzett|tárgy)"
    r"\s*:\*?\s",
    re.IGNORECASE,
)
_BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "blockquote", "pre", "table"}


# Parts nested deeper than any mail client writes them: a message of a thousand nested parts (a few
# kilobytes) would exhaust the parser's recursion, and every walk over its parts after it.
MAX_DEPTH = 12


def parse_message(raw: bytes) -> EmailMessage:
    """The message's structure; headers are read lazily and may be broken (see safety.header).
    A message nested too deep is read as its headers alone: a reply with no words."""
    try:
        message = BytesParser(policy=policy.default).parsebytes(raw)
    except RecursionError:
        message = None
    if message is None or _depth(message) > MAX_DEPTH:
        return BytesParser(policy=policy.default).parsebytes(raw, headersonly=True)
    return message


def _depth(message: EmailMessage) -> int:
    deepest, waiting = 0, [(message, 0)]
    while waiting:  # not recursive, unlike the parts' own walk()
        part, depth = waiting.pop()
        deepest = max(deepest, depth)
        payload = part.get_payload() if part.is_multipart() and depth <= MAX_DEPTH else []
        waiting.extend((child, depth + 1) for child in payload if isinstance(child, EmailMessage))
    return deepest


class _Text(HTMLParser):
    """HTML as plain text: block elements become line breaks; quoted blocks,
    scripts and styles are dropped (what Gmail and Outlook quote)."""

    _SKIPPED = {"blockquote", "script", "style", "head"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.skipped = False

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        if tag in self._SKIPPED or "gmail_quote" in classes or "divRplyFwdMsg" in (dict(attrs).get("id") or ""):
            self.skipping += 1
            self.skipped = self.skipped or tag not in ("script", "style", "head")
        elif tag in _BLOCKS and not self.skipping:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in self._SKIPPED and self.skipping:
            self.skipping -= 1
        elif tag in _BLOCKS and not self.skipping:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_as_text(markup: str) -> tuple[str, bool]:
    """The text, and whether a quoted block was dropped."""
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return html.unescape("".join(parser.parts)), parser.skipped


def unflowed(text: str, *, delsp: bool) -> str:
    """RFC 3676: a line ending in a space goes on in the next one."""
    out: list[str] = []
    carry = ""
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if line.endswith(" ") and line.strip() and line != "-- " and not line.startswith(">"):  # "-- " signs
            carry += line[:-1] if delsp else line
            continue
        out.append(carry + line)
        carry = ""
    if carry:
        out.append(carry)
    return "\n".join(out)


def _text_part(message: EmailMessage) -> tuple[str, str] | None:
    """('plain' or 'html', its text) of the message's body, never an attachment."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return None
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):  # an unknown charset or a broken transfer encoding
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", errors="replace")
    if not isinstance(content, str):
        return None
    subtype = part.get_content_subtype()
    if subtype == "plain" and part.get_param("format", "").lower() == "flowed":
        content = unflowed(content, delsp=part.get_param("delsp", "").lower() == "yes")
    return subtype, content


class Words(NamedTuple):
    text: str  # what the sender wrote themselves, as plain text ('' if nothing)
    quoted: bool  # whether something quoted was cut from it


def _original_below(lines: list[str], at: int) -> bool:
    """Whether lines[at] opens an original left unquoted below the reply."""
    line = lines[at].strip()
    if _SEPARATOR.match(line):
        return True
    return bool(_HEADER_FROM.match(line)) and any(_HEADER_NEXT.match(n.strip()) for n in lines[at + 1 : at + 5])


def unquoted(text: str) -> Words:
    """The lines the sender wrote, above or below what they quoted."""
    lines = text.split("\n")
    own: list[str] = []
    quoted = False
    for at, line in enumerate(lines):
        if _original_below(lines, at):
            return Words("\n".join(own), True)
        stripped = line.strip()
        if stripped.startswith(">"):
            quoted = True
        elif _ATTRIBUTION_END.search(stripped):
            quoted = True
            head = _ATTRIBUTION_END.sub("", stripped).split()
            if len(head) <= 2 and own and own[-1].strip():  # wrapped: its start is the line above
                own.pop()
        else:
            own.append(line)
    return Words("\n".join(own), quoted)


def reply_text(message: EmailMessage) -> Words:
    """What the sender wrote, above or below the message they quote."""
    found = _text_part(message)
    if found is None:
        return Words("", False)
    subtype, content = found
    cut = False
    if subtype == "html":
        content, cut = html_as_text(content)
    content = re.sub(r"\r\n?", "\n", content).replace("\xa0", " ")
    parsed = _PARSER.parse_reply(content) or ""
    cut = cut or len(parsed.split()) < len(content.split())
    words = unquoted(parsed)
    return Words(words.text, cut or words.quoted)
