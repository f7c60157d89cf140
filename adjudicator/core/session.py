"""A plugin bound for the app: the turn pipeline run for any ruleset.

`bind(plugin)` closes a generic `RulesetPlugin[State, Order, Map, Resolution,
Options]` over its own types and gives the app a `Ruleset`, which has none:
the app hands it plain data (game.yaml's options, a state file's body, order
files as bytes) and gets text and bytes back. One pipeline serves every
ruleset (DESIGN.md, "Flow of one turn"):

    order files --parse--> orders + issues --resolve(dice)--> resolution
                --report--> text, JSON, issues --draw--> the next phase's map
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Generic, Protocol

from adjudicator.core.check_text import FileReading, file_readings, file_summary
from adjudicator.core.dice import Dice
from adjudicator.core.messages import message_of
from adjudicator.core.options import build_options, changed_options
from adjudicator.core.phase import Calendar, Phase
from adjudicator.core.plugin import (
    MapT,
    OptionsT,
    OrderFile,
    OrderT,
    Parsed,
    PrivateReport,
    Report,
    ResolutionT,
    RulesetPlugin,
    SetupError,
    Standings,
    Started,
    StartInput,
    StartRequest,
    StateT,
    Turn,
)
from adjudicator.core.receipts import receipts
from orders.issues import OrderIssue
from orders.issues import problems as only_problems
from texts import DEFAULT_LANGUAGE, T_, Tn_, using
from texts.grammar import contracted

if TYPE_CHECKING:
    import click


class BadState(ValueError):
    """A state's data that its ruleset cannot read (the message names the key)."""


@dataclass(frozen=True)
class JudgedTurn:
    """One resolved turn, ready to write: the next phase and its state's plain
    data, the reports, the map."""

    phase: Phase
    next_phase: Phase
    next_state: Mapping[str, object]
    text: str
    json_text: str
    issues: tuple[OrderIssue, ...]
    """The problems in the orders (not the lines ignored as text: Trust #3)."""
    map_image: bytes | None = None
    private: Mapping[str, PrivateReport] = field(default_factory=dict)
    """Each power's private part of the report (`reports/<phase>/<power>.*`)."""
    extras: Mapping[str, bytes] = field(default_factory=dict)
    """More report files, written in `reports/<phase>/` (`Report.extras`)."""


@dataclass(frozen=True)
class Checked:
    """What `check` prints (the per-file summary) and the problems found."""

    text: str
    issues: tuple[OrderIssue, ...]
    readings: tuple[FileReading, ...] = ()
    """Per order file: its power and the order lines that count (for the replies)."""
    silent: tuple[str, ...] = ()
    """The powers that had to give orders this phase and sent none (`Parsed.silent`)."""


@dataclass(frozen=True)
class Readers:
    """The languages a turn's reports are written in (issue 19): the public
    report's (the game's `language`) and each player's for his private part
    (`powers.<p>.language`, else the public one). The JSON stays English, the
    same for every reader (tools read it)."""

    public: str = DEFAULT_LANGUAGE
    players: Mapping[str, str] = field(default_factory=dict)

    def of(self, power: str) -> str:
        """The language of `power`'s private report."""
        return self.players.get(power, self.public)


ENGLISH_READERS = Readers()


@dataclass(frozen=True)
class GameSetup:
    """A game as the app read it: its name, map, game.yaml's options and
    preset, and the current state's plain data."""

    name: str
    map_reference: str
    options: Mapping[str, object]
    preset: str | None
    state_data: Mapping[str, object]


@dataclass(frozen=True)
class EarlierTurn:
    """The phase before the one drawn: its state's data and the order files
    archived for it (so its orders can be resolved again and drawn)."""

    state_data: Mapping[str, object]
    files: tuple[OrderFile, ...]
    secret: str | None
    before: Callable[[], EarlierTurn | None] | None = None  # the phase before this one


@dataclass(frozen=True)
class Previous(Generic[ResolutionT]):
    """A plugin's `draw`'s `previous`: called, the phase before the state drawn,
    resolved again (or None); `before()`, the same for the phase before it."""

    resolve: Callable[[], ResolutionT | None]
    before: Callable[[], Previous[ResolutionT] | None]

    def __call__(self) -> ResolutionT | None:
        return self.resolve()


