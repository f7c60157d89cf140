"""What narrativo's mail says, as records: the players' declarations
(`Dreyer: Destreza + Atletismo`) and the Narrator's rulings, checks, rests
and sheet changes (`narrador.yaml`). Names are canonical here: character
ids, attribute and skill names as the game's sheet file spells them, and
the situation keys below (rulebook 001; checklist `N-...`, `NAMB-...`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from orders.issues import Source


class ActionKind(StrEnum):
    """The types of action (001 "Tipos de acciones")."""

    SIMPLE = "simple"  # N-006: one success is enough
    COMPLEX = "compleja"  # N-009: levels by successes
    EXTENDED = "extendida"  # N-017: successes accumulated over rolls
    OPPOSED_ACTIVE = "opuesta"  # N-023: both roll
    OPPOSED_PASSIVE = "pasiva"  # N-025: difficulty = the passive one's attribute + 3
    COOPERATIVE = "coopera"  # N-030: successes summed with partners
    COORDINATED = "coordina"  # N-034: Liderazgo at 6, +1 die per success to the led
    MULTIPLE = "multiple"  # N-038: several pools in one turn


TRAITS = ("Voluntad", "Liderazgo", "Resistencia", "Aplomo")
"""Sheet values that can be a pool or a pool's part besides attributes and
skills (Liderazgo for coordination N-034, Voluntad for self-control N-093)."""


@dataclass(frozen=True)
class Pool:
    """What a pool adds up: canonical names of attributes, skills or
    `TRAITS`, in the order written (`("Destreza", "Atletismo")`)."""

    parts: tuple[str, ...]

    def __str__(self) -> str:
        return " + ".join(self.parts)


@dataclass(frozen=True)
class Declaration:
    """One action a character attempts this exchange.

    `pools` has one pool, or several for a multiple action in the order the
    player states (N-039); `opponent` the other character of an opposed
    action (its `opponent_pool`: the active rival's pool, N-023, or the
    passive one's attribute, N-025); `partners` those cooperating (N-030);
    `need` and `limit` an extended action's successes and rolls when the
    player states them (N-017, N-018); `desperate` asks for the desperate
    roll should the pool fall to 0 (NAMB-25); `spend_willpower` spends a
    point for +2 dice (N-092). `number` is the declaration's ordinal among
    its character's lines this exchange: its id is `<character>-<number>`.
    """

    character: str
    kind: ActionKind
    pools: tuple[Pool, ...]
    number: int = 1
    opponent: str | None = None
    opponent_pool: Pool | None = None
    partners: tuple[str, ...] = ()
    need: int | None = None
    limit: int | None = None
    desperate: bool = False
    spend_willpower: bool = False
    intent: str = ""
    source: Source | None = None
    player: str | None = None

    @property
    def id(self) -> str:
        return f"{self.character}-{self.number}"

    @property
    def power(self) -> str:
        """Who gave it: the player whose file it came from (set by the
        plugin), else the character."""
        return self.player or self.character


class ChoiceKind(StrEnum):
    """The choices the rules leave to the player."""

    TRAUMA = "trauma"  # NAMB-11: take the Trauma of the Moral band ...
    LOSE_WILLPOWER = "voluntad"  # ... or lose 1 permanent Voluntad
    RECOVER_WILLPOWER = "recupera"  # N-081: a moralising gain >= 5: a spent point back ...
    BONUS_DICE = "dados"  # ... or +2 dice to one of the next actions
    DESPERATE = "desesperada"  # N-181: make the desperate roll at pool 0 ...
    ACCEPT_FAILURE = "acepta"  # ... or accept the failure


@dataclass(frozen=True)
class Choice:
    """`Dreyer: elige voluntad`: a player's answer to a choice the rules
    leave to him, for his character's pending choice (by its id, or the
    oldest of its kind when `ref` is None)."""

    character: str
    choice: ChoiceKind
    ref: str | None = None
    source: Source | None = None
    player: str | None = None

    @property
    def power(self) -> str:
        return self.player or self.character


class WillpowerUse(StrEnum):
    """What a Willpower point is spent on (NAMB-28: separate uses)."""

    DICE = "dados"  # N-092: +2 dice to one action this turn
    CANCEL_EFFECT = "cancela"  # N-125: a check's negative effect off for two turns
    IGNORE_FATIGUE = "fatiga"  # N-140: the tiredness penalty off for two turns


@dataclass(frozen=True)
class WillpowerSpend:
    """`Dreyer: gasta Voluntad [en fatiga]`: a point spent on `use`, for the
    action numbered `action` when it is dice (else the character's first)."""

    character: str
    use: WillpowerUse = WillpowerUse.DICE
    action: int | None = None
    source: Source | None = None
    player: str | None = None

    @property
    def power(self) -> str:
        return self.player or self.character


# --- the Narrator's file --------------------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """The Narrator's ruling on one declaration (`ref`: its id, or the
    character when it has one declaration waiting): the base `difficulty`
    (2..10; a passive opposed action's comes from the passive attribute + 3,
    NAMB-06), the direct modifier in `dice` and the indirect one in
    `difficulty_mod` (N-168, N-169), whether an automatic success is allowed
    (NAMB-02; None: the game's option), `combat` (modifiers beyond ±5,
    N-183), `hidden` (the roll only in the Narrator's report), an extended
    action's `need`, `limit` and the `rolls` made this exchange (N-017,
    N-018), the active opponent's `opponent_difficulty` and `opponent_dice`
    (N-023), `feat` and `decisive` (their failure demoralises, N-072,
    N-073), the words of each level by successes (`levels`: the examples'
    outcomes, NAMB-03) and `refused` with the Narrator's reason."""

    ref: str
    difficulty: int | None = None
    difficulties: tuple[int, ...] = ()  # a multiple action's, one per pool in order (N-042)
    dice: int = 0
    difficulty_mod: int = 0
    automatic: bool | None = None
    combat: bool = False
    hidden: bool = False
    need: int | None = None
    limit: int | None = None
    rolls: int = 1
    opponent_difficulty: int | None = None
    opponent_dice: int = 0
    feat: bool = False
    decisive: bool = False
    levels: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    refused: str | None = None
    source: Source | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", MappingProxyType(dict(self.levels)))


