"""Conflict detection (004 "Conflictos"): skirmishes, invasions, double
invasions and the atypical example, and properties of the whole movement
phase over random small maps."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.cawa.conflicts import Move, detect_conflicts, expansions
from adjudicator.rulesets.cawa.movement import MovementOutcome, resolve_movement
from adjudicator.rulesets.cawa.powers import military_might, power
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import ConflictKind, Entry, Fleet, MoveKind
from adjudicator.rulesets.cawa.sea import landings, water_within
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap, Terrain
from orders.cawa.model import LandFleet, LandMove, LaunchFleet, MoveFleet, MovementLine, SeaMove
from tests.cawa.fixtures import grid_map
from tests.cawa.test_movement import front, invade, movement_state, reasons

DONE = CawaReason.DONE

# A row of three hexes and one below: 0101 - 0201 - 0301 are in a line,
# 0202 touches 0201 and 0301.
ROW = grid_map(["...", "..."])


def test_uncontested_free_hex_taken_other_cases_conflicts() -> None:
    """CC-CF-1, CC-MV-9, AC-43: a free hex nobody else entered becomes the
    mover's at the end of the movement; an invasion is a conflict."""
    state = movement_state(ROW, {"0101": "red", "0301": "blue"})
    outcome = resolve_movement(
        state, ROW, [LandMove("red", "0101", "0201"), LandMove("blue", "0301", "0302")]
    )
    assert reasons(outcome) == [DONE, DONE]
    assert outcome.state.owners["0201"] == "red"
    assert outcome.state.owners["0302"] == "blue"
    assert outcome.conflicts == ()


def test_two_players_one_free_hex_skirmish() -> None:
    """CC-MV-9, CC-CF-3: two players into one free hex: a skirmish, the hex stays free."""
    state = movement_state(ROW, {"0101": "red", "0301": "blue"})
    outcome = resolve_movement(
        state, ROW, [LandMove("red", "0101", "0201"), LandMove("blue", "0301", "0201")]
    )
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.SKIRMISH
    assert conflict.number == 1
    assert conflict.hex == "0201"
    assert conflict.defender is None
    assert conflict.entries == (
        Entry("red", "0101", MoveKind.LAND),
        Entry("blue", "0301", MoveKind.LAND),
    )
    assert "0201" not in outcome.state.owners


def test_three_players_one_skirmish() -> None:
    """CC-CF-4: three players into one free hex make one multi-player skirmish."""
    state = movement_state(ROW, {"0101": "red", "0301": "blue", "0202": "green"})
    outcome = resolve_movement(
        state,
        ROW,
        [
            LandMove("red", "0101", "0201"),
            LandMove("blue", "0301", "0201"),
            LandMove("green", "0202", "0201"),
        ],
    )
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.SKIRMISH
    assert conflict.players == ("red", "blue", "green")


def test_two_invade_one_is_one_conflict() -> None:
    """CC-CF-10, CC-M-5: A and C invade B's hex: one invasion conflict with both
    invaders; B is the defender."""
    state = movement_state(ROW, {"0101": "red", "0201": "blue", "0202": "green"})
    outcome = resolve_movement(
        state,
        ROW,
        [LandMove("red", "0101", "0201", 1000), LandMove("green", "0202", "0201", 1500)],
    )
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.INVASION
    assert conflict.defender == "blue"
    assert conflict.players == ("blue", "red", "green")
    assert [e.points for e in conflict.entries] == [1000, 1500]


def test_double_invasion() -> None:
    """CC-CF-7: the Dwarf invades from e into a and the Wood Elf from a into e:
    one double conflict about both hexes, each with its declared points
    (CC-CF-8); no owner changes."""
    e, a = "0101", "0201"
    state = movement_state(ROW, {e: "red", a: "blue"})
    outcome = resolve_movement(
        state, ROW, [LandMove("red", e, a, 2000), LandMove("blue", a, e, 1000)]
    )
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.DOUBLE
    assert (conflict.hex, conflict.other_hex) == (e, a)
    assert conflict.defender == "red"
    assert conflict.entries == (
        Entry("blue", a, MoveKind.LAND, 1000),
        Entry("red", e, MoveKind.LAND, 2000),
    )
    assert outcome.state.owners == {e: "red", a: "blue"}


def test_crossing_moves_that_are_not_a_double() -> None:
    """CC-CF-7: X into Y's hex and Y into another of X's hexes is no double:
    two invasions."""
    state = movement_state(ROW, {"0101": "red", "0202": "red", "0201": "blue"})
    outcome = resolve_movement(
        state,
        ROW,
        [LandMove("red", "0101", "0201", 1000), LandMove("blue", "0201", "0202", 1000)],
    )
    assert [(c.kind, c.hex, c.defender) for c in outcome.conflicts] == [
        (ConflictKind.INVASION, "0201", "blue"),
        (ConflictKind.INVASION, "0202", "red"),
    ]


