"""One mail message read for its orders (issue 19, "Mail in").

`read_message` takes a message's raw bytes (an `.eml` file, one message of an
mbox or a Maildir) and gives what the inbox needs: the sender's addresses, the
Date and Message-ID headers, the SHA-256 of the raw bytes, the text the player
wrote (the plain part, else the HTML part with its tags stripped; quoted-
printable and base64 decoded, any charset) and the attachments that are order
files (`.txt`, `.yaml`, `.yml`). Quoted replies (`>` lines) and signatures are
kept (only a forwarding line, `---------- Forwarded message ---------`, is
quoted with `> `): the rulesets' readers already ignore them, and the text stays as the
player wrote it. Nothing here knows about game folders or rulesets.
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import EmailMessage, Message
from email.policy import default as default_policy
from email.utils import getaddresses, parsedate_to_datetime
from html.parser import HTMLParser
from pathlib import PurePath

ORDER_SUFFIXES = (".txt", ".yaml", ".yml")
"""The attachments read as order files; any other is listed and left."""


@dataclass(frozen=True)
class Attachment:
    """An order file sent as an attachment: its plain file name and bytes."""

    name: str
    data: bytes


@dataclass(frozen=True)
class MailMessage:
    """A message as the inbox sees it."""

    addresses: tuple[str, ...]
    """The From addresses, lower case."""
    sender: str
    """The From header as written (for the GM's summary)."""
    date: datetime | None
    """The Date header (a time zone always: a date without one is taken as UTC)."""
    message_id: str
    subject: str
    sha256: str
    text: str
    attachments: tuple[Attachment, ...]
    ignored: tuple[str, ...]
    """Attachments that are no order files (names), left unread."""


def read_message(raw: bytes) -> MailMessage:
    """Read one message's raw bytes (never raises on a malformed message:
    what cannot be read is left empty)."""
    message = message_from_bytes(raw, policy=default_policy)
    sender = _header(message, "From")
    attachments, ignored = _attachments(message)
    return MailMessage(
        addresses=tuple(a.strip().lower() for _, a in getaddresses([sender]) if "@" in a),
        sender=sender,
        date=_date(_header(message, "Date")),
        message_id=_header(message, "Message-ID"),
        subject=_header(message, "Subject"),
        sha256=hashlib.sha256(raw).hexdigest(),
        text=_body_text(message),
        attachments=attachments,
        ignored=ignored,
    )


def _header(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except (ValueError, TypeError, IndexError):
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _date(text: str) -> datetime | None:
    if not text:
        return None
    try:
        moment = parsedate_to_datetime(text)
    except (ValueError, TypeError, IndexError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _body_text(message: Message) -> str:
    """The plain text body, else the HTML body as text; line ends made `\\n`."""
    body = _body_part(message)
    if body is None:
        return ""
    text = _part_text(body)
    if body.get_content_type() == "text/html":
        text = html_to_text(text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return FORWARD_MARK.sub(r"> \g<0>", text)


FORWARD_MARK = re.compile(
    r"^[ \t]*(?:-{2,}[ \t]*(?:forwarded message|original message|mensaje reenviado|"
    r"mensaje original|missatge reenviat|missatge original)[ \t]*-*|begin forwarded message:)"
    r"[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
"""The line a mail client puts above a forwarded or quoted message (English,
Spanish, Catalan): made a quoted line (`> `), which the readers ignore as they
ignore the headers below it; the line numbers stay the same."""


def _body_part(message: Message) -> Message | None:
    if isinstance(message, EmailMessage):
        try:
            found = message.get_body(preferencelist=("plain", "html"))
        except (KeyError, ValueError, TypeError):
            found = None
        if found is not None:
            return found
    if not message.is_multipart() and message.get_content_maintype() == "text":
        return message
    return None


def _part_text(part: Message) -> str:
    """A text part decoded: its transfer encoding, then its charset (an
    unknown or wrong charset falls back to UTF-8, then Latin-1)."""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return ""
    charset = part.get_content_charset() or "us-ascii"
    for encoding in (charset, "utf-8", "latin-1"):
        try:
            return data.decode(encoding)
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("latin-1")  # pragma: no cover - latin-1 decodes every byte


def _attachments(message: Message) -> tuple[tuple[Attachment, ...], tuple[str, ...]]:
    if not isinstance(message, EmailMessage) or not message.is_multipart():
        return (), ()
    found: list[Attachment] = []
    ignored: list[str] = []
    for part in message.iter_attachments():
        name = PurePath((part.get_filename() or "").replace("\\", "/")).name
        data = part.get_payload(decode=True)
        if name.lower().endswith(ORDER_SUFFIXES) and isinstance(data, bytes):
            found.append(Attachment(name, data))
        else:
            ignored.append(name or part.get_content_type())
    return tuple(found), tuple(ignored)


class _TextOfHtml(HTMLParser):
    """The text of an HTML body: tags dropped, a line break for each block."""

    BREAKS = frozenset({"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "blockquote", "pre"})
    SKIP = frozenset({"script", "style", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.quote = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        elif tag == "br":
            self.parts.append("\n")
        elif tag in self.BREAKS:
            self._end_line()
        if tag == "blockquote":
            self.quote += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BREAKS:
            self._end_line()
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)

    def _end_line(self) -> None:
        """A block starts or ends: a line break, unless the line is already ended."""
        if self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        text = re.sub(r"\s+", " ", data)
        if self.quote and text.strip():
            text = "> " * self.quote + text.lstrip()
        self.parts.append(text)


def html_to_text(markup: str) -> str:
    """The text of an HTML body: one line per block or `<br>`, spaces in a
    line collapsed, blank lines squeezed; text quoted in `<blockquote>` keeps
    a `>` so the readers ignore it as they ignore a quoted plain reply."""
    parser = _TextOfHtml()
    parser.feed(markup)
    parser.close()
    lines = [html.unescape(line).strip() for line in "".join(parser.parts).split("\n")]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"
