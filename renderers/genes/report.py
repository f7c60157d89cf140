"""The text report of a resolved Genes Mactantes turn, mailed to every player.

Pure functions, no I/O. `render_genes_report(turn)` builds it from a
`GenesTurnReport` (the CLI builds that): header and receipts, problems in the
declarations, the turn's frame, the resolution step by step with every
roll's terms, the actions not resolved, the start of the next turn, each
country's *Fitxa de societat*, the end of the game, the dice log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.core.dice import Roll
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.genes import standings
from adjudicator.rulesets.genes.model import (
    GenesState,
)
from adjudicator.rulesets.genes.outcome import (
    ActionResult,
    EffectKind,
    GenesReason,
    GenesResolution,
    TestRoll,
)
from adjudicator.rulesets.genes.turn_start import (
    DISASTER,
    RESOURCES,
    crisis_helpers,
    disaster_choosers,
    disaster_entries,
)
from maps.genes.region import Region
from orders.issues import OrderIssue, ignored, problems
from renderers.common import issue_key
from renderers.genes import json_output as facts
from renderers.genes import words
from renderers.genes.json_output import Names
from renderers.genes.sheet import character_status, city_marks, sheet_text
from texts import _, tr

__all__ = [
    "GenesTurnReport",
    "character_status",
    "city_marks",
    "render_country_report",
    "render_genes_report",
    "render_sheets",
    "result_lines",
    "sheet_text",
]


@dataclass(frozen=True)
class GenesTurnReport:
    """Everything the text and JSON reports show about one resolved turn."""

    resolution: GenesResolution
    region: Region
    game_name: str = ""
    ruleset_title: str = "Genes Mactantes"
    changed_options: Mapping[str, Any] = field(default_factory=dict)
    issues: tuple[OrderIssue, ...] = ()  # parse problems, quoting file and line
    receipts: tuple[Receipt | tuple[str, str], ...] = ()  # (file, sha256)
    file_powers: Mapping[str, str] = field(default_factory=dict)  # file -> country
    reader: str | None = None
    """Who reads the report: None for everyone (the public report), or the
    country whose private part it is."""
    silent: tuple[str, ...] = ()
    """Countries still in the game that sent no declarations (Trust #6)."""

    @property
    def previous(self) -> GenesState:
        return self.resolution.previous

    @property
    def state(self) -> GenesState:
        return self.resolution.state

    @property
    def names(self) -> Names:
        """Names as the reader is told them: a principal that moved and hid is
        placed only for its owner and the countries that found it (002 §4.4)."""
        hidden = frozenset(
            c.id
            for c in self.state.characters.values()
            if c.hidden and self.reader != c.owner and self.reader not in c.seen_by
        )
        return Names(self.region, (self.state, self.previous), hidden)


# --- the report --------------------------------------------------------------------


def render_genes_report(turn: GenesTurnReport) -> str:
    """The whole text report of one resolved turn."""
    sections = [
        _header(turn),
        _issues_section(turn),
        _frame_section(turn),
        _resolution_section(turn),
        _unresolved_section(turn),
        _next_turn_section(turn),
        *(sheet_text(turn.state, turn.names, c) for c in turn.state.seats),
        _game_over_section(turn),
        _dice_section(turn.resolution.rolls),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def _header(turn: GenesTurnReport) -> str:
    options = ", ".join(f"{k} = {v}" for k, v in sorted(turn.changed_options.items()))
    turn_id = turn.previous.turn
    lines = [
        _("Game: {name}").format(name=turn.game_name) if turn.game_name else "",
        _("Ruleset: {title}").format(title=turn.ruleset_title),
        _("Turn {turn} resolved ({phase})").format(turn=turn_id, phase=turn.previous.phase.id),
        _("Options differing from the rulebook: {options}").format(options=options or _("none")),
    ]
    pairs = facts.receipt_pairs(turn.receipts)
    if pairs:
        width = max(len(file) for file, _digest in pairs)
        lines.append(_("Declaration files received (SHA-256):"))
        lines += [f"  {file:<{width}}  {digest}" for file, digest in pairs]
    return "\n".join(line for line in lines if line)


def _issues_section(turn: GenesTurnReport) -> str:
    """The problems in the declarations, the lines ignored as text that is no
    declaration, and the countries that sent none (Trust #3, #6)."""
    issues = sorted(turn.issues, key=issue_key)
    found, skipped = problems(issues), ignored(issues)
    lines = []
    if found:
        lines += [
            _("== Problems in the declarations =="),
            *(_indent(i.render(), "  ") for i in found),
        ]
    if skipped:
        lines += [
            _("== Ignored (not declarations) =="),
            *(_indent(i.render(), "  ") for i in skipped),
        ]
    silent = [turn.names.country(c) for c in turn.silent if c in turn.region.countries]
    if silent:
        lines.append(_("No declarations from: {countries}").format(countries=", ".join(silent)))
    return "\n".join(lines)


# --- the turn's frame --------------------------------------------------------------


def _frame_section(turn: GenesTurnReport) -> str:
    frame, names = turn.resolution.frame, turn.names
    lines = [_("== Turn {turn} ==").format(turn=turn.previous.turn)]
    countries = turn.previous.countries
    if frame.initiative:
        order = ", ".join(f"{names.country(c)} {countries[c].authority}" for c in frame.initiative)
        lines.append(
            _("Initiative (Autoritat less Contrapoder, highest first): {order}").format(order=order)
        )
    lines += _tie_lines(frame.initiative_rolls, names)
    lines += _budget_lines(turn)
    lines += _forced_lines(turn.previous, names, _("Forced actions this turn"))
    moved = _disaster_moved_to(turn.resolution.results)
    lines += _event_lines(turn.previous, names, _("This turn's event"), _("this turn"), moved)
    lines += _crisis_helper_lines(turn.previous, names, _("this turn"))
    return "\n".join(lines)


def _disaster_moved_to(results: Sequence[ActionResult]) -> str | None:
    """The city a chooser moved this turn's disaster to (002 §5.3), if any."""
    for result in results:
        for effect in result.effects:
            if effect.kind is EffectKind.DISASTER_CHOSEN and effect.subject == "city":
                return effect.other
    return None


def _tie_lines(rolls: Sequence[TestRoll], names: Names) -> list[str]:
    """Initiative ties broken by 1d10, one line per round of rolls."""
    rounds: dict[str, list[str]] = {}
    for roll in rolls:
        rounds.setdefault(roll.label, []).append(
            f"{names.country(roll.country)} {words.roll_text(roll)}"
        )
    return [
        _("  {label} (higher first): {ties}").format(
            label=(words.label_text(label) or _("initiative tie")).capitalize(),
            ties=", ".join(ties),
        )
        for label, ties in rounds.items()
    ]


def _budget_lines(turn: GenesTurnReport) -> list[str]:
    frame, names = turn.resolution.frame, turn.names
    terms, totals = dict(frame.budget_terms), dict(frame.budgets)
    lines = [
        words.budget_line(names.country(c), totals.get(c, 0), terms.get(c, ()))
        for c in turn.previous.seats
        if c in totals
    ]
    return [_("Actions this turn:"), *lines] if lines else []


def _forced_lines(state: GenesState, names: Names, title: str) -> list[str]:
    forced = state.start.forced
    lines = [
        f"  {names.country(c)}: {', '.join(words.forced_text(k) for k in forced[c])}"
        for c in sorted(forced, key=lambda c: _seat(state, c))
        if forced[c]
    ]
    return [f"{title}:", *lines] if lines else []


def _event_lines(
    state: GenesState,
    names: Names,
    title: str,
    when: str,
    moved_to: str | None = None,
    *,
    choosers: bool = False,
) -> list[str]:
    """The event of `state`'s turn (002 §5.3); `when` names that turn (`this
    turn`, `in turn 4`); `moved_to`: the city a chooser moved the disaster to."""
    start = state.start
    if start.event_roll is None:
        return []
    text = f"{title}: d10 [{words.face_words(start.event_roll)}]: "
    if start.event == DISASTER:
        at = names.city(start.disaster_city)
        where = _(" at {city}").format(city=at) if start.disaster_city else ""
        text += _(
            "natural disaster in {country}{at_city}; it must play Restaurar ordre,"
            " and the characters and forces there cannot act {when}"
        ).format(country=names.country(start.event_country), at_city=where, when=when)
    elif start.event == RESOURCES:
        found = start.resources or ((start.event_country,) if start.event_country else ())
        text += _("resources discovered: one more action {when} for {countries}").format(
            when=when, countries=names.listed(found)
        )
    else:
        text += _("nothing happens")
    lines = [text]
    if moved_to is not None:
        lines.append(_("  Moved by the chooser to {city}").format(city=names.city(moved_to)))
    elif choosers and start.event == DISASTER:
        lines += _chooser_lines(state, names)
    city = moved_to or start.disaster_city
    disaster = start.event == DISASTER
    annulled = disaster_entries(list(state.characters.values()), city) if disaster else ()
    shown = ", ".join(
        names.character(d) if d in state.characters else names.place(d) for d in annulled
    )
    annulled_line = _("  Annulled by the disaster {when}: {annulled}")
    return lines + [annulled_line.format(when=when, annulled=shown)] * bool(shown)


def _chooser_lines(state: GenesState, names: Names) -> list[str]:
    """Who chooses the disaster's kind and city (002 §5.3), in their declarations."""
    chosen = disaster_choosers(state)
    if chosen is None:
        return []
    kind, city = (names.country(c) for c in chosen)
    affected = names.country(state.start.event_country)
    line = _(
        "  {kind_chooser} names its kind (a line `desastre: <kind>`); {city_chooser} may move"
        " it to another city of {country} (a line `desastre a <city>`)"
    ).format(kind_chooser=kind, city_chooser=city, country=affected)
    return [line]


def _crisis_helper_lines(state: GenesState, names: Names, when: str) -> list[str]:
    """The characters that helped a crisis test: active for the turn (002 §5.4.6)."""
    helpers = sorted(crisis_helpers(state))
    listed = ", ".join(names.character(c) for c in helpers)
    text = _("Already active {when} (they helped a crisis test): {characters}")
    return [text.format(when=when, characters=listed)] * bool(helpers)


def _seat(state: GenesState, country: str) -> tuple[int, str]:
    seats = state.seats
    return (seats.index(country) if country in seats else len(seats), country)


# --- resolution --------------------------------------------------------------------


def _resolution_section(turn: GenesTurnReport) -> str:
    results = facts.resolved_results(turn.resolution)
    stepped = sorted((r for r in turn.resolution.results if r.step), key=lambda r: r.step)
    lines = [line for r in stepped for line in result_lines(r, turn)]
    free = [line for r in results if not r.step for line in result_lines(r, turn)]
    lines += [_("Free lines (no action spent):"), *free] if free else []
    return "\n".join([_("== Resolution =="), *lines]) if lines else ""


def _spent_line(result: ActionResult, turn: GenesTurnReport) -> str:
    """An action that reached its step but was not carried out: it is spent
    (the line is quoted under "Actions not resolved")."""
    names, d = turn.names, result.declaration
    impossible = result.reason.value.startswith("impossible:")
    why = _("impossible") if impossible else words.reason_text(result.reason)
    detail = _detail(result).strip() or (
        f"({_(words.REASON_WORDS[result.reason])})" if impossible else ""
    )
    return _("{step}. {country} — {action}: {why}{detail}; the action is spent.").format(
        step=result.step,
        country=names.country(d.power),
        action=words.declaration_text(d, names),
        why=why,
        detail=f" {detail}" if detail else "",
    )


def result_lines(result: ActionResult, turn: GenesTurnReport) -> list[str]:
    """One resolved action: `3. Ponent — Setge de Vilanova (Militarisme 12, walled): ...`;
    a free line (step 0): `  Llevant — Aliança amb Migjorn a Vilanova: in force this turn.`"""
    names, d = turn.names, result.declaration
    if result.step and not result.reason.resolved:
        return [_spent_line(result, turn)]
    forced = _(", forced") if result.forced else ""
    method = f" ({words.method_text(result, turn.previous)}{forced})" if result.step else ""
    head = (
        f"{f'{result.step}.' if result.step else ' '} {names.country(d.power)}"
        f" — {words.declaration_text(d, names)}{method}"
    )
    outcome = words.reason_text(result.reason) + _detail(result)
    effects = words.effects_text(result.effects, names)
    if not result.step and not effects and result.reason is GenesReason.DONE:
        outcome = _("in force this turn")
    tail = f"{outcome}.{' ' + effects if effects else ''}"
    rolls = result.rolls
    if not rolls:
        return [f"{head}: {tail}"]
    if len(rolls) == 1 and rolls[0].against is not None and not rolls[0].label:
        return [f"{head}: {words.roll_text(rolls[0])}: {tail}"]
    lines = [f"{head}:", *words.roll_lines(rolls, result.effects, names, "     ")]
    own = [r for r in rolls if not r.label]
    contest = len(own) == 2 and result.reason in (GenesReason.WON, GenesReason.LOST)
    margin = _margin(own[0], own[1], result.reason) if contest else ""
    lines.append(f"     {words.reason_text(result.reason)}{margin}{_detail(result)}.")
    if effects:
        lines.append(f"     {effects}")
    return lines


def _margin(mine: TestRoll, theirs: TestRoll, reason: GenesReason) -> str:
    """` by 3`, or the natural die that decided against the totals (002
    §5.4.5: "un resultat de 1 és una errada, i 0 és un èxit"; issue 18 #7)."""
    winner, loser = (mine, theirs) if reason is GenesReason.WON else (theirs, mine)
    if winner.total > loser.total:
        return _(" by {n}").format(n=winner.total - loser.total)
    return _(" on a natural 0") if winner.face == 10 else _(" on a natural 1")


def _detail(result: ActionResult) -> str:
    """The ruling's detail (a lazy message, told in the reader's language)."""
    detail = tr(result.detail).strip()
    return f" ({detail})" if detail else ""


def _unresolved_section(turn: GenesTurnReport) -> str:
    results = facts.unresolved_results(turn.resolution)
    if not results:
        return ""
    names, totals = turn.names, dict(turn.resolution.frame.budgets)
    lines = [_("== Actions not resolved ==")]
    for result in results:
        d = result.declaration
        why = words.reason_text(result.reason) + _detail(result)
        if result.reason is GenesReason.OVER_BUDGET and d.power in totals:
            had = _(" ({country} had {n} this turn)")
            why += had.format(country=names.country(d.power), n=totals[d.power])
        why += _(" [step {step}]").format(step=result.step) if result.step else ""
        lines.append(f"  {names.country(d.power)}: {words.declaration_text(d, names)}: {why}")
        if d.source is not None:
            where = _("{file}, line {line}").format(file=d.source.file, line=d.source.line)
            lines.append(f"      {where}: > {d.source.text.strip()}")
        elif result.forced:
            lines.append(_("      (a forced action the judge added: it was not declared)"))
    return "\n".join(lines)


# --- the next turn and the sheets -------------------------------------------------


def _next_turn_section(turn: GenesTurnReport) -> str:
    state, names, frame = turn.state, turn.names, turn.resolution.frame
    if standings.game_ended(turn.resolution):
        return ""
    crises = [_("Critical situations (tests at 11):")] * bool(frame.rolls)
    for roll in frame.rolls:
        verdict = _("passed") if words.passed(roll) else _("failed")
        what = f", {words.label_text(roll.label)}" if roll.label else ""
        crises.append(f"  {names.country(roll.country)}{what}: {words.roll_text(roll)}: {verdict}")
    effects = words.effects_text(frame.effects, names)
    crises += [f"  {effects}"] * bool(effects)
    title = _("== Start of turn {turn} ==").format(turn=state.turn)
    return "\n".join([title, *_start_lines(state, names, crises)])


def _start_lines(state: GenesState, names: Names, crises: Sequence[str] = ()) -> list[str]:
    """The start of `state`'s turn: event, critical situations, forced actions, budgets."""
    when = _("in turn {turn}").format(turn=state.turn)
    lines = [*_event_lines(state, names, _("Event"), when, choosers=True), *crises]
    lines += _crisis_helper_lines(state, names, when)
    forced = _(
        "Forced actions in turn {turn} (counted first against the country's actions;"
        " the judge adds any not declared)"
    )
    lines += _forced_lines(state, names, forced.format(turn=state.turn))
    lines.append(_("Actions in turn {turn}:").format(turn=state.turn))
    for country, budget in standings.next_budgets(state).items():
        lines.append(words.budget_line(names.country(country), budget.total, budget.terms))
    return lines


def render_sheets(state: GenesState, region: Region) -> str:
    """The start of `state`'s turn and every country's sheet (`mapjudge show`)."""
    names = Names(region, (state,))
    turn_line = _("Turn {turn} ({phase})").format(turn=state.turn, phase=state.phase.id)
    head = "\n".join([turn_line, *_start_lines(state, names)])
    return "\n\n".join([head, *(sheet_text(state, names, c) for c in state.seats)]) + "\n"


# --- the end -----------------------------------------------------------------------


def _game_over_section(turn: GenesTurnReport) -> str:
    state, names = turn.state, turn.names
    scores = standings.final_scores(turn.resolution)
    if not state.winner and not scores:
        return ""
    lines = [_("== Game over ==")]
    if scores:
        ranked = sorted(scores.items(), key=lambda item: (-item[1], _seat(state, item[0])))
        lines += [
            _("  {country}: {points} victory points").format(country=names.country(c), points=p)
            for c, p in ranked
        ]
    if state.winner:
        lines.append(_("Winner: {country}").format(country=names.country(state.winner)))
    elif scores:
        best = max(scores.values())
        tied = [c for c, points in ranked if points == best]
        text = _("No single winner: tied at {points}: {countries}")
        lines.append(text.format(points=best, countries=names.listed(tied)))
    return "\n".join(lines)


def _dice_section(rolls: Sequence[Roll]) -> str:
    """Every roll of the turn, in the order rolled."""
    lines = [f"  {r.purpose} #{r.index}: d{r.sides} -> {_face(r)}" for r in rolls]
    return "\n".join([_("Dice rolls:"), *lines]) if lines else ""


def _face(roll: Roll) -> str:
    return words.face_words(roll.result) if roll.sides == 10 else str(roll.result)


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def render_country_report(turn: GenesTurnReport, country: str) -> str:
    """A country's private part (`reports/<turn>/<country>.txt`): what only it
    is told, its principal's place once it has moved and hidden (002 §4.4),
    with its own sheet as the coming turn starts and the problems of its
    declaration files."""
    mine = replace(turn, reader=country)
    names = mine.names
    issues = [i for i in turn.issues if turn.file_powers.get(i.source.file) == country]
    problems = [_("Problems in your declarations:"), *(f"  {i.render()}" for i in issues)]
    sections = [
        _header(mine),
        _("Private report for {country}").format(country=names.country(country)),
        "\n".join(problems) if issues else "",
        sheet_text(mine.state, names, country),
        _found_section(mine.state, names, country),
        _repatriable_section(mine.state, names, country),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def _repatriable_section(state: GenesState, names: Names, country: str) -> str:
    """`country`'s characters an assassination missed: they stay where they
    are unless it sends them home this turn with a free line (002 §5.4.3
    Assassinar "pot escollir de repatriar-lo", issue 18 #11)."""
    mine = [
        state.characters[c]
        for c in state.start.repatriable
        if c in state.characters and state.characters[c].owner == country
    ]
    lines = [
        _("  {character}, at {place}: write `repatriar {character}` to send it home").format(
            character=c.name, place=names.place(c.place)
        )
        for c in mine
    ]
    title = _("Survivors of an assassination (a free line this turn, no action):")
    return "\n".join([title, *lines]) if lines else ""


def _found_section(state: GenesState, names: Names, country: str) -> str:
    """The other countries' hidden principals `country` found with a watch or
    an Investigació, where they stand (002 §4.4, issue 18 #4)."""
    found = facts.found_principals(state, country)
    lines = [
        _("  {character} ({country}): at {place}").format(
            character=c.name, country=names.country(c.owner), place=names.place(c.place)
        )
        for c in found
    ]
    title = _("Hidden principals you found (a watch or an Investigació):")
    return "\n".join([title, *lines]) if lines else ""
