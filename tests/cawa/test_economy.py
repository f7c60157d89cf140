"""The economy phase (004 "Fase de Economía"): CC-E-1 .. CC-E-18, CC-T-3,
CC-MV-1, CC-C-1, CC-C-3, AC-06 .. AC-20."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.cawa.economy import (
    COST_KINDS,
    INCOME_KINDS,
    EconomyOutcome,
    EntryKind,
    random_income,
    resolve_economy,
)
from adjudicator.rulesets.cawa.payments import fine
from adjudicator.rulesets.cawa.powers import military_might
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import (
    Conflict,
    ConflictKind,
    Entry,
    Fleet,
    MoveKind,
    Payment,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import Building, Terrain
from orders.cawa.model import (
    Abandon,
    BuildVillage,
    ChangeTerrain,
    EconomyLine,
    GiveCrowns,
    GiveHex,
    UpgradeCastle,
)
from tests.cawa.fixtures import SMALL, grid_map, state_on

V, C = Building.VILLAGE, Building.CASTLE


def _reasons(outcome: EconomyOutcome) -> list[CawaReason]:
    return [v.reason for v in outcome.verdicts]


# --- the book's worked example ------------------------------------------------------

BOOK = grid_map(["....."] * 4, players=("red",))


def test_book_worked_example_is_9000() -> None:
    """CC-E-12, CC-E-2: 2500 + 2x600 + 6x300 + 20x100 + (2000 + 3x500) - 2000
    = 9000 (20 hexes including 2 castles and 6 villages; die 3; 2000 points
    used last turn)."""
    hexes = sorted(BOOK.hexes)
    assert len(hexes) == 20
    buildings = {h: C for h in hexes[:2]} | {h: V for h in hexes[2:8]}
    state = state_on(
        BOOK, dict.fromkeys(hexes, "red"), buildings, crowns=2500, upkeep={"red": 2000}
    )
    outcome = resolve_economy(state, BOOK, [], die=3)
    statement = outcome.statements["red"]
    assert outcome.state.treasury["red"] == 9000
    assert statement.closing == 9000 and statement.opening == 2500
    assert statement.total(EntryKind.CASTLES) == 1200
    assert statement.total(EntryKind.VILLAGES) == 1800
    assert statement.total(EntryKind.HEXES) == 2000
    assert statement.total(EntryKind.RANDOM) == 3500 == outcome.random_income
    assert statement.total(EntryKind.UPKEEP) == -2000
    assert outcome.notes == ()


# --- automatic income and costs -----------------------------------------------------

PAIR = grid_map(["...."] * 4, players=("red", "blue"))


def test_income_per_hex_village_and_castle() -> None:
    """CC-E-3, CC-E-4, CC-E-5, CC-M-17: 100 per hex, 300 per village, 600 per
    castle; a castle hex has no village (600, not 900); a building on a
    nobody hex pays nobody."""
    owners = {"0101": "red", "0301": "red", "0103": "red"}
    buildings = {"0101": V, "0301": C, "0403": V}
    state = state_on(PAIR, owners, buildings, crowns=0)
    statement = resolve_economy(state, PAIR, [], die=1).statements["red"]
    assert statement.total(EntryKind.HEXES) == 300
    assert statement.total(EntryKind.VILLAGES) == 300
    assert statement.total(EntryKind.CASTLES) == 600
    assert statement.closing == 300 + 300 + 600 + 2500


def test_random_income_is_the_same_for_everybody() -> None:
    """CC-E-6, AC-19: 2000 + die x 500 for every player, the die given by the caller."""
    assert [random_income(d) for d in range(1, 7)] == [2500, 3000, 3500, 4000, 4500, 5000]
    state = state_on(PAIR, {"0101": "red"}, crowns=0)
    outcome = resolve_economy(state, PAIR, [], die=4)
    assert outcome.random_income == 4000
    assert {p: s.total(EntryKind.RANDOM) for p, s in outcome.statements.items()} == {
        "red": 4000,
        "blue": 4000,
    }
    for bad in (0, 7):
        with pytest.raises(ValueError, match="1 to 6"):
            random_income(bad)


def test_upkeep_one_crown_per_point() -> None:
    """CC-E-8, AC-09, AC-11: the points used last turn cost 1 crown each, nothing
    subtracted; CC-T-3: paid before the actions."""
    state = state_on(PAIR, {"0101": "red"}, crowns=1000, upkeep={"red": 1500})
    outcome = resolve_economy(state, PAIR, [BuildVillage("red", "0101")], die=1)
    statement = outcome.statements["red"]
    assert statement.total(EntryKind.UPKEEP) == -1500
    assert statement.closing == 1000 + 100 + 2500 - 1500 - 1000
    assert outcome.state.upkeep == {}


def test_skirmishes_cost_nothing() -> None:
    """CC-E-9: skirmish troops cost nothing: only the upkeep recorded is charged."""
    skirmish = Conflict(1, ConflictKind.SKIRMISH, "0202", (Entry("red", "0101", MoveKind.LAND),))
    state = state_on(PAIR, {"0101": "red"}, crowns=0, conflicts=(skirmish,))
    statement = resolve_economy(state, PAIR, [], die=1).statements["red"]
    assert statement.total(*COST_KINDS) == 0
    assert statement.closing == 2600


def test_fleets_cost_500_each() -> None:
    """CC-E-10, CC-MV-17: each fleet at sea costs 500 (two fleets: 1000)."""
    fleets = (Fleet("red", "0404"), Fleet("red", "0303"), Fleet("blue", "0304"))
    state = state_on(PAIR, {"0101": "red"}, crowns=0, fleets=fleets)
    outcome = resolve_economy(state, PAIR, [], die=1)
    assert outcome.statements["red"].total(EntryKind.FLEETS) == -1000
    assert outcome.statements["blue"].total(EntryKind.FLEETS) == -500
    assert outcome.state.fleets == fleets


def test_treasury_never_below_zero() -> None:
    """AC-08: CO never goes below 0; the unpaid upkeep is noted for the referee."""
    state = state_on(PAIR, {"0101": "red"}, crowns=0, upkeep={"red": 4000})
    outcome = resolve_economy(state, PAIR, [], die=1)
    line = next(x for x in outcome.statements["red"].lines if x.kind is EntryKind.UPKEEP)
    assert (line.crowns, line.due) == (-2600, 4000)
    assert outcome.state.treasury["red"] == 0
    assert outcome.notes == (
        "red could not pay 4000 points used in last turn's battles: 2600 of 4000 paid (AC-08)",
    )


def test_battle_payments_after_costs_capped() -> None:
    """CC-B-18, AC-07, AC-10, CC-E-7, CC-E-11: a payment is taken after income
    and costs, all the loser can pay, and credited to the winner, who may
    spend it this phase."""
    state = state_on(
        PAIR,
        {"0101": "red", "0104": "blue"},
        crowns=0,
        upkeep={"red": 2000},
        payments=(Payment("red", "blue", 1000, 3),),
        treasury={"red": 0, "blue": 0},
    )
    outcome = resolve_economy(state, PAIR, [], die=1)
    red, blue = outcome.statements["red"], outcome.statements["blue"]
    assert red.total(EntryKind.PAYMENT_MADE) == -600  # 2600 - 2000 left
    assert blue.total(EntryKind.PAYMENT_RECEIVED) == 600
    assert red.closing == 0
    assert blue.closing == 3200
    assert outcome.state.payments == ()
    assert any("paid 600 of the 1000" in note for note in outcome.notes)


def test_payments_credited_after_all_are_taken() -> None:
    """AC-07, CC-B-18: crowns won cannot pay one's own debts in the same
    collection: every payment is taken before any is credited."""
    state = state_on(
        PAIR,
        {"0101": "red", "0104": "blue"},
        treasury={"red": 1000, "blue": 0},
        upkeep={"blue": 2600},
        payments=(Payment("red", "blue", 1000, 1), Payment("blue", "red", 1000, 2)),
    )
    outcome = resolve_economy(state, PAIR, [], die=1)
    assert outcome.state.treasury == {"red": 2600, "blue": 1000}
    made = [x for x in outcome.statements["blue"].lines if x.kind is EntryKind.PAYMENT_MADE]
    assert [(x.crowns, x.due) for x in made] == [(0, 1000)]


def test_fine_goes_to_nobody() -> None:
    """AC-50, CC-B-18: a referee's fine is collected like a payment, never
    below 0, and credited to nobody."""
    state = state_on(
        PAIR,
        {"0101": "red"},
        treasury={"red": 0, "blue": 0},
        payments=(fine("red", 3000),),
    )
    outcome = resolve_economy(state, PAIR, [], die=1)
    line = next(x for x in outcome.statements["red"].lines if x.kind is EntryKind.FINE)
    assert (line.crowns, line.due) == (-2600, 3000)
    assert outcome.state.treasury == {"red": 0, "blue": 2500}


def test_payment_received_is_spendable() -> None:
    """AC-07: a battle payment is part of step (1): the winner may spend it."""
    state = state_on(
        PAIR,
        {"0101": "red", "0104": "blue"},
        payments=(Payment("red", "blue", 500, 1),),
        treasury={"red": 1000, "blue": 0},
    )
    lines: list[EconomyLine] = [
        ChangeTerrain("blue", "0104", Terrain.FOREST),
        BuildVillage("blue", "0104"),
    ]
    outcome = resolve_economy(state, PAIR, lines, die=1)
    # blue: 0 + 100 + 2500 + 500 = 3100: the terrain (2500) is paid, the village is not
    assert _reasons(outcome) == [CawaReason.DONE, CawaReason.NOT_ENOUGH_CROWNS]
    assert outcome.state.treasury["blue"] == 600
    assert outcome.state.terrain == {"0104": Terrain.FOREST}


# --- actions ------------------------------------------------------------------------


def test_actions_in_written_order_refused_costs_nothing() -> None:
    """AC-06, CC-E-18, CC-M-15, CC-M-17: paid in the order written from the
    treasury after step (1); one the treasury cannot cover is refused and
    costs nothing; a cheaper later one is still done."""
    owners = {"0101": "red", "0301": "red", "0103": "red"}
    state = state_on(PAIR, owners, {"0103": V}, crowns=0, treasury={"red": 0, "blue": 0})
    # red: 300 + 300 + 2500 = 3100
    lines: list[EconomyLine] = [
        BuildVillage("red", "0101"),
        UpgradeCastle("red", "0103"),  # ratio: 1 village cannot carry a castle
        ChangeTerrain("red", "0301", Terrain.MOUNTAIN),  # 2500 > 2100 left
        BuildVillage("red", "0301"),
    ]
    outcome = resolve_economy(state, PAIR, lines, die=1)
    assert _reasons(outcome) == [
        CawaReason.DONE,
        CawaReason.CASTLE_RATIO,
        CawaReason.NOT_ENOUGH_CROWNS,
        CawaReason.DONE,
    ]
    assert outcome.verdicts[2].detail == "costs 2500, the treasury holds 2100"
    assert outcome.state.treasury["red"] == 1100
    assert outcome.statements["red"].total(EntryKind.ACTION) == -2000


@pytest.mark.parametrize(
    ("upkeep", "reason", "closing"),
    [(100, CawaReason.DONE, 0), (101, CawaReason.NOT_ENOUGH_CROWNS, 2499)],
)
def test_treasury_exactly_covering_the_cost(upkeep: int, reason: CawaReason, closing: int) -> None:
    """AC-06, CC-E-17: an action the treasury exactly covers is done (nothing
    left); one crown short, it is refused and costs nothing."""
    state = state_on(PAIR, {"0101": "red"}, crowns=0, upkeep={"red": upkeep})
    # 0 + 100 + 2500 - upkeep
    outcome = resolve_economy(state, PAIR, [ChangeTerrain("red", "0101", Terrain.FOREST)], die=1)
    assert _reasons(outcome) == [reason]
    assert outcome.state.treasury["red"] == closing


def test_castle_costs_2000() -> None:
    """CC-M-17, CC-M-14: upgrading a village costs 2000 in the economy phase."""
    owners = dict.fromkeys(("0101", "0103", "0301", "0303"), "red")
    buildings = dict.fromkeys(("0101", "0103", "0301", "0303"), V)
    grid = grid_map(["....."] * 4, players=("red",))
    state = state_on(grid, owners, buildings, crowns=5000)
    outcome = resolve_economy(state, grid, [UpgradeCastle("red", "0303")], die=1)
    assert _reasons(outcome) == [CawaReason.DONE]
    assert outcome.statements["red"].total(EntryKind.ACTION) == -2000
    assert outcome.state.buildings["0303"] is C


def test_unknown_player_hex_and_not_your_hex() -> None:
    """CC-E-13, CC-E-16: lines of nobody in the campaign, hexes off the map
    and other players' hexes are refused."""
    state = state_on(PAIR, {"0101": "red", "0104": "blue"})
    lines: list[EconomyLine] = [
        Abandon("black", "0101"),
        Abandon("red", "0909"),
        Abandon("red", "0104"),
        GiveCrowns("red", "black", 10),
    ]
    outcome = resolve_economy(state, PAIR, lines, die=1)
    assert _reasons(outcome) == [
        CawaReason.UNKNOWN_PLAYER,
        CawaReason.UNKNOWN_HEX,
        CawaReason.NOT_YOUR_HEX,
        CawaReason.UNKNOWN_PLAYER,
    ]
    assert outcome.state.owners == state.owners


