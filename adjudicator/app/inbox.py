"""`mapjudge inbox DIR MAILBOX`: the players' mail filed as the current phase's
order files (issue 19, "Mail in").

MAILBOX is a folder of `.eml` files, an mbox file or a Maildir. Each message is
read (`orders.mail.read_message`) and matched to a power by its sender's
address (`powers.<power>.email` in game.yaml, any case, several addresses
separated by commas), or, when game.yaml says `mail: {power_headers: true}`, by
the power header in its text (the ruleset reads it as a file named for no
power, the way `check` reads the GM's `orders.txt`). A message from an unknown
sender is set aside and never read as orders.

Per power the latest message dated at or before the phase's deadline
(`deadlines.<phase>`; no deadline: the latest) wins; the others are set aside
as late or superseded. The winner's text is written as `orders/<power>.txt`
(or, when order files are attached, the first of them; any other as
`orders/<power>-<name>`), every file atomically, and then `orders/inbox.yaml`, the manifest: per power the sender,
date, Message-ID, SHA-256 of the raw message and the files written, and every
message set aside with why. `mapjudge check DIR DIR/orders/*.txt` reads them.
"""

from __future__ import annotations

import mailbox
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from gettext import NullTranslations
from pathlib import Path
from typing import Any

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import fail
from adjudicator.app.game import LoadedGame, open_game
from adjudicator.app.guard import using_folder
from adjudicator.app.languages import gm_translator, lang_option
from adjudicator.core.files import atomic_write, dump_yaml
from adjudicator.core.i18n import ENGLISH
from adjudicator.core.plugin import OrderFile
from orders.mail import MailMessage, read_message
from texts import T_, Text

INBOX_DIR = "orders"
MANIFEST = "inbox.yaml"
HEADER_FILE = "orders.txt"
"""The name a message's text is read under to find its power header: a file
named for no power keeps its headers (`core.ownership`)."""

MAX_MESSAGE_BYTES = 5_000_000
"""A message larger than this is set aside unread."""


@dataclass(frozen=True)
class Received:
    """One message of the mailbox: where it is (for the GM) and what it says."""

    where: str
    mail: MailMessage


@dataclass(frozen=True)
class SetAside:
    """A message not used, and why."""

    received: Received
    why: Text
    """Why, translated when printed (`inbox.yaml` keeps it in English)."""
    power: str | None = None


@dataclass(frozen=True)
class Chosen:
    """The message filed for a power, and the files written from it."""

    power: str
    received: Received
    files: tuple[str, ...]


@dataclass(frozen=True)
class Sorted:
    """The mailbox sorted: the message filed per power, the others."""

    chosen: tuple[Chosen, ...]
    set_aside: tuple[SetAside, ...]


# --- reading the mailbox ----------------------------------------------------------


def read_mailbox(path: Path) -> list[Received]:
    """Every message of a folder of `.eml` files, a Maildir or an mbox file,
    in a stable order (file names; an mbox's own order)."""
    if path.is_dir():
        if all((path / sub).is_dir() for sub in ("cur", "new")):
            return list(_maildir(path))
        return [_eml(p) for p in sorted(path.glob("*.eml")) if p.is_file()]
    if path.is_file():
        return list(_mbox(path))
    fail(
        T_("{path}: no such mailbox (a folder of .eml files, an mbox file or a Maildir)", path=path)
    )


def _eml(path: Path) -> Received:
    return Received(path.name, read_message(_bounded(path.read_bytes(), path.name)))


def _maildir(path: Path) -> Iterator[Received]:
    box = mailbox.Maildir(path, factory=None, create=False)
    for key in sorted(box.iterkeys()):
        raw = box.get_bytes(key)
        yield Received(f"{path.name}/{key}", read_message(_bounded(raw, key)))


def _mbox(path: Path) -> Iterator[Received]:
    box = mailbox.mbox(path, create=False)
    keys = list(box.iterkeys())
    if not keys and path.stat().st_size and not path.read_bytes().startswith(b"From "):
        fail(T_("{path}: not an mbox file (it does not start with a 'From ' line)", path=path))
    for index, key in enumerate(keys, start=1):
        yield Received(
            f"{path.name}#{index}", read_message(_bounded(box.get_bytes(key), path.name))
        )


