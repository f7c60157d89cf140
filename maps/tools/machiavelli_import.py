"""One-time converter: the Machiavelli board facts -> `maps/machiavelli.yaml`.

This script is NOT run by the tests or at run time. It was run once to turn
`../shared/data/machiavelli/` (areas, borders, countries and scenarios; see the
README beside them) into the project's own map format (`maps/README.md`). It
is the only code in the project that reads `../shared`; the generated file is
committed and is the source of truth from then on. Re-running it overwrites
the file (the output is deterministic).

Conversions (source -> map file):

- area `kind: sea` -> `sea`; Venice (`mixed: true`) -> `sea` with a city;
  other areas -> `coast` if `coastal`, else `land`;
- `has_city` -> `city: {name, fortified, port, income, garrison_income}` with
  `income` = `control_income` (garrison_income written only when not 0);
- the English name -> `name`; the Spanish and Catalan names -> `aliases`
  (German left out), minus those that fold (`maps.model.normalize_name`) to a
  name already listed, and minus any that would name two areas (reported in
  the header);
- an undirected border between two non-sea areas -> an army border, plus a
  fleet border when both are `coast` and the border is not `only_land`; a
  border touching a sea -> a fleet border (every such border in the data
  joins a sea to a coastal area or to another sea: checked);
- the Messina rule -> `straits: [{between: [GON, IS], controlled_from: MES}]`;
- each scenario -> `year`, `season: spring`, `powers`, `home`, `control` (the
  source's `controlled_not_home`), `units`, `autonomous_garrisons` and
  `disabled_areas`; treasuries and variable income are left out.

Usage: python maps/tools/machiavelli_import.py [SOURCE_DIR] [OUT.yaml]
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from maps.model import normalize_name

REPO = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = REPO.parent / "shared" / "data" / "machiavelli"
DEFAULT_OUT = REPO / "maps" / "machiavelli.yaml"

ALIAS_LANGUAGES = ("es", "ca")
STRAIT = {"between": ("GON", "IS"), "controlled_from": "MES"}
EXTRA_POWER_ALIASES = {"hre": ("Holy Roman Empire",)}
"""Spellings added by hand: the source's English name is `H. Roman Empire`."""
SCENARIO_ORDER_KEY = "start_year"
EXPECTED = {"areas": 73, "borders": 202, "only_land": 10, "cities": 44, "scenarios": 7}

_PLAIN = re.compile(r"[^\W\d_][\w .·'-]*\Z")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


@dataclass
class AreaOut:
    code: str
    name: str
    kind: str
    aliases: list[str]
    city: dict[str, Any] | None
    army: set[str] = field(default_factory=set)
    fleet: set[str] = field(default_factory=set)


# --- reading the source ---------------------------------------------------------------


def read_yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def area_kind(raw: Mapping[str, Any]) -> str:
    if raw["kind"] == "sea" or raw["mixed"]:
        return "sea"
    return "coast" if raw["coastal"] else "land"


