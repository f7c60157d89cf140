"""Genes Mactantes cases as loaded (format: `tests/cases/README.md`, "genes").

A genes case starts from a state (a patch over the region's base state) or
from country sheets (what `mapjudge new` makes of them), then plays turns:
each turn gives the lines every country writes, the faces the dice show
and what must come of it. `case_from_dict` validates the plain data and
raises `CaseFormatError` naming the file and the key; the deeper keys of
an expectation are checked when the case runs (`views.match`), where a
wrong one is reported with the keys there are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.options import GenesOptions
from tests.caserunner.common import (
    HEADER_KEYS,
    CaseFormatError,
    Keys,
    check_keys,
    notes,
    read_yaml,
    text,
    xfail_reason,
)
from tests.caserunner.genes.start import DEFAULT_REGION, Faces, base_state, patched_state
from tests.caserunner.genes.views import CREATED_KEYS, RESULT_KEYS, TURN_EXPECT_KEYS

CASE_KEYS: Keys = (
    HEADER_KEYS[0],
    HEADER_KEYS[1] | {"region", "options", "state", "sheets", "creation_dice", "created", "turns"},
)
TURN_KEYS: Keys = (set(), {"declarations", "dice", "expect", "notes"})
LINE_KEYS: Keys = ({"line"}, set(RESULT_KEYS) | {"rejected"})


@dataclass(frozen=True)
class CaseLine:
    """One line a country writes, and what must come of it (result view keys)."""

    country: str
    number: int  # 1-based, its place in the country's declaration
    line: str
    expect: Mapping[str, Any] = field(default_factory=dict)
    rejected: str | None = None  # the parser must refuse it, with this in its message

    def __str__(self) -> str:
        return f"{self.country} line {self.number} {self.line!r}"


@dataclass(frozen=True)
class CaseTurn:
    """One turn: every country's lines, the dice, the expectations (turn view keys)."""

    lines: tuple[CaseLine, ...]
    dice: Faces
    expect: Mapping[str, Any]
    notes: tuple[str, ...] = ()

    @property
    def countries(self) -> tuple[str, ...]:
        """The countries that write, in the case's order."""
        return tuple(dict.fromkeys(line.country for line in self.lines))


@dataclass(frozen=True)
class GenesCase:
    """A genes case: its header, where it starts, and its turns."""

    id: str
    ruleset: str
    rule: str
    title: str
    path: Path | None = None
    notes: tuple[str, ...] = ()
    xfail: str | None = None
    region: str = DEFAULT_REGION
    options: GenesOptions = field(default_factory=GenesOptions)
    state: GenesState | None = None  # None: made from `sheets`
    sheets: Mapping[str, Any] | None = None
    creation_dice: Faces = ()
    created: Mapping[str, Any] = field(default_factory=dict)
    turns: tuple[CaseTurn, ...] = ()


def load_case(path: Path) -> GenesCase:
    """Read and validate one genes case file (safe YAML only)."""
    return case_from_dict(read_yaml(path), where=str(path), path=path)


def case_from_dict(data: Any, *, where: str = "<case>", path: Path | None = None) -> GenesCase:
    """Validate the plain data of a genes case; `CaseFormatError` naming `where` and the key."""
    check_keys(data, CASE_KEYS, where)
    if "state" in data and "sheets" in data:
        raise CaseFormatError(f"{where}: give either state or sheets, not both")
    turns = data.get("turns") or []
    if not isinstance(turns, list):
        raise CaseFormatError(f"{where}: turns: expected a list of turns")
    if not turns and not data.get("created"):
        raise CaseFormatError(f"{where}: nothing to check: give turns or created")
    region = data.get("region", DEFAULT_REGION)
    if not isinstance(region, str):
        raise CaseFormatError(f"{where}: region: expected a region name")
    sheets = data.get("sheets")
    return GenesCase(
        id=text(data, "id", where),
        ruleset=text(data, "ruleset", where),
        rule=text(data, "rule", where),
        title=text(data, "title", where),
        path=path,
        notes=notes(data, where),
        xfail=xfail_reason(data, where),
        region=region,
        options=_options(data.get("options"), f"{where}: options"),
        state=None if sheets is not None else _state(region, data.get("state"), where),
        sheets=_mapping(sheets, f"{where}: sheets") if sheets is not None else None,
        creation_dice=_faces(data.get("creation_dice"), f"{where}: creation_dice"),
        created=_expect(data.get("created"), CREATED_KEYS, f"{where}: created"),
        turns=tuple(_turn(t, f"{where}: turns[{i}]") for i, t in enumerate(turns)),
    )


def _options(data: Any, where: str) -> GenesOptions:
    try:
        return GenesOptions(**_mapping(data, where))
    except (TypeError, ValueError) as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def _state(region: str, patch: Any, where: str) -> GenesState:
    """The region's base state with the case's patch applied."""
    try:
        return patched_state(base_state(region), _mapping(patch, f"{where}: state"))
    except (LookupError, OSError, ValueError) as exc:
        raise CaseFormatError(f"{where}: state: {exc}") from None


def _turn(data: Any, where: str) -> CaseTurn:
    check_keys(data, TURN_KEYS, where)
    declarations = _mapping(data.get("declarations"), f"{where}: declarations")
    lines = tuple(
        _line(str(country), number, entry, f"{where}: declarations: {country}[{number - 1}]")
        for country, entries in declarations.items()
        for number, entry in enumerate(_list(entries, f"{where}: declarations: {country}"), 1)
    )
    return CaseTurn(
        lines=lines,
        dice=_faces(data.get("dice"), f"{where}: dice"),
        expect=_expect(data.get("expect"), TURN_EXPECT_KEYS, f"{where}: expect"),
        notes=notes(data, where),
    )


def _line(country: str, number: int, data: Any, where: str) -> CaseLine:
    """A line: its text alone, or `{line: ..., <result keys>..., rejected: ...}`."""
    if isinstance(data, str):
        return CaseLine(country, number, data)
    check_keys(data, LINE_KEYS, where)
    rejected = data.get("rejected")
    if rejected is not None and (not isinstance(rejected, str) or len(data) > 2):
        raise CaseFormatError(
            f"{where}: rejected: a part of the parser's message, and nothing else"
        )
    expect = {k: v for k, v in data.items() if k not in ("line", "rejected")}
    return CaseLine(country, number, text(data, "line", where), expect, rejected)


def _expect(data: Any, keys: frozenset[str], where: str) -> dict[str, Any]:
    expect = dict(_mapping(data, where))
    unknown = expect.keys() - keys
    if unknown:
        known = ", ".join(sorted(keys))
        raise CaseFormatError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} ({known})")
    return expect


def _faces(data: Any, where: str) -> Faces:
    if data is None:
        return ()
    if isinstance(data, list):
        if not all(_face(f) for f in data):
            raise CaseFormatError(f"{where}: expected faces 0..10")
        return tuple(data)
    faces = _mapping(data, where)
    for purpose, value in faces.items():
        listed = value if isinstance(value, list) else [value]
        if not listed or not all(_face(f) for f in listed):
            raise CaseFormatError(f"{where}: {purpose}: expected a face 0..10 or a list of them")
    return {str(k): tuple(v) if isinstance(v, list) else v for k, v in faces.items()}


def _face(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10


def _mapping(data: Any, where: str) -> Mapping[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected a mapping, got {type(data).__name__}")
    return data


def _list(data: Any, where: str) -> list[Any]:
    if data is None:
        return []
    if not isinstance(data, list):
        raise CaseFormatError(f"{where}: expected a list of lines")
    return data
