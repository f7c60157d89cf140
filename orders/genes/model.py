"""Genes Mactantes declarations (002 §5.4.2): what a player writes for a turn.

A declaration file holds one action per line, in the order the player wants
them resolved (002 §5.4.5: each player chooses the order of its own
actions), plus free lines that cost no action (an alliance in a battle, a
watch for travelling characters, releasing a captive, the choices of a
natural disaster). Players write in Catalan; Spanish and English keywords
are read too (`grammar/genes.lark`).

One `Declaration` dataclass serves every action: `kind` says which, and the
fields an action does not use stay empty. Names are already resolved to ids
(countries, cities, characters) by the parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from orders.issues import Source


class Scope(Enum):
    INTERNAL = "internal"  # 002 §5.4.3
    EXTERNAL = "external"  # 002 §5.4.4
    FREE = "free"  # costs no action


class Method(Enum):
    AUTOMATIC = "automatic"  # Automàtica
    TEST = "test"  # Prova: characteristic + 1d10 > difficulty
    CONTEST = "contest"  # Contesa: the higher total wins, a tie has no effect
    BATTLE = "battle"  # a contest of Exèrcit, the loser loses the difference


class ActionKind(Enum):
    """Every action of the *Llistat d'accions* (002), with its scope, method,
    characteristic and difficulty (None where it depends on the target)."""

    # (value, scope, method, trait, difficulty, section)
    FORTIFY = ("fortify", Scope.INTERNAL, Method.AUTOMATIC, None, None, "5.4.3 Ciutat")
    FOUND = ("found", Scope.INTERNAL, Method.AUTOMATIC, None, None, "5.4.3 Ciutat")
    REPRESS = ("repress", Scope.INTERNAL, Method.TEST, "authority", 11, "5.4.3 Control social")
    RESTORE_ORDER = (
        "restore_order",
        Scope.INTERNAL,
        Method.TEST,
        "authority",
        10,
        "5.4.3 Control social",
    )
    TAXES = ("taxes", Scope.INTERNAL, Method.AUTOMATIC, "authority", 10, "5.4.3 Control social")
    DEVELOPMENT = (
        "development",
        Scope.INTERNAL,
        Method.AUTOMATIC,
        None,
        None,
        "5.4.3 Desenvolupament",
    )
    OBSERVATION = ("observation", Scope.INTERNAL, Method.TEST, "diplomacy", 12, "5.4.3 Espionatge")
    BATTLE = ("battle", Scope.INTERNAL, Method.BATTLE, "militarism", None, "5.4.3 Exèrcit")
    CIVIL_WAR = ("civil_war", Scope.INTERNAL, Method.BATTLE, "militarism", None, "5.4.3 Exèrcit")
    RECRUIT = ("recruit", Scope.INTERNAL, Method.TEST, "militarism", 10, "5.4.3 Exèrcit")
    SOLDIERS_HOME = ("soldiers_home", Scope.INTERNAL, Method.AUTOMATIC, None, None, "5.4.3 Exèrcit")
    MOVE_TROOPS = ("move_troops", Scope.INTERNAL, Method.AUTOMATIC, None, None, "5.4.3 Exèrcit")
    PROMOTE = ("promote", Scope.INTERNAL, Method.AUTOMATIC, None, None, "5.4.3 Personatge")
    ASSASSINATE = (
        "assassinate",
        Scope.INTERNAL,
        Method.CONTEST,
        "diplomacy",
        None,
        "5.4.3 Personatge",
    )
    CAPTURE = ("capture", Scope.INTERNAL, Method.CONTEST, "diplomacy", None, "5.4.3 Personatge")
    CONVINCE = ("convince", Scope.INTERNAL, Method.TEST, "authority", 18, "5.4.3 Personatge")
    COPY_TECHNOLOGY = (
        "copy_technology",
        Scope.EXTERNAL,
        Method.TEST,
        "diplomacy",
        12,
        "5.4.4 Espionatge",
    )
    CREATE_COUNTERPOWER = (
        "create_counterpower",
        Scope.EXTERNAL,
        Method.TEST,
        "diplomacy",
        14,
        "5.4.4 Espionatge",
    )
    STRENGTHEN_COUNTERPOWER = (
        "strengthen_counterpower",
        Scope.EXTERNAL,
        Method.AUTOMATIC,
        None,
        None,
        "5.4.4 Espionatge",
    )
    INVESTIGATION = (
        "investigation",
        Scope.EXTERNAL,
        Method.TEST,
        "diplomacy",
        13,
        "5.4.4 Espionatge",
    )
    DISAFFECTION = (
        "disaffection",
        Scope.EXTERNAL,
        Method.TEST,
        "diplomacy",
        10,
        "5.4.4 Espionatge",
    )
    SABOTAGE = ("sabotage", Scope.EXTERNAL, Method.TEST, "diplomacy", 12, "5.4.4 Espionatge")
    EXTERNAL_BATTLE = (
        "external_battle",
        Scope.EXTERNAL,
        Method.BATTLE,
        "militarism",
        None,
        "5.4.4 Exèrcit",
    )
    RAID = ("raid", Scope.EXTERNAL, Method.TEST, "militarism", 12, "5.4.4 Exèrcit")
    SIEGE = ("siege", Scope.EXTERNAL, Method.TEST, "militarism", 10, "5.4.4 Exèrcit")
    EXTERNAL_ASSASSINATE = (
        "external_assassinate",
        Scope.EXTERNAL,
        Method.CONTEST,
        "diplomacy",
        None,
        "5.4.4 Personatge",
    )
    EXTERNAL_CAPTURE = (
        "external_capture",
        Scope.EXTERNAL,
        Method.CONTEST,
        "diplomacy",
        None,
        "5.4.4 Personatge",
    )
    EXTERNAL_CONVINCE = (
        "external_convince",
        Scope.EXTERNAL,
        Method.TEST,
        "authority",
        18,
        "5.4.4 Personatge",
    )
    # free lines (no action spent)
    ALLY = ("ally", Scope.FREE, Method.AUTOMATIC, None, None, "5.4.3 Exèrcit, Batalla")
    WATCH = ("watch", Scope.FREE, Method.CONTEST, "diplomacy", None, "5.4.1")
    RELEASE = ("release", Scope.FREE, Method.AUTOMATIC, None, None, "5.4 (negotiation)")
    DISASTER_KIND = ("disaster_kind", Scope.FREE, Method.AUTOMATIC, None, None, "5.3")
    DISASTER_CITY = ("disaster_city", Scope.FREE, Method.AUTOMATIC, None, None, "5.3")
    EXCHANGE = ("exchange", Scope.FREE, Method.AUTOMATIC, None, None, "5.4 (bescanvi)")
    # issue 18 #8: the characters that back the crisis tests rolled at the end of the turn
    CRISIS_HELPER = ("crisis_helper", Scope.FREE, Method.AUTOMATIC, None, None, "5.4.3.1")
    # issue 18 #11: a character that survived an assassination goes home
    REPATRIATE = ("repatriate", Scope.FREE, Method.AUTOMATIC, None, None, "5.4.3 Assassinar")

    def __init__(
        self,
        value: str,
        scope: Scope,
        method: Method,
        trait: str | None,
        difficulty: int | None,
        section: str,
    ) -> None:
        self.id = value
        self.scope = scope
        self.method = method
        self.trait = trait
        self.difficulty = difficulty
        self.section = section

    @property
    def costs_action(self) -> bool:
        return self.scope is not Scope.FREE

    @classmethod
    def by_id(cls, value: str) -> ActionKind:
        for kind in cls:
            if kind.id == value:
                return kind
        raise ValueError(f"unknown action kind {value!r}")


class Side(Enum):
    """Which way a good of a `bescanvi` goes, seen from the declaring country."""

    GIVE = "give"  # dono
    GET = "get"  # rebo


class GoodKind(Enum):
    """What a `bescanvi` may hand over (002 §5.4: "personatges, tropes, ciutats
    o terrenys del mapa"; issue 18 #5). A captive is a CHARACTER the giver
    holds: the engine tells them apart by the character's state."""

    CITY = "city"  # subject: city id
    TROOPS = "troops"  # subject: place (city id or `field:<country>`), amount: points
    CHARACTER = "character"  # subject: character id (own and free, or held captive)
    TERRAIN = "terrain"  # subject: country id: every city the giver holds in that country


@dataclass(frozen=True, slots=True)
class Good:
    """One good of a `bescanvi` line: given or received, what, and how many
    (troops only)."""

    side: Side
    kind: GoodKind
    subject: str
    amount: int | None = None

    def mirrored(self) -> Good:
        """The same good as the other country writes it (given <-> received)."""
        side = Side.GET if self.side is Side.GIVE else Side.GIVE
        return Good(side, self.kind, self.subject, self.amount)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declared line of a country's turn (002 §5.4.2).

    Fields by action (unused ones stay empty):
    - `city`: fortify, siege, battle at a city, the disaster's city, where
      recruits gather; `name`: the new city (found) or new character (promote).
    - `target`: the other country of an external action, battle, alliance,
      watch; `character`: the character acted on (promote, assassinate,
      capture, convince, release).
    - `trait`: development, promote, capture's characteristic (diplomacy or
      militarism), a watch's way (capture or assassinate is `mode`).
    - `amount`: recruit, soldiers home, move troops; `origin` / `place`: where
      troops move from and to, or where a battle is fought (a city id or
      `field:<country>`); `principal`: promote makes the character principal.
    - `helpers`: the characters made active (002 §5.4.6); for a crisis line
      (`crisi [<trait>] amb <characters>`), those that back the crisis tests
      (002 §5.4.3.1), `trait` naming the test or None for any.
    - `character` of a repatriation (`repatriar <character>`): a survivor of
      an assassination its owner sends home (002 §5.4.3 Assassinar).
    - `mode`: a free line's detail (watch: `capture`/`assassinate`; disaster
      kind: its words).
    - `goods`: a `bescanvi`'s goods, given and received (`target` is the other
      country); an `aliança rebels` line's `character` is the rebels'
      principal it names (002 §5.4.3 Guerra civil).
    """

    power: str
    kind: ActionKind
    city: str | None = None
    name: str | None = None
    target: str | None = None
    character: str | None = None
    trait: str | None = None
    amount: int | None = None
    origin: str | None = None
    place: str | None = None
    principal: bool = False
    helpers: tuple[str, ...] = ()
    mode: str | None = None
    goods: tuple[Good, ...] = ()
    source: Source | None = field(default=None, compare=False, kw_only=True)
