"""What every case file shares, whatever its ruleset (format: `tests/cases/README.md`).

A case file is a YAML mapping whose header keys are the same for every
ruleset: `id`, `ruleset`, `rule` (the section it comes from), `title`,
optional `notes` and `xfail`. The rest belongs to the ruleset's adapter
(`Adapter`): how it loads the case, runs it and, where the ruleset has a
canonical order form, checks the players' wording against it.

This module knows no ruleset; `tests/caserunner/runner.py` holds the
registry of adapters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import yaml

HEADER_KEYS = ({"id", "ruleset", "rule", "title"}, {"notes", "xfail"})
"""(required, optional) keys of every case, whatever its ruleset."""
MAX_CASE_BYTES = 1_000_000
"""A case file larger than this is refused (cases are small, hand-written data)."""

Keys = tuple[set[str], set[str]]
"""(required, optional) keys of a mapping."""


class CaseFormatError(ValueError):
    """A case file that does not follow the case format; names the file and key."""


class CaseLike(Protocol):
    """What the generic runner reads of a loaded case, whatever its ruleset."""

    @property
    def id(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def path(self) -> Path | None: ...


class Outcome(Protocol):
    """What running a case gives: `ok`, or `render()` for a readable diff."""

    @property
    def ok(self) -> bool: ...

    def render(self) -> str: ...


C = TypeVar("C")


@dataclass(frozen=True)
class Adapter(Generic[C]):
    """How one kind of ruleset reads and runs its cases.

    - `load(data, where, path)`: the case from its YAML data (header included),
      `CaseFormatError` naming `where` and the key when it is malformed;
    - `run(case)`: play it against the real engine;
    - `texts(case)`: problems with the players' own wording, for rulesets whose
      cases give a canonical order and its original text (None: no such check).
    """

    load: Callable[[Any, str, Path | None], C]
    run: Callable[[C], Outcome]
    texts: Callable[[C], list[str]] | None = None


@dataclass(frozen=True)
class CaseHeader:
    """The keys every case has, read without the ruleset's adapter."""

    id: str
    ruleset: str
    rule: str
    title: str
    notes: tuple[str, ...] = ()
    xfail: str | None = None
    path: Path | None = None


def read_yaml(path: Path) -> Any:
    """A case file's data, read with a safe loader (libyaml's when available)."""
    if path.stat().st_size > MAX_CASE_BYTES:
        raise CaseFormatError(f"{path}: larger than {MAX_CASE_BYTES} bytes")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except yaml.YAMLError as exc:
        raise CaseFormatError(f"{path}: not readable YAML: {exc}") from None


def read_header(data: Any, where: str, path: Path | None = None) -> CaseHeader:
    """The header keys of a case (the other keys are the adapter's to check)."""
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected a mapping, got {type(data).__name__}")
    required, _ = HEADER_KEYS
    missing = required - data.keys()
    if missing:
        raise CaseFormatError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    return CaseHeader(
        id=text(data, "id", where),
        ruleset=text(data, "ruleset", where),
        rule=text(data, "rule", where),
        title=text(data, "title", where),
        notes=notes(data, where),
        xfail=xfail_reason(data, where),
        path=path,
    )


def check_keys(data: Any, keys: Keys, where: str) -> None:
    """`data` is a mapping with every required key and no unknown one."""
    required, optional = keys
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected a mapping, got {type(data).__name__}")
    missing = required - data.keys()
    unknown = data.keys() - required - optional
    if missing:
        raise CaseFormatError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    if unknown:
        raise CaseFormatError(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")


def text(data: Mapping[str, Any], key: str, where: str) -> str:
    """A required non-empty string."""
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise CaseFormatError(f"{where}: {key}: expected a non-empty string")
    return value


def notes(data: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """`notes`: a string or a list of strings (none when left out)."""
    value = data.get("notes")
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list):
        raise CaseFormatError(f"{where}: notes: expected a list of strings")
    return tuple(str(n) for n in value)


def xfail_reason(data: Mapping[str, Any], where: str) -> str | None:
    """`xfail: "<why, citing the rule>"`: the engine is known to depart from
    the rule; the test is a strict xfail, so a fix is noticed."""
    value = data.get("xfail")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise CaseFormatError(f"{where}: xfail: expected the reason, a non-empty string")
    return value


def case_head(case: CaseLike) -> str:
    """`case 6.A.5 (DATC 6.A.5): MOVE TO OWN SECTOR`, the first line of a report."""
    return f"case {case.id} ({case.rule}): {case.title}"


def indent(lines: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in lines.splitlines())
