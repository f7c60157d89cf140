"""The text report mailed to players after a phase is resolved.

Pure functions, no I/O. `render_report(turn)` builds the whole report from a
`TurnReport`; `format_order(order)` is the canonical text of one order (also
used by the JSON output); `reason_text` turns a result's `Reason` into words.
Everything is sorted, so the same turn always gives the same text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.dice import Roll
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt
from adjudicator.kits.board.results import Event, EventKind, OrderResult, Reason, Resolution
from adjudicator.kits.board.state import AUTONOMOUS, GameState, PhaseKind, Season, Unit
from maps.model import GameMap
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
    SupportConvert,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.issues import OrderIssue
from renderers.common import issue_key

OTHER_FILES = "other order files"


@dataclass(frozen=True)
class TurnReport:
    """Everything a report (text or JSON) shows about one resolved phase."""

    resolution: Resolution
    game_map: GameMap
    ruleset: str
    ruleset_title: str
    game_name: str = ""
    changed_options: Mapping[str, Any] = field(default_factory=dict)
    issues: tuple[OrderIssue, ...] = ()
    receipts: tuple[Receipt, ...] = ()
    file_powers: Mapping[str, str] = field(default_factory=dict)  # order file -> power id

    @property
    def phase(self) -> Phase:
        return self.resolution.previous.phase

    @property
    def next_state(self) -> GameState:
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
    """The location of the unit an order is for ('' for WAIVE): a sort key."""
    return "" if isinstance(order, Waive) else order.unit.location


# --- reasons in words ------------------------------------------------------------

REASON_PHRASES: Mapping[Reason, str] = {
    Reason.MOVED: "moved",
    Reason.HELD: "held",
    Reason.SUPPORT_GIVEN: "support given",
    Reason.CONVOY_GIVEN: "convoyed",
    Reason.RETREATED: "retreated",
    Reason.DISBANDED: "disbanded",
    Reason.BUILT: "built",
    Reason.REMOVED: "removed",
    Reason.WAIVED: "build waived",
    Reason.BOUNCED: "bounced",
    Reason.DISLODGED: "dislodged",
    Reason.CUT: "support cut",
    Reason.NO_PATH: "no convoy route was left; the army stays",
    Reason.NOT_MATCHED: "the other unit did not order that; no effect",
    Reason.OWN_UNIT: "would have dislodged its own power's unit; it stays",
    Reason.RETREAT_CLASH: "another unit retreated there too; both disbanded",
    Reason.DESTROYED: "no legal retreat or no retreat order; disbanded",
    Reason.CIVIL_DISORDER: "removed by the civil disorder rule",
    Reason.DEFAULT_HOLD: "no order; it holds",
    Reason.NO_UNIT: "there is no such unit there",
    Reason.NOT_YOUR_UNIT: "the unit is not yours",
    Reason.WRONG_UNIT_KIND: "that kind of unit cannot go there",
    Reason.UNREACHABLE: "the destination is not next to the unit",
    Reason.BAD_COAST: "wrong or missing coast",
    Reason.SAME_AREA: "a unit cannot move to where it is",
    Reason.SUPPORT_UNREACHABLE: "the supporting unit could not move there itself",
    Reason.SUPPORT_SELF: "a unit cannot support itself",
    Reason.CONVOY_NOT_AT_SEA: "only a fleet at sea can convoy",
    Reason.ONLY_ARMIES_CONVOYED: "only armies can be convoyed",
    Reason.DUPLICATE: "the unit was given another order",
    Reason.WRONG_PHASE: "that order does not belong in this phase",
    Reason.NOT_DISLODGED: "the unit was not dislodged",
    Reason.RETREAT_TO_ATTACKER: "a unit cannot retreat to where the attack came from",
    Reason.RETREAT_TO_STANDOFF: "a unit cannot retreat to an area left empty by a standoff",
    Reason.RETREAT_OCCUPIED: "a unit cannot retreat to an occupied area",
    Reason.NOT_HOME_CENTER: "builds go only in home supply centres",
    Reason.CENTER_NOT_OWNED: "the centre is not yours",
    Reason.CENTER_OCCUPIED: "the centre is occupied",
    Reason.NO_BUILDS: "no builds are due",
    Reason.NO_REMOVALS: "no removals are due",
    Reason.SIEGE_BEGUN: "siege begun; the city falls if the siege goes on next turn",
    Reason.CITY_TAKEN: "siege completed; the garrison surrendered",
    Reason.CONVERTED: "converted",
    Reason.SIEGE_SUPPORTED: "support given",
    Reason.GARRISON_CANNOT_MOVE: "a garrison cannot move (it may convert with =)",
    Reason.GARRISON_SUPPORT_OUTSIDE: "a garrison supports only into its own area",
    Reason.NO_FORTIFIED_CITY: "the area has no fortified city",
    Reason.NO_ENEMY_GARRISON: "there is no enemy garrison to besiege",
    Reason.NEEDS_PORT: "that needs a city with a port",
    Reason.CITY_OCCUPIED: "the city already holds a garrison",
    Reason.BAD_CONVERSION: "that conversion is not allowed",
    Reason.STRAIT_CLOSED: "the Messina strait is closed by another power's fleet",
    Reason.OUT_OF_PLAY: "that area is out of play in this scenario",
    Reason.NOT_HOME_AREA: "new units go only in home areas",
    Reason.AREA_NOT_CONTROLLED: "the area is not under your control",
    Reason.AREA_OCCUPIED: "there is already a unit there",
}

# Illegal orders for someone else's unit, a missing unit or a second order leave
# the unit to its other order: nothing of the player's happens.
_VOID = frozenset({Reason.NO_UNIT, Reason.NOT_YOUR_UNIT, Reason.DUPLICATE, Reason.NOT_DISLODGED})
_ILLEGAL_CONSEQUENCE: Mapping[PhaseKind, str] = {
    PhaseKind.MOVEMENT: "it holds",
    PhaseKind.RETREAT: "the unit is disbanded",
    PhaseKind.ADJUSTMENT: "ignored",
}


def reason_text(reason: Reason, phase_kind: PhaseKind = PhaseKind.MOVEMENT) -> str:
    """Words for a reason: `bounced`; `illegal: the unit is not yours; ignored`."""
    phrase = REASON_PHRASES[reason]
    if not reason.illegal:
        return phrase
    consequence = "ignored" if reason in _VOID else _ILLEGAL_CONSEQUENCE[phase_kind]
    return f"illegal: {phrase}; {consequence}"


def result_text(result: OrderResult, phase_kind: PhaseKind) -> str:
    words = reason_text(result.reason, phase_kind)
    detail = result.detail.strip()
    if not detail or detail.casefold() in words.casefold():
        return words
    return f"{words} ({detail})"


# --- board facts the report shows ------------------------------------------------


def centres_settled(resolution: Resolution) -> bool:
    """Whether centre ownership was just settled for the year (after Fall)."""
    before, after = resolution.previous.phase, resolution.state.phase
    if before.season != Season.FALL:
        return False
    return after.kind == PhaseKind.ADJUSTMENT or after.season != Season.FALL


def power_name(game_map: GameMap, power: str) -> str:
    info = game_map.powers.get(power)
    return info.name if info else power


def phase_title(phase: Phase) -> str:
    """`1901-spring-movement` -> `Spring 1901 movement (1901-spring-movement)`."""
    return f"{phase.title} ({phase.id})"


# --- grouping --------------------------------------------------------------------


def report_powers(turn: TurnReport) -> tuple[str, ...]:
    """Every power the report has something for, sorted."""
    found = set(turn.resolution.previous.powers()) | set(turn.next_state.powers())
    found |= {r.order.power for r in turn.resolution.results}
    found |= {p for p in turn.file_powers.values() if p}
    found.discard(AUTONOMOUS)  # autonomous garrisons only hold (003 §4.5)
    return tuple(sorted(found))


def sorted_results(results: Iterable[OrderResult]) -> list[OrderResult]:
    return sorted(
        results,
        key=lambda r: (r.order.power, order_location(r.order), format_order(r.order, r.unit)),
    )


def issues_by_power(turn: TurnReport) -> dict[str, list[OrderIssue]]:
    """Issues grouped by the power of their order file (`OTHER_FILES` if unknown)."""
    grouped: dict[str, list[OrderIssue]] = {}
    for issue in sorted(turn.issues, key=issue_key):
        power = turn.file_powers.get(issue.source.file) or OTHER_FILES
        grouped.setdefault(power, []).append(issue)
    return grouped


# --- the report ------------------------------------------------------------------


def render_report(turn: TurnReport) -> str:
    """The whole text report for one resolved phase."""
    issues = issues_by_power(turn)
    sections = [_header(turn)]
    sections += [
        _power_section(turn, power, issues.get(power, ()))
        for power in report_powers(turn)
        if turn.phase.kind != PhaseKind.RETREAT or _concerned(turn, power, issues)
    ]
    if OTHER_FILES in issues:
        sections.append(_issue_section(OTHER_FILES.capitalize(), issues[OTHER_FILES]))
    sections.append(_sieges_section(turn.next_state, turn.game_map))
    sections += [_rolls_section(turn.resolution.rolls), _receipts_section(turn.receipts)]
    sections.append(_footer(turn))
    return "\n\n".join(s for s in sections if s) + "\n"


def _concerned(turn: TurnReport, power: str, issues: Mapping[str, Sequence[OrderIssue]]) -> bool:
    """Whether a retreat phase's report has anything for `power`."""
    if power in issues or any(r.order.power == power for r in turn.resolution.results):
        return True
    if any(d.unit.power == power for d in turn.next_state.dislodged):
        return True
    return centres_settled(turn.resolution) or any(
        power in (e.power, e.other) for e in turn.resolution.events
    )


