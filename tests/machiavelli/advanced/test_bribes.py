"""Bribes and counter-bribes (003 §6.2 F to K, §6.3): minimums, targets,
adjacency, and which bribe on a unit works."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from adjudicator.core.dice import Dice, Roll
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.bribes import (
    BRIBE_MINIMUM,
    BribeAttempt,
    BribeOutcome,
    BribeResult,
    CounterBribe,
    bribe_minimum,
    counted,
    is_major_city,
    may_bribe_at,
    minimum_against,
    resolve_bribes,
    special_bribe_problem,
    specials_after_bribe,
    target_problem,
)
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps import load_map
from orders.board.model import UnitKind
from orders.machiavelli.model import ExpenseKind

MAP = load_map("machiavelli")
PHASE = Phase(1455, "spring", "movement")

G = ExpenseKind.DISBAND_AUTONOMOUS
H = ExpenseKind.BUY_AUTONOMOUS
I = ExpenseKind.MAKE_AUTONOMOUS  # the rulebook's letter
J = ExpenseKind.DISBAND_ENEMY
K = ExpenseKind.BUY_ENEMY

MILITIA = SpecialKind.CITIZEN_MILITIA
MERCENARIES = SpecialKind.ELITE_MERCENARIES
PROFESSIONALS = SpecialKind.ELITE_PROFESSIONALS

GARRISON, ARMY, FLEET = UnitKind.GARRISON, UnitKind.ARMY, UnitKind.FLEET

TRENT_GARRISON = Unit(AUTONOMOUS, GARRISON, "TRENT")
VENETIAN_ARMY = Unit("venice", ARMY, "PAD")


def _dice() -> Dice:
    return Dice("secret", "game", "1455-spring-movement")


class ScriptedDice(Dice):
    """Dice showing the given faces in turn, logged like real ones."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__("secret", "game", "1455-spring-movement")
        self._faces = list(faces)

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        face = self._faces.pop(0)
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, face))
        return face


def _state(
    *units: Unit,
    control: dict[str, str] | None = None,
    specials: dict[Unit, SpecialKind] | None = None,
) -> MachiavelliState:
    return MachiavelliState(
        phase=PHASE, units=units, control=control or {}, specials=specials or {}
    )


def _attempt(briber: str, kind: ExpenseKind, amount: int, target: Unit) -> BribeAttempt:
    """A regular unit outside a major city: the plain minimum."""
    minimum = bribe_minimum(kind, major_city_garrison=False, special=None)
    return BribeAttempt(briber, kind, amount, target, minimum)


def _results(outcomes: Iterable[BribeOutcome]) -> list[BribeResult]:
    return [outcome.result for outcome in outcomes]


# --- the worked example ------------------------------------------------------


def test_worked_example_g_g_trent_9d() -> None:
    """CM-6.1-4: `(G) G Trent 9d` disbands the autonomous garrison of Trent:
    9d is the 6d minimum and one 3d step more (CM-6.2-G, CM-6.3-1)."""
    milan = Unit("milan", ARMY, "MIL")
    state = _state(milan, TRENT_GARRISON, control={"MIL": "milan"})
    assert target_problem(G, "milan", AUTONOMOUS, GARRISON) is None
    assert may_bribe_at("milan", "TRENT", state, MAP)
    minimum = minimum_against(G, TRENT_GARRISON, state, MAP)
    assert minimum == 6
    assert counted(9) == 9
    (outcome,) = resolve_bribes([BribeAttempt("milan", G, 9, TRENT_GARRISON, minimum)], [], _dice())
    assert outcome.succeeded
    assert outcome.result is BribeResult.SUCCEEDED
    assert (outcome.counted, outcome.countered) == (9, 0)
    assert specials_after_bribe({}, G, TRENT_GARRISON, "milan") == {}


# --- which expenses are bribes, and their minimums ----------------------------


def test_expenses_g_to_k_are_bribes() -> None:
    """CM-6.2-GK, AM-02: bribes are G to K (§6.3's "G a la H" is a typo); each
    has a minimum, no other expense has one."""
    bribes = {kind for kind in ExpenseKind if kind.is_bribe}
    assert bribes == {G, H, I, J, K}
    assert set(BRIBE_MINIMUM) == bribes


