"""The resolution of a turn (002 §5.4.5) and its frame (§5.2, §5.3, §5.4.2).

Most tests swap the handler registry for recording stand-ins (every action
succeeds and changes nothing unless the test says so), so the loop itself is
what is tested; the last ones run the real handlers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.genes import work
from adjudicator.rulesets.genes.model import (
    CharacterStatus,
    Country,
    GenesState,
    Trait,
    TurnStart,
    first_phase,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    EffectKind,
    GenesReason,
    GenesResolution,
)
from adjudicator.rulesets.genes.outcome import TestRoll as Roll10
from adjudicator.rulesets.genes.turn import check_declarations, classify, resolve_turn
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind, Declaration
from orders.issues import Source
from tests.genes.fixtures import (
    FixedDice,
    character,
    decl,
    default_countries,
    make_board,
    make_region,
    make_state,
)

OPTIONS = GenesOptions()
K = ActionKind


@dataclass
class Recorder:
    """Stand-in handlers: each call is logged (prefix, kind); `special` maps a
    kind to a function run on the board before the result."""

    calls: list[tuple[str, ActionKind]] = field(default_factory=list)
    special: dict[ActionKind, Callable[[Board, Declaration], None]] = field(default_factory=dict)
    boards: list[Board] = field(default_factory=list)

    def __call__(self, board: Board, decl: Declaration, prefix: str) -> ActionResult:
        self.calls.append((prefix, decl.kind))
        self.boards.append(board)
        if decl.kind in self.special:
            self.special[decl.kind](board, decl)
        return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, detail=prefix)

    @property
    def prefixes(self) -> list[str]:
        return [p for p, _ in self.calls]


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()
    monkeypatch.setattr(work, "HANDLERS", {kind: rec for kind in ActionKind})
    return rec


def authority(**values: int) -> dict[str, dict[Trait, int]]:
    return {c: {Trait.AUTHORITY: v} for c, v in values.items()}


def resolve(
    state: GenesState,
    decls: list[Declaration],
    dice: Dice | None = None,
    options: GenesOptions = OPTIONS,
) -> GenesResolution:
    return resolve_turn(state, decls, make_region(), options, dice or FixedDice(default=5))


# --- initiative (002 §5.4.5) ----------------------------------------------------------


def test_initiative_by_effective_autoritat(recorder: Recorder) -> None:
    """002 §5.4.5: the highest Autoritat acts first; counter-power subtracts."""
    countries = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(counterpower=3)
    state = make_state(countries=countries, traits=authority(ponent=7, llevant=5, migjorn=9))
    resolution = resolve(state, [], FixedDice(()))
    assert resolution.frame.initiative == ("ponent", "migjorn", "llevant")
    assert resolution.frame.initiative_rolls == ()


def test_initiative_ties_by_d10(recorder: Recorder) -> None:
    """002 §5.4.5: "un empat d'Autoritat ... es resol amb una tirada d'1d10"."""
    state = make_state(traits=authority(ponent=8))
    dice = FixedDice({"initiative:llevant:1": 3, "initiative:migjorn:1": 7})
    resolution = resolve(state, [], dice)
    assert resolution.frame.initiative == ("ponent", "migjorn", "llevant")
    assert resolution.frame.initiative_rolls == (
        Roll10("llevant", 3, (), 3, label="initiative tie, round 1"),
        Roll10("migjorn", 7, (), 7, label="initiative tie, round 1"),
    )


def test_initiative_rerolled_among_the_still_tied(recorder: Recorder) -> None:
    dice = FixedDice(
        {
            "initiative:ponent:1": 4,
            "initiative:llevant:1": 4,
            "initiative:migjorn:1": 9,
            "initiative:ponent:2": 2,
            "initiative:llevant:2": 6,
        }
    )
    resolution = resolve(make_state(), [], dice)
    assert resolution.frame.initiative == ("migjorn", "llevant", "ponent")
    assert [r.purpose for r in resolution.rolls] == [
        "initiative:ponent:1",
        "initiative:llevant:1",
        "initiative:migjorn:1",
        "initiative:ponent:2",
        "initiative:llevant:2",
    ]


# --- rounds (002 §5.4.5) -----------------------------------------------------------------


def test_rounds_interleave_and_the_longest_ends_alone(recorder: Recorder) -> None:
    """002 §5.4.5: one action each in turn; a player with more actions ends
    the resolution with "dos o més accions seguides"."""
    state = make_state(traits=authority(ponent=8, llevant=7, migjorn=6))
    decls = [
        decl("ponent", K.TAXES),
        decl("migjorn", K.TAXES),
        decl("ponent", K.REPRESS),
        decl("llevant", K.TAXES),
        decl("ponent", K.OBSERVATION),
        decl("migjorn", K.REPRESS),
        decl("ponent", K.FORTIFY, city="ponent_a"),
    ]
    resolution = resolve(state, decls, FixedDice(()))
    assert recorder.prefixes == [
        "ponent:1",
        "llevant:1",
        "migjorn:1",
        "ponent:2",
        "migjorn:2",
        "ponent:3",
        "ponent:4",
    ]
    steps = {r.detail: r.step for r in resolution.results}
    assert steps == {p: n for n, p in enumerate(recorder.prefixes, 1)}


def test_declared_order_is_kept(recorder: Recorder) -> None:
    """002 §5.4.2: the order of one's actions is the player's."""
    decls = [decl("llevant", k) for k in (K.OBSERVATION, K.TAXES, K.REPRESS)]
    resolve(make_state(traits=authority(llevant=8)), decls)
    assert recorder.calls == [
        ("llevant:1", K.OBSERVATION),
        ("llevant:2", K.TAXES),
        ("llevant:3", K.REPRESS),
    ]


def test_lines_over_the_budget(recorder: Recorder) -> None:
    """002 §5.4.2: at most *Accions per torn*; free lines cost nothing."""
    decls = [decl("ponent", K.ALLY, target="llevant", place="field:llevant")]
    decls += [decl("ponent", K.TAXES) for _ in range(6)]
    resolution = resolve(make_state(), decls)
    reasons = [r.reason for r in resolution.results if r.declaration.power == "ponent"]
    assert reasons == [GenesReason.DONE] * 5 + [GenesReason.OVER_BUDGET] * 2
    assert resolution.frame.budgets == (("ponent", 4), ("llevant", 4), ("migjorn", 4))
    assert resolution.frame.budget_terms[0] == (
        "ponent",
        (("Rellevància", 2), ("Autoritat/3", 1), ("Tecnologia/3", 1)),
    )
    over = check_declarations(make_state(), decls, make_region(), OPTIONS)
    assert [(r.declaration.power, r.reason) for r in over] == [
        ("ponent", GenesReason.OVER_BUDGET)
    ] * 2


def test_forced_actions_added_first_and_counted_first(recorder: Recorder) -> None:
    """docs/genes.md "The turn": forced actions count first, the judge adds a
    missing one at the front (`forced`)."""
    start = TurnStart(forced={"ponent": ("development:militarism", "civil_war")})
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(lost_actions=1)  # budget 3
    state = make_state(countries=countries, start=start)
    decls = [decl("ponent", K.TAXES), decl("ponent", K.CIVIL_WAR), decl("ponent", K.REPRESS)]
    resolution = resolve(state, decls)
    ponent = [r for r in resolution.results if r.declaration.power == "ponent"]
    assert [(r.declaration.kind, r.forced, r.reason) for r in ponent] == [
        (K.DEVELOPMENT, True, GenesReason.DONE),
        (K.TAXES, False, GenesReason.DONE),
        (K.CIVIL_WAR, False, GenesReason.DONE),
        (K.REPRESS, False, GenesReason.OVER_BUDGET),
    ]
    assert ponent[0].declaration.trait == "militarism"
    assert ponent[0].declaration.source is None
    assert [p for p in recorder.prefixes if p.startswith("ponent")] == [
        "ponent:forced1",
        "ponent:1",
        "ponent:2",
    ]


def test_lost_and_extra_actions_are_spent(recorder: Recorder) -> None:
    """Lost and extra actions are this turn's; the turn's actions set the next."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(lost_actions=2, extra_actions=1)

    def tax(board: Board, d: Declaration) -> None:
        record = board.countries[d.power]
        board.countries[d.power] = record.with_(extra_actions=record.extra_actions + 1)

    recorder.special[K.TAXES] = tax
    resolution = resolve(make_state(countries=countries), [decl("ponent", K.TAXES)])
    assert dict(resolution.frame.budgets)["ponent"] == 3
    assert resolution.state.countries["ponent"].lost_actions == 0
    assert resolution.state.countries["ponent"].extra_actions == 1


