"""The public report of an Orbis year, as text and JSON (rulebook 000
"Medidas", "Modificadores", "Índices", "Prosperidad"; O-011 .. O-174).

Each medida is quoted as written (O-011) with its statistic and threshold
u (O-014), its d100 (O-012), its modifiers by source (O-045,
`RollModifier.lines`), the total r', the margin M and the level (O-027 ..
O-035), the counter-measure if one was rolled (O-022, O-043), and what
prevailed with its effect. Then the purchases, the nations' indices and
prosperity after the year (O-122 .. O-136), the dice rolls and receipts.

Secrecy: a medida the GM marked secret and no counter-measure revealed
(`MedidaResult.public` False) is left out of the public report, text and
JSON, and so are its die and its counter-measure's die; it goes only in its
nation's private report (`renderers.orbis.private`). Decision: a nation whose
only medida is secret is not listed under "No medida from".

Politics (O-185 .. O-300): after the purchases, the answers to the political
lines, the year's political notes and the public registry
(`renderers.orbis.politics`, `renderers.orbis.politics_data`); nothing when
the year has none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from adjudicator.core.dice import Roll
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.rolling import Rolled
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import stability_penalty
from adjudicator.rulesets.orbis.turn import MedidaResult, OrbisResolution
from orders.issues import OrderIssue
from renderers.common import issue_dict, issue_key, issue_line, plain_value, roll_dict
from renderers.orbis.politics import public_politics_lines
from renderers.orbis.politics_data import public_politics_dict
from renderers.orbis.words import level_word, statistic_word
from texts import N_, _, tr

_EMPTY: Mapping[str, Any] = MappingProxyType({})
_EMPTY_NAMES: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class OrbisTurnReport:
    """Everything the reports of one resolved year need."""

    resolution: OrbisResolution
    nation_names: Mapping[str, str]
    game_name: str
    ruleset_title: str
    changed_options: Mapping[str, object] = field(default_factory=lambda: _EMPTY)
    issues: tuple[OrderIssue, ...] = ()
    receipts: tuple[Receipt, ...] = ()
    file_powers: Mapping[str, str] = field(default_factory=lambda: _EMPTY_NAMES)
    silent: tuple[str, ...] = ()

    @property
    def year(self) -> int:
        return self.resolution.previous.year

    def name(self, nation_id: str | None) -> str:
        if nation_id is None:
            return _("nobody")
        return self.nation_names.get(nation_id, nation_id)


# --- what each medida shows ---------------------------------------------


def indexed(resolution: OrbisResolution) -> tuple[tuple[int, MedidaResult], ...]:
    """Each result with its die index: its place among its nation's medidas,
    as `resolve_year` numbers them (purpose `medida:<nation>`)."""
    counts: dict[str, int] = {}
    out: list[tuple[int, MedidaResult]] = []
    for result in resolution.results:
        index = counts.get(result.medida.power, 0)
        counts[result.medida.power] = index + 1
        out.append((index, result))
    return tuple(out)


def hidden_rolls(resolution: OrbisResolution) -> frozenset[tuple[str, int]]:
    """(purpose, index) of the dice of secret, unrevealed medidas and of their
    counter-measures: kept out of the public report."""
    hidden: set[tuple[str, int]] = set()
    for index, result in indexed(resolution):
        if result.public:
            continue
        power = result.medida.power
        hidden.add((f"medida:{power}", index))
        if result.target:
            hidden.add((f"counter:{result.target}:{power}", index))
    return frozenset(hidden)


def public_rolls(resolution: OrbisResolution) -> tuple[Roll, ...]:
    """The year's rolls the public may see, sorted by purpose and index."""
    hidden = hidden_rolls(resolution)
    shown = [r for r in resolution.rolls if (r.purpose, r.index) not in hidden]
    return tuple(sorted(shown, key=lambda r: (r.purpose, r.index)))


def written(result: MedidaResult) -> str:
    """The medida as the player wrote it (O-011)."""
    source = result.medida.source
    if source is not None and source.text.strip():
        return source.text.strip()
    return f"Medida: {result.medida.statistic}"


def margin_text(rolled: Rolled) -> str:
    return f"{float(rolled.margin):.1f}"


def level_text(rolled: Rolled) -> str:
    if rolled.level is None:
        return _("r' = u: settled by the counter-measure (O-019, AMB-36)")
    return f"{level_word(rolled.level)} ({rolled.level.value})"


def statistic_text(rolled: Rolled, nation: Nation | None) -> str:
    """`Ofensiva (MIL 20 + GES 30)`: the statistic and its two attributes'
    values when they add up to the threshold rolled against (O-014)."""
    title = statistic_word(rolled.statistic)
    if nation is None:
        return title
    first, second = rolled.statistic.attributes
    a, b = nation.value(first), nation.value(second)
    if a + b != rolled.threshold:
        return title
    return f"{title} ({first.value} {a} + {second.value} {b})"


