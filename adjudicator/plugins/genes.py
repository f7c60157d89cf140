"""The judge of Genes Mactantes (002): country sheets at `new`, declaration
files each turn, the report with every roll, the map with the countries.
See `judging.py` for the seam it fills."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.app import gamefolder as gf
from adjudicator.core.dice import Dice
from adjudicator.core.plugin import (
    Checked,
    JudgedTurn,
    LoadedGame,
    NewGame,
    OrderFile,
    Started,
    file_owner,
    file_summary,
)
from adjudicator.core.ruleset import Ruleset
from adjudicator.kits.board.state import Phase
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.outcome import ActionResult, GenesReason, GenesResolution
from adjudicator.rulesets.genes.setup import example_sheets, start_game
from adjudicator.rulesets.genes.turn import check_declarations
from maps.genes.region import Region, load_region
from orders.genes.model import Declaration
from orders.genes.parser import DeclarationNames, parse_declarations
from orders.issues import IssueKind, OrderIssue
from renderers.board.json_output import roll_dict
from renderers.genes.json_output import render_genes_json
from renderers.genes.map import render_genes_map
from renderers.genes.report import GenesTurnReport, render_genes_report, render_sheets
from renderers.genes.words import reason_text

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
) -> tuple[tuple[Declaration, ...], tuple[OrderIssue, ...], dict[str, str]]:
    """Every declaration file read: declarations, issues, file -> country."""
    names = declaration_names(region, state)
    declarations: list[Declaration] = []
    issues: list[OrderIssue] = []
    owners: dict[str, str] = {}
    for f in files:
        hint = file_country(region, f.name)
        parsed = parse_declarations(f.text, names=names, file=f.name, power=hint)
        declarations += parsed.declarations
        issues += parsed.issues
        owner = file_owner(hint, (d.power for d in parsed.declarations))
        if owner:
            owners[f.name] = owner
    return tuple(declarations), tuple(issues), owners


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
    rolls = rolls or "  none\n"
    text = (
        f"Game: {game_name}\nCreated from the country sheets (002 §4)\n\n"
        f"{render_sheets(state, region)}\nDice rolls at creation:\n{rolls}"
    )
    data = {"phase": CREATION_PHASE, "rolls": [roll_dict(r) for r in dice.rolls]}
    json_text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    base = Path(gf.REPORTS_DIR)
    return {
        str(base / f"{CREATION_PHASE}.txt"): text.encode(),
        str(base / f"{CREATION_PHASE}.json"): json_text.encode(),
    }


def _why(result: ActionResult) -> str:
    """The reason in words, with its detail."""
    detail = f" ({result.detail})" if result.detail else ""
    return reason_text(result.reason) + detail


def _country_name(region: Region, country: str | None) -> str:
    if country is None:
        return "?"
    area = region.countries.get(country)
    return area.name if area is not None else country


class GenesJudge:
    """`judging.Judge` for genes."""

    def start(self, ruleset: Ruleset, request: NewGame) -> Started:
        reference = request.region or ruleset.map_name
        region = load_region(reference)
        files: dict[str, bytes] = {}
        map_name = region.name
        if Path(reference).suffix in (".yaml", ".yml"):
            files[REGION_FILE] = Path(reference).read_bytes()
            map_name = REGION_FILE
        sheets = request.sheets or example_sheets(region)
        dice = Dice(request.secret, request.name, CREATION_PHASE)
        options = ruleset.options(request.options)
        started = start_game(region, sheets, options, dice)
        warnings = "".join(f"warning: {issue}\n" for issue in started.warnings)
        files.update(creation_report(region, started.state, dice, request.name))
        seats = started.state.seats
        return Started(started.state, map_name, None, seats, files, warnings)

    def judge(self, game: LoadedGame, files: Sequence[OrderFile], secret: str | None) -> JudgedTurn:
        if secret is None:
            raise gf.GameFolderError(
                f"{game.folder}: genes rolls dice: the secret is needed "
                f"({gf.SECRET_FILE} or ${gf.SECRET_ENV})"
            )
        return self._judge(
            game.ruleset,
            game.game_map,
            game.options,
            game.state,
            files,
            secret,
            game.config.name,
            with_map=True,
        )

    def _judge(
        self,
        ruleset: Ruleset,
        region: Region,
        options: Any,
        state: GenesState,
        files: Sequence[OrderFile],
        secret: str,
        game_name: str,
        *,
        with_map: bool,
    ) -> JudgedTurn:
        declarations, issues, owners = parse_files(files, region, state)
        dice = Dice(secret, game_name, state.phase.id)
        resolution: GenesResolution = ruleset.resolve(state, declarations, region, options, dice)
        turn = GenesTurnReport(
            resolution=resolution,
            region=region,
            game_name=game_name,
            ruleset_title=ruleset.title,
            changed_options=ruleset.changed_options(options),
            issues=issues,
            receipts=tuple(
                (r.file, r.sha256) for r in gf.receipts([(f.name, f.data) for f in files])
            ),
            file_powers=owners,
        )
        image = self._image(region, resolution.state) if with_map else None
        return JudgedTurn(
            state.phase,
            resolution.state,
            render_genes_report(turn),
            render_genes_json(turn),
            issues + result_issues(resolution.results),
            image,
        )

    def _image(self, region: Region, state: GenesState, fmt: str = "png") -> bytes:
        return render_genes_map(region, state, fmt, title=f"{region.title}: {state.phase.title}")

    def check(self, game: LoadedGame, files: Sequence[OrderFile]) -> Checked:
        declarations, issues, owners = parse_files(files, game.game_map, game.state)
        results = check_declarations(game.state, declarations, game.game_map, game.options)
        issues = issues + result_issues(results)
        text = file_summary(
            files, owners, declarations, issues, lambda c: _country_name(game.game_map, c)
        )
        return Checked(f"Turn: {game.state.phase}\n{text}", issues)

    def game_over(self, game: LoadedGame) -> str | None:
        """002 §6: a winner, or the final victory points of a tie."""
        state: GenesState = game.state
        if state.winner is not None:
            return f"{_country_name(game.game_map, state.winner)} won"
        if state.final_scores:
            scores = ", ".join(
                f"{_country_name(game.game_map, c)} {p}" for c, p in state.final_scores.items()
            )
            return f"no single winner (victory points: {scores})"
        return None

    def board_text(self, game: LoadedGame) -> str:
        return render_sheets(game.state, game.game_map)

    def draw(self, game: LoadedGame, phase: Phase, fmt: str) -> bytes | None:
        state = gf.read_state(game.folder, phase, game.ruleset.state_from_dict)
        return self._image(game.game_map, state, fmt)

    def resolve_position(
        self,
        ruleset: Ruleset,
        position: Any,
        files: Sequence[OrderFile],
        secret: str | None,
        game_name: str,
    ) -> JudgedTurn:
        if secret is None:
            raise gf.GameFolderError("genes rolls dice: give --secret-file")
        state = GenesState.from_dict(position)
        region = load_region(ruleset.map_name)
        return self._judge(
            ruleset, region, ruleset.options(), state, files, secret, game_name, with_map=False
        )
