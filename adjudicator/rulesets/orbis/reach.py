"""Reach, the Alcance or distance modifiers (rulebook 000 "Modificadores",
Alcance; checklist O-060 .. O-074, AMB-09).

Distance may be physical, a geographic obstacle, a linguistic, cultural,
religious or ideological gap (O-060): the judge cannot measure that, so a
level is GM data per pair of nations, optionally per attribute (O-061: two
nations far apart geographically may be close culturally). The scale runs
from Extremadamente Lejano (+25, a penalty) to Extremadamente Cercano (−25, a
bonus) in steps of five (O-064 .. O-073). Two special entries sit at its ends:
`imposible` (impossible or extremely difficult actions cannot be attempted,
O-063) and `trivial` (trivial or extremely easy actions need no medida,
O-074); `feasibility` turns them into "refuse" and "no roll needed".

The map's graph distance may only SUGGEST a level for the GM's report
(`suggest_level`); it never sets one (AMB-09). When a level applies, the
nation's pooled modifiers do not (AMB-09, see `modifiers.roll_modifier`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from texts import T_


class ReachLevel(StrEnum):
    """The Alcance levels (O-063 .. O-074), by their Spanish names; the two
    special entries `IMPOSIBLE` and `TRIVIAL` carry no value."""

    IMPOSIBLE = "imposible"
    EXTREMADAMENTE_LEJANO = "extremadamente lejano"
    MUY_LEJANO = "muy lejano"
    LEJANO = "lejano"
    LEVEMENTE_LEJANO = "levemente lejano"
    APENAS_LEJANO = "apenas lejano"
    APENAS_CERCANO = "apenas cercano"
    LEVEMENTE_CERCANO = "levemente cercano"
    CERCANO = "cercano"
    MUY_CERCANO = "muy cercano"
    EXTREMADAMENTE_CERCANO = "extremadamente cercano"
    TRIVIAL = "trivial"

    @property
    def special(self) -> bool:
        """`imposible` or `trivial`: no roll is made with it (O-063, O-074)."""
        return self in (ReachLevel.IMPOSIBLE, ReachLevel.TRIVIAL)

    @property
    def spanish(self) -> str:
        """The book's capitalised name (`Extremadamente Lejano`)."""
        return " ".join(word.capitalize() for word in self.value.split())

    @classmethod
    def parse(cls, text: str) -> ReachLevel:
        """The level named by `text`, accents, case, `_`/`-` and feminine
        endings free (`Muy lejana`, `MUY_LEJANO`), or by its signed value
        (`+15`, `-5`); `sumamente difícil` is `imposible` and
        `sumamente fácil` is `trivial` (O-063, O-074). Raises ValueError."""
        key = _normalise(text)
        found = _ALIASES.get(key)
        if found is None:
            raise ValueError(T_("not an Alcance level: {text!r}", text=text))
        return found


_VALUES: Mapping[ReachLevel, int] = MappingProxyType(
    {
        ReachLevel.EXTREMADAMENTE_LEJANO: 25,  # O-064
        ReachLevel.MUY_LEJANO: 20,  # O-065
        ReachLevel.LEJANO: 15,  # O-066
        ReachLevel.LEVEMENTE_LEJANO: 10,  # O-067
        ReachLevel.APENAS_LEJANO: 5,  # O-068
        ReachLevel.APENAS_CERCANO: -5,  # O-069
        ReachLevel.LEVEMENTE_CERCANO: -10,  # O-070
        ReachLevel.CERCANO: -15,  # O-071
        ReachLevel.MUY_CERCANO: -20,  # O-072
        ReachLevel.EXTREMADAMENTE_CERCANO: -25,  # O-073
    }
)


def _normalise(text: str) -> str:
    stripped = text.strip().replace("\u2212", "-")
    if _NUMBER.fullmatch(stripped):
        return f"{int(stripped):+d}"
    decomposed = unicodedata.normalize("NFKD", stripped)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    words = plain.replace("_", " ").replace("-", " ").split()
    return " ".join(_masculine(word) for word in words)


_NUMBER = re.compile(r"[+-]?\d+")


def _masculine(word: str) -> str:
    return word[:-1] + "o" if word in ("lejana", "cercana") else word


def _aliases() -> Mapping[str, ReachLevel]:
    table: dict[str, ReachLevel] = {level.value: level for level in ReachLevel}
    for level, value in _VALUES.items():
        table[f"{value:+d}"] = level
    table["sumamente dificil"] = ReachLevel.IMPOSIBLE
    table["sumamente facil"] = ReachLevel.TRIVIAL
    return MappingProxyType(table)


_ALIASES = _aliases()


def reach_value(level: ReachLevel) -> int:
    """The roll delta of a level: +25 .. +5 far, −5 .. −25 close (O-064 ..
    O-073). The special entries have none: check `feasibility` first
    (O-063, O-074); they raise ValueError."""
    if level.special:
        raise ValueError(f"Alcance {level.value!r} has no roll value (O-063, O-074)")
    return _VALUES[level]


