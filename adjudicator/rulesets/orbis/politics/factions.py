"""Which civil-war faction a medida is aimed at (rulebook 000 "Guerra
civil"; O-216, O-218, O-220, O-222).

Actions between factions are medidas only when different people control
them (O-218): a civil war whose factions are all its nation's player's (no
controller, no foreign backer) has no faction medidas. Otherwise a war
medida (AMB-32) is a faction medida when it is:

- the divided nation's own, domestic (no target): its player fights for the
  incumbent unless another controls it (O-216);
- a controller's or a backer's, aimed at the divided nation.

It is aimed at the strongest faction other than the actor's own (most
Supremacy, then by name). Its normal effect is not applied: it moves
Supremacy instead (O-220), and a backer's hit is halved between the indices
and Supremacy by `civil_war.hit` (O-222, AMB-24).
"""

from __future__ import annotations

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.war import is_war_medida


def _own_faction(war: CivilWar, actor: str, politics: Politics) -> str | None:
    controlled = {f: c for (n, f), c in politics.controllers.items() if n == war.nation}
    for faction in war.factions:
        if controlled.get(faction) == actor:
            return faction
    if actor in war.backers:
        return war.backers[actor]
    if actor == war.nation:
        free = [f for f in war.factions if f not in controlled]
        return war.incumbent if war.incumbent in free else (free[0] if free else None)
    return None


def aimed_faction(
    politics: Politics, actor: str, statistic: Statistic, target: str | None
) -> str | None:
    """The faction a medida is aimed at, None when it is no faction medida
    (see the module docstring; O-218, O-220, O-222)."""
    if not is_war_medida(statistic):
        return None
    divided = actor if target is None else target
    war = politics.civil_war(divided)
    if war is None:
        return None
    others_involved = any(n == war.nation for n, _f in politics.controllers) or bool(war.backers)
    if not others_involved:
        return None
    own = _own_faction(war, actor, politics)
    if own is None:
        return None
    rivals = sorted((f for f in war.factions if f != own), key=lambda f: (-war.supremacy[f], f))
    return rivals[0] if rivals else None
