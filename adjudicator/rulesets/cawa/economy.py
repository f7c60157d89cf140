"""The economy phase of a CaWa turn (004 "Fase de Economía"; AC-06 .. AC-20).

Order (AC-06, AC-07):

1. automatic income and costs on the map as it stood at the start of the
   turn: 100 per hex, 300 per village, 600 per castle (CC-E-3 .. CC-E-5, a
   castle hex has no village: CC-M-17), the random 2000 + 1d6 x 500 for
   everybody (CC-E-6, AC-19); less last turn's battle upkeep, 1 crown per
   point (CC-E-8, AC-09, AC-11) and 500 per fleet at sea (CC-E-10, CC-MV-17),
   never below 0 (AC-08: the referee is told of what could not be paid); then
   each battle payment (and referee's fine) is taken from the loser, as much
   as he has, and credited to the winner once all are taken (CC-B-18, AC-07,
   AC-50; `payments.settle`);
2. the players' actions in the order written, each judged against the map
   at the start of the phase and paid from the treasury after (1); one the
   treasury cannot cover is refused and costs nothing (CC-E-13 .. CC-E-18);
3. crowns given are credited last: not spendable this phase (AC-06).

Hexes given or abandoned change hands at the end of the phase (AC-13,
AC-20). The treasury after the phase is the player's CO and sets PM (CC-C-5,
CC-MV-1). Each player gets a `Statement` of every line (CC-E-1, CC-E-2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.rulesets.cawa.buildings import Refusal, castle_refusal, village_refusal
from adjudicator.rulesets.cawa.payments import is_fine, settle
from adjudicator.rulesets.cawa.reasons import CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Payment
from adjudicator.rulesets.cawa.sea import landings
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap, Terrain
from orders.cawa.model import (
    Abandon,
    BuildVillage,
    ChangeTerrain,
    EconomyLine,
    GiveCrowns,
    GiveHex,
    UpgradeCastle,
)
from texts import N_, T_, Text

HEX_INCOME = 100  # CC-E-3
VILLAGE_INCOME = 300  # CC-E-4, CC-M-15
CASTLE_INCOME = 600  # CC-E-5, CC-M-17
RANDOM_BASE = 2000  # CC-E-6
RANDOM_STEP = 500  # CC-E-6
FLEET_UPKEEP = 500  # CC-E-10, CC-MV-17
VILLAGE_COST = 1000  # CC-M-15
CASTLE_COST = 2000  # CC-M-17
TERRAIN_COST = 2500  # CC-E-17


class EntryKind(StrEnum):
    """What one line of a player's economic statement is (CC-E-1, CC-E-2)."""

    OPENING = "opening"  # the treasury before the phase
    HEXES = "hexes"  # CC-E-3
    VILLAGES = "villages"  # CC-E-4
    CASTLES = "castles"  # CC-E-5
    RANDOM = "random"  # CC-E-6
    UPKEEP = "upkeep"  # CC-E-8
    FLEETS = "fleets"  # CC-E-10
    FINE = "fine"  # the referee's fine, paid to nobody (CC-A-4, AC-50)
    PAYMENT_MADE = "payment_made"  # CC-E-11, CC-B-18
    PAYMENT_RECEIVED = "payment_received"  # CC-E-7, CC-B-18
    ACTION = "action"  # an action the player paid for (or a free one)
    GIFT_GIVEN = "gift_given"  # CC-E-13
    GIFT_RECEIVED = "gift_received"  # CC-E-13, credited last (AC-06)
    HEX_GIVEN = "hex_given"  # CC-E-14, no crowns
    HEX_RECEIVED = "hex_received"  # CC-E-14, no crowns
    CLOSING = "closing"  # the treasury after the phase (CO)


INCOME_KINDS = frozenset({EntryKind.HEXES, EntryKind.VILLAGES, EntryKind.CASTLES, EntryKind.RANDOM})
COST_KINDS = frozenset({EntryKind.UPKEEP, EntryKind.FLEETS, EntryKind.FINE})
BALANCE_KINDS = frozenset({EntryKind.OPENING, EntryKind.CLOSING})


@dataclass(frozen=True)
class StatementLine:
    """One line: `crowns` is the balance for OPENING and CLOSING, else the
    change (positive in, negative out); `due` is what was owed when less
    could be paid (AC-08, CC-B-18), else None."""

    kind: EntryKind
    crowns: int
    what: str
    due: int | None = None


