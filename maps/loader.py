"""Load a map file (YAML, format `mapjudge-map` version 1) into a `GameMap`.

This module holds the public entry points (`load_map`, `load_map_data`,
`packaged_maps`), file reading and caching, the stage runner, `MapError` and
the final build of the `GameMap`. The file format is described, for map
makers, in `maps/README.md` (a whole map: `maps/classic.yaml`; hex grids:
`maps.hexgrid`).

Validation runs in three stages, each collecting every error before raising
one `MapError` (each error names the file and the key): *structure*
(`maps.parse`: YAML data -> a typed `maps.spec.MapSpec`), then *references*
and *consistency* (`maps.validate`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from maps.model import Crossing, GameMap, Scenario, build_graph
from maps.parse import FORMAT, VERSION, parse_map
from maps.safe_yaml import YamlProblem, read_yaml_file
from maps.spec import Borders, Errors, MapSpec, ScenarioSpec
from maps.validate import check_consistency, check_references
from texts import T_, Tn_

__all__ = [
    "FORMAT",
    "MAPS_DIR",
    "VERSION",
    "MapError",
    "load_map",
    "load_map_data",
    "packaged_maps",
]

MAPS_DIR = Path(__file__).parent

_BARE_NAME = re.compile(r"[a-z0-9_-]+\Z")

T = TypeVar("T")


class MapError(ValueError):
    """A map file that cannot be used; `errors` lists every problem of one stage."""

    def __init__(self, errors: Sequence[str], stage: str = "file") -> None:
        self.errors = tuple(errors)
        self.stage = stage
        if len(self.errors) == 1:
            message = self.errors[0]
        else:
            lines = ""
            for error in self.errors:
                lines = T_("{lines}\n  - {error}", lines=lines, error=error)
            message = Tn_(
                "{n} errors found by the {stage} check:{lines}",
                "{n} errors found by the {stage} check:{lines}",
                len(self.errors),
                stage=STAGE_WORDS.get(stage, stage),
                lines=lines,
            )
        super().__init__(message)


STAGE_WORDS = {
    "file": T_("file"),
    "structure": T_("structure"),
    "references": T_("references"),
    "consistency": T_("consistency"),
}
"""The map checks' stages, as the errors name them."""


# --- public API ----------------------------------------------------------------


def packaged_maps() -> tuple[str, ...]:
    """Names of the maps shipped in this package (`load_map` accepts them).

    Files with a dotted stem (`classic.geometry.yaml`) ride along beside a map
    and are not maps themselves."""
    return tuple(sorted(p.stem for p in MAPS_DIR.glob("*.yaml") if _BARE_NAME.match(p.stem)))


def load_map(name_or_path: str | Path) -> GameMap:
    """Load a packaged map by bare name (`"classic"`) or a map file by path.

    Parsed maps are cached per file; treat the returned map as immutable."""
    path, source = _locate(name_or_path)
    return _load_file(path.resolve(), source)


def load_map_data(data: Mapping[str, Any], source: str = "<data>") -> GameMap:
    """Validate already-parsed map data and build the map; `source` names it in errors."""
    spec = _run_stage(source, "structure", lambda errors: parse_map(data, errors))
    _run_stage(source, "references", lambda errors: check_references(spec, errors))
    _run_stage(source, "consistency", lambda errors: check_consistency(spec, errors))
    return _build(spec)


def _run_stage(source: str, stage: str, check: Callable[[Errors], T]) -> T:
    errors = Errors(source)
    result = check(errors)
    if errors.items:
        raise MapError(errors.items, stage)
    return result


def _locate(name_or_path: str | Path) -> tuple[Path, str]:
    if isinstance(name_or_path, str) and _BARE_NAME.match(name_or_path):
        path = MAPS_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            known = ", ".join(packaged_maps())
            raise MapError(
                [
                    T_(
                        "{name}: no such packaged map (known: {known})",
                        name=name_or_path,
                        known=known,
                    )
                ]
            )
        return path, path.name
    path = Path(name_or_path)
    return path, str(path)


@functools.cache
def _load_file(path: Path, source: str) -> GameMap:
    try:
        data = read_yaml_file(path, source, cached=path.parent == MAPS_DIR)
    except OSError as exc:
        raise MapError(
            [
                T_(
                    "{source}: cannot read the map file ({reason})",
                    source=source,
                    reason=exc.strerror,
                )
            ]
        ) from exc
    except YamlProblem as exc:
        if exc.line is None:  # too large, not UTF-8...: its own words
            raise MapError([exc.args[0]]) from None
        raise MapError(
            [T_("{source}: not valid YAML: {problem}", source=source, problem=_yaml_problem(exc))]
        ) from None
    if not isinstance(data, Mapping):
        raise MapError(
            [T_("{source}: the file must hold a mapping of map keys", source=source)], "structure"
        )
    return load_map_data(data, source)


def _yaml_problem(exc: YamlProblem) -> str:
    column = T_(", column {column}", column=exc.column) if exc.column is not None else ""
    return T_("line {line}{column}: {problem}", line=exc.line, column=column, problem=exc.problem)


# --- building the map ---------------------------------------------------------------


def _edges(borders: Borders) -> Iterator[tuple[str, str, Crossing]]:
    for loc, crossings in borders.items():
        for crossing, targets in crossings.items():
            for target in targets:
                yield loc, target, crossing


def _by_area(by_power: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """`{power: [AREA, ...]}` -> `{AREA: power}`."""
    return {code: power for power, codes in by_power.items() for code in codes}


def _scenario(spec: ScenarioSpec) -> Scenario:
    units = tuple(unit for units in spec.units.values() for unit in units)
    return Scenario(
        spec.name,
        spec.year,
        spec.season,
        spec.powers,
        units,
        _by_area(spec.supply_centers),
        spec.victory_centers,
        home=dict(spec.home),
        control={**_by_area(spec.home), **_by_area(spec.control)},
        autonomous_garrisons=spec.autonomous_garrisons,
        disabled_areas=spec.disabled_areas,
        sieges=spec.sieges,
        treasury=dict(spec.treasury),
        double_variable_income=spec.double_variable_income,
        variable_income_cities=spec.variable_income_cities,
    )


def _build(spec: MapSpec) -> GameMap:
    return GameMap(
        name=spec.name,
        areas=spec.areas,
        graph=build_graph(spec.areas.values(), _edges(spec.borders)),
        straits=spec.straits,
        powers=spec.powers,
        scenarios={name: _scenario(s) for name, s in spec.scenarios.items()},
        title=spec.title,
    )
