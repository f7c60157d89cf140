"""Whole CaWa turns as a property (004 "Los Turnos"; AC-01): on random small
maps (`maps.cawa.generate.generate_map`, 2 to 4 kingdoms) with random
declarations, turn 1 to 3 whole turns are played phase by phase through
`adjudicator.rulesets.cawa.turn.resolve_phase`, then the next turn's economy
(which collects the last turn's upkeep, fleets and battle payments). The
generated realms never touch, so the start grows them at random
(`random_start`) for conflicts to happen in turn 1:

- economy: a few random lines per kingdom (gifts, villages, castles, terrain
  changes, abandons, hex gifts; some on hexes not his);
- movement: `tests.generators.cawa_orders.random_movement`, plus a fleet
  launched now and then from a village by the sea;
- skirmishes: the referee names a random mover of each skirmish and double
  (now and then an agreed single battle, or no result);
- reactions: defenders defend with random points or withdraw; invaders now
  and then withdraw or redeploy;
- battles: the referee gives each battle a random winner and class (now and
  then a draw, points fielded, or no result).

Properties: (a) every accepted movement line ends owned by its mover at the
end of the movement phase or is in a listed conflict, and every refused line
of any phase has a reason; (b) crowns are conserved across each economy
phase; (c) the same inputs give equal resolutions and equal state files;
(d) each state file round-trips.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.rulesets.cawa.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.cawa.economy import (
    CASTLE_COST,
    CASTLE_INCOME,
    FLEET_UPKEEP,
    HEX_INCOME,
    TERRAIN_COST,
    VILLAGE_COST,
    VILLAGE_INCOME,
    EntryKind,
    Statement,
)
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.records import ConflictKind, Fleet, MoveKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.sea import water_within
from adjudicator.rulesets.cawa.setup import start_state
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.turn import resolve_phase
from maps.cawa.generate import generate_map
from maps.cawa.model import Building, CawaMap, Terrain
from orders.cawa.model import (
    REFEREE,
    Abandon,
    BattleResult,
    BuildVillage,
    CawaOrder,
    ChangeTerrain,
    Defend,
    Fielded,
    GiveCrowns,
    GiveHex,
    LandFleet,
    LandMove,
    LaunchFleet,
    Redeploy,
    ResultClass,
    SeaMove,
    SkirmishResult,
    UpgradeCastle,
    Withdraw,
)
from tests.cawa.fixtures import SMALL, state_on
from tests.generators.cawa_orders import random_movement

OPTIONS = CawaOptions()
LAND = (Terrain.PLAIN, Terrain.FOREST, Terrain.MOUNTAIN)
CLASSES = (ResultClass.MARGINAL, ResultClass.DECISIVE, ResultClass.MASSACRE)


@dataclass(frozen=True)
class Played:
    """One phase played: the lines given and what resolving them gave."""

    lines: tuple[CawaOrder, ...]
    resolution: CawaResolution


# --- random lines ---------------------------------------------------------------------


def economy_lines(state: CawaState, game_map: CawaMap, rng: random.Random) -> list[CawaOrder]:
    """A few economy lines per kingdom, some of them unlawful on purpose."""
    lines: list[CawaOrder] = []
    land = sorted(c for c, cell in game_map.hexes.items() if cell.terrain.is_land)
    for player in state.players:
        mine = list(state.hexes_of(player)) or land
        others = [p for p in state.players if p != player]
        for _ in range(rng.randint(0, 4)):
            code = rng.choice(mine) if rng.random() < 0.85 else rng.choice(land)
            pick = rng.randrange(7)
            if pick == 0:
                amount = rng.choice((100, 500, 1500, state.treasury.get(player, 0) + 1000))
                lines.append(GiveCrowns(player, rng.choice(others), amount))
            elif pick == 1:
                lines.append(BuildVillage(player, code))
            elif pick == 2:
                lines.append(UpgradeCastle(player, code))
            elif pick == 3:
                lines.append(ChangeTerrain(player, code, rng.choice(LAND)))
            elif pick == 4 and rng.random() < 0.3:
                lines.append(Abandon(player, code))
            elif pick == 5:
                lines.append(GiveHex(player, code, rng.choice(others)))
            else:
                lines.append(GiveCrowns(player, rng.choice(others), rng.randint(1, 800)))
    return lines


def movement_lines(state: CawaState, game_map: CawaMap, rng: random.Random) -> list[CawaOrder]:
    """`random_movement`, and now and then a fleet launched from a port."""
    lines: list[CawaOrder] = list(random_movement(state, game_map, rng))
    for code in sorted(state.buildings):
        owner = state.owners.get(code)
        water = sorted(water_within(game_map, code))
        if owner is not None and water and rng.random() < 0.3:
            lines.append(LaunchFleet(owner, code, rng.choice(water)))
    return lines


def skirmish_lines(state: CawaState, rng: random.Random) -> list[CawaOrder]:
    """The referee's result for most skirmishes and doubles."""
    lines: list[CawaOrder] = []
    for conflict in state.conflicts:
        if conflict.kind is ConflictKind.INVASION or rng.random() < 0.1:
            continue
        if conflict.kind is ConflictKind.DOUBLE and rng.random() < 0.2:
            lines.append(SkirmishResult(REFEREE, conflict.hex, None, agreed_single_battle=True))
            continue
        movers = sorted({e.player for e in conflict.entries})
        lines.append(SkirmishResult(REFEREE, conflict.hex, rng.choice(movers)))
    return lines