@dataclass(frozen=True)
class Statement:
    """A player's economic situation for the turn (CC-E-1): the opening
    treasury, every income, cost, payment, action and gift, the closing
    treasury (CC-E-2)."""

    player: str
    lines: tuple[StatementLine, ...]

    @property
    def opening(self) -> int:
        return next(line.crowns for line in self.lines if line.kind is EntryKind.OPENING)

    @property
    def closing(self) -> int:
        return next(line.crowns for line in self.lines if line.kind is EntryKind.CLOSING)

    def total(self, *kinds: EntryKind) -> int:
        """The sum of the changes of those kinds."""
        return sum(line.crowns for line in self.lines if line.kind in kinds)

    @property
    def movements(self) -> int:
        """Every change: closing = opening + movements (CC-E-2)."""
        return sum(line.crowns for line in self.lines if line.kind not in BALANCE_KINDS)


@dataclass(frozen=True)
class EconomyOutcome:
    """The economy phase resolved: the state after it (same `phase`; upkeep
    and payments settled), one verdict per line in the order given, each
    player's statement, the turn's random income and notes for the referee."""

    state: CawaState
    verdicts: tuple[Verdict, ...]
    statements: Mapping[str, Statement]
    random_income: int
    notes: tuple[str, ...]


def random_income(die: int) -> int:
    """CC-E-6: 2000 + 1d6 x 500, the same for everybody (AC-19)."""
    if not 1 <= die <= 6:
        raise ValueError(f"the random income die must be 1 to 6, not {die}")
    return RANDOM_BASE + die * RANDOM_STEP


_INCOME_WHAT: Mapping[EntryKind, str] = {
    EntryKind.HEXES: N_("{count} hexes x {each}"),
    EntryKind.VILLAGES: N_("{count} villages x {each}"),
    EntryKind.CASTLES: N_("{count} castles x {each}"),
}
"""The detail of each income line (`10 hexes x 100`)."""


class _Books:
    """The working accounts of one economy phase (private, mutable while the
    phase is resolved)."""

    def __init__(self, state: CawaState) -> None:
        self.treasury: dict[str, int] = {p: state.treasury.get(p, 0) for p in state.players}
        self.lines: dict[str, list[StatementLine]] = {
            p: [StatementLine(EntryKind.OPENING, self.treasury[p], T_("treasury before the phase"))]
            for p in state.players
        }
        self.notes: list[str] = []
        self.placed: dict[str, Building] = {}
        self.used: set[str] = set()  # given or abandoned this phase
        self.changed: dict[str, Terrain] = {}
        self.hex_gifts: list[tuple[str, str, str]] = []  # (hex, giver, receiver)
        self.abandoned: list[str] = []
        self.gifts: list[tuple[str, str, int]] = []  # (giver, receiver, crowns)

    def add(
        self, player: str, kind: EntryKind, crowns: int, what: str, due: int | None = None
    ) -> None:
        self.treasury[player] += crowns
        self.lines[player].append(StatementLine(kind, crowns, what, due))


def _automatic(state: CawaState, books: _Books, extra: int) -> None:
    """Step (1): income and costs on the map at the start of the turn
    (CC-E-3 .. CC-E-10, AC-07, AC-08, AC-20), then the battle payments."""
    for p in state.players:
        incomes = (
            (EntryKind.HEXES, state.territories(p), HEX_INCOME),
            (EntryKind.VILLAGES, state.buildings_of(p, Building.VILLAGE), VILLAGE_INCOME),
            (EntryKind.CASTLES, state.buildings_of(p, Building.CASTLE), CASTLE_INCOME),
        )
        for kind, count, each in incomes:
            books.add(p, kind, count * each, T_(_INCOME_WHAT[kind], count=count, each=each))
        books.add(p, EntryKind.RANDOM, extra, T_("random income for everybody"))
        upkeep = max(0, state.upkeep.get(p, 0))
        fleets = len(state.fleets_of(p))
        costs = (
            (
                EntryKind.UPKEEP,
                upkeep,
                T_("{points} points used in last turn's battles", points=upkeep),
            ),
            (
                EntryKind.FLEETS,
                fleets * FLEET_UPKEEP,
                T_("{fleets} fleets at sea x {each}", fleets=fleets, each=FLEET_UPKEEP),
            ),
        )
        for kind, due, what in costs:
            if due <= 0:
                continue
            taken = min(due, books.treasury[p])  # never below 0 (AC-08)
            books.add(p, kind, -taken, what, due if taken < due else None)
            if taken < due:
                books.notes.append(
                    T_(
                        "{player} could not pay {what}: {taken} of {due} paid (AC-08)",
                        player=p,
                        what=what,
                        taken=taken,
                        due=due,
                    )
                )
    _payments(state, books)


