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
    declaration_kind,
    fronts_text,
    modifier_text,
    names,
    treaty_kind,
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
from renderers.orbis.words import statistic_word
from texts import N_, _, tr

MEDIDA_COLUMNS = (
    N_("Nación"),
    N_("Medida"),
    N_("Estadística"),
    "u",
    "d100",
    N_("Modificadores"),
    "r′",
    "M",
    N_("Nivel"),
    N_("Contramedida"),
    N_("Resultado"),
    N_("Efecto"),
)
"""The medidas table's columns (message ids: Spanish, as the table has
always been written; `_table` gives them in the language being written)."""
NATION_COLUMNS = (N_("Nación"), "VIA", "LEG", "RQU", "PRO")


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
    statistic = statistic_word(result.statistic) if result.statistic is not None else "—"
    outcome = result.outcome
    if outcome is None:
        dashes = ("—",) * 7
        return (nation, written(result), statistic, *dashes, result_text(turn, result), "—")
    roll = outcome.roll
    modifiers = "<br/>".join(tr(line) for line in roll.modifier.lines())
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
        tr(result.effect) or "—",
    )


def _table(columns: tuple[str, ...], rows: list[tuple[str, ...]], caption: str) -> list[str]:
    out = ['{| class="wikitable"', f"|+ {caption}", "! " + " !! ".join(_(c) for c in columns)]
    for row in rows:
        out += ["|-", "| " + " || ".join(cell(c) for c in row)]
    out.append("|}")
    return out


TREATY_COLUMNS = (
    N_("Id"),
    N_("Tipo"),
    N_("Partes"),
    N_("Términos"),
    N_("Modificadores"),
    N_("Firmado"),
    N_("Hasta"),
)
DECLARATION_COLUMNS = (N_("Id"), N_("Tipo"), N_("Declarantes"), N_("Texto"), N_("Preaviso"))
VASSAL_COLUMNS = (N_("Vasallo"), N_("Patrón"), N_("Desde"), N_("Tributo"))
WAR_COLUMNS = (N_("Naciones"), N_("Desde"), N_("Frentes"), N_("Fatiga"))


Table = tuple[tuple[str, ...], list[tuple[str, ...]], str]


def registry_tables(
    politics: Politics, year: int, name: Namer, sheets: Mapping[str, Nation] | None = None
) -> list[Table]:
    """The Registro's tables that have rows: columns, rows, caption."""
    s = shown(politics, year)
    treaties: list[tuple[str, ...]] = [
        (
            t.id,
            treaty_kind(t.kind),
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
            declaration_kind(d.kind),
            names(name, list(d.declarants)),
            d.text.strip() or "—",
            "; ".join(f"{name(p.nation)} {p.notice}" for p in d.parties if p.notice is not None)
            or "—",
        )
        for d in s.declarations
    ]
    vassals: list[tuple[str, ...]] = [
        (name(v.vassal), name(v.patron), str(v.since), _("sí") if v.tributary else _("no"))
        for v in s.vassalages
    ]
    wars: list[tuple[str, ...]] = []
    for war in s.wars:
        held = [fronts_of(politics, n, year, sheets) for n in pair_of(war)]
        wars.append(
            (
                " – ".join(name(f.nation) for f in held),
                str(war.started),
                "; ".join(
                    _("{nation} {fronts} de {capacity}").format(
                        nation=name(f.nation), fronts=fronts_text(f.total), capacity=f.capacity
                    )
                    for f in held
                ),
                "; ".join(f"{name(f.nation)} +{f.fatigue}" for f in held if f.fatigue) or "—",
            )
        )
    tables: list[Table] = [
        (TREATY_COLUMNS, treaties, _("Tratados en vigor en {year}").format(year=year)),
        (
            DECLARATION_COLUMNS,
            declarations,
            _("Declaraciones en vigor en {year}").format(year=year),
        ),
        (VASSAL_COLUMNS, vassals, _("Vasallos")),
        (WAR_COLUMNS, wars, _("Guerras")),
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
    out = ["", "== " + _("Registro") + " =="]
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
        *_table(MEDIDA_COLUMNS, medidas, _("Medidas del año {year}").format(year=turn.year)),
        "",
        *_table(NATION_COLUMNS, nations, _("Naciones tras el año {year}").format(year=turn.year)),
    ]
    out += registro(turn)
    return "\n".join(out) + "\n"
