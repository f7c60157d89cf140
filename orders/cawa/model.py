"""What CaWa players (and the referee) write, one line each (004; AC-01,
AC-06, AC-27, AC-29, AC-45): five kinds of file, one per phase of a turn.

- economy declarations (004 "Acciones que se pueden hacer en la fase de
  Economía"): gifts of crowns and of hexes, abandoning a hex, changing a
  hex's terrain, building a village, upgrading a village to a castle;
- movement declarations (004 "Fase de Movimientos"): land moves
  (expansions and invasions), sea moves from a village or castle, fleets
  (launch, move, land);
- skirmish results (the referee's file): who won each skirmish, which
  decides where a double invasion is fought (CC-CF-7);
- reactions (every player, one file, before the first battle: CC-B-33):
  defence points against an invasion, a withdrawal, a deployment change
  announced (AC-39);
- battle results (the referee's file): each battle's result class, per pair
  in a three-sided battle, the points fielded, disqualifications and the
  referee's penalties (AC-34, AC-46, AC-50).

Hexes are codes (`0403`); players are ids (the parser resolves names).
Every line keeps its `source` (file, line, text) for the reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from maps.cawa.model import Terrain
from orders.issues import Source

REFEREE = "referee"
"""The power id of the referee's files (skirmish and battle results)."""


# --- economy ---------------------------------------------------------------------


@dataclass(frozen=True)
class GiveCrowns:
    """`dona 500 a rojo`: crowns to another player, public (CC-E-13, AC-12)."""

    power: str
    to: str
    amount: int
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class GiveHex:
    """`dona 0403 a rojo`: a hex to a player who could reach it (CC-E-14, AC-13)."""

    power: str
    hex: str
    to: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Abandon:
    """`abandona 0403`: the hex becomes nobody's (CC-E-16, AC-14)."""

    power: str
    hex: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class ChangeTerrain:
    """`terreno 0403 bosque`: 2500 crowns (CC-E-17, AC-15)."""

    power: str
    hex: str
    terrain: Terrain
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class BuildVillage:
    """`pueblo 0403`: 1000 crowns (CC-M-15, CC-E-18)."""

    power: str
    hex: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class UpgradeCastle:
    """`castillo 0403`: a village becomes a castle, 2000 crowns (CC-M-16, CC-M-17)."""

    power: str
    hex: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


EconomyLine = GiveCrowns | GiveHex | Abandon | ChangeTerrain | BuildVillage | UpgradeCastle


# --- movement --------------------------------------------------------------------


@dataclass(frozen=True)
class LandMove:
    """`0303 -> 0403` (an expansion into a free hex) or `0303 -> 0403
    invasión 1500` (an invasion of another player's hex: 1000, 1500 or 2000
    points, CC-MV-10). `points` is None when the line names none."""

    power: str
    source_hex: str
    target: str
    points: int | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class SeaMove:
    """`barco 0203 -> 0503 invasión 1000`: a ship from a village or castle by
    up to 3 water hexes to a landing hex (CC-MV-13, AC-23); `path` lists the
    water hexes when the player names them (optional)."""

    power: str
    source_hex: str
    target: str
    points: int | None = None
    path: tuple[str, ...] = ()
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class LaunchFleet:
    """`flota 0202 -> 0502`: a ship from a village or castle that stays at sea,
    up to 3 water hexes away (CC-MV-16, AC-24)."""

    power: str
    source_hex: str
    to: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class MoveFleet:
    """`flota 0502 -> 0704`: a fleet at sea moves up to 3 water hexes (CC-MV-18)."""

    power: str
    fleet_hex: str
    to: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class LandFleet:
    """`flota 0702 desembarca 0803 invasión 1000`: a fleet (after moving to
    `via`, if given, up to 3 water hexes) lands on an adjacent hex; a normal
    move that uses no PO (CC-MV-19, CC-MV-20, AC-22)."""

    power: str
    fleet_hex: str
    target: str
    points: int | None = None
    via: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


MovementLine = LandMove | SeaMove | LaunchFleet | MoveFleet | LandFleet


# --- skirmish results (the referee) ----------------------------------------------


@dataclass(frozen=True)
class SkirmishResult:
    """`escaramuza 0403: gana rojo`: the winner of the skirmish for a free hex,
    or of a double invasion's skirmish (CC-CF-3, CC-CF-7); `agreed` is a
    single battle the two sides of a double invasion agreed on instead
    (CC-CF-9: `escaramuza 0403: batalla única`)."""

    power: str
    hex: str
    winner: str | None
    agreed_single_battle: bool = False
    source: Source | None = field(default=None, compare=False, kw_only=True)


# --- reactions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Defend:
    """`defiendo 0403 con 1500`: defence points against the invasion(s) of one
    of the player's hexes, 500 to 2000 per invader (CC-CF-5, AC-40)."""

    power: str
    hex: str
    points: int
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Withdraw:
    """`me retiro de 0403`: the player does not turn up to that conflict (a
    defender, an invader or a skirmisher: CC-CF-2, AC-29)."""

    power: str
    hex: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Redeploy:
    """`invasión 0403 con 1500`: an invader announces its deployment change
    (±500, never to 0: CC-B-7, CC-B-31, AC-39) with its reactions."""

    power: str
    hex: str
    points: int
    source: Source | None = field(default=None, compare=False, kw_only=True)


ReactionLine = Defend | Withdraw | Redeploy


# --- battle results (the referee) --------------------------------------------------


class ResultClass(StrEnum):
    """A battle's result (Warhammer's pitched-battle classes: CC-B-15, AC-34)."""

    DRAW = "draw"
    MARGINAL = "marginal"
    DECISIVE = "decisive"
    MASSACRE = "massacre"


@dataclass(frozen=True)
class BattleResult:
    """`batalla 0403: gana rojo, decisiva` (`empate` for a draw): the result
    of the battle for a hex; in a three-sided battle, one line per pair
    (`batalla 0403: rojo sobre azul, masacre`) and `winner` the side that
    keeps the hex (CC-B-20, AC-32). `loser` names the pair's other side."""

    power: str
    hex: str
    winner: str | None
    result: ResultClass
    loser: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Fielded:
    """`puntos 0403 rojo 1503`: the points a side actually put on the table
    (rounded up beyond ±2: CC-B-11, AC-41; for upkeep: AC-11, AC-46)."""

    power: str
    hex: str
    player: str
    points: int
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Disqualify:
    """`descalifica 0403 rojo`: the side loses by massacre (CC-B-24, CC-B-25)."""

    power: str
    hex: str
    player: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


class PenaltyKind(StrEnum):
    """The referee's penalties (CC-A-4, AC-50)."""

    FORCED_LOSS = "forced_loss"  # a battle lost by massacre
    FINE = "fine"  # crowns
    REMOVAL = "removal"  # out of the campaign


@dataclass(frozen=True)
class Penalty:
    """`castigo rojo multa 500: insultos`: a penalty with its reason, recorded
    in the turn (AC-50)."""

    power: str
    player: str
    kind: PenaltyKind
    reason: str
    amount: int = 0
    hex: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


BattleLine = BattleResult | Fielded | Disqualify | Penalty

CawaOrder = EconomyLine | MovementLine | SkirmishResult | ReactionLine | BattleLine