class Feasibility(StrEnum):
    """What a reach entry tells the caller before a roll (O-063, O-074)."""

    ROLL = "roll"
    REFUSE = "refuse"  # imposible: the action cannot be attempted (O-063)
    NO_ROLL = "no roll"  # trivial: it happens without a medida (O-074)


def feasibility(level: ReachLevel | None) -> Feasibility:
    """`REFUSE` for `imposible` (O-063), `NO_ROLL` for `trivial` (O-074),
    `ROLL` otherwise (no level at all included)."""
    if level is ReachLevel.IMPOSIBLE:
        return Feasibility.REFUSE
    if level is ReachLevel.TRIVIAL:
        return Feasibility.NO_ROLL
    return Feasibility.ROLL


def feasibility_message(level: ReachLevel | None) -> str | None:
    """The report's sentence for a refused or roll-free action, else None."""
    verdict = feasibility(level)
    if verdict is Feasibility.REFUSE:
        return T_("impossible or extremely difficult action: it cannot be attempted (O-063)")
    if verdict is Feasibility.NO_ROLL:
        return T_("trivial or extremely easy action: it needs no medida (O-074)")
    return None


@dataclass(frozen=True)
class ReachEntry:
    """The GM's level from `from_nation` toward `to_nation`, for every
    attribute (`attribute` None) or for one (O-061)."""

    from_nation: str
    to_nation: str
    level: ReachLevel
    attribute: Attribute | None = None


_Key = tuple[str, str, Attribute | None]


def _empty_index() -> Mapping[_Key, ReachLevel]:
    return MappingProxyType({})


@dataclass(frozen=True)
class ReachTable:
    """The GM's Alcance data (O-061, AMB-09). A lookup tries the pair as
    written, then (when `symmetric`, the default: distance is a relation
    between two nations) the reverse pair; an attribute's own entry (either
    way) beats the pair's general one. Conflicting duplicates raise ValueError."""

    entries: tuple[ReachEntry, ...] = ()
    symmetric: bool = True
    _index: Mapping[_Key, ReachLevel] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=_empty_index
    )

    def __post_init__(self) -> None:
        index: dict[_Key, ReachLevel] = {}
        for entry in self.entries:
            key = (entry.from_nation, entry.to_nation, entry.attribute)
            if index.get(key, entry.level) is not entry.level:
                raise ValueError(f"two Alcance levels for {key}: {index[key]} and {entry.level}")
            index[key] = entry.level
        object.__setattr__(self, "_index", MappingProxyType(index))

    @classmethod
    def of(cls, entries: Iterable[ReachEntry], *, symmetric: bool = True) -> ReachTable:
        return cls(tuple(entries), symmetric)

    def level(
        self, from_nation: str, to_nation: str, attribute: Attribute | None = None
    ) -> ReachLevel | None:
        """The level from one nation toward another: the attribute's own
        entry (O-061) if there is one, else the pair's general entry; None
        when the GM set neither."""
        pairs = self._pairs(from_nation, to_nation)
        keys: list[_Key] = [
            (first, second, attribute) for first, second in pairs if attribute is not None
        ]
        keys += [(first, second, None) for first, second in pairs]
        for key in keys:
            if key in self._index:
                return self._index[key]
        return None

    def for_statistic(
        self, from_nation: str, to_nation: str, statistic: Statistic
    ) -> ReachLevel | None:
        """The level for a roll on `statistic` (O-061): the entry of its
        Dominio attribute, else of its Autoridad attribute, else the pair's
        general one. Decision (the book is silent): the Dominio attribute
        leads, as in the book's example, where geography hampers trade and
        invasion (ECN, MIL) and culture eases religion and diplomacy (CLT,
        ADM)."""
        for attribute in statistic.attributes:
            for first, second in self._pairs(from_nation, to_nation):
                if (first, second, attribute) in self._index:
                    return self._index[(first, second, attribute)]
        return self.level(from_nation, to_nation)

    def _pairs(self, from_nation: str, to_nation: str) -> tuple[tuple[str, str], ...]:
        if self.symmetric:
            return ((from_nation, to_nation), (to_nation, from_nation))
        return ((from_nation, to_nation),)


_SUGGESTIONS: tuple[ReachLevel, ...] = (
    ReachLevel.APENAS_LEJANO,
    ReachLevel.LEVEMENTE_LEJANO,
    ReachLevel.LEJANO,
    ReachLevel.MUY_LEJANO,
    ReachLevel.EXTREMADAMENTE_LEJANO,
)


def suggest_level(graph_distance: int) -> ReachLevel | None:
    """A level to SUGGEST in the GM's report from the map's graph distance
    between two nations, never to apply (AMB-09). Decision (the book gives
    no scale): 0 (same nation) and 1 (neighbours) suggest nothing; 2 suggests
    Apenas Lejano, each further step one level farther, 6 and beyond
    Extremadamente Lejano. Closeness is cultural as much as physical, so no
    Cercano level is ever suggested. A negative distance raises ValueError."""
    if graph_distance < 0:
        raise ValueError(f"a graph distance is never negative: {graph_distance}")
    if graph_distance <= 1:
        return None
    return _SUGGESTIONS[min(graph_distance - 2, len(_SUGGESTIONS) - 1)]
