"""Mail out, first half: the reply each player gets after `check` or
`adjudicate` (issue 19), written ready to send into `<folder>/outbox/<phase>/`
as `<power>.eml` (headers and a UTF-8 text body) and `<power>.txt` (the body).

The body says what was understood (the orders that count, per the power's
order files), what was not and why (each problem with its suggestions), and,
after `adjudicate`, the power's private report and the public report. Nothing
in it depends on the clock: the `.eml` has no `Date:` (`mapjudge send` adds it
when the message leaves) and its `Message-ID` is derived from the game, the
phase, the power, the stage and the body, so the same turn writes the same
files byte for byte, and a changed reply is a new message for `send`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from enum import StrEnum
from gettext import NullTranslations
from pathlib import Path

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import LoadedGame
from adjudicator.app.languages import player_language
from adjudicator.core.check_text import FileReading
from adjudicator.core.files import atomic_write
from adjudicator.core.i18n import ENGLISH
from adjudicator.core.phase import Phase
from adjudicator.core.plugin import OrderFile
from adjudicator.core.session import Checked
from orders.issues import OrderIssue
from texts import T_, using

OUTBOX_DIR = "outbox"
MAIL_DOMAIN = "mapjudge.invalid"
"""The Message-ID's right-hand side when game.yaml has no `mail.from`."""


class Stage(StrEnum):
    """Which command wrote the reply: the subject's last words."""

    ORDERS = "your orders"
    RESULTS = "results"


@dataclass(frozen=True)
class Reply:
    """One player's reply: the headers and the plain-text body."""

    power: str
    sender: str
    to: str
    subject: str
    message_id: str
    body: str

    def eml(self) -> bytes:
        """The message as bytes (CRLF line ends, UTF-8 body), no Date header."""
        message = EmailMessage(policy=SMTP)
        if self.sender:
            message["From"] = self.sender
        if self.to:
            message["To"] = self.to
        message["Subject"] = self.subject
        message["Message-ID"] = self.message_id
        message.set_content(self.body, charset="utf-8")
        return message.as_bytes()


@dataclass(frozen=True)
class TurnText:
    """What the replies are built from: the phase, the readings of the order
    files, their problems, and (after `adjudicate`) the public report and each
    power's private report (power -> text)."""

    phase: Phase
    readings: tuple[FileReading, ...]
    issues: tuple[OrderIssue, ...]
    public: str | None = None
    private: tuple[tuple[str, str], ...] = ()


def outbox_dir(folder: Path, phase: Phase | str) -> Path:
    """`<folder>/outbox/<phase>/`."""
    return folder / OUTBOX_DIR / str(phase)


def build_replies(config: gf.GameConfig, turn: TurnText) -> list[Reply]:
    """A reply per power of game.yaml that sent an order file (after `check`),
    or per power of game.yaml (after `adjudicate`: everyone gets the results);
    sorted by power."""
    stage = Stage.ORDERS if turn.public is None else Stage.RESULTS
    sent = {r.power for r in turn.readings if r.power}
    powers = sorted(config.powers) if stage is Stage.RESULTS else sorted(sent & set(config.powers))
    sender = str(config.mail.get("from") or "")
    return [_reply(config, turn, stage, sender, power) for power in powers]


def _reply(config: gf.GameConfig, turn: TurnText, stage: Stage, sender: str, power: str) -> Reply:
    player = config.powers[power]
    with using(player_language(config, power), config.ruleset) as tr:
        body = reply_body(config.name, power, player.player, turn, tr)
        subject = f"[{config.name}] {turn.phase.local_title}: {stage_words(stage, tr)}"
    return Reply(
        power=power,
        sender=sender,
        to=player.email,
        subject=subject,
        message_id=message_id(config.name, turn.phase, power, stage, body, sender),
        body=body,
    )


def stage_words(stage: Stage, tr: NullTranslations = ENGLISH) -> str:
    """The subject's last words in `tr`'s language."""
    return tr.gettext("your orders") if stage is Stage.ORDERS else tr.gettext("results")


def message_id(game: str, phase: Phase, power: str, stage: Stage, body: str, sender: str) -> str:
    """`<results.2f1c...@example.org>`: the same game, phase, power, stage and
    body give the same id; the domain is the sender's (or `mapjudge.invalid`)."""
    parts = (game, phase.id, power, stage.name, body)
    seed = "\0".join(parts).encode("utf-8")
    digest = hashlib.sha256(seed).hexdigest()[:24]
    domain = sender.rpartition("@")[2].strip(" >") if "@" in sender else MAIL_DOMAIN
    slug = re.sub(r"[^A-Za-z0-9-]+", "-", f"{game}.{phase.id}.{power}").strip("-")
    return f"<{stage.name.lower()}.{slug}.{digest}@{domain or MAIL_DOMAIN}>"


