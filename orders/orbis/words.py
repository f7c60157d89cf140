"""The vocabulary of Orbis Terrarum posts (rulebook 000; checklist O-011,
O-093 .. O-117, O-138 .. O-163, AMB-17, AMB-19, AMB-43, AMB-48).

The orders layer may not import the adjudicator, so the statistics, their
variants and the attributes are plain lower-case ascii ids here: the same
strings as `adjudicator.rulesets.orbis.attributes.Statistic`, `Variant` and
`Attribute` values, which the ruleset maps by value.

Every lookup folds its word first (`fold`: accents and case free, AMB-48's
slips fixed: "Ejército" is Ofensiva, "PRE" is PRS, "RQZ" is RQU).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

STATISTICS: tuple[str, ...] = (
    "ofensiva",
    "incision",
    "comercio",
    "expansion",
    "protocolo",
    "moral",
    "disciplina",
    "intervencion",
    "tradicion",
    "seguridad",
    "logistica",
    "industria",
    "construccion",
    "reforma",
    "burocracia",
    "espionaje",
    "sabotaje",
    "desarrollo",
    "retorica",
    "intriga",
    "intimidacion",
    "hegemonia",
    "competencia",
    "doctrina",
    "diplomacia",
)
"""The 25 statistics (O-093 .. O-117), as `Statistic` values."""

VARIANT_OF: Mapping[str, str] = MappingProxyType(
    {
        "defensa": "ofensiva",
        "supresion": "incision",
        "asentamiento": "expansion",
        "expedicion": "logistica",
        "bienestar": "industria",
        "migracion": "reforma",
        "subversion": "retorica",
    }
)
"""Variant -> the statistic it rolls (O-093, O-094, AMB-19), as `Variant` values."""

SPECIAL_VARIANTS: frozenset[str] = frozenset(VARIANT_OF) - {"defensa", "supresion"}
"""The five special medidas bought for 25 PRO (O-162, AMB-19)."""

_ENGLISH: Mapping[str, str] = {
    "offensive": "ofensiva",
    "offense": "ofensiva",
    "offence": "ofensiva",
    "raid": "incision",
    "trade": "comercio",
    "commerce": "comercio",
    "protocol": "protocolo",
    "morale": "moral",
    "discipline": "disciplina",
    "intervention": "intervencion",
    "tradition": "tradicion",
    "security": "seguridad",
    "logistics": "logistica",
    "industry": "industria",
    "construction": "construccion",
    "reform": "reforma",
    "bureaucracy": "burocracia",
    "espionage": "espionaje",
    "spying": "espionaje",
    "sabotage": "sabotaje",
    "development": "desarrollo",
    "rhetoric": "retorica",
    "intrigue": "intriga",
    "intimidation": "intimidacion",
    "hegemony": "hegemonia",
    "competition": "competencia",
    "doctrine": "doctrina",
    "diplomacy": "diplomacia",
    "defence": "defensa",
    "defense": "defensa",
    "suppression": "supresion",
    "settlement": "asentamiento",
    "expedition": "expedicion",
    "welfare": "bienestar",
    "migration": "migracion",
    "subversion": "subversion",
}
_SLIPS: Mapping[str, str] = {"ejercito": "ofensiva", "army": "ofensiva"}  # AMB-48

STATISTIC_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **{name: name for name in STATISTICS},
        **{name: name for name in VARIANT_OF},
        **_ENGLISH,
        **_SLIPS,
    }
)
"""Folded word -> statistic or variant id (Spanish, English aliases, AMB-48 slips)."""


class Group(StrEnum):
    """The two groups of attributes (O-079), as `Group` values."""

    DOMINIO = "dominio"
    AUTORIDAD = "autoridad"


ATTRIBUTE_GROUP: Mapping[str, Group] = MappingProxyType(
    {
        **dict.fromkeys(("MIL", "AUX", "ECN", "CLT", "ADM"), Group.DOMINIO),
        **dict.fromkeys(("GES", "LEA", "TCN", "INT", "PRS"), Group.AUTORIDAD),
    }
)
"""Attribute id (an `Attribute` value) -> its group (O-082 .. O-091)."""

ATTRIBUTE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **{code.lower(): code for code in ATTRIBUTE_GROUP},
        "pre": "PRS",  # AMB-48
        "fuerza militar": "MIL",
        "fuerza auxiliar": "AUX",
        "poder economico": "ECN",
        "control cultural": "CLT",
        "control administrativo": "ADM",
        "gestion": "GES",
        "lealtad": "LEA",
        "tecnica": "TCN",
        "inteligencia": "INT",
        "prestigio": "PRS",
    }
)
"""Folded attribute code or name -> attribute id."""

Resource = Literal["RQU", "PRO"]
RESOURCE_WORDS: Mapping[str, Resource] = MappingProxyType(
    {"rqu": "RQU", "rqz": "RQU", "pro": "PRO"}  # AMB-48: RQZ is RQU
)


class Purchase(StrEnum):
    """What RQU and PRO buy (O-138 .. O-142, O-156 .. O-163)."""

    MODIFIER = "modifier"  # −6 on one named attribute (O-138, O-157, AMB-17)
    PRO = "pro"  # +1 PRO for 10 RQU (O-139)
    RQU = "rqu"  # +10 RQU for 1 PRO (O-156)
    LEG = "leg"  # +3 LEG for 15 RQU (O-140), +6 LEG for 10 PRO (O-159)
    VIA = "via"  # +6 VIA for 20 RQU (O-141), +3 VIA for 5 PRO (O-158)
    AUTORIDAD_POINT = "autoridad_point"  # 40 RQU (O-142)
    DOMINIO_POINT = "dominio_point"  # 30 PRO (O-163)
    REACH = "reach"  # 15 PRO: remove a Lejanía or make a Cercanía by 5 (O-160)
    EXTRA_MEDIDA = "extra_medida"  # 20 PRO (O-161, AMB-43)
    SPECIAL_MEDIDA = "special_medida"  # 25 PRO (O-162, AMB-19)


PRICES: Mapping[tuple[str, Purchase], int] = MappingProxyType(
    {
        ("RQU", Purchase.MODIFIER): 5,
        ("RQU", Purchase.PRO): 10,
        ("RQU", Purchase.LEG): 15,
        ("RQU", Purchase.VIA): 20,
        ("RQU", Purchase.AUTORIDAD_POINT): 40,
        ("PRO", Purchase.RQU): 1,
        ("PRO", Purchase.MODIFIER): 1,
        ("PRO", Purchase.VIA): 5,
        ("PRO", Purchase.LEG): 10,
        ("PRO", Purchase.REACH): 15,
        ("PRO", Purchase.EXTRA_MEDIDA): 20,
        ("PRO", Purchase.SPECIAL_MEDIDA): 25,
        ("PRO", Purchase.DOMINIO_POINT): 30,
    }
)
"""(resource, purchase) -> the price of one unit (the Prosperidad tables)."""

MODIFIER_GROUP: Mapping[str, Group] = MappingProxyType(
    {"RQU": Group.AUTORIDAD, "PRO": Group.DOMINIO}
)
"""The group whose attribute a −6 bought with the resource must name (O-138, O-157, AMB-17)."""

REACH_LEVELS: Mapping[str, int] = MappingProxyType(
    {
        "extremadamente lejano": 25,
        "muy lejano": 20,
        "lejano": 15,
        "levemente lejano": 10,
        "apenas lejano": 5,
        "apenas cercano": -5,
        "levemente cercano": -10,
        "cercano": -15,
        "muy cercano": -20,
        "extremadamente cercano": -25,
    }
)
"""The reach (Alcance) levels and their modifiers (O-060 .. O-062), by folded name."""

_REACH_ENGLISH: Mapping[str, str] = {
    "extremely far": "extremadamente lejano",
    "very far": "muy lejano",
    "far": "lejano",
    "slightly far": "levemente lejano",
    "barely far": "apenas lejano",
    "barely close": "apenas cercano",
    "slightly close": "levemente cercano",
    "close": "cercano",
    "very close": "muy cercano",
    "extremely close": "extremadamente cercano",
}

EXTRA_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "evento": "evento",
        "event": "evento",
        "pro": "pro",
        "hueste": "hueste",
        "host": "hueste",
        "colonia": "colonia",
        "colony": "colonia",
        "lider": "lider",
        "leader": "lider",
        "faccion": "faccion",
        "faction": "faccion",
        "especial": "especial",
        "special": "especial",
    }
)
"""Folded word -> the source of an extra medida (AMB-43; `especial` for AMB-19)."""


def fold(text: str) -> str:
    """Accents and case free, blanks collapsed: `Borgoña` -> `borgona`."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def statistic_id(word: str) -> str | None:
    """The statistic or variant id a word names (O-093 .. O-117, AMB-48), or None."""
    return STATISTIC_WORDS.get(fold(word))


