"""`narrativo` as a plugin: the Comandos de Guerra dice-pool system for
play-by-email role-playing (rulebook 001).

`mapjudge new narrativo DIR --sheets SHEETS_DIR` reads the game's sheet
file (`juego.yaml`: the attributes and skills) and one sheet per character
(the players' and the Narrator's). Each exchange of mail is a phase
(`1-turno`, `2-turno` ...): every player's post (`<player>.txt`) declares
what his characters attempt (`Dreyer: Destreza + Atletismo`), and the
Narrator's file (`narrador.txt` or `.yaml`) rules on them; the judge rolls
the ruled ones with the game's dice and lists the others as waiting. There
is no map: the scene is told, not drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
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
from adjudicator.rulesets.narrativo.codec import state_from_dict, state_problems, state_to_dict
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import NarrativoResolution
from adjudicator.rulesets.narrativo.sheet_files import read_sheets
from adjudicator.rulesets.narrativo.state import CALENDAR, EXCHANGE, NarrativoState
from adjudicator.rulesets.narrativo.turn import (
    NARRATOR,
    NarrativoOrder,
    NarratorInput,
    resolve_exchange,
)
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.issues import OrderIssue, Source
from orders.narrativo.declarations import read_post
from orders.narrativo.names import NarrativoNames
from orders.narrativo.narrator_file import read_narrator_file
from texts import N_, T_, _, tr

if TYPE_CHECKING:
    import click

NARRATOR_FILES = frozenset({"narrador", "narrator", "gm", "master", "director"})
"""The names of the Narrator's file (`narrador.txt`)."""


@dataclass(frozen=True)
class NoMap:
    """narrativo plays no map: the scene is told in the reports."""

    name: str = "none"
    title: str = "no map"


NarrativoTurn = Turn[NarrativoState, NarrativoOrder, NoMap, NarrativoResolution]


def names_of(state: NarrativoState) -> NarrativoNames:
    """The characters, attributes and skills the mail may name."""
    return NarrativoNames(
        characters={c.id: (c.name, *c.aliases) for c in state.characters},
        attributes=state.book.attributes,
        skills=state.book.skills,
        owners={c.id: c.player for c in state.characters},
    )


def _owner(state: NarrativoState, file_name: str) -> str | None:
    stem = Path(file_name).stem.strip().casefold()
    if stem in NARRATOR_FILES:
        return NARRATOR
    return next((p for p in state.powers() if p.casefold() == stem), None)


def parse_files(files: Sequence[OrderFile], state: NarrativoState) -> Parsed[NarrativoOrder]:
    """Every player's post and the Narrator's file."""
    names = names_of(state)

    def read(
        f: OrderFile, hint: str | None
    ) -> tuple[Sequence[NarrativoOrder], Sequence[OrderIssue]]:
        if hint == NARRATOR:
            parsed, issues = read_narrator_file(f.data, file=f.name, names=names)
            return [NarratorInput(parsed, Source.whole(f.name))], issues
        post = read_post(f.text, file=f.name, player=hint or "", names=names)
        given: list[NarrativoOrder] = [
            *(replace(d, player=hint) for d in post.declarations),
            *(replace(c, player=hint) for c in post.choices),
            *(replace(s, player=hint) for s in post.spends),
        ]
        return given, post.issues

    def name(power: str) -> str:
        return T_("the Narrator") if power == NARRATOR else power

    orders, issues, owners = read_files(files, lambda n: _owner(state, n), read, name)
    sent = {o.power for o in orders}
    players = {c.player: c.id for c in state.characters if c.player}
    silent = tuple(p for p in state.powers() if p not in sent and p in players)
    return Parsed(orders, issues, owners, silent)


