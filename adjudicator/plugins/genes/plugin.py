"""`genes` as a plugin: Genes Mactantes (002). Country sheets and a region at
`new`, declaration files each turn, the report with every roll, the map with
the countries, and the `region` command that draws a region for N players."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.dice import Dice
from adjudicator.core.ownership import read_files
from adjudicator.core.phase import Calendar
from adjudicator.core.plugin import (
    InputKind,
    OrderFile,
    Parsed,
    PrivateReport,
    Report,
    SetupError,
    Standings,
    Started,
    StartInput,
    StartRequest,
)
from adjudicator.core.session import AnyRuleset, bind
from adjudicator.plugins.genes.creation import (
    GenesOrder,
    GenesOutcome,
    GenesTurn,
    creation_turn_report,
    describe_creation,
    parse_sheets,
    sheets_check,
    start_in_two_steps,
)
from adjudicator.rulesets.genes.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.genes.creation import Creation, SheetOrder, create
from adjudicator.rulesets.genes.model import CALENDAR, CREATION, GenesState
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import ActionResult, GenesReason
from adjudicator.rulesets.genes.setup import SheetsRejected, example_sheets, start_game
from adjudicator.rulesets.genes.standings import victory_points
from adjudicator.rulesets.genes.turn import check_declarations, resolve_turn
from adjudicator.rulesets.genes.validate import genes_problems
from maps.genes.region import Region, load_region
from orders.genes.model import Declaration
from orders.genes.parser import DeclarationNames, parse_declarations
from orders.issues import IssueKind, OrderIssue
from renderers.common import roll_dict
from renderers.genes.json_output import render_country_json, render_genes_json
from renderers.genes.report import (
    GenesTurnReport,
    render_country_report,
    render_genes_report,
    render_sheets,
)
from renderers.genes.words import reason_message
from texts import _, tr

if TYPE_CHECKING:
    import click

DEFAULT_REGION = "peninsula"
"""The region a new game is played on unless `--region` names another."""
REPORTS_DIR = "reports"
"""The game folder's reports folder, where `new` puts the creation report."""

REGION_FILE = "region.yaml"
"""Where a game keeps a region file it was created with (a generated one)."""
CREATION_PHASE = "0-creation"
"""The dice phase label of rolls made at `new` (random relevance, turn 1 events)."""


def declaration_names(region: Region, state: GenesState) -> DeclarationNames:
    """The names players may use: countries and cities (region and founded
    ones), characters (the state's); the display name first (suggestions
    show it), the id is a name too."""
    countries = {c.id: (c.name, *c.aliases) for c in region.countries.values()}
    cities: dict[str, tuple[str, ...]] = {}
    for city in state.cities.values():
        site = region.cities.get(city.id)
        aliases = site.aliases if site is not None else ()
        cities[city.id] = (city.name, *aliases)
    characters = {c.id: (c.name,) for c in state.characters.values()}
    owners = {c.id: c.owner for c in state.characters.values()}
    return DeclarationNames(countries, cities, characters, character_owners=owners)


def file_country(region: Region, name: str) -> str | None:
    """The country a declaration file is named after (`ponent.txt`), if any."""
    return region.lookup_country(Path(name).stem)


def parse_files(
    files: Sequence[OrderFile], region: Region, state: GenesState
) -> Parsed[Declaration]:
    """Every declaration file read: declarations, issues, file -> country.

    A file named for a country declares only for it (Trust #2: a line for
    another country is refused, `core.ownership`); a file from which nothing
    was read is a problem (Trust #1, #6); the countries still in the game that
    sent no declarations are noted (`Parsed.silent`)."""
    names = declaration_names(region, state)

    def read(f: OrderFile, hint: str | None) -> tuple[Sequence[Declaration], Sequence[OrderIssue]]:
        parsed = parse_declarations(f.text, names=names, file=f.name, power=hint)
        return parsed.declarations, parsed.issues

    def name(country: str) -> str:
        return _country_name(region, country)

    owner_of = partial(file_country, region)
    declarations, issues, owners = read_files(files, owner_of, read, name)
    declared = {d.power for d in declarations}
    silent = tuple(c for c in state.powers() if c not in declared)
    return Parsed(declarations, issues, owners, silent)


def result_issues(results: Sequence[ActionResult]) -> tuple[OrderIssue, ...]:
    """Lines the player should fix: over the budget, or impossible as written
    against the board at the start of the turn (a dry check)."""
    issues = [
        OrderIssue(IssueKind.ILLEGAL, _why(r), r.declaration.source)
        for r in results
        if r.declaration.source is not None
        and not r.reason.resolved
        and r.reason is not GenesReason.CANCELLED_BY_OBSERVATION
    ]
    return tuple(sorted(issues, key=lambda i: (i.source.file, i.source.line)))


