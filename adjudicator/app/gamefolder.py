"""Game folder I/O (DESIGN.md, "State on disk").

A game is a folder::

    game.yaml                  ruleset, map, scenario, name, powers, options, dice commitment
    secret.txt                 the GM's dice secret (kept private; or $MAPJUDGE_SECRET)
    turns/<phase>.yaml         the state at the START of each phase; never rewritten
    reports/<phase>.txt|.json  the report of adjudicating <phase>
    orders/archive/<phase>/    copies of the order files adjudicated in <phase>

(`orders/*.txt` is a handy inbox for the current phase's mail; the archive is
mapjudge's own and `undo` deletes it, so never keep the inbox inside it.)

Adjudicating phase P writes `orders/archive/P/`, `reports/P.*` and then `turns/<next>.yaml`
(the state file last: it is what makes the turn count). Every write is atomic:
a temp file in the same directory, fsync, `os.replace`. The current phase is the
latest state file by `Phase.sort_key`. YAML is read with `yaml.safe_load` only.

Every problem with the folder's data raises `GameFolderError` with a message
naming the file (and key) at fault.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.dice import verify_secret
from adjudicator.core.files import atomic_write, dump_yaml
from adjudicator.core.phase import Calendar, Phase
from adjudicator.core.plugin import StateLike
from adjudicator.core.receipts import Receipt, receipts

GAME_FILE = "game.yaml"
SECRET_FILE = "secret.txt"
SECRET_ENV = "MAPJUDGE_SECRET"
TURNS_DIR = "turns"
REPORTS_DIR = "reports"
ARCHIVE_DIR = Path("orders") / "archive"


class GameFolderError(Exception):
    """A user data problem in a game folder: the message names file and key."""


@dataclass(frozen=True)
class Player:
    """Who plays a power, and where to mail the report."""

    player: str = ""
    email: str = ""


@dataclass(frozen=True)
class GameConfig:
    """The contents of `game.yaml`."""

    ruleset: str
    name: str
    map: str | None = None
    scenario: str | None = None
    powers: Mapping[str, Player] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    preset: str | None = None
    commitment: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for `game.yaml`, in a stable order."""
        data: dict[str, Any] = {"name": self.name, "ruleset": self.ruleset}
        if self.map:
            data["map"] = self.map
        if self.scenario:
            data["scenario"] = self.scenario
        if self.preset:
            data["preset"] = self.preset
        data["options"] = dict(self.options)
        data["powers"] = {
            power: {"player": p.player, "email": p.email}
            for power, p in sorted(self.powers.items())
        }
        if self.commitment:
            data["dice"] = {"commitment": self.commitment}
        return data


# --- atomic writes and safe reads ----------------------------------------------


