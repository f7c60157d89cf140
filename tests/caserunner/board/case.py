"""Board cases (classic, machiavelli) as loaded: phases of a start state,
orders per power and the expected outcome (format: `tests/cases/README.md`).

`case_from_dict` validates the plain data and raises `CaseFormatError`
naming the file and the key; `load_case` reads one file (safe YAML only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import Outcome, Reason
from adjudicator.kits.board.state import GameState, PhaseKind, Unit
from adjudicator.rulesets.machiavelli import MachiavelliReason
from tests.caserunner.common import (
    HEADER_KEYS,
    CaseFormatError,
    notes,
    read_yaml,
    xfail_reason,
)
from tests.caserunner.common import check_keys as _check_keys
from tests.caserunner.common import text as _text
from tests.rulesets import BOARD_RULES

UnitKey = tuple[str, str]
"""A unit as the cases compare it: (power, `A LON`)."""
ReadState = Callable[[Mapping[str, Any]], GameState]
"""A state's plain data -> the ruleset's state (ValueError naming the key)."""

CASE_KEYS = (
    HEADER_KEYS[0] | {"phases"},
    HEADER_KEYS[1] | {"preferences", "map", "options"},
)
PHASE_KEYS = ({"phase", "state", "orders", "expect"}, {"situation"})
ORDER_KEYS = ({"order"}, {"result", "reason", "text", "synthetic"})
UNIT_EXPECT_KEYS = {"units", "dislodged", "disbanded", "civil_disorder"}
STATE_EXPECT_KEYS = {"control", "sieges", "next_phase", "retreats", "winner"}
EXPECT_KEYS = ({"units"}, (UNIT_EXPECT_KEYS | STATE_EXPECT_KEYS) - {"units"})
REASONS = frozenset(r.value for reasons in (Reason, MachiavelliReason) for r in reasons)
"""The reasons a case may name: the board kit's and those of a board ruleset's own enum."""


# --- the case, as loaded ---------------------------------------------------------


@dataclass(frozen=True)
class CaseOrder:
    """One order line of a case and what it should come to."""

    power: str
    order: str
    text: str | None = None
    result: Outcome | None = None
    reason: str | None = None
    synthetic: bool = False

    def __str__(self) -> str:
        return f"{self.power} {self.order}"


@dataclass(frozen=True)
class CasePhase:
    """One phase: start state, orders, expected end (only the keys given are checked)."""

    phase: str
    state: GameState
    orders: tuple[CaseOrder, ...]
    expect: Mapping[str, Any]  # unit keys -> frozenset[UnitKey]; others: see `_expect`
    situation: str | None = None

    @property
    def kind(self) -> PhaseKind:
        return PhaseKind(self.state.phase.kind)


@dataclass(frozen=True)
class Case:
    """A conformance case: the rule it comes from and its phases."""

    id: str
    ruleset: str
    rule: str
    title: str
    phases: tuple[CasePhase, ...]
    path: Path | None = None
    preferences: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    map: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    xfail: str | None = None


def load_case(path: Path) -> Case:
    """Read and validate one case file (safe YAML only)."""
    return case_from_dict(read_yaml(path), where=str(path), path=path)


def case_from_dict(
    data: Any,
    *,
    where: str = "<case>",
    path: Path | None = None,
    read_state: ReadState | None = None,
) -> Case:
    """Validate the plain data of a case; `CaseFormatError` naming `where` and the key.

    States are read as the case's ruleset reads them (`BoardRules.read_state`:
    `MachiavelliState` has control, homes and sieges), or with `read_state`."""
    _check_keys(data, CASE_KEYS, where)
    phases = data["phases"]
    if not isinstance(phases, list) or not phases:
        raise CaseFormatError(f"{where}: phases: expected a non-empty list")
    read = read_state or state_reader(str(data["ruleset"]))
    return Case(
        id=_text(data, "id", where),
        ruleset=_text(data, "ruleset", where),
        rule=_text(data, "rule", where),
        title=_text(data, "title", where),
        phases=tuple(_phase(p, f"{where}: phases[{i}]", read) for i, p in enumerate(phases)),
        path=path,
        preferences=tuple(str(p) for p in data.get("preferences") or ()),
        notes=notes(data, where),
        map=data.get("map"),
        options=dict(data.get("options") or {}),
        xfail=xfail_reason(data, where),
    )


def state_reader(ruleset: str) -> ReadState:
    """How `ruleset` reads a state (its `BoardRules.read_state`); the board
    kit's `GameState` for a ruleset with no record (the runner's own tests)."""
    rules = BOARD_RULES.get(ruleset)
    return rules.read_state if rules is not None else GameState.from_dict


def _phase(data: Any, where: str, read_state: ReadState) -> CasePhase:
    _check_keys(data, PHASE_KEYS, where)
    if not isinstance(data["state"], dict):
        raise CaseFormatError(f"{where}: state: expected a mapping")
    try:
        state = read_state({**data["state"], "phase": data["phase"]})
    except ValueError as exc:
        raise CaseFormatError(f"{where}: state: {exc}") from None
    return CasePhase(
        phase=state.phase.id,
        state=state,
        orders=_orders(data["orders"] or {}, f"{where}: orders"),
        expect=_expect(data["expect"], f"{where}: expect"),
        situation=data.get("situation"),
    )


def _orders(data: Any, where: str) -> tuple[CaseOrder, ...]:
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected power -> list of orders")
    return tuple(
        _order(str(power), entry, f"{where}: {power}[{i}]")
        for power, entries in data.items()
        for i, entry in enumerate(entries or ())
    )


def _order(power: str, data: Any, where: str) -> CaseOrder:
    _check_keys(data, ORDER_KEYS, where)
    result = data.get("result")
    if result is not None and result not in {o.value for o in Outcome}:
        raise CaseFormatError(f"{where}: result: expected succeeds or fails, got {result!r}")
    reason = data.get("reason")
    if reason is not None and reason not in REASONS:
        raise CaseFormatError(f"{where}: reason: unknown reason {reason!r}")
    return CaseOrder(
        power=power,
        order=_text(data, "order", where),
        text=data.get("text"),
        result=Outcome(result) if result is not None else None,
        reason=reason,
        synthetic=bool(data.get("synthetic", False)),
    )


def _expect(data: Any, where: str) -> dict[str, Any]:
    """The expectations of a phase, each in the form `compare_expect` compares.

    Unit keys become (power, unit) sets; `control` a set of (power, area);
    `sieges` an area -> power dict; `retreats` a (power, unit) -> sorted areas
    dict; `next_phase` a phase id; `winner` a power or None.
    """
    _check_keys(data, EXPECT_KEYS, where)
    expect: dict[str, Any] = {}
    for key, value in data.items():
        at = f"{where}: {key}"
        if key in UNIT_EXPECT_KEYS:
            expect[key] = _unit_keys(value or {}, at)
        elif key == "control":
            expect[key] = _control(value or {}, at)
        elif key == "sieges":
            expect[key] = _sieges(value or {}, at)
        elif key == "retreats":
            expect[key] = _retreats(value or {}, at)
        elif key == "next_phase":
            expect[key] = _phase_id(value, at)
        else:  # winner
            if value is not None and not isinstance(value, str):
                raise CaseFormatError(f"{at}: expected a power or null")
            expect[key] = value
    return expect


def _control(data: Any, where: str) -> frozenset[tuple[str, str]]:
    """`{venice: [VEN, PAD]}` -> {("venice", "PAD"), ("venice", "VEN")}."""
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise CaseFormatError(f"{where}: expected power -> list of areas")
    return frozenset((str(p), str(a)) for p, areas in data.items() for a in areas)


def _sieges(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected area -> besieging power")
    return {str(a): str(p) for a, p in data.items()}


def _retreats(data: Any, where: str) -> dict[UnitKey, tuple[str, ...]]:
    """`{milan: {A MIL: [PAV]}}` -> {("milan", "A MIL"): ("PAV",)}."""
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise CaseFormatError(f"{where}: expected power -> {{unit: list of areas}}")
    try:
        return {
            (str(p), str(Unit.parse(str(p), str(u)))): tuple(sorted(str(a) for a in areas or ()))
            for p, units in data.items()
            for u, areas in units.items()
        }
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def _phase_id(value: Any, where: str) -> str:
    try:
        return Phase.parse(str(value)).id
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def _unit_keys(data: Any, where: str) -> frozenset[UnitKey]:
    """`{england: [A LON]}` -> {("england", "A LON")}."""
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected power -> list of units")
    try:
        return keys_of(Unit.parse(str(p), str(u)) for p, units in data.items() for u in units)
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def keys_of(units: Iterable[Unit]) -> frozenset[UnitKey]:
    return frozenset((u.power, str(u)) for u in units)
