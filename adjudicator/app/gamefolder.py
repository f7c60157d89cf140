"""Game folder I/O (DESIGN.md, "State on disk").

A game is a folder::

    game.yaml                  ruleset, map, scenario, name, powers, options, dice commitment
    secret.txt                 the GM's dice secret (kept private; or $MAPJUDGE_SECRET)
    turns/<phase>.yaml         the state at the START of each phase; never rewritten
    reports/<phase>.txt|.json  the report of adjudicating <phase>
    orders/archive/<phase>/    copies of the order files adjudicated in <phase>
    .lock                      the folder's lock (`folderlock.py`)
    .staging/                  a turn being written, or left by an interrupted one (`commit.py`)

(`orders/*.txt` is a handy inbox for the current phase's mail; the archive is
mapjudge's own and `undo` deletes it, so never keep the inbox inside it.)

Adjudicating phase P writes `orders/archive/P/`, `reports/P.*` and then `turns/<next>.yaml`
(the state file last: it is what makes the turn count) as one step, through a
staging folder, under the folder's lock (`commit.py`, `folderlock.py`). Every
other write is atomic: a temp file in the same directory, fsync, `os.replace`. The current phase is the
latest state file by `Phase.sort_key`. YAML is read with `maps.safe_yaml` only
(a safe loader with a size limit, no aliases and no duplicate keys).

Every problem with the folder's data raises `GameFolderError` with a message
naming the file (and key) at fault.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.core.dice import verify_secret
from adjudicator.core.files import atomic_write, dump_yaml
from adjudicator.core.i18n import LANGUAGES, T_, UnknownLanguage, checked_language
from adjudicator.core.messages import message_of
from adjudicator.core.phase import Calendar, Phase
from adjudicator.core.plugin import StateLike
from adjudicator.core.receipts import receipts_from_dict
from maps.safe_yaml import YamlProblem, read_yaml_file

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
    language: str | None = None
    """`powers.<p>.language` (es, ca, en): the player's replies; else the game's `language`."""


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
    deadlines: Mapping[str, datetime] = field(default_factory=dict)
    """`deadlines: {<phase id>: ISO-8601 with offset}`: when each phase's orders are due."""
    mail: Mapping[str, Any] = field(default_factory=dict)
    language: str | None = None
    """`language: es|ca|en`: the default language of the GM's output and the replies."""
    civil_disorder_after: int | None = None
    """`civil_disorder_after: N`: a power that had to order and sent nothing in N
    phases in a row is in civil disorder until it orders again (`app.disorder`)."""
    """`mail: {smtp_host, smtp_port, from, starttls, user}` (`send.py`); never a password;
    `power_headers: true` lets `inbox` match a message by its power header (`inbox.py`)."""

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
            | ({"language": p.language} if p.language else {})
            for power, p in sorted(self.powers.items())
        }
        if self.language:
            data["language"] = self.language
        if self.commitment:
            data["dice"] = {"commitment": self.commitment}
        if self.deadlines:
            data["deadlines"] = {k: v.isoformat() for k, v in sorted(self.deadlines.items())}
        if self.mail:
            data["mail"] = dict(self.mail)
        if self.civil_disorder_after is not None:
            data["civil_disorder_after"] = self.civil_disorder_after
        return data


# --- atomic writes and safe reads ----------------------------------------------


def read_yaml(path: Path) -> Any:
    """A YAML file read with the safe, bounded loader (`maps.safe_yaml`: size
    limit, no aliases, no duplicate keys); `GameFolderError` naming the file
    (and the line) on any failure."""
    try:
        return read_yaml_file(path)
    except FileNotFoundError:
        raise GameFolderError(T_("{path}: file not found", path=path)) from None
    except OSError as exc:
        raise GameFolderError(
            T_("{path}: cannot read: {reason}", path=path, reason=exc.strerror or exc)
        ) from None
    except YamlProblem as exc:
        raise GameFolderError(message_of(exc)) from None


# --- game.yaml -------------------------------------------------------------------


def game_file(folder: Path) -> Path:
    return folder / GAME_FILE


def check_folder(folder: Path) -> None:
    """`GameFolderError` unless `folder` is a game folder (has game.yaml)."""
    if not folder.is_dir():
        raise GameFolderError(T_("{folder}: no such game folder", folder=folder))
    if not game_file(folder).is_file():
        raise GameFolderError(
            T_("{folder}: not a game folder (no {file})", folder=folder, file=GAME_FILE)
        )


