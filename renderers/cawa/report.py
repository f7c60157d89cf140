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
from adjudicator.rulesets.cawa.records import Battle, Conflict, ConflictKind, Side
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import CawaMap
from orders.cawa.model import REFEREE
from orders.issues import OrderIssue
from renderers.cawa.sections import reaction_note, statement_lines
from renderers.cawa.words import (
    move_word,
    next_step,
    phase_title,
    reason_text,
    terrain_word,
    told,
)
from renderers.common import issue_dict, issue_key, roll_dict
from texts import _


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
        return _("Referee")
    known = game_map.players.get(player)
    return known.local_name if known is not None else player


def people(game_map: CawaMap) -> dict[str, str]:
    """Each player's id -> the name people read (the referee's too)."""
    return {REFEREE: _("Referee"), **{p: k.local_name for p, k in game_map.players.items()}}


def render_cawa_report(turn: CawaTurnReport) -> str:
    """The public text report of one phase."""
    resolution = turn.resolution
    parts = [_header(turn)]
    if resolution.random_income is not None:
        parts.append(
            _("Random income this turn: {crowns} crowns for everybody").format(
                crowns=resolution.random_income
            )
        )
    names = people(turn.game_map)
    parts += [_("Note: {note}").format(note=told(note, names)) for note in resolution.notes]
    parts += [
        _("Note: {note}").format(note=reaction_note(note, names))
        for note in resolution.reaction_notes
    ]
    if turn.silent:
        silent = ", ".join(player_name(turn.game_map, p) for p in turn.silent)
        parts.append(_("No declarations from: {names}").format(names=silent))
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
        "referee_notes": [reaction_note(n, {}) for n in resolution.reaction_notes],
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
        _("Game: {name}").format(name=turn.game_name),
        _("Ruleset: {title}").format(title=_(turn.ruleset_title)),
        _("Phase resolved: {title} ({id})").format(title=phase_title(phase), id=phase.id),
    ]
    if turn.changed_options:
        changed = ", ".join(f"{k} = {v}" for k, v in sorted(turn.changed_options.items()))
        lines.append(_("Options differing from the rulebook: {options}").format(options=changed))
    return "\n".join(lines)


def _player_section(turn: CawaTurnReport, player: str) -> str:
    resolution = turn.resolution
    names = people(turn.game_map)
    lines = [
        f"  {_line_text(v)}  {_verdict_text(v, names)}"
        for v in resolution.verdicts
        if v.line.power == player
    ]
    taken = sorted(h for h, p in resolution.expansions.items() if p == player)
    if taken:
        lines.append("  " + _("Hexes taken unopposed: {hexes}").format(hexes=", ".join(taken)))
    statement = resolution.statements.get(player)
    if statement is not None:
        lines += [f"  {line}" for line in statement_lines(statement, people(turn.game_map))]
    issues = [i for i in turn.issues if turn.file_powers.get(i.source.file) == player]
    if issues:
        lines.append("  " + _("Problems with your declarations:"))
        lines += [
            f"    {i.render()}".replace("\n", "\n    ") for i in sorted(issues, key=issue_key)
        ]
    if not lines:
        return ""
    return "\n".join([f"== {player_name(turn.game_map, player)} ==", *lines])


def _line_text(verdict: Verdict) -> str:
    source = verdict.line.source
    return source.text.strip() if source is not None else type(verdict.line).__name__


def _verdict_text(verdict: Verdict, names: Mapping[str, str]) -> str:
    detail = f" ({told(verdict.detail, names)})" if verdict.detail else ""
    return reason_text(verdict.reason) + detail


def _sides_of_conflict(conflict: Conflict, game_map: CawaMap) -> str:
    parts = []
    for entry in conflict.entries:
        who = player_name(game_map, entry.player)
        how = move_word(entry.kind)
        if entry.points is None:
            text = _("{who} from {hex} ({how})").format(who=who, hex=entry.from_hex, how=how)
        else:
            text = _("{who} from {hex} ({how}) with {points}").format(
                who=who, hex=entry.from_hex, how=how, points=entry.points
            )
        parts.append(text)
    return "; ".join(parts)


def _conflicts_section(conflicts: Sequence[Conflict], game_map: CawaMap, state: CawaState) -> str:
    if not conflicts:
        return ""
    lines = [_("== Conflicts ==")]
    for c in conflicts:
        terrain = terrain_word(state.terrain_of(game_map, c.hex))
        match c.kind:
            case ConflictKind.SKIRMISH:
                what = _("skirmish for the free hex {hex} ({terrain})").format(
                    hex=c.hex, terrain=terrain
                )
            case ConflictKind.DOUBLE:
                other = c.other_hex or c.hex
                what = _(
                    "double invasion between {hex} ({terrain}) and {other} ({other_terrain})"
                ).format(
                    hex=c.hex,
                    terrain=terrain,
                    other=other,
                    other_terrain=terrain_word(state.terrain_of(game_map, other)),
                )
            case _:
                owner = player_name(game_map, c.defender or "")
                what = _("invasion of {owner}'s hex {hex} ({terrain})").format(
                    owner=owner, hex=c.hex, terrain=terrain
                )
        lines.append(f"  C{c.number} {what}: {_sides_of_conflict(c, game_map)}")
    return "\n".join(lines)