def _payments(state: CawaState, books: _Books) -> None:
    """The battle payments and fines after income and costs (CC-B-18, AC-07,
    AC-50), collected by `payments.settle`: each payer pays all he can, the
    payees are credited once every payment is taken, a fine goes to nobody."""
    due: list[Payment] = []
    for pay in state.payments:
        if pay.payer in books.treasury and (is_fine(pay) or pay.payee in books.treasury):
            due.append(pay)
        else:
            books.notes.append(
                T_(
                    "payment of battle {battle} from {payer} to {payee} skipped:"
                    " a side is not in the campaign",
                    battle=pay.battle,
                    payer=pay.payer,
                    payee=pay.payee,
                )
            )
    paid = settle(books.treasury, due).paid
    for owed, pay in zip(due, paid, strict=True):
        short = owed.amount if pay.amount < owed.amount else None
        if is_fine(pay):
            books.add(pay.payer, EntryKind.FINE, -pay.amount, T_("the referee's fine"), short)
        else:
            what = T_("battle {battle} lost to {payee}", battle=pay.battle, payee=pay.payee)
            books.add(pay.payer, EntryKind.PAYMENT_MADE, -pay.amount, what, short)
        if short is not None:
            said = (
                N_(
                    "{payer} paid {amount} of the {owed} owed to {payee}"
                    " (all he had, CC-B-18, AC-08)"
                )
                if pay.payee
                else N_(
                    "{payer} paid {amount} of the {owed} owed to nobody (a fine)"
                    " (all he had, CC-B-18, AC-08)"
                )
            )
            books.notes.append(
                T_(said, payer=pay.payer, amount=pay.amount, owed=owed.amount, payee=pay.payee)
            )
    for owed, pay in zip(due, paid, strict=True):
        if not is_fine(pay):
            what = T_("battle {battle} won against {payer}", battle=pay.battle, payer=pay.payer)
            short = owed.amount if pay.amount < owed.amount else None
            books.add(pay.payee, EntryKind.PAYMENT_RECEIVED, pay.amount, what, short)


def _not_in_campaign(player: str) -> Text:
    return T_("{player} is not in the campaign", player=player)


def _hex_refusal(
    state: CawaState, game_map: CawaMap, books: _Books, player: str, code: str
) -> Refusal | None:
    """A hex line's common checks: on the map, the player's at the start of
    the phase, not given or abandoned earlier this phase."""
    if code not in game_map.hexes:
        return Refusal(CawaReason.UNKNOWN_HEX, T_("{hex} is not on the map", hex=code))
    if state.owners.get(code) != player:
        return Refusal(
            CawaReason.NOT_YOUR_HEX, T_("{hex} is not {player}'s", hex=code, player=player)
        )
    if code in books.used:
        return Refusal(
            CawaReason.HEX_ALREADY_USED, T_("{hex} was given or abandoned earlier", hex=code)
        )
    return None


def _charge(books: _Books, line: EconomyLine, cost: int, what: str) -> Verdict:
    """Pay for an accepted action, or refuse it for want of crowns (AC-06)."""
    holds = books.treasury[line.power]
    if holds < cost:
        detail = T_("costs {cost}, the treasury holds {holds}", cost=cost, holds=holds)
        return Verdict(line, CawaReason.NOT_ENOUGH_CROWNS, detail)
    books.add(line.power, EntryKind.ACTION, -cost, what)
    return Verdict(
        line, CawaReason.DONE, T_("costs {cost}, {left} left", cost=cost, left=holds - cost)
    )


def reachable_by(state: CawaState, game_map: CawaMap, player: str, code: str) -> bool:
    """CC-E-14, AC-13: whether `player` could reach `code` in a movement:
    next to one of his hexes, or a landing by sea (up to 3 water hexes) from
    one of his villages or castles; all as at the start of the phase."""
    if any(state.owners.get(n) == player for n in game_map.neighbours(code)):
        return True
    ports = (h for h in state.buildings if state.owners.get(h) == player)
    return any(code in landings(game_map, port) for port in ports)