def _header(turn: TurnReport) -> str:
    options = ", ".join(f"{k} = {v}" for k, v in sorted(turn.changed_options.items()))
    lines = [
        f"Game: {turn.game_name}" if turn.game_name else "",
        f"Ruleset: {turn.ruleset_title}",
        f"Phase resolved: {phase_title(turn.phase)}",
        f"Options differing from the rulebook: {options or 'none'}",
    ]
    lines += [f"Note: {note}" for note in turn.resolution.notes]
    return "\n".join(line for line in lines if line)


def _power_section(turn: TurnReport, power: str, issues: Sequence[OrderIssue]) -> str:
    results = sorted_results(r for r in turn.resolution.results if r.order.power == power)
    lines = [f"== {power_name(turn.game_map, power)} =="]
    lines += _result_lines(results, PhaseKind(turn.phase.kind)) or ["  (no orders)"]
    lines += _dislodged_lines(turn, power)
    lines += [
        f"  {text}"
        for event in turn.resolution.events
        if (text := event_text(event, power, turn.game_map)) is not None
    ]
    if centres_settled(turn.resolution):
        state = turn.next_state
        uses_control = bool(state.homes or state.control)
        line = _control_line if uses_control else _centre_line
        lines.append(line(state, power, turn.game_map))
    if issues:
        lines.append("  Problems with your orders:")
        lines += [_indent(issue.render(), "    ") for issue in issues]
    return "\n".join(lines)