def test_give_crowns_up_to_the_whole_treasury() -> None:
    """CC-E-13, AC-12: any amount up to the whole treasury, to another player;
    not more, not to oneself, not nothing."""
    state = state_on(PAIR, {}, treasury={"red": 500, "blue": 0})
    # red: 500 + 2500 = 3000
    lines: list[EconomyLine] = [
        GiveCrowns("red", "red", 100),
        GiveCrowns("red", "blue", 0),
        GiveCrowns("red", "blue", 3001),
        GiveCrowns("red", "blue", 3000),
    ]
    outcome = resolve_economy(state, PAIR, lines, die=1)
    assert _reasons(outcome) == [
        CawaReason.TO_ONESELF,
        CawaReason.NOT_ENOUGH_CROWNS,
        CawaReason.NOT_ENOUGH_CROWNS,
        CawaReason.DONE,
    ]
    assert outcome.state.treasury == {"red": 0, "blue": 5500}
    assert outcome.statements["blue"].total(EntryKind.GIFT_RECEIVED) == 3000
    assert outcome.statements["red"].total(EntryKind.GIFT_GIVEN) == -3000


def test_gift_not_spendable_this_phase() -> None:
    """AC-06: crowns received by gift are credited last; the receiver cannot
    spend them in the same phase."""
    state = state_on(
        PAIR,
        {"0101": "red", "0104": "blue"},
        treasury={"red": 5000, "blue": 0},
        upkeep={"blue": 2000},
    )
    # blue: 100 + 2500 - 2000 = 600
    lines: list[EconomyLine] = [GiveCrowns("red", "blue", 1000), BuildVillage("blue", "0104")]
    outcome = resolve_economy(state, PAIR, lines, die=1)
    assert _reasons(outcome) == [CawaReason.DONE, CawaReason.NOT_ENOUGH_CROWNS]
    assert outcome.state.treasury["blue"] == 1600
    assert outcome.statements["blue"].lines[-2].kind is EntryKind.GIFT_RECEIVED


