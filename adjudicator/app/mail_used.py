"""Which message was used for each power (issue 19, "Mail in"): when the
order files of a turn were filed by `mapjudge inbox`, the turn's public
report ends with the sender, date and SHA-256 of each power's message, and
the messages set aside, as `orders/inbox.yaml` records them.

Only the files actually adjudicated count: a manifest of another phase, or
one naming none of the given files, adds nothing, so a turn adjudicated from
hand-saved files reads as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.app import gamefolder as gf
from adjudicator.app.sections import with_section
from adjudicator.core.plugin import OrderFile
from adjudicator.core.session import JudgedTurn
from texts import DEFAULT_LANGUAGE, N_, _, using

MANIFEST = Path("orders") / "inbox.yaml"


def with_mail_used(
    turn: JudgedTurn,
    folder: Path,
    files: Sequence[OrderFile],
    lang: str = DEFAULT_LANGUAGE,
    ruleset: str | None = None,
) -> JudgedTurn:
    """`turn` with the mail-used section in its public text (in `lang`, the
    public report's language) and JSON, when the manifest of this phase names
    the files adjudicated."""
    used = mail_used(folder, str(turn.phase), {Path(f.name).name for f in files})
    if used is None:
        return turn
    powers, aside = used
    with using(lang, ruleset):
        lines = section(powers, aside)
    return with_section(turn, lines, "mail_used", {"powers": powers, "set_aside": aside})


def mail_used(
    folder: Path, phase: str, names: set[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The manifest's powers whose filed files were adjudicated, and what it
    set aside; None when there is no manifest for this phase or it names none
    of `names`."""
    path = folder / MANIFEST
    if not path.is_file():
        return None
    try:
        data = gf.read_yaml(path)
    except gf.GameFolderError:
        return None
    if not isinstance(data, Mapping) or str(data.get("phase")) != phase:
        return None
    powers = data.get("powers")
    if not isinstance(powers, Mapping):
        return None
    used = {
        str(p): dict(entry)
        for p, entry in sorted(powers.items())
        if isinstance(entry, Mapping) and set(map(str, entry.get("files") or ())) & names
    }
    if not used:
        return None
    aside = [dict(a) for a in data.get("set_aside") or () if isinstance(a, Mapping)]
    return used, aside


def section(
    powers: Mapping[str, Mapping[str, Any]], aside: Sequence[Mapping[str, Any]]
) -> list[str]:
    """The report's lines: one per power, then the messages set aside (in the
    language being written; the manifest's reasons are English)."""
    lines = [_("Mail used (mapjudge inbox, orders/inbox.yaml):")]
    for power, entry in powers.items():
        lines.append(f"  {power}: {_message(entry)}")
    if aside:
        lines.append(_("Set aside (not read):"))
        for entry in aside:
            who = entry.get("power") or _("unknown sender")
            lines.append(f"  {who}: {_message(entry)}: {_why(str(entry.get('why', '')))}")
    return lines


def _message(entry: Mapping[str, Any]) -> str:
    sender = entry.get("sender") or _("no sender")
    date = entry.get("date") or _("no date")
    digest = str(entry.get("sha256") or "")[:16]
    return f"{sender}, {date}, sha256 {digest}"


_REASONS = (
    (
        re.compile(r"late: after the deadline (?P<deadline>.+)"),
        N_("late: after the deadline {deadline}"),
    ),
    (re.compile(r"superseded by (?P<message>.+)"), N_("superseded by {message}")),
)
"""The reasons `inbox` writes with a value in them (in English in the manifest)."""


def _why(reason: str) -> str:
    """A reason of the manifest (English, as `inbox` wrote it) in the language
    being written; one it does not know as written."""
    for pattern, msgid in _REASONS:
        found = pattern.fullmatch(reason)
        if found:
            return _(msgid).format(**found.groupdict())
    return _(reason) if reason else reason
