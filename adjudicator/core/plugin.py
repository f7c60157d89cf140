"""The one seam between the app and a ruleset: the `RulesetPlugin` protocol.

A ruleset is one plugin, generic over its own state, order, map, resolution
and options types (DESIGN.md, "One seam: a ruleset is a plugin"). It says
what `mapjudge new` needs (`start`, with inputs of its own such as genes'
country sheets), how it reads its map and states, and what a turn is:
`parse` the order files, `check` them dry, `resolve` them with the dice,
`report` the result and `draw` the map. The app never sees those types: it
works through `core.session.bind(plugin)`, which runs that pipeline for any
plugin, so nothing outside a ruleset's folders names a ruleset.

The records here are what crosses the seam: order files in, a parsed turn,
the facts a report shows, the report out, and a started game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.core.order_text import file_issues, safe_text
from adjudicator.core.phase import Calendar, Phase
from adjudicator.core.receipts import Receipt
from orders.issues import OrderIssue, Source

if TYPE_CHECKING:
    import click


class StateLike(Protocol):
    """What the app needs of any ruleset's state: the phase it is the start of
    (its plain data for `turns/<phase>.yaml` is the plugin's `write_state`)."""

    @property
    def phase(self) -> Phase: ...


class Sourced(Protocol):
    """What the app needs of any ruleset's order: where it was written."""

    @property
    def source(self) -> Source | None: ...


StateT = TypeVar("StateT", bound=StateLike)
OrderT = TypeVar("OrderT", bound=Sourced)
MapT = TypeVar("MapT")
ResolutionT = TypeVar("ResolutionT")
OptionsT = TypeVar("OptionsT")


@dataclass(frozen=True)
class OrderFile:
    """An order file as received: its display name, bytes and decoded text."""

    name: str
    data: bytes

    @cached_property
    def text(self) -> str:
        """The text parsers read (`core.order_text.safe_text`): UTF-8 (else
        Latin-1), control characters escaped, over-long lines blanked."""
        return safe_text(self.data)

    @cached_property
    def issues(self) -> tuple[OrderIssue, ...]:
        """What is wrong with the bytes themselves: not UTF-8, control
        characters, over-long lines (Trust #9)."""
        return file_issues(self.name, self.data)


@dataclass(frozen=True)
class Parsed(Generic[OrderT]):
    """Every order file of a turn read: the orders, the issues, and which
    power (or country) each file belongs to; `silent`, the powers that had to
    give orders this phase (units to order, a unit to retreat) and sent none."""

    orders: tuple[OrderT, ...]
    issues: tuple[OrderIssue, ...]
    file_powers: Mapping[str, str]
    silent: tuple[str, ...] = ()


@dataclass(frozen=True)
class Turn(Generic[StateT, OrderT, MapT, ResolutionT]):
    """Everything a turn's report shows: the game, the map, the orders read,
    the resolution, and each order file's receipt."""

    game_name: str
    ruleset_name: str
    ruleset_title: str
    changed_options: Mapping[str, object]
    game_map: MapT
    state: StateT
    parsed: Parsed[OrderT]
    resolution: ResolutionT
    receipts: tuple[Receipt, ...]


@dataclass(frozen=True)
class PrivateReport:
    """What one power alone is told about a turn: its text and JSON. What a
    rulebook keeps hidden (genes' principal once it has moved, 002 §4.4) is
    only ever here, in its owner's part."""

    text: str
    json_text: str


@dataclass(frozen=True)
class Report:
    """A turn's report: the public text mailed to every player, its JSON twin,
    every problem found in the orders (parse issues and refused orders, and
    the lines ignored as text, `IssueKind.IGNORED`, which are no problem), and
    each power's private part."""

    text: str
    json_text: str
    issues: tuple[OrderIssue, ...]
    private: Mapping[str, PrivateReport] = field(default_factory=dict)
    extras: Mapping[str, bytes] = field(default_factory=dict)
    """More files of the turn's report, by name, written in `reports/<phase>/`
    beside the private parts (orbis: the MediaWiki tables, the charts)."""


class InputKind(StrEnum):
    """What a ruleset's own input to `mapjudge new` is."""

    FOLDER = "folder"  # a folder of files (genes' country sheets)
    NAME_OR_FILE = "name or file"  # a packaged name or a file (genes' region)
    NUMBER = "number"  # a whole number, 1 or more (cawa's --players, --seed)
    TEXT = "text"  # a word or a comma-separated list (genes' --players, --relevance)


@dataclass(frozen=True)
class StartInput:
    """An input of its own that a ruleset takes at `mapjudge new`
    (`--sheets DIR`); the CLI offers it as an option of `new <ruleset>`."""

    name: str
    kind: InputKind
    help: str


@dataclass(frozen=True)
class StartRequest:
    """What `mapjudge new` was asked for: the game's name and dice secret, the
    scenario, the options for game.yaml, and the ruleset's own inputs."""

    name: str
    secret: str
    scenario: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    inputs: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Started:
    """A new game: its first phase and state (as plain data), the map and
    scenario for game.yaml, the powers, files to write in the folder beside
    it, and a message for the GM."""

    phase: Phase
    state_data: Mapping[str, object]
    map: str
    scenario: str | None
    powers: tuple[str, ...]
    files: Mapping[str, bytes] = field(default_factory=dict)
    message: str = ""


@dataclass(frozen=True)
class Standings:
    """What the rulebook counts for each power at a position (supply centres,
    cities, NT, VIA...): the measure's name and each power's value, for the
    game's timeline (`mapjudge site`). Empty where the game counts nothing."""

    measure: str = ""
    values: Mapping[str, float] = field(default_factory=dict)


class SetupError(ValueError):
    """A mistake in what the GM gave `new` or a turn (unknown scenario, a bad
    country sheet, no dice secret for a ruleset that rolls): one message."""


class RulesetPlugin(Protocol[StateT, OrderT, MapT, ResolutionT, OptionsT]):
    """A ruleset, as the app uses it (see the module docstring).

    Every function is pure: files come in as bytes and plain data, text and
    bytes go out; the app does all reading and writing."""

    @property
    def name(self) -> str:
        """The ruleset's id in game.yaml and on the command line (`genes`)."""
        ...

    @property
    def title(self) -> str:
        """Its name for people (`Genes Mactantes (v0.2)`)."""
        ...

    @property
    def calendar(self) -> Calendar:
        """Its seasons and phase kinds, in order."""
        ...

    @property
    def options_type(self) -> type[OptionsT]:
        """Its frozen options dataclass; the defaults follow the rulebook."""
        ...

    @property
    def presets(self) -> Mapping[str, Mapping[str, object]]:
        """Named sets of options (`preset: pre2023` in game.yaml)."""
        ...

    @property
    def default_map(self) -> str:
        """The map (or region) a new game uses unless told otherwise."""
        ...

    @property
    def start_inputs(self) -> tuple[StartInput, ...]:
        """Inputs of its own that `mapjudge new <ruleset>` takes."""
        ...

    @property
    def rolls_dice(self) -> bool:
        """Whether resolving a turn needs the GM's dice secret."""
        ...

    @property
    def commands(self) -> tuple[click.Command, ...]:
        """Commands of its own (`mapjudge region`)."""
        ...

    def load_map(self, reference: str) -> MapT:
        """Its map, by packaged name or file path; `ValueError` (or a
        subclass) naming the file and key when the data is wrong."""
        ...

    def read_state(self, data: Mapping[str, object]) -> StateT:
        """A `turns/<phase>.yaml` body as its state; `ValueError` naming the key."""
        ...

    def validate_state(self, state: StateT, game_map: MapT) -> tuple[str, ...]:
        """Every way a state read from a file does not fit the map and the
        ruleset (unknown areas or powers, an army at sea, two units in one
        area...), each naming the key and the value; () when it fits. The app
        refuses a state with problems (`core.session.BadState`)."""
        ...

    def write_state(self, state: StateT) -> Mapping[str, object]:
        """The plain data of `turns/<phase>.yaml` (`read_state` reads it back exactly)."""
        ...

    def start(self, request: StartRequest, options: OptionsT) -> Started:
        """The first state of a new game; `SetupError` for a mistake in the
        request (unknown scenario, bad sheet...)."""
        ...

    def parse(self, files: Sequence[OrderFile], game_map: MapT, state: StateT) -> Parsed[OrderT]:
        """Read every order file of the turn; each unreadable line is an issue."""
        ...

    def check(
        self, state: StateT, orders: Sequence[OrderT], game_map: MapT, options: OptionsT
    ) -> tuple[OrderIssue, ...]:
        """The orders that break a rule against this position, without dice
        (`mapjudge check`): the same refusals a turn would report."""
        ...

    def resolve(
        self,
        state: StateT,
        orders: Sequence[OrderT],
        game_map: MapT,
        options: OptionsT,
        dice: Dice | None,
    ) -> ResolutionT:
        """Resolve `state.phase`: every order's result and the next state."""
        ...

    def with_civil_disorder(self, options: OptionsT, powers: frozenset[str]) -> OptionsT:
        """The options of a turn in which `powers` are in civil disorder (they
        sent no orders for game.yaml's `civil_disorder_after` phases in a row),
        by the ruleset's own rule; `options` unchanged when the rulebook's rule
        for a power without orders is what a missing order already does."""
        ...

    def next_state(self, resolution: ResolutionT) -> StateT:
        """The state a resolution leads to (the next phase's)."""
        ...

    def report(self, turn: Turn[StateT, OrderT, MapT, ResolutionT]) -> Report:
        """The turn's report, text and JSON, with every issue of its orders."""
        ...

    def draw(
        self,
        game_map: MapT,
        state: StateT,
        previous: Callable[[], ResolutionT | None],
        fmt: str,
    ) -> bytes | None:
        """The map of `state` as `fmt` (png or svg), or None if the map has no
        drawing; `previous()` resolves the phase before again (its orders are
        drawn by the board rulesets)."""
        ...

    def game_over(self, game_map: MapT, state: StateT) -> str | None:
        """How the game ended (`France won`), or None while it goes on."""
        ...

    def describe(self, game_map: MapT, state: StateT) -> str:
        """The position in words (`mapjudge show`)."""
        ...

    def power_name(self, game_map: MapT, power: str) -> str:
        """A power's (or country's) name for people."""
        ...

    def standings(self, game_map: MapT, state: StateT) -> Standings:
        """What the rulebook counts for each power at `state` (the site's timeline)."""
        ...