@pytest.mark.parametrize("kind", [k for k in ExpenseKind if not k.is_bribe])
def test_a_non_bribe_has_no_bribe_minimum(kind: ExpenseKind) -> None:
    """CM-6.2-GK, AM-02: A to F are no bribes (F is the counter-bribe)."""
    with pytest.raises(ValueError, match="no bribe"):
        bribe_minimum(kind, major_city_garrison=False, special=None)
    with pytest.raises(ValueError, match="no bribe"):
        target_problem(kind, "milan", "venice", ARMY)


@pytest.mark.parametrize(
    ("kind", "minimum"),
    [
        (G, 6),  # CM-6.2-G
        (H, 9),  # CM-6.2-H
        (I, 9),  # CM-6.2-I
        (J, 12),  # CM-6.2-J
        (K, 18),  # CM-6.2-K
    ],
)
def test_bribe_minimums(kind: ExpenseKind, minimum: int) -> None:
    """CM-6.2-G, CM-6.2-H, CM-6.2-I, CM-6.2-J, CM-6.2-K: 6, 9, 9, 12, 18."""
    assert BRIBE_MINIMUM[kind] == minimum
    assert bribe_minimum(kind, major_city_garrison=False, special=None) == minimum


@pytest.mark.parametrize(("kind", "minimum"), [(G, 12), (H, 18), (I, 18), (J, 24), (K, 36)])
def test_the_minimum_doubles_against_a_garrison_in_a_major_city(
    kind: ExpenseKind, minimum: int
) -> None:
    """CM-6.3-4: G 12, H 18, I 18, J 24, K 36."""
    assert bribe_minimum(kind, major_city_garrison=True, special=None) == minimum


def test_major_cities_are_the_seven_with_a_printed_value() -> None:
    """CM-6.3-4, AM-22, AM-01: FLO GEN MIL VEN (3) and NAP ROME TUN (2)."""
    major = {code for code, area in MAP.areas.items() if is_major_city(area)}
    assert major == {"FLO", "GEN", "MIL", "VEN", "NAP", "ROME", "TUN"}


def test_only_a_garrison_in_a_major_city_doubles_the_minimum() -> None:
    """CM-6.3-4: "contra guarniciones en Ciudades Mayores": the garrison of
    Florence costs double, the army in Florence's province and the garrison
    of a minor city do not."""
    garrison = Unit("florence", GARRISON, "FLO")
    army = Unit("florence", ARMY, "FLO")
    minor = Unit("florence", GARRISON, "PISA")
    state = _state(garrison, army, minor)
    assert minimum_against(J, garrison, state, MAP) == 24
    assert minimum_against(J, army, state, MAP) == 12
    assert minimum_against(J, minor, state, MAP) == 12


@pytest.mark.parametrize(
    ("special", "major", "minimum"),
    [
        (MILITIA, False, 36),  # CM-10.2-2: "cuestan el doble sobornar"
        (MERCENARIES, False, 18),  # CM-10.3-2: "a precio normal"
        (PROFESSIONALS, False, 36),  # CM-10.4-2: double
        (MILITIA, True, 72),  # AM-22: ×2 ×2
        (MERCENARIES, True, 36),
        (PROFESSIONALS, True, 72),
    ],
)
def test_doublings_multiply(special: SpecialKind, major: bool, minimum: int) -> None:
    """AM-22: a major city's garrison ×2 and militia or professionals ×2
    multiply (K: 18 -> 72)."""
    assert bribe_minimum(K, major_city_garrison=major, special=special) == minimum


def test_minimum_against_a_militia_garrison_in_florence() -> None:
    """AM-22, CM-10.2-2, CM-6.3-4: G FLO as militia needs 4 × 12 = 48 to be
    disbanded (J)."""
    garrison = Unit("florence", GARRISON, "FLO")
    state = _state(garrison, specials={garrison: MILITIA})
    assert minimum_against(J, garrison, state, MAP) == 48


