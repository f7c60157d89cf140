"""`mapjudge odds` as text and as a small chart (issue 17): the exact chance
of each number of successes of a pool, of a pifia, of a simple and a
complex action's levels, of completing an extended action, and of the
desperate roll's ends (N-001 .. N-004, N-010 .. N-014, N-017 .. N-021,
N-176 .. N-180, NAMB-01, NAMB-04, NAMB-24).

Pure functions of the exact odds; every percentage is rounded (half up, 2
decimals) from the exact value. The chart imports matplotlib only when
drawn, and gives the same bytes for the same odds (`renderers.png`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor

from adjudicator.rulesets.narrativo.odds import PoolOdds
from adjudicator.rulesets.narrativo.odds_desperate import DesperateOdds, Surd
from adjudicator.rulesets.narrativo.odds_extended import ExtendedOdds
from adjudicator.rulesets.narrativo.outcome import Level
from texts import N_, _

SURD_DIGITS = 30
"""√6 to 30 decimals is far finer than a percentage's 2."""
MOST_TICKS = 16
"""A chart labels at most about this many bars (every second, third ... k)."""
LEVEL_WORDS = {
    Level.BOTCH: N_("pifia"),
    Level.FAILURE: N_("fracaso (0, no pifia)"),
    Level.SCANT: N_("escaso (1)"),
    Level.MODERATE: N_("moderado (2)"),
    Level.COMPLETE: N_("completo (3)"),
    Level.NOTABLE: N_("notable (4)"),
    Level.EXCELLENT: N_("excelente (5+)"),
}


def percent(value: Fraction | Surd) -> str:
    """`value` as a percentage with 2 decimals, rounded half up from the
    exact value (`45.00%`)."""
    exact = value.approx(SURD_DIGITS) if isinstance(value, Surd) else value
    hundredths = floor(exact * 10_000 + Fraction(1, 2))
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def odds_text(
    odds: PoolOdds | None,
    *,
    extended: ExtendedOdds | None = None,
    desperate: DesperateOdds | None = None,
    fractions: bool = False,
) -> str:
    """The whole answer of `mapjudge odds`: the pool's table (none for a
    pool of 0), the extended line, the desperate roll; `fractions` adds
    each exact value."""
    parts: list[str] = []
    if odds is not None:
        parts.append(pool_text(odds, fractions=fractions))
    if extended is not None:
        parts.append(extended_line(extended, fractions=fractions))
    if desperate is not None:
        parts.append(desperate_text(desperate, fractions=fractions))
    return "\n\n".join(parts) + "\n"


def pool_text(odds: PoolOdds, *, fractions: bool = False) -> str:
    """The table of k, P(k) and P(>= k), then the pifia, a simple action and
    a complex action's levels."""
    ones = _("each 1 cancels a success") if odds.ones_cancel else _("1s cancel nothing")
    lines = [
        _("{size}d10 at difficulty {difficulty}, exploding 10s, {ones} (NAMB-01)").format(
            size=odds.size, difficulty=odds.difficulty, ones=ones
        ),
        "",
        _row("k", "P(k)", "P(≥ k)", _("exact P(k)") if fractions else ""),
    ]
    for k, value in enumerate(odds.exact):
        lines.append(
            _row(str(k), percent(value), percent(odds.at_least(k)), _exact(value, fractions))
        )
    tail = odds.tail
    lines.append(_row(f"{odds.upto + 1}+", percent(tail), percent(tail), _exact(tail, fractions)))
    lines += [
        "",
        _("pifia (no success and a 1): {p}").format(
            p=f"{percent(odds.botch)}{_aside(odds.botch, fractions)}"
        ),
        _("simple action, 1+ success: {p}").format(
            p=f"{percent(odds.simple_success)}{_aside(odds.simple_success, fractions)}"
        ),
        _("complex action: {levels}").format(
            levels=", ".join(
                f"{_(LEVEL_WORDS[level])} {percent(value)}{_aside(value, fractions)}"
                for level, value in odds.levels.items()
            )
        ),
    ]
    return "\n".join(lines)