def read_yaml(path: Path) -> Any:
    """`yaml.safe_load` of a file; `GameFolderError` naming the file on any failure."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFolderError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFolderError(f"{path}: cannot read: {exc}") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" (line {where.line + 1})" if where is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise GameFolderError(f"{path}{line}: bad YAML: {problem}") from None


# --- game.yaml -------------------------------------------------------------------


def game_file(folder: Path) -> Path:
    return folder / GAME_FILE


def check_folder(folder: Path) -> None:
    """`GameFolderError` unless `folder` is a game folder (has game.yaml)."""
    if not folder.is_dir():
        raise GameFolderError(f"{folder}: no such game folder")
    if not game_file(folder).is_file():
        raise GameFolderError(f"{folder}: not a game folder (no {GAME_FILE})")


def load_config(folder: Path) -> GameConfig:
    """Read and validate `game.yaml`; errors name the file and the key."""
    check_folder(folder)
    path = game_file(folder)
    data = read_yaml(path)
    if not isinstance(data, Mapping):
        raise GameFolderError(f"{path}: expected a mapping of keys (ruleset, powers, ...)")
    return GameConfig(
        ruleset=_required_str(path, data, "ruleset"),
        name=_optional_str(path, data, "name") or folder.resolve().name,
        map=_optional_str(path, data, "map"),
        scenario=_optional_str(path, data, "scenario"),
        powers=_parse_powers(path, data.get("powers")),
        options=_mapping(path, data.get("options"), "options"),
        preset=_optional_str(path, data, "preset"),
        commitment=_parse_commitment(path, data.get("dice")),
    )


def save_config(folder: Path, config: GameConfig) -> None:
    header = (
        f"# mapjudge game folder. The dice secret is in {SECRET_FILE} (or ${SECRET_ENV}):\n"
        "# keep it private until the game ends; dice.commitment is its SHA-256.\n"
    )
    atomic_write(game_file(folder), header + dump_yaml(config.to_dict()))


def _required_str(path: Path, data: Mapping[str, Any], key: str) -> str:
    value = _optional_str(path, data, key)
    if not value:
        raise GameFolderError(f"{path}: missing key {key!r}")
    return value


def _optional_str(path: Path, data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise GameFolderError(f"{path}: key {key!r} must be a string")
    return str(value)


def _mapping(path: Path, value: Any, key: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise GameFolderError(f"{path}: key {key!r} must be a mapping")
    return {str(k): v for k, v in value.items()}


def _parse_powers(path: Path, value: Any) -> dict[str, Player]:
    powers: dict[str, Player] = {}
    for power, entry in _mapping(path, value, "powers").items():
        entry = entry or {}
        if not isinstance(entry, Mapping):
            raise GameFolderError(f"{path}: key 'powers.{power}' must be a mapping (player, email)")
        powers[power] = Player(str(entry.get("player") or ""), str(entry.get("email") or ""))
    return powers


def _parse_commitment(path: Path, value: Any) -> str | None:
    dice = _mapping(path, value, "dice")
    commitment = dice.get("commitment")
    if commitment is None:
        return None
    text = str(commitment).strip().lower()
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise GameFolderError(f"{path}: key 'dice.commitment' must be a SHA-256 hex digest")
    return text


# --- the GM's secret -------------------------------------------------------------


def new_secret() -> str:
    """A fresh random dice secret (256 bits, hex)."""
    return secrets.token_hex(32)


def write_secret(folder: Path, secret: str) -> Path:
    """Store the secret in `<folder>/secret.txt`, readable by the owner only."""
    path = folder / SECRET_FILE
    atomic_write(path, secret + "\n", mode=0o600)
    return path


def read_secret_file(path: Path) -> str:
    """The secret in a file (surrounding whitespace stripped)."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise GameFolderError(f"{path}: cannot read secret: {exc.strerror or exc}") from None
    if not secret:
        raise GameFolderError(f"{path}: the secret file is empty")
    return secret


def find_secret(folder: Path, secret_file: Path | None = None) -> str | None:
    """The GM's secret: `secret_file`, else $MAPJUDGE_SECRET, else `<folder>/secret.txt`."""
    if secret_file is not None:
        return read_secret_file(secret_file)
    from_env = os.environ.get(SECRET_ENV, "").strip()
    if from_env:
        return from_env
    default = folder / SECRET_FILE
    return read_secret_file(default) if default.is_file() else None


def checked_secret(folder: Path, config: GameConfig, secret_file: Path | None = None) -> str | None:
    """The secret, after checking it against the commitment in game.yaml."""
    secret = find_secret(folder, secret_file)
    if secret is not None and config.commitment and not verify_secret(secret, config.commitment):
        raise GameFolderError(
            f"{game_file(folder)}: the secret does not match dice.commitment "
            f"(wrong {SECRET_FILE} or ${SECRET_ENV}?)"
        )
    return secret


# --- turns -----------------------------------------------------------------------


def state_path(folder: Path, phase: Phase | str) -> Path:
    return folder / TURNS_DIR / f"{phase}.yaml"


def map_path(folder: Path, phase: Phase | str, fmt: str = "png") -> Path:
    """`turns/<phase>.png` (or `.svg`): the map drawn beside a phase's state."""
    return folder / TURNS_DIR / f"{phase}.{fmt}"


def list_phases(folder: Path, calendar: Calendar) -> list[Phase]:
    """Phases with a state file, oldest first (in the ruleset's `calendar`)."""
    phases: list[Phase] = []
    for path in (folder / TURNS_DIR).glob("*.yaml"):
        try:
            phases.append(calendar.parse(path.stem))
        except ValueError as exc:
            raise GameFolderError(f"{path}: file name is not a phase id ({exc})") from None
    return sorted(phases, key=calendar.sort_key)


