"""The command `narrativo` adds to `mapjudge` (issue 17): `mapjudge odds`,
the exact odds of a pool, an extended action and the desperate roll, for a
Narrator setting a difficulty (N-001 .. N-004, N-010 .. N-014,
N-017 .. N-021, N-174 .. N-180, NAMB-01, NAMB-04, NAMB-24)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import click

from adjudicator.core.files import atomic_write
from adjudicator.rulesets.narrativo.odds import MAX_DIFFICULTY, MIN_DIFFICULTY, pool_odds
from adjudicator.rulesets.narrativo.odds_desperate import desperate_odds
from adjudicator.rulesets.narrativo.odds_extended import extended_odds
from renderers.narrativo.odds import odds_chart, odds_text
from texts import DEFAULT_LANGUAGE, LANGUAGES, N_, UnknownLanguage, _, checked_language, using

MAX_POOL = 30
"""`mapjudge odds` answers pools of 0..30 dice (N-175: never below 0)."""
MAX_NEED = 100
MAX_ROLLS = 100
"""An extended action of up to 100 successes and 100 rolls (N-017, N-018)."""


def _within(low: int, high: int, what: str, rule: str) -> Callable[..., int | None]:
    """A click callback refusing an integer outside low..high, naming it."""

    def check(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
        if value is not None and not low <= value <= high:
            with using(ctx.meta.get(LANG_KEY, DEFAULT_LANGUAGE), "narrativo"):
                message = _("{what} {value} is outside {low}..{high} ({rule})").format(
                    what=_(what), value=value, low=low, high=high, rule=_(rule)
                )
            raise click.BadParameter(message)
        return value

    return check


LANG_KEY = "narrativo.lang"


def _language(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """`--lang`, else `$MAPJUDGE_LANG` when it names a language, else English;
    kept for the other options' messages (an eager option: read first)."""
    try:
        lang = checked_language(value or os.environ.get("MAPJUDGE_LANG") or DEFAULT_LANGUAGE)
    except UnknownLanguage as exc:
        if value is not None:
            raise click.BadParameter(str(exc)) from None
        lang = DEFAULT_LANGUAGE
    ctx.meta[LANG_KEY] = lang
    return lang


@click.command("odds")
@click.argument(
    "pool", type=int, callback=_within(0, MAX_POOL, N_("a pool of"), N_("N-175; at most 30 here"))
)
@click.argument(
    "difficulty",
    type=int,
    callback=_within(MIN_DIFFICULTY, MAX_DIFFICULTY, N_("difficulty"), "N-174"),
)
@click.option("--ones-cancel", is_flag=True, help="Each 1 cancels a success (NAMB-01; off).")
@click.option(
    "--need",
    type=int,
    callback=_within(1, MAX_NEED, N_("need"), N_("N-017; at most 100 here")),
    help="An extended action: the successes needed.",
)
@click.option(
    "--rolls",
    type=int,
    callback=_within(1, MAX_ROLLS, N_("rolls"), N_("N-018; at most 100 here")),
    help="An extended action's limit of rolls (none: no limit).",
)
@click.option("--desperate", is_flag=True, help="Also the desperate roll (N-176 .. N-180).")
@click.option(
    "--chart",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write a small bar chart (PNG) in this file.",
)
@click.option("--fractions", is_flag=True, help="Show each exact value too.")
@click.option(
    "--lang",
    "lang",
    metavar="|".join(LANGUAGES),
    is_eager=True,
    callback=_language,
    help="Language of the output (default: $MAPJUDGE_LANG, else en).",
)
def odds_command(
    pool: int,
    difficulty: int,
    ones_cancel: bool,
    need: int | None,
    rolls: int | None,
    desperate: bool,
    chart: Path | None,
    fractions: bool,
    lang: str,
) -> None:
    """narrativo: the exact odds of POOL d10 at DIFFICULTY (exploding 10s):
    each number of successes, a pifia, a simple and a complex action, an
    extended action with --need (and --rolls), and the desperate roll with
    --desperate or a POOL of 0."""
    with using(lang, "narrativo"):
        if rolls is not None and need is None:
            raise click.UsageError(_("--rolls is the limit of an extended action: give --need too"))
        odds = pool_odds(pool, difficulty, ones_cancel=ones_cancel) if pool else None
        extended = (
            extended_odds(pool, difficulty, need, rolls, ones_cancel=ones_cancel)
            if need is not None
            else None
        )
        last_chance = desperate_odds() if desperate or not pool else None
        click.echo(
            odds_text(odds, extended=extended, desperate=last_chance, fractions=fractions),
            nl=False,
        )
        if chart is not None:
            atomic_write(chart, odds_chart(odds, last_chance))
            click.echo(_("wrote {file}").format(file=chart))