class CheckKind(StrEnum):
    """The checks the Narrator calls."""

    MORAL = "moral"  # N-052: Liderazgo at 6
    WILLPOWER = "voluntad"  # N-120: Voluntad at 6 (fear, fury, other)
    PAIN = "dolor"  # N-126: Voluntad at 9 - Aplomo
    FATIGUE = "fatiga"  # N-129 .. N-131: Resistencia + Atletismo at 2 + weight
    MENTAL_FATIGUE = "fatiga_mental"  # N-136, N-137: Voluntad at 9 - Resistencia
    MOVEMENT = "movimiento"  # N-151, NAMB-23: Destreza + Atletismo beyond walking
    FOOTING = "equilibrio"  # N-163: a dangerous surface, Destreza + Atletismo or fall


class Emotion(StrEnum):
    """What a Willpower check holds back (N-120)."""

    FEAR = "miedo"
    FURY = "furia"
    OTHER = "otra"


class Situation(StrEnum):
    """Circumstances that move a check's difficulty, by key (values in
    `adjudicator.rulesets.narrativo.situations`)."""

    # Moral, N-053 .. N-058
    CORNERED = "acorralado"  # cornered, lost, abandoned, prisoner or alone: +1
    HUNGRY = "hambriento"  # +1 per concept (N-054)
    THIRSTY = "sediento"
    DROWSY = "somnoliento"
    DAZED = "aturdido"
    EXHAUSTED = "exhausto"
    UNDER_FIRE = "bajo_fuego"  # +1
    UNSEEN_FIRE = "fuego_invisible"  # +2: the enemy cannot be located
    SAFE = "posicion_segura"  # -1
    RESTED = "descansado"  # -1 (Fatiga 0)
    HEARTENED = "animado"  # -1: a mission objective just fulfilled
    # fear, N-096 .. N-109 (NAMB-14)
    SUPERIOR_ENEMY = "enemigo_superior"
    ENEMY_FLAMETHROWERS = "lanzallamas_enemigo"
    ATTACKING_FORTIFIED = "ataca_fortificada"
    WIRE_OR_MINES = "alambradas_minas"
    COVERING_FIRE_AGAINST = "fuego_cobertura_enemigo"
    ARMOUR_AGAINST = "blindados_enemigos"
    BOMBARDED_ZONE = "zona_bombardeada"
    BURNING_ZONE = "zona_en_llamas"
    INFERIOR_ENEMY = "enemigo_inferior"
    OWN_FLAMETHROWERS = "lanzallamas_propio"
    DEFENDING_FORTIFIED = "defiende_fortificada"
    AFTER_BOMBARDMENT = "tras_bombardeo"
    COVERING_FIRE_FOR = "fuego_cobertura_propio"
    ARMOUR_FOR = "blindados_propios"
    # fury, N-110 .. N-119
    HUMILIATED = "humillado"
    FRUSTRATED = "frustrado"
    UNJUST_REPRIMAND = "reprimenda_injusta"
    BETRAYED = "traicionado"
    COMRADE_IN_DANGER = "companero_en_peligro"
    ANGRY_WITH_SUPERIOR = "enfadado_con_superior"
    APOLOGISED = "disculpas"
    JUST_REPRIMAND = "reprimenda_justa"
    EXPECTED_DISAPPOINTMENT = "espera_decepcion"
    VERY_TIRED = "muy_cansado"  # Fatiga > Resistencia