class Session(Generic[StateT, OrderT, MapT, ResolutionT, OptionsT]):
    """An opened game of one ruleset: its map, options and current state."""

    def __init__(
        self,
        plugin: RulesetPlugin[StateT, OrderT, MapT, ResolutionT, OptionsT],
        name: str,
        game_map: MapT,
        options: OptionsT,
        state: StateT,
    ) -> None:
        self._plugin = plugin
        self.name = name
        self._map = game_map
        self._options = options
        self._state = state

    @property
    def phase(self) -> Phase:
        return self._state.phase

    def judge(
        self,
        files: Sequence[OrderFile],
        secret: str | None,
        readers: Readers = ENGLISH_READERS,
        disorder: frozenset[str] = frozenset(),
        earlier: Callable[[], EarlierTurn | None] | None = None,
    ) -> JudgedTurn:
        """Parse, check and resolve the current phase with `files`, the powers
        in `disorder` in civil disorder (by the ruleset's own rule); the report
        (in `readers`' languages), and the map of the phase it leads to."""
        turn = self._turn(self._state, files, secret, disorder)
        next_state = self._plugin.next_state(turn.resolution)
        report = self._report(turn, readers)
        previous = Previous(
            lambda: turn.resolution, lambda: earlier and self._previous(self._state, earlier)
        )
        with using(readers.public, self._plugin.name):  # the map's legend and names
            image = self._plugin.draw(self._map, next_state, previous, "png")
        return self._judged(next_state, report, image)

    def judge_without_map(
        self,
        files: Sequence[OrderFile],
        secret: str | None,
        readers: Readers = ENGLISH_READERS,
        disorder: frozenset[str] = frozenset(),
    ) -> JudgedTurn:
        """`judge` for `mapjudge resolve` and `preview`: the reports, no map."""
        turn = self._turn(self._state, files, secret, disorder)
        report = self._report(turn, readers)
        return self._judged(self._plugin.next_state(turn.resolution), report, None)

    def _report(self, turn: Turn[StateT, OrderT, MapT, ResolutionT], readers: Readers) -> Report:
        """The plugin's report written once per language `readers` need: the
        public text in theirs, each private part in its player's, the JSON
        (public and private) in English."""
        written: dict[str, Report] = {}

        def report_in(lang: str) -> Report:
            if lang not in written:
                with using(lang, self._plugin.name):
                    report = self._plugin.report(turn)
                written[lang] = replace(
                    report,
                    text=contracted(report.text, lang),
                    private={
                        power: replace(part, text=contracted(part.text, lang))
                        for power, part in report.private.items()
                    },
                )
            return written[lang]

        english = report_in(DEFAULT_LANGUAGE)
        public = report_in(readers.public)
        private = {
            power: replace(part, text=report_in(readers.of(power)).private[power].text)
            for power, part in english.private.items()
        }
        return replace(english, text=public.text, private=private, extras=public.extras)

    def _judged(self, next_state: StateT, report: Report, image: bytes | None) -> JudgedTurn:
        data = self._plugin.write_state(next_state)
        return JudgedTurn(
            self._state.phase,
            next_state.phase,
            data,
            report.text,
            report.json_text,
            only_problems(report.issues),
            image,
            report.private,
            report.extras,
        )

    def check(self, files: Sequence[OrderFile], lang: str = DEFAULT_LANGUAGE) -> Checked:
        """Parse and check `files` against the current phase; change nothing.
        The summary is in `lang` (`en`, `es`, `ca`)."""
        parsed = with_file_issues(self._plugin.parse(files, self._map, self._state), files)
        refused = self._plugin.check(self._state, parsed.orders, self._map, self._options)
        issues = parsed.issues + refused
        with using(lang, self._plugin.name) as tr:
            summary = file_summary(files, parsed, issues, self._power_name, refused, tr)
            label = tr.gettext("Turn") if self._state.phase.season is None else tr.gettext("Phase")
        readings = file_readings(files, parsed, refused)
        text = f"{label}: {self._state.phase}\n{summary}"
        return Checked(text, only_problems(issues), readings, parsed.silent)

    def owners(self, files: Sequence[OrderFile]) -> Mapping[str, str]:
        """Whose each file is (file name -> power): named for a power, or, for
        a file named for none, the only power its headers give (the inbox)."""
        return self._plugin.parse(files, self._map, self._state).file_powers

    def game_over(self) -> str | None:
        return self._plugin.game_over(self._map, self._state)

    def describe(self) -> str:
        return self._plugin.describe(self._map, self._state)

    def standings(self, state_data: Mapping[str, object]) -> Standings:
        """What the rulebook counts per power at the state in `state_data`."""
        return self._plugin.standings(
            self._map, _checked_state(self._plugin, state_data, self._map)
        )

    def draw(
        self,
        state_data: Mapping[str, object],
        earlier: Callable[[], EarlierTurn | None],
        fmt: str,
    ) -> bytes | None:
        """The map of the state in `state_data`, with the orders of the phase
        before when they lead to it (resolved again from `earlier()`)."""
        state = _checked_state(self._plugin, state_data, self._map)
        return self._plugin.draw(self._map, state, self._previous(state, earlier), fmt)

    def _previous(
        self, state: StateT, earlier: Callable[[], EarlierTurn | None]
    ) -> Previous[ResolutionT]:
        """The phase before `state` resolved again from `earlier()` (once, when
        first asked for), and the phases before it (`Previous.before`)."""
        plugin = self._plugin

        @cache
        def resolved() -> tuple[EarlierTurn, StateT, ResolutionT] | None:
            before = earlier()
            if before is None:
                return None
            old = plugin.read_state(before.state_data)
            resolution = self._turn(old, before.files, before.secret).resolution
            led_to = plugin.write_state(plugin.next_state(resolution))
            return (before, old, resolution) if led_to == plugin.write_state(state) else None

        def older() -> Previous[ResolutionT] | None:
            found = resolved()
            if found is None or found[0].before is None:
                return None
            return self._previous(found[1], found[0].before)

        return Previous(lambda: None if (found := resolved()) is None else found[2], older)

    def _turn(
        self,
        state: StateT,
        files: Sequence[OrderFile],
        secret: str | None,
        disorder: frozenset[str] = frozenset(),
    ) -> Turn[StateT, OrderT, MapT, ResolutionT]:
        plugin = self._plugin
        parsed = with_file_issues(plugin.parse(files, self._map, state), files)
        dice = Dice(secret, self.name, state.phase.id) if secret is not None else None
        options = plugin.with_civil_disorder(self._options, disorder) if disorder else self._options
        resolution = plugin.resolve(state, parsed.orders, self._map, options, dice)
        return Turn(
            game_name=self.name,
            ruleset_name=plugin.name,
            ruleset_title=plugin.title,
            changed_options=changed_options(self._options),
            game_map=self._map,
            state=state,
            parsed=parsed,
            resolution=resolution,
            receipts=receipts([(f.name, f.data) for f in files]),
        )

    def _power_name(self, power: str) -> str:
        return self._plugin.power_name(self._map, power)

    def power_name(self, power: str) -> str:
        """A power's name for people, in the language being written."""
        return self._power_name(power)


