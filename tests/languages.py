"""Support for the report snapshots in three languages (issue 19): what
counts as an English word left in a Spanish or Catalan text, and the snapshot
files themselves.

`english_words(text)` lists the English words of `STOPLIST` found in `text`,
outside what players wrote (lines quoted with `>`, text in quotes) and outside
`allowed` (proper names a ruleset keeps in English, each justified where the
test passes them). The list holds only words that are neither Spanish nor
Catalan (so not `no`, `sea`, `dice`, `can`, `on`, `or`, `be`, `has`, `total`).

`snapshot(path, text)` compares `text` with the file at `path`; with the
environment variable `MAPJUDGE_UPDATE_SNAPSHOTS=1` it writes the file instead
(then read the diff before committing it)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from adjudicator.app.game import current_phase_id

STOPLIST = frozenset(
    """
    the and with from which that this these those was were have had are been
    of to for not by at in it its is his her their they them there here you
    your we our will would should must cannot could what who when where why
    how yes did does every each after before none nothing over won lost
    order orders unit units army armies fleet fleets move moves moved support
    supports supported hold holds attack attacks failed fails succeeded
    turn turns phase phases report reports player players roll rolls rolled
    power powers coast season spring summer fall autumn winter year years
    build builds disband disbands retreat retreats destroyed dislodged
    bounce bounced standoff problem problems line lines file game points
    city cities north south east west ocean channel gulf land new old
    owner owners result results public private unknown province provinces
    area areas mean given against into than then only also same
    """.split()  # noqa: SIM905 - a word list reads better as text
)
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»\n]*»|“[^”\n]*”")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _readable(text: str) -> str:
    """`text` without the players' own words: quoted lines and quoted strings."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(">")]
    return QUOTED.sub(" ", "\n".join(lines))


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of `STOPLIST` in `text` (see the module), each once,
    in order of appearance."""
    keep = {a.lower() for a in allowed}
    found: list[str] = []
    for match in WORD.finditer(_readable(text)):
        word = match.group(0).lower()
        if word in STOPLIST and word not in keep and word not in found:
            found.append(word)
    return found


def snapshot(path: Path, text: str) -> None:
    """Assert `text` equals the snapshot at `path` (write it with
    `MAPJUDGE_UPDATE_SNAPSHOTS=1`)."""
    if os.environ.get("MAPJUDGE_UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path}: no snapshot: run with MAPJUDGE_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"{path}: the report changed"


def reports_in(example: Path, workdir: Path, lang: str, phase: str | None = None) -> dict[str, str]:
    """The reports of one phase of the game folder `example`, played on a copy
    in `workdir` with `mapjudge adjudicate DIR MAIL --lang LANG` (players
    without a language of their own read `lang` too): `{"public": text,
    "<power>": private text, ...}`.

    The mail of each phase is `orders/<phase>/*.txt` (or `orders/*.txt` for a
    folder without phase folders); the phases before `phase` (default: the
    first) are played in English first, as `make demo` plays them."""
    from tests.cli_runner import run

    folder = workdir / f"{example.name}-{lang}"
    shutil.copytree(example, folder, ignore=shutil.ignore_patterns("played", "reports"))
    while (current := current_phase_id(folder)) != (phase or current):
        mail = folder / "orders" / current
        assert mail.is_dir(), f"{example}: no mail for {current} on the way to {phase}"
        run("adjudicate", folder, *sorted(mail.glob("*.txt")))
    current = current_phase_id(folder)
    mail = folder / "orders" / current
    orders = sorted((mail if mail.is_dir() else folder / "orders").glob("*.txt"))
    result = run("adjudicate", folder, *orders, "--lang", lang)
    assert result.exit_code in (0, 1), result.output
    reports = {"public": (folder / "reports" / f"{current}.txt").read_text(encoding="utf-8")}
    for private in sorted((folder / "reports" / current).glob("*.txt")):
        reports[private.stem] = private.read_text(encoding="utf-8")
    return reports
