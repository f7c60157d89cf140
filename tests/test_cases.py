"""Every conformance case in `tests/cases/<ruleset>/*.yaml`, run by one parametrized test.

A new ruleset only adds case files (format: `tests/cases/README.md`); the
test id is the case id (`6.A.5`). `test_case_text` also reads each order's
original wording and checks the parser makes the canonical order of it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.caserunner import check_texts, load_case, run_case

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*/*.yaml"))
DATC_CASE_COUNT = 165  # 164 DATC 3.0 cases, 6.J.9 split into 6.J.9.a and 6.J.9.b

KNOWN_TEXT_GAPS: dict[str, str] = {
    # case id -> the original order wording the parser cannot read (canonical forms decide)
    "6.F.25": "the DATC spells Ruhr 'Rhur'; the parser rejects it as an unknown province",
}


def _case_id(path: Path) -> str:
    """The case's `id`, or the file name if the file cannot be read (the test then fails)."""
    try:
        return str(yaml.safe_load(path.read_text(encoding="utf-8"))["id"])
    except (OSError, yaml.YAMLError, KeyError, TypeError):
        return path.stem


def _params(gaps: dict[str, str] | None = None) -> list[Any]:
    params = []
    for path in CASE_FILES:
        case_id = _case_id(path)
        marks = (
            [pytest.mark.xfail(reason=gaps[case_id], strict=True)]
            if gaps and case_id in gaps
            else []
        )
        params.append(pytest.param(path, id=case_id, marks=marks))
    return params


@pytest.mark.parametrize("path", _params())
def test_case(path: Path) -> None:
    report = run_case(load_case(path))
    assert report.ok, report.render()


@pytest.mark.parametrize("path", _params(KNOWN_TEXT_GAPS))
def test_case_text(path: Path) -> None:
    problems = check_texts(load_case(path))
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