def attribute_id(words: str) -> str | None:
    """The attribute id a code or name names (`int`, `Inteligencia`, `PRE`), or None."""
    return ATTRIBUTE_WORDS.get(fold(words))


SPECIAL_REACH = {"imposible": "imposible", "impossible": "imposible", "trivial": "trivial"}
"""The GM's two reach entries without a value: impossible actions cannot be
attempted (O-063), trivial ones need no medida (O-074)."""


def reach_level(words: str) -> str | None:
    """The Spanish reach level a name names (`muy lejano`, `very far`,
    `imposible`, `trivial`), or None."""
    folded = fold(words)
    if folded in REACH_LEVELS:
        return folded
    if folded in SPECIAL_REACH:
        return SPECIAL_REACH[folded]
    return _REACH_ENGLISH.get(folded)


def nearest(word: str, choices: list[str] | tuple[str, ...], n: int = 3) -> tuple[str, ...]:
    """The names nearest a misspelt word, for an issue's suggestions."""
    return tuple(get_close_matches(fold(word), list(choices), n=n, cutoff=0.6))


PURCHASE_RULES: Mapping[tuple[str, Purchase], str] = MappingProxyType(
    {
        ("RQU", Purchase.MODIFIER): "O-138",
        ("RQU", Purchase.PRO): "O-139",
        ("RQU", Purchase.LEG): "O-140",
        ("RQU", Purchase.VIA): "O-141",
        ("RQU", Purchase.AUTORIDAD_POINT): "O-142",
        ("PRO", Purchase.RQU): "O-156",
        ("PRO", Purchase.MODIFIER): "O-157",
        ("PRO", Purchase.VIA): "O-158",
        ("PRO", Purchase.LEG): "O-159",
        ("PRO", Purchase.REACH): "O-160",
        ("PRO", Purchase.EXTRA_MEDIDA): "O-161",
        ("PRO", Purchase.SPECIAL_MEDIDA): "O-162",
        ("PRO", Purchase.DOMINIO_POINT): "O-163",
    }
)
"""The checklist item of each row of the Prosperidad tables."""

