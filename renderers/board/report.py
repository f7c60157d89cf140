"""The text report mailed to players after a phase is resolved.

Pure functions, no I/O. `render_report(turn)` builds the whole report from a
`TurnReport`; `format_order(order)` is the canonical text of one order (also
used by the JSON output); `reason_text` turns a result's reason into words.
Everything is sorted, so the same turn always gives the same text. What a
ruleset's own state adds (Machiavelli's control and sieges) comes from the
turn's `BoardRendering` (`renderers.board.rendering`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from adjudicator.core.dice import Roll
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt
from adjudicator.kits.board.results import (
    Event,
    EventKind,
    OrderResult,
    Reason,
    Resolution,
    ResultReason,
)
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from maps.model import GameMap, split_location
from orders.board.model import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SideLine,
    SupportConvert,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.issues import OrderIssue, ignored, problems
from renderers.board.rendering import BOARD_RENDERING, BoardRendering
from renderers.board.words import REASON_PHRASES, power_name
from renderers.common import issue_key
from texts import N_, _, tr

OTHER_FILES = "other order files"

StateT = TypeVar("StateT", bound=GameState)


@dataclass(frozen=True)
class TurnReport(Generic[StateT]):
    """Everything a report (text or JSON) shows about one resolved phase, and
    the ruleset's rendering of what its state adds (the plain board's unless
    given)."""

    resolution: Resolution[StateT]
    game_map: GameMap
    ruleset: str
    ruleset_title: str
    game_name: str = ""
    changed_options: Mapping[str, Any] = field(default_factory=dict)
    issues: tuple[OrderIssue, ...] = ()
    receipts: tuple[Receipt, ...] = ()
    file_powers: Mapping[str, str] = field(default_factory=dict)  # order file -> power id
    rendering: BoardRendering[StateT] = BOARD_RENDERING
    silent: tuple[str, ...] = ()  # powers that had orders to give and sent none

    @property
    def phase(self) -> Phase:
        return self.resolution.previous.phase

    @property
    def next_state(self) -> StateT:
        return self.resolution.state


# --- canonical order text ---------------------------------------------------------


def unit_text(ref: UnitRef, kind: UnitKind | None = None) -> str:
    """`A LON`, `F SPA/nc`, `turkey F BLA` (owner only when the player named it)."""
    shown = ref.kind or kind
    owner = f"{ref.power} " if ref.power else ""
    return f"{owner}{shown.value + ' ' if shown else ''}{ref.location}"


def format_order(order: Order, unit: Unit | None = None) -> str:
    """The canonical text of an order: `A LON - NTH`, `F NTH C A YOR - NWY`,
    `A MAR R GAS`, `BUILD A LON`, `WAIVE`. `unit` fills in a kind the player left out."""
    kind = unit.kind if unit is not None else None
    match order:
        case Hold(unit=ref):
            return f"{unit_text(ref, kind)} H"
        case Move(unit=ref, dest=dest, via_convoy=via):
            return f"{unit_text(ref, kind)} - {dest}{' via convoy' if via else ''}"
        case SupportHold(unit=ref, supported=other, siege=siege):
            return f"{unit_text(ref, kind)} S {unit_text(other)}{' B' if siege else ''}"
        case SupportConvert(unit=ref, supported=other, to=to):
            return f"{unit_text(ref, kind)} S {unit_text(other)} = {to.value}"
        case Besiege(unit=ref):
            return f"{unit_text(ref, kind)} B"
        case Convert(unit=ref, to=to):
            return f"{unit_text(ref, kind)} = {to.value}"
        case SupportMove(unit=ref, supported=other, dest=dest):
            return f"{unit_text(ref, kind)} S {unit_text(other)} - {dest}"
        case Convoy(unit=ref, convoyed=other, dest=dest):
            return f"{unit_text(ref, kind)} C {unit_text(other)} - {dest}"
        case Retreat(unit=ref, dest=dest):
            return f"{unit_text(ref, kind)} R {dest}"
        case Disband(unit=ref):
            return f"DISBAND {unit_text(ref, kind)}"
        case Build(unit=ref):
            return f"BUILD {unit_text(ref, kind)}"
        case Waive():
            return "WAIVE"
    raise TypeError(f"not an order: {order!r}")


def order_location(order: Order) -> str:
    """The location of the unit an order is for ('' for WAIVE or a side line): a sort key."""
    return "" if isinstance(order, Waive | SideLine) else order.unit.location


# --- reasons in words ------------------------------------------------------------

# Illegal orders for someone else's unit, a missing unit or a second order leave
# the unit to its other order: nothing of the player's happens.
_VOID: frozenset[ResultReason] = frozenset(
    {Reason.NO_UNIT, Reason.NOT_YOUR_UNIT, Reason.DUPLICATE, Reason.NOT_DISLODGED}
)
_IGNORED = N_("illegal: {reason}; ignored")
_ILLEGAL_CONSEQUENCE: Mapping[PhaseKind, str] = {
    PhaseKind.MOVEMENT: N_("illegal: {reason}; it holds"),
    PhaseKind.RETREAT: N_("illegal: {reason}; the unit is disbanded"),
    PhaseKind.ADJUSTMENT: _IGNORED,
}
"""What an illegal order comes to, by the phase's kind: the unit holds, is
disbanded, or the order is ignored."""


def reason_text(
    reason: ResultReason,
    phase_kind: PhaseKind = PhaseKind.MOVEMENT,
    phrases: Mapping[ResultReason, str] = REASON_PHRASES,
) -> str:
    """Words for a reason, in the language being written: `bounced`;
    `illegal: the unit is not yours; ignored` (`phrases`: the ruleset's words,
    English message ids, the board kit's by default)."""
    phrase = _(phrases[reason])
    if not reason.illegal:
        return phrase
    pattern = _IGNORED if reason in _VOID else _ILLEGAL_CONSEQUENCE[phase_kind]
    return _(pattern).format(reason=phrase)


def result_text(
    result: OrderResult,
    phase_kind: PhaseKind,
    phrases: Mapping[ResultReason, str] = REASON_PHRASES,
) -> str:
    """A result's reason and its detail, in the language being written; the
    detail is left out when the reason's English words already hold it."""
    words = reason_text(result.reason, phase_kind, phrases)
    detail = result.detail.strip()
    english = phrases[result.reason]
    if result.reason.illegal:
        pattern = _IGNORED if result.reason in _VOID else _ILLEGAL_CONSEQUENCE[phase_kind]
        english = pattern.format(reason=english)
    if not detail or detail.casefold() in english.casefold():
        return words
    return _("{reason} ({detail})").format(reason=words, detail=tr(result.detail).strip())


# --- board facts the report shows ------------------------------------------------


def centres_settled(resolution: Resolution[GameState]) -> bool:
    """Whether centre ownership was just settled for the year (after Fall)."""
    before, after = resolution.previous.phase, resolution.state.phase
    if before.season != Season.FALL:
        return False
    return after.kind == PhaseKind.ADJUSTMENT or after.season != Season.FALL


def phase_title(phase: Phase) -> str:
    """`1901-spring-movement` -> `Spring 1901 movement (1901-spring-movement)`,
    in the language being written (the id stays: it names the files)."""
    return f"{phase.local_title} ({phase.id})"


# --- grouping --------------------------------------------------------------------


def report_powers(turn: TurnReport[StateT]) -> tuple[str, ...]:
    """Every power the report has something for, sorted."""
    found = set(turn.resolution.previous.powers()) | set(turn.next_state.powers())
    found |= {r.order.power for r in turn.resolution.results}
    found |= {p for p in turn.file_powers.values() if p}
    return tuple(sorted(p for p in found if turn.rendering.is_power(p)))


def sorted_results(results: Iterable[OrderResult]) -> list[OrderResult]:
    return sorted(
        results,
        key=lambda r: (r.order.power, order_location(r.order), format_order(r.order, r.unit)),
    )


def issues_by_power(turn: TurnReport[StateT]) -> dict[str, list[OrderIssue]]:
    """Issues grouped by the power of their order file (`OTHER_FILES` if unknown)."""
    grouped: dict[str, list[OrderIssue]] = {}
    for issue in sorted(turn.issues, key=issue_key):
        power = turn.file_powers.get(issue.source.file) or OTHER_FILES
        grouped.setdefault(power, []).append(issue)
    return grouped


# --- the report ------------------------------------------------------------------


def render_report(turn: TurnReport[StateT]) -> str:
    """The whole text report for one resolved phase."""
    issues = issues_by_power(turn)
    sections = [_header(turn), _silent_line(turn)]
    sections += [
        _power_section(turn, power, issues.get(power, ()))
        for power in report_powers(turn)
        if turn.phase.kind != PhaseKind.RETREAT or _concerned(turn, power, issues)
    ]
    if OTHER_FILES in issues:
        sections.append(_issue_section(_("Other order files"), issues[OTHER_FILES]))
    sections += turn.rendering.report_sections(turn.next_state, turn.game_map)
    sections += [_rolls_section(turn.resolution.rolls), _receipts_section(turn.receipts)]
    sections.append(_footer(turn))
    return "\n\n".join(s for s in sections if s) + "\n"


def _concerned(
    turn: TurnReport[StateT], power: str, issues: Mapping[str, Sequence[OrderIssue]]
) -> bool:
    """Whether a retreat phase's report has anything for `power`."""
    if power in issues or any(r.order.power == power for r in turn.resolution.results):
        return True
    if any(d.unit.power == power for d in turn.next_state.dislodged):
        return True
    return centres_settled(turn.resolution) or any(
        power in (e.power, e.other) for e in turn.resolution.events
    )


def _header(turn: TurnReport[StateT]) -> str:
    options = ", ".join(f"{k} = {v}" for k, v in sorted(turn.changed_options.items()))
    lines = [
        _("Game: {name}").format(name=turn.game_name) if turn.game_name else "",
        _("Ruleset: {title}").format(title=_(turn.ruleset_title)),
        _("Phase resolved: {phase}").format(phase=phase_title(turn.phase)),
        _("Options differing from the rulebook: {options}").format(options=options)
        if options
        else _("Options differing from the rulebook: none"),
    ]
    lines += [_("Note: {note}").format(note=tr(note)) for note in turn.resolution.notes]
    return "\n".join(line for line in lines if line)


def _power_section(turn: TurnReport[StateT], power: str, issues: Sequence[OrderIssue]) -> str:
    results = sorted_results(r for r in turn.resolution.results if r.order.power == power)
    lines = [f"== {power_name(turn.game_map, power)} =="]
    phrases = turn.rendering.phrases
    lines += _result_lines(results, PhaseKind(turn.phase.kind), phrases) or [
        "  " + _("(no orders)")
    ]
    lines += _dislodged_lines(turn, power)
    lines += [
        f"  {text}"
        for event in turn.resolution.events
        if (text := event_text(event, power, turn.game_map)) is not None
    ]
    if centres_settled(turn.resolution):
        lines.append(turn.rendering.settled_line(turn.next_state, power, turn.game_map))
    if found := problems(issues):
        lines.append("  " + _("Problems with your orders:"))
        lines += [_indent(issue.render(), "    ") for issue in found]
    if skipped := ignored(issues):
        lines.append("  " + _("Ignored (not orders):"))
        lines += [_indent(issue.render(), "    ") for issue in skipped]
    return "\n".join(lines)


def _silent_line(turn: TurnReport[StateT]) -> str:
    """`No orders from: Austria, Turkey` (Trust #6), when some power with units
    to order sent none."""
    silent = [power_name(turn.game_map, p) for p in turn.silent if turn.rendering.is_power(p)]
    return _("No orders from: {powers}").format(powers=", ".join(silent)) if silent else ""


def _result_lines(
    results: Sequence[OrderResult], kind: PhaseKind, phrases: Mapping[ResultReason, str]
) -> list[str]:
    texts = [format_order(r.order, r.unit) for r in results]
    width = max((len(t) for t in texts), default=0)
    return [
        f"  {t:<{width}}  {result_text(r, kind, phrases)}"
        for t, r in zip(texts, results, strict=True)
    ]


def _dislodged_lines(turn: TurnReport[StateT], power: str) -> list[str]:
    lines = []
    for dislodged in sorted(turn.next_state.dislodged, key=lambda d: d.unit):
        if dislodged.unit.power != power:
            continue
        options = dislodged.retreats
        where = ", ".join(options) if options else _("nowhere (it will be disbanded)")
        line = _("Dislodged: {unit} (may retreat to: {where})")
        lines.append("  " + line.format(unit=dislodged.unit, where=where))
    return lines


# --- board events (Machiavelli) ---------------------------------------------------


def event_text(event: Event, power: str, game_map: GameMap) -> str | None:
    """A board event in words for `power`, or None if it does not concern it."""
    pattern = _event_pattern(event, power)
    if pattern is None:
        return None
    return _(pattern).format(
        area=place_words(game_map, event.area),
        unit=event.unit,
        other=power_name(game_map, event.other) if event.other else None,
        power=power_name(game_map, event.power),
    )


def place_words(game_map: GameMap, location: str) -> str:
    """`SPA/nc` -> `Spain (nc)`, `TYR` -> `Tyrolia` (`GameMap.display`), the name
    in the language being written."""
    code, coast = split_location(location)
    area = game_map.areas.get(code)
    if area is None:
        return location
    return f"{area.local_name} ({coast})" if coast else area.local_name


def _event_pattern(event: Event, power: str) -> str | None:
    """The words of a board event for `power` (fields `area`, `unit`, `other`,
    `power`), or None if it does not concern it."""
    mine = event.power == power
    theirs = event.other == power
    match event.kind:
        case EventKind.SIEGE_BEGUN if mine:
            return N_(
                "Siege begun at {area}: the city falls if the siege goes on next movement phase"
            )
        case EventKind.SIEGE_BEGUN if theirs:
            return N_("Your garrison in {area} is besieged by {power}")
        case EventKind.SIEGE_LIFTED if mine:
            return N_("Siege of {area} lifted")
        case EventKind.SIEGE_LIFTED if theirs:
            return N_("The siege of your garrison in {area} is lifted")
        case EventKind.CITY_SURRENDERED if mine:
            return N_("Your garrison in {area} surrendered to {other}'s siege")
        case EventKind.CITY_SURRENDERED if theirs:
            return N_("The garrison of {area} surrendered to your siege")
        case EventKind.BECAME_GARRISON if mine:
            return N_("{unit} was dislodged and became the garrison of the city of {area}")
        case EventKind.DESTROYED if mine and event.other == "civil_disorder":
            return N_("{unit} was dislodged and destroyed (civil disorder)")
        case EventKind.DESTROYED if mine:
            return N_("{unit} was dislodged and destroyed (no legal retreat)")
        case EventKind.CONTROL_GAINED if mine and event.other:
            return N_("Control gained: {area} (from {other})")
        case EventKind.CONTROL_GAINED if mine:
            return N_("Control gained: {area}")
        case EventKind.CONTROL_LOST if mine and event.other:
            return N_("Control lost: {area} (to {other})")
        case EventKind.CONTROL_LOST if mine:
            return N_("Control lost: {area}")
        case EventKind.STARVED if mine:
            return N_("{unit} starved in {area} (famine)")
        case EventKind.PLAGUE_STRUCK if mine:
            return N_("{unit} died of the plague in {area}")
        case EventKind.UNPAID if mine:
            return N_("{unit} was not paid for and left the board (003 §5.4)")
        case EventKind.BOUGHT if mine:
            return N_("{unit} was bought and placed (003 §5.4)")
    return None


def _secrets_section(lines: Sequence[str]) -> str:
    """What only this power reads (its treasury: AM-46)."""
    heading = "== " + _("Private") + " =="
    return "\n".join([heading, *(f"  {tr(line)}" for line in lines)]) if lines else ""


def _issue_section(title: str, issues: Sequence[OrderIssue]) -> str:
    return "\n".join([f"== {title} ==", *(_indent(i.render(), "  ") for i in issues)])


def _rolls_section(rolls: Sequence[Roll]) -> str:
    if not rolls:
        return ""
    ordered = sorted(rolls, key=lambda r: (r.purpose, r.index))
    return "\n".join(
        [
            _("Dice rolls:"),
            *(f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in ordered),
        ]
    )


def _receipts_section(receipts: Sequence[Receipt]) -> str:
    if not receipts:
        return ""
    width = max(len(r.file) for r in receipts)
    return "\n".join(
        [
            _("Order files received (SHA-256):"),
            *(f"  {r.file:<{width}}  {r.sha256}" for r in receipts),
        ]
    )


def _footer(turn: TurnReport[StateT]) -> str:
    lines = [_("Next phase: {phase}").format(phase=phase_title(turn.next_state.phase))]
    if turn.next_state.winner:
        winner = power_name(turn.game_map, turn.next_state.winner)
        lines.append(_("Winner: {power}").format(power=winner))
    return "\n".join(lines)


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


# --- the board (`mapjudge show`) -------------------------------------------------


def render_board(
    state: StateT, game_map: GameMap, rendering: BoardRendering[StateT] = BOARD_RENDERING
) -> str:
    """The current phase, then units and holdings (supply centres, or what the
    ruleset's rendering shows) per power."""
    lines = [_("Phase: {phase}").format(phase=phase_title(state.phase))]
    for power in state.powers():
        units = ", ".join(str(u) for u in sorted(state.units_of(power)))
        lines.append(f"{power_name(game_map, power)}:")
        count = len(state.units_of(power))
        lines.append("  " + _("units ({n}): {units}").format(n=count, units=units or "-"))
        lines += rendering.holdings_lines(state, power, game_map)
        for dislodged in sorted(state.dislodged, key=lambda d: d.unit):
            if dislodged.unit.power == power:
                where = ", ".join(dislodged.retreats) or _("nowhere")
                line = _("dislodged: {unit} (may retreat to: {where})")
                lines.append("  " + line.format(unit=dislodged.unit, where=where))
    lines += rendering.board_notes(state, game_map)
    if state.winner:
        lines.append(_("Winner: {power}").format(power=power_name(game_map, state.winner)))
    return "\n".join(lines) + "\n"


def render_power_report(turn: TurnReport[StateT], power: str) -> str:
    """One power's private part of the report (`reports/<phase>/<power>.txt`):
    the header, its own results, units and problems, and the next phase. The
    basic board rules hide nothing once a phase is resolved, so this is the
    power's own share of the public report, ready to mail to its player."""
    mine = issues_by_power(turn).get(power, ())
    sections = [
        _header(turn),
        _("Private report for {power}").format(power=power_name(turn.game_map, power)),
        _power_section(turn, power, mine),
        _secrets_section(turn.resolution.secrets.get(power, ())),
        _footer(turn),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"
