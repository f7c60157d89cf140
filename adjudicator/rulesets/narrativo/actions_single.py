"""The actions of one roll (rulebook 001, "Tipos de acciones"): simple
(N-006 .. N-008, NAMB-02), complex (N-009 .. N-016, NAMB-03), opposed
passive (N-025, N-028, NAMB-06) and active (N-023, N-026, N-027, NAMB-07),
and multiple (N-038 .. N-042, NAMB-09)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rulesets.narrativo.actions_base import (
    ActionContext,
    Gathered,
    gather_difficulty,
    gather_pool,
    is_botch,
    part_terms,
    roll_gathered,
    zero_words,
)
from adjudicator.rulesets.narrativo.levels import (
    count_words,
    level_of,
    level_word,
    level_words,
    outcome_sentence,
    worst,
)
from adjudicator.rulesets.narrativo.outcome import (
    Acted,
    ActionResult,
    Changes,
    Level,
    Rolled,
    Term,
)
from adjudicator.rulesets.narrativo.sheet import Character
from orders.narrativo.lazy_words import cat
from orders.narrativo.model import Declaration, Pool, Ruling
from texts import T_, joined

PASSIVE_PLUS = 3
"""N-025: a passive opposed action's difficulty is the passive attribute + 3."""
NO_DIFFICULTY = T_("the ruling gives no difficulty")


@dataclass(frozen=True)
class Single:
    """One pool rolled for a declaration, with what gathering it found."""

    rolled: Rolled
    gathered: Gathered
    warnings: tuple[str, ...]


def refused(declaration: Declaration, ruling: Ruling | None, why: str) -> Acted:
    """A declaration not rolled, and why."""
    hidden = bool(ruling and ruling.hidden)
    return Acted(ActionResult(declaration, ruling, (), hidden=hidden, refused=why))


def finished(
    declaration: Declaration,
    ruling: Ruling,
    rolls: tuple[Rolled, ...],
    words: str,
    level: Level,
    warnings: tuple[str, ...],
    changes: Changes,
    *,
    net: int = 0,
    opposing: tuple[Rolled, ...] = (),
) -> Acted:
    """The result of a declaration rolled (`hidden` is the ruling's)."""
    result = ActionResult(
        declaration,
        ruling,
        rolls,
        opposing=opposing,
        net=net,
        level=level,
        words=words,
        warnings=warnings,
        hidden=ruling.hidden,
    )
    return Acted(result, changes)


def gathered_changes(*gathered: Gathered) -> Changes:
    """The characters whose Willpower point was spent (N-092) and the
    next-action bonuses used up (N-081)."""
    return Changes(
        characters=tuple(g.character for g in gathered if g.willpower),
        spent=tuple(e for g in gathered for e in g.spent),
    )


def base_terms(ruling: Ruling, difficulty: int | None = None) -> tuple[Term, ...] | None:
    """The ruling's base difficulty as a term (None: the ruling gives none)."""
    value = ruling.difficulty if difficulty is None else difficulty
    return None if value is None else (("dificultad", value),)


def roll_one(
    ctx: ActionContext,
    character: Character,
    declaration: Declaration,
    ruling: Ruling,
    label: str,
    pool: Pool,
    base: tuple[Term, ...],
    *,
    extra: tuple[Term, ...] = (),
    first: bool = True,
    automatic: bool = False,
) -> Single:
    """`pool` gathered (the Willpower spend and next-action bonus on the
    `first` roll only, N-092, N-081) and rolled at `base` + the Narrator's
    modifier."""
    gathered = gather_pool(
        ctx,
        character,
        pool,
        ruling.dice,
        combat=ruling.combat,
        extra=extra,
        spend_willpower=first and declaration.spend_willpower,
        use_bonus=first,
    )
    difficulty = gather_difficulty(ctx, base, ruling.difficulty_mod, combat=ruling.combat)
    rolled, warned = roll_gathered(
        ctx, label, gathered, difficulty, desperate=declaration.desperate, automatic=automatic
    )
    return Single(rolled, gathered, gathered.warnings + difficulty.warnings + warned)


def automatic_allowed(ctx: ActionContext, ruling: Ruling) -> bool:
    """NAMB-02: the ruling's word, else the game's option."""
    return ctx.options.automatic_success if ruling.automatic is None else ruling.automatic


