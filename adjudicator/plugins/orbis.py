"""`orbis` as a plugin: Orbis Terrarum nations and their medidas (rulebook 000).

`mapjudge new orbis DIR --sheets SHEETS_DIR [--map europa-500]` checks every
nation sheet (80 points a group, 5 to 30 an attribute: O-080, O-081) and
starts the game in year 500 (O-010) on the political map. Each year, every
nation's post (`<nation>.txt`: narrative prose, mail or wiki, with a
`Medida:` line and `Gasto:` lines) and the GM's file (`gm.yaml`: events,
vetoes, re-classifications, reach levels, secrets) are read, and the year is
resolved with the game's dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.dice import Dice
from adjudicator.core.ownership import read_files
from adjudicator.core.phase import Calendar, Phase
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
    Turn,
)
from adjudicator.core.session import AnyRuleset, bind
from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.reach import suggest_level
from adjudicator.rulesets.orbis.sheet import Nation, creation_problems
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import (
    CALENDAR,
    TURN,
    OrbisState,
    state_from_dict,
    state_to_dict,
)
from adjudicator.rulesets.orbis.turn import GmInput, OrbisOrder, OrbisResolution, resolve_year
from maps.orbis.files import load_orbis_map
from maps.orbis.model import OrbisMap
from orders.issues import OrderIssue, Source
from orders.orbis.gm_file import read_gm_file
from orders.orbis.model import OrbisNames
from orders.orbis.reader import read_post
from texts import T_, Text, _, tr

if TYPE_CHECKING:
    import click

OrbisTurn = Turn[OrbisState, OrbisOrder, OrbisMap, OrbisResolution]
DEFAULT_MAP = "europa-500"
FIRST_YEAR = 500
"""The rulebook's game starts in 500 (O-010)."""
GM_FILES = frozenset({"gm", "master", "director", "admin"})
"""The names of the GM's file (`gm.yaml`)."""
PALETTE = (
    "#1f77b4", "#d62728", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#2ca02c", "#bcbd22",
    "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173",
)  # fmt: skip


def names_of(state: OrbisState, game_map: OrbisMap) -> OrbisNames:
    nations = {n.id: (n.name, *n.aliases) for n in state.nations}
    regions = {r.name: r.id for r in game_map.regions.values()}
    regions.update({a: r.id for r in game_map.regions.values() for a in r.aliases})
    return OrbisNames(nations, regions)


def colours_of(state: OrbisState) -> dict[str, str]:
    """Each nation's colour: its sheet's, else the palette's in order."""
    return {n.id: n.colour or PALETTE[i % len(PALETTE)] for i, n in enumerate(state.nations)}


def _owner(state: OrbisState, file_name: str) -> str | None:
    stem = Path(file_name).stem.strip().casefold()
    if stem in GM_FILES:
        return "gm"
    return next((n.id for n in state.nations if stem in {n.id, n.name.casefold()}), None)


def parse_files(
    files: Sequence[OrderFile], game_map: OrbisMap, state: OrbisState, extras: Mapping[str, int]
) -> Parsed[OrbisOrder]:
    """Every nation's post and the GM's file (Trust #1, #2, #6)."""
    names = names_of(state, game_map)

    def read(f: OrderFile, hint: str | None) -> tuple[Sequence[OrbisOrder], Sequence[OrderIssue]]:
        if hint == "gm":
            gm = read_gm_file(f.data, file=f.name, names=names)
            return [GmInput("gm", gm, Source.whole(f.name))], gm.issues
        post = read_post(
            f.text, file=f.name, power=hint or "", names=names, extras=extras.get(hint or "", 0)
        )
        return [*post.medidas, *post.spends, *post.no_defence, *post.politics], post.issues

    def name(power: str) -> str:
        found = state.find(power)
        return T_("the GM") if power == "gm" else (found.name if found else power)

    orders, issues, owners = read_files(files, lambda n: _owner(state, n), read, name)
    sent = {o.power for o in orders}
    silent = tuple(p for p in state.powers() if p not in sent)
    return Parsed(orders, issues, owners, silent)