def modifiers_text(rolled: Rolled) -> str:
    lines = rolled.modifier.lines()
    if rolled.modifier.total == 0 and len(lines) == 1:
        return _("none")
    return ", ".join(tr(line) for line in lines)


def roll_line(rolled: Rolled, nation: Nation | None) -> str:
    """One roll: threshold, die, modifiers by source, r', M and level."""
    return _(
        "{statistic} u = {u}; d100 = {face}; modifiers: {modifiers}; r' = {total};"
        " M = {margin} → {level}"
    ).format(
        statistic=statistic_text(rolled, nation),
        u=rolled.threshold,
        face=rolled.face,
        modifiers=modifiers_text(rolled),
        total=rolled.total,
        margin=margin_text(rolled),
        level=level_text(rolled),
    )


COUNTER_NAMES = {
    Statistic.OFENSIVA: N_("Defensa"),  # O-093: Ofensiva's own counter is called Defensa
    Statistic.INCISION: N_("Supresión"),  # O-094
}


def result_text(turn: OrbisTurnReport, result: MedidaResult) -> str:
    """What became of the medida, with its effect or why it was refused."""
    if result.refused is not None:
        return _("Refused: {reason}").format(reason=tr(result.refused))
    outcome = result.outcome
    if outcome is None:
        return _("Not rolled")
    actor = turn.name(result.medida.power)
    effect = tr(result.effect)
    if outcome.prevails and outcome.level is not None:
        return _("Result: {nation} prevails at {level}; effect: {effect}").format(
            nation=actor, level=outcome.level.value, effect=effect
        )
    if outcome.level is not None and not outcome.level.success:
        return _("Result: {nation} fails ({level}); effect: {effect}").format(
            nation=actor, level=outcome.level.value, effect=effect
        )
    counter = outcome.counter
    who = turn.name(counter.nation) if counter is not None else turn.name(result.target)
    return _("Result: the counter-measure of {nation} prevails; effect: {effect}").format(
        nation=who, effect=effect
    )


def _starting(turn: OrbisTurnReport, nation_id: str) -> Nation | None:
    return turn.resolution.previous.find(nation_id)


def medida_lines(turn: OrbisTurnReport, result: MedidaResult) -> list[str]:
    """The text block of one medida."""
    lines = [f"{turn.name(result.medida.power)} — {written(result)}"]
    asked = result.medida.statistic  # a variant's own statistic (Defensa: Ofensiva)
    if result.statistic is not None and asked not in (result.statistic.value, None):
        lines.append(
            "  "
            + _("Re-classified by the GM as {statistic} (O-118)").format(
                statistic=statistic_word(result.statistic)
            )
        )
    outcome = result.outcome
    if outcome is not None:
        lines.append("  " + roll_line(outcome.roll, _starting(turn, outcome.roll.nation)))
        counter = outcome.counter
        if counter is not None:
            named = COUNTER_NAMES.get(counter.statistic)
            who = turn.name(counter.nation) + (f" ({_(named)})" if named else "")
            lines.append(
                "  "
                + _("Counter-measure of {nation}: {roll}").format(
                    nation=who, roll=roll_line(counter, _starting(turn, counter.nation))
                )
            )
        elif result.exterior and result.medida.mode == "contra":
            lines.append(
                "  " + _("No counter-measure (the medida failed, or the target did not defend)")
            )
    lines.append("  " + result_text(turn, result))
    return lines


def rolled_dict(rolled: Rolled) -> dict[str, Any]:
    return {
        "nation": rolled.nation,
        "statistic": rolled.statistic.value,
        "attributes": [a.value for a in rolled.statistic.attributes],
        "threshold": rolled.threshold,
        "d100": rolled.face,
        "modifier_total": rolled.modifier.total,
        "modifiers": list(rolled.modifier.lines()),
        "total": rolled.total,
        "margin": str(rolled.margin),
        "margin_shown": margin_text(rolled),
        "level": rolled.level.value if rolled.level is not None else None,
    }


def medida_dict(turn: OrbisTurnReport, result: MedidaResult) -> dict[str, Any]:
    outcome = result.outcome
    return {
        "nation": result.medida.power,
        "written": written(result),
        "statistic": result.statistic.value if result.statistic is not None else None,
        "variant": result.medida.variant,
        "target": result.target,
        "exterior": result.exterior,
        "secret": result.secret,
        "refused": result.refused,
        "roll": rolled_dict(outcome.roll) if outcome is not None else None,
        "counter": (
            rolled_dict(outcome.counter)
            if outcome is not None and outcome.counter is not None
            else None
        ),
        "level": (
            outcome.level.value if outcome is not None and outcome.level is not None else None
        ),
        "prevails": outcome.prevails if outcome is not None else False,
        "effect": result.effect,
        "result": result_text(turn, result),
    }


# --- the year's other parts ------------------------------------------------


def public_results(turn: OrbisTurnReport) -> tuple[MedidaResult, ...]:
    return tuple(r for r in turn.resolution.results if r.public)