def _bounded(raw: bytes, where: str) -> bytes:
    if len(raw) > MAX_MESSAGE_BYTES:
        fail(
            T_(
                "{where}: {size} bytes is more than the {most} a message may have",
                where=where,
                size=len(raw),
                most=MAX_MESSAGE_BYTES,
            )
        )
    return raw


# --- whose message is it -----------------------------------------------------------


def address_book(powers: Mapping[str, gf.Player]) -> dict[str, str]:
    """Address (lower case) -> power, from `powers.<power>.email`; an address
    given for two powers is a mistake in game.yaml."""
    book: dict[str, str] = {}
    for power, player in sorted(powers.items()):
        for address in player.email.split(","):
            key = address.strip().lower()
            if not key:
                continue
            if key in book:
                fail(
                    T_(
                        "game.yaml: key 'powers.{power}.email': {address} is also {other}'s address",
                        power=power,
                        address=key,
                        other=book[key],
                    )
                )
            book[key] = power
    return book


def power_headers(config: gf.GameConfig, folder: Path) -> bool:
    """`mail.power_headers` of game.yaml (default false)."""
    value = config.mail.get("power_headers", False)
    if not isinstance(value, bool):
        fail(
            T_("{path}: key 'mail.power_headers' must be true or false", path=gf.game_file(folder))
        )
    return value


def header_power(game: LoadedGame, mail: MailMessage) -> str | None:
    """The power the message's text names in its power header, if exactly one."""
    owners = game.session.owners([OrderFile(HEADER_FILE, mail.text.encode("utf-8"))])
    return owners.get(HEADER_FILE)


# --- choosing ----------------------------------------------------------------------


def sort_mail(
    game: LoadedGame, received: Sequence[Received], deadline: datetime | None, headers: bool
) -> tuple[dict[str, list[Received]], list[SetAside]]:
    """Each message's power (and the ones set aside for their sender)."""
    book = address_book(game.config.powers)
    by_power: dict[str, list[Received]] = {}
    aside: list[SetAside] = []
    for item in received:
        mail = item.mail
        power = next((book[a] for a in mail.addresses if a in book), None)
        if power is None and headers:
            power = header_power(game, mail)
        if power is None:
            if headers:
                why = T_("unknown sender and no power header: not read")
            else:
                why = T_("unknown sender: not read")
            aside.append(SetAside(item, why))
        elif mail.date is None and deadline is not None:
            why = T_("no readable Date header: cannot tell if on time")
            aside.append(SetAside(item, why, power))
        elif deadline is not None and mail.date is not None and mail.date > deadline:
            why = T_("late: after the deadline {deadline}", deadline=deadline.isoformat())
            aside.append(SetAside(item, why, power))
        else:
            by_power.setdefault(power, []).append(item)
    return by_power, aside


def choose(by_power: Mapping[str, list[Received]]) -> tuple[list[Received], list[SetAside]]:
    """Per power the latest message (the last in the mailbox on a tie); the
    earlier ones superseded."""
    chosen: list[Received] = []
    aside: list[SetAside] = []
    for power, items in sorted(by_power.items()):
        ranked = sorted(enumerate(items), key=lambda p: (_stamp(p[1]), p[0]))
        winner = ranked[-1][1]
        chosen.append(winner)
        for _, item in ranked[:-1]:
            why = T_("superseded by {message}", message=_label(winner))
            aside.append(SetAside(item, why, power))
    return chosen, aside


def _stamp(item: Received) -> float:
    return item.mail.date.timestamp() if item.mail.date is not None else float("-inf")


def _label(item: Received) -> str:
    return item.mail.message_id or item.where


# --- filing ------------------------------------------------------------------------