def test_counter_bribes_are_never_multiplied() -> None:
    """AM-22: a 3d counter-bribe takes 3d off a K of 72 against a militia
    garrison in Florence, not 12d: 72 - 3 < 72 fails, 75 - 3 works."""
    garrison = Unit("florence", GARRISON, "FLO")
    state = _state(garrison, specials={garrison: MILITIA})
    minimum = minimum_against(K, garrison, state, MAP)
    assert minimum == 72
    counter = CounterBribe("florence", garrison, 3)
    (short,) = resolve_bribes([BribeAttempt("milan", K, 72, garrison, minimum)], [counter], _dice())
    (enough,) = resolve_bribes(
        [BribeAttempt("milan", K, 75, garrison, minimum)], [counter], _dice()
    )
    assert short.result is BribeResult.COUNTERED
    assert (enough.result, enough.countered) == (BribeResult.SUCCEEDED, 3)


# --- counted amounts ----------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "expected"), [(0, 0), (2, 0), (3, 3), (8, 6), (9, 9), (10, 9), (-4, 0)]
)
def test_amounts_count_in_steps_of_3_rounded_down(amount: int, expected: int) -> None:
    """AM-18, CM-6.3-1, CM-6.2-F: the largest multiple of 3 not above it."""
    assert counted(amount) == expected


def test_an_amount_not_in_steps_counts_only_its_whole_steps() -> None:
    """AM-18: a G of 8d counts 6d and works; a K of 20d counts 18d and works;
    a K of 17d counts 15d and falls short of 18d."""
    target = Unit("venice", ARMY, "PAD")
    (g_outcome,) = resolve_bribes([_attempt("milan", G, 8, TRENT_GARRISON)], [], _dice())
    (k_20,) = resolve_bribes([_attempt("milan", K, 20, target)], [], _dice())
    (k_17,) = resolve_bribes([_attempt("milan", K, 17, target)], [], _dice())
    assert (g_outcome.result, g_outcome.counted) == (BribeResult.SUCCEEDED, 6)
    assert (k_20.result, k_20.counted) == (BribeResult.SUCCEEDED, 18)
    assert (k_17.result, k_17.counted) == (BribeResult.BELOW_MINIMUM, 15)


def test_a_bribe_below_its_minimum_fails() -> None:
    """CM-6.2-J: a J needs at least 12d; 9d fails with no counter-bribe."""
    (outcome,) = resolve_bribes([_attempt("milan", J, 9, VENETIAN_ARMY)], [], _dice())
    assert outcome.result is BribeResult.BELOW_MINIMUM
    assert not outcome.succeeded


# --- counter-bribes -----------------------------------------------------------


def test_a_counter_bribe_is_subtracted_from_the_bribe() -> None:
    """CM-6.2-F: K 18 on Venice's army, countered with 3: 15 remain, below 18,
    so the bribe fails."""
    (outcome,) = resolve_bribes(
        [_attempt("milan", K, 18, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 3)],
        _dice(),
    )
    assert outcome.result is BribeResult.COUNTERED
    assert (outcome.counted, outcome.countered) == (18, 3)


def test_bidding_more_in_3d_steps_beats_a_counter_bribe() -> None:
    """CM-6.3-1: "más ducados ... (en incrementos de 3d)": K 21 against a
    counter-bribe of 3 keeps 18 and works."""
    (outcome,) = resolve_bribes(
        [_attempt("milan", K, 21, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 3)],
        _dice(),
    )
    assert outcome.result is BribeResult.SUCCEEDED


def test_counter_bribes_from_anyone_add_up() -> None:
    """AM-19: Venice's 3 and the Turks' 3 (far away: no adjacency for F) add
    up to 6: J 15 keeps 9, below 12, and fails; against either alone it would
    keep 12 and work."""
    attempt = _attempt("milan", J, 15, VENETIAN_ARMY)
    both = [CounterBribe("venice", VENETIAN_ARMY, 3), CounterBribe("turks", VENETIAN_ARMY, 3)]
    (outcome,) = resolve_bribes([attempt], both, _dice())
    assert (outcome.result, outcome.countered) == (BribeResult.COUNTERED, 6)
    (one,) = resolve_bribes([attempt], both[:1], _dice())
    assert one.result is BribeResult.SUCCEEDED


def test_counter_bribes_count_in_steps_of_3() -> None:
    """AM-18, CM-6.2-F: a counter-bribe of 5 counts 3, so J 15 keeps 12 and
    works."""
    (outcome,) = resolve_bribes(
        [_attempt("milan", J, 15, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 5)],
        _dice(),
    )
    assert (outcome.result, outcome.countered) == (BribeResult.SUCCEEDED, 3)