# --- classification (002 §5.4.3, §5.4.4) -------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "kind"),
    [
        ({"kind": K.BATTLE, "place": "field:ponent"}, K.BATTLE),
        ({"kind": K.BATTLE, "place": "ponent_b"}, K.BATTLE),
        ({"kind": K.BATTLE, "place": "field:llevant"}, K.EXTERNAL_BATTLE),
        ({"kind": K.BATTLE, "city": "llevant_b"}, K.EXTERNAL_BATTLE),
        ({"kind": K.ASSASSINATE, "character": "pere"}, K.EXTERNAL_ASSASSINATE),
        ({"kind": K.CAPTURE, "character": "visitor"}, K.CAPTURE),
        ({"kind": K.EXTERNAL_CAPTURE, "character": "visitor"}, K.CAPTURE),
        ({"kind": K.CONVINCE, "character": "anna"}, K.EXTERNAL_CONVINCE),
        ({"kind": K.CONVINCE, "character": "nobody"}, K.CONVINCE),
        ({"kind": K.TAXES}, K.TAXES),
    ],
)
def test_classification(fields: dict[str, object], kind: ActionKind) -> None:
    """Internal: in the own country (002 §5.4.3); external: elsewhere (§5.4.4)."""
    chars = [*make_state().characters.values(), character("visitor", "llevant", "ponent_c")]
    board = make_board(make_state(characters=chars))
    source = Source("ponent.txt", 3, "...")
    original = Declaration("ponent", source=source, **fields)  # type: ignore[arg-type]  # kind in fields
    classified = classify(board, original)
    assert classified.kind is kind
    assert classified.source == source


