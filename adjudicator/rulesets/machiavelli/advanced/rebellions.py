"""Rebellions (003 §7): where one may be raised, what it does on the board,
and how it is put down.

A rebellion never moves (CM-7.1-3) and has no effect on movement but one
(CM-7.2-4): every player except the one it is aimed at may use it as a
support of strength 1 to enter its province, without writing it, and several
players may all use it (CM-7.2-3). The project's reading (AM-30): the support
is for advances into the area (a unit converting between the province and its
city does not advance into it), counts as a support (so an advance it helps
beats an unsupported conversion) and cannot be cut; it does not help units
already there. A rebellion in the city gives it too: it stands in that
province.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum

from adjudicator.kits.board.results import OrderResult, Reason
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.board import slot_area
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import Area, AreaKind, GameMap
from orders.board.model import Hold, Move, UnitKind
from orders.machiavelli.local_names import area_name, power_label
from texts import T_

REBELLION_STRENGTH = 1
"""CM-7.2-3: "la unidad de rebelión tiene una fuerza de uno"."""


def rebellion_support(rebellions: Iterable[Rebellion]) -> Callable[[str, str, str], int] | None:
    """The resolver's `support_bonus` for the rebellions on the board (None
    when there is none): `(source slot, destination, power) -> support`."""
    aimed_at = {r.area: r.against for r in rebellions}
    if not aimed_at:
        return None

    def support(source: str, dest: str, power: str) -> int:
        against = aimed_at.get(dest)
        if against is None or against == power or slot_area(source) == dest:
            return 0
        return REBELLION_STRENGTH

    return support


# --- placing a rebellion (expenses C and D: §7.1, AM-27, AM-28) -------------------


class RebellionKind(StrEnum):
    """Expense C raises a conquered province, D a home province (CM-6.2-C, CM-6.2-D)."""

    CONQUERED = "C"
    HOME = "D"


def placement_problem(
    kind: RebellionKind,
    payer: str,
    area: str,
    in_city: bool,
    state: MachiavelliState,
    game_map: GameMap,
) -> str | None:
    """Why a rebellion cannot be raised where an expense C or D aims it, or None.

    CM-7.1-1: in an enemy province, even one holding a unit, or in an
    ungarrisoned fortified city; AM-27: the area must be controlled by another
    player, and the letter must match (C outside the controller's home, D in
    it); CM-7.1-4: never at sea, and Venice only in its empty city; CM-7.1-2:
    one rebellion per province. An expense that can be read but cannot work is
    still charged (CM-6.1-6, AM-17): the caller charges it."""
    place = game_map.areas.get(area)
    if place is None:
        return T_("there is no area {area}", area=area)
    name = area_name(game_map, area)
    controller = state.control.get(area)
    if controller is None:
        return T_("nobody controls {area}: only an enemy's area can rebel", area=name)
    if controller == payer:
        return T_("{area} is your own", area=name)
    home = area in state.homes.get(controller, ())
    if home != (kind is RebellionKind.HOME):
        values = {"area": name, "power": power_label(game_map, controller)}
        if home:
            return T_("{area} is a home province of {power}: that is expense D", **values)
        return T_("{area} is a conquered province of {power}: that is expense C", **values)
    if any(r.area == area for r in state.rebellions):
        return T_("{area} already has a rebellion", area=name)
    return _site_problem(place, name, in_city, state)


def _site_problem(place: Area, name: str, in_city: bool, state: MachiavelliState) -> str | None:
    """CM-7.1-1, CM-7.1-4: the province (never at sea) or an empty fortified city."""
    if place.kind is AreaKind.SEA and not in_city:
        return T_("a rebellion never stands at sea: only in the city of {area}", area=name)
    if not in_city:
        return None
    if place.city is None or not place.city.fortified:
        return T_("{area} has no fortified city", area=name)
    if state.garrison_at(place.code) is not None:
        return T_("the city of {area} has a garrison", area=name)
    return None


def raise_rebellions(
    requests: Sequence[tuple[str, str, bool]], state: MachiavelliState
) -> tuple[Rebellion, ...]:
    """The rebellions raised by this turn's valid C and D expenses, each a
    (payer, area, in city) in the order the expenses were carried out: one per
    province (CM-7.1-2, AM-28: every one is charged, the first counts; all are
    against the same controller), aimed at the controller (AM-29)."""
    raised: dict[str, Rebellion] = {}
    for _payer, area, in_city in requests:
        if area not in raised:
            raised[area] = Rebellion(area, state.control[area], in_city)
    return tuple(raised.values())


# --- removing a rebellion at the end of the turn (§7.3, AM-30) ---------------------


def put_down(
    rebellion: Rebellion,
    explicit_holds: Mapping[str, Unit],
    advanced_into: Mapping[str, frozenset[str]],
    dislodged: frozenset[Unit],
) -> bool:
    """Whether the turn's movement removes `rebellion` at its end.

    CM-7.3-2: a rebellion in a province that was its player's when it arose
    falls when one of his own units there holds with a written `H` and is not
    forced to retreat (AM-30: a missing order, or an assassination's automatic
    hold, does not count: CM-8.3-2) — `explicit_holds` maps an area to the
    unit that wrote `H` there. CM-7.3-3: one in a fortified city falls only to
    a siege (the siege rules settle it, not this). CM-7.3-4, AM-30: any
    successful advance into its area by a player other than the one it is
    aimed at frees it — `advanced_into` maps an area to the powers whose
    advance into it succeeded. Expense B (CM-7.3-1) is the expenses' business."""
    liberators = advanced_into.get(rebellion.area, frozenset()) - {rebellion.against}
    if liberators:
        return True
    if rebellion.in_city:
        return False
    holder = explicit_holds.get(rebellion.area)
    return holder is not None and holder.power == rebellion.against and holder not in dislodged


