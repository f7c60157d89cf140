"""`machiavelli`: the basic rules of Maquiavelo (rulebook 003, sections 1 to 4).

The calendar (003, "Secuencia de juego"): each year has three seasons,
spring, summer and autumn (`fall` in phase ids), and no winter. Each season
has a movement phase and, when a unit must retreat, a retreat phase. Spring
opens with control (003 §1.1) and, when a power must or may change its
number of units, an adjustment phase (003 §1). A power that controls
`victory_cities` cities wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Calendar, Phase
from adjudicator.kits.board.results import Event, OrderResult, Resolution
from adjudicator.kits.board.rules import BoardRules
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli.advanced.lines import machiavelli_side_lines
from adjudicator.rulesets.machiavelli.advanced.modules import (
    ALL_MODULES,
    Module,
    missing_requirements,
)
from adjudicator.rulesets.machiavelli.advanced.rebellions import (
    after_movement as rebellions_after_movement,
)
from adjudicator.rulesets.machiavelli.advanced.rebellions import ended_notes as ended_rebellions
from adjudicator.rulesets.machiavelli.advanced.seasons import (
    Turned,
    close_spring,
    open_spring,
    open_summer,
)
from adjudicator.rulesets.machiavelli.advanced.specials import follow_specials
from adjudicator.rulesets.machiavelli.movement import MovementOutcome, resolve_movement
from adjudicator.rulesets.machiavelli.retreat import resolve_machiavelli_retreats, settle_dislodged
from adjudicator.rulesets.machiavelli.spring import (
    needs_adjustment,
    resolve_adjustment,
    settle_control,
    standing_sieges,
    winner,
)
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from adjudicator.rulesets.machiavelli.validate import machiavelli_problems
from maps.model import GameMap
from orders.board.model import Order, SideLine, UnitKind
from texts import T_, joined

if TYPE_CHECKING:  # imported when an advanced game needs them (start-up of basic games)
    from adjudicator.rulesets.machiavelli.advanced.before_movement import BeforeMovement
    from adjudicator.rulesets.machiavelli.advanced.upkeep import FinanceAdjustment


@dataclass(frozen=True)
class MachiavelliOptions:
    """Options of `machiavelli`; the defaults follow rulebook 003.

    `civil_disorder` lists the powers the GM has put in civil disorder (003
    §4.6): their units hold, give no support and are destroyed when dislodged.

    The advanced modules (003 §5 to §11, each optional: CM-S-12) are off by
    default, so a game without them plays the basic rules; the preset
    `advanced` turns them all on. A module on without one it needs is refused
    when the options are read (AM-48: `advanced.modules`). `public_expenses`
    names the payer of each expense in the public report (AM-46);
    `famine_perugia_11_12` keeps the famine table's second Perugia cell
    (AM-31); `double_variable_income` honours the scenario's doubled variable
    incomes (AM-12).
    """

    victory_cities: int = 18
    civil_disorder: tuple[str, ...] = ()
    finances: bool = False
    expenses: bool = False
    rebellions: bool = False
    assassination: bool = False
    famine: bool = False
    plague: bool = False
    special_units: bool = False
    loans: bool = False
    public_expenses: bool = False
    famine_perugia_11_12: bool = True
    double_variable_income: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "civil_disorder", tuple(sorted(self.civil_disorder)))
        if self.victory_cities < 1:
            raise ValueError(T_("victory_cities must be positive"))
        missing = missing_requirements(self.modules)
        if missing:
            raise ValueError(T_("{problems} (003, AM-48)", problems=joined(missing, "; ")))

    @property
    def modules(self) -> frozenset[Module]:
        """The advanced modules turned on."""
        return frozenset(m for m in Module if getattr(self, m.value))


def with_powers_in_disorder(
    options: MachiavelliOptions, powers: frozenset[str]
) -> MachiavelliOptions:
    """`options` with `powers` added to those in civil disorder (003 §4.6):
    a power that stopped ordering (game.yaml `civil_disorder_after`) has its
    units hold, give no support and be destroyed when dislodged."""
    return replace(options, civil_disorder=tuple(sorted(set(options.civil_disorder) | powers)))


NEXT_SEASON = {Season.SPRING: Season.SUMMER, Season.SUMMER: Season.FALL}


def after_season(
    state: MachiavelliState,
    game_map: GameMap,
    options: MachiavelliOptions,
    dice: Dice | None,
) -> Turned:
    """The state at the start of the next season, once movement and retreats are
    done; after the autumn, spring's control is settled (003 §1.1). The advanced
    rules' season turns (`advanced.seasons`): the spring closes with the famine's
    eliminations and the summer opens with the plague; the spring opens with the
    famine roll and income, and with finances it always has its adjustment."""
    phase = state.phase
    clean = replace(state, dislodged=(), standoffs=frozenset(), plague=frozenset())
    if phase.season == Season.SPRING:
        closed = close_spring(clean)
        summer = replace(closed.state, phase=Phase(phase.year, Season.SUMMER, PhaseKind.MOVEMENT))
        opened = open_summer(summer, game_map, dice, plague=options.plague)
        return Turned(opened.state, opened.notes, closed.events + opened.events)
    if phase.season in NEXT_SEASON:
        nxt = Phase(phase.year, NEXT_SEASON[Season(phase.season)], PhaseKind.MOVEMENT)
        return Turned(replace(clean, phase=nxt))
    control, events = settle_control(clean, game_map)
    spring = replace(clean, control=control)
    spring = replace(spring, winner=winner(spring, game_map, options.victory_cities))
    adjusts = options.finances or needs_adjustment(spring, game_map)  # CM-S-2
    kind = PhaseKind.ADJUSTMENT if adjusts else PhaseKind.MOVEMENT
    spring = replace(spring, phase=Phase(phase.year + 1, Season.SPRING, kind))
    opened = open_spring(
        spring,
        game_map,
        dice,
        famine=options.famine,
        finances=options.finances,
        perugia_twice=options.famine_perugia_11_12,
        double_variable_income=options.double_variable_income,
    )
    return Turned(opened.state, opened.notes, events + opened.events, opened.secrets)


def _before_movement(
    state: MachiavelliState,
    orders: Sequence[Order],
    game_map: GameMap,
    options: MachiavelliOptions,
    dice: Dice | None,
) -> BeforeMovement:
    """The Loan, Expense and Assassination phases (advanced games only: the
    module is imported then, keeping a basic game's start-up as it was)."""
    from adjudicator.rulesets.machiavelli.advanced.before_movement import (
        BeforeMovement,
        before_movement,
    )

    if not options.finances:
        return BeforeMovement(state, tuple(orders))
    return before_movement(
        state,
        orders,
        game_map,
        dice,
        loans=options.loans,
        expenses=options.expenses,
        assassination=options.assassination,
        rebellions=options.rebellions,
        public_expenses=options.public_expenses,
        disorder=frozenset(options.civil_disorder),
    )


def _finance_adjustment(
    state: MachiavelliState,
    orders: Sequence[Order],
    game_map: GameMap,
    options: MachiavelliOptions,
) -> FinanceAdjustment:
    """The spring adjustment with finances (imported for advanced games only)."""
    from adjudicator.rulesets.machiavelli.advanced.upkeep import finance_adjustment
    from orders.machiavelli.model import Payment, Purchase

    return finance_adjustment(
        state,
        [o for o in orders if not isinstance(o, SideLine)],
        game_map,
        special_units=options.special_units,
        payments=[o for o in orders if isinstance(o, Payment)],
        purchases=[o for o in orders if isinstance(o, Purchase)],
    )


def _still_besieging(delayed: Mapping[str, str], moved: MovementOutcome) -> dict[str, str]:
    """CM-8.3-3: an assassination delays a siege by a turn, it does not end it:
    each delayed siege stands while its besieger is still in the province."""
    return {
        area: power
        for area, power in delayed.items()
        if any(u.power == power and u.location == area for u in moved.units)
    }


def _after_expenses(
    notes: tuple[str, ...], secrets: Mapping[str, tuple[str, ...]], turned: Turned
) -> Turned:
    """`turned` with the Expense and Assassination phases' words first."""
    merged = {
        p: (*secrets.get(p, ()), *turned.secrets.get(p, ())) for p in {*secrets, *turned.secrets}
    }
    return replace(turned, notes=notes + turned.notes, secrets=merged)


def _then(events: tuple[Event, ...], turned: Turned) -> Turned:
    """`turned` with the phase's own events before the season's."""
    return replace(turned, events=events + turned.events)


class MachiavelliHooks:
    """The phase hooks of `machiavelli`."""

    def resolve(
        self,
        state: MachiavelliState,
        orders: Sequence[Order],
        game_map: GameMap,
        options: MachiavelliOptions,
        dice: Dice | None,
    ) -> Resolution[MachiavelliState]:
        disorder = frozenset(options.civil_disorder)
        turned: Turned
        match state.phase.kind:
            case PhaseKind.MOVEMENT:
                prepared = _before_movement(state, orders, game_map, options, dice)
                start = prepared.state
                moved = resolve_movement(start, prepared.orders, game_map, disorder)
                results = moved.results
                after = replace(
                    start,
                    units=moved.units,
                    dislodged=moved.dislodged,
                    standoffs=moved.standoffs,
                    sieges={**moved.sieges, **_still_besieging(prepared.delayed_sieges, moved)},
                    rebellions=rebellions_after_movement(
                        start.rebellions, results, (d.unit for d in moved.dislodged), moved.taken
                    ),
                )
                settled = settle_dislodged(after, game_map, disorder)
                after = replace(after, units=settled.units, dislodged=settled.dislodged)
                events = moved.events + settled.events
                after = replace(
                    after, specials=follow_specials(start.specials, results, events, after)
                )
                if settled.dislodged:
                    nxt = replace(after, phase=replace(state.phase, kind=PhaseKind.RETREAT))
                    turned = Turned(nxt, (), events)
                else:
                    turned = _then(events, after_season(after, game_map, options, dice))
                ended = ended_rebellions(start.rebellions, after.rebellions, game_map)
                turned = _after_expenses(prepared.notes + ended, prepared.secrets, turned)
            case PhaseKind.RETREAT:
                retreated = resolve_machiavelli_retreats(state, orders, game_map)
                results = retreated.results
                after = replace(state, units=retreated.units)
                after = replace(after, specials=follow_specials(state.specials, results, (), after))
                turned = after_season(after, game_map, options, dice)
            case PhaseKind.ADJUSTMENT:
                spring = Phase(state.phase.year, Season.SPRING, PhaseKind.MOVEMENT)
                if options.finances:
                    paid = _finance_adjustment(state, orders, game_map, options)
                    results = paid.results
                    nxt = replace(paid.state, phase=spring)
                    turned = Turned(nxt, (), paid.events, paid.secrets)
                else:
                    adjusted = resolve_adjustment(state, orders, game_map)
                    results = adjusted.results
                    turned = Turned(replace(state, units=adjusted.units, phase=spring))
                nxt = turned.state
                turned = replace(turned, state=replace(nxt, sieges=standing_sieges(nxt)))
        return Resolution(
            previous=state,
            state=turned.state,
            results=results,
            rolls=tuple(dice.rolls) if dice else (),
            notes=turned.notes,
            events=turned.events,
            secrets=turned.secrets,
        )

    def refusals(
        self,
        state: MachiavelliState,
        orders: Sequence[Order],
        game_map: GameMap,
        options: MachiavelliOptions,
    ) -> Sequence[OrderResult]:
        """The phase resolved without dice: a siege that takes a city overrides its
        garrison's own result (003 §4.4), so the plan alone would not tell."""
        return self.resolve(state, orders, game_map, options, None).results

    def initial_state(
        self, game_map: GameMap, scenario: str, options: MachiavelliOptions
    ) -> MachiavelliState:
        start = game_map.scenario(scenario)
        units = [Unit(u.power, UnitKind(u.kind), u.location) for u in start.units]
        units += [Unit(AUTONOMOUS, UnitKind.GARRISON, a) for a in start.autonomous_garrisons]
        province = {u.location: u.power for u in units if u.kind is not UnitKind.GARRISON}
        return MachiavelliState(
            phase=Phase(start.year, Season(start.season), PhaseKind.MOVEMENT),
            units=tuple(sorted(units)),
            control=dict(start.control),
            homes={p: tuple(sorted(areas)) for p, areas in start.home.items()},
            sieges={area: province[area] for area in start.sieges},
            out_of_play=frozenset(start.disabled_areas),
            # CM-5.0-3: the scenario's ducats stand in for the first spring's income
            treasury=dict(start.treasury) if options.finances else {},
            # AM-11, AM-12: the scenario's variable-income facts, which income reads
            variable_income_cities=frozenset(start.variable_income_cities)
            if options.finances
            else frozenset(),
            doubled_income=frozenset(start.double_variable_income)
            if options.finances
            else frozenset(),
            # CM-8.1-1: one assassination attempt each for the whole game
            attempts=dict.fromkeys(start.powers, 1) if options.assassination else {},
        )


MACHIAVELLI_CALENDAR = Calendar(
    seasons=(Season.SPRING, Season.SUMMER, Season.FALL),
    kinds=(PhaseKind.ADJUSTMENT, PhaseKind.MOVEMENT, PhaseKind.RETREAT),
)
"""Three seasons a year, each a movement and its retreats; the spring opens
with the adjustment of units to the cities held (003 §1)."""

MACHIAVELLI: BoardRules[MachiavelliOptions, MachiavelliState] = BoardRules(
    name="machiavelli",
    title="Machiavelli (Maquiavelo)",
    map_name="machiavelli",
    grammar="machiavelli",
    options_type=MachiavelliOptions,
    state_type=MachiavelliState,
    calendar=MACHIAVELLI_CALENDAR,
    hooks=MachiavelliHooks(),
    default_scenario="balance",
    presets={"advanced": ALL_MODULES},
    side_lines=machiavelli_side_lines,
    civil_disorder=with_powers_in_disorder,
    state_checks=machiavelli_problems,
)