def _result_lines(results: Sequence[OrderResult], kind: PhaseKind) -> list[str]:
    texts = [format_order(r.order, r.unit) for r in results]
    width = max((len(t) for t in texts), default=0)
    return [f"  {t:<{width}}  {result_text(r, kind)}" for t, r in zip(texts, results, strict=True)]


def _dislodged_lines(turn: TurnReport, power: str) -> list[str]:
    lines = []
    for dislodged in sorted(turn.next_state.dislodged, key=lambda d: d.unit):
        if dislodged.unit.power != power:
            continue
        options = dislodged.retreats
        where = ", ".join(options) if options else "nowhere (it will be disbanded)"
        lines.append(f"  Dislodged: {dislodged.unit} (may retreat to: {where})")
    return lines


def _centre_line(state: GameState, power: str, game_map: GameMap) -> str:
    centres = state.centers_of(power)
    return _count_line("Supply centres", centres, len(state.units_of(power)))


def _control_line(state: GameState, power: str, game_map: GameMap) -> str:
    """Machiavelli: cities in the areas a power controls against its units (003 §1)."""
    return _count_line(
        "Cities controlled", cities_of(state, power, game_map), len(state.units_of(power))
    )


def cities_of(state: GameState, power: str, game_map: GameMap) -> tuple[str, ...]:
    """The cities in the areas where `power`'s control marker stands."""
    return tuple(a for a in state.controlled_by(power) if game_map.areas[a].city is not None)


def _count_line(label: str, counted: Sequence[str], units: int) -> str:
    balance = len(counted) - units
    due = f"builds {balance}" if balance > 0 else f"removals {-balance}" if balance else "no change"
    listed = f" ({', '.join(counted)})" if counted else ""
    return f"  {label}: {len(counted)}{listed}; units: {units}; {due}"


# --- board events (Machiavelli) ---------------------------------------------------


