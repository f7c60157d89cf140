"""The vocabulary of Orbis political lines and of the GM file's `politics:`
mapping (rulebook 000 "Mapa y Estados" .. "Épocas"; checklist O-188 ..
O-299).

The orders layer may not import the adjudicator, so every enum of the
politics rule modules appears here by its VALUE (plain strings):
`TreatyKind` (treaties.py), `DeclarationKind` (declarations.py),
`TributeGood` and `VassalageOrigin` (vassals.py), `Election` and `Term`
(organisations.py), `EpochKind` (epochs.py). A test checks they match.

Every word table is keyed by folded words (`words.fold`: accents and case
free); Spanish first, English aliases welcome. The verbs and clauses of
the lines and `Part` (a piece of a line as written and flattened, one
character for one) serve `orders.orbis.politics_lines`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from orders.issues import IssueKind, Problem
from orders.orbis.politics_model import ConferenceAct, DeclarationAct, TreatyAct, VassalAct
from orders.orbis.words import nearest
from texts import T_

TREATY_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "paz": "peace",
        "peace": "peace",
        "no agresion": "non_aggression",
        "non aggression": "non_aggression",
        "non-aggression": "non_aggression",
        "no-agresion": "non_aggression",
        "alto el fuego": "ceasefire",
        "cese el fuego": "ceasefire",
        "cese al fuego": "ceasefire",
        "tregua": "ceasefire",
        "armisticio": "ceasefire",
        "ceasefire": "ceasefire",
        "cease fire": "ceasefire",
        "cease-fire": "ceasefire",
        "truce": "ceasefire",
        "armistice": "ceasefire",
        "garantia de neutralidad": "neutrality_guarantee",
        "neutrality guarantee": "neutrality_guarantee",
        "guarantee of neutrality": "neutrality_guarantee",
        "alianza": "alliance",
        "alliance": "alliance",
        "comercio": "trade",
        "comercial": "trade",
        "trade": "trade",
        "commerce": "trade",
        "commercial": "trade",
        "vasallaje": "vassalage",
        "vassalage": "vassalage",
        "otro": "other",
        "otra": "other",
        "other": "other",
    }
)
"""Folded words -> `TreatyKind` value (O-238, O-243)."""

TREATY_KIND_VALUES = frozenset(TREATY_KINDS.values())

DECLARATION_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "neutralidad": "neutrality",
        "neutrality": "neutrality",
        "neutral": "neutrality",
        "otra": "other",
        "otro": "other",
        "other": "other",
    }
)
"""Folded words -> `DeclarationKind` value (O-248); other words: `other`."""

DECLARATION_KIND_VALUES = frozenset(DECLARATION_KINDS.values())

BALLOTS: Mapping[str, str] = MappingProxyType(
    {
        "si": "si",
        "yes": "si",
        "a favor": "si",
        "favor": "si",
        "aye": "si",
        "no": "no",
        "en contra": "no",
        "contra": "no",
        "against": "no",
        "nay": "no",
        "abstencion": "abstencion",
        "abstengo": "abstencion",
        "me abstengo": "abstencion",
        "nos abstenemos": "abstencion",
        "abstenemos": "abstencion",
        "abstain": "abstencion",
        "abstention": "abstencion",
        "retira": "retira",
        "retiro": "retira",
        "retirado": "retira",
        "me retiro": "retira",
        "withdraw": "retira",
        "withdrawn": "retira",
    }
)
"""Folded words -> `Ballot` value of politics_model (O-266)."""

TRIBUTE_GOODS: Mapping[str, str] = MappingProxyType(
    {
        **{code.lower(): code for code in ("MIL", "AUX", "ECN", "CLT", "ADM", "RQU", "PRO")},
        "rqz": "RQU",  # AMB-48
        "fuerza militar": "MIL",
        "fuerza auxiliar": "AUX",
        "poder economico": "ECN",
        "control cultural": "CLT",
        "control administrativo": "ADM",
        "riqueza": "RQU",
        "prosperidad": "PRO",
    }
)
"""Folded words -> `TributeGood` value (O-188, AMB-21)."""

TRIBUTE_GOOD_VALUES = frozenset(TRIBUTE_GOODS.values())

VASSALAGE_ORIGINS: Mapping[str, str] = MappingProxyType(
    {
        "diplomacia": "diplomacia",
        "diplomacy": "diplomacia",
        "war": "diplomacia",  # a peace after a lost conflict (O-235)
        "guerra": "diplomacia",
        "conflicto": "diplomacia",
        "reforma": "reforma",
        "reform": "reforma",
        "pact": "pact",
        "pacto": "pact",
        "rebellion": "rebellion",
        "rebelion": "rebellion",
        "gm": "gm",
        "scenario": "gm",
        "escenario": "gm",
    }
)
"""Folded words -> `VassalageOrigin` value (O-194, O-200, O-235)."""

VASSALAGE_ORIGIN_VALUES = frozenset(VASSALAGE_ORIGINS.values())

ELECTIONS: Mapping[str, str] = MappingProxyType(
    {
        "egalitarian": "egalitarian",
        "igualitaria": "egalitarian",
        "igualitario": "egalitarian",
        "electoral-fixed": "electoral-fixed",
        "electoral fija": "electoral-fixed",
        "electoral fixed": "electoral-fixed",
        "electores fijos": "electoral-fixed",
        "electoral-renewing": "electoral-renewing",
        "electoral renovable": "electoral-renewing",
        "electoral renewing": "electoral-renewing",
        "electores renovables": "electoral-renewing",
        "rotation": "rotation",
        "rotacion": "rotation",
        "rotatoria": "rotation",
        "points": "points",
        "puntos": "points",
        "other": "other",
        "otra": "other",
        "otro": "other",
    }
)
"""Folded words -> `Election` value (O-287)."""

ELECTION_VALUES = frozenset(ELECTIONS.values())

TERMS: Mapping[str, str] = MappingProxyType(
    {
        "fixed": "fixed",
        "fijo": "fixed",
        "fija": "fixed",
        "variable": "variable",
    }
)
"""Folded words -> `Term` value (O-288, AMB-29)."""

TERM_VALUES = frozenset(TERMS.values())

EPOCHS: Mapping[str, str] = MappingProxyType(
    {"total": "total", "partial": "partial", "parcial": "partial"}
)
"""Folded words -> `EpochKind` value (O-298, O-299)."""

EPOCH_VALUES = frozenset(EPOCHS.values())

FIXED_TERM_YEARS = range(3, 11)
"""A fixed term lasts 3..10 years (O-288)."""

MIN_MEMBERS = 5
"""An organisation is founded by at least five members (O-279)."""

KEYWORD = re.compile(
    r"^(?P<kw>tratados?|treat(?:y|ies)|declaraci[oó]n(?:es)?|declarations?"
    r"|conferencias?|conferences?|votos?|votes?|vasallos?|vassals?)\s*:\s*(?P<body>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A political line: its keyword and body (the keyword's word, accents and case free)."""

