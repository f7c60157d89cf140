"""The two-step creation of a genes game as the plugin runs it (002 §4.1,
issue 18 #12).

Step 1, `mapjudge new genes DIR --players ponent,llevant,serra
[--relevance random|small|medium|large]`: each country's relevance is rolled
with the game's dice (dice phase `0-relevance`, logged in
`reports/0-relevance.json` so that `mapjudge verify` checks it) and the game
opens in the creation phase `0-creation`; `reports/0-relevance.txt` tells
each player what their sheet may spend.

Step 2, `mapjudge adjudicate DIR sheets/*.yaml`: the country sheets are the
orders of `0-creation` (`mapjudge check` names each problem with its file and
key); turn 1 is written when every country has a valid sheet, and the
phase's report (`reports/0-creation.txt|json`) shows the sheets and the rolls
of turn 1's events. While a sheet is missing or wrong, nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from adjudicator.core.dice import Dice
from adjudicator.core.plugin import OrderFile, Parsed, Report, SetupError, Turn
from adjudicator.kits.sheets.reader import SheetIssue, lookup, meant, near
from adjudicator.rulesets.genes.codec import state_to_dict
from adjudicator.rulesets.genes.creation import (
    Creation,
    RolledRelevance,
    SheetOrder,
    budget_text,
    checked_sheets,
    creation_state,
    roll_relevance,
    rolled_relevance,
)
from adjudicator.rulesets.genes.model import GenesState, Relevance
from adjudicator.rulesets.genes.outcome import GenesResolution
from adjudicator.rulesets.genes.sheet_checks import RELEVANCE_WORDS, ROLLED_REPORT
from adjudicator.rulesets.genes.sheets import read_sheet_text
from maps.genes.region import Region
from orders.genes.model import Declaration
from orders.issues import IssueKind, OrderIssue, Source
from renderers.common import roll_dict
from renderers.genes.report import render_sheets
from texts import N_, T_, _, tr

RELEVANCE_PHASE = Path(ROLLED_REPORT).stem
"""The dice phase of the relevance rolls, and the name of their report
(`reports/0-relevance.txt|json`): `verify` checks a report's rolls against
its name."""
REPORTS_DIR = "reports"
SCHEMA = "mapjudge/genes-creation/1"

GenesOrder = Declaration | SheetOrder
"""What a genes phase reads: declarations each turn, the sheets at creation."""
GenesOutcome = GenesResolution | Creation
"""What a genes phase resolves into: a turn, or the creation of turn 1."""
GenesTurn = Turn[GenesState, GenesOrder, Region, GenesOutcome]


# --- step 1: `new --players` ------------------------------------------------------------


def players(text: str, region: Region) -> tuple[str, ...]:
    """`--players`: the region's countries (id, name or alias), each once, all
    of them (002 §3: one country per player); seated in the region's order."""
    words = {c.id: (c.name, *c.aliases) for c in region.countries.values()}
    named: list[str] = []
    for written in (w.strip() for w in text.split(",")):
        if not written:
            continue
        country = region.lookup_country(written)
        if country is None:
            listed = ", ".join(f"{c.id} ({c.name})" for c in region.countries.values())
            maybe = tr(meant(near(written, words)))
            message = _(
                "--players: {name} is not a country of region {region}{hint}; its countries:"
                " {countries}"
            )
            raise SetupError(
                message.format(name=repr(written), region=region.name, hint=maybe, countries=listed)
            )
        if country in named:
            twice = _("--players: {country} is named twice")
            raise SetupError(twice.format(country=region.countries[country].local_name))
        named.append(country)
    missing = [region.countries[c].local_name for c in region.countries if c not in named]
    if missing:
        message = _(
            "--players: {countries} missing: every country of region {region} is played,"
            " one per player (002 §3)"
        )
        raise SetupError(message.format(countries=", ".join(missing), region=region.name))
    return tuple(region.countries)