SEA = grid_map(["..~~..", "..~~..", "..~~.."], players=("red", "blue"))


def test_give_hex_to_a_neighbour() -> None:
    """CC-E-14, AC-13, AC-20: a hex next to one of the receiver's hexes; it
    changes hands at the end of the phase, the giver's income still counts it."""
    state = state_on(SEA, {"0101": "red", "0102": "red", "0103": "blue"}, crowns=0)
    lines: list[EconomyLine] = [GiveHex("red", "0102", "blue"), BuildVillage("blue", "0102")]
    outcome = resolve_economy(state, SEA, lines, die=1)
    assert _reasons(outcome) == [CawaReason.DONE, CawaReason.NOT_YOUR_HEX]
    assert outcome.state.owners["0102"] == "blue"
    assert outcome.statements["red"].total(EntryKind.HEXES) == 200
    assert outcome.statements["blue"].lines[-2].kind is EntryKind.HEX_RECEIVED


def test_give_hex_by_sea_needs_a_village_or_castle() -> None:
    """CC-E-14, AC-13: across the water the receiver needs a village or castle
    from which a ship could land there (up to 3 water hexes)."""
    owners = {"0201": "red", "0601": "blue"}
    bare = state_on(SEA, owners)
    refused = resolve_economy(bare, SEA, [GiveHex("red", "0201", "blue")], die=1)
    assert _reasons(refused) == [CawaReason.NOT_REACHABLE_BY_RECEIVER]
    port = state_on(SEA, owners | {"0502": "blue"}, {"0502": V})
    done = resolve_economy(port, SEA, [GiveHex("red", "0201", "blue")], die=1)
    assert _reasons(done) == [CawaReason.DONE]
    assert done.state.owners["0201"] == "blue"


