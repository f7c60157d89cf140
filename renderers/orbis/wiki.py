"""The MediaWiki tables of an Orbis year, for the GM's turn page (rulebook
000 "Medidas", "Índices", "Prosperidad"; O-011 .. O-035, O-045, O-122 ..
O-136).

Two `{| class="wikitable" |}` tables: the public medidas (nation, the medida
as written, statistic, u, d100, modifiers, r', M, level, counter-measure,
result, effect) and the nations after the year (VIA x/cap, LEG x/cap, RQU,
PRO). A secret medida that no counter-measure revealed is left out, as in
the public text report. When the year has politics, a "Registro" section
follows with the treaties in force, declarations, vassals and wars (O-237).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.rolling import Rolled
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.turn import MedidaResult
from renderers.orbis.politics import (
    DECLARATION_KINDS,
    TREATY_KINDS,
    fronts_text,
    modifier_text,
    names,
)
from renderers.orbis.politics_data import (
    Namer,
    fronts_of,
    has_politics,
    pair_of,
    sheets_of,
    shown,
)
from renderers.orbis.report import (
    OrbisTurnReport,
    margin_text,
    nation_row,
    nations_after,
    public_results,
    result_text,
    written,
)

MEDIDA_COLUMNS = (
    "Nación",
    "Medida",
    "Estadística",
    "u",
    "d100",
    "Modificadores",
    "r′",
    "M",
    "Nivel",
    "Contramedida",
    "Resultado",
    "Efecto",
)
NATION_COLUMNS = ("Nación", "VIA", "LEG", "RQU", "PRO")


def cell(text: str) -> str:
    """Text safe inside a wiki table cell: no row or cell separators."""
    return text.replace("\n", " ").replace("|", "&#124;") or " "


def _level(rolled: Rolled) -> str:
    return rolled.level.value if rolled.level is not None else "r′ = u"


def _counter(rolled: Rolled | None, turn: OrbisTurnReport) -> str:
    if rolled is None:
        return "—"
    return (
        f"{turn.name(rolled.nation)}: u = {rolled.threshold}, d100 = {rolled.face},"
        f" r′ = {rolled.total}, M = {margin_text(rolled)}, {_level(rolled)}"
    )


def medida_row(turn: OrbisTurnReport, result: MedidaResult) -> tuple[str, ...]:
    """The cells of one medida's row."""
    nation = turn.name(result.medida.power)
    statistic = result.statistic.spanish if result.statistic is not None else "—"
    outcome = result.outcome
    if outcome is None:
        dashes = ("—",) * 7
        return (nation, written(result), statistic, *dashes, result_text(turn, result), "—")
    roll = outcome.roll
    modifiers = "<br/>".join(roll.modifier.lines())
    return (
        nation,
        written(result),
        statistic,
        str(roll.threshold),
        str(roll.face),
        modifiers,
        str(roll.total),
        margin_text(roll),
        _level(roll),
        _counter(outcome.counter, turn),
        outcome.level.value if outcome.level is not None else "—",
        result.effect or "—",
    )


def _table(columns: tuple[str, ...], rows: list[tuple[str, ...]], caption: str) -> list[str]:
    out = ['{| class="wikitable"', f"|+ {caption}", "! " + " !! ".join(columns)]
    for row in rows:
        out += ["|-", "| " + " || ".join(cell(c) for c in row)]
    out.append("|}")
    return out


TREATY_COLUMNS = ("Id", "Tipo", "Partes", "Términos", "Modificadores", "Firmado", "Hasta")
DECLARATION_COLUMNS = ("Id", "Tipo", "Declarantes", "Texto", "Preaviso")
VASSAL_COLUMNS = ("Vasallo", "Patrón", "Desde", "Tributo")
WAR_COLUMNS = ("Naciones", "Desde", "Frentes", "Fatiga")


Table = tuple[tuple[str, ...], list[tuple[str, ...]], str]


def registry_tables(
    politics: Politics, year: int, name: Namer, sheets: Mapping[str, Nation] | None = None
) -> list[Table]:
    """The Registro's tables that have rows: columns, rows, caption."""
    s = shown(politics, year)
    treaties: list[tuple[str, ...]] = [
        (
            t.id,
            TREATY_KINDS[t.kind],
            names(name, list(t.parties)),
            t.terms.strip() or "—",
            modifier_text(t, name) or "—",
            str(t.signed),
            str(t.last_year),
        )
        for t in s.treaties
    ]
    declarations: list[tuple[str, ...]] = [
        (
            d.id,
            DECLARATION_KINDS[d.kind],
            names(name, list(d.declarants)),
            d.text.strip() or "—",
            "; ".join(f"{name(p.nation)} {p.notice}" for p in d.parties if p.notice is not None)
            or "—",
        )
        for d in s.declarations
    ]
    vassals: list[tuple[str, ...]] = [
        (name(v.vassal), name(v.patron), str(v.since), "sí" if v.tributary else "no")
        for v in s.vassalages
    ]
    wars: list[tuple[str, ...]] = []
    for war in s.wars:
        held = [fronts_of(politics, n, year, sheets) for n in pair_of(war)]
        wars.append(
            (
                " – ".join(name(f.nation) for f in held),
                str(war.started),
                "; ".join(f"{name(f.nation)} {fronts_text(f.total)} de {f.capacity}" for f in held),
                "; ".join(f"{name(f.nation)} +{f.fatigue}" for f in held if f.fatigue) or "—",
            )
        )
    tables: list[Table] = [
        (TREATY_COLUMNS, treaties, f"Tratados en vigor en {year}"),
        (DECLARATION_COLUMNS, declarations, f"Declaraciones en vigor en {year}"),
        (VASSAL_COLUMNS, vassals, "Vasallos"),
        (WAR_COLUMNS, wars, "Guerras"),
    ]
    return [(columns, rows, caption) for columns, rows, caption in tables if rows]


def registro(turn: OrbisTurnReport) -> list[str]:
    """The "Registro" section: treaties, declarations, vassals and wars
    (O-237, O-248, O-185, O-204); nothing when the year has no politics."""
    if not has_politics(turn):
        return []
    politics = turn.resolution.state.politics
    tables = registry_tables(politics, turn.year, turn.name, sheets_of(turn))
    if not tables:
        return []
    out = ["", "== Registro =="]
    for columns, rows, caption in tables:
        out += ["", *_table(columns, rows, caption)]
    return out


def render_orbis_wiki(turn: OrbisTurnReport) -> str:
    """The year's public medidas and the nations after it, as MediaWiki."""
    medidas = [medida_row(turn, r) for r in public_results(turn)]
    nations: list[tuple[str, ...]] = []
    for nation in nations_after(turn):
        row = nation_row(nation)
        nations.append(
            (
                turn.name(nation.id),
                f"{row['via']}/{row['via_capacity']}",
                f"{row['leg']}/{row['leg_capacity']}",
                str(row["rqu"]),
                str(row["pro"]),
            )
        )
    out = [
        *_table(MEDIDA_COLUMNS, medidas, f"Medidas del año {turn.year}"),
        "",
        *_table(NATION_COLUMNS, nations, f"Naciones tras el año {turn.year}"),
    ]
    out += registro(turn)
    return "\n".join(out) + "\n"