def test_a_counter_bribe_protects_only_its_own_unit() -> None:
    """CM-6.2-F: a counter-bribe on the garrison of Venice does nothing for
    the army in Padua."""
    garrison = Unit("venice", GARRISON, "VEN")
    (outcome,) = resolve_bribes(
        [_attempt("milan", J, 12, VENETIAN_ARMY)],
        [CounterBribe("venice", garrison, 9)],
        _dice(),
    )
    assert (outcome.result, outcome.countered) == (BribeResult.SUCCEEDED, 0)


# --- several bribes on one unit -----------------------------------------------


def test_only_the_largest_bribe_on_a_unit_counts() -> None:
    """CM-6.3-2: France's K 21 and Milan's J 12 on Venice's army: only the
    largest counts; Milan's is ignored (its ducats lost) though it would have
    worked alone."""
    outcomes = resolve_bribes(
        [_attempt("milan", J, 12, VENETIAN_ARMY), _attempt("france", K, 21, VENETIAN_ARMY)],
        [],
        _dice(),
    )
    assert _results(outcomes) == [BribeResult.OUTBID, BribeResult.SUCCEEDED]
    assert [o.attempt.briber for o in outcomes] == ["milan", "france"]


def test_counter_bribes_hit_the_chosen_bribe() -> None:
    """AM-20, CM-6.2-F: France's K 24 is chosen over Milan's J 15, then
    Venice's counter-bribe of 6 is subtracted: 18 remain, the K's minimum, so
    it works; the J is outbid."""
    outcomes = resolve_bribes(
        [_attempt("france", K, 24, VENETIAN_ARMY), _attempt("milan", J, 15, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 6)],
        _dice(),
    )
    assert _results(outcomes) == [BribeResult.SUCCEEDED, BribeResult.OUTBID]
    assert [o.countered for o in outcomes] == [6, 6]


def test_no_smaller_bribe_is_tried_when_the_largest_fails() -> None:
    """AM-20: a K 18 and a J 15 on one army, countered with 3: the K keeps 15
    < 18 and fails; the J would keep 12 = its minimum, but is not tried
    (Condottieri would let it win)."""
    outcomes = resolve_bribes(
        [_attempt("france", K, 18, VENETIAN_ARMY), _attempt("milan", J, 15, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 3)],
        _dice(),
    )
    assert [o.succeeded for o in outcomes] == [False, False]
    assert outcomes[1].result is BribeResult.OUTBID


def test_a_largest_bribe_below_its_own_minimum_still_shuts_out_the_smaller() -> None:
    """CM-6.3-2, AM-20: K 15 (below 18) is the largest; the J 12 that would
    work is ignored."""
    outcomes = resolve_bribes(
        [_attempt("france", K, 15, VENETIAN_ARMY), _attempt("milan", J, 12, VENETIAN_ARMY)],
        [],
        _dice(),
    )
    assert _results(outcomes) == [BribeResult.BELOW_MINIMUM, BribeResult.OUTBID]


def test_bribes_on_different_units_are_settled_apart() -> None:
    """CM-6.3-2: "hacia una misma unidad": a bribe on another unit is no rival."""
    garrison = Unit("venice", GARRISON, "VEN")
    outcomes = resolve_bribes(
        [_attempt("milan", J, 12, VENETIAN_ARMY), _attempt("france", K, 36, garrison)],
        [],
        _dice(),
    )
    assert _results(outcomes) == [BribeResult.SUCCEEDED, BribeResult.SUCCEEDED]


def test_a_tie_between_the_largest_is_settled_by_a_die() -> None:
    """CM-6.3-3, AM-21: Milan and France both bid J 12; one die each, in the
    order of their names (france index 0, milan index 1), highest wins; the
    loser's money is lost. Faces 2 (france), 5 (milan): Milan wins."""
    dice = ScriptedDice([2, 5])
    outcomes = resolve_bribes(
        [_attempt("milan", J, 12, VENETIAN_ARMY), _attempt("france", J, 12, VENETIAN_ARMY)],
        [],
        dice,
    )
    assert _results(outcomes) == [BribeResult.SUCCEEDED, BribeResult.LOST_TIE]
    assert [(r.purpose, r.index) for r in dice.rolls] == [
        ("bribe-tie:A PAD", 0),
        ("bribe-tie:A PAD", 1),
    ]


