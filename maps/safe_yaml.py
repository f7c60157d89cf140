"""The one safe, bounded YAML reader every layer uses (DESIGN.md, "State on
disk": "YAML is read with a safe loader, with size and alias limits").

`load_yaml(text, source)` reads with libyaml's `CSafeLoader` when it is
there (`SafeLoader` otherwise) and refuses, with a `YamlProblem` naming the
source, the line and what is wrong:

- a file larger than the limit (`MAPJUDGE_MAX_YAML_BYTES`, default 256 KiB;
  `yaml_limit()`), before it is parsed;
- anchors and aliases (`&a` / `*a`): no file mapjudge reads needs them, and
  an alias bomb (the "billion laughs") would expand to gigabytes once walked;
- a key written twice in one mapping (`ruleset:` twice would silently keep
  the last);
- nesting too deep for the parser (a file of ten thousand `[`).

It lives in `maps/`, the lowest layer that reads YAML, so the maps, the
core, the rulesets and the app share it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import yaml

from maps.user_cache import cache_directory
from texts import N_, T_

__all__ = [
    "DEFAULT_MAX_YAML_BYTES",
    "MAX_YAML_ENV",
    "YamlProblem",
    "load_yaml",
    "read_yaml_file",
    "yaml_limit",
]

MAX_YAML_ENV = "MAPJUDGE_MAX_YAML_BYTES"
DEFAULT_MAX_YAML_BYTES = 256 * 1024
"""A game's largest YAML (a packaged map's geometry) is under 60 KB; a state a few KB."""

_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlProblem(ValueError):
    """A YAML text mapjudge will not read: the message names the source, the
    line when known, and what is wrong (`problem`; `line` and `column` count
    from 1)."""

    def __init__(
        self,
        source: str,
        problem: str,
        line: int | None = None,
        column: int | None = None,
        what: str | None = None,
    ) -> None:
        self.source = source
        self.problem = problem
        self.line = line
        self.column = column
        where = T_(" (line {line})", line=line) if line is not None else ""
        told = T_(
            "{source}{where}: {what}: {problem}",
            source=source,
            where=where,
            what=what or T_("bad YAML"),
            problem=problem,
        )
        super().__init__(told)


def yaml_limit() -> int:
    """The largest YAML file read, in bytes (`$MAPJUDGE_MAX_YAML_BYTES`)."""
    return env_limit(MAX_YAML_ENV, DEFAULT_MAX_YAML_BYTES)


def env_limit(variable: str, default: int) -> int:
    """A size limit from an environment variable (a positive whole number of
    bytes), else `default`; a bad value is a `YamlProblem`-free `ValueError`."""
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(
            T_(
                "${variable}={text!r}: expected a whole number of bytes",
                variable=variable,
                text=text,
            )
        ) from None
    if value <= 0:
        raise ValueError(
            T_(
                "${variable}={text!r}: expected a positive number of bytes",
                variable=variable,
                text=text,
            )
        )
    return value


class _StrictLoader(_Base):  # type: ignore[misc, valid-type]
    """A safe loader that refuses aliases and duplicate keys."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A node met again is an alias (`*name`); so is a node being built.
        if node in self.constructed_objects or node in self.recursive_objects:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                T_("anchors and aliases (&name, *name) are not allowed"),
                node.start_mark,
            )
        return super().construct_object(node, deep)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: set[object] = set()
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            None,
                            None,
                            T_("duplicate key {key!r}", key=key_node.value),
                            key_node.start_mark,
                        )
                    seen.add(key)
        return super().construct_mapping(node, deep)


def load_yaml(text: str | bytes, source: str, limit: int | None = None) -> Any:
    """The data of one YAML document; `YamlProblem` naming `source` (and the
    line) for a file too large, bad YAML, an alias or a duplicate key."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    _check_size(source, size, yaml_limit() if limit is None else limit)
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        raise YamlProblem(source, _problem(exc), line, column) from None
    except RecursionError:
        raise YamlProblem(source, T_("nested too deeply")) from None


def _check_size(source: str, size: int, most: int) -> None:
    if size > most:
        raise YamlProblem(
            source,
            T_(
                "{size} bytes or more, and a YAML file may have {most} (raise ${env} if it is right)",
                size=size,
                most=most,
                env=MAX_YAML_ENV,
            ),
            what=T_("too large"),
        )


def read_yaml_file(path: Path, source: str | None = None, *, cached: bool = False) -> Any:
    """`load_yaml` of a file, its size checked before it is read; `OSError`
    when it cannot be read, `YamlProblem` for the rest (not UTF-8 included).

    `cached` (for the packaged maps and geometries, read by every command):
    the data is also kept as JSON in the user's cache (`maps.user_cache`),
    named by the SHA-256 of the file's bytes, and read from there the next
    time (JSON is read in C; building a 60 KB YAML document's objects in
    Python takes about 50 ms). Only data JSON gives back exactly (same types,
    same order) is cached; the file's checks above run every time."""
    name = str(path) if source is None else source
    most = yaml_limit()
    _check_size(name, path.stat().st_size, most)
    with path.open("rb") as handle:  # at most one byte past the limit (a device never ends)
        data = handle.read(most + 1)
    _check_size(name, len(data), most)
    copy = _cache_path(data) if cached else None
    if copy is not None:
        found = _read_copy(copy)
        if found is not _MISSING:
            return found
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problem = T_("not UTF-8: byte {byte} cannot be read", byte=f"0x{data[exc.start]:02x}")
        raise YamlProblem(name, problem, line) from None
    loaded = load_yaml(text, name, most)
    if copy is not None:
        _write_copy(copy, loaded)
    return loaded


_MISSING = object()
_CACHE_FORMAT = 1
"""Changes when what `load_yaml` gives for the same bytes changes."""


def _cache_path(data: bytes) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    digest = hashlib.sha256(data).hexdigest()
    return directory / f"yaml{_CACHE_FORMAT}-{digest}.json"


def _read_copy(copy: Path) -> Any:
    try:
        with copy.open("rb") as handle:
            return json.loads(handle.read())
    except (OSError, ValueError):
        return _MISSING


def _write_copy(copy: Path, value: Any) -> None:
    """Write the JSON copy (atomically: a temporary file renamed), if JSON
    gives `value` back exactly; a cache that cannot be written is skipped."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return
    if not _same(json.loads(text), value):
        return
    temporary = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, copy)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (`1 == 1.0 == True` is not enough)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            _same(ka, kb) and _same(va, vb)
            for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
        )
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


_YAML_PROBLEMS = frozenset(
    {
        N_("mapping values are not allowed here"),
        N_("mapping values are not allowed in this context"),
        N_("did not find expected key"),
        N_("did not find expected node content"),
        N_("did not find expected ',' or ']'"),
        N_("did not find expected '-' indicator"),
        N_("could not find expected ':'"),
        N_("found character that cannot start any token"),
        N_("found unexpected end of stream"),
        N_("found a tab character that violates indentation"),
        N_("found unknown escape character"),
        N_("block sequence entries are not allowed in this context"),
    }
)
"""The problems PyYAML reports most (its English words), told in the reader's
language; any other as PyYAML words it."""


def _problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None)
    if problem in _YAML_PROBLEMS:
        return T_(str(problem))
    if isinstance(problem, str) and problem:
        return problem  # a `Text` of ours stays one
    return str(problem) if problem else str(exc).splitlines()[0] if str(exc) else T_("invalid YAML")