KEYWORD_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "trat": "tratado",
        "trea": "tratado",
        "decl": "declaracion",
        "conf": "conferencia",
        "voto": "voto",
        "vote": "voto",
        "vasa": "vasallo",
        "vass": "vasallo",
    }
)
"""The first four letters of a keyword (flattened) -> the kind of line."""

EXAMPLES: Mapping[str, str] = MappingProxyType(
    {
        "tratado": "`Tratado: ofrece paz a Castilla por 15 años: términos`, `Tratado: acepta"
        " T501-1`",
        "declaracion": "`Declaración: neutralidad: texto`, `Declaración: guerra contra"
        " Castilla`, `Declaración: revoca D501-1`",
        "conferencia": "`Conferencia: convoca sobre el Papado con Castilla y Francia`,"
        " `Conferencia: asiste a C501-1`",
        "voto": "`Voto: C501-1 P2 sí`, `Voto: liga Francia`",
        "vasallo": "`Vasallo: tributo MIL`, `Vasallo: perdona el tributo de Asturias`",
    }
)
"""An example line of each kind, for the issues (what was expected)."""

YEARS_WORD = r"(?:anos?|years?|turnos?|turns?)"
PENALTY = re.compile(
    r"\b(?:penalizacion|penalidad|penalty|pena)\s*(?:de\s+|of\s+)?(?P<value>[+-]?\s*\S+)\s+"
    r"(?:durante|por|for|during)\s+(?P<years>\S+)\s+" + YEARS_WORD + r"\b"
)
"""`penalización +10 durante 5 años` (O-242, O-252), on flattened text."""