def simple_words(rolled: Rolled) -> str:
    """A simple action's outcome: one success is enough (N-006)."""
    if rolled.automatic:
        return T_(
            "automatic success: pool {pool} ≥ difficulty {difficulty} (N-007, NAMB-02)",
            pool=rolled.pool,
            difficulty=rolled.difficulty,
        )
    if is_botch(rolled):
        head: str = T_("a botch (pifia): the action fails badly")
    elif rolled.successes:
        head = T_("{count}: success", count=count_words(rolled.successes))
    else:
        head = T_("no success: failure")
    return _with_zero(rolled, head)


def _with_zero(rolled: Rolled, words: str) -> str:
    """The words of a pool of 0 or a desperate roll in front (N-176 .. N-181)."""
    if rolled.pool == 0 and not rolled.automatic:
        return T_("{zero}; {words}", zero=zero_words(rolled), words=words)
    return words


def simple(
    ctx: ActionContext, character: Character, declaration: Declaration, ruling: Ruling
) -> Acted:
    """N-006, N-007, N-008, NAMB-02: one success is enough; an automatic
    success when allowed and the pool reaches the difficulty."""
    base = base_terms(ruling)
    if base is None:
        return refused(declaration, ruling, NO_DIFFICULTY)
    one = roll_one(
        ctx,
        character,
        declaration,
        ruling,
        declaration.id,
        declaration.pools[0],
        base,
        automatic=automatic_allowed(ctx, ruling),
    )
    rolled = one.rolled
    changes = gathered_changes(one.gathered)
    return finished(
        declaration, ruling, (rolled,), simple_words(rolled), rolled.level, one.warnings, changes
    )


def complex_action(
    ctx: ActionContext,
    character: Character,
    declaration: Declaration,
    ruling: Ruling,
    base: tuple[Term, ...] | None = None,
) -> Acted:
    """N-009 .. N-016, NAMB-03: the level by successes and its words (the
    ruling's, else the rule's); `base` a passive opposed difficulty."""
    base = base if base is not None else base_terms(ruling)
    if base is None:
        return refused(declaration, ruling, NO_DIFFICULTY)
    one = roll_one(ctx, character, declaration, ruling, declaration.id, declaration.pools[0], base)
    rolled = one.rolled
    words = _with_zero(rolled, outcome_sentence(rolled.successes, rolled.level, ruling.levels))
    changes = gathered_changes(one.gathered)
    return finished(
        declaration,
        ruling,
        (rolled,),
        words,
        rolled.level,
        one.warnings,
        changes,
        net=rolled.successes,
    )


def passive(
    ctx: ActionContext, character: Character, declaration: Declaration, ruling: Ruling
) -> Acted:
    """N-025, N-028, NAMB-06: the difficulty is the passive character's
    attribute + 3 (held at 10, N-174), then levels by successes."""
    other = ctx.state.find(declaration.opponent) if declaration.opponent else None
    if other is None or declaration.opponent_pool is None:
        if ruling.difficulty is None:
            return refused(
                declaration,
                ruling,
                T_(
                    "the passive character {who} or its attribute is unknown and {problem} (N-025)",
                    who=repr(declaration.opponent) if declaration.opponent else T_("'no one'"),
                    problem=NO_DIFFICULTY,
                ),
            )
        return complex_action(ctx, character, declaration, ruling)
    parts = part_terms(ctx.state, other, declaration.opponent_pool)
    base = tuple((f"{other.name} {name}", value) for name, value in parts) + (
        ("pasiva", PASSIVE_PLUS),
    )
    return complex_action(ctx, character, declaration, ruling, base)


def opposed(
    ctx: ActionContext, character: Character, declaration: Declaration, ruling: Ruling
) -> Acted:
    """N-023, N-026, N-027, NAMB-07: both roll, each at its own difficulty;
    net = active − opposing; only a net above 0 has effect (levels by net,
    never simple); a tie has no effect; either side may botch."""
    other = ctx.state.find(declaration.opponent) if declaration.opponent else None
    if other is None or declaration.opponent_pool is None:
        who = repr(declaration.opponent) if declaration.opponent else T_("'no one'")
        return refused(
            declaration, ruling, T_("the opponent {who} or its pool is unknown (N-023)", who=who)
        )
    base = base_terms(ruling)
    rival_base = base_terms(ruling, ruling.opponent_difficulty)
    if base is None or rival_base is None:
        return refused(declaration, ruling, NO_DIFFICULTY)
    one = roll_one(ctx, character, declaration, ruling, declaration.id, declaration.pools[0], base)
    rival_pool = gather_pool(
        ctx, other, declaration.opponent_pool, ruling.opponent_dice, combat=ruling.combat
    )
    rival_difficulty = gather_difficulty(ctx, rival_base, 0, combat=ruling.combat)
    rival, warned = roll_gathered(ctx, f"{declaration.id}:rival", rival_pool, rival_difficulty)
    net = one.rolled.successes - rival.successes
    level = Level.BOTCH if is_botch(one.rolled) else level_of(net)
    words = _opposed_words(one.rolled, rival, other, net, level, ruling)
    warnings = one.warnings + rival_pool.warnings + rival_difficulty.warnings + warned
    return finished(
        declaration,
        ruling,
        (one.rolled,),
        words,
        level,
        warnings,
        gathered_changes(one.gathered),
        net=net,
        opposing=(rival,),
    )