class MoralTrigger(StrEnum):
    """Why Moral is checked (N-065 .. N-080): moralising or demoralising."""

    SOLUTION = "solucion"  # N-065 +
    FEAT = "hazana"  # N-066 +
    BEARINGS = "orientacion"  # N-067 +
    CRITICAL = "critico"  # N-068 +: a roll with 3+ 10s
    OBJECTIVE = "objetivo"  # N-069 +
    REINFORCEMENTS = "refuerzos"  # N-070 +
    WOUNDED = "herido"  # N-071 -
    FEAT_FAILED = "hazana_fallida"  # N-072 -
    DECISIVE_FAILED = "decisiva_fallida"  # N-073 -
    LOST = "perdido"  # N-074 -
    DISASTROUS_BOTCH = "pifia_desastrosa"  # N-075 -: a botch with 3+ 1s
    COLD_OR_HEAT = "frio_calor"  # N-076 -: an hour in extreme cold or heat
    BOMBARDMENT = "bombardeo"  # N-077 -
    ARMOUR_NO_AT = "blindados_sin_antitanque"  # N-078 -
    COMRADE_DIES = "baja_companero"  # N-079 -
    KEY_ELEMENT_LOST = "elemento_perdido"  # N-080 -

    @property
    def moralising(self) -> bool:
        return self in _MORALISING


_MORALISING = frozenset(
    {
        MoralTrigger.SOLUTION,
        MoralTrigger.FEAT,
        MoralTrigger.BEARINGS,
        MoralTrigger.CRITICAL,
        MoralTrigger.OBJECTIVE,
        MoralTrigger.REINFORCEMENTS,
    }
)


class Effort(StrEnum):
    """What a Fatigue check is for (N-129, N-130) or how one moves (N-155)."""

    RUN = "correr"  # every 2 minutes or fraction; x4
    DIVE = "bucear"  # every 2 minutes; x1/2
    CLIMB = "trepar"  # every 2 minutes (climbing up); x1/2
    TROT = "trotar"  # every 10 minutes; x2
    SWIM = "nadar"  # every 10 minutes; x1
    DESCEND = "descender"  # every 10 minutes; x1/2
    WALK = "caminar"  # every 30 minutes; x1
    CRAWL = "gatear"  # every 30 minutes; x1/2
    CREEP = "reptar"  # every 30 minutes; x1/2
    HEAVY_LOAD = "carga"  # N-130, NAMB-22: lifting, pushing or carrying Fuerza x 10 kg


@dataclass(frozen=True)
class CheckCall:
    """A check the Narrator calls for `character`: its `kind`; a Moral
    check's `trigger` (its direction, N-061); a Willpower check's `emotion`;
    the `situations` that move the difficulty; a Fatigue or movement check's
    `effort` and `minutes` spent at it (N-129); the Narrator's own
    `difficulty` (movement, footing) and extra modifiers; `hidden`."""

    character: str
    kind: CheckKind
    trigger: MoralTrigger | None = None
    emotion: Emotion | None = None
    situations: tuple[Situation, ...] = ()
    effort: Effort | None = None
    minutes: int = 0
    difficulty: int | None = None
    dice: int = 0
    difficulty_mod: int = 0
    hidden: bool = False
    reason: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class RestCall:
    """`character` rests `minutes`, asleep or awake (N-143 .. N-148)."""

    character: str
    minutes: int
    asleep: bool = False
    source: Source | None = None


@dataclass(frozen=True)
class SheetChange:
    """The Narrator sets a sheet value between scenes or now: the health
    penalty (NAMB-32), the load (N-135), Moral (NAMB-12), the historical
    modifier (N-089), the condition; None leaves a value as it is."""

    character: str
    health_penalty: int | None = None
    load_kg: int | None = None
    moral: int | None = None
    historical: tuple[int, str] | None = None
    condition: str | None = None
    source: Source | None = None


@dataclass(frozen=True)
class NarratorFile:
    """The Narrator's file of one exchange (`narrador.yaml`).

    `advance_turns` the scene clock's advance (turns; a minute is 12 turns,
    N-048); `scene` a new scene's title; `initiative` the characters in the
    order they act (NAMB-31; the others after them, by declaration order);
    `rulings`, `npc` (the Narrator's own characters' declarations, in the
    same language), `checks`, `rests`, `changes`, `reveal` (hidden rolls to
    show now, by declaration id or check label)."""

    advance_turns: int = 1
    scene: str | None = None
    initiative: tuple[str, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    npc: tuple[Declaration, ...] = ()
    checks: tuple[CheckCall, ...] = ()
    rests: tuple[RestCall, ...] = ()
    changes: tuple[SheetChange, ...] = ()
    reveal: tuple[str, ...] = ()
    source: Source | None = None
