"""What a genes case checks, as plain data, and the matcher that checks it.

The engine's records become plain data (`plain`: records as mappings of
all their fields, enums as their values, tuples as lists) arranged in
views a case's expectations are matched against, key by key (`match`):

- `state_view`: a state (`codec` form with every field) plus `turn`,
  `forces` / `raiders` (owner -> place -> Exèrcit points, regular forces
  and raiding parties), `army` (country -> Exèrcit, 002 §4.5) and `actions`
  (country -> actions per turn, 002 §5.2, of each country still in play);
- `turn_view`: a resolved turn's frame (`initiative`, `budgets`, `scores`,
  `added`: the forced lines the judge added, per country; `crisis_tests`:
  the next turn's tests of critical situations, 002 §5.4.3.1) and the
  state view of the next turn;
- `result_view`: one line's result (`outcome`, `reason`, `step`, `forced`,
  `detail`, `rolls`, `effects`, `effect_kinds`); a roll shows its `face`
  as the die does (0 for the 0, which counts 10 in its `total`) and its
  `terms` as label -> value.

`match(expected, got, path)`: a mapping is checked key by key (keys left
out are not checked; `null` expects the key absent or null); a list must
have as many items, each matched in turn; `{contains: text}` matches a
string holding `text`; anything else must be equal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from adjudicator.rulesets.genes.budget import actions_per_turn
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.outcome import ActionResult, GenesResolution, TestRoll

STATE_KEYS = frozenset(
    {
        "phase", "turn", "seats", "countries", "cities", "characters", "forces", "raiders",
        "army", "actions", "sieges", "civil_wars", "start", "winner", "final_scores",
    }
)  # fmt: skip
"""The keys of `state_view`."""
FRAME_KEYS = frozenset({"initiative", "budgets", "scores", "added", "crisis_tests"})
TURN_EXPECT_KEYS = STATE_KEYS | FRAME_KEYS
"""The keys of `turn_view`: a turn's `expect`."""
CREATED_KEYS = STATE_KEYS | {"problems"}
"""A case's `created`: the first state's view, and the sheets' problems."""
RESULT_KEYS = frozenset(
    {"outcome", "reason", "step", "forced", "detail", "rolls", "effects", "effect_kinds"}
)
CONTAINS = "contains"


def plain(value: Any) -> Any:
    """Records as mappings of all their fields, enums as values, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


# --- views -------------------------------------------------------------------------------


def state_view(state: GenesState) -> dict[str, Any]:
    """A state as a case sees it (see the module docstring)."""
    view: dict[str, Any] = plain(state)
    view["phase"] = state.phase.id
    view["turn"] = state.turn
    view["forces"] = _forces(state, raiders=False)
    view["raiders"] = _forces(state, raiders=True)
    view["army"] = {c: state.army(c) for c in state.seats}
    view["actions"] = {c: actions_per_turn(state.countries[c], state).total for c in state.powers()}
    return view


def _forces(state: GenesState, *, raiders: bool) -> dict[str, dict[str, int]]:
    view: dict[str, dict[str, int]] = {}
    for force in state.forces:
        if force.raiders is raiders:
            places = view.setdefault(force.owner, {})
            places[force.place] = places.get(force.place, 0) + force.strength
    return view


def roll_view(roll: TestRoll) -> dict[str, Any]:
    """A test or contest side: the face as the die shows it, terms as label -> value."""
    return {
        "country": roll.country,
        "face": 0 if roll.face == 10 else roll.face,
        "terms": {label: value for label, value in roll.terms},
        "total": roll.total,
        "against": roll.against,
        "label": roll.label,
    }


def result_view(result: ActionResult) -> dict[str, Any]:
    return {
        "outcome": result.outcome.value,
        "reason": result.reason.value,
        "step": result.step,
        "forced": result.forced,
        "detail": result.detail,
        "rolls": [roll_view(r) for r in result.rolls],
        "effects": [plain(e) for e in result.effects],
        "effect_kinds": [e.kind.value for e in result.effects],
    }


def turn_view(resolution: GenesResolution) -> dict[str, Any]:
    """A resolved turn: its frame and the next turn's state view."""
    frame = resolution.frame
    added: dict[str, list[dict[str, Any]]] = {}
    for result in resolution.results:
        if result.forced and result.declaration.source is None:
            added.setdefault(result.declaration.power, []).append(
                {"kind": result.declaration.kind.id, **result_view(result)}
            )
    return {
        **state_view(resolution.state),
        "initiative": list(frame.initiative),
        "budgets": dict(frame.budgets),
        "scores": dict(frame.scores),
        "added": added,
        "crisis_tests": [roll_view(r) for r in frame.rolls],
    }


# --- matching ----------------------------------------------------------------------------


def match(expected: Any, got: Any, path: str) -> list[str]:
    """Problems, `[]` when `got` matches `expected` (see the module docstring)."""
    if isinstance(expected, Mapping) and set(expected) == {CONTAINS}:
        return _contains(str(expected[CONTAINS]), got, path)
    if isinstance(expected, Mapping):
        return _match_mapping(expected, got, path)
    if isinstance(expected, list):
        return _match_list(expected, got, path)
    if _same(expected, got):
        return []
    return [f"{path}: expected {_show(expected)}, got {_show(got)}"]


def _same(expected: Any, got: Any) -> bool:
    """Equal, a boolean never equal to a number (`true` is not `1`)."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected is got
    return bool(expected == got)


def _contains(part: str, got: Any, path: str) -> list[str]:
    if isinstance(got, str) and part in got:
        return []
    return [f"{path}: expected a text containing {part!r}, got {_show(got)}"]


def _match_mapping(expected: Mapping[Any, Any], got: Any, path: str) -> list[str]:
    if not isinstance(got, Mapping):
        return [f"{path}: expected a mapping {_show(expected)}, got {_show(got)}"]
    problems: list[str] = []
    for key, value in expected.items():
        at = f"{path}.{key}" if path else str(key)
        if str(key) in got:
            problems += match(value, got[str(key)], at)
        elif value is not None:
            there = ", ".join(sorted(map(str, got))) or "none"
            problems.append(f"{at}: expected {_show(value)}, got nothing (keys there: {there})")
    return problems


def _match_list(expected: Sequence[Any], got: Any, path: str) -> list[str]:
    if not isinstance(got, list) or len(got) != len(expected):
        return [f"{path}: expected {_show(expected)}, got {_show(got)}"]
    problems: list[str] = []
    for index, (one, other) in enumerate(zip(expected, got, strict=True)):
        problems += match(one, other, f"{path}[{index}]")
    return problems


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "null"
    return str(value)