class Ruleset(Generic[StateT, OrderT, MapT, ResolutionT, OptionsT]):
    """A plugin as the app uses it: names, calendar, inputs and commands, and
    the steps that take plain data (see the module docstring)."""

    def __init__(self, plugin: RulesetPlugin[StateT, OrderT, MapT, ResolutionT, OptionsT]):
        self._plugin = plugin

    @property
    def name(self) -> str:
        return self._plugin.name

    @property
    def title(self) -> str:
        return self._plugin.title

    @property
    def calendar(self) -> Calendar:
        return self._plugin.calendar

    @property
    def default_map(self) -> str:
        return self._plugin.default_map

    @property
    def start_inputs(self) -> tuple[StartInput, ...]:
        return self._plugin.start_inputs

    @property
    def rolls_dice(self) -> bool:
        return self._plugin.rolls_dice

    @property
    def commands(self) -> tuple[click.Command, ...]:
        return self._plugin.commands

    def check_options(self, overrides: Mapping[str, object], preset: str | None = None) -> None:
        """`OptionError` unless game.yaml's options and preset are good."""
        self.options(overrides, preset)

    def options(self, overrides: Mapping[str, object], preset: str | None = None) -> OptionsT:
        """The options game.yaml asks for; `OptionError` naming a bad key or value."""
        plugin = self._plugin
        return build_options(plugin.name, plugin.options_type, plugin.presets, overrides, preset)

    def start(self, request: StartRequest) -> Started:
        """The first state of a new game (`mapjudge new`)."""
        return self._plugin.start(request, self.options(request.options))

    def open(self, game: GameSetup) -> Session[StateT, OrderT, MapT, ResolutionT, OptionsT]:
        """The game as a `Session` (`OptionError`, `ValueError` name what is wrong)."""
        options = self.options(game.options, game.preset)
        game_map = self._plugin.load_map(game.map_reference)
        state = _checked_state(self._plugin, game.state_data, game_map)
        return Session(self._plugin, game.name, game_map, options, state)

    def resolve_position(
        self,
        position: Mapping[str, object],
        files: Sequence[OrderFile],
        secret: str | None,
        game_name: str,
        readers: Readers = ENGLISH_READERS,
    ) -> JudgedTurn:
        """`mapjudge resolve`: one turn from a position, with the default map
        and options, no game folder; the report in `readers`' languages."""
        if self.rolls_dice and secret is None:
            raise SetupError(T_("{ruleset} rolls dice: give --secret-file", ruleset=self.name))
        setup = GameSetup(game_name, self.default_map, {}, None, position)
        return self.open(setup).judge_without_map(files, secret, readers)