def test_classification_at_resolution_time(recorder: Recorder) -> None:
    """The victim's place when the action is played counts (characters move)."""

    def bring_pere(board: Board, d: Declaration) -> None:
        board.characters["pere"] = board.characters["pere"].with_(place="ponent_b")

    recorder.special[K.MOVE_TROOPS] = bring_pere
    state = make_state(traits=authority(ponent=8))
    decls = [decl("ponent", K.MOVE_TROOPS), decl("ponent", K.ASSASSINATE, character="pere")]
    resolution = resolve(state, decls)
    assert recorder.calls[-1] == ("ponent:2", K.ASSASSINATE)
    assert resolution.results[1].declaration.kind is K.ASSASSINATE


# --- countries leaving the game ---------------------------------------------------------------


def test_unknown_and_eliminated_countries(recorder: Recorder) -> None:
    countries = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    decls = [decl("migjorn", K.TAXES), decl("atlantis", K.TAXES), decl("ponent", K.TAXES)]
    resolution = resolve(make_state(countries=countries), decls)
    assert [(r.declaration.power, r.reason) for r in resolution.results] == [
        ("ponent", GenesReason.DONE),
        ("migjorn", GenesReason.ELIMINATED),
        ("atlantis", GenesReason.ELIMINATED),
    ]
    assert resolution.frame.initiative == ("ponent", "llevant")
    problems = check_declarations(make_state(countries=countries), decls, make_region(), OPTIONS)
    assert [r.declaration.power for r in problems] == ["migjorn", "atlantis"]