def test_double_by_sea_counts() -> None:
    """CC-CF-7, CC-MV-14: the double is named by its two hexes only: a ship
    from a to e against a land move from e to a is also a double."""
    game_map = grid_map(["..", "~~"])
    state = movement_state(game_map, {"0101": "red", "0201": "blue"}, {"0101": Building.VILLAGE})
    outcome = resolve_movement(
        state,
        game_map,
        [SeaMove("red", "0101", "0201", 1000), LandMove("blue", "0201", "0101", 1500)],
    )
    assert reasons(outcome) == [DONE, DONE]
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.DOUBLE
    assert conflict.entries == (
        Entry("blue", "0201", MoveKind.LAND, 1500),
        Entry("red", "0101", MoveKind.SEA, 1000),
    )


# The atypical example (CC-CF-16, AC-02): A (Beastmen, red) at 0101, C (High
# Elves, blue) at 0201, B (Orcs, green) at 0301; A and C share a border, so
# do C and B.
A_HEX, C_HEX, B_HEX = "0101", "0201", "0301"


def test_atypical_a_and_b_invade_c_c_invades_a() -> None:
    """CC-CF-16, CC-CF-15, CC-CF-7, CC-CF-10: A invades C, B invades C, C invades
    A: a double A<->C (settled first) and, apart, B's invasion of C's hex."""
    state = movement_state(ROW, {A_HEX: "red", C_HEX: "blue", B_HEX: "green"})
    outcome = resolve_movement(
        state,
        ROW,
        [
            LandMove("red", A_HEX, C_HEX, 1000),
            LandMove("green", B_HEX, C_HEX, 1500),
            LandMove("blue", C_HEX, A_HEX, 2000),
        ],
    )
    assert reasons(outcome) == [DONE, DONE, DONE]
    double, invasion = outcome.conflicts
    assert (double.number, double.kind) == (1, ConflictKind.DOUBLE)
    assert {double.hex, double.other_hex} == {A_HEX, C_HEX}
    assert {e.player for e in double.entries} == {"red", "blue"}
    assert (invasion.number, invasion.kind, invasion.hex) == (2, ConflictKind.INVASION, C_HEX)
    assert invasion.defender == "blue"
    assert invasion.entries == (Entry("green", B_HEX, MoveKind.LAND, 1500),)


def test_conflicts_numbered_by_hex_code() -> None:
    """CC-CF-1, CC-CF-15: conflicts are numbered from 1 in the order of their hex
    codes, whatever the order of the lines; a double comes before an invasion
    of its hex."""
    moves = [
        Move("green", "0301", "0201", MoveKind.LAND, 1000),
        Move("red", "0101", "0202", MoveKind.LAND),
        Move("blue", "0201", "0101", MoveKind.LAND, 1000),
        Move("red", "0101", "0201", MoveKind.LAND, 1000),
        Move("green", "0301", "0202", MoveKind.LAND),
    ]
    owners = {"0101": "red", "0201": "blue", "0301": "green"}
    conflicts = detect_conflicts(moves, owners)
    assert [(c.number, c.kind, c.hex) for c in conflicts] == [
        (1, ConflictKind.DOUBLE, "0101"),
        (2, ConflictKind.INVASION, "0201"),
        (3, ConflictKind.SKIRMISH, "0202"),
    ]
    assert expansions(moves, owners) == {}


def test_invasions_in_a_double_count_when_declared() -> None:
    """AC-42, CC-CF-14: an invasion counts against the cap and PM the moment it
    is declared, even one that turns into a double."""
    game_map, owners = front(3)
    owners["0104"] = "blue"
    state = movement_state(game_map, owners, crowns=20000)
    lines = [
        LandMove("blue", "0104", "0103", 1000),
        invade(3, 1, 1000),
        invade(3, 2, 1000),
        invade(3, 3, 1000),
        invade(3, 4, 1000),
    ]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 4 + [CawaReason.THREE_AGAINST_ONE]
    assert outcome.conflicts[0].kind is ConflictKind.DOUBLE


# --- properties over random small maps ---------------------------------------------