def creation_report(
    region: Region, state: GenesState, dice: Dice, game_name: str
) -> dict[str, bytes]:
    """`reports/0-creation.txt|json`: the sheets as the game starts and the
    rolls made at `new` (random relevance, turn 1's event), so that
    `mapjudge verify` rechecks them too."""
    rolls = "".join(f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}\n" for r in dice.rolls)
    rolls = rolls or _("  none") + "\n"
    text = _("Game: {name}\nCreated from the country sheets (002 §4)\n\n").format(name=game_name)
    text += f"{render_sheets(state, region)}\n{_('Dice rolls at creation:')}\n{rolls}"
    data = {"phase": CREATION_PHASE, "rolls": [roll_dict(r) for r in dice.rolls]}
    json_text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    base = Path(REPORTS_DIR)
    return {
        str(base / f"{CREATION_PHASE}.txt"): text.encode(),
        str(base / f"{CREATION_PHASE}.json"): json_text.encode(),
    }


def _why(result: ActionResult) -> str:
    """The reason in words, with its detail (told in the reader's language)."""
    return reason_message(result.reason, result.detail)


def _country_name(region: Region, country: str | None) -> str:
    if country is None:
        return "?"
    area = region.countries.get(country)
    return area.local_name if area is not None else country


class GenesPlugin:
    """`RulesetPlugin[GenesState, GenesOrder, Region, GenesOutcome, GenesOptions]`:
    declarations and turns, or, in the creation phase of a game created in
    two steps (issue 18 #12), the country sheets and the creation of turn 1."""

    name = "genes"
    title = "Genes Mactantes (v0.2)"
    options_type = GenesOptions
    default_map = DEFAULT_REGION
    rolls_dice = True

    @property
    def calendar(self) -> Calendar:
        return CALENDAR

    @property
    def presets(self) -> Mapping[str, Mapping[str, object]]:
        return {}

    @property
    def start_inputs(self) -> tuple[StartInput, ...]:
        return (
            StartInput(
                "sheets",
                InputKind.FOLDER,
                "the folder of country sheets (<country>.yaml; default: the region's example):"
                " the game is created at once (a random relevance is refused)",
            ),
            StartInput(
                "players",
                InputKind.TEXT,
                "the region's countries, comma-separated (ponent,llevant,serra): roll each"
                " relevance now and adjudicate the sheets as the orders of 0-creation",
            ),
            StartInput(
                "relevance",
                InputKind.TEXT,
                "with --players: random (default, 1d10 each) or one relevance for all"
                " (small, medium, large)",
            ),
            StartInput(
                "region",
                InputKind.NAME_OR_FILE,
                f"a bundled region name or a region file (default: {DEFAULT_REGION})",
            ),
        )

    @property
    def commands(self) -> tuple[click.Command, ...]:
        from adjudicator.plugins.genes.commands import region

        return (region,)

    def load_map(self, reference: str) -> Region:
        return load_region(reference)

    def read_state(self, data: Mapping[str, object]) -> GenesState:
        return state_from_dict(data)

    def validate_state(self, state: GenesState, game_map: Region) -> tuple[str, ...]:
        return genes_problems(state, game_map)

    def write_state(self, state: GenesState) -> dict[str, object]:
        return state_to_dict(state)

    def start(self, request: StartRequest, options: GenesOptions) -> Started:
        """002 §3-§4: the region, every country's sheet checked, turn 1's events."""
        reference = request.inputs.get("region") or DEFAULT_REGION
        region = load_region(reference)
        files: dict[str, bytes] = {}
        map_name = region.name
        if Path(reference).suffix in (".yaml", ".yml"):
            files[REGION_FILE] = Path(reference).read_bytes()
            map_name = REGION_FILE
        if request.inputs.get("players"):
            state, rolled, message = start_in_two_steps(
                region, request.inputs, request.secret, request.name
            )
            files.update(rolled)
            data = state_to_dict(state)
            return Started(state.phase, data, map_name, None, state.seats, files, message)
        if request.inputs.get("relevance"):
            raise SetupError(_("--relevance goes with --players: it is rolled before the sheets"))
        sheets = request.inputs.get("sheets")
        folder = Path(sheets) if sheets else example_sheets(region)
        dice = Dice(request.secret, request.name, CREATION_PHASE)
        started = start_game(region, folder, options, dice, random_relevance=False)
        warnings = "".join(
            _("warning: {issue}").format(issue=issue) + "\n" for issue in started.warnings
        )
        files.update(creation_report(region, started.state, dice, request.name))
        seats = started.state.seats
        state = started.state
        data = state_to_dict(state)
        return Started(state.phase, data, map_name, None, seats, files, warnings)

    def parse(
        self, files: Sequence[OrderFile], game_map: Region, state: GenesState
    ) -> Parsed[GenesOrder]:
        if state.phase.kind == CREATION:
            sheets = parse_sheets(files, game_map, state)
            return Parsed(sheets.orders, sheets.issues, sheets.file_powers, sheets.silent)
        parsed = parse_files(files, game_map, state)
        return Parsed(parsed.orders, parsed.issues, parsed.file_powers, parsed.silent)

    def check(
        self,
        state: GenesState,
        orders: Sequence[GenesOrder],
        game_map: Region,
        options: GenesOptions,
    ) -> tuple[OrderIssue, ...]:
        """The lines over the budget or impossible against the turn's start,
        without rolling: genes rolls as it resolves (`check_declarations`); in
        the creation phase, what the sheets together show (issue 18 #12)."""
        if state.phase.kind == CREATION:
            return sheets_check([o for o in orders if isinstance(o, SheetOrder)], game_map)
        declarations = [o for o in orders if isinstance(o, Declaration)]
        return result_issues(check_declarations(state, declarations, game_map, options))

    def resolve(
        self,
        state: GenesState,
        orders: Sequence[GenesOrder],
        game_map: Region,
        options: GenesOptions,
        dice: Dice | None,
    ) -> GenesOutcome:
        """A whole turn (002 §5.1); in the creation phase, turn 1 from the
        sheets, or `SetupError` listing every problem while a country has no
        valid sheet: nothing is written and the game stays in creation."""
        if state.phase.kind == CREATION:
            sheets = [o for o in orders if isinstance(o, SheetOrder)]
            try:
                return create(state, sheets, game_map, options, dice)
            except SheetsRejected as exc:
                message = _(
                    "{problems}\nnothing written: the game stays in {phase} until every"
                    " country has a valid sheet (`mapjudge check` names each problem)"
                )
                problems = tr(exc.message)
                raise SetupError(message.format(problems=problems, phase=state.phase.id)) from None
        declarations = [o for o in orders if isinstance(o, Declaration)]
        return resolve_turn(state, declarations, game_map, options, dice)

    def with_civil_disorder(self, options: GenesOptions, powers: frozenset[str]) -> GenesOptions:
        """Genes Mactantes (002) has no rule for a country whose player stops
        declaring: it declares nothing, as for any missing declaration; the
        report names it."""
        return options

    def next_state(self, resolution: GenesOutcome) -> GenesState:
        return resolution.state

    def report(self, turn: GenesTurn) -> Report:
        if isinstance(turn.resolution, Creation):
            return creation_turn_report(turn, turn.resolution)
        facts = GenesTurnReport(
            resolution=turn.resolution,
            region=turn.game_map,
            game_name=turn.game_name,
            ruleset_title=turn.ruleset_title,
            changed_options=turn.changed_options,
            issues=turn.parsed.issues,
            receipts=tuple((r.file, r.sha256) for r in turn.receipts),
            file_powers=turn.parsed.file_powers,
            silent=turn.parsed.silent,
        )
        issues = turn.parsed.issues + result_issues(turn.resolution.results)
        private = {
            country: PrivateReport(
                render_country_report(facts, country), render_country_json(facts, country)
            )
            for country in turn.resolution.state.seats
        }
        return Report(render_genes_report(facts), render_genes_json(facts), issues, private)

    def draw(
        self,
        game_map: Region,
        state: GenesState,
        previous: Callable[[], GenesOutcome | None],
        fmt: str,
    ) -> bytes | None:
        """The countries, cities, armies and characters of `state` (the orders
        are in the report, not on the map)."""
        from renderers.genes.map import render_genes_map

        return render_genes_map(
            game_map, state, fmt, title=f"{game_map.title}: {state.phase.title}"
        )

    def game_over(self, game_map: Region, state: GenesState) -> str | None:
        """002 §6: a winner, or the final victory points of a tie."""
        if state.winner is not None:
            return _("{country} won").format(country=_country_name(game_map, state.winner))
        if state.final_scores:
            scores = ", ".join(
                f"{_country_name(game_map, c)} {p}" for c, p in state.final_scores.items()
            )
            return _("no single winner (victory points: {scores})").format(scores=scores)
        return None

    def describe(self, game_map: Region, state: GenesState) -> str:
        if state.phase.kind == CREATION:
            return describe_creation(state, game_map)
        return render_sheets(state, game_map)

    def standings(self, game_map: Region, state: GenesState) -> Standings:
        """Each surviving country's victory points so far (002 §6)."""
        values = {c: float(victory_points(state, game_map, c)) for c in state.powers()}
        return Standings(_("Victory points"), values)

    def power_name(self, game_map: Region, power: str) -> str:
        return _country_name(game_map, power)


def ruleset() -> AnyRuleset:
    return bind(GenesPlugin())
