"""What the year's rolled medidas do to politics (rulebook 000 "Guerra",
"Guerra civil", "Tratados y Declaraciones"; O-202 .. O-233, O-242, O-243,
O-248, O-252): steps 1 to 4 of `year.end_of_year`.

1. Clashes (O-204 .. O-206): a war medida (AMB-32) aimed at another nation
   is a clash of the pair, beside the GM's hostilities; `Declaración:
   guerra` is recorded and alone makes no war (O-205).
2. Breaches: a war medida against a nation with which the actor holds a
   protective treaty in force breaks it (O-242, O-243, AMB-40); one by the
   declarant of a neutrality in force breaks it (O-248, O-250, O-252); then
   one by a non-declarant against a nation whose neutrality is still in
   force violates it: the violator bears the declaration's penalty (O-248,
   O-252: its own, capped, else +5 for five years, from the next turn,
   AMB-40), once per declaration and year, with a public note. Decisions:
   any war medida aimed at the neutral counts, whether it prevailed or not
   (as for a breach); a neutrality its declarant broke this year protects
   nobody this year. Lejanía penalties past their fifth turn are dropped
   (O-277).
3. Rebellions: a domestic Ofensiva or Supresión by a nation in rebellion
   suppresses or fails (O-226 .. O-231, AMB-25, AMB-26); then each living
   rebellion costs its upkeep (O-225, AMB-37).
4. Civil wars: faction medidas (O-218, O-220), backers' hits (O-222,
   AMB-24), upkeep (O-221), the end (O-217).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics import civil_war, rebellions
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.declarations import (
    DeclarationKind,
    break_declaration,
    breaking_penalty,
    violation,
)
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from adjudicator.rulesets.orbis.politics.outcome import Acted
from adjudicator.rulesets.orbis.politics.rebellions import RebellionDamage
from adjudicator.rulesets.orbis.politics.start import drop_civil_war
from adjudicator.rulesets.orbis.politics.war import Conflict, is_war_medida, update_wars
from adjudicator.rulesets.orbis.stability import Index
from texts import T_


def is_clash(acted: Acted) -> bool:
    """A war medida (AMB-32) aimed at another nation (O-202 .. O-204)."""
    return (
        acted.target is not None and acted.target != acted.actor and is_war_medida(acted.statistic)
    )


def _sorted(conflicts: Iterable[Conflict]) -> tuple[Conflict, ...]:
    return tuple(sorted(conflicts, key=lambda c: sorted(c.nations)))


def wars(
    ledger: Ledger,
    acted: Sequence[Acted],
    hostilities: Iterable[tuple[str, str]],
    declared: Iterable[tuple[str, str]],
    year: int,
) -> Ledger:
    """Step 1 (O-204 .. O-206): the conflicts after this year's clashes and
    declarations of war; a note for each war begun or over."""
    known = ledger.nations
    pairs: set[frozenset[str]] = {
        frozenset((a.actor, a.target))
        for a in acted
        if a.target is not None and is_clash(a) and a.target in known and a.actor in known
    }
    for pair in hostilities:
        if len(set(pair)) == 2 and all(n in known for n in pair):
            pairs.add(frozenset(pair))
        else:
            ledger = ledger.note(
                T_("GM file: hostilities {items}: not two nations (O-202)", items=" / ".join(pair))
            )
    wars_declared = {frozenset(p) for p in declared if len(set(p)) == 2}
    before = ledger.politics.conflicts_by_pair()
    after = update_wars(before, pairs, year, declarations=wars_declared)
    for key in sorted(set(before) | set(after), key=sorted):
        first, second = (ledger.name(n) for n in sorted(key))
        was = key in before and before[key].at_war
        now = key in after and after[key].at_war
        if now and not was:
            ledger = ledger.note(
                T_(
                    "{first} and {second} are at war (third turn of clashes, O-204)",
                    first=first,
                    second=second,
                )
            )
        elif was and not now:
            ledger = ledger.note(
                T_(
                    "The war between {first} and {second} is over or suspended (two quiet turns, O-206)",
                    first=first,
                    second=second,
                )
            )
    return ledger.record(conflicts=_sorted(after.values()))


def breaches(ledger: Ledger, acted: Sequence[Acted], year: int) -> Ledger:
    """Step 2: protective treaties (O-242, O-243, AMB-40) and neutralities
    (O-248, O-250, O-252) broken by a war medida."""
    for act in acted:
        if not is_clash(act) or act.target is None:
            continue
        registry = ledger.politics.treaties
        for treaty in sorted(registry.in_force(year), key=lambda t: t.id):
            both = act.actor in treaty.parties and act.target in treaty.parties
            if not (both and treaty.protective):
                continue
            step = registry.break_treaty(treaty.id, act.actor, year)
            registry = step.registry
            ledger = ledger.record(treaties=registry).note(
                T_(
                    "{actor} broke treaty {treaty} by a war medida against {target} (O-242, O-243)",
                    actor=ledger.name(act.actor),
                    treaty=treaty.id,
                    target=ledger.name(act.target),
                ),
                *step.notes,
            )
            ledger = ledger.punish(step.sanctions)
        for declaration in ledger.politics.declarations:
            if declaration.kind is not DeclarationKind.NEUTRALITY:
                continue
            if not declaration.binds(act.actor, year):
                continue
            breach = break_declaration(declaration, year, act.actor)
            kept = tuple(
                breach.declaration if d.id == declaration.id else d
                for d in ledger.politics.declarations
            )
            ledger = ledger.record(declarations=kept).note(
                T_(
                    "{actor} broke its neutrality {declaration} by a war medida (O-248, O-250)",
                    actor=ledger.name(act.actor),
                    declaration=declaration.id,
                ),
                *breach.notes,
            )
            ledger = ledger.punish(breach.sanctions)
    ledger = violations(ledger, acted, year)
    return ledger.record(lejania=tuple(p for p in ledger.politics.lejania if p.until > year))


def violations(ledger: Ledger, acted: Sequence[Acted], year: int) -> Ledger:
    """War medidas of non-declarants against a nation bound by a neutrality
    in force (O-248, O-252, AMB-40): one sanction per violator and
    declaration, with a public note."""
    done: set[tuple[str, str]] = set()
    for act in acted:
        if not is_clash(act) or act.target is None:
            continue
        for declaration in sorted(ledger.politics.declarations, key=lambda d: d.id):
            key = (act.actor, declaration.id)
            if (
                declaration.kind is not DeclarationKind.NEUTRALITY
                or key in done
                or not declaration.binds(act.target, year)
                or declaration.binds(act.actor, year)
            ):
                continue
            done.add(key)
            _, why = breaking_penalty(declaration)
            ledger = ledger.note(
                T_(
                    "{actor} violated the neutrality {declaration} of {target} by a war medida (O-248, O-252)",
                    actor=ledger.name(act.actor),
                    declaration=declaration.id,
                    target=ledger.name(act.target),
                ),
                *why,
            )
            ledger = ledger.punish((violation(declaration, act.actor, year),))
    return ledger


def _level(act: Acted) -> Level | None:
    return act.final if act.final is not None else act.level


def suppressions(
    ledger: Ledger, acted: Sequence[Acted], year: int, *, rebellion_damage: RebellionDamage
) -> Ledger:
    """Step 3 (O-225 .. O-231, AMB-25, AMB-26, AMB-37): suppressions, then
    upkeep. A discovered backer is named only to the suppressor, and the
    backer is told it was found out (O-231)."""
    for act in acted:
        kind = rebellions.suppression_of(act.statistic)
        domestic = act.target is None or act.target == act.actor
        level = _level(act)
        rising = next((r for r in ledger.politics.rebellions if r.nation == act.actor), None)
        missing = rising is None or act.actor not in ledger.nations
        if kind is None or not domestic or act.faction or level is None or missing:
            continue
        assert rising is not None
        nation = ledger.nations[act.actor]
        done = rebellions.suppress(nation, rising, kind, level, rebellion_damage=rebellion_damage)
        name = ledger.name(act.actor)
        ledger = ledger.sheet(done.nation)
        if done.suppressed:
            left = tuple(r for r in ledger.politics.rebellions if r is not rising)
            ledger = ledger.record(rebellions=left).note(
                T_("{name} suppressed its rebellion (O-226, O-231)", name=name)
            )
            for backer in done.revealed:
                ledger = ledger.secret(
                    act.actor,
                    T_("The rebellion was backed by {backer} (O-231)", backer=ledger.name(backer)),
                )
                ledger = ledger.secret(
                    backer,
                    T_("Your backing of the rebellion in {name} was discovered (O-231)", name=name),
                )
            continue
        kept = tuple(done.rebellion if r is rising else r for r in ledger.politics.rebellions)
        index = done.index.value if done.index is not None else "?"
        ledger = ledger.record(rebellions=kept).note(
            T_(
                "{name} failed to suppress its rebellion ({level}): −{damage} {index} (O-227 .. O-230, AMB-25, AMB-26)",
                name=name,
                level=level.value,
                damage=done.damage,
                index=index,
            )
        )
    for nation_id in sorted({r.nation for r in ledger.politics.rebellions}):
        sheet = ledger.nations.get(nation_id)
        if sheet is not None:
            ledger = ledger.sheet(rebellions.upkeep(sheet, ledger.politics.rebellions, year))
    return ledger


def _faction_of(war: CivilWar, actor: str, controllers: dict[tuple[str, str], str]) -> str | None:
    """The faction `actor` fights for: the one it controls (O-216, O-218);
    the divided nation's own player the first faction nobody else controls."""
    for faction in war.factions:
        if controllers.get((war.nation, faction)) == actor:
            return faction
    if actor == war.nation:
        free = [f for f in war.factions if (war.nation, f) not in controllers]
        return war.incumbent if war.incumbent in free else (free[0] if free else None)
    return None


