"""The report of a CaWa phase, text and JSON (004; AC-01: the turn summary is
rebuilt from the text). Everything in CaWa is public ("lo que conoce el
árbitro lo debe conocer el resto", CC-A-3; the map, CC-V-1; gifts, CC-E-13),
so one report serves every player: the lines each sent and what became of
them, the conflicts and battles numbered as on the map, the kingdoms ranked
by NT with their CO, PO and PM (AC-49), the rolls, the receipts, and what
the next phase needs from whom."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.cawa.powers import base_power, military_might, power
from adjudicator.rulesets.cawa.reasons import Verdict
from adjudicator.rulesets.cawa.records import Battle, Conflict, ConflictKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import CawaMap
from orders.cawa.model import REFEREE
from orders.issues import OrderIssue
from renderers.cawa.sections import reaction_note, statement_lines
from renderers.cawa.words import NEXT_STEP, reason_text
from renderers.common import issue_dict, issue_key, roll_dict


@dataclass(frozen=True)
class CawaTurnReport:
    """Everything a CaWa report shows about one resolved phase."""

    resolution: CawaResolution
    game_map: CawaMap
    game_name: str
    ruleset_title: str
    changed_options: Mapping[str, Any] = field(default_factory=dict)
    issues: tuple[OrderIssue, ...] = ()
    receipts: tuple[Receipt, ...] = ()
    file_powers: Mapping[str, str] = field(default_factory=dict)
    silent: tuple[str, ...] = ()


def player_name(game_map: CawaMap, player: str) -> str:
    """A kingdom's name for people (the referee's files are the Referee's)."""
    if player == REFEREE:
        return "Referee"
    known = game_map.players.get(player)
    return known.name if known is not None else player


def render_cawa_report(turn: CawaTurnReport) -> str:
    """The public text report of one phase."""
    resolution = turn.resolution
    parts = [_header(turn)]
    if resolution.random_income is not None:
        parts.append(f"Random income this turn: {resolution.random_income} crowns for everybody")
    parts += [f"Note: {note}" for note in resolution.notes]
    parts += [f"Note: {reaction_note(note)}" for note in resolution.reaction_notes]
    if turn.silent:
        names = ", ".join(player_name(turn.game_map, p) for p in turn.silent)
        parts.append(f"No declarations from: {names}")
    parts.append("")
    for player in (*resolution.previous.players, REFEREE):
        section = _player_section(turn, player)
        if section:
            parts += [section, ""]
    for block in (
        _conflicts_section(resolution.state.conflicts, turn.game_map, resolution.state),
        _battles_section(resolution.state.battles, turn.game_map, resolution.state),
        _pm_section(resolution, turn.game_map),
        _due_section(resolution.state, turn.game_map),
        _kingdoms_section(resolution.state, turn.game_map),
        _rolls_section(resolution),
        _receipts_section(turn.receipts),
    ):
        if block:
            parts += [block, ""]
    parts.append(_next_line(resolution.state))
    return "\n".join(parts) + "\n"


