"""JSON form of a resolved phase (`mapjudge resolve --format json`, `reports/<phase>.json`).

The schema is documented in docs/cli.md and versioned by the `schema` key.
Orders appear in the canonical text of `renderers.board.report.format_order`;
outcomes and reasons are the enum values. Keys are sorted and every list is
in a stable order, so equal turns give byte-equal JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from adjudicator.core.dice import Roll
from adjudicator.kits.board.results import Event, OrderResult
from adjudicator.kits.board.state import GameState
from renderers.board.report import TurnReport, format_order, sorted_results
from renderers.common import issue_dict, issue_key, plain_value, roll_dict

SCHEMA = "mapjudge/resolution/1"

SCHEMA_STATE_SECTIONS: Mapping[str, object] = {"control": {}, "sieges": {}}
"""Keys schema 1 gives every board ruleset for a state's own facts (docs/cli.md),
empty unless the ruleset's rendering fills them (`BoardRendering.json_fields`)."""

StateT = TypeVar("StateT", bound=GameState)


def resolution_dict(turn: TurnReport[StateT]) -> dict[str, Any]:
    """Plain data for one resolved phase (see docs/cli.md for the schema)."""
    state = turn.next_state.to_dict()
    return {
        "schema": SCHEMA,
        "game": turn.game_name,
        "ruleset": turn.ruleset,
        "phase": turn.phase.id,
        "next_phase": turn.next_state.phase.id,
        "options": {k: plain_value(v) for k, v in turn.changed_options.items()},
        "results": [_result_dict(r) for r in sorted_results(turn.resolution.results)],
        "units": state["units"],
        "dislodged": _dislodged(turn),
        "supply_centers": state["supply_centers"],
        "standoffs": sorted(turn.next_state.standoffs),
        "winner": turn.next_state.winner,
        "issues": [issue_dict(i, turn.file_powers) for i in sorted(turn.issues, key=issue_key)],
        "rolls": [roll_dict(r) for r in sorted(turn.resolution.rolls, key=_roll_key)],
        "receipts": [{"file": r.file, "sha256": r.sha256} for r in sorted(turn.receipts)],
        "notes": list(turn.resolution.notes),
        "events": [_event_dict(e) for e in turn.resolution.events],
        **SCHEMA_STATE_SECTIONS,
        **turn.rendering.json_fields(turn.next_state),
    }


def _event_dict(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind.value,
        "power": event.power,
        "area": event.area,
        "unit": str(event.unit) if event.unit else None,
        "other": event.other,
    }


def render_json(turn: TurnReport[StateT]) -> str:
    """`resolution_dict` as indented JSON text with sorted keys."""
    return json.dumps(resolution_dict(turn), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _result_dict(result: OrderResult) -> dict[str, Any]:
    return {
        "power": result.order.power,
        "unit": str(result.unit) if result.unit else None,
        "order": format_order(result.order, result.unit),
        "outcome": result.outcome.value,
        "reason": result.reason.value,
        "detail": result.detail,
    }


def _dislodged(turn: TurnReport[StateT]) -> list[dict[str, Any]]:
    state = turn.next_state
    return [
        {
            "power": d.unit.power,
            "unit": str(d.unit),
            "attacker_from": d.attacker_from,
            "via_convoy": d.via_convoy,
            "retreats": list(d.retreats),
        }
        for d in sorted(state.dislodged, key=lambda d: d.unit)
    ]


def _roll_key(roll: Roll) -> tuple[str, int]:
    return (roll.purpose, roll.index)


PRIVATE_SCHEMA = "mapjudge/private/1"


def power_dict(turn: TurnReport[StateT], power: str) -> dict[str, Any]:
    """One power's private part as data: its results and the issues of its files."""
    results = sorted_results(r for r in turn.resolution.results if r.order.power == power)
    issues = [i for i in turn.issues if turn.file_powers.get(i.source.file) == power]
    data: dict[str, Any] = {
        "schema": PRIVATE_SCHEMA,
        "game": turn.game_name,
        "ruleset": turn.ruleset,
        "phase": turn.phase.id,
        "next_phase": turn.next_state.phase.id,
        "power": power,
        "results": [_result_dict(r) for r in results],
        "issues": [issue_dict(i, turn.file_powers) for i in sorted(issues, key=issue_key)],
    }
    secrets = turn.resolution.secrets.get(power, ())
    if secrets:  # only a ruleset with secrets writes the key (AM-46)
        data["private"] = list(secrets)
    return data


def render_power_json(turn: TurnReport[StateT], power: str) -> str:
    """`power_dict` as indented JSON with sorted keys."""
    return json.dumps(power_dict(turn, power), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
