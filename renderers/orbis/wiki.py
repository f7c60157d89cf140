"""The MediaWiki tables of an Orbis year, for the GM's turn page (rulebook
000 "Medidas", "Índices", "Prosperidad"; O-011 .. O-035, O-045, O-122 ..
O-136).

Two `{| class="wikitable" |}` tables: the public medidas (nation, the medida
as written, statistic, u, d100, modifiers, r', M, level, counter-measure,
result, effect) and the nations after the year (VIA x/cap, LEG x/cap, RQU,
PRO). A secret medida that no counter-measure revealed is left out, as in
the public text report.
"""

from __future__ import annotations

from adjudicator.rulesets.orbis.rolling import Rolled
from adjudicator.rulesets.orbis.turn import MedidaResult
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
    return "\n".join(out) + "\n"
