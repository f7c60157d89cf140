"""The movement resolver shared by every Diplomacy-style ruleset.

This is Kruijswijk's general-purpose algorithm from "The Math of
Adjudication" (DATC §5): each order has one boolean decision (a move
*succeeds*, a support is *given*, a convoying fleet or a holding unit is *not
dislodged*); decisions are resolved recursively (the recursion runs on an
explicit stack, so its depth is not bounded by Python's: a chain of 10,000
moves resolves), and where a decision depends on itself the resolver guesses
both values:

- one consistent result: that is the answer;
- two consistent results or none: the dependency cycle is a paradox and the
  *backup rule* settles it: a cycle with a convoy is a convoy paradox and the
  **Szykman rule** applies (every convoyed move in the cycle fails and cannot
  cut support: DATC 4.A.2); a cycle without a convoy is circular movement and
  every move in it succeeds (DATC 6.C.1-6.C.3).

The resolver knows nothing of a particular map or ruleset. A ruleset hands it
`Contest` data it has already validated: one `ResolverOrder` per unit, keyed
by area; each unit's power and base strength; and the area-level graph a
convoy may follow. Everything it returns is keyed by area.

Strengths follow DATC §5.B: *attack*, *hold*, *defend* and *prevent*.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, TypeAlias, TypeVar

T = TypeVar("T")

Step: TypeAlias = Generator[str, bool, T]
"""The evaluation of one decision, or of a strength: it yields the area of each
decision it reads, is sent back that decision's value, and returns its answer."""


@dataclass(frozen=True, slots=True)
class HoldSpec:
    """A unit that stays put (hold, void support or convoy, or no order)."""

    area: str


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """A move from `area` to `dest` (area level), over land or by convoy."""

    area: str
    dest: str
    convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportSpec:
    """Support of the unit in `target` holding (dest None) or moving to `dest`."""

    area: str
    target: str
    dest: str | None = None


@dataclass(frozen=True, slots=True)
class ConvoySpec:
    """A fleet in `area` convoying the army in `army` to `dest`."""

    area: str
    army: str
    dest: str


ResolverOrder = HoldSpec | MoveSpec | SupportSpec | ConvoySpec


@dataclass(frozen=True, slots=True)
class Combatant:
    """A unit as the resolver sees it: owner and base strength."""

    power: str
    strength: int = 1


def convoy_chain_exists(
    start: str, dest: str, fleets: AbstractSet[str], steps: Callable[[str], frozenset[str]]
) -> bool:
    """Whether a chain of the convoying `fleets` (areas) joins `start` and `dest`,
    each step along `steps` (the map's fleet borders at area level)."""
    frontier = [f for f in steps(start) if f in fleets]
    seen = set(frontier)
    while frontier:
        current = frontier.pop()
        neighbours = steps(current)
        if dest in neighbours:
            return True
        for nxt in neighbours:
            if nxt in fleets and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


@lru_cache(maxsize=1024)
def combatant(power: str, strength: int = 1) -> Combatant:
    """The (shared, immutable) `Combatant` of a power and strength."""
    return Combatant(power, strength)


@dataclass(frozen=True, slots=True)
class Contest:
    """Everything the resolver needs for one movement phase.

    `convoy_graph(area)` gives the areas next to `area` that a convoy chain may
    use (sea areas for a coastal army or a sea area). `convoy_steps_for(army)`,
    when given, replaces it for the convoy of the army in `army` (Machiavelli's
    Messina strait is closed to the armies of all powers but one: 003 §3.2).

    A unit's `strength` counts wherever it stands: alone, holding, moving and
    in each support it gives (Machiavelli's elite units add 2: 003 §10, AM-40).
    `support_bonus(source, dest, power)`, when given, is support that no unit
    gives and no attack cuts, for a move of `power` from `source` into `dest`
    (a Machiavelli rebellion helps the advances into its province: CM-7.2-3,
    AM-30); it counts in the move's attack, defend and prevent strengths.
    """

    units: Mapping[str, Combatant]
    orders: Mapping[str, ResolverOrder]
    convoy_graph: Callable[[str], frozenset[str]]
    may_dislodge: Callable[[str, str], bool] = field(
        default=lambda attacker, defender: attacker != defender
    )
    convoy_steps_for: Callable[[str], Callable[[str], frozenset[str]]] | None = None
    support_bonus: Callable[[str, str, str], int] | None = None


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The resolver's answer, keyed by the area each order was given in."""

    success: Mapping[str, bool]
    dislodged_by: Mapping[str, str]  # dislodged unit's area -> attacker's area
    path_failed: frozenset[str]  # convoyed moves with no convoy route left
    paradox: frozenset[str]  # convoyed moves failed by the Szykman rule
    cut: frozenset[str]  # supports cut by an attack (not only by dislodgement)


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    RESOLVED = 2