class NarrativoPlugin:
    """`RulesetPlugin[NarrativoState, NarrativoOrder, NoMap, NarrativoResolution,
    NarrativoOptions]`."""

    name = "narrativo"
    title = N_("Comandos de Guerra, Sistema Narrativo (pools of d10)")
    options_type = NarrativoOptions
    default_map = "none"
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
                N_("the folder of the game's sheet (juego.yaml) and one sheet per character"),
            ),
        )

    @property
    def commands(self) -> tuple[click.Command, ...]:
        from adjudicator.plugins.narrativo_commands import odds_command

        return (odds_command,)

    def load_map(self, reference: str) -> NoMap:
        if reference not in ("none", ""):
            raise SetupError(
                _("narrativo plays no map, not {reference}: leave the map out").format(
                    reference=repr(reference)
                )
            )
        return NoMap()

    def read_state(self, data: Mapping[str, object]) -> NarrativoState:
        return state_from_dict(data)

    def validate_state(self, state: NarrativoState, game_map: NoMap) -> tuple[str, ...]:
        return state_problems(state)

    def write_state(self, state: NarrativoState) -> dict[str, object]:
        return state_to_dict(state)

    def start(self, request: StartRequest, options: NarrativoOptions) -> Started:
        """The sheets read and checked; the first exchange, turn 0 of scene 1."""
        folder = request.inputs.get("sheets")
        if not folder:
            raise SetupError(_("narrativo needs --sheets DIR, the folder of the sheets"))
        try:
            book, characters = read_sheets(Path(folder))
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        state = NarrativoState(Phase(1, None, EXCHANGE), book, characters)
        return Started(state.phase, state_to_dict(state), "none", None, state.powers())

    def parse(
        self, files: Sequence[OrderFile], game_map: NoMap, state: NarrativoState
    ) -> Parsed[NarrativoOrder]:
        return parse_files(files, state)

    def check(
        self,
        state: NarrativoState,
        orders: Sequence[NarrativoOrder],
        game_map: NoMap,
        options: NarrativoOptions,
    ) -> tuple[OrderIssue, ...]:
        """Nothing beyond the reader: an action's fate needs the ruling and the dice."""
        return ()

    def resolve(
        self,
        state: NarrativoState,
        orders: Sequence[NarrativoOrder],
        game_map: NoMap,
        options: NarrativoOptions,
        dice: Dice | None,
    ) -> NarrativoResolution:
        if dice is None:
            raise SetupError(_("narrativo rolls every pool: the dice secret is needed"))
        return resolve_exchange(state, orders, options, dice)

    def with_civil_disorder(
        self, options: NarrativoOptions, powers: frozenset[str]
    ) -> NarrativoOptions:
        """Comandos de Guerra (001) plays characters, not powers: a player who
        stops writing declares nothing and the Narrator plays on; the report
        names him."""
        return options

    def next_state(self, resolution: NarrativoResolution) -> NarrativoState:
        return resolution.state

    def report(self, turn: NarrativoTurn) -> Report:
        from renderers.narrativo.narrator import render_narrator, render_narrator_json
        from renderers.narrativo.private import render_private, render_private_json
        from renderers.narrativo.report import (
            NarrativoTurnReport,
            render_public,
            render_public_json,
        )

        facts = NarrativoTurnReport(
            resolution=turn.resolution,
            game_name=turn.game_name,
            ruleset_title=turn.ruleset_title,
            changed_options=turn.changed_options,
            issues=turn.parsed.issues,
            receipts=turn.receipts,
        )
        private = {
            player: PrivateReport(render_private(facts, player), render_private_json(facts, player))
            for player in turn.resolution.state.powers()
        }
        private[NARRATOR] = PrivateReport(render_narrator(facts), render_narrator_json(facts))
        return Report(render_public(facts), render_public_json(facts), turn.parsed.issues, private)

    def draw(
        self,
        game_map: NoMap,
        state: NarrativoState,
        previous: Callable[[], NarrativoResolution | None],
        fmt: str,
    ) -> bytes | None:
        return None

    def game_over(self, game_map: NoMap, state: NarrativoState) -> str | None:
        """The Narrator ends the story: no winner."""
        return None

    def standings(self, game_map: NoMap, state: NarrativoState) -> Standings:
        """None: a commando's story counts no score per player."""
        return Standings()

    def describe(self, game_map: NoMap, state: NarrativoState) -> str:
        clock = state.clock
        scene = _("Scene {scene}").format(scene=clock.scene)
        lines = [f"{scene} {clock.scene_title}".rstrip() + f", {clock.label()}"]
        for c in state.characters:
            owner = c.player or _("the Narrator")
            lines.append(
                _(
                    "{name} [{owner}]: Voluntad {left}/{voluntad}, Moral {moral},"
                    " Fatiga {fatiga}, {condition}"
                ).format(
                    name=c.name,
                    owner=owner,
                    left=c.voluntad_left,
                    voluntad=c.voluntad,
                    moral=c.moral,
                    fatiga=c.fatiga,
                    condition=tr(word(c.condition)),
                )
            )
        if state.waiting:
            waiting = ", ".join(d.id for d in state.waiting)
            lines.append(_("Waiting for a ruling: {ids}").format(ids=waiting))
        return "\n".join(lines) + "\n"

    def power_name(self, game_map: NoMap, power: str) -> str:
        return _("the Narrator") if power == NARRATOR else power.capitalize()


def ruleset() -> AnyRuleset:
    return bind(NarrativoPlugin())