def load_config(folder: Path) -> GameConfig:
    """Read and validate `game.yaml`; errors name the file and the key."""
    check_folder(folder)
    path = game_file(folder)
    data = read_yaml(path)
    if not isinstance(data, Mapping):
        raise GameFolderError(
            T_("{path}: expected a mapping of keys (ruleset, powers, ...)", path=path)
        )
    _known_keys(path, data, GAME_KEYS, "")
    return GameConfig(
        ruleset=_required_str(path, data, "ruleset"),
        name=_optional_str(path, data, "name") or folder.resolve().name,
        map=_optional_str(path, data, "map"),
        scenario=_optional_str(path, data, "scenario"),
        powers=_parse_powers(path, data.get("powers")),
        options=_mapping(path, data.get("options"), "options"),
        preset=_optional_str(path, data, "preset"),
        commitment=_parse_commitment(path, data.get("dice")),
        deadlines=_parse_deadlines(path, data.get("deadlines")),
        mail=_mapping(path, data.get("mail"), "mail"),
        language=_parse_language(path, data, "language", ""),
        civil_disorder_after=_parse_disorder_after(path, data.get("civil_disorder_after")),
    )


def save_config(folder: Path, config: GameConfig) -> None:
    header = (
        f"# mapjudge game folder. The dice secret is in {SECRET_FILE} (or ${SECRET_ENV}):\n"
        "# keep it private until the game ends; dice.commitment is its SHA-256.\n"
    )
    atomic_write(game_file(folder), header + dump_yaml(config.to_dict()))


GAME_KEYS = (
    "name", "ruleset", "map", "scenario", "preset", "options", "powers", "dice", "deadlines",
    "mail", "language", "civil_disorder_after",
)
"""The keys of game.yaml (`GameConfig.to_dict`); any other is a mistake (Trust #7)."""


def _known_keys(path: Path, data: Mapping[Any, Any], known: Sequence[str], where: str) -> None:
    """`GameFolderError` naming a key of `data` that is not one of `known`."""
    for key in data:
        if str(key) not in known:
            listed = ", ".join(known)
            raise GameFolderError(
                T_(
                    "{path}: unknown key '{key}' (known: {listed})",
                    path=path,
                    key=f"{where}{key}",
                    listed=listed,
                )
            )


def _required_str(path: Path, data: Mapping[str, Any], key: str) -> str:
    value = _optional_str(path, data, key)
    if not value:
        raise GameFolderError(T_("{path}: missing key {key!r}", path=path, key=key))
    return value