def render_cawa_json(turn: CawaTurnReport) -> str:
    """The report's JSON twin: the same facts, as data."""
    resolution = turn.resolution
    state = resolution.state
    data: dict[str, Any] = {
        "game": turn.game_name,
        "phase": resolution.previous.phase.id,
        "next_phase": state.phase.id,
        "random_income": resolution.random_income,
        "notes": list(resolution.notes),
        "lines": [_verdict_dict(v) for v in resolution.verdicts],
        "expansions": dict(sorted(resolution.expansions.items())),
        "referee_notes": [reaction_note(n) for n in resolution.reaction_notes],
        "pm_sums": [
            {
                "player": s.player,
                "pm": s.pm,
                "declared": s.declared,
                "declared_with_defences": s.declared_with_defences,
                "used": s.used,
                "over": list(s.breaches),
            }
            for s in resolution.pm_sums
        ],
        "statements": {
            p: [
                {"kind": line.kind.value, "crowns": line.crowns, "what": line.what, "due": line.due}
                for line in st.lines
            ]
            for p, st in sorted(resolution.statements.items())
        },
        "conflicts": [_conflict_dict(c, turn.game_map, state) for c in state.conflicts],
        "battles": [_battle_dict(b, turn.game_map, state) for b in state.battles],
        "kingdoms": [_kingdom_dict(state, p) for p in _ranked(state)],
        "rolls": [roll_dict(r) for r in resolution.rolls],
        "issues": [issue_dict(i, turn.file_powers) for i in sorted(turn.issues, key=issue_key)],
        "receipts": [{"file": r.file, "sha256": r.sha256} for r in turn.receipts],
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# --- sections ---------------------------------------------------------------------


def _header(turn: CawaTurnReport) -> str:
    phase = turn.resolution.previous.phase
    lines = [
        f"Game: {turn.game_name}",
        f"Ruleset: {turn.ruleset_title}",
        f"Phase resolved: {phase.title} ({phase.id})",
    ]
    if turn.changed_options:
        changed = ", ".join(f"{k} = {v}" for k, v in sorted(turn.changed_options.items()))
        lines.append(f"Options differing from the rulebook: {changed}")
    return "\n".join(lines)


def _player_section(turn: CawaTurnReport, player: str) -> str:
    resolution = turn.resolution
    lines = [
        f"  {_line_text(v)}  {_verdict_text(v)}"
        for v in resolution.verdicts
        if v.line.power == player
    ]
    taken = sorted(h for h, p in resolution.expansions.items() if p == player)
    if taken:
        lines.append(f"  Hexes taken unopposed: {', '.join(taken)}")
    statement = resolution.statements.get(player)
    if statement is not None:
        lines += [f"  {line}" for line in statement_lines(statement)]
    issues = [i for i in turn.issues if turn.file_powers.get(i.source.file) == player]
    if issues:
        lines.append("  Problems with your declarations:")
        lines += [
            f"    {i.render()}".replace("\n", "\n    ") for i in sorted(issues, key=issue_key)
        ]
    if not lines:
        return ""
    return "\n".join([f"== {player_name(turn.game_map, player)} ==", *lines])


def _line_text(verdict: Verdict) -> str:
    source = verdict.line.source
    return source.text.strip() if source is not None else type(verdict.line).__name__


def _verdict_text(verdict: Verdict) -> str:
    detail = f" ({verdict.detail})" if verdict.detail else ""
    return reason_text(verdict.reason) + detail


def _sides_of_conflict(conflict: Conflict, game_map: CawaMap) -> str:
    parts = []
    for entry in conflict.entries:
        points = f" with {entry.points}" if entry.points is not None else ""
        who = player_name(game_map, entry.player)
        parts.append(f"{who} from {entry.from_hex} ({entry.kind.value}){points}")
    return "; ".join(parts)


def _conflicts_section(conflicts: Sequence[Conflict], game_map: CawaMap, state: CawaState) -> str:
    if not conflicts:
        return ""
    lines = ["== Conflicts =="]
    for c in conflicts:
        terrain = state.terrain_of(game_map, c.hex).value
        match c.kind:
            case ConflictKind.SKIRMISH:
                what = f"skirmish for the free hex {c.hex} ({terrain})"
            case ConflictKind.DOUBLE:
                other = c.other_hex or c.hex
                what = (
                    f"double invasion between {c.hex} ({terrain}) and {other} "
                    f"({state.terrain_of(game_map, other).value})"
                )
            case _:
                owner = player_name(game_map, c.defender or "")
                what = f"invasion of {owner}'s hex {c.hex} ({terrain})"
        lines.append(f"  C{c.number} {what}: {_sides_of_conflict(c, game_map)}")
    return "\n".join(lines)


def _battles_section(battles: Sequence[Battle], game_map: CawaMap, state: CawaState) -> str:
    if not battles:
        return ""
    lines = ["== Battles to be played =="]
    for b in battles:
        terrain = state.terrain_of(game_map, b.hex).value
        sides = "; ".join(
            f"{player_name(game_map, s.player)} {'attacks' if s.attacking else 'defends'}"
            + (f" with {s.points}" if s.points is not None else " (points not declared yet)")
            for s in b.sides
        )
        lines.append(f"  B{b.number} for {b.hex} ({terrain}): {sides}")
    return "\n".join(lines)


def _pm_section(resolution: CawaResolution, game_map: CawaMap) -> str:
    """The three sums of "Pensar las Batallas" per player (CC-B-26..CC-B-28),
    reported to the referee, never punished automatically (AC-39)."""
    if not resolution.pm_sums:
        return ""
    lines = ["== Points against PM (Pensar las Batallas) =="]
    for sums in resolution.pm_sums:
        used = "not known yet" if sums.used is None else str(sums.used)
        over = ", ".join(f"sum {n}" for n in sums.breaches)
        flag = f"  OVER PM: {over} (for the referee, CC-B-29)" if over else ""
        lines.append(
            f"  {player_name(game_map, sums.player)}: PM {sums.pm}; "
            f"invasions declared {sums.declared}; "
            f"with defences {sums.declared_with_defences}; used {used}{flag}"
        )
    return "\n".join(lines)


def _due_section(state: CawaState, game_map: CawaMap) -> str:
    """What the next economy phase collects: each battle payment (capped then
    by what the payer has, CC-B-18, AC-07), each fine, and the points each
    kingdom used in battles (1 crown a point, CC-E-8)."""
    if not state.payments and not state.upkeep:
        return ""
    lines = ["== Due at the next economy phase =="]
    for pay in state.payments:
        payer = player_name(game_map, pay.payer)
        if pay.payee:
            battle = f" (battle B{pay.battle})" if pay.battle else ""
            lines.append(
                f"  {payer} pays {pay.amount} to {player_name(game_map, pay.payee)}{battle}"
            )
        else:
            lines.append(f"  {payer} is fined {pay.amount}")
    for player in sorted(state.upkeep):
        lines.append(
            f"  {player_name(game_map, player)}: troops used, {state.upkeep[player]} points"
        )
    return "\n".join(lines)


def _ranked(state: CawaState) -> list[str]:
    return sorted(state.players, key=lambda p: (-state.territories(p), p))


def _kingdoms_section(state: CawaState, game_map: CawaMap) -> str:
    lines = ["== Kingdoms (by NT) ==", "  kingdom  NT  CO  PO  PM  fleets"]
    for rank, p in enumerate(_ranked(state), start=1):
        k = _kingdom_dict(state, p)
        lines.append(
            f"  {rank}. {player_name(game_map, p)}: NT {k['nt']}, CO {k['co']}, "
            f"PO {k['po']}, PM {k['pm']}, fleets {k['fleets']}"
        )
    return "\n".join(lines)


def _kingdom_dict(state: CawaState, player: str) -> dict[str, Any]:
    crowns = state.treasury.get(player, 0)
    return {
        "player": player,
        "nt": state.territories(player),
        "co": crowns,
        "po": power(state, player),
        "base_po": base_power(state.territories(player)),
        "pm": military_might(crowns),
        "fleets": len(state.fleets_of(player)),
    }


def _rolls_section(resolution: CawaResolution) -> str:
    if not resolution.rolls:
        return ""
    rolls = sorted(resolution.rolls, key=lambda r: (r.purpose, r.index))
    return "\n".join(
        ["Dice rolls:", *(f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in rolls)]
    )


def _receipts_section(receipts: Sequence[Receipt]) -> str:
    if not receipts:
        return ""
    width = max(len(r.file) for r in receipts)
    return "\n".join(
        [
            "Declaration files received (SHA-256):",
            *(f"  {r.file:<{width}}  {r.sha256}" for r in receipts),
        ]
    )


def _next_line(state: CawaState) -> str:
    step = NEXT_STEP[CawaPhaseKind(state.phase.kind)]
    return f"Next phase: {state.phase.title} ({state.phase.id}). {step}"


# --- JSON records -------------------------------------------------------------------


def _verdict_dict(verdict: Verdict) -> dict[str, Any]:
    source = verdict.line.source
    return {
        "player": verdict.line.power,
        "line": source.text.strip() if source is not None else None,
        "file": source.file if source is not None else None,
        "line_number": source.line if source is not None else None,
        "kind": type(verdict.line).__name__,
        "accepted": verdict.accepted,
        "reason": verdict.reason.value,
        "detail": verdict.detail,
    }


def _conflict_dict(conflict: Conflict, game_map: CawaMap, state: CawaState) -> dict[str, Any]:
    return {
        "number": conflict.number,
        "kind": conflict.kind.value,
        "hex": conflict.hex,
        "other_hex": conflict.other_hex,
        "terrain": state.terrain_of(game_map, conflict.hex).value,
        "defender": conflict.defender,
        "entries": [
            {"player": e.player, "from": e.from_hex, "by": e.kind.value, "points": e.points}
            for e in conflict.entries
        ],
    }


def _battle_dict(battle: Battle, game_map: CawaMap, state: CawaState) -> dict[str, Any]:
    return {
        "number": battle.number,
        "hex": battle.hex,
        "terrain": state.terrain_of(game_map, battle.hex).value,
        "defender": battle.defender,
        "conflicts": list(battle.conflicts),
        "sides": [
            {"player": s.player, "attacking": s.attacking, "points": s.points} for s in battle.sides
        ],
    }