def fixed_relevance(text: str | None) -> Relevance | None:
    """`--relevance`: one relevance for every country (002 §4.1, "una mateixa
    Rellevància"), or None for `random` (the default: 1d10 each)."""
    if text is None:
        return None
    canonical = lookup(RELEVANCE_WORDS, text)
    if canonical is None:
        message = _("--relevance: {name} is not random, small, medium or large (002 §4.1){hint}")
        hint = tr(meant(near(text, RELEVANCE_WORDS)))
        raise SetupError(message.format(name=repr(text), hint=hint))
    return None if canonical == "random" else Relevance(canonical)


def start_in_two_steps(
    region: Region, inputs: Mapping[str, str], secret: str, game_name: str
) -> tuple[GenesState, dict[str, bytes], str]:
    """Step 1: the creation phase's state, `reports/0-relevance.txt|json`, and
    the same text for the GM (it is what the players are told)."""
    if inputs.get("sheets"):
        raise SetupError(
            _(
                "--players and --sheets: give --players to roll the relevance first and"
                " adjudicate the sheets after, or --sheets to create the game at once"
            )
        )
    seats = players(inputs["players"], region)
    dice = Dice(secret, game_name, RELEVANCE_PHASE)
    rolled = roll_relevance(seats, dice, fixed_relevance(inputs.get("relevance")))
    state = creation_state(region, rolled)
    text = relevance_text(region, rolled, dice, game_name)
    data = {
        "schema": SCHEMA,
        "game": game_name,
        "phase": RELEVANCE_PHASE,
        "next_phase": state.phase.id,
        "relevance": {
            r.country: {
                "relevance": r.relevance.value,
                "face": r.face,
                "points": r.relevance.points,
                "army_base": r.relevance.army_base,
                "actions_base": r.relevance.action_base,
            }
            for r in rolled
        },
        "rolls": [roll_dict(r) for r in dice.rolls],
    }
    base = Path(REPORTS_DIR)
    files = {
        str(base / f"{RELEVANCE_PHASE}.txt"): text.encode(),
        str(base / f"{RELEVANCE_PHASE}.json"): _json(data).encode(),
    }
    return state, files, text


RELEVANCE_NAMES = {
    Relevance.SMALL: N_("small"),
    Relevance.MEDIUM: N_("medium"),
    Relevance.LARGE: N_("large"),
}
"""A relevance in words (the English ones are its values)."""


def _relevance_line(name: str, relevance: Relevance, face: str) -> str:
    """`  Ponent: relevance medium (rolled 7), 30 creation points; ...`."""
    return _("  {country}: relevance {relevance}{rolled}, {budget}").format(
        country=name,
        relevance=_(RELEVANCE_NAMES[relevance]),
        rolled=face,
        budget=tr(budget_text(relevance)),
    )


def relevance_text(
    region: Region, rolled: Sequence[RolledRelevance], dice: Dice, game_name: str
) -> str:
    """Step 1's report: each country's relevance and what its sheet may spend."""
    how = (
        _("rolled with the game's dice, 1d10: 1-5 small, 6-8 medium, 9-0 large")
        if dice.rolls
        else _("the same for every country")
    )
    lines = [
        _("Game: {name}").format(name=game_name),
        _("Creation, step 1 of 2: the relevance (002 §4.1), {how}").format(how=how),
    ]
    for r in rolled:
        face = _(" (rolled {face})").format(face=r.face % 10) if r.face is not None else ""
        lines.append(_relevance_line(region.countries[r.country].local_name, r.relevance, face))
    lines += [
        "",
        _("Step 2: each player writes the sheet of their country for that relevance"),
        _("(<country>.yaml, see docs/genes.md; `relevance:` may be left out) and the GM"),
        _("adjudicates the sheets as the orders of the creation phase:"),
        _("  mapjudge check DIR sheets/*.yaml       (every problem, with its file and key)"),
        _("  mapjudge adjudicate DIR sheets/*.yaml  (turn 1, once every sheet is right)"),
        "",
        _("Dice rolls:"),
    ]
    lines += [f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in dice.rolls]
    lines += [_("  none")] * (not dice.rolls)
    return "\n".join(lines) + "\n"


# --- step 2: the sheets as orders -------------------------------------------------------


