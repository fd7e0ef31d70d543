"""The words a player wrote in a reply, without what they quoted: the
text part (or the HTML part as text), format=flowed joined, then the
reply parser (mail-parser-reply) cuts quotes, "On … wrote:" lines in the
site's languages, signatures and phone footers. Attachments are never read."""

import html
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from html.parser import HTMLParser

from mailparser_reply import EmailReplyParser

# The site's languages that mail-parser-reply knows (not Hungarian: there a
# quote header is simply a line that is no command, where reading stops).
LANGUAGES = ["en", "cs", "it"]
_PARSER = EmailReplyParser(languages=LANGUAGES)
_BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "blockquote", "pre", "table"}


def parse_message(raw: bytes) -> EmailMessage:
    """The message's structure; headers are read lazily and may be broken (see safety.header)."""
    return BytesParser(policy=policy.default).parsebytes(raw)


class _Text(HTMLParser):
    """HTML as plain text: block elements become line breaks; quoted blocks,
    scripts and styles are dropped (what Gmail and Outlook quote)."""

    _SKIPPED = {"blockquote", "script", "style", "head"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        if tag in self._SKIPPED or "gmail_quote" in classes or "divRplyFwdMsg" in (dict(attrs).get("id") or ""):
            self.skipping += 1
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


def html_as_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return html.unescape("".join(parser.parts))


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


def reply_text(message: EmailMessage) -> str:
    """What the sender wrote on top of the message, as plain text ('' if nothing)."""
    found = _text_part(message)
    if found is None:
        return ""
    subtype, content = found
    if subtype == "html":
        content = html_as_text(content)
    content = re.sub(r"\r\n?", "\n", content).replace("\xa0", " ")
    return _PARSER.parse_reply(content) or ""
