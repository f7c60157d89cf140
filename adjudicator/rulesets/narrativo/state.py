"""The state of a narrativo game between two exchanges of mail: the
characters' sheets, the scene clock, the effects still running, extended
actions under way, the choices the players still owe and the declarations
waiting for the Narrator's ruling (rulebook 001; the plain-data codec is
`codec`).

The clock counts turns of about five seconds (N-043), twelve to a minute
(N-048); a duration is kept as the turn it ends, so every effect, interval
and rest is measured on one scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.core.phase import Calendar, Phase
from adjudicator.rulesets.narrativo.sheet import Character, SheetBook
from orders.narrativo.model import ChoiceKind, Declaration, Pool

EXCHANGE = "turno"
CALENDAR = Calendar(seasons=(), kinds=(EXCHANGE,))
"""One phase a mail exchange: `3-turno` (the scene clock is `Clock`)."""
TURNS_PER_MINUTE = 12
"""N-048: one minute of game is twelve turns."""


@dataclass(frozen=True)
class Clock:
    """The game's time: `turn` turns since the game began, the scene's number
    and title and the turn it began (N-043 .. N-049)."""

    turn: int = 0
    scene: int = 1
    scene_title: str = ""
    scene_began: int = 0

    @property
    def minute(self) -> int:
        return self.turn // TURNS_PER_MINUTE

    def label(self) -> str:
        """`12 min 5 t` style: minutes and turns since the game began."""
        minutes, turns = divmod(self.turn, TURNS_PER_MINUTE)
        hours, minutes = divmod(minutes, 60)
        head = f"{hours} h " if hours else ""
        return f"{head}{minutes} min {turns} t"


@dataclass(frozen=True)
class Effect:
    """A lasting effect on a character from turn `first` to turn `until`
    (inclusive): `dice` added to (or taken from) every roll it covers, and
    `state` its words (panic, rage, pain hidden, exaltation, coordinated by
    Ward...); `source` what made it (a check's or action's label), `kind` a
    short key (`voluntad`, `coordina`, `dolor`, `bonus`, `cancelado`,
    `fatiga_ignorada`, `descanso_forzoso`) for the rules that look for it;
    `next_action` an effect spent on the character's next action (N-081:
    +2 dice once)."""

    character: str
    kind: str
    dice: int
    first: int
    until: int
    source: str
    state: str = ""
    next_action: bool = False

    def active(self, turn: int) -> bool:
        return self.first <= turn <= self.until


@dataclass(frozen=True)
class ExtendedAction:
    """An extended action under way (N-017 .. N-021, NAMB-04, NAMB-05):
    its declaration's id, the characters rolling (cooperative: in order),
    the successes `need`ed, the `limit` of rolls (None: no limit), the rolls
    made and the successes accumulated; `failed` for good after a botch with
    nothing accumulated, `done` once the total reached the need."""

    id: str
    characters: tuple[str, ...]
    need: int
    limit: int | None
    pools: Mapping[str, Pool] = field(default_factory=lambda: MappingProxyType({}))
    """Each character's pool (a cooperative action's partners too)."""
    difficulty: int = 6
    rolls_made: int = 0
    total: int = 0
    failed: bool = False
    done: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "pools", MappingProxyType(dict(self.pools)))

    def __hash__(self) -> int:
        return hash((self.id, self.characters, self.rolls_made, self.total))

    @property
    def open(self) -> bool:
        return not (self.failed or self.done or self.out_of_time)

    @property
    def out_of_time(self) -> bool:
        return self.limit is not None and self.rolls_made >= self.limit and not self.done


@dataclass(frozen=True)
class PendingChoice:
    """A choice the rules leave to a player (NAMB-11, N-081, N-181), owed
    since `since` (the exchange): its id, the options, and what it is about
    (`about`: the Trauma's words, the gain...)."""

    id: str
    character: str
    options: tuple[ChoiceKind, ...]
    about: str
    since: int


@dataclass(frozen=True)
class NarrativoState:
    """Everything that carries from one exchange to the next."""

    phase: Phase
    book: SheetBook
    characters: tuple[Character, ...]
    clock: Clock = Clock()
    effects: tuple[Effect, ...] = ()
    extended: tuple[ExtendedAction, ...] = ()
    choices: tuple[PendingChoice, ...] = ()
    waiting: tuple[Declaration, ...] = ()
    revealed: frozenset[str] = frozenset()
    hidden_rolls: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Hidden rolls not yet revealed: label -> the exchange it was rolled in."""
    hidden_lines: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Hidden rolls not yet revealed: label -> the roll in words, shown when
    the Narrator reveals it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hidden_rolls", MappingProxyType(dict(self.hidden_rolls)))
        object.__setattr__(self, "hidden_lines", MappingProxyType(dict(self.hidden_lines)))
        object.__setattr__(self, "revealed", frozenset(self.revealed))

    def powers(self) -> tuple[str, ...]:
        """The players, in the order their characters come."""
        return tuple(dict.fromkeys(c.player for c in self.characters if c.player is not None))

    def find(self, character: str) -> Character | None:
        return next((c for c in self.characters if c.id == character), None)

    def character(self, character: str) -> Character:
        return next(c for c in self.characters if c.id == character)

    def of_player(self, player: str) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.player == player)