def parse_sheets(
    files: Sequence[OrderFile], region: Region, state: GenesState
) -> Parsed[SheetOrder]:
    """Each sheet read against its country's relevance; its errors as issues
    (file, key, what is wrong), the countries that sent none as `silent`."""
    rolled = rolled_relevance(state)
    orders: list[SheetOrder] = []
    issues: list[OrderIssue] = []
    owners: dict[str, str] = {}
    for f in files:
        result = read_sheet_text(f.name, f.text, region, rolled)
        order = SheetOrder(result, Source.whole(f.name))
        orders.append(order)
        if order.country is not None:
            owners[f.name] = order.country
        issues += [sheet_issue(i) for i in result.issues if not i.warning]
    sent = set(owners.values())
    silent = tuple(c for c in state.seats if c not in sent)
    return Parsed(tuple(orders), tuple(issues), owners, silent)


def sheet_issue(issue: SheetIssue) -> OrderIssue:
    """A sheet's problem as an order issue: `ponent.yaml: illegal: points: ...`."""
    line = int(issue.key[5:]) if issue.key.startswith("line ") and issue.key[5:].isdigit() else 0
    source = Source(issue.file, line, "", 1) if line else Source.whole(issue.file)
    message = (
        issue.message if line else T_("{key}: {message}", key=issue.key, message=issue.message)
    )
    return OrderIssue(IssueKind.ILLEGAL, message, source, issue.suggestions)


def sheets_check(orders: Sequence[SheetOrder], region: Region) -> tuple[OrderIssue, ...]:
    """What only the sheets together show (a country with two sheets); a
    country with none is named by `Parsed.silent`."""
    own = {(i.file, i.key, i.message) for o in orders for i in o.result.issues}
    sent = {o.result.file for o in orders}
    return tuple(
        sheet_issue(i)
        for i in checked_sheets(orders, region).errors
        if i.file in sent and (i.file, i.key, i.message) not in own
    )


def creation_turn_report(turn: GenesTurn, creation: Creation) -> Report:
    """`reports/0-creation.txt|json`: the sheets as turn 1 starts, their
    warnings, the receipts, and the rolls of turn 1's events."""
    state, region = creation.state, turn.game_map
    rolls = [f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in creation.rolls]
    warnings = [f"  {tr(w)}" for w in creation.sheets.warnings]
    receipts = [f"  {r.file}: sha256 {r.sha256}" for r in turn.receipts]
    none = [_("  none")]
    created = _("{title}: {phase}, created from the country sheets (002 §4)")
    text = "\n".join([
        _("Game: {name}").format(name=turn.game_name),
        created.format(title=turn.ruleset_title, phase=turn.state.phase.id),
        "",
        render_sheets(state, region).rstrip("\n"),
        "",
        _("Warnings:"), *(warnings or none),
        _("Sheets received:"), *(receipts or none),
        _("Dice rolls:"), *(rolls or none),
    ]) + "\n"  # fmt: skip
    data = {
        "schema": SCHEMA,
        "game": turn.game_name,
        "ruleset": turn.ruleset_name,
        "phase": turn.state.phase.id,
        "next_phase": state.phase.id,
        "options": dict(turn.changed_options),
        "relevance": {c: r.value for c, r in rolled_relevance(turn.state).items()},
        "warnings": [str(w) for w in creation.sheets.warnings],
        "receipts": [{"file": r.file, "sha256": r.sha256} for r in turn.receipts],
        "rolls": [roll_dict(r) for r in creation.rolls],
        "state": state_to_dict(state),
    }
    return Report(text, _json(data), turn.parsed.issues)


def describe_creation(state: GenesState, region: Region) -> str:
    """`mapjudge show` in the creation phase: each country's relevance and budget."""
    lines = [
        _("{phase}: creation, the country sheets are awaited (002 §4)").format(phase=state.phase.id)
    ]
    for country, relevance in rolled_relevance(state).items():
        name = region.countries[country].local_name if country in region.countries else country
        lines.append(_relevance_line(name, relevance, ""))
    return "\n".join(lines) + "\n"


def _json(data: object) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