def reply_body(
    game: str, power: str, player: str, turn: TurnText, tr: NullTranslations = ENGLISH
) -> str:
    """The reply's text: greeting, the orders understood, the problems, then the
    private and public reports when there are; its framing in `tr`'s language
    (the player's: `powers.<p>.language`)."""
    mine = [r for r in turn.readings if r.power == power]
    names = {r.name for r in mine}
    issues = sorted(
        (i for i in turn.issues if i.source.file in names),
        key=lambda i: (i.source.file, i.source.line, i.source.column, i.message),
    )
    parts = [f"{game}: {turn.phase.local_title}\n{_greeting(power, player, tr)}"]
    parts.append(_understood(mine, tr))
    parts.append(_problems(issues, tr))
    private = dict(turn.private).get(power)
    if private:
        parts.append(tr.gettext("Your private report:") + f"\n\n{private.rstrip()}")
    if turn.public is not None:
        parts.append(tr.gettext("The public report:") + f"\n\n{turn.public.rstrip()}")
    return "\n\n".join(parts) + "\n"


def _greeting(power: str, player: str, tr: NullTranslations) -> str:
    if player:
        return tr.gettext("To {player} ({power})").format(player=player, power=power)
    return tr.gettext("To {power}").format(power=power)


def _understood(mine: Sequence[FileReading], tr: NullTranslations) -> str:
    if not mine:
        return tr.gettext("No order file of yours was read this phase.")
    lines = []
    for reading in mine:
        n = len(reading.orders)
        text = tr.ngettext(
            "Understood from {file}: {n} order(s)", "Understood from {file}: {n} order(s)", n
        )
        lines.append(text.format(file=reading.name, n=n))
        lines += [f"  {order}" for order in reading.orders]
    return "\n".join(lines)


def _problems(issues: Sequence[OrderIssue], tr: NullTranslations) -> str:
    if not issues:
        return tr.gettext("Not understood: nothing, every order line was read.")
    n = len(issues)
    text = tr.ngettext("Not understood: {n} problem(s)", "Not understood: {n} problem(s)", n)
    lines = [text.format(n=n)]
    for issue in issues:
        lines += ["  " + line for line in issue.render().splitlines()]
    return "\n".join(lines)


def private_texts(folder: Path, phase: Phase, powers: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(power, text) of each `reports/<phase>/<power>.txt` that exists."""
    base = gf.private_reports_dir(folder, phase)
    found = []
    for power in sorted(powers):
        path = base / f"{power}.txt"
        if gf.is_plain_name(power) and path.is_file() and not path.is_symlink():
            found.append((power, path.read_text(encoding="utf-8")))
    return tuple(found)


def write_replies(folder: Path, phase: Phase, replies: Sequence[Reply]) -> list[Path]:
    """Write `<power>.eml` and `<power>.txt` of each reply into the phase's
    outbox (each file atomically); the paths written."""
    out = outbox_dir(folder, phase)
    written = []
    for reply in replies:
        if not gf.is_plain_name(reply.power):
            raise gf.GameFolderError(
                T_(
                    "{path}: power {power!r} is no name",
                    path=gf.game_file(folder),
                    power=reply.power,
                )
            )
        atomic_write(out / f"{reply.power}.eml", reply.eml())
        atomic_write(out / f"{reply.power}.txt", reply.body)
        written += [out / f"{reply.power}.eml", out / f"{reply.power}.txt"]
    return written


def replies_after_check(game: LoadedGame, checked: Checked) -> list[Path]:
    """`check --replies`: each power that sent orders is told what was read."""
    turn = TurnText(game.session.phase, checked.readings, checked.issues)
    return write_replies(game.folder, turn.phase, build_replies(game.config, turn))


def replies_after_turn(game: LoadedGame, files: Sequence[OrderFile]) -> list[Path]:
    """`adjudicate --replies`, once the turn is written: every power gets what was
    read of its orders, its private report and the public report (read back from
    `reports/`, as written)."""
    phase = game.session.phase
    checked = game.session.check(files)
    public = gf.report_paths(game.folder, phase)[0].read_text(encoding="utf-8")
    private = private_texts(game.folder, phase, list(game.config.powers))
    turn = TurnText(phase, checked.readings, checked.issues, public, private)
    return write_replies(game.folder, phase, build_replies(game.config, turn))