def reaction_lines(state: CawaState, rng: random.Random) -> list[CawaOrder]:
    """Defences, withdrawals and redeployments for the battles listed."""
    lines: list[CawaOrder] = []
    for battle in state.battles:
        invaders = sum(1 for s in battle.sides if s.attacking)
        for side in battle.sides:
            roll = rng.random()
            if roll < 0.15:
                lines.append(Withdraw(side.player, battle.hex))
            elif not side.attacking and side.points is None:
                points = rng.choice((500, 1000, 1500, 2000, 2500)) * max(1, invaders)
                lines.append(Defend(side.player, battle.hex, points))
            elif side.points is not None and roll < 0.3:
                lines.append(Redeploy(side.player, battle.hex, side.points + 500))
    return lines


def battle_lines(state: CawaState, rng: random.Random) -> list[CawaOrder]:
    """The referee's result for most battles, with points fielded now and then."""
    lines: list[CawaOrder] = []
    for battle in state.battles:
        if rng.random() < 0.1:
            continue
        players = [s.player for s in battle.sides]
        if rng.random() < 0.15:
            lines.append(BattleResult(REFEREE, battle.hex, None, ResultClass.DRAW))
        else:
            lines.append(
                BattleResult(REFEREE, battle.hex, rng.choice(players), rng.choice(CLASSES))
            )
        for side in battle.sides:
            if rng.random() < 0.3:
                fielded = (side.points or 1000) + rng.choice((-3, 0, 2, 3))
                lines.append(Fielded(REFEREE, battle.hex, side.player, fielded))
    return lines


def lines_for(state: CawaState, game_map: CawaMap, rng: random.Random) -> list[CawaOrder]:
    match CawaPhaseKind(state.phase.kind):
        case CawaPhaseKind.ECONOMY:
            return economy_lines(state, game_map, rng)
        case CawaPhaseKind.MOVEMENT:
            return movement_lines(state, game_map, rng)
        case CawaPhaseKind.SKIRMISHES:
            return skirmish_lines(state, rng)
        case CawaPhaseKind.REACTIONS:
            return reaction_lines(state, rng)
        case CawaPhaseKind.BATTLES:
            return battle_lines(state, rng)


def random_start(game_map: CawaMap, rng: random.Random) -> CawaState:
    """Turn 1's economy on the generated map, its realms grown at random so
    that the kingdoms touch (the generated realms never do): each free land
    hex goes to a random kingdom with one chance in two, and a few of the
    kingdoms' hexes get a village or a castle."""
    state = start_state(game_map, OPTIONS)
    owners = dict(state.owners)
    buildings = dict(state.buildings)
    for code in sorted(game_map.hexes):
        if game_map.terrain(code).is_land and code not in owners and rng.random() < 0.5:
            owners[code] = rng.choice(state.players)
    for code in sorted(owners):
        if code not in buildings and rng.random() < 0.08:
            buildings[code] = Building.CASTLE if rng.random() < 0.3 else Building.VILLAGE
    return replace(state, owners=owners, buildings=buildings)


def play(game_map: CawaMap, seed: int, turns: int) -> list[Played]:
    """`turns` whole turns phase by phase, then the next turn's economy."""
    rng = random.Random(seed)
    secret = f"secret-{seed}"
    state = random_start(game_map, rng)
    played: list[Played] = []
    while True:
        lines = tuple(lines_for(state, game_map, rng))
        dice = Dice(secret, game_map.name, state.phase.id)
        resolution = resolve_phase(state, lines, game_map, OPTIONS, dice)
        played.append(Played(lines, resolution))
        if state.phase.turn > turns:  # the economy after the last whole turn
            break
        state = resolution.state
    return played


# --- the properties -------------------------------------------------------------------