TERM = re.compile(r"\b(?:por|durante|for)\s+(?P<years>\S+)\s+" + YEARS_WORD + r"\b")
"""`por 15 años` (O-245), on flattened text."""

MODIFIERS = re.compile(
    r"\b(?:con|with)\s+(?:(?:el|los|un|unos|the|a)\s+)?"
    r"(?:modificador(?:es)?|modifiers?|bonificador(?:es)?|bonus(?:es)?)\b\s*(?:de\s+|of\s+)?"
)
"""The start of `con modificador -5 ECN [para X][, ...]` (O-244), on flattened text."""

REF = re.compile(r"(?P<letter>[tdc])(?P<year>\d{1,5})-(?P<n>\d{1,4})(?:/p(?P<p>\d{1,3}))?\b")
"""An instrument id the judge printed: `T501-1`, `D502-1`, `C503-1`, `C503-1/P2`."""


def flat(text: str) -> str:
    """Accents and case free, one character for one (so a match's place in
    the flattened text is its place in the text): `Borgoña` -> `borgona`."""
    out: list[str] = []
    for ch in text:
        base = "".join(
            c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
        ).lower()
        out.append(base if len(base) == 1 else ch)
    return "".join(out)


def instrument(ref: re.Match[str]) -> str:
    """The id as the judge prints it: `t501-1/p2` -> `T501-1/P2`."""
    text = f"{ref.group('letter').upper()}{ref.group('year')}-{ref.group('n')}"
    return f"{text}/P{ref.group('p')}" if ref.group("p") else text


def longest(text: str, table: Mapping[str, str]) -> tuple[str, str] | None:
    """The longest phrase of `table` that `text` (flattened) starts with, as a
    whole word: (the phrase, its value), or None."""
    for phrase in sorted(table, key=len, reverse=True):
        if text.startswith(phrase) and (
            len(text) == len(phrase) or not text[len(phrase)].isalnum()
        ):
            return phrase, table[phrase]
    return None


# --- text as written and flattened ------------------------------------------------

TRIM = " \t\r\n.,;:!?"


@dataclass(frozen=True)
class Part:
    """A piece of a line as written and flattened (same length, `flat`)."""

    text: str
    low: str

    @classmethod
    def of(cls, text: str) -> Part:
        return cls(text, flat(text))

    def cut(self, start: int, end: int | None = None) -> Part:
        return Part(self.text[start:end], self.low[start:end])

    def blank(self, start: int, end: int) -> Part:
        gap = " " * (end - start)
        return Part(
            self.text[:start] + gap + self.text[end:], self.low[:start] + gap + self.low[end:]
        )

    def strip(self) -> Part:
        left = len(self.low) - len(self.low.lstrip(TRIM))
        right = len(self.low.rstrip(TRIM))
        return self.cut(left, max(left, right))

    def plain(self) -> str:
        """The text as written, blanks collapsed."""
        return " ".join(self.text.split()).strip(TRIM)

    def split(self) -> tuple[Part, str]:
        """The head before the first colon, and the free text after it."""
        at = self.low.find(":")
        if at < 0:
            return self.strip(), ""
        return self.cut(0, at).strip(), self.cut(at + 1).plain()

    def skip(self, pattern: str) -> Part:
        """Without the words a pattern matches at its start."""
        found = re.match(pattern, self.low)
        return self.cut(found.end()) if found else self


def guess(low: str, choices: Iterable[str]) -> tuple[str, ...]:
    """The choices nearest the first one, two or three words."""
    words, pool = low.split(), tuple(choices)
    found = [g for size in (3, 2, 1) for g in nearest(" ".join(words[:size]), pool) if words]
    return tuple(dict.fromkeys(found))[:3]