def _give_crowns(state: CawaState, books: _Books, line: GiveCrowns) -> Verdict:
    """CC-E-13, AC-12: any amount up to the whole treasury, to another player;
    credited at the end of the phase (AC-06)."""
    if line.to not in state.players:
        return Verdict(line, CawaReason.UNKNOWN_PLAYER, _not_in_campaign(line.to))
    if line.to == line.power:
        return Verdict(line, CawaReason.TO_ONESELF, T_("a gift needs another player"))
    if line.amount <= 0:
        detail = T_("a gift of {amount} crowns", amount=line.amount)
        return Verdict(line, CawaReason.NOT_ENOUGH_CROWNS, detail)
    holds = books.treasury[line.power]
    if line.amount > holds:
        detail = T_("gives {amount}, the treasury holds {holds}", amount=line.amount, holds=holds)
        return Verdict(line, CawaReason.NOT_ENOUGH_CROWNS, detail)
    books.add(line.power, EntryKind.GIFT_GIVEN, -line.amount, T_("given to {to}", to=line.to))
    books.gifts.append((line.power, line.to, line.amount))
    left = holds - line.amount
    return Verdict(
        line, CawaReason.DONE, T_("gives {amount}, {left} left", amount=line.amount, left=left)
    )


def _give_hex(state: CawaState, game_map: CawaMap, books: _Books, line: GiveHex) -> Verdict:
    """CC-E-14, CC-E-15, AC-13: a hex to a player who could reach it."""
    if line.to not in state.players:
        return Verdict(line, CawaReason.UNKNOWN_PLAYER, _not_in_campaign(line.to))
    if line.to == line.power:
        detail = T_("{hex} is already {player}'s", hex=line.hex, player=line.power)
        return Verdict(line, CawaReason.TO_ONESELF, detail)
    refusal = _hex_refusal(state, game_map, books, line.power, line.hex)
    if refusal is not None:
        return Verdict(line, refusal.reason, refusal.detail)
    if not reachable_by(state, game_map, line.to, line.hex):
        detail = T_("{to} could not reach {hex} by land or by sea", to=line.to, hex=line.hex)
        return Verdict(line, CawaReason.NOT_REACHABLE_BY_RECEIVER, detail)
    books.used.add(line.hex)
    books.hex_gifts.append((line.hex, line.power, line.to))
    books.add(
        line.power, EntryKind.HEX_GIVEN, 0, T_("{hex} given to {to}", hex=line.hex, to=line.to)
    )
    detail = T_("{hex} goes to {to} at the end of the phase", hex=line.hex, to=line.to)
    return Verdict(line, CawaReason.DONE, detail)


def _abandon(state: CawaState, game_map: CawaMap, books: _Books, line: Abandon) -> Verdict:
    """CC-E-16, AC-14: the hex becomes nobody's; its building stays."""
    refusal = _hex_refusal(state, game_map, books, line.power, line.hex)
    if refusal is not None:
        return Verdict(line, refusal.reason, refusal.detail)
    books.used.add(line.hex)
    books.abandoned.append(line.hex)
    books.add(line.power, EntryKind.ACTION, 0, T_("{hex} abandoned", hex=line.hex))
    detail = T_("{hex} is nobody's at the end of the phase", hex=line.hex)
    return Verdict(line, CawaReason.DONE, detail)


def _change_terrain(
    state: CawaState, game_map: CawaMap, books: _Books, line: ChangeTerrain
) -> Verdict:
    """CC-E-17, AC-15: own land hex to another land terrain, 2500 crowns;
    one change per hex per phase."""
    refusal = _hex_refusal(state, game_map, books, line.power, line.hex)
    if refusal is not None:
        return Verdict(line, refusal.reason, refusal.detail)
    if line.hex in books.changed:
        detail = T_("{hex} had its terrain changed earlier this phase", hex=line.hex)
        return Verdict(line, CawaReason.HEX_ALREADY_USED, detail)
    now = state.terrain_of(game_map, line.hex)
    if not now.is_land or not line.terrain.is_land:
        detail = T_("{old} to {new}: water never changes", old=now.word, new=line.terrain.word)
        return Verdict(line, CawaReason.WATER_HEX, detail)
    if now is line.terrain:
        detail = T_("{hex} is already {terrain}", hex=line.hex, terrain=now.word)
        return Verdict(line, CawaReason.SAME_TERRAIN, detail)
    what = T_("{hex} from {old} to {new}", hex=line.hex, old=now.word, new=line.terrain.word)
    verdict = _charge(books, line, TERRAIN_COST, what)
    if verdict.accepted:
        books.changed[line.hex] = line.terrain
    return verdict