def no_medida(turn: OrbisTurnReport) -> tuple[str, ...]:
    """Nations that sent no medida: those silent and those with no result."""
    acted = {r.medida.power for r in turn.resolution.results}
    powers = turn.resolution.previous.powers()
    return tuple(sorted({*turn.silent, *(p for p in powers if p not in acted)}))


def nation_row(nation: Nation) -> dict[str, Any]:
    """A nation's indices (O-124, O-125) and prosperity (O-136) after the
    year, with its stability penalty (O-132 .. O-134)."""
    return {
        "nation": nation.id,
        "via": nation.via,
        "via_capacity": nation.via_capacity,
        "leg": nation.leg,
        "leg_capacity": nation.leg_capacity,
        "rqu": nation.rqu,
        "pro": nation.pro,
        "stability_penalty": stability_penalty(nation),
    }


def nations_after(turn: OrbisTurnReport) -> tuple[Nation, ...]:
    return tuple(sorted(turn.resolution.state.nations, key=lambda n: turn.name(n.id)))


def _header(turn: OrbisTurnReport) -> list[str]:
    lines = [
        f"{turn.game_name} — {tr(turn.ruleset_title)}",
        _("Year {year} resolved").format(year=turn.year),
    ]
    if turn.changed_options:
        shown = ", ".join(
            f"{k} = {plain_value(turn.changed_options[k])}" for k in sorted(turn.changed_options)
        )
        lines.append(_("Options that differ from the defaults: {options}").format(options=shown))
    return lines


def _nations_table(turn: OrbisTurnReport) -> list[str]:
    rows = [(_("Nation"), "VIA", "LEG", "RQU", "PRO", _("Stability"))]
    for nation in nations_after(turn):
        row = nation_row(nation)
        extinct = " " + _("(extinct)") if nation.id in turn.resolution.state.extinct else ""
        rows.append(
            (
                turn.name(nation.id) + extinct,
                f"{row['via']}/{row['via_capacity']}",
                f"{row['leg']}/{row['leg_capacity']}",
                str(row["rqu"]),
                str(row["pro"]),
                f"{row['stability_penalty']:+d}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def render_orbis_report(turn: OrbisTurnReport) -> str:
    """The public text report of the year (see the module docstring)."""
    out = _header(turn)
    resolution = turn.resolution
    notes = [*resolution.notes, *resolution.issues]
    if notes:
        out += ["", _("GM's notes and events:")] + [f"  {tr(note)}" for note in notes]
    if turn.issues:
        out += ["", _("Order issues:")]
        for issue in sorted(turn.issues, key=issue_key):
            out.append(f"  {issue_line(issue)}")
    silent = no_medida(turn)
    if silent:
        shown = ", ".join(sorted(turn.name(n) for n in silent))
        out += ["", _("No medida from: {nations}").format(nations=shown)]
    for result in public_results(turn):
        out += ["", *medida_lines(turn, result)]
    if resolution.purchases:
        out += ["", _("Purchases:")] + [
            f"  {turn.name(nation)}: {tr(what)}" for nation, what in resolution.purchases
        ]
    out += public_politics_lines(turn)  # political lines, notes, registry (O-237)
    out += ["", _("Nations after {year}:").format(year=turn.year), *_nations_table(turn)]
    rolls = public_rolls(resolution)
    if rolls:
        out += ["", _("Dice rolls:")] + [
            f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in rolls
        ]
    if turn.receipts:
        out += ["", _("Receipts (SHA-256 of each order file):")] + [
            f"  {r.file}: {r.sha256}" for r in sorted(turn.receipts)
        ]
    out += ["", _("Next year: {year}").format(year=resolution.state.year)]
    return "\n".join(out) + "\n"


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def public_dict(turn: OrbisTurnReport) -> dict[str, Any]:
    """The public report as plain data."""
    resolution = turn.resolution
    return {
        "game": turn.game_name,
        "ruleset": turn.ruleset_title,
        "year": turn.year,
        "next_year": resolution.state.year,
        "options": {k: plain_value(v) for k, v in turn.changed_options.items()},
        "notes": [*resolution.notes, *resolution.issues],
        "issues": [issue_dict(i, turn.file_powers) for i in sorted(turn.issues, key=issue_key)],
        "no_medida": list(no_medida(turn)),
        "medidas": [medida_dict(turn, r) for r in public_results(turn)],
        "purchases": [{"nation": n, "what": w} for n, w in resolution.purchases],
        "nations": [nation_row(n) for n in nations_after(turn)],
        "extinct": list(resolution.state.extinct),
        "rolls": [roll_dict(r) for r in public_rolls(resolution)],
        "receipts": [{"file": r.file, "sha256": r.sha256} for r in sorted(turn.receipts)],
        **public_politics_dict(turn),
    }


def render_orbis_json(turn: OrbisTurnReport) -> str:
    """The public report as JSON (sorted keys, UTF-8 kept)."""
    return dumps(public_dict(turn))