def test_a_country_eliminated_mid_turn_stops(recorder: Recorder) -> None:
    def ruin(board: Board, d: Declaration) -> None:
        assert d.target is not None
        board.countries[d.target] = board.countries[d.target].with_(eliminated=True)

    recorder.special[K.SABOTAGE] = ruin
    state = make_state(traits=authority(ponent=8, llevant=7, migjorn=6))
    decls = [
        decl("ponent", K.SABOTAGE, target="llevant"),
        decl("llevant", K.TAXES),
        decl("llevant", K.REPRESS),
        decl("migjorn", K.TAXES),
    ]
    resolution = resolve(state, decls)
    assert recorder.prefixes == ["ponent:1", "migjorn:1"]
    llevant = [r for r in resolution.results if r.declaration.power == "llevant"]
    assert [(r.reason, r.step) for r in llevant] == [(GenesReason.ELIMINATED, 0)] * 2
    assert resolution.state.countries["llevant"].eliminated
    assert "llevant" not in resolution.state.start.forced


def test_game_won_mid_turn(recorder: Recorder) -> None:
    """002 §6: a victory condition wins at once; the rest is not played."""

    def conquer(board: Board, d: Declaration) -> None:
        for city in ("llevant_a", "migjorn_a"):
            board.cities[city] = board.cities[city].with_(owner=d.power)

    recorder.special[K.SIEGE] = conquer
    state = make_state(traits=authority(ponent=8, llevant=7, migjorn=6))
    decls = [
        decl("ponent", K.SIEGE, city="llevant_a"),
        decl("llevant", K.TAXES),
        decl("ponent", K.TAXES),
    ]
    resolution = resolve(state, decls)
    assert recorder.prefixes == ["ponent:1"]
    assert [r.reason for r in resolution.results] == [
        GenesReason.DONE,
        GenesReason.GAME_OVER,
        GenesReason.GAME_OVER,
    ]
    assert resolution.state.winner == "ponent"
    victory = [e for e in resolution.frame.effects if e.kind is EffectKind.VICTORY]
    assert [(e.country, e.subject) for e in victory] == [("ponent", "capitals")]


# --- free lines and the disaster (002 §5.3) ------------------------------------------------------


def test_free_lines_and_releases_first(recorder: Recorder) -> None:
    decls = [
        decl("ponent", K.TAXES),
        decl("ponent", K.WATCH, mode="capture"),
        decl("llevant", K.RELEASE, character="joan"),
    ]
    resolution = resolve(make_state(), decls)
    assert recorder.calls[0] == ("llevant:1", K.RELEASE)
    assert recorder.boards[-1].free_lines == [decls[1], decls[2]]
    watch = resolution.results[1]
    assert (watch.outcome, watch.reason, watch.step) == (
        ActionOutcome.SUCCEEDED,
        GenesReason.DONE,
        0,
    )
    assert resolution.results[2].step == 0


def disaster_start() -> TurnStart:
    return TurnStart(
        event_roll=10,
        event="disaster",
        event_country="ponent",
        disaster_city="ponent_a",
        forced={"ponent": ("restore_order",)},
        disabled=("ponent_a", "joan", "maria"),
    )