_DAMAGED = {Statistic.OFENSIVA: Index.VIA, Statistic.INCISION: Index.LEG}
"""The index a hit damages (O-093, O-094)."""


def _move(ledger: Ledger, act: Acted, level: Level) -> Ledger:
    faction = act.faction
    war = next(
        (
            w
            for w in sorted(ledger.politics.civil_wars, key=lambda w: w.nation)
            if faction in w.factions and (act.target or act.actor) == w.nation
        ),
        None,
    ) or next((w for w in ledger.politics.civil_wars if faction in w.factions), None)
    if war is None or faction is None or war.nation not in ledger.nations:
        return ledger
    own = _faction_of(war, act.actor, dict(ledger.politics.controllers))
    nation = ledger.nations[war.nation]
    if own is not None and own != faction:
        after, sheet = civil_war.faction_medida(war, own, faction, level), nation
    elif act.actor in war.backers and act.statistic in _DAMAGED:
        if war.backers[act.actor] == faction:
            return ledger
        index = _DAMAGED[act.statistic]
        after, sheet = civil_war.hit(war, nation, act.actor, faction, index, level)
    else:
        return ledger
    wars_now = tuple(after if w is war else w for w in ledger.politics.civil_wars)
    split = ", ".join(f"{f} {v}" for f, v in after.supremacy.items())
    ledger = ledger.record(civil_wars=wars_now).sheet(sheet)
    return ledger.note(
        T_(
            "Civil war in {nation}: {actor} against {faction} at {level}; Supremacy {split} (O-220, O-222)",
            nation=ledger.name(war.nation),
            actor=ledger.name(act.actor),
            faction=faction,
            level=level.value,
            split=split,
        )
    )


def civil_wars(ledger: Ledger, acted: Sequence[Acted], year: int) -> Ledger:
    """Step 4 (O-217 .. O-222, AMB-23, AMB-24, AMB-37)."""
    for act in acted:
        level = _level(act)
        if act.faction is not None and act.prevails and level is not None and level.success:
            ledger = _move(ledger, act, level)
    for war in sorted(ledger.politics.civil_wars, key=lambda w: w.nation):
        sheet = ledger.nations.get(war.nation)
        if sheet is not None:
            ledger = ledger.sheet(civil_war.upkeep(war, sheet, year))
        won = civil_war.winner(war)
        if won is not None:
            ledger = drop_civil_war(ledger, war.nation).note(
                T_(
                    "The civil war in {nation} is over: {won} holds all Supremacy; the nation stays with its player (O-217)",
                    nation=ledger.name(war.nation),
                    won=won,
                )
            )
    return ledger