PLAYERS = ("red", "blue", "green")
POINTS = st.sampled_from([None, None, 1000, 1500, 2000, 500])


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[CawaMap, CawaState, list[MovementLine]]:
    """A random board (2-5 x 2-4), owners, villages, fleets, a treasury and up
    to 14 legal-looking movement lines (sources near their targets)."""
    cols, rows = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    symbols = draw(st.lists(st.sampled_from(".f^~~"), min_size=cols * rows, max_size=cols * rows))
    game_map = grid_map(["".join(symbols[r * cols : (r + 1) * cols]) for r in range(rows)])
    codes = sorted(game_map.hexes)
    water = [c for c in codes if game_map.terrain(c) is Terrain.WATER]
    owners: dict[str, str] = {}
    for code in codes:
        who = draw(st.sampled_from((None, *PLAYERS)))
        if who is not None and code not in water:
            owners[code] = who
    buildings = {c: Building.VILLAGE for c in owners if draw(st.booleans())}
    fleets: tuple[Fleet, ...] = ()
    if water:
        fleet = st.builds(Fleet, st.sampled_from(PLAYERS), st.sampled_from(water))
        fleets = tuple(draw(st.lists(fleet, max_size=5)))
    crowns = draw(st.sampled_from([0, 1000, 2500, 6000, 20000]))
    state = movement_state(game_map, owners, buildings, crowns, fleets)
    hexes = st.sampled_from(codes)

    def pick(choices: list[str]) -> str:
        """Mostly one of `choices` (legal-looking), now and then any hex."""
        if choices and draw(st.integers(0, 9)) > 0:
            return draw(st.sampled_from(sorted(choices)))
        return draw(hexes)

    def points(target: str) -> int | None:
        if draw(st.integers(0, 9)) == 0:
            return draw(POINTS)
        return None if target not in owners else draw(st.sampled_from([1000, 1500, 2000]))

    lines: list[MovementLine] = []
    for _ in range(draw(st.integers(0, 16))):
        player = draw(st.sampled_from(PLAYERS))
        kind = draw(st.integers(0, 4))
        start = pick([h for h, p in owners.items() if p == player])
        at_sea = pick([f.hex for f in fleets if f.player == player])
        if kind == 0:
            target = pick(list(game_map.neighbours(start)))
            lines.append(LandMove(player, start, target, points(target)))
        elif kind == 1:
            target = pick(list(landings(game_map, start)))
            lines.append(SeaMove(player, start, target, points(target)))
        elif kind == 2:
            lines.append(LaunchFleet(player, start, pick(list(water_within(game_map, start)))))
        elif kind == 3:
            lines.append(MoveFleet(player, at_sea, pick(list(water_within(game_map, at_sea)))))
        else:
            via = draw(st.one_of(st.none(), st.just(pick(list(water_within(game_map, at_sea))))))
            target = pick(list(game_map.neighbours(via or at_sea)))
            lines.append(LandFleet(player, at_sea, target, points(target), via))
    return game_map, state, lines


def _check(state: CawaState, lines: list[MovementLine], outcome: MovementOutcome) -> None:
    assert [v.line for v in outcome.verdicts] == lines
    for verdict in outcome.verdicts:
        assert verdict.accepted or verdict.detail, verdict
    for verdict in outcome.verdicts:
        line = verdict.line
        if not verdict.accepted or not isinstance(line, LandMove | SeaMove | LandFleet):
            continue
        owned = outcome.state.owners.get(line.target) == line.power
        listed = any(
            line.target in (c.hex, c.other_hex) and line.power in {e.player for e in c.entries}
            for c in outcome.conflicts
        )
        assert owned != listed, line


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_property_moves_end_owned_or_in_a_conflict(
    scenario: tuple[CawaMap, CawaState, list[MovementLine]],
) -> None:
    """CC-CF-1, CC-MV-9, AC-26, AC-43: over random boards and lines, every
    accepted move ends either owned by its mover or in a listed conflict
    (never both), every refused line has a reason and its figures, and the
    same input gives the same outcome."""
    game_map, state, lines = scenario
    outcome = resolve_movement(state, game_map, lines)
    _check(state, lines, outcome)
    assert resolve_movement(state, game_map, lines) == outcome
    assert [c.number for c in outcome.conflicts] == list(range(1, len(outcome.conflicts) + 1))


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_property_limits_and_map_hold(
    scenario: tuple[CawaMap, CawaState, list[MovementLine]],
) -> None:
    """CC-MV-11, CC-MV-12, CC-CF-14, CC-M-8, CC-V-2, AC-21, AC-22, AC-47: the
    accepted invasions keep within PO (fleet landings apart), PM and 3 per
    defender; no water hex is ever owned; owners at the start stay; the
    fleets at sea are those at the start plus launches minus landings."""
    game_map, state, lines = scenario
    outcome = resolve_movement(state, game_map, lines)
    accepted = [v.line for v in outcome.verdicts if v.accepted]
    po_used: Counter[str] = Counter()
    points: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    launches: Counter[str] = Counter()
    for line in accepted:
        if isinstance(line, LaunchFleet):
            launches[line.power] += 1
        if not isinstance(line, LandMove | SeaMove | LandFleet):
            continue
        defender = state.owners.get(line.target)
        if defender is None:
            assert line.points is None
            continue
        assert line.points in (1000, 1500, 2000)
        points[line.power] += line.points
        pairs[(line.power, defender)] += 1
        if not isinstance(line, LandFleet):
            po_used[line.power] += 1
    for player in PLAYERS:
        assert po_used[player] <= max(0, power(state, player) - launches[player])
        assert points[player] <= military_might(state.treasury[player])
    assert all(n <= 3 for n in pairs.values())
    assert not any(game_map.terrain(h) is Terrain.WATER for h in outcome.state.owners)
    assert all(outcome.state.owners[h] == p for h, p in state.owners.items())
    landed = sum(1 for line in accepted if isinstance(line, LandFleet))
    assert len(outcome.state.fleets) == len(state.fleets) + sum(launches.values()) - landed
    assert outcome.state.conflicts == outcome.conflicts