def _optional_str(path: Path, data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise GameFolderError(T_("{path}: key {key!r} must be a string", path=path, key=key))
    return str(value)


def _mapping(path: Path, value: Any, key: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise GameFolderError(T_("{path}: key {key!r} must be a mapping", path=path, key=key))
    return {str(k): v for k, v in value.items()}


def _parse_powers(path: Path, value: Any) -> dict[str, Player]:
    powers: dict[str, Player] = {}
    for power, entry in _mapping(path, value, "powers").items():
        entry = entry or {}
        if not isinstance(entry, Mapping):
            raise GameFolderError(
                T_(
                    "{path}: key 'powers.{power}' must be a mapping (player, email)",
                    path=path,
                    power=power,
                )
            )
        _known_keys(path, entry, ("player", "email", "language"), f"powers.{power}.")
        language = _parse_language(path, entry, "language", f"powers.{power}.")
        powers[power] = Player(
            str(entry.get("player") or ""), str(entry.get("email") or ""), language
        )
    return powers


def _parse_language(path: Path, data: Mapping[str, Any], key: str, where: str) -> str | None:
    """`language: es|ca|en` (issue 19), or None when not given."""
    value = data.get(key)
    if value is None:
        return None
    try:
        return checked_language(str(value), f"{path}: key '{where}{key}'")
    except UnknownLanguage:
        raise GameFolderError(
            T_(
                "{path}: key '{key}': unknown language {code!r} (choose one of: {known})",
                path=path,
                key=f"{where}{key}",
                code=str(value),
                known=", ".join(LANGUAGES),
            )
        ) from None


def _parse_disorder_after(path: Path, value: Any) -> int | None:
    """`civil_disorder_after: N` (a whole number, 1 or more), or None when not given."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GameFolderError(
            T_(
                "{path}: key 'civil_disorder_after' must be a whole number of phases, "
                "1 or more, not {value}",
                path=path,
                value=repr(value),
            )
        )
    return value


def _parse_deadlines(path: Path, value: Any) -> dict[str, datetime]:
    """`deadlines: {<phase id>: <ISO-8601 date and time with its UTC offset>}`."""
    deadlines: dict[str, datetime] = {}
    for phase, when in _mapping(path, value, "deadlines").items():
        text = when.isoformat() if isinstance(when, datetime) else str(when)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            raise GameFolderError(
                T_(
                    "{path}: key 'deadlines.{phase}': {text!r} is not an ISO-8601 date and time "
                    "with its offset (e.g. 2026-12-01T20:00:00+01:00)",
                    path=path,
                    phase=phase,
                    text=text,
                )
            )
        deadlines[phase] = moment
    return deadlines


def _parse_commitment(path: Path, value: Any) -> str | None:
    dice = _mapping(path, value, "dice")
    _known_keys(path, dice, ("commitment",), "dice.")
    commitment = dice.get("commitment")
    if commitment is None:
        return None
    text = str(commitment).strip().lower()
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise GameFolderError(
            T_("{path}: key 'dice.commitment' must be a SHA-256 hex digest", path=path)
        )
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
        raise GameFolderError(
            T_("{path}: cannot read secret: {reason}", path=path, reason=exc.strerror or exc)
        ) from None
    if not secret:
        raise GameFolderError(T_("{path}: the secret file is empty", path=path))
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
            T_(
                "{path}: the secret does not match dice.commitment (wrong {file} or ${env}?)",
                path=game_file(folder),
                file=SECRET_FILE,
                env=SECRET_ENV,
            )
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
            raise GameFolderError(
                T_(
                    "{path}: file name is not a phase id ({problem})",
                    path=path,
                    problem=message_of(exc),
                )
            ) from None
    return sorted(phases, key=calendar.sort_key)


StateReader = Callable[[Mapping[str, object]], StateLike]
"""A ruleset's `read_state`: a state file's body -> its state object."""


def read_state_data(folder: Path, phase: Phase | str) -> Mapping[str, object]:
    """The plain data of `turns/<phase>.yaml`; `GameFolderError` naming the file."""
    path = state_path(folder, phase)
    data = read_yaml(path)
    if not isinstance(data, Mapping):
        raise GameFolderError(T_("{path}: expected a game state mapping", path=path))
    if str(data.get("phase")) != str(phase):
        raise GameFolderError(
            T_(
                "{path}: key 'phase' says {said}, file name says {phase}",
                path=path,
                said=data.get("phase"),
                phase=phase,
            )
        )
    return data


def read_state(folder: Path, phase: Phase | str, reader: StateReader) -> StateLike:
    """The state at the start of `phase`, read with the ruleset's `reader`."""
    data = read_state_data(folder, phase)
    try:
        return reader(data)
    except ValueError as exc:
        raise GameFolderError(
            T_("{path}: {problem}", path=state_path(folder, phase), problem=message_of(exc))
        ) from None


def current_phase(folder: Path, calendar: Calendar) -> Phase:
    """The latest phase in `turns/`."""
    phases = list_phases(folder, calendar)
    if not phases:
        raise GameFolderError(T_("{path}: no state files", path=folder / TURNS_DIR))
    return phases[-1]


def current_state(folder: Path, calendar: Calendar, reader: StateReader) -> StateLike:
    """The state of the latest phase in `turns/`."""
    return read_state(folder, current_phase(folder, calendar), reader)


def write_state(folder: Path, phase: Phase, data: Mapping[str, object]) -> Path:
    """Write `turns/<phase>.yaml` (a state's plain data); refuses to rewrite an
    existing turn."""
    path = state_path(folder, phase)
    if path.exists():
        raise GameFolderError(
            T_("{path}: already exists; older turns are never rewritten", path=path)
        )
    atomic_write(path, dump_yaml(dict(data)))
    return path


# --- reports and order archive ---------------------------------------------------


def report_paths(folder: Path, phase: Phase | str) -> tuple[Path, Path]:
    """`reports/<phase>.txt` and `reports/<phase>.json`."""
    base = folder / REPORTS_DIR
    return base / f"{phase}.txt", base / f"{phase}.json"


REPORT_SUFFIXES = (".txt", ".json", ".wiki", ".png", ".svg")
"""What a turn writes in `reports/<phase>/`: private parts and report extras."""


def private_reports_dir(folder: Path, phase: Phase | str) -> Path:
    """`reports/<phase>/`: one `<power>.txt` and `<power>.json` each, what only
    that power is told (mail each player its own)."""
    return folder / REPORTS_DIR / str(phase)


def archive_dir(folder: Path, phase: Phase | str) -> Path:
    return folder / ARCHIVE_DIR / str(phase)


def check_not_archived(folder: Path, files: Sequence[Path]) -> None:
    """Refuse order files inside `orders/archive/` (mapjudge's copies, deleted by undo)."""
    archive = (folder / ARCHIVE_DIR).resolve()
    for path in files:
        if path.resolve().is_relative_to(archive):
            raise GameFolderError(
                T_(
                    "{path}: order files must not be inside {archive}/ (mapjudge's copies)",
                    path=path,
                    archive=ARCHIVE_DIR,
                )
            )


def undo(folder: Path, calendar: Calendar) -> tuple[Phase, Phase]:
    """Remove the latest state file and what adjudicating the phase before wrote.

    Returns (removed phase, the phase that is current again). The first state
    file is never removed.
    """
    phases = list_phases(folder, calendar)
    if len(phases) < 2:
        raise GameFolderError(
            T_("{folder}: nothing to undo (only the first turn is there)", folder=folder)
        )
    latest, previous = phases[-1], phases[-2]
    state_path(folder, latest).unlink()  # from here on the turn no longer counts
    remove_turn_outputs(folder, previous, latest)
    return latest, previous


def remove_turn_outputs(
    folder: Path, phase: Phase | str, later: Phase | str | None = None
) -> list[Path]:
    """Remove what adjudicating `phase` wrote besides the next state file, and
    nothing else (Trust #11): the files `turn_outputs` lists, then the folders
    left empty. Returns the files removed.

    `undo` calls it after removing the state file, and so does the next command
    when an interruption left it half done: it may be run again at any point."""
    removed = turn_outputs(folder, phase, later)
    for path in removed:
        path.unlink()
    for empty in (private_reports_dir(folder, phase), archive_dir(folder, phase)):
        try:
            empty.rmdir()
        except OSError:
            pass  # not there, or holds files the turn did not write: kept
    return removed


def turn_outputs(folder: Path, phase: Phase | str, later: Phase | str | None = None) -> list[Path]:
    """The files adjudicating `phase` wrote besides the next state file:
    `reports/<phase>.json|.txt`, the private reports `reports/<phase>/<power>.txt|.json`,
    the order copies in `orders/archive/<phase>/` named by the report's receipts
    (every file there when the report is gone: the archive is mapjudge's own),
    temporary files of an interrupted write, and the maps `turns/<later>.png|.svg`
    of the phase the turn led to. Only those that exist, never a link."""
    text_path, json_path = report_paths(folder, phase)
    named = _receipt_names(json_path)
    paths = [json_path, text_path]
    private = private_reports_dir(folder, phase)
    if private.is_dir():
        paths += sorted(p for p in private.iterdir() if p.suffix in REPORT_SUFFIXES)
    archive = archive_dir(folder, phase)
    if archive.is_dir():
        paths += sorted(
            p for p in archive.iterdir() if named is None or p.name in named or is_temp(p.name)
        )
    if later is not None:
        paths += [map_path(folder, later, "png"), map_path(folder, later, "svg")]
    return [p for p in paths if p.is_file() and not p.is_symlink()]


def is_temp(name: str) -> bool:
    """A temporary file of `atomic_write` (`.<name>.<random>.tmp`)."""
    return name.startswith(".") and name.endswith(".tmp")


def _receipt_names(json_path: Path) -> set[str] | None:
    """The plain file names of a report's receipts; None when it cannot be read
    or lists no receipts at all."""
    try:
        data = json.loads(json_path.read_text(encoding="utf-8"))
        if "receipts" not in data:
            return None
        found = receipts_from_dict(data)
    except (OSError, UnicodeDecodeError, ValueError, TypeError, AttributeError):
        return None
    return {r.file for r in found if is_plain_name(r.file)}


def is_plain_name(name: str) -> bool:
    """A file name with no folder in it (`england.txt`, not `../x` or `a/b`):
    the only names a receipt may give (Trust #10)."""
    return bool(name) and name not in (".", "..") and not any(c in name for c in ("/", "\\", "\0"))