def _battles_section(battles: Sequence[Battle], game_map: CawaMap, state: CawaState) -> str:
    if not battles:
        return ""
    lines = [_("== Battles to be played ==")]
    for b in battles:
        terrain = terrain_word(state.terrain_of(game_map, b.hex))
        sides = "; ".join(_side_text(game_map, s) for s in b.sides)
        text = _("B{number} for {hex} ({terrain}): {sides}").format(
            number=b.number, hex=b.hex, terrain=terrain, sides=sides
        )
        lines.append(f"  {text}")
    return "\n".join(lines)


def _side_text(game_map: CawaMap, side: Side) -> str:
    who = player_name(game_map, side.player)
    if side.points is None:
        if side.attacking:
            return _("{who} attacks (points not declared yet)").format(who=who)
        return _("{who} defends (points not declared yet)").format(who=who)
    if side.attacking:
        return _("{who} attacks with {points}").format(who=who, points=side.points)
    return _("{who} defends with {points}").format(who=who, points=side.points)


def _pm_section(resolution: CawaResolution, game_map: CawaMap) -> str:
    """The three sums of "Pensar las Batallas" per player (CC-B-26..CC-B-28),
    reported to the referee, never punished automatically (AC-39)."""
    if not resolution.pm_sums:
        return ""
    lines = [_("== Points against PM (Pensar las Batallas) ==")]
    for sums in resolution.pm_sums:
        used = _("not known yet") if sums.used is None else str(sums.used)
        over = ", ".join(_("sum {n}").format(n=n) for n in sums.breaches)
        flag = _("  OVER PM: {sums} (for the referee, CC-B-29)").format(sums=over) if over else ""
        text = _(
            "{who}: PM {pm}; invasions declared {declared}; "
            "with defences {with_defences}; used {used}"
        ).format(
            who=player_name(game_map, sums.player),
            pm=sums.pm,
            declared=sums.declared,
            with_defences=sums.declared_with_defences,
            used=used,
        )
        lines.append(f"  {text}{flag}")
    return "\n".join(lines)


def _due_section(state: CawaState, game_map: CawaMap) -> str:
    """What the next economy phase collects: each battle payment (capped then
    by what the payer has, CC-B-18, AC-07), each fine, and the points each
    kingdom used in battles (1 crown a point, CC-E-8)."""
    if not state.payments and not state.upkeep:
        return ""
    lines = [_("== Due at the next economy phase ==")]
    for pay in state.payments:
        payer = player_name(game_map, pay.payer)
        if pay.payee:
            payee = player_name(game_map, pay.payee)
            if pay.battle:
                text = _("{payer} pays {amount} to {payee} (battle B{battle})").format(
                    payer=payer, amount=pay.amount, payee=payee, battle=pay.battle
                )
            else:
                text = _("{payer} pays {amount} to {payee}").format(
                    payer=payer, amount=pay.amount, payee=payee
                )
        else:
            text = _("{payer} is fined {amount}").format(payer=payer, amount=pay.amount)
        lines.append(f"  {text}")
    for player in sorted(state.upkeep):
        lines.append(
            "  "
            + _("{who}: troops used, {points} points").format(
                who=player_name(game_map, player), points=state.upkeep[player]
            )
        )
    return "\n".join(lines)


def _ranked(state: CawaState) -> list[str]:
    return sorted(state.players, key=lambda p: (-state.territories(p), p))


def _kingdoms_section(state: CawaState, game_map: CawaMap) -> str:
    lines = [_("== Kingdoms (by NT) =="), "  " + _("kingdom  NT  CO  PO  PM  fleets")]
    for rank, p in enumerate(_ranked(state), start=1):
        k = _kingdom_dict(state, p)
        text = _("{who}: NT {nt}, CO {co}, PO {po}, PM {pm}, fleets {fleets}").format(
            who=player_name(game_map, p),
            nt=k["nt"],
            co=k["co"],
            po=k["po"],
            pm=k["pm"],
            fleets=k["fleets"],
        )
        lines.append(f"  {rank}. {text}")
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
        [_("Dice rolls:"), *(f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in rolls)]
    )


def _receipts_section(receipts: Sequence[Receipt]) -> str:
    if not receipts:
        return ""
    width = max(len(r.file) for r in receipts)
    return "\n".join(
        [
            _("Declaration files received (SHA-256):"),
            *(f"  {r.file:<{width}}  {r.sha256}" for r in receipts),
        ]
    )


def _next_line(state: CawaState) -> str:
    step = next_step(CawaPhaseKind(state.phase.kind))
    return _("Next phase: {title} ({id}). {step}").format(
        title=phase_title(state.phase), id=state.phase.id, step=step
    )


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
