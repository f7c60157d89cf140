"""Every conformance case in `tests/cases/<ruleset>/*.yaml`, run by one parametrized test.

The case's `ruleset` picks its adapter (`tests/caserunner/runner.py`); a new
ruleset adds case files and, if no adapter fits, one (format:
`tests/cases/README.md`). The test id is the case id (`6.A.5`); a case with
`xfail: <why>` is a strict xfail, so the day the engine follows the rule
the test says so. `test_case_text` also reads each order's original wording
and checks the parser makes the canonical order of it (rulesets whose cases
have both).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.caserunner.runner import case_texts, has_texts, load_case, peek, run_case

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*/*.yaml"))
DATC_CASE_COUNT = 165  # 164 DATC 3.0 cases, 6.J.9 split into 6.J.9.a and 6.J.9.b
GENES_CASE_MINIMUM = 25

KNOWN_TEXT_GAPS: dict[str, str] = {
    # case id -> the original order wording the parser cannot read (canonical forms decide)
    "6.F.25": "the DATC spells Ruhr 'Rhur'; the parser rejects it as an unknown province",
}


def _params(*, texts: bool = False) -> list[Any]:
    """One param per case file, its id the case id; strict xfails for the known gaps:
    a case's own `xfail` (the run), `KNOWN_TEXT_GAPS` (the wording)."""
    params = []
    for path in CASE_FILES:
        header = peek(path)
        if texts and header is not None and not has_texts(header.ruleset):
            continue
        case_id = header.id if header is not None else path.stem
        gap = KNOWN_TEXT_GAPS.get(case_id) if texts else header.xfail if header else None
        marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
        params.append(pytest.param(path, id=case_id, marks=marks))
    return params


@pytest.mark.parametrize("path", _params())
def test_case(path: Path) -> None:
    report = run_case(load_case(path))
    if not report.ok:
        pytest.fail(report.render(), pytrace=False)


@pytest.mark.parametrize("path", _params(texts=True))
def test_case_text(path: Path) -> None:
    problems = case_texts(load_case(path))
    assert not problems, "\n".join(problems)


def _unpadded(name: str) -> str:
    """`6.A.05` -> `6.A.5`: file names zero-pad numbers so `ls` sorts."""
    return re.sub(r"(?<![^.])0+(?=\d)", "", name)


def test_case_files_are_consistent() -> None:
    """Ids are unique, each file is named by its id and sits in its ruleset's folder."""
    cases = [load_case(path) for path in CASE_FILES]
    duplicates = [i for i, n in Counter(c.id for c in cases).items() if n > 1]
    assert not duplicates
    for case in cases:
        assert case.path is not None
        assert _unpadded(case.path.stem) == case.id, case.path
        assert case.path.parent.name == case.ruleset, case.path


def test_classic_has_every_datc_case() -> None:
    assert len(list((CASES_DIR / "classic").glob("*.yaml"))) == DATC_CASE_COUNT


def test_genes_cases_cite_the_rulebook() -> None:
    """Genes cases: at least 25, each citing a section of rulebook 002."""
    cases = [load_case(path) for path in sorted((CASES_DIR / "genes").glob("*.yaml"))]
    assert len(cases) >= GENES_CASE_MINIMUM
    uncited = [c.id for c in cases if not re.search(r"\b002 §\d", c.rule)]
    assert not uncited