def file_orders(folder: Path, power: str, item: Received) -> tuple[str, ...]:
    """Write the message's orders, atomically; the names written.

    A message without order files attached: its text, as `orders/<power>.txt`.
    With order files attached, they are the orders ("my orders are attached"
    is no order): the first as `orders/<power>.txt`, so that it is read as the
    power's own file (its orders for another power refused, Trust #2), the
    others as `orders/<power>-<name>`."""
    inbox = folder / INBOX_DIR
    attached = item.mail.attachments
    first = attached[0].data if attached else item.mail.text.encode("utf-8")
    written = {f"{power}.txt": first}
    for attachment in attached[1:]:
        written[f"{power}-{attachment.name}"] = attachment.data
    for name, data in written.items():
        if not gf.is_plain_name(name):
            fail(
                T_(
                    "{where}: attachment name {name!r} is not a plain file name",
                    where=item.where,
                    name=name,
                )
            )
        atomic_write(inbox / name, data)
    return tuple(written)


def manifest(phase: str, deadline: datetime | None, result: Sorted) -> dict[str, Any]:
    """`orders/inbox.yaml`: what was filed for each power and what was not."""
    return {
        "phase": phase,
        "deadline": deadline.isoformat() if deadline else None,
        "powers": {
            c.power: {**_describe(c.received), "files": list(c.files)} for c in result.chosen
        },
        "set_aside": [
            {**_describe(s.received), "power": s.power, "why": str(s.why)} for s in result.set_aside
        ],
    }


def _describe(item: Received) -> dict[str, Any]:
    mail = item.mail
    described: dict[str, Any] = {
        "message": item.where,
        "sender": mail.sender,
        "date": mail.date.isoformat() if mail.date else None,
        "message_id": mail.message_id,
        "sha256": mail.sha256,
    }
    if mail.attachments:
        described["attachments"] = [a.name for a in mail.attachments]
    if mail.ignored:
        described["attachments_not_read"] = list(mail.ignored)
    return described


def summary(
    phase: str, deadline: datetime | None, result: Sorted, tr: NullTranslations = ENGLISH
) -> str:
    """The text `inbox` prints: the same as the manifest says, in `tr`'s language."""
    due = deadline.isoformat() if deadline else tr.gettext("none")
    lines = [tr.gettext("Phase: {phase} (deadline: {due})").format(phase=phase, due=due)]
    for c in result.chosen:
        mail = c.received.mail
        filed = tr.gettext(
            "{power}: {files} from {where}: {sender}, {when}, {message_id}, {digest}"
        )
        lines.append(
            filed.format(
                power=c.power,
                files=", ".join(c.files),
                where=c.received.where,
                sender=mail.sender,
                when=_when(mail, tr),
                message_id=mail.message_id or tr.gettext("no Message-ID"),
                digest=f"sha256 {mail.sha256[:16]}",
            )
        )
    if result.set_aside:
        n = len(result.set_aside)
        aside = tr.ngettext("Set aside: {n} message(s)", "Set aside: {n} message(s)", n)
        lines.append(aside.format(n=n))
    for s in result.set_aside:
        whose = f" [{s.power}]" if s.power else ""
        mail = s.received.mail
        lines.append(
            f"  {s.received.where}{whose}: {mail.sender}, {_when(mail, tr)}: {s.why.translated(tr)}"
        )
    return "\n".join(lines) + "\n"


def _when(mail: MailMessage, tr: NullTranslations = ENGLISH) -> str:
    return mail.date.isoformat() if mail.date else tr.gettext("no date")


# --- the command -------------------------------------------------------------------


@click.command()
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path, file_okay=False))
@click.argument("mailbox_path", metavar="MAILBOX", type=click.Path(path_type=Path))
@lang_option
def inbox(folder: Path, mailbox_path: Path, lang: str | None) -> None:
    """File the players' mail as the current phase's orders (DIR/orders/<power>.txt)."""
    with using_folder(folder):
        game = open_game(folder)
        phase = game.session.phase.id
        deadline = game.config.deadlines.get(phase)
        received = read_mailbox(mailbox_path)
        by_power, aside = sort_mail(game, received, deadline, power_headers(game.config, folder))
        winners, superseded = choose(by_power)
        chosen = tuple(
            Chosen(power, item, file_orders(folder, power, item))
            for power, item in zip(sorted(by_power), winners, strict=True)
        )
        result = Sorted(chosen, (*aside, *superseded))
        text = summary(phase, deadline, result, gm_translator(game.config, lang))
        atomic_write(folder / INBOX_DIR / MANIFEST, dump_yaml(manifest(phase, deadline, result)))
    click.echo(text, nl=False)