def test_a_repeated_tie_rolls_again_with_the_next_indices() -> None:
    """AM-21: France, Milan and the Turks tie at K 18; faces 4, 4, 2 leave
    France and Milan tied; they roll again with indices 3 and 4: 6, 1, and
    France wins. The smaller J is outbid."""
    dice = ScriptedDice([4, 4, 2, 6, 1])
    outcomes = resolve_bribes(
        [
            _attempt("turks", K, 18, VENETIAN_ARMY),
            _attempt("milan", K, 18, VENETIAN_ARMY),
            _attempt("naples", J, 12, VENETIAN_ARMY),
            _attempt("france", K, 18, VENETIAN_ARMY),
        ],
        [],
        dice,
    )
    assert _results(outcomes) == [
        BribeResult.LOST_TIE,
        BribeResult.LOST_TIE,
        BribeResult.OUTBID,
        BribeResult.SUCCEEDED,
    ]
    assert [r.index for r in dice.rolls] == [0, 1, 2, 3, 4]


def test_a_tie_winner_is_still_subject_to_counter_bribes() -> None:
    """AM-20, AM-21: the die chooses first, then the counter-bribe is
    subtracted: the winner of a J 12 tie, countered with 3, fails."""
    outcomes = resolve_bribes(
        [_attempt("milan", J, 12, VENETIAN_ARMY), _attempt("france", J, 12, VENETIAN_ARMY)],
        [CounterBribe("venice", VENETIAN_ARMY, 3)],
        ScriptedDice([6, 1]),
    )
    assert _results(outcomes) == [BribeResult.LOST_TIE, BribeResult.COUNTERED]


def test_tie_dice_come_from_the_game_s_dice() -> None:
    """AM-21, CM-6.3-3: with the real dice, the bribe that wins is the one
    whose logged die is highest; each roll is one d6 logged under
    `bribe-tie:<unit>`."""
    garrison = Unit("florence", GARRISON, "SIE")
    dice = _dice()
    outcomes = resolve_bribes(
        [_attempt("milan", J, 12, garrison), _attempt("papacy", J, 12, garrison)],
        [],
        dice,
    )
    assert all(r.purpose == "bribe-tie:G SIE" and r.sides == 6 for r in dice.rolls)
    faces = [r.result for r in dice.rolls]
    last_round = faces[-2:]  # milan (index even), papacy (index odd) in name order
    winner = "milan" if last_round[0] > last_round[1] else "papacy"
    assert [o.attempt.briber for o in outcomes if o.succeeded] == [winner]
    assert len(faces) % 2 == 0
    assert all(a == b for a, b in zip(faces[:-2:2], faces[1:-2:2], strict=True))


# --- targets (AM-26) ----------------------------------------------------------


def test_g_and_h_aim_only_at_an_autonomous_garrison() -> None:
    """CM-6.2-G, CM-6.2-H, AM-26."""
    for kind in (G, H):
        assert target_problem(kind, "milan", AUTONOMOUS, GARRISON) is None
        assert target_problem(kind, "milan", "venice", GARRISON) is not None
        assert target_problem(kind, "milan", AUTONOMOUS, ARMY) is not None


def test_i_aims_at_another_player_s_garrison() -> None:
    """CM-6.2-I, AM-26: another player's garrison, not an army, not one's own,
    not an autonomous one."""
    assert target_problem(I, "milan", "venice", GARRISON) is None
    assert target_problem(I, "milan", "venice", ARMY) is not None
    assert target_problem(I, "milan", "milan", GARRISON) is not None
    assert target_problem(I, "milan", AUTONOMOUS, GARRISON) is not None


@pytest.mark.parametrize("kind", [J, K])
def test_j_and_k_aim_at_another_player_s_army_fleet_or_garrison(kind: ExpenseKind) -> None:
    """CM-6.2-J, CM-6.2-K, AM-26: any enemy unit; never one's own, never an
    autonomous garrison (that is G or H)."""
    for unit_kind in (ARMY, FLEET, GARRISON):
        assert target_problem(kind, "milan", "venice", unit_kind) is None
        assert target_problem(kind, "milan", "milan", unit_kind) is not None
    assert target_problem(kind, "milan", AUTONOMOUS, GARRISON) is not None