def check_movement(game_map: CawaMap, phase: Played) -> None:
    """(a) CC-T-4, CC-MV-9, CC-CF-1: an accepted move ends its mover's at the
    end of the movement, or in a listed conflict (a fleet launched or moved
    ends at sea); only accepted moves change owners."""
    resolution = phase.resolution
    after, before = resolution.state, resolution.previous
    listed = {
        (entry.player, code)
        for c in after.conflicts
        for entry in c.entries
        for code in (c.hex, c.other_hex)
        if code is not None
    }
    at_sea = {(f.player, f.hex) for f in after.fleets}
    entered: set[tuple[str, str]] = set()
    for verdict in resolution.verdicts:
        line = verdict.line
        if not verdict.accepted:
            continue
        if isinstance(line, LandMove | SeaMove | LandFleet):
            entered.add((line.power, line.target))
            owned = after.owners.get(line.target) == line.power
            assert owned or (line.power, line.target) in listed, (line, after.conflicts)
        elif isinstance(line, LaunchFleet):
            assert (line.power, line.to) in at_sea, line
    for code, owner in after.owners.items():
        if before.owners.get(code) != owner:
            assert (owner, code) in entered, (code, owner)
    for conflict in after.conflicts:
        for entry in conflict.entries:
            assert entry.kind is MoveKind.LAND or entry.points is None or entry.points >= 1000


def check_reasons(phase: Played) -> None:
    """(a) AC-26: every line gets one verdict; a refused one has its reason
    and the figures behind it."""
    resolution = phase.resolution
    assert len(resolution.verdicts) == len(phase.lines)
    assert [v.line for v in resolution.verdicts] == list(phase.lines)
    for verdict in resolution.verdicts:
        if not verdict.accepted:
            assert verdict.reason.value != "done"
            assert verdict.detail, verdict


COSTS = {BuildVillage: VILLAGE_COST, UpgradeCastle: CASTLE_COST, ChangeTerrain: TERRAIN_COST}


def check_economy(game_map: CawaMap, phase: Played) -> None:
    """(b) CC-E-2 .. CC-E-10, CC-E-13, CC-B-18, AC-06 .. AC-08: crowns are
    conserved: the closing treasuries sum to the opening ones plus the
    income (hexes, villages, castles, the random income), less the upkeep
    and fleets charged and the actions paid; gifts and battle payments move
    crowns between kingdoms and add up to nothing."""
    resolution = phase.resolution
    before = resolution.previous
    extra = resolution.random_income
    assert extra is not None
    statements: dict[str, Statement] = dict(resolution.statements)
    assert set(statements) == set(before.players)
    paid = {p: 0 for p in before.players}
    given = {p: 0 for p in before.players}
    for verdict in resolution.verdicts:
        line = verdict.line
        if verdict.accepted and isinstance(line, GiveCrowns):
            given[line.power] += line.amount
        elif verdict.accepted and type(line) in COSTS:
            paid[line.power] += COSTS[type(line)]
    total_in = total_out = 0
    for player in before.players:
        st = statements[player]
        assert st.opening == before.treasury[player]
        income = (
            HEX_INCOME * before.territories(player)
            + VILLAGE_INCOME * before.buildings_of(player, Building.VILLAGE)
            + CASTLE_INCOME * before.buildings_of(player, Building.CASTLE)
            + extra
        )
        assert (
            st.total(EntryKind.HEXES, EntryKind.VILLAGES, EntryKind.CASTLES, EntryKind.RANDOM)
            == income
        )
        upkeep, fleets = -st.total(EntryKind.UPKEEP), -st.total(EntryKind.FLEETS)
        assert 0 <= upkeep <= before.upkeep.get(player, 0)
        assert 0 <= fleets <= FLEET_UPKEEP * len(before.fleets_of(player))
        if st.opening + income >= before.upkeep.get(player, 0) + FLEET_UPKEEP * len(
            before.fleets_of(player)
        ):
            assert upkeep == before.upkeep.get(player, 0)
            assert fleets == FLEET_UPKEEP * len(before.fleets_of(player))
        assert -st.total(EntryKind.ACTION) == paid[player]
        assert -st.total(EntryKind.GIFT_GIVEN) == given[player]
        assert st.closing == st.opening + st.movements >= 0
        assert st.closing == resolution.state.treasury[player]
        total_in += income
        total_out += upkeep + fleets + paid[player]
    received = sum(st.total(EntryKind.GIFT_RECEIVED) for st in statements.values())
    assert received == sum(given.values())
    made = sum(st.total(EntryKind.PAYMENT_MADE) for st in statements.values())
    won = sum(st.total(EntryKind.PAYMENT_RECEIVED) for st in statements.values())
    assert made + won == 0
    assert not any(st.total(EntryKind.FINE) for st in statements.values())
    opening = sum(before.treasury[p] for p in before.players)
    closing = sum(resolution.state.treasury[p] for p in before.players)
    assert closing == opening + total_in - total_out