def event_text(event: Event, power: str, game_map: GameMap) -> str | None:
    """A board event in words for `power`, or None if it does not concern it."""
    area = game_map.display(event.area)
    other = power_name(game_map, event.other) if event.other else None
    mine = event.power == power
    match event.kind:
        case EventKind.SIEGE_BEGUN if mine:
            return f"Siege begun at {area}: the city falls if the siege goes on next movement phase"
        case EventKind.SIEGE_BEGUN if event.other == power:
            return f"Your garrison in {area} is besieged by {power_name(game_map, event.power)}"
        case EventKind.SIEGE_LIFTED if mine:
            return f"Siege of {area} lifted"
        case EventKind.SIEGE_LIFTED if event.other == power:
            return f"The siege of your garrison in {area} is lifted"
        case EventKind.CITY_SURRENDERED if mine:
            return f"Your garrison in {area} surrendered to {other}'s siege"
        case EventKind.CITY_SURRENDERED if event.other == power:
            return f"The garrison of {area} surrendered to your siege"
        case EventKind.BECAME_GARRISON if mine:
            return f"{event.unit} was dislodged and became the garrison of the city of {area}"
        case EventKind.DESTROYED if mine:
            why = "civil disorder" if event.other == "civil_disorder" else "no legal retreat"
            return f"{event.unit} was dislodged and destroyed ({why})"
        case EventKind.CONTROL_GAINED if mine:
            return f"Control gained: {area}" + (f" (from {other})" if other else "")
        case EventKind.CONTROL_LOST if mine:
            return f"Control lost: {area}" + (f" (to {other})" if other else "")
    return None


def _sieges_section(state: GameState, game_map: GameMap) -> str:
    """Sieges under way after the phase (003 §4.4)."""
    if not state.sieges:
        return ""
    lines = ["Sieges under way (the city falls if the besieger orders B again):"]
    for area, besieger in sorted(state.sieges.items()):
        garrison = state.garrison_at(area)
        owner = power_name(game_map, garrison.power) if garrison else "nobody"
        lines.append(
            f"  {game_map.display(area)}: {power_name(game_map, besieger)} besieges the {owner} garrison"
        )
    return "\n".join(lines)


def _issue_section(title: str, issues: Sequence[OrderIssue]) -> str:
    return "\n".join([f"== {title} ==", *(_indent(i.render(), "  ") for i in issues)])


def _rolls_section(rolls: Sequence[Roll]) -> str:
    if not rolls:
        return ""
    ordered = sorted(rolls, key=lambda r: (r.purpose, r.index))
    return "\n".join(
        ["Dice rolls:", *(f"  {r.purpose} #{r.index}: d{r.sides} -> {r.result}" for r in ordered)]
    )


def _receipts_section(receipts: Sequence[Receipt]) -> str:
    if not receipts:
        return ""
    width = max(len(r.file) for r in receipts)
    return "\n".join(
        ["Order files received (SHA-256):", *(f"  {r.file:<{width}}  {r.sha256}" for r in receipts)]
    )


def _footer(turn: TurnReport) -> str:
    lines = [f"Next phase: {phase_title(turn.next_state.phase)}"]
    if turn.next_state.winner:
        lines.append(f"Winner: {power_name(turn.game_map, turn.next_state.winner)}")
    return "\n".join(lines)


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


# --- the board (`mapjudge show`) -------------------------------------------------


def render_board(state: GameState, game_map: GameMap) -> str:
    """The current phase, then units and supply centres per power."""
    lines = [f"Phase: {phase_title(state.phase)}"]
    for power in state.powers():
        units = ", ".join(str(u) for u in sorted(state.units_of(power)))
        centres = state.centers_of(power)
        lines.append(f"{power_name(game_map, power)}:")
        lines.append(f"  units ({len(state.units_of(power))}): {units or '-'}")
        if state.control or state.homes:
            cities = cities_of(state, power, game_map)
            areas = state.controlled_by(power)
            lines.append(f"  cities controlled ({len(cities)}): {', '.join(cities) or '-'}")
            lines.append(f"  areas controlled: {', '.join(areas) or '-'}")
        else:
            lines.append(f"  centres ({len(centres)}): {', '.join(centres) or '-'}")
        for dislodged in sorted(state.dislodged, key=lambda d: d.unit):
            if dislodged.unit.power == power:
                where = ", ".join(dislodged.retreats) or "nowhere"
                lines.append(f"  dislodged: {dislodged.unit} (may retreat to: {where})")
    autonomous = sorted(u.location for u in state.units if u.power == AUTONOMOUS)
    if autonomous:
        lines.append(f"Autonomous garrisons: {', '.join(autonomous)}")
    if state.sieges:
        lines.append(_sieges_section(state, game_map))
    if state.winner:
        lines.append(f"Winner: {power_name(game_map, state.winner)}")
    return "\n".join(lines) + "\n"