def city_of(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    if not raw["has_city"]:
        return None
    city: dict[str, Any] = {
        "name": raw["name"],
        "fortified": raw["fortified"],
        "port": raw["has_port"],
        "income": raw["control_income"],
    }
    if raw["garrison_income"]:
        city["garrison_income"] = raw["garrison_income"]
    return city


def distinct_aliases(name: str, code: str, candidates: Iterable[str]) -> list[str]:
    """Candidates that differ from the code, the name and each other once folded."""
    seen = {normalize_name(code), normalize_name(name)}
    kept = []
    for alias in candidates:
        if normalize_name(alias) not in seen:
            seen.add(normalize_name(alias))
            kept.append(alias)
    return kept


def drop_colliding_aliases(
    owners: Mapping[str, tuple[str, str, list[str]]],
) -> list[str]:
    """Remove (in place) every alias that folds to another owner's code, name or
    alias; return a note per alias dropped. `owners`: id -> (code, name, aliases)."""
    primary: dict[str, str] = {}
    for owner, (code, name, _) in owners.items():
        for text in (code, name):
            other = primary.setdefault(normalize_name(text), owner)
            if other != owner:
                raise SystemExit(f"{owner} and {other} share the name {text!r}")
    alias_owners: dict[str, set[str]] = {}
    for owner, (_, _, aliases) in owners.items():
        for alias in aliases:
            alias_owners.setdefault(normalize_name(alias), set()).add(owner)
    notes = []
    for owner, (_, _, aliases) in owners.items():
        for alias in list(aliases):
            key = normalize_name(alias)
            others = set(alias_owners[key])
            if key in primary:
                others.add(primary[key])
            others.discard(owner)
            if others:
                aliases.remove(alias)
                also = ", ".join(sorted(others))
                notes.append(f"{owner}: alias {alias!r} dropped (also names {also})")
    return notes


def convert_areas(source: Path) -> tuple[dict[str, AreaOut], list[str]]:
    raw_areas = read_yaml(source / "areas.yaml")["areas"]
    areas = {}
    for raw in raw_areas:
        candidates = [raw["aliases"][lang] for lang in ALIAS_LANGUAGES if raw["aliases"].get(lang)]
        areas[raw["code"]] = AreaOut(
            code=raw["code"],
            name=raw["name"],
            kind=area_kind(raw),
            aliases=distinct_aliases(raw["name"], raw["code"], candidates),
            city=city_of(raw),
        )
    notes = drop_colliding_aliases({c: (c, a.name, a.aliases) for c, a in areas.items()})
    return areas, notes


def convert_borders(source: Path, areas: Mapping[str, AreaOut]) -> list[tuple[str, str]]:
    """Fill each area's army and fleet borders; return the fleet-closed coast pairs."""
    data = read_yaml(source / "borders.yaml")
    edges = data["borders"]
    assert len(edges) == data["count"] == EXPECTED["borders"]
    closed = []
    for edge in edges:
        a, b, only_land = areas[edge["a"]], areas[edge["b"]], edge["only_land"]
        kinds = {a.kind, b.kind}
        if "sea" not in kinds:
            a.army.add(b.code)
            b.army.add(a.code)
            if kinds == {"coast"} and not only_land:
                a.fleet.add(b.code)
                b.fleet.add(a.code)
            elif kinds == {"coast"}:
                closed.append((a.code, b.code))
        else:
            assert not only_land and "land" not in kinds, edge
            a.fleet.add(b.code)
            b.fleet.add(a.code)
    assert len(closed) == EXPECTED["only_land"], closed
    return closed


@dataclass
class PowerOut:
    id: str
    name: str
    aliases: list[str]
    colour: str


def convert_powers(source: Path) -> tuple[dict[str, PowerOut], list[str]]:
    powers = {}
    for raw in read_yaml(source / "countries.yaml")["countries"]:
        pid = raw["id"]
        assert re.fullmatch(r"[a-z][a-z0-9_]*", pid), pid
        candidates = [raw["aliases"][lang] for lang in ALIAS_LANGUAGES if raw["aliases"].get(lang)]
        candidates += EXTRA_POWER_ALIASES.get(pid, ())
        powers[pid] = PowerOut(
            pid,
            raw["name"],
            distinct_aliases(raw["name"], pid, candidates),
            "#" + str(raw["color"]).lower(),
        )
    notes = drop_colliding_aliases({p: (p, o.name, o.aliases) for p, o in powers.items()})
    assert "autonomous" not in powers
    return powers, notes


def read_scenarios(source: Path) -> list[dict[str, Any]]:
    scenarios = [read_yaml(p) for p in sorted((source / "scenarios").glob("*.yaml"))]
    assert len(scenarios) == EXPECTED["scenarios"]
    return sorted(scenarios, key=lambda s: (s[SCENARIO_ORDER_KEY], s["slug"]))


# --- writing the map file -----------------------------------------------------------------


def scalar(value: object) -> str:
    """A YAML flow scalar: plain when safe, else a JSON (double-quoted) string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML_WORDS and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def flow_list(items: Iterable[object]) -> str:
    return "[" + ", ".join(scalar(i) for i in items) + "]"


def flow_map(items: Mapping[str, object]) -> str:
    parts = []
    for key, value in items.items():
        if isinstance(value, Mapping):
            rendered = flow_map(value)
        elif isinstance(value, list | tuple):
            rendered = flow_list(value)
        else:
            rendered = scalar(value)
        parts.append(f"{key}: {rendered}")
    return "{" + ", ".join(parts) + "}"


def area_line(area: AreaOut) -> str:
    entry: dict[str, object] = {"name": area.name, "kind": area.kind}
    if area.aliases:
        entry["aliases"] = area.aliases
    if area.city is not None:
        entry["city"] = area.city
    return f"  {area.code}: {flow_map(entry)}"


def border_line(area: AreaOut) -> str:
    entry: dict[str, object] = {}
    if area.army:
        entry["army"] = sorted(area.army)
    if area.fleet:
        entry["fleet"] = sorted(area.fleet)
    return f"  {area.code}: {flow_map(entry)}"


def power_line(power: PowerOut) -> str:
    entry: dict[str, object] = {"name": power.name}
    if power.aliases:
        entry["aliases"] = power.aliases
    entry["colour"] = power.colour
    line = f"  {power.id}: {flow_map(entry)}"
    # a colour must be quoted (`#` starts a comment)
    return line.replace(f"colour: {power.colour}", f'colour: "{power.colour}"')


def scenario_lines(raw: Mapping[str, Any]) -> list[str]:
    titles = [raw["title"]] + [
        f"{lang}: {raw['title_aliases'][lang]}"
        for lang in ALIAS_LANGUAGES
        if raw.get("title_aliases", {}).get(lang)
    ]
    powers: Mapping[str, Mapping[str, Any]] = raw["powers"]
    lines = [
        f"  # {'; '.join(titles)} ({raw['designer']})",
        f"  {raw['slug']}:",
        f"    year: {raw['start_year']}",
        "    season: spring",
        f"    powers: {flow_list(sorted(powers))}",
        "    home:",
        *(f"      {p}: {flow_list(powers[p]['home'])}" for p in sorted(powers)),
    ]
    control = {p: powers[p]["controlled_not_home"] for p in sorted(powers)}
    if any(control.values()):
        lines.append("    control:")
        lines += [f"      {p}: {flow_list(codes)}" for p, codes in control.items() if codes]
    lines.append("    units:")
    for p in sorted(powers):
        units = [f"{u['type']} {u['area']}" for u in powers[p]["units"]]
        lines.append(f"      {p}: {flow_list(units)}")
    lines.append(f"    autonomous_garrisons: {flow_list(raw['autonomous_garrisons'])}")
    if raw["disabled_areas"]:
        lines.append(f"    disabled_areas: {flow_list(raw['disabled_areas'])}")
    return lines


HEADER = """\
# Machiavelli: the Renaissance Italy board and its seven scenarios.
#
# Generated once by maps/tools/machiavelli_import.py from the board facts
# (codes, names, flags, incomes, adjacency, starting positions) extracted from
# the open-source game Condottieri (jantoniomartin/condottieri_scenarios);
# format: maps/README.md. This file is now the source of truth.
#
# Conventions of this file:
# - kind: `sea` for the 9 seas and for Venice (VEN), `coast` for the 38 other
#   coastal land areas, `land` for the 25 inland ones.
# - city: {name, fortified, port, income, garrison_income}: income = ducats for
#   controlling the province (city included); garrison_income = ducats from a
#   garrison whose owner does not control the province (fortified cities only).
#   A province without a city earns 1 ducat (source control_income 1): a rule
#   of the game, not stored here.
# - name = English name; aliases = the Spanish and Catalan names when they
#   differ from it once folded (German names left out; the source has no
#   Italian ones). Power `hre` also takes the alias "Holy Roman Empire".
# - An only_land border of the source (armies only) is an army border with no
#   fleet border: AQU-SAL, AVI-PRO, AQU-CAP, CAR-CRO, ALB-HER, BOL-LUC,
#   BOL-MOD, AQU-NAP, PISA-SIE, BARI-SAL.
# - The Messina rule is the strait GON-IS controlled from MES.
# - Scenarios: `home` areas are controlled at the start and are where a power
#   builds; `control` lists the other areas controlled at the start.
#   victory_centers is left unset (the ruleset's option decides). Treasuries,
#   variable income, famine/plague/storm tables and token positions are not
#   carried over yet.
#
# Decisions on the source's quirks (its README, "Inconsistencies and quirks"):
# 1. Treviso (TRE) is coastal but borders no sea (its coast is the lagoon):
#    kept `coast`, with the fleet borders to VEN, PAD and FRI the data gives.
# 2. Venice (VEN, `mixed` in the source) is a `sea` with a fortified port city:
#    armies can never enter it (no army borders), fleets there are at sea (and
#    may convoy), and it can be controlled and listed as a home area. Every
#    scenario starts it with `G VEN` except spanish (`F VEN`). Its famine and
#    plague entries and the rebellion rule are for the rules, later.
# 3. Sardinia (SAR) keeps a port in an unfortified city: fleets may use the
#    port, but no garrison can stand there.
# 4. The only_land pairs that touch the same sea without a shared coastline
#    (AVI-PRO on GOL, CAR-CRO on UA, ALB-HER on LA) stay closed to fleets.
# 5. The current data is used: the LA-UA border exists, SAV is Savona, the sea
#    is the Tyrrhenian Sea, home lists include provinces, and the old scenario
#    spanish-uv23 is not included.
# 6. City variable-income tables (FLO, GEN, MIL, NAP, ROME, TUN, VEN) and each
#    scenario's list of cities using them are not carried over yet.
# 7. Units in uncontrolled areas, or an army/fleet beside another power's
#    garrison, are kept as the source gives them. They start side by side with
#    no siege begun, so no scenario lists `sieges` (the source has no siege
#    flag): dukeofmilan florence A BOL + milan G BOL, milan G PISA, hre F CRO;
#    struggle-ii austria A MIL + france G MIL; suleiman spain G TUN + turks
#    F TUN, turks A CRO, genoa F PAL (PAL controlled by spain). eight-saints
#    naples F NAP + G NAP is one army/fleet and one garrison, which is allowed.
# 8. No Italian names exist; eight-saints has no Catalan title. Titles are
#    comments only.
# 9. The loader's checks confirm the source's own: no army at sea or in VEN,
#    no fleet inland, no garrison in an unfortified city, no disabled or
#    doubly-claimed home area.
"""


def render(
    areas: Mapping[str, AreaOut],
    powers: Mapping[str, PowerOut],
    scenarios: Sequence[Mapping[str, Any]],
    notes: Sequence[str],
) -> str:
    lines = [HEADER.rstrip("\n")]
    lines.append("#")
    if notes:
        lines.append("# Aliases dropped because they would name two areas or powers:")
        lines += [f"# - {note}" for note in notes]
    else:
        lines.append("# No Spanish or Catalan name collides with another area's or power's")
        lines.append("# names, so no alias had to be dropped.")
    lines += [
        "format: mapjudge-map",
        "version: 1",
        "map: machiavelli",
        "title: Machiavelli (Renaissance Italy)",
        "powers:",
        *(power_line(p) for p in powers.values()),
        "areas:",
        "  # land and coast areas",
        *(area_line(a) for a in areas.values() if a.kind != "sea"),
        "  # seas (VEN: a sea with a city)",
        *(area_line(a) for a in areas.values() if a.kind == "sea"),
        "borders:",
        *(border_line(a) for a in areas.values() if a.kind != "sea"),
        *(border_line(a) for a in areas.values() if a.kind == "sea"),
        "straits:",
        f"  - {flow_map(STRAIT)}",
        "scenarios:",
    ]
    for raw in scenarios:
        lines += scenario_lines(raw)
    return "\n".join(lines) + "\n"


def check(text: str, areas: Mapping[str, AreaOut], closed: Sequence[tuple[str, str]]) -> None:
    """The written file reads back as intended and loads."""
    from maps.loader import load_map_data

    data = yaml.safe_load(text)
    assert len(data["areas"]) == EXPECTED["areas"]
    for code, area in areas.items():
        assert data["areas"][code]["name"] == area.name
        assert data["areas"][code].get("aliases", []) == area.aliases
    game_map = load_map_data(data, "machiavelli.yaml")
    kinds = Counter(a.kind.value for a in game_map.areas.values())
    assert kinds == {"coast": 38, "land": 25, "sea": 10}, kinds
    assert sum(a.city is not None for a in game_map.areas.values()) == EXPECTED["cities"]
    assert game_map.graph.number_of_edges() == EXPECTED["borders"]
    for a, b in closed:
        assert game_map.army_adjacent(a, b) and not game_map.fleet_adjacent(a, b)


def main(argv: Sequence[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    areas, area_notes = convert_areas(source)
    closed = convert_borders(source, areas)
    powers, power_notes = convert_powers(source)
    text = render(areas, powers, read_scenarios(source), area_notes + power_notes)
    check(text, areas, closed)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({len(areas)} areas, {len(powers)} powers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