def test_given_castle_becomes_a_village() -> None:
    """CC-E-15, CC-M-12: a donated hex keeps its building (the building
    belongs to the hex), but a castle becomes a village."""
    owners = {"0101": "red", "0201": "red", "0103": "red", "0102": "blue"}
    state = state_on(SEA, owners, {"0101": C, "0103": V})
    lines: list[EconomyLine] = [GiveHex("red", "0101", "blue"), GiveHex("red", "0103", "blue")]
    outcome = resolve_economy(state, SEA, lines, die=1)
    assert _reasons(outcome) == [CawaReason.DONE, CawaReason.DONE]
    assert outcome.state.buildings == {"0101": V, "0103": V}
    assert outcome.state.owners["0101"] == outcome.state.owners["0103"] == "blue"


def test_give_hex_refusals() -> None:
    """CC-E-14, AC-13: not to oneself, not to an unknown player; a hex given
    cannot be given or abandoned again (HEX_ALREADY_USED)."""
    state = state_on(SEA, {"0101": "red", "0102": "blue"})
    lines: list[EconomyLine] = [
        GiveHex("red", "0101", "red"),
        GiveHex("red", "0101", "black"),
        GiveHex("red", "0101", "blue"),
        Abandon("red", "0101"),
        UpgradeCastle("red", "0101"),
    ]
    outcome = resolve_economy(state, SEA, lines, die=1)
    assert _reasons(outcome) == [
        CawaReason.TO_ONESELF,
        CawaReason.UNKNOWN_PLAYER,
        CawaReason.DONE,
        CawaReason.HEX_ALREADY_USED,
        CawaReason.HEX_ALREADY_USED,
    ]


