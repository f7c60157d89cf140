"""What an exchange's resolution says: each action with its rolls, each
check with its effect, each rest, and the words for the players (rulebook
001). The reports (`renderers.narrativo`) are made from these records only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Roll
from adjudicator.rulesets.narrativo.pools import DesperateRoll, PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import (
    Effect,
    ExtendedAction,
    NarrativoState,
    PendingChoice,
)
from orders.narrativo.model import CheckCall, Declaration, RestCall, Ruling

Term = tuple[str, int]
"""One part of a pool or a difficulty and its value (`("Destreza", 3)`,
`("múltiple", -1)`, `("Narrador", +1)`)."""


class Level(StrEnum):
    """The level of a roll by its successes (N-010 .. N-014)."""

    BOTCH = "pifia"
    FAILURE = "fracaso"  # no success
    SCANT = "escaso"  # 1: a grave penalty if accepted
    MODERATE = "moderado"  # 2: a slight penalty
    COMPLETE = "completo"  # 3: satisfactory
    NOTABLE = "notable"  # 4: a slight bonus
    EXCELLENT = "excelente"  # 5+: a strong bonus


@dataclass(frozen=True)
class Rolled:
    """One roll of an action or check: its label (`Dreyer-1`, `Dreyer-1/2`
    for a multiple action's second pool, `Dreyer-1@3` for an extended
    action's third interval), the pool's terms and size, the difficulty's
    terms and value, and the dice (a pool, a desperate roll, or None for an
    automatic success: nothing rolled, NAMB-02)."""

    label: str
    character: str
    pool_terms: tuple[Term, ...]
    pool: int
    difficulty_terms: tuple[Term, ...]
    difficulty: int
    dice: PoolRoll | DesperateRoll | None
    successes: int
    level: Level
    automatic: bool = False


LABEL_MARKS = "/@:+#"
"""What joins a roll's label to the label it was made under: a multiple
action's pool `/`, an extended interval `@`, a rival or a triggered check
`:`, a partner `+`, a Fatigue effort's check `#` (see `Rolled`)."""


def made_under(label: str, under: str) -> bool:
    """Whether a roll's label (or a die's purpose) is `under` or a roll made
    under it (`ward-1/2`, `dreyer-1@3:moral:1` under `dreyer-1`)."""
    return label == under or any(label.startswith(under + mark) for mark in LABEL_MARKS)


def declaration_label(label: str) -> str:
    """The label a roll was first made under (`ward-1/2` → `ward-1`)."""
    for mark in LABEL_MARKS:
        label = label.split(mark, 1)[0]
    return label


def summary(rolled: Rolled) -> str:
    """One roll in words for the record of a hidden roll (shown when the
    Narrator reveals it): pool, difficulty, dice (exploded after `|`),
    successes and level."""
    terms = " ".join(f"{name} {value:+d}" for name, value in rolled.pool_terms)
    if rolled.automatic or rolled.dice is None:
        faces = "automatic success, nothing rolled"
    elif isinstance(rolled.dice, PoolRoll):
        exploded = " | " + " ".join(map(str, rolled.dice.exploded)) if rolled.dice.exploded else ""
        faces = " ".join(map(str, rolled.dice.dice)) + exploded
    else:
        faces = "desperate: " + " ".join(map(str, rolled.dice.dice))
    return (
        f"{terms} = {rolled.pool} dice at {rolled.difficulty}: {faces}"
        f" → {rolled.successes} success{'' if rolled.successes == 1 else 'es'}:"
        f" {rolled.level.value}"
    )


@dataclass(frozen=True)
class ActionResult:
    """One declaration resolved: its rolls (an opposed action's rival roll in
    `opposing`), the net successes (opposed: active minus opposing,
    NAMB-07), the level, the outcome in words, the choices left to the
    player, warnings (a modifier held at ±5, NAMB-26; an excess multiple
    action refused, NAMB-09), whether hidden, and `refused` with why when
    the action was not rolled."""

    declaration: Declaration
    ruling: Ruling | None
    rolls: tuple[Rolled, ...]
    opposing: tuple[Rolled, ...] = ()
    net: int = 0
    level: Level = Level.FAILURE
    words: str = ""
    warnings: tuple[str, ...] = ()
    hidden: bool = False
    refused: str | None = None


@dataclass(frozen=True)
class CheckResult:
    """One check resolved (Moral, Voluntad, pain, Fatiga, movement): the call
    (or the judge's own, after a critical or a disastrous botch, N-068,
    N-075), its roll, what changed in words, and any choice it leaves."""

    call: CheckCall
    roll: Rolled | None
    words: str
    hidden: bool = False


@dataclass(frozen=True)
class RestResult:
    """A rest (N-143 .. N-148): the Fatiga before and after, and the rolls
    of its fractions and full hours."""

    call: RestCall
    before: int
    after: int
    rolls: tuple[Rolled, ...]
    words: str


@dataclass(frozen=True)
class Changes:
    """What resolving one action, check or rest changes in the state: the
    characters as they are after it (Voluntad spent, Moral, Fatiga...),
    effects begun, effects used up (a next-action bonus, N-081), the
    extended action as it stands after it, choices now owed, and notes."""

    characters: tuple[Character, ...] = ()
    effects: tuple[Effect, ...] = ()
    spent: tuple[Effect, ...] = ()
    extended: ExtendedAction | None = None
    choices: tuple[PendingChoice, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Acted:
    """An action resolved and what it changes."""

    result: ActionResult
    changes: Changes = Changes()


@dataclass(frozen=True)
class Checked:
    """A check resolved and what it changes (a Moral check after a critical
    may itself leave a choice; a failed Willpower check begins an effect)."""

    result: CheckResult
    changes: Changes = Changes()


@dataclass(frozen=True)
class Rested:
    """A rest resolved and what it changes."""

    result: RestResult
    changes: Changes = Changes()


@dataclass(frozen=True)
class NarrativoResolution:
    """An exchange resolved: the state before and after, every action,
    check and rest in the order resolved, the declarations still waiting
    for a ruling, notes, and every die rolled (for `mapjudge verify`)."""

    previous: NarrativoState
    state: NarrativoState
    actions: tuple[ActionResult, ...]
    checks: tuple[CheckResult, ...]
    rests: tuple[RestResult, ...]
    waiting: tuple[Declaration, ...]
    notes: tuple[str, ...]
    dice_rolls: tuple[Roll, ...]
    narrator_notes: tuple[str, ...] = ()
    """Notes for the Narrator alone: rulings that name nothing or too much,
    and what hidden rolls changed."""
