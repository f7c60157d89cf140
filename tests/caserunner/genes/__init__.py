"""The genes adapter: cases of Genes Mactantes (rulebook 002), a first state
(patched, or made from country sheets), the lines players write, the dice
and what must come of each turn (format: `tests/cases/README.md`, "genes").

- `start.py`: regions, base states, sheets, the case's dice;
- `case.py`: the case as loaded and validated (`case_from_dict`, `load_case`);
- `views.py`: the engine's results and states as plain data, and `match`;
- `run.py`: `run_case`, which plays the turns and reports what differs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.caserunner.common import Adapter
from tests.caserunner.genes.case import GenesCase, case_from_dict, load_case
from tests.caserunner.genes.run import GenesReport, run_case


def _load(data: Any, where: str, path: Path | None) -> GenesCase:
    return case_from_dict(data, where=where, path=path)


GENES: Adapter[GenesCase] = Adapter(load=_load, run=run_case)
"""Genes cases: players' lines are the only wording, so there is no text check."""

__all__ = ["GENES", "GenesCase", "GenesReport", "case_from_dict", "load_case", "run_case"]