def test_abandon_leaves_the_building() -> None:
    """CC-E-16, AC-14: the hex becomes nobody's and keeps its building."""
    state = state_on(SEA, {"0101": "red", "0102": "red"}, {"0101": V})
    outcome = resolve_economy(state, SEA, [Abandon("red", "0101")], die=1)
    assert _reasons(outcome) == [CawaReason.DONE]
    assert "0101" not in outcome.state.owners
    assert outcome.state.buildings == {"0101": V}
    assert outcome.statements["red"].total(EntryKind.VILLAGES) == 300  # AC-20


def test_change_terrain() -> None:
    """CC-E-17, AC-15: own land hex to another land terrain for 2500; never to
    water, never the same terrain, one change per hex per phase."""
    state = state_on(SMALL, {"0101": "red", "0201": "red", "0401": "blue"}, crowns=10000)
    lines: list[EconomyLine] = [
        ChangeTerrain("red", "0201", Terrain.WATER),
        ChangeTerrain("red", "0201", Terrain.FOREST),  # 0201 is forest already
        ChangeTerrain("red", "0401", Terrain.FOREST),
        ChangeTerrain("red", "0101", Terrain.MOUNTAIN),
        ChangeTerrain("red", "0101", Terrain.FOREST),
    ]
    outcome = resolve_economy(state, SMALL, lines, die=1)
    assert _reasons(outcome) == [
        CawaReason.WATER_HEX,
        CawaReason.SAME_TERRAIN,
        CawaReason.NOT_YOUR_HEX,
        CawaReason.DONE,
        CawaReason.HEX_ALREADY_USED,
    ]
    assert outcome.state.terrain == {"0101": Terrain.MOUNTAIN}
    assert outcome.state.terrain_of(SMALL, "0101") is Terrain.MOUNTAIN
    assert outcome.statements["red"].total(EntryKind.ACTION) == -2500