class OrbisPlugin:
    """`RulesetPlugin[OrbisState, OrbisOrder, OrbisMap, OrbisResolution, OrbisOptions]`."""

    name = "orbis"
    title = T_("Orbis Terrarum, Historia Alternativa (medidas on 1d100)")
    options_type = OrbisOptions
    default_map = DEFAULT_MAP
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
                "sheets", InputKind.FOLDER, T_("the folder of nation sheets (<nation>.yaml)")
            ),
            StartInput(
                "map",
                InputKind.NAME_OR_FILE,
                T_("a political map (default: {map})", map=DEFAULT_MAP),
            ),
        )

    @property
    def commands(self) -> tuple[click.Command, ...]:
        from adjudicator.plugins.orbis_commands import wiki_sheets_command, wiki_table_command

        return (wiki_table_command, wiki_sheets_command)

    def load_map(self, reference: str) -> OrbisMap:
        return load_orbis_map(reference)

    def read_state(self, data: Mapping[str, object]) -> OrbisState:
        return state_from_dict(data)

    def validate_state(self, state: OrbisState, game_map: OrbisMap) -> tuple[str, ...]:
        ids = {n.id for n in state.nations}
        found = [
            T_(
                "owners.{nation}: {region} is not a region of the map",
                nation=nation,
                region=repr(region),
            )
            for region, nation in sorted(state.owners.items())
            if region not in game_map.regions
        ]
        found += [
            T_(
                "owners.{nation}: {name} is not one of the nations",
                nation=nation,
                name=repr(nation),
            )
            for nation in sorted(set(state.owners.values()))
            if nation not in ids
        ]
        return tuple(found)

    def write_state(self, state: OrbisState) -> dict[str, object]:
        return state_to_dict(state)

    def start(self, request: StartRequest, options: OrbisOptions) -> Started:
        """The sheets checked (O-080, O-081) and year 500's position (O-010)."""
        folder = request.inputs.get("sheets")
        if not folder:
            raise SetupError(T_("orbis needs --sheets DIR, the folder of nation sheets"))
        reference = request.inputs.get("map") or DEFAULT_MAP
        try:
            game_map = load_orbis_map(reference)
            nations = read_sheets(Path(folder), nsj_rule=options.nsj_points)  # type: ignore[arg-type]
        except ValueError as exc:
            said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else None
            raise SetupError(said or str(exc)) from None
        problems = [
            T_("{nation}: {problem}", nation=n.id, problem=p)
            for n in nations
            if n.has_player
            for p in creation_problems(n)
        ]
        if problems:
            raise SetupError(
                T_(
                    "the sheets break the creation rules:\n{problems}",
                    problems="\n".join(problems),
                )
            )
        owners = {r: n for r, n in game_map.start_owners.items() if n in {x.id for x in nations}}
        state = OrbisState(Phase(FIRST_YEAR, None, TURN), FIRST_YEAR, tuple(nations), owners)
        files: dict[str, bytes] = {}
        map_name = game_map.name
        if Path(reference).suffix in (".yaml", ".yml"):
            files["map.yaml"] = Path(reference).read_bytes()
            map_name = "map.yaml"
        warnings = "".join(tr(T_("warning: {warning}\n", warning=w)) for w in nsj_warnings(nations))
        return Started(
            state.phase, state_to_dict(state), map_name, None, state.powers(), files, warnings
        )

    def parse(
        self, files: Sequence[OrderFile], game_map: OrbisMap, state: OrbisState
    ) -> Parsed[OrbisOrder]:
        gm_files = [f for f in files if _owner(state, f.name) == "gm"]
        extras: dict[str, int] = {}
        if gm_files:
            gm = read_gm_file(
                gm_files[0].data, file=gm_files[0].name, names=names_of(state, game_map)
            )
            extras = {n.id: gm.extra_medidas(n.id) for n in state.nations}
        return parse_files(files, game_map, state, extras)

    def check(
        self,
        state: OrbisState,
        orders: Sequence[OrbisOrder],
        game_map: OrbisMap,
        options: OrbisOptions,
    ) -> tuple[OrderIssue, ...]:
        """Nothing beyond what the reader finds: a medida's fate needs the dice."""
        return ()

    def resolve(
        self,
        state: OrbisState,
        orders: Sequence[OrbisOrder],
        game_map: OrbisMap,
        options: OrbisOptions,
        dice: Dice | None,
    ) -> OrbisResolution:
        if dice is None:
            raise SetupError(T_("orbis rolls every medida: the dice secret is needed"))
        done = resolve_year(state, orders, options, dice)
        return replace(done, notes=done.notes + reach_suggestions(done, state, game_map))

    def with_civil_disorder(self, options: OrbisOptions, powers: frozenset[str]) -> OrbisOptions:
        """Orbis (000): a nation that sends no medidas takes none that year;
        making it a "Nación sin Jugador" is the GM's decision (its state), not
        automatic; the report names it."""
        return options

    def next_state(self, resolution: OrbisResolution) -> OrbisState:
        return resolution.state

    def report(self, turn: OrbisTurn) -> Report:
        from renderers.orbis.private import render_private_json, render_private_report
        from renderers.orbis.report import OrbisTurnReport, render_orbis_json, render_orbis_report
        from renderers.orbis.wiki import render_orbis_wiki

        facts = OrbisTurnReport(
            resolution=turn.resolution,
            nation_names={n.id: n.name for n in turn.resolution.state.nations},
            game_name=turn.game_name,
            ruleset_title=turn.ruleset_title,
            changed_options=turn.changed_options,
            issues=turn.parsed.issues,
            receipts=turn.receipts,
            file_powers=turn.parsed.file_powers,
            silent=turn.parsed.silent,
        )
        private = {
            n.id: PrivateReport(
                render_private_report(facts, n.id), render_private_json(facts, n.id)
            )
            for n in turn.resolution.state.nations
        }
        extras = {
            "turno.wiki": render_orbis_wiki(facts).encode("utf-8"),
            "historia.png": history_chart(turn.resolution.state),
        }
        return Report(
            render_orbis_report(facts),
            render_orbis_json(facts),
            turn.parsed.issues,
            private,
            extras,
        )

    def draw(
        self,
        game_map: OrbisMap,
        state: OrbisState,
        previous: Callable[[], OrbisResolution | None],
        fmt: str,
    ) -> bytes | None:
        from renderers.orbis.map import render_orbis_map

        names = {n.id: n.name for n in state.nations}
        title = _("{map}: año {year}").format(map=game_map.title, year=state.year)
        return render_orbis_map(
            game_map,
            state.owners,
            colours_of(state),
            names,
            fmt,  # type: ignore[arg-type]
            title=title,
            politics=state.politics,
            politics_year=state.year,
        )

    def game_over(self, game_map: OrbisMap, state: OrbisState) -> str | None:
        """No winner or loser (O-003): the game ends when the GM stops it."""
        return None

    def standings(self, game_map: OrbisMap, state: OrbisState) -> Standings:
        """Each living nation's VIA, the stability index its history charts follow."""
        alive = set(state.powers())
        return Standings("VIA", {n.id: float(n.via) for n in state.nations if n.id in alive})

    def describe(self, game_map: OrbisMap, state: OrbisState) -> str:
        lines = [_("Year {year}").format(year=state.year)]
        for nation in state.nations:
            lines.append(_describe(nation, state))
        return "\n".join(lines) + "\n"

    def power_name(self, game_map: OrbisMap, power: str) -> str:
        """The GM's file, or a nation by its id (its name is on its sheet, in the state)."""
        return T_("the GM") if power == "gm" else power.capitalize()