RESOLVED = _State.RESOLVED


class _Resolver:
    """One run of Kruijswijk's algorithm over a `Contest`."""

    def __init__(self, contest: Contest) -> None:
        self.units = contest.units
        self.orders = contest.orders
        self.convoy_graph = contest.convoy_graph
        self.may_dislodge = contest.may_dislodge
        self.convoy_steps_for = contest.convoy_steps_for
        self.support_bonus = contest.support_bonus
        self.state: dict[str, _State] = dict.fromkeys(self.orders, _State.UNRESOLVED)
        self.result: dict[str, bool] = dict.fromkeys(self.orders, False)
        self.deps: list[str] = []
        self.szykman: set[str] = set()
        self.moves_into: dict[str, list[str]] = {}
        self.supports_of: dict[str, list[str]] = {}
        self.convoys_for: dict[str, list[str]] = {}
        staying: list[str] = []
        for area, order in self.orders.items():
            if isinstance(order, MoveSpec):
                self.moves_into.setdefault(order.dest, []).append(area)
                continue
            staying.append(area)
            if isinstance(order, SupportSpec):
                self.supports_of.setdefault(order.target, []).append(area)
            elif isinstance(order, ConvoySpec):
                self.convoys_for.setdefault(order.army, []).append(area)
        # A unit that stays and that nobody moves into is not dislodged and its
        # support or convoy is not cut: its decision is true whatever the others
        # do (it reads no other decision), so it is settled at once.
        for area in staying:
            if area not in self.moves_into:
                self.state[area] = RESOLVED
                self.result[area] = True
        # Likewise a move over land into an empty area that no other unit moves
        # into: nothing holds or prevents there, so it succeeds whatever the
        # others do (DATC §5.B: attack strength at least 1, hold and prevent 0).
        for dest, movers in self.moves_into.items():
            if len(movers) == 1 and dest not in self.units:
                area = movers[0]
                move = self.orders[area]
                assert isinstance(move, MoveSpec)
                if not move.convoy and self.units[area].strength >= 1:
                    self.state[area] = RESOLVED
                    self.result[area] = True

    # --- the recursion (DATC §5.E, "resolve"), on an explicit stack -----------------
    #
    # Each decision is evaluated by a generator that yields the area of every
    # decision it reads and is sent back its value. `_drive` keeps the generators
    # of the decisions under evaluation on a stack (a list), not on Python's call
    # stack, so a chain of 10,000 moves needs no deep recursion. The order of
    # evaluation, the guesses and the results are those of the recursive
    # algorithm: `(yield area)` is its `resolve(area)`.

    def resolve(self, area: str) -> bool:
        """The decision of the order at `area` (resolving what it depends on)."""
        return self._drive(self._read(area))

    def _read(self, area: str) -> Step[bool]:
        return (yield area)

    def _drive(self, root: Step[T]) -> T:
        """Run `root` to its end, resolving every decision it (or one of the
        decisions it needs) reads; each unresolved one gets its own generator."""
        stack: list[Step[Any]] = [root]
        value: Any = None
        while True:
            try:
                area = stack[-1].send(value)
            except StopIteration as done:
                stack.pop()
                if not stack:
                    result: T = done.value
                    return result
                value = done.value
                continue
            state = self.state[area]
            if state is _State.RESOLVED:
                value = self.result[area]
            elif state is _State.GUESSING:
                # Record every read of a guess, even a repeated one: a decision
                # that read a guess must not be settled as if it were independent.
                self.deps.append(area)
                value = self.result[area]
            else:
                stack.append(self._resolve(area))
                value = None

    def _resolve(self, area: str) -> Step[bool]:
        """Resolve the unresolved decision at `area`: guess false, then true if the
        first answer leaned on a guess of its own (Kruijswijk's `resolve`)."""
        mark = len(self.deps)
        self.state[area] = _State.GUESSING
        self.result[area] = False
        first = yield from self.adjudicate(area)
        if len(self.deps) == mark:
            if self.state[area] is not _State.RESOLVED:
                self._settle(area, first)
            return first
        if self.deps[mark] != area:
            self.deps.append(area)
            self.result[area] = first
            return first
        self._reset_from(mark)
        self.state[area] = _State.GUESSING
        self.result[area] = True
        second = yield from self.adjudicate(area)
        if first == second:
            self._reset_from(mark)
            self._settle(area, first)
            return first
        self._backup_rule(mark)
        return (yield area)

    def _settle(self, area: str, value: bool) -> None:
        self.state[area] = _State.RESOLVED
        self.result[area] = value

    def _reset_from(self, mark: int) -> None:
        for area in self.deps[mark:]:
            self.state[area] = _State.UNRESOLVED
        del self.deps[mark:]

    def _backup_rule(self, mark: int) -> None:
        """Settle a paradoxical cycle: Szykman for convoys, else circular movement."""
        cycle = list(dict.fromkeys(self.deps[mark:]))
        convoyed_armies = {
            spec.army for a in cycle if isinstance(spec := self.orders[a], ConvoySpec)
        }
        if convoyed_armies:
            for area in cycle:
                self.state[area] = _State.UNRESOLVED
            for army in convoyed_armies:
                move = self.orders.get(army)
                if isinstance(move, MoveSpec) and move.convoy:
                    self.szykman.add(army)
                    self._settle(army, False)
        else:
            for area in cycle:
                order = self.orders[area]
                if isinstance(order, MoveSpec):
                    self._settle(area, True)
                else:
                    self.state[area] = _State.UNRESOLVED
        del self.deps[mark:]

    # --- one decision -----------------------------------------------------------

    def adjudicate(self, area: str) -> Step[bool]:
        """The evaluation of the decision at `area` (its own generator, no wrapper)."""
        match self.orders[area]:
            case MoveSpec() as move:
                return self._move_succeeds(move)
            case SupportSpec() as support:
                return self._support_given(support)
            case ConvoySpec() | HoldSpec():
                return self._not_dislodged(area)
        raise AssertionError(f"unknown resolver order at {area}")

    def _not_dislodged(self, area: str) -> Step[bool]:
        return not (yield from self._dislodged(area))

    def _move_succeeds(self, move: MoveSpec) -> Step[bool]:
        attack = yield from self.attack_strength(move)
        if attack == 0:
            return False
        opponent = self._head_to_head(move)
        if opponent is not None:
            if attack <= (yield from self.defend_strength(opponent)):
                return False
        elif move.dest in self.units and attack <= (yield from self.hold_strength(move.dest)):
            return False  # (an empty area has no hold strength: DATC §5.B.5)
        for other in self.moves_into.get(move.dest, ()):
            if other != move.area:
                other_move = self.orders[other]
                assert isinstance(other_move, MoveSpec)
                if attack <= (yield from self.prevent_strength(other_move)):
                    return False
        return True

    def _support_given(self, support: SupportSpec) -> Step[bool]:
        supporter = self.units[support.area]
        aimed_at = support.dest if support.dest is not None else support.target
        for attacker in self.moves_into.get(support.area, ()):
            if attacker == aimed_at:
                continue
            if self.units[attacker].power == supporter.power:
                continue
            attack = self.orders[attacker]
            assert isinstance(attack, MoveSpec)
            if not attack.convoy or (yield from self._has_path(attacker)):
                return False
        return not (yield from self._dislodged(support.area))

    # --- helpers -----------------------------------------------------------------

    def _dislodged(self, area: str) -> Step[bool]:
        """Whether the unit in `area` is dislodged (it stays and a move in succeeds)."""
        order = self.orders[area]
        if isinstance(order, MoveSpec) and (
            self.result[area] if self.state[area] is RESOLVED else (yield area)
        ):
            return False
        for attacker in self.moves_into.get(area, ()):
            if self.result[attacker] if self.state[attacker] is RESOLVED else (yield attacker):
                return True
        return False

    def _has_path(self, area: str) -> Step[bool]:
        """Whether a move has its route: over land always, by convoy if a chain
        of undislodged convoying fleets joins source and destination."""
        move = self.orders[area]
        assert isinstance(move, MoveSpec)
        if not move.convoy:
            return True
        if area in self.szykman:
            return False
        fleets = [
            f
            for f in self.convoys_for.get(area, ())
            if self.orders[f] == ConvoySpec(f, area, move.dest)
        ]
        usable = set()
        for fleet in fleets:
            if self.result[fleet] if self.state[fleet] is RESOLVED else (yield fleet):
                usable.add(fleet)
        steps = self.convoy_graph if self.convoy_steps_for is None else self.convoy_steps_for(area)
        return convoy_chain_exists(area, move.dest, usable, steps)

    def _head_to_head(self, move: MoveSpec) -> MoveSpec | None:
        """The opposing move if two units swap places without convoy."""
        if move.convoy:
            return None
        other = self.orders.get(move.dest)
        if isinstance(other, MoveSpec) and other.dest == move.area and not other.convoy:
            return other
        return None

    def _supports_for(self, area: str, dest: str | None) -> Step[int]:
        """The strength of the valid support the order at `area` gets (hold or
        move to dest): each supporter's strength once its support is resolved."""
        supporters = yield from self._supporters_for(area, dest)
        return sum(self.units[s].strength for s in supporters)

    def _supporters_for(self, area: str, dest: str | None) -> Step[list[str]]:
        """The supporters giving valid support to the order at `area` (hold or
        move to `dest`), in the order the supports were given."""
        found = []
        for supporter in self.supports_of.get(area, ()):
            support = self.orders[supporter]
            assert isinstance(support, SupportSpec)
            if support.dest == dest and (
                self.result[supporter] if self.state[supporter] is RESOLVED else (yield supporter)
            ):
                found.append(supporter)
        return found

    def attack_strength(self, move: MoveSpec) -> Step[int]:
        if move.convoy and not (yield from self._has_path(move.area)):
            return 0
        mover = self.units[move.area]
        occupant_area = move.dest if move.dest in self.units else None
        occupant_leaves = False
        if occupant_area is not None:
            occupant_order = self.orders[occupant_area]
            occupant_leaves = (
                isinstance(occupant_order, MoveSpec)
                and self._head_to_head(move) is None
                and (
                    self.result[occupant_area]
                    if self.state[occupant_area] is RESOLVED
                    else (yield occupant_area)
                )
            )
        supporters = (
            (yield from self._supporters_for(move.area, move.dest))
            if move.area in self.supports_of
            else []
        )
        base = mover.strength + self._bonus(move)
        if occupant_area is None or occupant_leaves:
            return base + sum(self.units[s].strength for s in supporters)
        defender = self.units[occupant_area].power
        if not self.may_dislodge(mover.power, defender):
            return 0
        return base + sum(
            self.units[s].strength for s in supporters if self.units[s].power != defender
        )

    def hold_strength(self, area: str) -> Step[int]:
        if area not in self.units:
            return 0
        order = self.orders[area]
        if isinstance(order, MoveSpec):
            moves = self.result[area] if self.state[area] is RESOLVED else (yield area)
            return 0 if moves else self.units[area].strength
        if area not in self.supports_of:
            return self.units[area].strength
        return self.units[area].strength + (yield from self._supports_for(area, None))

    def defend_strength(self, move: MoveSpec) -> Step[int]:
        base = self.units[move.area].strength + self._bonus(move)
        if move.area not in self.supports_of:
            return base
        return base + (yield from self._supports_for(move.area, move.dest))

    def prevent_strength(self, move: MoveSpec) -> Step[int]:
        if move.convoy and not (yield from self._has_path(move.area)):
            return 0
        opponent = self._head_to_head(move)
        if opponent is not None and (
            self.result[opponent.area]
            if self.state[opponent.area] is RESOLVED
            else (yield opponent.area)
        ):
            return 0
        base = self.units[move.area].strength + self._bonus(move)
        if move.area not in self.supports_of:
            return base
        return base + (yield from self._supports_for(move.area, move.dest))

    def _bonus(self, move: MoveSpec) -> int:
        """Support the move gets from outside the board's units (`support_bonus`)."""
        if self.support_bonus is None:
            return 0
        return self.support_bonus(move.area, move.dest, self.units[move.area].power)

    # --- the whole phase -----------------------------------------------------------

    def run(self) -> Adjudication:
        for area in self.orders:
            if self.state[area] is not RESOLVED:
                self._drive(self._resolve(area))
        # every decision is resolved now: read the results, in one pass
        result = self.result
        dislodged_by: dict[str, str] = {}
        path_failed: list[str] = []
        cut: list[str] = []
        for area, order in self.orders.items():
            moving = isinstance(order, MoveSpec)
            if (
                isinstance(order, MoveSpec)
                and order.convoy
                and not self._drive(self._has_path(area))
            ):
                path_failed.append(area)
            attackers = self.moves_into.get(area)
            if attackers is not None and not (moving and result[area]):  # it stayed, attacked
                winner = next((a for a in attackers if result[a]), None)
                if winner is not None:
                    dislodged_by[area] = winner
                    continue
            if isinstance(order, SupportSpec) and not result[area]:
                cut.append(area)
        return Adjudication(
            success=result,  # (the resolver is done with it)
            dislodged_by=dislodged_by,
            path_failed=frozenset(path_failed),
            paradox=frozenset(self.szykman),
            cut=frozenset(cut),
        )


def adjudicate(contest: Contest) -> Adjudication:
    """Resolve one movement phase (DATC §5); pure and deterministic."""
    return _Resolver(contest).run()