def test_change_back_to_the_maps_terrain() -> None:
    """CC-E-17: changing a changed hex back to the map's terrain clears the change."""
    state = state_on(SMALL, {"0101": "red"}, terrain={"0101": Terrain.FOREST})
    outcome = resolve_economy(state, SMALL, [ChangeTerrain("red", "0101", Terrain.PLAIN)], die=1)
    assert _reasons(outcome) == [CawaReason.DONE]
    assert outcome.state.terrain == {}


# --- the statement and the state after ----------------------------------------------


def test_statement_and_treasury_after() -> None:
    """CC-E-1, CC-E-2, CC-C-1, CC-C-3, CC-MV-1, CC-T-3: every player gets a
    statement from the opening to the closing treasury; the closing is the
    state's CO and sets PM; the phase is left for the caller."""
    state = state_on(
        PAIR,
        {"0101": "red", "0104": "blue"},
        {"0101": V},
        treasury={"red": 4607, "blue": 10},
        upkeep={"blue": 500},
        fleets=(Fleet("blue", "0404"),),
    )
    lines: list[EconomyLine] = [GiveCrowns("red", "blue", 1000), BuildVillage("blue", "0104")]
    outcome = resolve_economy(state, PAIR, lines, die=2)
    assert set(outcome.statements) == {"red", "blue"}
    for player, statement in outcome.statements.items():
        assert statement.lines[0].kind is EntryKind.OPENING
        assert statement.lines[-1].kind is EntryKind.CLOSING
        assert statement.closing == statement.opening + statement.movements
        assert outcome.state.treasury[player] == statement.closing
    assert outcome.state.treasury["red"] == 4607 + 100 + 300 + 3000 - 1000
    assert military_might(outcome.state.treasury["red"]) == 7000
    # blue: 10 + 100 + 3000 - 500 - 500 = 2110, village 1000, gift 1000 last
    assert outcome.state.treasury["blue"] == 2110
    assert outcome.state.phase == state.phase
    assert outcome.state.phase.kind == CawaPhaseKind.ECONOMY


# --- properties ---------------------------------------------------------------------

PLAYERS = ("red", "blue", "green")
HEXES = sorted(SMALL.hexes)
LAND = [h for h in HEXES if SMALL.terrain(h).is_land]


