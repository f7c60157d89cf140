"""`check`'s words about the order files: per file its power, the orders that
count and its problems (`file_summary`), and the text of the orders that
count (`file_readings`), as `Session.check` gives them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from gettext import NullTranslations

from adjudicator.core.i18n import ENGLISH
from adjudicator.core.plugin import OrderFile, OrderT, Parsed
from orders.issues import OrderIssue
from orders.issues import problems as only_problems


@dataclass(frozen=True)
class FileReading:
    """What `check` understood of one order file: the power it is for (None
    when none was found) and the text of each order that counts, in file order."""

    name: str
    power: str | None
    orders: tuple[str, ...]


def file_readings(
    files: Sequence[OrderFile], parsed: Parsed[OrderT], refused: Sequence[OrderIssue]
) -> tuple[FileReading, ...]:
    """Per file (in the order given), its power and the text of the orders that
    count: not those `refused` (Trust #6)."""
    gone = {(i.source.file, i.source.line) for i in refused}
    lines: dict[str, list[str]] = {f.name: [] for f in files}
    for order in parsed.orders:
        src = order.source
        if src is not None and (src.file, src.line) not in gone and src.file in lines:
            lines[src.file].append(src.text.strip())
    return tuple(
        FileReading(f.name, parsed.file_powers.get(f.name), tuple(lines[f.name])) for f in files
    )


def file_summary(
    files: Sequence[OrderFile],
    parsed: Parsed[OrderT],
    issues: Sequence[OrderIssue],
    power_label: Callable[[str], str],
    refused: Sequence[OrderIssue] = (),
    tr: NullTranslations = ENGLISH,
) -> str:
    """`check`'s text: per order file (labelled with its power) the number of
    orders that count (not those `refused`, such as one replaced by a later
    order for the same unit: Trust #6), its problems and the lines ignored as
    text that is no order; then the powers that sent no orders."""
    gone = {(i.source.file, i.source.line) for i in refused}
    counts = Counter(
        o.source.file
        for o in parsed.orders
        if o.source is not None and (o.source.file, o.source.line) not in gone
    )
    file_powers = parsed.file_powers
    lines: list[str] = []
    for f in sorted(files, key=lambda f: (file_powers.get(f.name, "~"), f.name)):
        mine = [i for i in issues if i.source.file == f.name]
        power = file_powers.get(f.name)
        label = f"{power_label(power)} ({f.name})" if power else f.name
        found = len(only_problems(mine))
        verdict = _problems_found(found, tr)
        skipped = len(mine) - found
        if skipped:
            ignored = tr.ngettext("{n} line(s) ignored", "{n} line(s) ignored", skipped)
            verdict += ", " + ignored.format(n=skipped)
        n = counts.get(f.name, 0)
        orders = tr.ngettext("{n} order(s)", "{n} order(s)", n).format(n=n)
        lines.append(f"{label}: {orders}, {verdict}")
        for issue in sorted(mine, key=lambda i: (i.source.line, i.source.column, i.message)):
            lines += ["  " + line for line in issue.render().splitlines()]
    if parsed.silent:
        silent = ", ".join(power_label(p) for p in parsed.silent)
        lines.append(tr.gettext("No orders from: {powers}").format(powers=silent))
    return "\n".join(lines) + "\n"


def _problems_found(found: int, tr: NullTranslations) -> str:
    """`2 problem(s)` or `no problems`, in `tr`'s language. The English ids
    keep the `(s)` of the output from before translations (byte for byte)."""
    if not found:
        return tr.gettext("no problems")
    return tr.ngettext("{n} problem(s)", "{n} problem(s)", found).format(n=found)