# --- special units bought or disbanded (AM-25) --------------------------------


def test_buying_a_special_unit_keeps_its_kind() -> None:
    """AM-25, CM-6.2-K, CM-6.2-H, CM-6.2-I: a unit bought or converted keeps
    its kind under its new owner."""
    venice_garrison = Unit("venice", GARRISON, "VEN")
    specials = {VENETIAN_ARMY: MERCENARIES, venice_garrison: PROFESSIONALS}
    for kind, owner in ((H, "milan"), (I, AUTONOMOUS), (K, "milan")):
        assert specials_after_bribe(specials, kind, VENETIAN_ARMY, owner) == {
            Unit(owner, ARMY, "PAD"): MERCENARIES,
            venice_garrison: PROFESSIONALS,
        }


def test_disbanding_a_special_unit_drops_its_record() -> None:
    """AM-25, CM-6.2-J, CM-6.2-G: a disbanded special unit leaves the board."""
    venice_garrison = Unit("venice", GARRISON, "VEN")
    specials = {VENETIAN_ARMY: MERCENARIES, venice_garrison: PROFESSIONALS}
    assert specials_after_bribe(specials, J, VENETIAN_ARMY, "venice") == {
        venice_garrison: PROFESSIONALS
    }
    assert specials_after_bribe(specials, G, TRENT_GARRISON, AUTONOMOUS) == specials


def test_buying_a_second_special_unit_is_erroneous() -> None:
    """AM-25, CM-10.1-1: H or K on a special unit by a player who already has
    one is erroneous; buying a regular unit, or disbanding a special one, is
    fine."""
    for kind in (H, K):
        problem = special_bribe_problem(kind, MERCENARIES, 1)
        assert problem is not None
        assert "one special unit" in problem
        assert special_bribe_problem(kind, MERCENARIES, 0) is None
        assert special_bribe_problem(kind, None, 1) is None
    for kind in (G, I, J):
        assert special_bribe_problem(kind, MILITIA, 1) is None


# --- adjacency (CM-6.3-5, AM-23) ----------------------------------------------


def test_a_player_may_bribe_next_to_one_of_his_units() -> None:
    """CM-6.3-5, AM-23: Milan's army in Milan borders Trent."""
    state = _state(Unit("milan", ARMY, "MIL"), TRENT_GARRISON)
    assert may_bribe_at("milan", "TRENT", state, MAP)


def test_a_player_may_bribe_next_to_his_controlled_territory() -> None:
    """CM-6.3-5, AM-23: no Milanese unit near, but Milan controls Verona,
    which borders Trent."""
    state = _state(Unit("milan", ARMY, "GEN"), TRENT_GARRISON, control={"VER": "milan"})
    assert may_bribe_at("milan", "TRENT", state, MAP)


def test_a_player_may_bribe_in_an_area_of_his_own() -> None:
    """AM-23: the target's area itself holding his unit (an army besieging
    the garrison) or his control marker."""
    by_unit = _state(Unit("milan", ARMY, "TRENT"), TRENT_GARRISON)
    by_control = _state(TRENT_GARRISON, control={"TRENT": "milan"})
    assert may_bribe_at("milan", "TRENT", by_unit, MAP)
    assert may_bribe_at("milan", "TRENT", by_control, MAP)


def test_adjacency_across_a_sea_border() -> None:
    """AM-23: any border, land or sea: a Venetian fleet in the Upper
    Adriatic (UA) may bribe in Ferrara."""
    state = _state(Unit("venice", FLEET, "UA"))
    assert may_bribe_at("venice", "FER", state, MAP)


def test_no_bribe_far_from_one_s_units_and_territory() -> None:
    """CM-6.3-5: Milan, with a unit and control in Genoa only, may not bribe
    in Trent; another power's units and control do not help him."""
    state = _state(
        Unit("milan", ARMY, "GEN"),
        Unit("venice", ARMY, "VER"),
        TRENT_GARRISON,
        control={"GEN": "milan", "MIL": "venice"},
    )
    assert not may_bribe_at("milan", "TRENT", state, MAP)
