"""The board adapter: cases of the rulesets built on the board kit (`classic`,
`machiavelli`), phases of units and orders (format: `tests/cases/README.md`).

- `case.py`: the case as loaded and validated (`case_from_dict`, `load_case`);
- `run.py`: the engine a case runs against, `run_case`, `check_texts`;
- `compare.py`: what the engine gave against what the case expects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.caserunner.board.case import Case, case_from_dict, load_case
from tests.caserunner.board.run import CaseReport, Engine, check_texts, run_case
from tests.caserunner.common import Adapter, CaseFormatError


def _load(data: Any, where: str, path: Path | None) -> Case:
    return case_from_dict(data, where=where, path=path)


def _run(case: Case) -> CaseReport:
    return run_case(case)


def _texts(case: Case) -> list[str]:
    return check_texts(case)


BOARD: Adapter[Case] = Adapter(load=_load, run=_run, texts=_texts)
"""Cases of a board ruleset: one state per phase, canonical orders and their wording."""

__all__ = [
    "BOARD",
    "Case",
    "CaseFormatError",
    "CaseReport",
    "Engine",
    "case_from_dict",
    "check_texts",
    "load_case",
    "run_case",
]
