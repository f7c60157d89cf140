"""Mail out, second half: `mapjudge send DIR` sends a phase's outbox (the
replies `replies.py` wrote) through the GM's SMTP server (issue 19).

Settings in game.yaml, `mail: {smtp_host, smtp_port (587), from, starttls
(true), user}`; the password only from `$MAPJUDGE_SMTP_PASSWORD`, never
stored. What was sent is recorded in `outbox/<phase>/sent.yaml` (power, to,
Message-ID) after each message, so a second `send` (or one after a failure)
sends only what has not gone yet.
"""

from __future__ import annotations

import email
import os
import smtplib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate
from pathlib import Path
from typing import Any

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import fail, spoken
from adjudicator.app.game import folder_ruleset
from adjudicator.app.guard import using_folder
from adjudicator.app.languages import gm_language, lang_option
from adjudicator.app.replies import OUTBOX_DIR, outbox_dir
from adjudicator.core.files import atomic_write, dump_yaml
from adjudicator.core.phase import Calendar
from texts import T_, _

PASSWORD_ENV = "MAPJUDGE_SMTP_PASSWORD"
SENT_FILE = "sent.yaml"
MAIL_KEYS = ("smtp_host", "smtp_port", "from", "starttls", "user", "power_headers")
TIMEOUT = 30.0


@dataclass(frozen=True)
class MailSettings:
    """game.yaml's `mail:` checked."""

    host: str
    port: int
    sender: str
    starttls: bool
    user: str


@dataclass(frozen=True)
class Outgoing:
    """One `.eml` of the outbox, read."""

    power: str
    to: str
    message_id: str
    message: EmailMessage


def mail_settings(folder: Path, mail: Mapping[str, Any]) -> MailSettings:
    """The checked `mail:` settings; a message naming game.yaml and the key."""
    where = gf.game_file(folder)
    if not mail:
        fail(
            T_("{where}: no mail settings: add 'mail: {{smtp_host: ..., from: ...}}'", where=where)
        )
    for key in mail:
        if key not in MAIL_KEYS:
            fail(
                T_(
                    "{where}: unknown key 'mail.{key}' (known: {known})",
                    where=where,
                    key=key,
                    known=", ".join(MAIL_KEYS),
                )
            )
    host, sender = mail.get("smtp_host"), mail.get("from")
    if not isinstance(host, str) or not host:
        fail(T_("{where}: missing key 'mail.smtp_host' (the SMTP server's name)", where=where))
    if not isinstance(sender, str) or "@" not in sender:
        fail(
            T_("{where}: key 'mail.from' must be the GM's address (name@example.org)", where=where)
        )
    port = mail.get("smtp_port", 587)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        fail(
            T_(
                "{where}: key 'mail.smtp_port' must be a port number, not {port!r}",
                where=where,
                port=port,
            )
        )
    starttls = mail.get("starttls", True)
    if not isinstance(starttls, bool):
        fail(
            T_(
                "{where}: key 'mail.starttls' must be true or false, not {value!r}",
                where=where,
                value=starttls,
            )
        )
    user = mail.get("user") or ""
    if not isinstance(user, str):
        fail(T_("{where}: key 'mail.user' must be a string", where=where))
    return MailSettings(host, port, sender, starttls, user)


def latest_outbox_phase(folder: Path, calendar: Calendar) -> str:
    """The latest phase (by the ruleset's calendar) with a folder in outbox/."""
    root = folder / OUTBOX_DIR
    phases = []
    for path in sorted(root.iterdir()) if root.is_dir() else []:
        try:
            phases.append(calendar.parse(path.name))
        except ValueError:
            continue
    if not phases:
        fail(T_("{path}: no replies to send (run check or adjudicate with --replies)", path=root))
    return max(phases, key=calendar.sort_key).id


def read_outbox(folder: Path, phase: str) -> list[Outgoing]:
    """The phase's `.eml` files, by power; a message without a To names the power."""
    out = outbox_dir(folder, phase)
    if not out.is_dir():
        fail(T_("{path}: no such outbox (run check or adjudicate with --replies)", path=out))
    found = []
    for path in sorted(out.glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes(), _class=EmailMessage, policy=SMTP)
        to = str(message.get("To") or "")
        if not to:
            fail(
                T_(
                    "{path}: no address for power {power}: set powers.{power}.email "
                    "in {game} and write the replies again",
                    path=path,
                    power=path.stem,
                    game=gf.game_file(folder),
                )
            )
        found.append(Outgoing(path.stem, to, str(message.get("Message-ID") or ""), message))
    return found