def number(word: str, what: str, example: str) -> int:
    digits = word.replace(" ", "").replace("−", "-").replace("–", "-")
    if not re.fullmatch(r"[+-]?\d{1,4}", digits):
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "{what} must be a number, not '{word}' ({example})",
                what=what,
                word=word,
                example=example,
            ),
            1,
        )
    return int(digits)


# --- the verbs and clauses of the lines (orders.orbis.politics_lines) -------------

MODIFIER_ITEM = re.compile(
    r"(?P<value>[+\-−–]?\s*\d{1,3})\s*(?:(?:a|al|en|on|to|de)\s+)?(?P<attr>.*?)"
    r"\s*(?:\b(?:para|for)\s+(?P<holder>.+))?"
)
EVERY_ROLL = frozenset({"", "todo", "todas", "todos", "todas las tiradas", "all", "all rolls"})

TREATY_ARTICLE = re.compile(
    r"(?:(?:un|una|el|la|the|an?)\s+)?(?:(?:tratado|pacto|acuerdo|treaty|pact|agreement)\s+)?"
    r"(?:(?:de|of)\s+)?"
)
TO_PARTIES = re.compile(r"\b(?:a|al|to|con|with)\s+")

TREATY_VERBS = (
    (r"contra-?ofert\w*|contraofrec\w*|counter-?offers?", TreatyAct.COUNTER),
    (r"ofrec\w*|ofrezc\w*|offers?", TreatyAct.OFFER),
    (r"acept\w*|accepts?", TreatyAct.ACCEPT),
    (r"rechaz\w*|rejects?|declines?", TreatyAct.REJECT),
    (r"retir\w*|withdraws?", TreatyAct.WITHDRAW),
    (r"romp\w*|breaks?", TreatyAct.BREAK),
    (r"renuev\w*|renov\w*|renews?", TreatyAct.RENEW),
    (r"adh(?:ier|er)\w*(?:\s+(?:a|al|to))?", TreatyAct.ADHERE),
    (r"liber\w*|frees?", TreatyAct.FREE),
)

DECLARATION_VERBS = (
    (r"revoc\w*|revokes?", DeclarationAct.REVOKE),
    (r"romp\w*|breaks?", DeclarationAct.BREAK),
    (r"reasum\w*|reassumes?|reanud\w*|resumes?", DeclarationAct.REASSUME),
    (r"adh(?:ier|er)\w*(?:\s+(?:a|al|to))?", DeclarationAct.ADHERE),
    (r"(?:declar\w*\s+(?:la\s+)?)?(?:guerra|war)(?:\s+(?:contra|a|al|on|against))?", "guerra"),
)
RESERVATIONS = re.compile(r"\b(?:con|with)\s+(?:reservas?|reservations?)\b")
DECLARATION_WORDS = (*DECLARATION_KINDS, *(act.value for act in DeclarationAct))

CONFERENCE_VERBS = (
    (r"convoc\w*|convenes?|calls?", ConferenceAct.CONVENE),
    (r"asist\w*(?:\s+(?:a|al))?|attends?", ConferenceAct.ATTEND),
    (r"propon\w*|propuesta|proposes?|tables?", ConferenceAct.PROPOSE),
    (r"cierr\w*|cerr\w*|closes?", ConferenceAct.CLOSE),
    (r"abandon\w*|leaves?", ConferenceAct.LEAVE),
    (r"disuelv\w*|disolv\w*|dissolves?", ConferenceAct.DISSOLVE),
    (r"protest\w*", ConferenceAct.PROTEST),
)

PROPOSAL = re.compile(r"\s*(?:/\s*)?(?:p|propuesta|proposal)\s*(?P<k>\d{1,3})\b")

VASSAL_VERBS = (
    (r"tribut\w*|paga\w*(?:\s+(?:el\s+)?tributo)?", VassalAct.TRIBUTE),
    (r"perdon\w*|forgives?", VassalAct.FORGIVE),
    (
        r"(?:declar\w*\s+(?:la\s+|su\s+|nuestra\s+|our\s+|its\s+)?)?(?:independen\w*)",
        "independencia",
    ),
    (r"permanec\w*|permanezc\w*|stays?|remains?", VassalAct.STAY),
    (r"elev\w*|raises?", VassalAct.RAISE),
)
