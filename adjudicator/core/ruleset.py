"""The ruleset record, its hooks, and the registry.

A ruleset is a frozen record (`Ruleset`) naming its map, grammar, calendar,
options and victory test, plus an object implementing `RulesetHooks` that
resolves each phase kind. Rulesets register themselves in `REGISTRY`;
`find_ruleset(name)` is the one way in and says which names exist when a
name is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.kits.board.results import Resolution, illegal_issues
from adjudicator.kits.board.state import GameState, PhaseKind
from maps import load_map
from maps.model import GameMap
from orders.board.model import Order
from orders.issues import OrderIssue


class UnknownRuleset(LookupError):
    """Raised by `find_ruleset` with the names that do exist."""


class OptionError(ValueError):
    """A game.yaml option that the ruleset does not know or cannot take."""


StateT = TypeVar("StateT")
OrderT_contra = TypeVar("OrderT_contra", contravariant=True)
MapT_contra = TypeVar("MapT_contra", contravariant=True)
ResolutionT_co = TypeVar("ResolutionT_co", covariant=True)


class RulesetHooks(Protocol[StateT, OrderT_contra, MapT_contra, ResolutionT_co]):
    """What a ruleset must do: resolve one phase, and say what comes next.

    Board rulesets are `RulesetHooks[GameState, Order, GameMap, Resolution]`;
    genes is `RulesetHooks[GenesState, Declaration, Region, GenesResolution]`."""

    def resolve(
        self,
        state: StateT,
        orders: Sequence[OrderT_contra],
        game_map: MapT_contra,
        options: Any,
        dice: Dice | None,
    ) -> ResolutionT_co:
        """Resolve `state.phase` with `orders`; the result's state is the next phase's."""
        ...

    def initial_state(self, game_map: MapT_contra, scenario: str) -> StateT:
        """The board at the start of a scenario."""
        ...


BoardHooks = RulesetHooks[GameState, Order, GameMap, Resolution]


@dataclass(frozen=True)
class Ruleset:
    """A ruleset record: names and data, with its hooks object."""

    name: str
    title: str
    map_name: str
    grammar: str
    phase_kinds: tuple[PhaseKind, ...]
    options_type: type
    hooks: RulesetHooks[Any, Any, Any, Any]
    default_scenario: str
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    family: str = "board"
    """Which `judging.Judge` runs it: "board" (units on a map) or "genes"."""
    load_map: Callable[[str], Any] = load_map
    """Reads the ruleset's map by name or path (a `GameMap`, or a genes `Region`)."""
    state_from_dict: Callable[[Mapping[str, Any]], Any] = GameState.from_dict
    """Reads a `turns/<phase>.yaml` body (the inverse of the state's `to_dict`)."""

    def options(self, overrides: Mapping[str, Any] | None = None, preset: str | None = None) -> Any:
        """The options dataclass with a preset and then game.yaml overrides applied."""
        base = self.options_type()
        if not overrides and preset is None:
            return base
        values: dict[str, Any] = {}
        if preset is not None:
            if preset not in self.presets:
                known = ", ".join(sorted(self.presets)) or "none"
                raise OptionError(f"unknown preset {preset!r} for {self.name} (known: {known})")
            values.update(self.presets[preset])
        values.update(overrides or {})
        known_names = {f.name for f in fields(base)}
        for key in values:
            if key not in known_names:
                raise OptionError(
                    f"unknown option {key!r} for {self.name} (known: {', '.join(sorted(known_names))})"
                )
        try:
            return replace(base, **values)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"bad option value for {self.name}: {exc}") from None

    def changed_options(self, options: Any) -> dict[str, Any]:
        """Options that differ from the rulebook default (for the report header)."""
        default = self.options_type()
        return {
            f.name: getattr(options, f.name)
            for f in fields(options)
            if getattr(options, f.name) != getattr(default, f.name)
        }

    def resolve(
        self,
        state: Any,
        orders: Sequence[Any],
        game_map: Any,
        options: Any = None,
        dice: Dice | None = None,
    ) -> Any:
        """The hooks' `resolve` with the default options (a `Resolution` for board
        rulesets, a `GenesResolution` for genes)."""
        return self.hooks.resolve(
            state, orders, game_map, options if options is not None else self.options(), dice
        )

    def initial_state(self, game_map: Any, scenario: str | None = None) -> Any:
        return self.hooks.initial_state(game_map, scenario or self.default_scenario)

    def check(
        self, state: GameState, orders: Sequence[Order], game_map: GameMap, options: Any = None
    ) -> tuple[OrderIssue, ...]:
        """ILLEGAL issues for orders that break a rule against this board (foreign
        unit, no unit there, unreachable destination...): the illegal results of
        resolving the phase without dice, the same ones `adjudicate` reports.
        Nothing is written. Board rulesets only: genes rolls dice as it
        resolves, so its dry check is `genes.turn.check_declarations`."""
        return illegal_issues(self.resolve(state, orders, game_map, options).results)


REGISTRY: dict[str, Callable[[], Ruleset]] = {}


def register(name: str) -> Callable[[Callable[[], Ruleset]], Callable[[], Ruleset]]:
    """Decorator: register a zero-argument factory for a ruleset."""

    def wrap(factory: Callable[[], Ruleset]) -> Callable[[], Ruleset]:
        REGISTRY[name] = factory
        return factory

    return wrap


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`; `UnknownRuleset` listing the known names otherwise."""
    from adjudicator.rulesets import classic, genes, machiavelli  # noqa: F401  (register themselves)

    key = name.strip().lower()
    if key not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise UnknownRuleset(f"unknown ruleset {name!r}: known rulesets are {known}")
    return REGISTRY[key]()
