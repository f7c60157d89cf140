"""`mapjudge new RULESET DIR`: a game folder with game.yaml and the first turn.

Each ruleset is a sub-command of `new`, made from its plugin when asked for:
the options every game has (`--scenario`, `--name`, `--secret-file`,
`--option`) and the inputs the ruleset declares for itself (genes'
`--sheets DIR` and `--region`), so the CLI names no ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import UsageProblem, fail, told
from adjudicator.app.folderlock import LOCK_FILE, locked
from adjudicator.app.languages import gm_language, lang_parameter, ruleset_title
from adjudicator.app.registry import UnknownRuleset, find_ruleset, ruleset_names
from adjudicator.core.dice import commitment
from adjudicator.core.files import atomic_write
from adjudicator.core.messages import message_of
from adjudicator.core.plugin import InputKind, StartInput, StartRequest
from adjudicator.core.session import AnyRuleset
from maps.safe_yaml import load_yaml
from texts import T_

FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


class NewGroup(click.Group):
    """`new` with one sub-command per registered ruleset."""

    def __init__(self, name: str) -> None:
        super().__init__(
            name,
            help="Create a game folder with game.yaml and the first turn: "
            "`mapjudge new RULESET DIR` (`mapjudge new RULESET --help` for its options).",
            subcommand_metavar="RULESET DIR [OPTIONS]",
        )

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(ruleset_names())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command:
        try:
            ruleset = find_ruleset(cmd_name)
        except UnknownRuleset as exc:
            raise UsageProblem(message_of(exc)) from exc
        return new_command(ruleset)


def new_command(ruleset: AnyRuleset) -> click.Command:
    """`new <ruleset>`: its arguments, the common options and its own inputs."""
    params: list[click.Parameter] = [
        click.Argument(["folder"], metavar="DIR", type=FOLDER),
        click.Option(["--scenario"], help="Starting position (default: the ruleset's)."),
        click.Option(["--name"], help="Game name (default: the folder's name)."),
        click.Option(
            ["--secret-file"], type=FILE, help="GM dice secret (default: generate DIR/secret.txt)."
        ),
        click.Option(
            ["--option", "option_texts"],
            multiple=True,
            metavar="KEY=VALUE",
            help="A ruleset option for game.yaml, e.g. events=true (repeatable).",
        ),
        lang_parameter(),
    ]
    params += [_input_option(i) for i in ruleset.start_inputs]

    def callback(
        folder: Path,
        scenario: str | None,
        name: str | None,
        secret_file: Path | None,
        option_texts: tuple[str, ...],
        lang: str | None,
        **inputs: Path | str | None,
    ) -> None:
        gm_language(None, lang)
        given = {key: str(value) for key, value in inputs.items() if value is not None}
        create_game(ruleset, folder, scenario, name, secret_file, option_texts, given)

    return click.Command(
        ruleset.name,
        params=params,
        callback=callback,
        help=f"Create a {ruleset.title} game in DIR.",
        short_help=ruleset.title,
    )


def _input_option(start_input: StartInput) -> click.Option:
    kind: click.Path | click.IntRange | None = None
    if start_input.kind is InputKind.FOLDER:
        kind = FOLDER
    elif start_input.kind is InputKind.NUMBER:
        kind = click.IntRange(min=0)
    return click.Option(
        [f"--{start_input.name}", start_input.name], type=kind, help=start_input.help
    )


def create_game(
    ruleset: AnyRuleset,
    folder: Path,
    scenario: str | None,
    name: str | None,
    secret_file: Path | None,
    option_texts: Sequence[str],
    inputs: dict[str, str],
) -> None:
    """Check everything first, then write the folder under its lock (a second
    `new` of the same folder waits, then finds it taken): secret, the plugin's
    own files, game.yaml and the first state."""
    options = parse_options(option_texts)
    ruleset.check_options(options)  # a wrong name or value stops here, before any file
    _refuse_not_empty(folder)
    given_secret = gf.read_secret_file(secret_file) if secret_file else None
    secret = given_secret or gf.new_secret()
    game_name = name or folder.resolve().name
    started = ruleset.start(StartRequest(game_name, secret, scenario, options, inputs))
    folder.mkdir(parents=True, exist_ok=True)
    with locked(folder):
        _refuse_not_empty(folder)  # another `new` may have been quicker
        if given_secret is None:
            written = gf.write_secret(folder, secret)
            click.echo(told(T_("wrote {path} (keep it private)", path=written)))
        for file_name, data in started.files.items():
            atomic_write(folder / file_name, data)
        config = gf.GameConfig(
            ruleset=ruleset.name,
            name=game_name,
            map=started.map,
            scenario=started.scenario,
            powers={p: gf.Player() for p in started.powers},
            options=options,
            commitment=commitment(secret),
        )
        gf.save_config(folder, config)
        gf.write_state(folder, started.phase, started.state_data)
    if started.message:
        click.echo(told(started.message), nl=False)
    created = T_(
        "created {folder}: {ruleset}, first phase {phase}",
        folder=folder,
        ruleset=ruleset_title(ruleset.title),
        phase=started.phase,
    )
    click.echo(told(created))


def _refuse_not_empty(folder: Path) -> None:
    """A game is created only in a new or empty folder (its lock file aside)."""
    if folder.exists() and any(p.name != LOCK_FILE for p in folder.iterdir()):
        fail(T_("{folder}: already exists and is not empty", folder=folder))


def parse_options(texts: Sequence[str]) -> dict[str, object]:
    """`events=true` -> {"events": True}: each value read as a YAML scalar."""
    options: dict[str, object] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            fail(T_("--option {text!r}: expected KEY=VALUE, e.g. events=true", text=text))
        name = key.strip()
        options[name] = load_yaml(value, f"--option {name}") if value.strip() else ""
    return options