_SIMPLE: Mapping[str, Purchase] = {
    "pro": Purchase.PRO,
    "rqu": Purchase.RQU,
    "rqz": Purchase.RQU,
    "leg": Purchase.LEG,
    "legitimidad": Purchase.LEG,
    "legitimacy": Purchase.LEG,
    "via": Purchase.VIA,
    "viabilidad": Purchase.VIA,
    "viability": Purchase.VIA,
    "medida extra": Purchase.EXTRA_MEDIDA,
    "extra medida": Purchase.EXTRA_MEDIDA,
    "extra measure": Purchase.EXTRA_MEDIDA,
    "medida adicional": Purchase.EXTRA_MEDIDA,
}
PURCHASE_WORDS: tuple[str, ...] = (
    *_SIMPLE,
    "-6 a <atributo>",
    "autoridad",
    "dominio",
    "punto de autoridad",
    "punto de dominio",
    "lejania con <nacion>",
    "cercania con <nacion>",
    "medida especial",
    *sorted(SPECIAL_VARIANTS),
)
"""What a `Gasto:` line may buy, for suggestions."""

_VERB = re.compile(r"^(?:(?:restaurar|restore|comprar|buy|un|una|an?|\+\s*\d+)\s+)+")
_TRAILING_ATTRIBUTE = re.compile(r"\((?P<attr>[^()]*)\)\s*$")
_MINUS_SIX = re.compile(r"^[-−–]\s*6\s*(?:(?:a|en|on|to|para|de)\s+)?(?P<attr>.*)$")
_MODIFIER_WORD = re.compile(
    r"^(?:modificador(?:es)?|bonificador(?:es)?|modifiers?|bonus(?:es)?)"
    r"(?:\s+de)?(?:\s*[-−–]\s*6)?(?:\s+(?:a|en|on|to|para|de))?\s*(?P<attr>.*)$"
)
_POINT_WORDS = frozenset({"punto", "puntos", "point", "points", "extra", "de", "un", "1"})
_REACH = re.compile(
    r"^(?P<kind>lejania|cercania|reach|alcance)"
    r"(?:\s+(?:con|with|de|a|hacia|toward|towards|respecto\s+a))?\s*(?P<who>.*)$"
)


