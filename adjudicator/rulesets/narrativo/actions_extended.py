"""Extended and cooperative actions (rulebook 001, "Acciones Extendidas",
N-017 .. N-021, NAMB-04; "Acciones Cooperativas", N-029 .. N-032, NAMB-05).

An extended action needs a number of successes (N-017) within an optional
limit of rolls (N-018): each interval's successes accumulate; it completes
as soon as the total reaches the need (no further roll); a roll of 0
without a 1 changes nothing; a botch resets a total above 0 to 0 and the
action goes on (the wall, N-021), a botch at 0 fails it for good (N-020);
once the limit is spent it fails for lack of time (NAMB-04). It is never
part of a multiple action (N-038).

A cooperative action: each character rolls separately, successes summed
(N-030); usually extended (N-031): then each interval everyone rolls in the
order given, a botch resets the shared total or ends the task when it is 0
at that moment, and later rolls of the interval still add (NAMB-05).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.rulesets.narrativo.actions_base import (
    ActionContext,
    Difficulty,
    Gathered,
    gather_difficulty,
    gather_pool,
    is_botch,
    roll_gathered,
)
from adjudicator.rulesets.narrativo.actions_single import (
    NO_DIFFICULTY,
    Single,
    base_terms,
    finished,
    gathered_changes,
    refused,
    roll_one,
)
from adjudicator.rulesets.narrativo.levels import count_words, level_of, outcome_sentence
from adjudicator.rulesets.narrativo.outcome import Acted, Changes, Level, Rolled
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import ExtendedAction
from orders.narrativo.model import ActionKind, Declaration, Ruling
from texts import T_, Tn_, joined

NO_NEED = T_("the ruling gives no number of successes needed: the Narrator must set it (N-017)")
IN_MULTIPLE = T_("an extended action cannot be part of a multiple action (N-038)")


@dataclass(frozen=True)
class Intervals:
    """The intervals rolled: the action after them, the rolls, what
    happened in words, warnings, and the pools gathered."""

    extended: ExtendedAction
    rolls: tuple[Rolled, ...]
    events: tuple[str, ...]
    warnings: tuple[str, ...]
    gathered: tuple[Gathered, ...]


def members(
    ctx: ActionContext, lead: Declaration, partners: Sequence[Declaration]
) -> tuple[tuple[tuple[Character, Declaration], ...], tuple[str, ...]]:
    """The lead and each known partner with its declaration, in order; an
    unknown partner left out with a warning."""
    lead_character = ctx.state.character(lead.character)
    found: list[tuple[Character, Declaration]] = [(lead_character, lead)]
    warnings: list[str] = []
    for partner in partners:
        character = ctx.state.find(partner.character)
        if character is None:
            warnings.append(
                T_(
                    "{name} is no character: left out of {id} (N-030)",
                    name=repr(partner.character),
                    id=lead.id,
                )
            )
        else:
            found.append((character, partner))
    return tuple(found), tuple(warnings)


def roll_label(extended: ExtendedAction, interval: int, character: str) -> str:
    """`<id>@<n>` for the lead, `<id>@<n>+<partner>` for a partner."""
    head = f"{extended.id}@{interval}"
    return head if character == extended.characters[0] else f"{head}+{character}"


def roll_intervals(
    ctx: ActionContext,
    extended: ExtendedAction,
    ruling: Ruling,
    difficulty: Difficulty,
    declarations: Mapping[str, Declaration],
) -> Intervals:
    """`ruling.rolls` intervals while the action is open (N-018 .. N-020,
    NAMB-04, NAMB-05); a Willpower spend and a next-action bonus go to each
    character's first roll (N-092, N-081)."""
    rolls: list[Rolled] = []
    events: list[str] = []
    warnings: list[str] = list(difficulty.warnings)
    gathered: list[Gathered] = []
    for count in range(ruling.rolls):
        if not extended.open:
            break
        interval = extended.rolls_made + 1
        total, failed, done = extended.total, False, False
        for who in extended.characters:
            character = ctx.state.find(who)
            if character is None:
                continue
            declaration = declarations.get(who)
            pool = gather_pool(
                ctx,
                character,
                extended.pools[who],
                ruling.dice,
                combat=ruling.combat,
                spend_willpower=count == 0
                and declaration is not None
                and declaration.spend_willpower,
                use_bonus=count == 0,
            )
            desperate = declaration is not None and declaration.desperate
            label = roll_label(extended, interval, who)
            rolled, warned = roll_gathered(ctx, label, pool, difficulty, desperate=desperate)
            rolls.append(rolled)
            gathered.append(pool)
            warnings += pool.warnings if count == 0 else ()
            warnings += warned
            if is_botch(rolled) and total > 0:
                events.append(
                    T_(
                        "roll {interval}: {name} botches, {total} successes lost (N-019)",
                        interval=interval,
                        name=character.name,
                        total=total,
                    )
                )
                total = 0
            elif is_botch(rolled):
                events.append(
                    T_(
                        "roll {interval}: {name} botches with nothing accumulated (N-020)",
                        interval=interval,
                        name=character.name,
                    )
                )
                failed = True
                break
            else:
                total += rolled.successes
            if total >= extended.need:
                done = True
                break
        extended = replace(extended, rolls_made=interval, total=total, failed=failed, done=done)
    return Intervals(extended, tuple(rolls), tuple(events), tuple(warnings), tuple(gathered))