def extended_line(extended: ExtendedOdds, *, fractions: bool = False) -> str:
    """One line: completing `need` successes within the limit, failing for
    good, running out of time (N-017 .. N-021, NAMB-04)."""
    limit = (
        _("without a limit")
        if extended.rolls is None
        else _("within {rolls} rolls").format(rolls=extended.rolls)
    )
    late = _("never ends") if extended.rolls is None else _("out of time")
    return _(
        "extended action, {need} successes {limit}: completes {complete},"
        " fails for good {failed}, {late} {out_of_time}"
    ).format(
        need=extended.need,
        limit=limit,
        complete=f"{percent(extended.complete)}{_aside(extended.complete, fractions)}",
        failed=f"{percent(extended.failed)}{_aside(extended.failed, fractions)}",
        late=late,
        out_of_time=f"{percent(extended.out_of_time)}{_aside(extended.out_of_time, fractions)}",
    )


def desperate_text(desperate: DesperateOdds, *, fractions: bool = False) -> str:
    """The desperate roll's three ends and its first few k (N-176 ..
    N-180, NAMB-24)."""
    ends = (
        (_("failure"), desperate.failure),
        (_("success"), desperate.success),
        (_("disaster"), desperate.disaster),
    )
    lines = [_("desperate roll (a pool of 0: 1d10 at 10, N-176 .. N-180, NAMB-24)")]
    for word, value in ends:
        lines.append(f"{word:>8}  {percent(value):>8}  {_exact(value, fractions)}".rstrip())
    kept = ", ".join(
        f"{k}: {percent(value)}{_aside(value, fractions)}"
        for k, value in enumerate(desperate.kept, start=1)
    )
    lines.append(_("successes kept: {kept}").format(kept=kept))
    return "\n".join(lines)


def _row(first: str, second: str, third: str, fourth: str) -> str:
    return f"{first:>8}  {second:>8}  {third:>8}  {fourth}".rstrip()


def _exact(value: Fraction | Surd, shown: bool) -> str:
    return str(value) if shown else ""


def _aside(value: Fraction | Surd, shown: bool) -> str:
    return f" ({value})" if shown else ""


def odds_chart(odds: PoolOdds | None, desperate: DesperateOdds | None) -> bytes:
    """A small PNG bar chart: P(k) of the pool (the pifia drawn as the dark
    part of k = 0), and the desperate roll's ends beside it when given."""
    import matplotlib as mpl
    from matplotlib.figure import Figure

    from renderers.figure import DPI, RC
    from renderers.png import figure_bytes

    panels = [p for p in (_pool_bars(odds), _desperate_bars(desperate)) if p is not None]
    if not panels:
        raise ValueError("nothing to draw: neither a pool nor the desperate roll")
    with mpl.rc_context(RC):
        figure = Figure(figsize=(4.5 * len(panels) + 1, 3.6), dpi=DPI)
        for place, (title, labels, values, dark) in enumerate(panels, start=1):
            axes = figure.add_subplot(1, len(panels), place)
            spots = list(range(len(labels)))
            axes.bar(spots, values, color="#4c72b0", width=0.8)
            axes.bar(spots, dark, color="#c44e52", width=0.8)
            step = -(-len(labels) // MOST_TICKS)
            shown = spots[::step] if spots[-1] % step == 0 else [*spots[::step], spots[-1]]
            axes.set_xticks(shown, [labels[s] for s in shown], fontsize=8)
            axes.set_ylabel("%")
            axes.set_title(title, fontsize=10)
            axes.grid(True, axis="y", color="#dddddd", linewidth=0.6)
            axes.set_axisbelow(True)
        figure.tight_layout()
        return figure_bytes(figure, "png")


Bars = tuple[str, list[str], list[float], list[float]]


def _pool_bars(odds: PoolOdds | None) -> Bars | None:
    if odds is None:
        return None
    labels = [str(k) for k in range(odds.upto + 1)] + [f"{odds.upto + 1}+"]
    values = _percentages([*odds.exact, odds.tail])
    dark = [0.0] * len(values)
    dark[0] = float(odds.botch * 100)
    title = _("{size}d10 at {difficulty}: successes (red: pifia)").format(
        size=odds.size, difficulty=odds.difficulty
    )
    return title, labels, values, dark


def _desperate_bars(desperate: DesperateOdds | None) -> Bars | None:
    if desperate is None:
        return None
    labels = [_("failure"), _("disaster"), *(f"{k}" for k in range(1, len(desperate.kept) + 1))]
    values = _percentages([desperate.failure, desperate.disaster, *desperate.kept])
    dark = [0.0, values[1]] + [0.0] * len(desperate.kept)
    return _("desperate roll: ends and successes kept"), labels, values, dark


def _percentages(values: Sequence[Fraction | Surd]) -> list[float]:
    return [float(v) * 100 for v in values]