@dataclass(frozen=True)
class PurchaseWords:
    """What the words after `Gasto: <n> <resource> en` buy, before names and
    attributes are checked: the purchase, the attribute words, the special
    variant or reach kind, the nation words (reach), and whether an
    `Autoridad`/`Dominio` was bare (no `punto`, no attribute)."""

    purchase: Purchase
    attribute: str | None = None
    special: str | None = None
    target: str | None = None
    bare_group: bool = False


def purchase_words(what: str) -> PurchaseWords | None:
    """Classify a purchase (the Prosperidad tables, O-138 .. O-163, AMB-17):

    - `-6 a INT`, `modificador INT`, `bonificador de -6 a MIL`, `Autoridad
      (INT)`, `Dominio (MIL)`: a −6 modifier on the named attribute;
    - `PRO`, `RQU`, `LEG`, `VIA` (also `+3 LEG`, `restaurar VIA`);
    - `punto de Autoridad [(INT)]`, `punto de Dominio [(MIL)]`: an extra point;
      a bare `Autoridad` or `Dominio` is flagged `bare_group` (the reader
      takes it as the point when the amount pays for points);
    - `Lejanía con X` (remove a penalty), `Cercanía con X` (make a bonus);
    - `medida extra`; `medida especial (Asentamiento)` or `Asentamiento`.

    None when the words buy nothing known."""
    text = _VERB.sub("", fold(what).strip(" .;:!?"))
    attribute: str | None = None
    if paren := _TRAILING_ATTRIBUTE.search(text):
        attribute = paren.group("attr").strip() or None
        text = text[: paren.start()].strip()
    if found := _MINUS_SIX.match(text) or _MODIFIER_WORD.match(text):
        return PurchaseWords(Purchase.MODIFIER, found.group("attr").strip() or attribute)
    if text in _SIMPLE:
        return PurchaseWords(_SIMPLE[text], attribute)
    words = text.split()
    rest = [word for word in words if word not in _POINT_WORDS]
    if rest in (["autoridad"], ["dominio"]):
        point = len(rest) < len(words)
        if not point and attribute:
            return PurchaseWords(Purchase.MODIFIER, attribute)
        kind = Purchase.AUTORIDAD_POINT if rest == ["autoridad"] else Purchase.DOMINIO_POINT
        return PurchaseWords(kind, attribute, bare_group=not point)
    if reach := _REACH.match(text):
        side = reach.group("kind")
        special = side if side in ("lejania", "cercania") else None
        return PurchaseWords(Purchase.REACH, None, special, reach.group("who").strip() or None)
    if text in ("medida especial", "special medida", "special measure") or (
        len(words) == 1 and STATISTIC_WORDS.get(text) in SPECIAL_VARIANTS
    ):
        variant = STATISTIC_WORDS.get(fold(attribute or text))
        return PurchaseWords(Purchase.SPECIAL_MEDIDA, None, variant)
    return None