def extended_words(extended: ExtendedAction, events: tuple[str, ...]) -> str:
    """Where the action stands (N-017 .. N-021, NAMB-04), after the events."""
    made, need, total = extended.rolls_made, extended.need, extended.total
    rolls = Tn_("{n} roll", "{n} rolls", made)
    if extended.done:
        state: str = T_(
            "complete: {total} of {need} successes after {rolls} (N-017)",
            total=total,
            need=need,
            rolls=rolls,
        )
    elif extended.failed:
        state = T_(
            "fails for good after {rolls}: a botch with nothing accumulated (N-020)", rolls=rolls
        )
    elif extended.out_of_time:
        state = T_(
            "fails for lack of time: {total} of {need} successes after the {rolls} allowed"
            " (N-018, NAMB-04)",
            total=total,
            need=need,
            rolls=rolls,
        )
    elif extended.limit is None:
        state = T_(
            "under way: {total} of {need} successes after {rolls}",
            total=total,
            need=need,
            rolls=rolls,
        )
    else:
        state = Tn_(
            "under way: {total} of {need} successes after {n} of {limit} roll",
            "under way: {total} of {need} successes after {n} of {limit} rolls",
            made,
            total=total,
            need=need,
            limit=extended.limit,
        )
    return joined((*events, state), "; ")


def extended_level(extended: ExtendedAction) -> Level:
    """Complete when done, a botch when failed for good, else a failure (so far)."""
    if extended.done:
        return Level.COMPLETE
    return Level.BOTCH if extended.failed else Level.FAILURE


def start_extended(
    ctx: ActionContext, lead: Declaration, ruling: Ruling, partners: Sequence[Declaration] = ()
) -> Acted:
    """A new extended action (N-017 .. N-021, NAMB-04), cooperative when
    `partners` roll with the lead (N-030 .. N-032, NAMB-05): its need and
    limit (the declaration's, else the ruling's), its difficulty, then
    `ruling.rolls` intervals."""
    if len(lead.pools) > 1:
        return refused(lead, ruling, IN_MULTIPLE)
    need = lead.need if lead.need is not None else ruling.need
    if need is None:
        return refused(lead, ruling, NO_NEED)
    base = base_terms(ruling)
    if base is None:
        return refused(lead, ruling, NO_DIFFICULTY)
    found, warned = members(ctx, lead, partners)
    difficulty = gather_difficulty(ctx, base, ruling.difficulty_mod, combat=ruling.combat)
    extended = ExtendedAction(
        id=lead.id,
        characters=tuple(c.id for c, _ in found),
        need=need,
        limit=lead.limit if lead.limit is not None else ruling.limit,
        pools={c.id: (d.pools or lead.pools)[0] for c, d in found},
        difficulty=difficulty.value,
    )
    declarations = {c.id: d for c, d in found}
    return _acted(
        lead, ruling, roll_intervals(ctx, extended, ruling, difficulty, declarations), warned
    )


