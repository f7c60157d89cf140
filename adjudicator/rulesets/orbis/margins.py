"""The roll of a medida, its margin and its level (rulebook 000 "Medidas" and
"márgenes"; checklist O-012 .. O-019, O-027 .. O-035, O-045; AMB-01, AMB-36,
AMB-47).

A medida is one d100 (O-012) against a threshold u, the value of its
statistic (O-014). Modifiers add to the die (O-045: a bonus is negative and
lowers the roll, a penalty is positive and raises it), giving the total
r' = face + modifier, which may fall outside 1..100 (AMB-47). The total
succeeds below u and fails above it (O-015).

The rulebook's margin equations are lost (O-027); the project reads them as
(AMB-01, option `margin`, default "readme")::

    success (r' < u):  M = 100 * (u - r') / u
    failure (r' > u):  M = 100 * (r' - u) / (100 - u)
    r' = u:            M = 0

and, as the alternative "absolute", M = |u - r'|. Margins are exact
fractions. M < 33 is slight (LE / LF, O-030), 33 <= M <= 66 plain (E / F,
O-031), M > 66 very (ME / MF, O-032): M = 66 exactly is plain, 66.67 very,
32.9 slight. A margin past 100 (a total below 1 or above 100) is still
"very" (AMB-47).

Edges of the threshold (the checklist is silent; decided here): a threshold
of 0 or less leaves no room for success, one of 100 or more no room for
failure, and the equations would divide by zero. Each span (u for success,
100 - u for failure) is taken as at least 1, so a total that still lands on
the empty side (only possible through modifiers, AMB-47) gets a margin of at
least 100 per point, that is "very".

Criticals are read on the die face only (O-017, O-018, O-029, O-033,
AMB-47): a natural 1 is EC and a natural 100 is FC whatever the modifiers and
the threshold; they are decided before anything else, so a natural 1 that
equals the threshold is still EC. A total equal to the threshold is a slight
success for a domestic medida (O-019, O-034); for an exterior medida it is
decided by the counter-measure (O-019, AMB-36): `level_of` gives None and
`settle_tie` settles it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.rulesets.orbis.levels import Level, failure_of, success_of

MARGIN_RULES = ("readme", "absolute")
"""The readings of the lost margin equations (AMB-01); "readme" is the default."""

SLIGHT_BELOW = 33
"""M below this is slight (O-030)."""
PLAIN_UP_TO = 66
"""M up to this, inclusive, is plain; above it, very (O-031, O-032)."""


@dataclass(frozen=True)
class Roll:
    """One d100 roll of a medida: the natural `face` (1..100, O-012), the
    signed sum of its modifiers (`modifier`: a bonus is negative, O-045) and
    the `threshold` u, the statistic's value (O-014)."""

    face: int
    modifier: int
    threshold: int

    def __post_init__(self) -> None:
        if not 1 <= self.face <= 100:
            raise ValueError(f"a d100 face is 1..100, not {self.face} (O-012)")

    @property
    def total(self) -> int:
        """r' = face + modifier; may fall outside 1..100 (O-045, AMB-47)."""
        return self.face + self.modifier


def margin(threshold: int, total: int, *, margin: str = "readme") -> Fraction:
    """The margin M of a total r' against a threshold u, never negative
    (O-027, O-028, AMB-01).

    "readme" (default): 100·(u − r')/u on a success, 100·(r' − u)/(100 − u)
    on a failure, 0 when r' = u; each span is taken as at least 1 so that a
    threshold of 0 or 100 (or beyond) never divides by zero (see the module
    docstring). "absolute": |u − r'|.
    """
    if margin == "absolute":
        return Fraction(abs(threshold - total))
    if margin != "readme":
        raise ValueError(f"unknown margin rule {margin!r}; expected one of {MARGIN_RULES}")
    if total < threshold:
        return Fraction(100 * (threshold - total), max(threshold, 1))
    if total > threshold:
        return Fraction(100 * (total - threshold), max(100 - threshold, 1))
    return Fraction(0)


def grade(m: Fraction) -> int:
    """The ordinal of a margin: 1 slight (M < 33), 2 plain (33 <= M <= 66),
    3 very (M > 66) (O-030 .. O-032, AMB-01, AMB-47)."""
    if m < SLIGHT_BELOW:
        return 1
    if m <= PLAIN_UP_TO:
        return 2
    return 3


def level_of(roll: Roll, *, margin_rule: str = "readme", exterior: bool = False) -> Level | None:
    """The level of a roll (O-015, O-017 .. O-019, O-029 .. O-034, AMB-01,
    AMB-36, AMB-47).

    A natural 1 is EC and a natural 100 FC, on the face only; otherwise a
    total below the threshold is a success and above it a failure, graded by
    the margin. A total equal to the threshold is LE for a domestic medida;
    for an exterior one it is None, to be settled by the counter-measure
    with `settle_tie`.
    """
    if roll.face == 1:
        return Level.EC
    if roll.face == 100:
        return Level.FC
    total, threshold = roll.total, roll.threshold
    if total == threshold:
        return None if exterior else Level.LE
    ordinal = grade(margin(threshold, total, margin=margin_rule))
    return success_of(ordinal) if total < threshold else failure_of(ordinal)


def settle_tie(counter_level: Level | None) -> Level:
    """The level of an exterior medida whose total equals its threshold
    (O-019, O-034, AMB-36): LE when the counter-measure failed or there was
    none (the target did not defend, O-043), LF when it succeeded."""
    if counter_level is not None and counter_level.success:
        return Level.LF
    return Level.LE


def rank(level: Level) -> int:
    """The level's place on one line, worst to best: FC 1, MF 2, F 3, LF 4,
    LE 5, E 6, ME 7, EC 8 (O-035: any success beats any failure)."""
    return 4 + level.ordinal if level.success else 5 - level.ordinal