@st.composite
def _cases(draw: st.DrawFn) -> tuple[CawaState, list[EconomyLine], int]:
    owners = draw(st.dictionaries(st.sampled_from(LAND), st.sampled_from(PLAYERS)))
    buildings = draw(st.dictionaries(st.sampled_from(LAND), st.sampled_from([V, C])))
    treasury = {p: draw(st.integers(0, 8000)) for p in PLAYERS}
    upkeep = {p: draw(st.integers(0, 9000)) for p in PLAYERS}
    water = [h for h in HEXES if h not in LAND]
    fleets = tuple(
        draw(st.lists(st.builds(Fleet, st.sampled_from(PLAYERS), st.sampled_from(water))))
    )
    payments = tuple(
        draw(
            st.lists(
                st.builds(
                    Payment,
                    st.sampled_from(PLAYERS),
                    st.sampled_from((*PLAYERS, "")),
                    st.sampled_from([500, 1000]),
                    st.integers(1, 5),
                ),
                max_size=3,
            )
        )
    )
    who = st.sampled_from((*PLAYERS, "black"))
    where = st.sampled_from([*HEXES, "0909"])
    line = st.one_of(
        st.builds(GiveCrowns, who, who, st.integers(-10, 12000)),
        st.builds(GiveHex, who, where, who),
        st.builds(Abandon, who, where),
        st.builds(ChangeTerrain, who, where, st.sampled_from(list(Terrain))),
        st.builds(BuildVillage, who, where),
        st.builds(UpgradeCastle, who, where),
    )
    lines = draw(st.lists(line, max_size=12))
    state = state_on(
        SMALL,
        owners,
        buildings,
        treasury=treasury,
        upkeep=upkeep,
        fleets=fleets,
        payments=payments,
    )
    return state, lines, draw(st.integers(1, 6))


@settings(max_examples=150, deadline=None)
@given(_cases())
def test_crowns_are_conserved(case: tuple[CawaState, list[EconomyLine], int]) -> None:
    """CC-E-2, AC-06, AC-07, AC-08, AC-12: closing = opening + income - costs
    - actions - gifts given + gifts received, per player and summed; payments
    and gifts move crowns between players without making any; no treasury is
    ever negative; one verdict per line."""
    state, lines, die = case
    outcome = resolve_economy(state, SMALL, lines, die)
    assert len(outcome.verdicts) == len(lines)
    assert [v.line for v in outcome.verdicts] == lines
    total_open = total_close = total_income = total_costs = total_actions = 0
    for player, statement in outcome.statements.items():
        assert statement.closing == statement.opening + statement.movements
        assert statement.closing == outcome.state.treasury[player] >= 0
        running = 0
        for entry in statement.lines:
            running = entry.crowns if entry.kind is EntryKind.OPENING else running + entry.crowns
            if entry.kind is EntryKind.CLOSING:
                break
            assert running >= 0
        total_open += statement.opening
        total_close += statement.closing
        total_income += statement.total(*INCOME_KINDS)
        total_costs += statement.total(*COST_KINDS)
        total_actions += statement.total(EntryKind.ACTION)
    given_total = sum(s.total(EntryKind.GIFT_GIVEN) for s in outcome.statements.values())
    received = sum(s.total(EntryKind.GIFT_RECEIVED) for s in outcome.statements.values())
    paid = sum(s.total(EntryKind.PAYMENT_MADE) for s in outcome.statements.values())
    got = sum(s.total(EntryKind.PAYMENT_RECEIVED) for s in outcome.statements.values())
    assert given_total == -received and paid == -got
    assert total_close == total_open + total_income + total_costs + total_actions
    charged = sum(
        {BuildVillage: 1000, UpgradeCastle: 2000, ChangeTerrain: 2500}.get(type(v.line), 0)
        for v in outcome.verdicts
        if v.accepted
    )
    assert -total_actions == charged
    assert outcome.state.upkeep == {} and outcome.state.payments == ()