def test_disaster_annuls_and_forces_restore_order(recorder: Recorder) -> None:
    """002 §5.3: "haurà d'esmerçar forçosament una acció de Restaurar ordre ...
    tot personatge o exèrcit que hi siga queda anul·lat"."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(disorder=True)
    state = make_state(countries=countries, start=disaster_start())
    resolution = resolve(state, [decl("ponent", K.TAXES)])
    assert recorder.calls[0] == ("ponent:forced1", K.RESTORE_ORDER)
    assert recorder.boards[0].disabled == {"ponent_a", "joan", "maria"}
    assert resolution.results[0].forced
    # not restored (the stand-in does nothing): −1 Autoritat, owed again
    assert resolution.state.countries["ponent"].trait(Trait.AUTHORITY) == 4
    assert resolution.state.start.forced["ponent"][0] == "restore_order"


def test_disaster_moved_by_the_choosers(recorder: Recorder) -> None:
    """002 §5.3: the player to the right names the kind, the next the city."""
    start = replace(disaster_start(), disabled=("ponent_a", "joan"))
    state = make_state(
        start=start,
        characters=[
            character("joan", "ponent", principal=True, authority=1),
            character("xavi", "ponent", "ponent_b", diplomacy=1),
        ],
    )
    decls = [
        decl("llevant", K.DISASTER_KIND, mode="inundació"),
        decl("migjorn", K.DISASTER_CITY, city="ponent_b"),
        decl("ponent", K.DISASTER_CITY, city="ponent_c"),
    ]
    resolution = resolve(state, decls)
    assert recorder.boards[0].disabled == {"ponent_b", "xavi"}
    reasons = {
        r.declaration.power: r.reason
        for r in resolution.results
        if r.declaration.kind in (K.DISASTER_KIND, K.DISASTER_CITY)
    }
    assert reasons == {
        "llevant": GenesReason.DONE,
        "migjorn": GenesReason.DONE,
        "ponent": GenesReason.NOT_YOUR_CHOICE,
    }
    problems = check_declarations(state, decls, make_region(), OPTIONS)
    assert [r.reason for r in problems] == [GenesReason.NOT_YOUR_CHOICE]


def test_crisis_helper_is_active(recorder: Recorder) -> None:
    """docs/genes.md: the crisis test's helper is active for the turn."""
    state = make_state(start=TurnStart(active=("maria",)))
    resolve(state, [decl("ponent", K.TAXES)])
    assert recorder.boards[0].active == {"maria"}
    assert recorder.boards[0].disabled == set()


# --- the whole turn -----------------------------------------------------------------------------------


def test_next_state_and_start(recorder: Recorder) -> None:
    state = make_state(turn=4, traits={"llevant": {Trait.DIPLOMACY: 2}})
    dice = FixedDice({"crisis:5:llevant:diplomacy": 2}, default=5)
    resolution = resolve(state, [], dice)
    assert resolution.previous is state
    assert resolution.state.phase == first_phase(5)
    assert resolution.state.start.forced == {"llevant": ("development:diplomacy",)}
    assert [r.country for r in resolution.frame.rolls] == ["llevant"]
    assert [e.kind for e in resolution.frame.effects] == [EffectKind.CRISIS_BEGUN]


def test_dice_are_required_and_missing_handlers_are_bugs(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="dice"):
        resolve_turn(make_state(), [], make_region(), OPTIONS, None)
    monkeypatch.setattr(work, "HANDLERS", {})
    with pytest.raises(LookupError, match="taxes"):
        resolve(make_state(), [decl("ponent", K.TAXES)])


KINDS = [k for k in ActionKind if k not in (K.DISASTER_KIND, K.DISASTER_CITY)]


def random_declarations(rng: random.Random) -> list[Declaration]:
    decls = []
    for n in range(rng.randint(0, 18)):
        power = rng.choice(["ponent", "llevant", "migjorn", "atlantis"])
        kind = rng.choice(KINDS)
        decls.append(
            Declaration(
                power,
                kind,
                target="llevant",
                character="pere",
                place="field:llevant",
                source=Source("x", n, ""),
            )
        )
    return decls


@pytest.mark.parametrize("seed", range(25))
def test_every_declaration_gets_exactly_one_result(recorder: Recorder, seed: int) -> None:
    rng = random.Random(seed)
    decls = random_declarations(rng)
    forced = {"migjorn": ("restore_order", "development:technology")}
    state = make_state(start=TurnStart(forced=forced))
    resolution = resolve(state, decls)
    sources = [r.declaration.source for r in resolution.results if r.declaration.source]
    assert sorted(s.line for s in sources) == list(range(len(decls)))
    synthetic = [r for r in resolution.results if r.declaration.source is None]
    assert all(r.forced for r in synthetic) and len(synthetic) <= 2
    steps = sorted(r.step for r in resolution.results if r.step)
    assert steps == list(range(1, len(steps) + 1))


# --- the real handlers ---------------------------------------------------------------------------


