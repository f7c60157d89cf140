"""The movement phase of CaWa (004 "Fase de Movimientos", "Movimiento por
mar", "Flotas"): every player's movement lines judged, the uncontested
expansions taken, the conflicts listed.

Every line is judged on the map of the start of the phase (AC-28: a hex lost
this turn still carries out its move, a hex that expands can still be
invaded), in the order written (AC-26): the first line that fits stands,
each later one that breaks a limit is refused with its reason and has no
effect. The limits:

- a move goes from one of the player's hexes to an adjacent hex that is not
  water (CC-MV-3); a ship from a village or castle touching water, instead
  of that hex's land move, to a landing reached by up to 3 water hexes
  (CC-MV-13, AC-23); a fleet launched from such a hex stays at sea
  (CC-MV-16, AC-24); a fleet moves up to 3 water hexes (CC-MV-18) or lands
  next to where it is (CC-MV-19);
- one move per source hex, whether land, sea or launch (CC-MV-5,
  CC-MV-15), and never two of a player's moves into one target, free or
  not (CC-MV-5, AC-05), whatever the way;
- into a free hex no points are named (CC-MV-7); a line that names points
  for a free hex is refused (POINTS_NOT_NEEDED): the book asks points only
  of invasions, and a refusal tells the player his reading of the map was
  wrong instead of quietly changing what he declared;
- into another player's hex it is an invasion (CC-M-5, CC-MV-10,
  CC-MV-14) of 1000, 1500 or 2000 points; each counts the moment it is
  declared (AC-42):
  * land and sea invasions <= PO, which every fleet at sea at the start and
    every fleet launched this phase lowers (CC-MV-11, CC-MV-17, AC-21); a
    launch that would leave fewer PO than the invasions already accepted is
    refused; a fleet's landing uses no PO (CC-MV-20, AC-22);
  * the points of all invasions, fleet landings included, <= PM, the
    treasury after the economy phase rounded down to 500 (CC-MV-1,
    CC-MV-12, AC-22); a fleet at sea uses none (CC-MV-21);
  * at most 3 invasions against one player, land, sea and fleet landings
    alike (CC-CF-14, AC-47).

When one line breaks several limits the reason given is the first of:
unknown player or hex, not the player's hex (or no such fleet free), the
way and the target (port, water, own hex, adjacency, sea range), source
already moved, target already entered, points, PO, 3 against one, PM.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.rulesets.cawa.conflicts import Move, detect_conflicts, expansions
from adjudicator.rulesets.cawa.fleets import FleetBook, Refusal, sailing_refusal
from adjudicator.rulesets.cawa.powers import military_might, power
from adjudicator.rulesets.cawa.reasons import CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Conflict, MoveKind
from adjudicator.rulesets.cawa.sea import is_water, landings, path_is_valid, touches_water
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from orders.cawa.model import LandFleet, LandMove, LaunchFleet, MoveFleet, MovementLine, SeaMove
from texts import T_

INVASION_POINTS = (1000, 1500, 2000)
"""The points an invasion may declare (CC-MV-10)."""

MAX_AGAINST_ONE = 3
"""Invasions a player may declare against one other player in a turn (CC-CF-14)."""


@dataclass(frozen=True)
class MovementOutcome:
    """The movement phase judged: the state after it (phase unchanged; owners
    with the uncontested expansions, AC-43; fleets moved, launched, landed;
    `launched` and `conflicts` of this turn), one verdict per line in the
    order given, and the numbered conflicts."""

    state: CawaState
    verdicts: tuple[Verdict, ...]
    conflicts: tuple[Conflict, ...]


@dataclass(frozen=True)
class _Ledger:
    """What the lines judged so far have used (mutable inside one phase)."""

    state: CawaState
    game_map: CawaMap
    fleets: FleetBook
    used_sources: set[str] = field(default_factory=set)
    entered: set[tuple[str, str]] = field(default_factory=set)
    po_invasions: Counter[str] = field(default_factory=Counter)
    points: Counter[str] = field(default_factory=Counter)
    against: Counter[tuple[str, str]] = field(default_factory=Counter)
    moves: list[Move] = field(default_factory=list)

    def po_left(self, player: str, launching: int = 0) -> int:
        """PO after the fleets at sea and those launched this turn (AC-21)."""
        launched = self.fleets.launched_by(player) + launching
        return max(0, power(self.state, player) - launched)

    def owner(self, code: str) -> str | None:
        return self.state.owners.get(code)


def _unknown(game_map: CawaMap, *codes: str) -> Refusal | None:
    for code in codes:
        if code not in game_map.hexes:
            return CawaReason.UNKNOWN_HEX, T_("{hex} is not on the map", hex=code)
    return None


def _not_yours(ledger: _Ledger, player: str, code: str) -> Refusal | None:
    """A move leaves from one of the player's hexes at the start of the phase
    (CC-MV-3, AC-28)."""
    if ledger.owner(code) != player:
        return CawaReason.NOT_YOUR_HEX, T_(
            "{hex} is not a hex of {player}", hex=code, player=player
        )
    return None


def _no_port(ledger: _Ledger, code: str) -> Refusal | None:
    """Ships leave from a village or castle touching water (CC-MV-13, AC-24)."""
    if code not in ledger.state.buildings:
        return CawaReason.NO_PORT, T_("{hex} has no village or castle", hex=code)
    if not touches_water(ledger.game_map, code):
        return CawaReason.NO_PORT, T_("{hex} does not touch water", hex=code)
    return None


def _target_refusal(ledger: _Ledger, player: str, target: str) -> Refusal | None:
    """A move's target: never water (CC-MV-3, CC-M-8), never the player's own hex."""
    if is_water(ledger.game_map, target):
        return CawaReason.WATER_HEX, T_("{hex} is water", hex=target)
    if ledger.owner(target) == player:
        return CawaReason.OWN_HEX, T_(
            "{hex} is already a hex of {player}", hex=target, player=player
        )
    return None


def _source_refusal(ledger: _Ledger, source: str) -> Refusal | None:
    """One move per source hex, land, sea or launch (CC-MV-5, CC-MV-15)."""
    if source in ledger.used_sources:
        return CawaReason.SOURCE_ALREADY_MOVED, T_("{hex} already moved this phase", hex=source)
    return None


def _limits(
    ledger: _Ledger, player: str, defender: str, points: int, uses_po: bool
) -> Refusal | None:
    """PO (CC-MV-11, AC-21; not for a fleet's landing, CC-MV-20), the 3
    invasions against one player (CC-CF-14, AC-47) and PM (CC-MV-12,
    AC-22)."""
    if uses_po:
        allowed = ledger.po_left(player)
        if ledger.po_invasions[player] >= allowed:
            used = ledger.po_invasions[player]
            return CawaReason.NO_PO_LEFT, T_(
                "PO {po}, {used} invasions already declared", po=allowed, used=used
            )
    if ledger.against[(player, defender)] >= MAX_AGAINST_ONE:
        return CawaReason.THREE_AGAINST_ONE, T_(
            "already {most} invasions of {player}", most=MAX_AGAINST_ONE, player=defender
        )
    might = military_might(ledger.state.treasury.get(player, 0))
    declared = ledger.points[player]
    if declared + points > might:
        return CawaReason.OVER_PM, T_(
            "PM {pm}, {declared} already declared, {points} more",
            pm=might,
            declared=declared,
            points=points,
        )
    return None


def _entry_refusal(
    ledger: _Ledger, player: str, target: str, points: int | None, uses_po: bool
) -> Refusal | None:
    """A move into `target`: not twice into one hex (CC-MV-5, AC-05); no
    points into a free hex (CC-MV-7); 1000/1500/2000 into another player's
    (CC-MV-4, CC-MV-10, CC-MV-14) within the limits."""
    if (player, target) in ledger.entered:
        return CawaReason.TARGET_ALREADY_ENTERED, T_(
            "{player} already moves into {hex}", player=player, hex=target
        )
    defender = ledger.owner(target)
    if defender is None:
        if points is not None:
            return CawaReason.POINTS_NOT_NEEDED, T_("{hex} is nobody's: no points", hex=target)
        return None
    if points is None:
        return CawaReason.POINTS_NEEDED, T_(
            "{hex} is a hex of {player}: an invasion", hex=target, player=defender
        )
    if points not in INVASION_POINTS:
        return CawaReason.BAD_POINTS, T_(
            "{points}: an invasion is 1000, 1500 or 2000", points=points
        )
    return _limits(ledger, player, defender, points, uses_po)


def _record(ledger: _Ledger, move: Move, uses_po: bool) -> None:
    """Count an accepted move into its target (AC-42: invasions count at once)."""
    ledger.entered.add((move.player, move.target))
    ledger.moves.append(move)
    defender = ledger.owner(move.target)
    if defender is not None and move.points is not None:
        ledger.points[move.player] += move.points
        ledger.against[(move.player, defender)] += 1
        if uses_po:
            ledger.po_invasions[move.player] += 1


def _land_move(line: LandMove, ledger: _Ledger) -> Refusal | None:
    """CC-MV-3 .. CC-MV-10: to an adjacent hex that is not water."""
    player, source, target = line.power, line.source_hex, line.target
    refusal = (
        _unknown(ledger.game_map, source, target)
        or _not_yours(ledger, player, source)
        or _target_refusal(ledger, player, target)
    )
    if refusal is None and not ledger.game_map.adjacent(source, target):
        refusal = (
            CawaReason.NOT_ADJACENT,
            T_("{hex} is not next to {other}", hex=target, other=source),
        )
    refusal = (
        refusal
        or _source_refusal(ledger, source)
        or _entry_refusal(ledger, player, target, line.points, uses_po=True)
    )
    if refusal is None:
        ledger.used_sources.add(source)
        _record(ledger, Move(player, source, target, MoveKind.LAND, line.points), uses_po=True)
    return refusal


def _sea_route(ledger: _Ledger, line: SeaMove) -> Refusal | None:
    """A landing reached by up to 3 water hexes; a named path must be one
    (CC-MV-13, AC-23)."""
    game_map, source, target = ledger.game_map, line.source_hex, line.target
    if line.path:
        for code in line.path:
            if not is_water(game_map, code):
                return CawaReason.NOT_WATER, T_("{hex} on the path is not water", hex=code)
        if not path_is_valid(game_map, source, line.path, target):
            route = " ".join(line.path)
            return CawaReason.TOO_FAR_BY_SEA, T_(
                "{route} is no sailing from {start} to {hex}", route=route, start=source, hex=target
            )
        return None
    if target not in landings(game_map, source):
        return CawaReason.TOO_FAR_BY_SEA, T_(
            "{hex} is not a landing within 3 water hexes", hex=target
        )
    return None


def _sea_move(line: SeaMove, ledger: _Ledger) -> Refusal | None:
    """CC-MV-13 .. CC-MV-15: a ship instead of the hex's land move."""
    player, source, target = line.power, line.source_hex, line.target
    refusal = (
        _unknown(ledger.game_map, source, target, *line.path)
        or _not_yours(ledger, player, source)
        or _no_port(ledger, source)
        or _target_refusal(ledger, player, target)
        or _sea_route(ledger, line)
        or _source_refusal(ledger, source)
        or _entry_refusal(ledger, player, target, line.points, uses_po=True)
    )
    if refusal is None:
        ledger.used_sources.add(source)
        _record(ledger, Move(player, source, target, MoveKind.SEA, line.points), uses_po=True)
    return refusal


def _launch(line: LaunchFleet, ledger: _Ledger) -> Refusal | None:
    """CC-MV-16, AC-24: a ship that stays at sea, instead of the hex's move;
    refused if the PO it takes is already used (AC-21, AC-26)."""
    player, source = line.power, line.source_hex
    refusal = (
        _unknown(ledger.game_map, source, line.to)
        or _not_yours(ledger, player, source)
        or _no_port(ledger, source)
        or sailing_refusal(ledger.game_map, source, line.to)
        or _source_refusal(ledger, source)
    )
    if refusal is None:
        left = ledger.po_left(player, launching=1)
        used = ledger.po_invasions[player]
        if used > left:
            refusal = (
                CawaReason.NO_PO_LEFT,
                T_("a fleet would leave PO {po} for {used} invasions", po=left, used=used),
            )
    if refusal is None:
        ledger.used_sources.add(source)
        ledger.fleets.launch(player, line.to)
    return refusal


def _move_fleet(line: MoveFleet, ledger: _Ledger) -> Refusal | None:
    """CC-MV-18: a fleet sails up to 3 water hexes, once per phase."""
    refusal = (
        _unknown(ledger.game_map, line.fleet_hex, line.to)
        or ledger.fleets.refusal(line.power, line.fleet_hex)
        or sailing_refusal(ledger.game_map, line.fleet_hex, line.to)
    )
    if refusal is None:
        ledger.fleets.move(line.power, line.fleet_hex, line.to)
    return refusal


def _land_fleet(line: LandFleet, ledger: _Ledger) -> Refusal | None:
    """CC-MV-19, CC-MV-20, AC-22: a fleet (after sailing to `via`) lands next
    to where it is; a normal move that uses no PO."""
    player, target = line.power, line.target
    via = () if line.via is None else (line.via,)
    refusal = _unknown(ledger.game_map, line.fleet_hex, target, *via) or ledger.fleets.refusal(
        player, line.fleet_hex
    )
    if refusal is None and line.via is not None:
        refusal = sailing_refusal(ledger.game_map, line.fleet_hex, line.via)
    at = line.via or line.fleet_hex
    refusal = refusal or _target_refusal(ledger, player, target)
    if refusal is None and not ledger.game_map.adjacent(at, target):
        refusal = CawaReason.NOT_ADJACENT, T_("{hex} is not next to {other}", hex=target, other=at)
    refusal = refusal or _entry_refusal(ledger, player, target, line.points, uses_po=False)
    if refusal is None:
        ledger.fleets.land(player, line.fleet_hex)
        _record(ledger, Move(player, at, target, MoveKind.FLEET, line.points), uses_po=False)
    return refusal


def _judge(line: MovementLine, ledger: _Ledger) -> Refusal | None:
    if line.power not in ledger.state.players:
        return CawaReason.UNKNOWN_PLAYER, T_("{player} plays no kingdom here", player=line.power)
    if isinstance(line, LandMove):
        return _land_move(line, ledger)
    if isinstance(line, SeaMove):
        return _sea_move(line, ledger)
    if isinstance(line, LaunchFleet):
        return _launch(line, ledger)
    if isinstance(line, MoveFleet):
        return _move_fleet(line, ledger)
    return _land_fleet(line, ledger)


def resolve_movement(
    state: CawaState, game_map: CawaMap, lines: Sequence[MovementLine]
) -> MovementOutcome:
    """Judge every movement line in the order given (AC-26) on the map of the
    start of the phase (AC-28); take the uncontested expansions (CC-MV-9,
    CC-CF-1, AC-43), move, launch and land the fleets, and list the
    conflicts (see `conflicts`). The phase is left for the caller to advance."""
    ledger = _Ledger(state, game_map, FleetBook.of(state.fleets))
    verdicts: list[Verdict] = []
    for line in lines:
        refusal = _judge(line, ledger)
        if refusal is None:
            verdicts.append(Verdict(line, CawaReason.DONE))
        else:
            verdicts.append(Verdict(line, refusal[0], refusal[1]))
    conflicts = detect_conflicts(ledger.moves, state.owners)
    owners = dict(state.owners)
    owners.update(expansions(ledger.moves, state.owners))
    after = replace(
        state,
        owners=owners,
        fleets=ledger.fleets.at_sea(),
        launched=(*state.launched, *ledger.fleets.launched),
        conflicts=conflicts,
    )
    return MovementOutcome(after, tuple(verdicts), conflicts)