def check_round_trip(phase: Played) -> None:
    """(d) the state file (`turns/<phase>.yaml`) gives back the state exactly."""
    state = phase.resolution.state
    data = state_to_dict(state)
    back = state_from_dict(data)
    assert back == state
    assert state_to_dict(back) == data


def by_player_reversed(lines: tuple[CawaOrder, ...], players: tuple[str, ...]) -> list[CawaOrder]:
    """The same lines, the players' files in the reverse order (each
    player's own lines keep theirs, AC-26)."""
    return [line for p in reversed(players) for line in lines if line.power == p]


def check_simultaneous(game_map: CawaMap, phase: Played, secret: str) -> None:
    """CC-V-5, CC-T-2: every kingdom declares at once and all resolve at once:
    the economy and the movement give the same kingdoms, the same verdict on
    every line and the same conflicts whatever the order of the players'
    files."""
    first = phase.resolution
    before = first.previous
    lines = by_player_reversed(phase.lines, before.players)
    dice = Dice(secret, game_map.name, before.phase.id)
    other = resolve_phase(before, lines, game_map, OPTIONS, dice)

    def judged(resolution: CawaResolution) -> Counter[tuple[CawaOrder, str, str]]:
        return Counter((v.line, v.reason.value, v.detail) for v in resolution.verdicts)

    def conflicts(state: CawaState) -> set[tuple[str, str, str | None, frozenset[object]]]:
        return {(c.kind.value, c.hex, c.other_hex, frozenset(c.entries)) for c in state.conflicts}

    assert judged(other) == judged(first)
    for name in ("owners", "buildings", "terrain", "treasury", "fleets"):
        assert getattr(other.state, name) == getattr(first.state, name), name
    assert conflicts(other.state) == conflicts(first.state)
    assert other.state.phase == first.state.phase


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(0, 10_000),
    turns=st.integers(min_value=1, max_value=3),
)
def test_whole_turns(players: int, seed: int, turns: int) -> None:
    """CC-T-2, CC-V-5, CC-E-2, CC-MV-9, CC-CF-1, AC-01, AC-26: random whole
    turns and the next economy keep (a) moves and conflicts, refusals with
    their reasons, (b) crowns, (c) replays and (d) state files sound, and the
    economy and movement do not depend on the order of the players' files."""
    game_map = generate_map(players, seed, name=f"prop{seed}")
    played = play(game_map, seed, turns)
    kinds = [CawaPhaseKind(p.resolution.previous.phase.kind) for p in played]
    assert kinds[:2] == [CawaPhaseKind.ECONOMY, CawaPhaseKind.MOVEMENT]
    last = played[-1].resolution.previous.phase
    assert kinds[-1] is CawaPhaseKind.ECONOMY and last.turn == turns + 1
    for phase in played:
        check_reasons(phase)
        check_round_trip(phase)
        kind = CawaPhaseKind(phase.resolution.previous.phase.kind)
        if kind is CawaPhaseKind.ECONOMY:
            check_economy(game_map, phase)
        elif kind is CawaPhaseKind.MOVEMENT:
            check_movement(game_map, phase)
        if kind in (CawaPhaseKind.ECONOMY, CawaPhaseKind.MOVEMENT):
            check_simultaneous(game_map, phase, f"secret-{seed}")
    again = play(game_map, seed, turns)
    assert [p.resolution for p in again] == [p.resolution for p in played]
    assert [state_to_dict(p.resolution.state) for p in again] == [
        state_to_dict(p.resolution.state) for p in played
    ]


def test_launched_fleets_round_trip_in_their_order() -> None:
    """AC-21, CC-MV-16 (the state file of a phase, `turns/<phase>.yaml`):
    red launches a fleet, then blue; a skirmish keeps the turn going, so the
    state after the movement still lists both launches. Read back from its
    file, that state must be the same state."""
    start = state_on(
        SMALL,
        owners={"0402": "red", "0604": "blue", "0101": "red", "0301": "blue"},
        buildings={"0402": Building.VILLAGE, "0604": Building.VILLAGE},
        kind=CawaPhaseKind.MOVEMENT,
    )
    lines: list[CawaOrder] = [
        LaunchFleet("red", "0402", "0502"),
        LaunchFleet("blue", "0604", "0603"),
        LandMove("red", "0101", "0201"),
        LandMove("blue", "0301", "0201"),
    ]
    after = resolve_phase(start, lines, SMALL, OPTIONS, None).state
    assert after.phase.id == "1-skirmishes"
    assert after.launched == (Fleet("red", "0502"), Fleet("blue", "0603"))
    assert state_from_dict(state_to_dict(after)) == after