StateReader = Callable[[Mapping[str, object]], StateLike]
"""A ruleset's `read_state`: a state file's body -> its state object."""


def read_state_data(folder: Path, phase: Phase | str) -> Mapping[str, object]:
    """The plain data of `turns/<phase>.yaml`; `GameFolderError` naming the file."""
    path = state_path(folder, phase)
    data = read_yaml(path)
    if not isinstance(data, Mapping):
        raise GameFolderError(f"{path}: expected a game state mapping")
    if str(data.get("phase")) != str(phase):
        raise GameFolderError(
            f"{path}: key 'phase' says {data.get('phase')}, file name says {phase}"
        )
    return data


def read_state(folder: Path, phase: Phase | str, reader: StateReader) -> StateLike:
    """The state at the start of `phase`, read with the ruleset's `reader`."""
    data = read_state_data(folder, phase)
    try:
        return reader(data)
    except ValueError as exc:
        raise GameFolderError(f"{state_path(folder, phase)}: {exc}") from None


def current_phase(folder: Path, calendar: Calendar) -> Phase:
    """The latest phase in `turns/`."""
    phases = list_phases(folder, calendar)
    if not phases:
        raise GameFolderError(f"{folder / TURNS_DIR}: no state files")
    return phases[-1]


def current_state(folder: Path, calendar: Calendar, reader: StateReader) -> StateLike:
    """The state of the latest phase in `turns/`."""
    return read_state(folder, current_phase(folder, calendar), reader)


def write_state(folder: Path, phase: Phase, data: Mapping[str, object]) -> Path:
    """Write `turns/<phase>.yaml` (a state's plain data); refuses to rewrite an
    existing turn."""
    path = state_path(folder, phase)
    if path.exists():
        raise GameFolderError(f"{path}: already exists; older turns are never rewritten")
    atomic_write(path, dump_yaml(dict(data)))
    return path


# --- reports and order archive ---------------------------------------------------


def report_paths(folder: Path, phase: Phase | str) -> tuple[Path, Path]:
    """`reports/<phase>.txt` and `reports/<phase>.json`."""
    base = folder / REPORTS_DIR
    return base / f"{phase}.txt", base / f"{phase}.json"


def write_report(folder: Path, phase: Phase | str, text: str, json_text: str) -> None:
    text_path, json_path = report_paths(folder, phase)
    atomic_write(json_path, json_text)
    atomic_write(text_path, text)


def archive_dir(folder: Path, phase: Phase | str) -> Path:
    return folder / ARCHIVE_DIR / str(phase)


def check_not_archived(folder: Path, files: Sequence[Path]) -> None:
    """Refuse order files inside `orders/archive/` (mapjudge's copies, deleted by undo)."""
    archive = (folder / ARCHIVE_DIR).resolve()
    for path in files:
        if path.resolve().is_relative_to(archive):
            raise GameFolderError(
                f"{path}: order files must not be inside {ARCHIVE_DIR}/ (mapjudge's copies)"
            )


def archive_orders(
    folder: Path, phase: Phase | str, files: Sequence[tuple[str, bytes]]
) -> tuple[Receipt, ...]:
    """Copy order files (name, bytes) to `orders/archive/<phase>/`; their receipts, sorted."""
    target = archive_dir(folder, phase)
    for name, data in files:
        atomic_write(target / name, data)
    return receipts(files)


def undo(folder: Path, calendar: Calendar) -> tuple[Phase, Phase]:
    """Remove the latest state file and what adjudicating the phase before wrote.

    Returns (removed phase, the phase that is current again). The first state
    file is never removed.
    """
    phases = list_phases(folder, calendar)
    if len(phases) < 2:
        raise GameFolderError(f"{folder}: nothing to undo (only the first turn is there)")
    latest, previous = phases[-1], phases[-2]
    state_path(folder, latest).unlink()
    for image in (folder / TURNS_DIR).glob(f"{latest}.*"):
        image.unlink()
    for path in report_paths(folder, previous):
        path.unlink(missing_ok=True)
    shutil.rmtree(archive_dir(folder, previous), ignore_errors=True)
    return latest, previous
