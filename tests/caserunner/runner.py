"""One runner for the case files of every ruleset: `tests/cases/<ruleset>/*.yaml`.

Each case names its ruleset (`ruleset:`, which is also its folder's name);
`ADAPTERS` gives the adapter that loads and runs cases of that ruleset. A
new ruleset adds its case files and one line here (an existing adapter, or
a new one beside `board/` and `genes/`).

`load_case` reads a file (safe YAML), checks the header keys every case
shares and hands the rest to the adapter; `run_case` plays it and returns
an outcome whose `render()` starts with the case id and rule. `peek` reads
only the header, for test collection: the test id and a strict xfail.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.caserunner.board import BOARD
from tests.caserunner.common import (
    Adapter,
    CaseFormatError,
    CaseHeader,
    CaseLike,
    Outcome,
    case_head,
    indent,
    read_header,
    read_yaml,
)
from tests.caserunner.genes import GENES

ADAPTERS: dict[str, Adapter[Any]] = {
    "classic": BOARD,
    "machiavelli": BOARD,
    "genes": GENES,
}
"""ruleset name -> the adapter of its cases."""


def adapter_for(ruleset: str, where: str = "<case>") -> Adapter[Any]:
    """The adapter of `ruleset`'s cases; CaseFormatError for an unknown ruleset."""
    try:
        return ADAPTERS[ruleset]
    except KeyError:
        known = ", ".join(sorted(ADAPTERS))
        raise CaseFormatError(f"{where}: ruleset: {ruleset!r} has no case adapter ({known})")


def load_case(path: Path) -> Any:
    """Read and validate one case file with its ruleset's adapter."""
    data = read_yaml(path)
    header = read_header(data, str(path), path)
    return adapter_for(header.ruleset, str(path)).load(data, str(path), path)


def peek(path: Path) -> CaseHeader | None:
    """The header of a case file, or None if it cannot be read (its test then fails)."""
    try:
        return read_header(read_yaml(path), str(path), path)
    except (OSError, CaseFormatError):
        return None


def has_texts(ruleset: str) -> bool:
    """Whether the ruleset's cases give order wording to check against canonical orders."""
    adapter = ADAPTERS.get(ruleset)
    return adapter is not None and adapter.texts is not None


@dataclass(frozen=True)
class Crashed:
    """A case whose run raised: the case, and the traceback."""

    case: CaseLike
    trace: str

    @property
    def ok(self) -> bool:
        return False

    def render(self) -> str:
        return f"{case_head(self.case)}\n  the run raised:\n{indent(self.trace, '    ')}"


def run_case(case: CaseLike) -> Outcome:
    """Play `case` with its adapter; an exception is reported as the case's failure."""
    adapter = adapter_for(case.ruleset)
    try:
        return adapter.run(case)
    except Exception:  # noqa: BLE001  (a crash is this case's failure, shown with its id)
        return Crashed(case, traceback.format_exc())


def case_texts(case: CaseLike) -> list[str]:
    """Problems with the players' wording of `case`'s orders ([] without such a check)."""
    texts = adapter_for(case.ruleset).texts
    return texts(case) if texts is not None else []
