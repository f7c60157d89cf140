"""A game folder opened through its ruleset's plugin: the app's wiring of
`gamefolder` (files) and `registry` (plugins) for the commands."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import speak
from adjudicator.app.registry import UnknownRuleset, find_ruleset
from adjudicator.core.i18n import T_
from adjudicator.core.messages import did_you_mean, message_of
from adjudicator.core.options import OptionError
from adjudicator.core.order_text import MAX_ORDER_ENV, order_limit
from adjudicator.core.phase import Phase
from adjudicator.core.plugin import OrderFile
from adjudicator.core.session import AnyRuleset, BadState, EarlierTurn, GameSetup, OpenGame


@dataclass(frozen=True)
class LoadedGame:
    """A game folder opened: its config, its ruleset and the game as a session."""

    folder: Path
    config: gf.GameConfig
    ruleset: AnyRuleset
    session: OpenGame


class OrderFileError(ValueError):
    """An order file that cannot be read (missing, unreadable, named twice)."""


def folder_ruleset(folder: Path) -> tuple[gf.GameConfig, AnyRuleset]:
    """game.yaml and its ruleset; a bad ruleset name names game.yaml and the key."""
    config = gf.load_config(folder)
    speak(config.language, config.ruleset)
    try:
        return config, find_ruleset(config.ruleset)
    except UnknownRuleset as exc:
        raise gf.GameFolderError(
            T_(
                "{path}: key 'ruleset': {problem}",
                path=gf.game_file(folder),
                problem=message_of(exc),
            )
        ) from None


def open_game(folder: Path) -> LoadedGame:
    """Load a game folder; a bad option names game.yaml and the key, a bad
    state file names the file."""
    config, ruleset = folder_ruleset(folder)
    where = gf.game_file(folder)
    try:
        ruleset.check_options(config.options, config.preset)
    except (OptionError, TypeError, ValueError) as exc:
        raise gf.GameFolderError(
            T_("{path}: key 'options'/'preset': {problem}", path=where, problem=message_of(exc))
        ) from None
    phase = gf.current_phase(folder, ruleset.calendar)
    reference = map_reference(folder, config.map or ruleset.default_map)
    setup = GameSetup(
        config.name, reference, config.options, config.preset, gf.read_state_data(folder, phase)
    )
    try:
        session = ruleset.open(setup)
    except BadState as exc:
        raise gf.GameFolderError(
            T_("{path}: {problem}", path=gf.state_path(folder, phase), problem=message_of(exc))
        ) from None
    return LoadedGame(folder, config, ruleset, session)


def current_phase_id(folder: Path) -> str:
    """The id of a game folder's current phase (`make demo` asks for it)."""
    _, ruleset = folder_ruleset(folder)
    return gf.current_phase(folder, ruleset.calendar).id


def map_reference(folder: Path, name: str) -> str:
    """A map named in game.yaml: a file in the game folder (a generated genes
    region), or the name of a packaged map. Nothing outside the folder is read
    (Trust #10): a path is refused, naming game.yaml and the key."""
    if not gf.is_plain_name(name):
        raise gf.GameFolderError(
            T_(
                "{path}: key 'map': {name!r} must be a packaged map's name "
                "or a file in the game folder, not a path",
                path=gf.game_file(folder),
                name=name,
            )
        )
    local = folder / name
    return str(local) if local.suffix in (".yaml", ".yml") and local.is_file() else name


def earlier_turn(game: LoadedGame, phase: Phase) -> EarlierTurn | None:
    """The phase before `phase`: its state and its archived order files (for
    `render` to draw the orders that led to `phase`), and the phases before it."""
    calendar = game.ruleset.calendar
    phases = gf.list_phases(game.folder, calendar)
    earlier = [p for p in phases if calendar.sort_key(p) < calendar.sort_key(phase)]
    if not earlier:
        return None
    previous = earlier[-1]
    archive = gf.archive_dir(game.folder, previous)
    paths = sorted(p for p in archive.iterdir() if _is_copy(p)) if archive.is_dir() else []
    return EarlierTurn(
        gf.read_state_data(game.folder, previous),
        tuple(OrderFile(p.name, p.read_bytes()) for p in paths),
        gf.checked_secret(game.folder, game.config),
        lambda: earlier_turn(game, previous),
    )


def _is_copy(path: Path) -> bool:
    """An archived order file: not a hidden leftover (`.<name>.<random>.tmp`)."""
    return path.is_file() and not path.name.startswith(".")


def read_order_files(paths: Sequence[Path]) -> tuple[OrderFile, ...]:
    """Read order files; a missing one gets the nearest existing names as hints."""
    files = tuple(OrderFile(path.name, _read_bytes(path)) for path in paths)
    twice = [name for name, n in Counter(f.name for f in files).items() if n > 1]
    if twice:
        raise OrderFileError(T_("two order files are called {name}: rename one", name=twice[0]))
    return files


def _read_bytes(path: Path) -> bytes:
    """An order file's bytes; one larger than the limit is refused before it
    is read (`$MAPJUDGE_MAX_ORDER_BYTES`, Trust #9)."""
    if not path.is_file():
        raise OrderFileError(
            T_("{path}: no such order file{hint}", path=path, hint=_did_you_mean(path))
        )
    most = order_limit()
    try:
        size = path.stat().st_size
        if size > most:
            raise OrderFileError(
                T_(
                    "{path}: {size} bytes is more than the {most} an order file may have "
                    "(raise ${env} if it is right)",
                    path=path,
                    size=size,
                    most=most,
                    env=MAX_ORDER_ENV,
                )
            )
        with path.open("rb") as handle:
            data = handle.read(most + 1)
    except OSError as exc:
        raise OrderFileError(
            T_("{path}: cannot read: {reason}", path=path, reason=exc.strerror or exc)
        ) from None
    if len(data) > most:  # it grew while read
        raise OrderFileError(
            T_("{path}: more than the {most} bytes an order file may have", path=path, most=most)
        )
    return data


def _did_you_mean(path: Path) -> str:
    folder = path.parent if path.parent.is_dir() else None
    if folder is None:
        return ""
    names = [p.name for p in folder.iterdir() if p.is_file()]
    close = difflib.get_close_matches(path.name, names, n=3, cutoff=0.6)
    return did_you_mean(close)