def real_turn() -> tuple[GenesState, list[Declaration]]:
    state = make_state(
        traits={"ponent": {Trait.AUTHORITY: 7}, "migjorn": {Trait.TECHNOLOGY: 8}},
        start=TurnStart(forced={"llevant": ("development:militarism",)}),
    )
    decls = [
        decl("ponent", K.TAXES),
        decl("ponent", K.BATTLE, target="llevant", place="field:llevant"),
        decl("ponent", K.SABOTAGE, target="migjorn", helpers=["joan"]),
        decl("llevant", K.OBSERVATION),
        decl("llevant", K.ASSASSINATE, character="anna"),
        decl("migjorn", K.COPY_TECHNOLOGY, target="ponent"),
        decl("migjorn", K.FORTIFY, city="migjorn_b"),
        decl("migjorn", K.RECRUIT, amount=3),
        decl("migjorn", K.TAXES),
        decl("migjorn", K.TAXES),
    ]
    return state, decls


@pytest.mark.parametrize("secret", ["alpha", "beta", "gamma"])
def test_real_handlers_deterministic(secret: str) -> None:
    """Same state, declarations and secret: the same resolution."""
    state, decls = real_turn()
    first = resolve_turn(state, decls, make_region(), OPTIONS, Dice(secret, "g", "1-actions"))
    second = resolve_turn(state, decls, make_region(), OPTIONS, Dice(secret, "g", "1-actions"))
    assert first == second
    assert len(first.results) == len(decls) + 1
    assert first.state.turn == 2
    kinds = [r.declaration.kind for r in first.results]
    assert K.EXTERNAL_BATTLE in kinds and K.EXTERNAL_ASSASSINATE in kinds
    for roll in first.rolls:
        head = roll.purpose.split(":")[0]
        assert head in {"ponent", "llevant", "migjorn", "initiative", "crisis", "events"}


def test_real_handlers_roll_labels_carry_the_line() -> None:
    state = make_state(traits=authority(ponent=8))
    decls = [decl("ponent", K.FORTIFY, city="ponent_a"), decl("ponent", K.OBSERVATION)]
    dice = Dice("s", "g", "1-actions")
    resolution = resolve_turn(state, decls, make_region(), OPTIONS, dice)
    action_rolls = [r.purpose for r in resolution.rolls if r.purpose.startswith("ponent")]
    assert action_rolls and all(p.startswith("ponent:2:") for p in action_rolls)
    assert resolution.state.cities["ponent_a"].walled


def test_real_forced_development_and_restore_order() -> None:
    countries = default_countries()
    countries["llevant"] = countries["llevant"].with_(disorder=True)
    start = TurnStart(forced={"llevant": ("restore_order", "development:technology")})
    state = make_state(countries=countries, start=start, traits={"llevant": {Trait.TECHNOLOGY: 3}})
    dice = FixedDice({"llevant:forced1:test": 9}, default=5)
    resolution = resolve_turn(state, [], make_region(), OPTIONS, dice)
    llevant = resolution.state.countries["llevant"]
    assert not llevant.disorder
    assert llevant.trait(Trait.TECHNOLOGY) == 4
    assert [r.forced for r in resolution.results] == [True, True]


def test_real_captured_character_not_counted_anywhere() -> None:
    """A smoke test of the frame with a captured character and an eliminated
    country, with the real handlers."""
    countries: dict[str, Country] = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    state = make_state(countries=countries)
    chars = dict(state.characters)
    chars["anna"] = chars["anna"].with_(status=CharacterStatus.CAPTURED, held_by="ponent")
    state = state.with_(characters=chars)
    decls = [decl("ponent", K.RELEASE, character="anna"), decl("migjorn", K.TAXES)]
    resolution = resolve_turn(state, decls, make_region(), OPTIONS, Dice("s", "g", "1-actions"))
    assert [r.reason for r in resolution.results][-1] is GenesReason.ELIMINATED
    assert len(resolution.results) == 2


def test_every_action_kind_has_a_real_handler() -> None:
    """Importing the turn fills the registry: every action that costs an
    action, and Alliberar, has its handler (002 Llistat d'accions)."""
    needed = {k for k in ActionKind if k.costs_action} | {K.RELEASE}
    assert needed <= set(work.HANDLERS)