def continue_extended(ctx: ActionContext, extended: ExtendedAction, ruling: Ruling) -> Acted:
    """N-018, NAMB-04: an extended action under way rolls `ruling.rolls`
    more intervals, at the ruling's difficulty when it gives one (with its
    modifier), else at the one stored (plus a modifier the ruling gives).
    Decision: a ruling that refuses it (`rechaza`) abandons it: it ends,
    failed, with the Narrator's reason."""
    declaration = _declaration_of(extended)
    if ruling.refused and extended.open:
        ended = replace(extended, failed=True)
        done = refused(declaration, ruling, T_("abandoned: {reason}", reason=ruling.refused))
        return replace(done, changes=replace(done.changes, extended=ended))
    if ruling.refused:
        return refused(declaration, ruling, ruling.refused)
    if not extended.open:
        return refused(declaration, ruling, T_("{id} is no longer under way", id=extended.id))
    base = base_terms(
        ruling, ruling.difficulty if ruling.difficulty is not None else extended.difficulty
    )
    assert base is not None
    difficulty = gather_difficulty(ctx, base, ruling.difficulty_mod, combat=ruling.combat)
    extended = replace(extended, difficulty=difficulty.value)
    return _acted(declaration, ruling, roll_intervals(ctx, extended, ruling, difficulty, {}), ())


def _declaration_of(extended: ExtendedAction) -> Declaration:
    """The lead's declaration as the extended action keeps it (its id is the action's)."""
    lead = extended.characters[0]
    number = extended.id.rsplit("-", 1)[-1]
    return Declaration(
        lead,
        ActionKind.EXTENDED,
        (extended.pools[lead],),
        number=int(number) if number.isdigit() else 1,
        partners=extended.characters[1:],
        need=extended.need,
        limit=extended.limit,
    )


def _acted(
    declaration: Declaration, ruling: Ruling, done: Intervals, warned: tuple[str, ...]
) -> Acted:
    changed = gathered_changes(*done.gathered)
    changes = Changes(characters=changed.characters, spent=changed.spent, extended=done.extended)
    return finished(
        declaration,
        ruling,
        done.rolls,
        extended_words(done.extended, done.events),
        extended_level(done.extended),
        warned + done.warnings,
        changes,
        net=done.extended.total,
    )


def cooperative_roll(
    ctx: ActionContext, lead: Declaration, ruling: Ruling, partners: Sequence[Declaration]
) -> Acted:
    """N-029, N-030: one roll each (the lead's `<id>`, each partner's
    `<id>+<partner>`), successes summed; a simple lead succeeds with one
    (N-006), any other reads the sum's level (N-009; a botch only when no
    one succeeded and someone botched)."""
    base = base_terms(ruling)
    if base is None:
        return refused(lead, ruling, NO_DIFFICULTY)
    found, warnings = members(ctx, lead, partners)
    singles: list[Single] = []
    for character, declaration in found:
        label = lead.id if declaration is lead else f"{lead.id}+{character.id}"
        pool = (declaration.pools or lead.pools)[0]
        singles.append(roll_one(ctx, character, declaration, ruling, label, pool, base))
    rolls = tuple(s.rolled for s in singles)
    total = sum(r.successes for r in rolls)
    level = level_of(total, botch=total == 0 and any(is_botch(r) for r in rolls))
    if lead.kind is ActionKind.SIMPLE:
        words = (
            T_("{count} in all: success (N-030)", count=count_words(total))
            if total
            else T_("{count} in all: failure (N-030)", count=count_words(total))
        )
    else:
        words = T_(
            "in all {outcome} (N-030)", outcome=outcome_sentence(total, level, ruling.levels)
        )
    every = warnings + tuple(w for s in singles for w in s.warnings)
    changes = gathered_changes(*(s.gathered for s in singles))
    return finished(lead, ruling, rolls, words, level, every, changes, net=total)


def cooperate(
    ctx: ActionContext, lead: Declaration, ruling: Ruling, partners: Sequence[Declaration]
) -> Acted:
    """N-030, N-031, NAMB-05: extended when the lead's action is, or a
    need is given; else one summed roll."""
    if lead.kind is ActionKind.EXTENDED or lead.need is not None or ruling.need is not None:
        return start_extended(ctx, lead, ruling, partners)
    return cooperative_roll(ctx, lead, ruling, partners)
