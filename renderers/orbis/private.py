"""Each nation's private report of an Orbis year (rulebook 000 "Medidas",
"Modificadores", "Índices"; O-012 .. O-019, O-045, O-078, O-122 .. O-136).

It adds to the public report what only the nation sees: its secret medidas
that no counter-measure revealed, its sheet after the year (the ten
attributes, the 25 statistics' thresholds, the indices and prosperity), its
active modifiers with their source, value and last year, and the odds of
each statistic for next year; and its political lines' answers, its secret
notes and the rebellions it backs (O-231, `renderers.orbis.politics`).

The odds (`odds`) count the faces 1..100 that succeed with the nation's
modifiers as they stand and its conditions (stability, kind, precedent):
a natural 1 always succeeds and a natural 100 always fails (O-017, O-018);
otherwise r' = face + modifiers succeeds below u (O-015) and at r' = u for
a domestic medida (O-019). Decision: an exterior r' = u, settled by the
counter-measure (AMB-36), is not counted as a success; the odds ignore any
reach level (the target is unknown) and assume the bonuses are used and
the medida seeks no modifier.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Statistic
from adjudicator.rulesets.orbis.modifiers import active, roll_modifier
from adjudicator.rulesets.orbis.precedent import History
from adjudicator.rulesets.orbis.rolling import conditions_of
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import stability_penalty
from adjudicator.rulesets.orbis.turn import MedidaResult
from renderers.orbis.politics import private_politics_dict, private_politics_lines
from renderers.orbis.report import (
    OrbisTurnReport,
    dumps,
    medida_dict,
    medida_lines,
    nation_row,
)
from renderers.orbis.words import group_word, modifier_kind_word, statistic_word
from texts import _, tr


def odds(
    nation: Nation,
    statistic: Statistic,
    year: int,
    history: History,
    *,
    target: str | None = None,
    domestic: bool = True,
) -> Fraction:
    """The probability that a roll of `statistic` by `nation` in `year`
    succeeds (see the module docstring; O-015, O-017 .. O-019, O-045)."""
    conditions = conditions_of(nation, statistic, history, target or nation.id, year)
    modifier = roll_modifier(
        nation.modifiers,
        statistic,
        year,
        seeks_modifier=False,
        declined=False,
        conditions=conditions,
        reach=None,
    )
    threshold = nation.statistic(statistic)
    wins = 0
    for face in range(1, 101):
        total = face + modifier.total
        if face == 1 or (face != 100 and (total < threshold or (total == threshold and domestic))):
            wins += 1
    return Fraction(wins, 100)


def percent(value: Fraction) -> str:
    """A probability as a percentage with one decimal."""
    return f"{float(value * 100):.1f}%"


def secret_results(turn: OrbisTurnReport, nation_id: str) -> tuple[MedidaResult, ...]:
    """The nation's own medidas kept out of the public report."""
    return tuple(r for r in turn.resolution.results if r.medida.power == nation_id and not r.public)


def _nation(turn: OrbisTurnReport, nation_id: str) -> Nation:
    found = turn.resolution.state.find(nation_id)
    if found is None:
        raise KeyError(f"no nation {nation_id!r} in the game")
    return found


def _odds_table(turn: OrbisTurnReport, nation: Nation) -> dict[Statistic, Fraction]:
    state = turn.resolution.state
    return {s: odds(nation, s, state.year, state.history) for s in Statistic}


def private_dict(turn: OrbisTurnReport, nation_id: str) -> dict[str, Any]:
    """The private report of `nation_id` as plain data."""
    nation = _nation(turn, nation_id)
    year = turn.resolution.state.year
    chances = _odds_table(turn, nation)
    return {
        "game": turn.game_name,
        "nation": nation.id,
        "name": turn.name(nation.id),
        "year": turn.year,
        "next_year": year,
        "secret_medidas": [medida_dict(turn, r) for r in secret_results(turn, nation_id)],
        "attributes": {a.value: nation.value(a) for a in (*DOMINIO, *AUTORIDAD)},
        "statistics": {s.value: nation.statistic(s) for s in Statistic},
        "indices": nation_row(nation),
        "stability_penalty": stability_penalty(nation),
        "modifiers": [
            {
                "attribute": m.attribute.value,
                "value": m.value,
                "until": m.until,
                "kind": m.kind.value,
                "source": m.source,
            }
            for m in active(nation.modifiers, year)
        ],
        "odds": {s.value: {"fraction": str(f), "percent": percent(f)} for s, f in chances.items()},
        **private_politics_dict(turn, nation_id),
    }


def render_private_json(turn: OrbisTurnReport, nation_id: str) -> str:
    """The private report as JSON (sorted keys, UTF-8 kept)."""
    return dumps(private_dict(turn, nation_id))


def render_private_report(turn: OrbisTurnReport, nation_id: str) -> str:
    """The private text report of `nation_id` (see the module docstring)."""
    nation = _nation(turn, nation_id)
    year = turn.resolution.state.year
    out = [
        f"{turn.game_name} — {tr(turn.ruleset_title)}",
        _("Private report for {nation}, year {year}").format(
            nation=turn.name(nation.id), year=turn.year
        ),
    ]
    secrets = secret_results(turn, nation_id)
    if secrets:
        out += ["", _("Your secret medidas (not in the public report):")]
        for result in secrets:
            out += medida_lines(turn, result)
    out += private_politics_lines(turn, nation_id)  # own lines, secrets (O-231)
    out += ["", _("Attributes:")]
    for group, members in (("Dominio", DOMINIO), ("Autoridad", AUTORIDAD)):
        shown = ", ".join(f"{a.value} {nation.value(a)}" for a in members)
        out.append(f"  {group_word(group)}: {shown}")
    row = nation_row(nation)
    out += [
        "",
        _(
            "VIA {via}/{via_capacity}, LEG {leg}/{leg_capacity}, RQU {rqu}, PRO {pro},"
            " stability penalty {penalty}"
        ).format(
            via=row["via"],
            via_capacity=row["via_capacity"],
            leg=row["leg"],
            leg_capacity=row["leg_capacity"],
            rqu=row["rqu"],
            pro=row["pro"],
            penalty=f"{row['stability_penalty']:+d}",
        ),
    ]
    records = active(nation.modifiers, year)
    out += ["", _("Active modifiers in {year}:").format(year=year)]
    if records:
        out += [
            "  "
            + _("{value} {attribute} ({kind}: {source}) until {until}").format(
                value=f"{m.value:+d}",
                attribute=m.attribute.value,
                kind=modifier_kind_word(m.kind),
                source=tr(m.source),
                until=m.until,
            )
            for m in records
        ]
    else:
        out.append("  " + _("none"))
    chances = _odds_table(turn, nation)
    out += ["", _("Statistics and the odds of success in {year}:").format(year=year)]
    width = max(len(statistic_word(s)) for s in Statistic)
    for statistic in Statistic:
        first, second = statistic.attributes
        out.append(
            f"  {statistic_word(statistic).ljust(width)}  u = {nation.statistic(statistic):>3}"
            f" ({first.value} + {second.value})  {percent(chances[statistic]):>6}"
        )
    return "\n".join(out) + "\n"