def with_file_issues(parsed: Parsed[OrderT], files: Sequence[OrderFile]) -> Parsed[OrderT]:
    """`parsed` with the issues of the files' bytes first (not UTF-8, control
    characters, over-long lines: `OrderFile.issues`, Trust #9)."""
    found = tuple(issue for f in files for issue in f.issues)
    if not found:
        return parsed
    return replace(parsed, issues=found + parsed.issues)


def _checked_state(
    plugin: RulesetPlugin[StateT, OrderT, MapT, ResolutionT, OptionsT],
    data: Mapping[str, object],
    game_map: MapT,
) -> StateT:
    """A state file's body read, then checked against the calendar, the map
    and the ruleset (Trust #7); `BadState` listing every problem."""
    try:
        state = plugin.read_state(data)
        plugin.calendar.check(state.phase)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise BadState(message_of(exc)) from None
    problems = plugin.validate_state(state, game_map)
    if len(problems) == 1:
        raise BadState(problems[0])
    if problems:
        listed = ""
        for problem in problems:
            listed = T_("{listed}\n  - {problem}", listed=listed, problem=problem)
        raise BadState(
            Tn_(
                "{n} problems with the state:{listed}",
                "{n} problems with the state:{listed}",
                len(problems),
                listed=listed,
            )
        )
    return state


class OpenGame(Protocol):
    """What the app sees of a `Session`: no ruleset types."""

    name: str

    @property
    def phase(self) -> Phase: ...

    def judge(
        self,
        files: Sequence[OrderFile],
        secret: str | None,
        readers: Readers = ENGLISH_READERS,
        disorder: frozenset[str] = frozenset(),
        earlier: Callable[[], EarlierTurn | None] | None = None,
    ) -> JudgedTurn: ...

    def judge_without_map(
        self,
        files: Sequence[OrderFile],
        secret: str | None,
        readers: Readers = ENGLISH_READERS,
        disorder: frozenset[str] = frozenset(),
    ) -> JudgedTurn: ...

    def power_name(self, power: str) -> str: ...

    def check(self, files: Sequence[OrderFile], lang: str = DEFAULT_LANGUAGE) -> Checked: ...

    def owners(self, files: Sequence[OrderFile]) -> Mapping[str, str]: ...

    def game_over(self) -> str | None: ...

    def describe(self) -> str: ...

    def standings(self, state_data: Mapping[str, object]) -> Standings: ...

    def draw(
        self,
        state_data: Mapping[str, object],
        earlier: Callable[[], EarlierTurn | None],
        fmt: str,
    ) -> bytes | None: ...


class AnyRuleset(Protocol):
    """What the app sees of a bound `Ruleset`: no ruleset types."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def calendar(self) -> Calendar: ...

    @property
    def default_map(self) -> str: ...

    @property
    def start_inputs(self) -> tuple[StartInput, ...]: ...

    @property
    def rolls_dice(self) -> bool: ...

    @property
    def commands(self) -> tuple[click.Command, ...]: ...

    def check_options(self, overrides: Mapping[str, object], preset: str | None = None) -> None: ...

    def start(self, request: StartRequest) -> Started: ...

    def open(self, game: GameSetup) -> OpenGame: ...

    def resolve_position(
        self,
        position: Mapping[str, object],
        files: Sequence[OrderFile],
        secret: str | None,
        game_name: str,
        readers: Readers = ...,
    ) -> JudgedTurn: ...


def bind(plugin: RulesetPlugin[StateT, OrderT, MapT, ResolutionT, OptionsT]) -> AnyRuleset:
    """The plugin as the app uses it, its types closed over."""
    return Ruleset(plugin)