def reach_suggestions(
    done: OrbisResolution, state: OrbisState, game_map: OrbisMap
) -> tuple[str, ...]:
    """For each exterior medida rolled with no reach level set, the level the
    map's distance suggests: for the GM's reach table, never applied (AMB-09)."""
    notes: list[str] = []
    for result in done.results:
        actor, target = result.medida.power, result.target
        if (
            not result.exterior
            or target is None
            or result.outcome is None
            or result.statistic is None
        ):
            continue
        if done.state.reach.for_statistic(actor, target, result.statistic) is not None:
            continue
        borders = game_map.nation_distance(state.owners, actor, target)
        level = suggest_level(borders) if borders is not None else None
        if level is not None:
            notes.append(
                T_(
                    "No reach level set between {actor} and {target}: the map ({borders}"
                    " borders) suggests {level} for the GM's file (not applied, AMB-09)",
                    actor=actor,
                    target=target,
                    borders=borders,
                    level=level.value,
                )
            )
    return tuple(dict.fromkeys(notes))


def nsj_warnings(nations: Sequence[Nation]) -> list[str]:
    """AMB-22: the literal default points of a nation without a player sum to
    100 a group, not 80; the GM is told (option `nsj_points: scaled`)."""
    found: list[str] = []
    for nation in nations:
        if nation.has_player:
            continue
        sums = [sum(nation.value(a) for a in group) for group in (DOMINIO, AUTORIDAD)]
        if sums != [80, 80]:
            found.append(
                T_(
                    "{nation} (no player): Dominio {dominio}, Autoridad {autoridad} points, not 80"
                    " (O-201 read literally, AMB-22; option nsj_points: scaled gives 80)",
                    nation=nation.name,
                    dominio=sums[0],
                    autoridad=sums[1],
                )
            )
    return found


def history_chart(state: OrbisState) -> bytes:
    """Each nation's VIA, LEG, RQU and PRO over the game's years, as PNG."""
    from renderers.orbis.charts import render_history_chart

    years = sorted(state.series)
    series = {n.id: [state.series[y].get(n.id, (0, 0, 0, 0)) for y in years] for n in state.nations}
    names = {n.id: n.name for n in state.nations}
    return render_history_chart(years, series, names, "png", colours=colours_of(state))


def _describe(nation: Nation, state: OrbisState) -> str:
    extinct = " " + _("(extinct)") if nation.id in state.extinct else ""
    player = nation.player or _("no player")
    return (
        f"{nation.name} [{player}]{extinct}: VIA {nation.via}/{nation.via_capacity}, "
        f"LEG {nation.leg}/{nation.leg_capacity}, RQU {nation.rqu}, PRO {nation.pro}"
    )


def ruleset() -> AnyRuleset:
    return bind(OrbisPlugin())