def read_sent(folder: Path, phase: str) -> list[dict[str, str]]:
    """The records of `outbox/<phase>/sent.yaml` (empty when none was sent)."""
    path = outbox_dir(folder, phase) / SENT_FILE
    if not path.is_file():
        return []
    data = gf.read_yaml(path)
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        fail(T_("{path}: expected a list of sent messages (power, to, message_id)", path=path))
    return [{str(k): str(v) for k, v in d.items()} for d in data]


def send_all(
    folder: Path, phase: str, settings: MailSettings, password: str | None
) -> list[Outgoing]:
    """Send each message not yet in sent.yaml; record each as it goes. The sent ones."""
    records = read_sent(folder, phase)
    done = {r.get("message_id") for r in records}
    todo = [o for o in read_outbox(folder, phase) if o.message_id not in done]
    if not todo:
        return []
    with _connect(settings, password) as smtp:
        for outgoing in todo:
            _send_one(smtp, settings, outgoing)
            records.append(
                {"power": outgoing.power, "to": outgoing.to, "message_id": outgoing.message_id}
            )
            atomic_write(outbox_dir(folder, phase) / SENT_FILE, dump_yaml(records))
    return todo


def _connect(settings: MailSettings, password: str | None) -> smtplib.SMTP:
    where = T_("SMTP server {host}:{port}", host=settings.host, port=settings.port)
    if settings.user and not password:
        fail(
            T_(
                "{where}: user {user!r} needs ${env} (the password)",
                where=where,
                user=settings.user,
                env=PASSWORD_ENV,
            )
        )
    try:
        smtp = smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT)
    except (OSError, smtplib.SMTPException) as exc:
        fail(T_("{where}: cannot connect: {problem}", where=where, problem=exc))
    try:
        if settings.starttls:
            smtp.starttls()
        if settings.user and password:
            smtp.login(settings.user, password)
    except smtplib.SMTPNotSupportedError:
        smtp.close()
        fail(
            T_(
                "{where}: refused STARTTLS (set 'mail.starttls: false' only for a local server)",
                where=where,
            )
        )
    except (OSError, smtplib.SMTPException) as exc:
        smtp.close()
        fail(T_("{where}: refused: {problem}", where=where, problem=_reason(exc)))
    return smtp


def _send_one(smtp: smtplib.SMTP, settings: MailSettings, outgoing: Outgoing) -> None:
    message = outgoing.message
    if "Date" not in message:
        message["Date"] = formatdate(usegmt=True)
    try:
        smtp.send_message(message, from_addr=settings.sender)
    except (OSError, smtplib.SMTPException) as exc:
        fail(
            T_(
                "SMTP server {host}: refused the mail to {to}: {problem}",
                host=settings.host,
                to=outgoing.to,
                problem=_reason(exc),
            )
        )


def _reason(exc: BaseException) -> str:
    """An SMTP error's text (`535 authentication failed`), or the exception's."""
    code, text = getattr(exc, "smtp_code", None), getattr(exc, "smtp_error", None)
    if code is not None and isinstance(text, bytes):
        return f"{code} {text.decode('utf-8', 'replace')}"
    return str(exc) or type(exc).__name__


def describe(outgoing: Sequence[Outgoing], sent: bool) -> str:
    """One line per message: `sent england to a@b: <subject>` (or `would send`)."""
    line = (
        _("sent {power} to {to}: {subject}") if sent else _("would send {power} to {to}: {subject}")
    )
    return "".join(
        line.format(power=o.power, to=o.to, subject=o.message.get("Subject", "")) + "\n"
        for o in outgoing
    )


@click.command("send")
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path, file_okay=False))
@click.option("--phase", "phase_id", help="Phase whose outbox to send (default: the latest).")
@click.option("--dry-run", is_flag=True, help="List what would be sent; send nothing.")
@lang_option
def send_command(folder: Path, phase_id: str | None, dry_run: bool, lang: str | None) -> None:
    """Send a phase's replies (outbox/<phase>/*.eml) through game.yaml's SMTP server."""
    with using_folder(folder, write=not dry_run):
        config, ruleset = folder_ruleset(folder)
        gm_language(config, lang)
        settings = mail_settings(folder, config.mail)
        phase = (
            ruleset.calendar.parse(phase_id).id
            if phase_id
            else latest_outbox_phase(folder, ruleset.calendar)
        )
        if dry_run:
            done = {r.get("message_id") for r in read_sent(folder, phase)}
            todo = [o for o in read_outbox(folder, phase) if o.message_id not in done]
            with spoken():
                text = (
                    describe(todo, sent=False)
                    or _("{phase}: nothing to send").format(phase=phase) + "\n"
                )
            click.echo(text, nl=False)
            return
        sent = send_all(folder, phase, settings, os.environ.get(PASSWORD_ENV) or None)
    with spoken():
        nothing = _("{phase}: nothing to send (all sent before)").format(phase=phase) + "\n"
        click.echo(describe(sent, sent=True) or nothing, nl=False)
