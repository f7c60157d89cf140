"""Reading the resolver's verdict: shared by every Diplomacy-style ruleset.

The resolver (`adjudicator.kits.board.resolver`) answers with booleans keyed by the
places it was given. These helpers turn them into what a ruleset reports
and keeps: each spec's outcome and reason, who dislodged a unit and how, and
where a move bounced (DATC §5, 6.H).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.kits.board.resolver import (
    Adjudication,
    ConvoySpec,
    MoveSpec,
    ResolverOrder,
    SupportSpec,
)
from adjudicator.kits.board.results import Reason


def spec_outcome(spec: ResolverOrder, key: str, verdict: Adjudication) -> tuple[bool, Reason]:
    """Whether the order at `key` succeeded and why: a move moved, bounced, lost
    its convoy route or was dislodged; a support was given or cut; a convoy was
    given; any other unit held unless it was dislodged."""
    ok = verdict.success[key]
    dislodged = key in verdict.dislodged_by
    match spec:
        case MoveSpec():
            if ok:
                return True, Reason.MOVED
            if key in verdict.path_failed or key in verdict.paradox:
                return False, Reason.NO_PATH
            return False, Reason.DISLODGED if dislodged else Reason.BOUNCED
        case SupportSpec():
            return ok, Reason.SUPPORT_GIVEN if ok else (
                Reason.DISLODGED if dislodged else Reason.CUT
            )
        case ConvoySpec():
            return ok, Reason.CONVOY_GIVEN if ok else Reason.DISLODGED
        case _:
            return not dislodged, Reason.DISLODGED if dislodged else Reason.HELD


def dislodgement(
    key: str, orders: Mapping[str, ResolverOrder], verdict: Adjudication
) -> tuple[str, bool]:
    """Where the unit at `key` was dislodged from (the attacker's key), and whether
    that attack came by convoy (a retreat may go there then: DATC 4.A.5)."""
    attacker = verdict.dislodged_by[key]
    attack = orders[attacker]
    return attacker, isinstance(attack, MoveSpec) and attack.convoy


def bounced_into(orders: Mapping[str, ResolverOrder], verdict: Adjudication) -> frozenset[str]:
    """Destinations of moves that bounced: failed moves that had their route and
    did not lose a head-to-head battle (DATC 6.H.9). Those left empty are
    standoff areas, where no unit may retreat (DATC 6.H)."""
    return frozenset(
        spec.dest
        for key, spec in orders.items()
        if isinstance(spec, MoveSpec)
        and not verdict.success[key]
        and key not in verdict.path_failed
        and key not in verdict.paradox
        and verdict.dislodged_by.get(key) != spec.dest
    )