def _opposed_words(
    rolled: Rolled, rival: Rolled, other: Character, net: int, level: Level, ruling: Ruling
) -> str:
    """`net 2 (3 against 1): moderado — ...`; a tie or less: no effect."""
    score = T_("({mine} against {theirs})", mine=rolled.successes, theirs=rival.successes)
    if level is Level.BOTCH:
        head: str = T_("a botch (pifia) {score}: no effect", score=score)
    elif net <= 0:
        head = (
            T_("net {net} {score}: a tie, no effect (NAMB-07)", net=net, score=score)
            if net == 0
            else T_("net {net} {score}: no effect (NAMB-07)", net=net, score=score)
        )
    else:
        head = T_(
            "net {net} {score}: {level} — {words}",
            net=net,
            score=score,
            level=level_word(level),
            words=level_words(level, net, ruling.levels),
        )
        if ruling.combat:
            head = cat(
                head,
                T_(
                    "; {net} level(s) of damage before any resistance roll"
                    " (N-027; the Combat rules are missing)",
                    net=net,
                ),
            )
    if is_botch(rival):
        head = cat(head, T_("; {name} botches", name=other.name))
    return _with_zero(rolled, head)


def multiple(
    ctx: ActionContext, character: Character, declaration: Declaration, ruling: Ruling
) -> Acted:
    """N-038 .. N-042, NAMB-09: at most Destreza + 1 actions (the excess
    refused with a warning), each its own pool −1 die per action beyond the
    first (every pool, the first too), at its own difficulty
    (`ruling.difficulties`, else `ruling.difficulty`), in the player's
    order; the Willpower spend and a next-action bonus go to the first."""
    most = character.attribute("Destreza") + 1
    pools = declaration.pools[:most]
    warnings: list[str] = []
    if len(declaration.pools) > most:
        excess = ", ".join(str(p) for p in declaration.pools[most:])
        warnings.append(
            T_(
                "{name} may take at most Destreza + 1 = {most} actions a turn:"
                " refused {excess} (N-041, NAMB-09)",
                name=character.name,
                most=most,
                excess=excess,
            )
        )
    bases = [base_terms(ruling, _nth(ruling, k)) for k in range(len(pools))]
    if any(b is None for b in bases):
        return refused(declaration, ruling, NO_DIFFICULTY)
    penalty = (("múltiple", 1 - len(pools)),)
    singles: list[Single] = []
    for k, (pool, base) in enumerate(zip(pools, bases, strict=True), 1):
        assert base is not None
        one = roll_one(
            ctx,
            character,
            declaration,
            ruling,
            f"{declaration.id}/{k}",
            pool,
            base,
            extra=penalty,
            first=k == 1,
            automatic=automatic_allowed(ctx, ruling),
        )
        singles.append(one)
        warnings += one.warnings
    rolls = tuple(s.rolled for s in singles)
    words = joined(
        (
            T_("{pool}: {words}", pool=str(p), words=simple_words(s.rolled))
            for p, s in zip(pools, singles, strict=True)
        ),
        "; ",
    )
    changes = gathered_changes(*(s.gathered for s in singles))
    level = worst(tuple(r.level for r in rolls))
    return finished(declaration, ruling, rolls, words, level, tuple(warnings), changes)


def _nth(ruling: Ruling, k: int) -> int | None:
    """The difficulty of a multiple action's `k`-th pool (from 0): its own
    in `difficulties`, else the ruling's one difficulty (N-042)."""
    return ruling.difficulties[k] if k < len(ruling.difficulties) else ruling.difficulty