def _build(
    state: CawaState, game_map: CawaMap, books: _Books, line: BuildVillage | UpgradeCastle
) -> Verdict:
    """CC-M-9 .. CC-M-19, CC-E-18, AC-16 .. AC-18: a village (1000) or a
    castle replacing a village (2000), as many as the rules allow."""
    refusal = _hex_refusal(state, game_map, books, line.power, line.hex)
    if refusal is None:
        check = village_refusal if isinstance(line, BuildVillage) else castle_refusal
        refusal = check(state, game_map, line.power, line.hex, books.placed)
    if refusal is not None:
        return Verdict(line, refusal.reason, refusal.detail)
    if isinstance(line, BuildVillage):
        kind, cost = Building.VILLAGE, VILLAGE_COST
    else:
        kind, cost = Building.CASTLE, CASTLE_COST
    verdict = _charge(
        books, line, cost, T_("{building} on {hex}", building=kind.word, hex=line.hex)
    )
    if verdict.accepted:
        books.placed[line.hex] = kind
    return verdict


def _judge(state: CawaState, game_map: CawaMap, books: _Books, line: EconomyLine) -> Verdict:
    """Step (2) for one line, in the order written (AC-06)."""
    if line.power not in state.players:
        return Verdict(line, CawaReason.UNKNOWN_PLAYER, _not_in_campaign(line.power))
    match line:
        case GiveCrowns():
            return _give_crowns(state, books, line)
        case GiveHex():
            return _give_hex(state, game_map, books, line)
        case Abandon():
            return _abandon(state, game_map, books, line)
        case ChangeTerrain():
            return _change_terrain(state, game_map, books, line)
        case BuildVillage() | UpgradeCastle():
            return _build(state, game_map, books, line)


def _after(state: CawaState, game_map: CawaMap, books: _Books) -> CawaState:
    """The state at the end of the phase: hexes given and abandoned change
    hands (a castle given becomes a village, CC-E-15), new buildings stand,
    terrain changes hold, upkeep and payments are settled."""
    owners = dict(state.owners)
    buildings = {**state.buildings, **books.placed}
    for code, _giver, receiver in books.hex_gifts:
        owners[code] = receiver
        if buildings.get(code) is Building.CASTLE:
            buildings[code] = Building.VILLAGE
    for code in books.abandoned:
        owners.pop(code, None)
    terrain = dict(state.terrain)
    for code, kind in books.changed.items():
        if kind is game_map.terrain(code):
            terrain.pop(code, None)
        else:
            terrain[code] = kind
    return replace(
        state,
        owners=owners,
        buildings=buildings,
        terrain=terrain,
        treasury={**state.treasury, **books.treasury},
        upkeep={},
        payments=(),
    )


def resolve_economy(
    state: CawaState, game_map: CawaMap, lines: Sequence[EconomyLine], die: int
) -> EconomyOutcome:
    """Resolve an economy phase (see the module docstring). `die` is the
    turn's random-income roll (AC-19); the caller advances the phase."""
    extra = random_income(die)
    books = _Books(state)
    _automatic(state, books, extra)
    verdicts = tuple(_judge(state, game_map, books, line) for line in lines)
    for giver, receiver, crowns in books.gifts:
        books.add(receiver, EntryKind.GIFT_RECEIVED, crowns, T_("given by {giver}", giver=giver))
    for code, giver, receiver in books.hex_gifts:
        what = T_("{hex} given by {giver}", hex=code, giver=giver)
        books.add(receiver, EntryKind.HEX_RECEIVED, 0, what)
    statements = {}
    for p in state.players:
        books.lines[p].append(
            StatementLine(EntryKind.CLOSING, books.treasury[p], T_("treasury (CO)"))
        )
        statements[p] = Statement(p, tuple(books.lines[p]))
    return EconomyOutcome(
        state=_after(state, game_map, books),
        verdicts=verdicts,
        statements=statements,
        random_income=extra,
        notes=tuple(books.notes),
    )