def after_movement(
    rebellions: Sequence[Rebellion],
    results: Iterable[OrderResult],
    dislodged: Iterable[Unit],
    taken: frozenset[str] = frozenset(),
) -> tuple[Rebellion, ...]:
    """The rebellions still standing at the end of the turn's movement (§7.3,
    `put_down`): a written hold that was carried out (reason HELD, not the
    default hold of a unit without orders or paralysed: AM-30, CM-8.3-2), the
    advances that succeeded, and (CM-7.3-3, AM-30) the rebel cities in `taken`,
    whose player's siege ended this turn with its second `B`."""
    if not rebellions:
        return ()
    rebellions = [r for r in rebellions if not (r.in_city and r.area in taken)]
    holds: dict[str, Unit] = {}
    advanced: dict[str, set[str]] = {}
    for result in results:
        if result.unit is None:
            continue
        garrison = result.unit.kind is UnitKind.GARRISON  # a city rebellion falls to a siege
        if isinstance(result.order, Hold) and result.reason is Reason.HELD and not garrison:
            holds[result.unit.location.partition("/")[0]] = result.unit
        elif isinstance(result.order, Move) and result.reason is Reason.MOVED:
            dest = result.order.dest.partition("/")[0]
            advanced.setdefault(dest, set()).add(result.unit.power)
    gone = frozenset(dislodged)
    into = {area: frozenset(powers) for area, powers in advanced.items()}
    return tuple(r for r in rebellions if not put_down(r, holds, into, gone))


def ended_notes(
    before: Sequence[Rebellion], standing: Sequence[Rebellion], game_map: GameMap
) -> tuple[str, ...]:
    """The public report's word on each rebellion the movement ended (§7.3):
    put down by its player's written hold, or freed by another's advance."""
    return tuple(
        T_(
            "Rebellion against {power} in {area}: put down at the end of the movement (003 §7.3)",
            power=power_label(game_map, r.against),
            area=T_("{area} (city)", area=r.area) if r.in_city else r.area,
        )
        for r in before
        if r not in standing
    )
