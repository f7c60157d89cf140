"""The end of a year's politics (rulebook 000 "Tratados", "Conferencias",
"Organizaciones", "Épocas"): steps 7 to 9 of `year.end_of_year`.

7. Organisations: the five-member count (O-280, AMB-42; a member's
   civil-war factions count as members), an election due when the post is
   vacant or the term is over (O-288), a schism of 15 turns split (O-294:
   the rival's part gets the id `<id>-<year>`).
8. Treaties past their term expire (O-245); conferences due their forced
   vote vote (O-267, in `assemblies.count_votes`).
9. An epoch triggered by a player's statistic of 95 (O-296, AMB-31): a note;
   the GM chooses total or partial (O-300) in his next file.
"""

from __future__ import annotations

from adjudicator.rulesets.orbis.politics import organisations as orgs
from adjudicator.rulesets.orbis.politics.epochs import epoch_triggers
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from texts import T_


def organisations(ledger: Ledger, year: int) -> Ledger:
    """Step 7 (O-280, O-288, O-294, AMB-42)."""
    factions = {w.nation: len(w.active) for w in ledger.politics.civil_wars}
    kept: list[orgs.Organisation] = []
    for org in sorted(ledger.politics.organisations, key=lambda o: o.id):
        if not org.active:
            kept.append(org)
            continue
        after = orgs.close_turn(org, year, factions=factions)
        if not after.active:
            ledger = ledger.note(
                T_("Organisation {org} dissolved: five turns below five (O-280)", org=org.id)
            )
            kept.append(after)
            continue
        if orgs.schism_due(after, year):
            parts = orgs.split(after, year, f"{org.id}-{year}", f"{org.name} ({year})")
            ledger = ledger.note(
                T_("Organisation {org} splits in two after 15 turns (O-294)", org=org.id)
            )
            kept.extend(parts)
            continue
        if orgs.term_over(after, year):
            ledger = ledger.note(T_("Organisation {org}: election due (O-287, O-288)", org=org.id))
        kept.append(after)
    return ledger.record(organisations=tuple(kept))


def expiries(ledger: Ledger, year: int) -> Ledger:
    """Step 8: treaties whose term ends this year expire (O-245)."""
    registry = ledger.politics.treaties
    after = registry.expire(year + 1)
    for old, new in zip(registry.treaties, after.treaties, strict=True):
        if old.ended is None and new.ended is not None:
            ledger = ledger.note(T_("Treaty {old} expires at its term (O-245)", old=old.id))
    return ledger.record(treaties=after)


def epoch_trigger(ledger: Ledger) -> Ledger:
    """Step 9 (O-296, O-300, AMB-31)."""
    found = epoch_triggers(ledger.nations[k] for k in sorted(ledger.nations))
    if not found:
        return ledger
    which = ", ".join(f"{ledger.name(t.nation)} {t.statistic.spanish} {t.value}" for t in found)
    return ledger.note(
        T_(
            "An epoch is triggered (O-296): {which}; the GM chooses total or partial (O-300)",
            which=which,
        )
    )
