"""One-time importer: DATC section 6 (standard map) -> `tests/cases/classic/*.yaml`.

This script is NOT run by the tests or by CI. It was run once to turn
`../shared/data/datc/datc_standard.yaml` (DATC 3.0 preferences, see the
README beside that file) into one case file per DATC case in the project's
own case format (`tests/cases/README.md`). It is the only code in the
project that reads `../shared`; from now on the case files are the source
of truth and may be edited by hand. Re-running it overwrites them.

Conversions (DATC source -> case format):

- power `ENGLAND` -> `england`; location `spa/nc` -> `SPA/nc`;
- canonical order `F nth C A yor - yor` -> `F NTH C A YOR - YOR`;
- phase `S1901M` -> `1901-spring-movement` (`R` retreat, `A` adjustment;
  `F` fall, `W` winter);
- a phase's `units`, `supply_centers` and `dislodged` -> its `state`
  (`GameState.to_dict` form, without `phase`);
- `new_in_3_0` and `changed_in_3_0` -> notes; `datc_id` (6.J.9.a/b) -> `rule`.

Usage: python tests/cases/tools/datc_import.py [SOURCE.yaml] [OUT_DIR]
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[3]
DEFAULT_SOURCE = REPO.parent / "shared" / "data" / "datc" / "datc_standard.yaml"
DEFAULT_OUT = REPO / "tests" / "cases" / "classic"
EXPECTED_COUNT = 165

SEASONS = {"S": "spring", "F": "fall", "W": "winter"}
KINDS = {"M": "movement", "R": "retreat", "A": "adjustment"}
EXPECT_KEYS = {
    "movement": ("units", "dislodged"),
    "retreat": ("units", "disbanded"),
    "adjustment": ("units", "disbanded", "civil_disorder"),
}
LOCATION = re.compile(r"^([a-z]{3})(/[a-z]{2})?$")
HEADER = (
    "# {rule} (DATC 3.0 preferences). Imported once from the DATC data by\n"
    "# tests/cases/tools/datc_import.py; format: tests/cases/README.md.\n"
)


class Flow(list[Any]):
    """A list written in YAML flow style: `[A LON, F NTH]`."""


class FlowMap(dict[str, Any]):
    """A mapping written in YAML flow style: `{order: A LON H, result: fails}`."""


class CaseDumper(yaml.SafeDumper):
    """Safe dumper that writes `Flow`/`FlowMap` inline and keeps key order."""


CaseDumper.add_representer(
    Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True)
)
CaseDumper.add_representer(
    FlowMap,
    lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True),
)


def location(text: str) -> str:
    """`spa/nc` -> `SPA/nc`; `lyo` -> `LYO`."""
    match = LOCATION.match(text)
    if not match:
        raise ValueError(f"not a DATC location: {text!r}")
    area, coast = match.groups()
    return area.upper() + (coast or "")


def canonical(order: str) -> str:
    """Upper-case every location in a DATC canonical order, keep the keywords."""
    return " ".join(location(t) if LOCATION.match(t) else t for t in order.split())


def unit(text: str) -> str:
    """`F spa/sc` -> `F SPA/sc`."""
    kind, loc = text.split()
    return f"{kind} {location(loc)}"


def phase_id(code: str) -> str:
    """`S1901M` -> `1901-spring-movement`."""
    match = re.fullmatch(r"([SFW])(\d{4})([MRA])", code)
    if not match:
        raise ValueError(f"not a DATC phase code: {code!r}")
    season, year, kind = match.groups()
    return f"{year}-{SEASONS[season]}-{KINDS[kind]}"


def units_by_power(data: Mapping[str, Iterable[str]] | None) -> dict[str, Flow]:
    """`{ENGLAND: [A lon]}` -> `{england: [A LON]}`, powers without units left out."""
    return {p.lower(): Flow(unit(u) for u in units) for p, units in (data or {}).items() if units}


def centers_by_power(data: Mapping[str, Iterable[str]]) -> dict[str, Flow]:
    """`{RUSSIA: [stp, sev]}` -> `{russia: [SEV, STP]}`."""
    return {p.lower(): Flow(sorted(location(c) for c in centers)) for p, centers in data.items()}


def dislodged(data: Mapping[str, Iterable[Mapping[str, Any]]]) -> list[FlowMap]:
    """Source dislodged entries -> `GameState.to_dict` dislodged records."""
    return [
        FlowMap(
            power=power.lower(),
            unit=unit(entry["unit"]),
            attacker_from=location(entry["attacker_from"]),
            via_convoy=bool(entry.get("attacker_via_convoy", False)),
        )
        for power, entries in data.items()
        for entry in entries
    ]


def state(phase: Mapping[str, Any]) -> dict[str, Any]:
    """The board before a phase, in `GameState.to_dict` form without `phase`."""
    result: dict[str, Any] = {"units": units_by_power(phase["units"])}
    if "supply_centers" in phase:
        result["supply_centers"] = centers_by_power(phase["supply_centers"])
    if phase.get("dislodged"):
        result["dislodged"] = dislodged(phase["dislodged"])
    return result


def order(entry: Mapping[str, Any]) -> FlowMap:
    """One source order -> `{order, result?, text?, synthetic?}`."""
    converted = FlowMap(order=canonical(entry["order"]))
    if "result" in entry:
        converted["result"] = entry["result"]
    if entry.get("text"):
        converted["text"] = entry["text"]
    if entry.get("synthetic"):
        converted["synthetic"] = True
    return converted


def orders(data: Mapping[str, Iterable[Mapping[str, Any]]]) -> dict[str, list[FlowMap]]:
    return {power.lower(): [order(e) for e in entries] for power, entries in data.items()}


def expect(phase: Mapping[str, Any]) -> dict[str, Any]:
    """Every expectation the phase kind allows; `{}` where the source has none."""
    return {key: units_by_power(phase["expect"].get(key)) for key in EXPECT_KEYS[phase["type"]]}


def phase(source: Mapping[str, Any]) -> dict[str, Any]:
    converted: dict[str, Any] = {"phase": phase_id(source["phase"])}
    if source.get("situation"):
        converted["situation"] = source["situation"]
    converted["state"] = state(source)
    converted["orders"] = orders(source["orders"])
    converted["expect"] = expect(source)
    return converted


def notes(source: Mapping[str, Any]) -> list[str]:
    """Source notes plus what the format has no key for (DATC version history, splits)."""
    result = list(source.get("notes", []))
    if source.get("datc_id"):
        result.append(
            f"DATC {source['datc_id']} describes two situations; they are split into "
            f"{source['datc_id']}.a and {source['datc_id']}.b."
        )
    if source.get("new_in_3_0"):
        result.append("New in DATC 3.0.")
    if source.get("changed_in_3_0"):
        result.append(f"Changed in DATC 3.0: {source['changed_in_3_0']}")
    return result


def case(source: Mapping[str, Any]) -> dict[str, Any]:
    """One source case -> one case document."""
    converted: dict[str, Any] = {
        "id": source["id"],
        "ruleset": "classic",
        "rule": f"DATC {source.get('datc_id', source['id'])}",
        "title": source["title"],
    }
    if source.get("preferences"):
        converted["preferences"] = list(source["preferences"])
    if notes(source):
        converted["notes"] = notes(source)
    converted["phases"] = [phase(p) for p in source["phases"]]
    return converted


def file_name(case_id: str) -> str:
    """`6.A.5` -> `6.A.05.yaml`, `6.J.9.a` -> `6.J.09.a.yaml` (so `ls` sorts)."""
    parts = case_id.split(".")
    parts[2] = parts[2].zfill(2)
    return ".".join(parts) + ".yaml"


def dump(document: Mapping[str, Any]) -> str:
    body = yaml.dump(document, Dumper=CaseDumper, sort_keys=False, allow_unicode=True, width=200)
    return HEADER.format(rule=document["rule"]) + body


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    cases = data["cases"]
    if len(cases) != EXPECTED_COUNT:
        raise SystemExit(f"{source}: {len(cases)} cases, expected {EXPECTED_COUNT}")
    out.mkdir(parents=True, exist_ok=True)
    for source_case in cases:
        converted = case(source_case)
        (out / file_name(converted["id"])).write_text(dump(converted), encoding="utf-8")
    print(f"wrote {len(cases)} cases to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
