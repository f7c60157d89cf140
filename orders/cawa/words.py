"""The vocabulary of CaWa declaration lines and the tokens a line splits into
(004; CC-MV-8, AC-27): Spanish and English words, compared folded (lower
case, accents stripped: `invasión` = `invasion`, `montaña` = `montana`).

`LINE_WORDS` maps a line's first word to what it declares (`Act`) and
`PHASE_OF` that to the phase whose file holds it; the other tables are the
words read inside a line. `tokens` splits a line (numbers `1.500`, arrows,
words), `NameBook` folds players' names for lookup and suggestions, and
`near_hexes` suggests hex codes. See `orders.cawa.parser` for the line forms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from enum import StrEnum
from functools import cache

from maps.cawa.model import Direction, Terrain
from maps.model import SUGGESTED_CHARS, SUGGESTION_CUTOFF
from orders.cawa.model import PenaltyKind, ResultClass
from orders.lines import blank_list_mark
from orders.names import fold as fold_name


class Act(StrEnum):
    """What a line declares, as its first word says."""

    GIVE = "give"
    ABANDON = "abandon"
    TERRAIN = "terrain"
    VILLAGE = "village"
    CASTLE = "castle"
    FROM = "from"
    SHIP = "ship"
    FLEET = "fleet"
    SKIRMISH = "skirmish"
    DEFEND = "defend"
    WITHDRAW = "withdraw"
    REDEPLOY = "redeploy"
    BATTLE = "battle"
    FIELDED = "fielded"
    DISQUALIFY = "disqualify"
    PENALTY = "penalty"


PHASE_OF: Mapping[Act, str] = {
    **dict.fromkeys((Act.GIVE, Act.ABANDON, Act.TERRAIN, Act.VILLAGE, Act.CASTLE), "economy"),
    **dict.fromkeys((Act.FROM, Act.SHIP, Act.FLEET), "movement"),
    Act.SKIRMISH: "skirmishes",
    **dict.fromkeys((Act.DEFEND, Act.WITHDRAW, Act.REDEPLOY), "reactions"),
    **dict.fromkeys((Act.BATTLE, Act.FIELDED, Act.DISQUALIFY, Act.PENALTY), "battles"),
}
"""The phase kind whose file holds each line (a line starting with a hex
code is a land move: movement)."""

_LINE_FORMS: Mapping[Act, Mapping[str, tuple[str, ...]]] = {
    Act.GIVE: {"dona": ("donar", "dono", "regala"), "give": ("gives", "donate")},
    Act.ABANDON: {"abandona": ("abandonar", "abandono"), "abandon": ("abandons",)},
    Act.TERRAIN: {"terreno": (), "terrain": ()},
    Act.VILLAGE: {"pueblo": (), "village": ()},
    Act.CASTLE: {"castillo": (), "castle": ()},
    Act.FROM: {"desde": (), "from": ()},
    Act.SHIP: {"barco": ("nave",), "ship": ("boat",)},
    Act.FLEET: {"flota": (), "fleet": ()},
    Act.SKIRMISH: {"escaramuza": (), "skirmish": ()},
    Act.DEFEND: {"defiendo": ("defiende", "defender", "defensa"), "defend": ("defends", "defence")},
    Act.WITHDRAW: {"retirada": ("retiro", "retira", "retirarse"), "withdraw": ("retreat",)},
    Act.REDEPLOY: {"invasion": ("invado", "invade"), "invade": ("invades",)},
    Act.BATTLE: {"batalla": (), "battle": ()},
    Act.FIELDED: {"puntos": (), "points": ()},
    Act.DISQUALIFY: {
        "descalifica": ("descalificar", "descalificado", "descalificada"),
        "disqualify": ("disqualified", "disqualifies"),
    },
    Act.PENALTY: {"castigo": ("sancion", "castiga"), "penalty": ("punish", "punishment")},
}

LINE_WORDS: Mapping[str, Act] = {
    form: act
    for act, shown in _LINE_FORMS.items()
    for head, forms in shown.items()
    for form in (head, *forms)
}
"""First word of a line -> what it declares."""

LINE_KEYWORDS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    phase: {
        head: forms
        for act, shown in _LINE_FORMS.items()
        if PHASE_OF[act] == phase
        for head, forms in shown.items()
    }
    for phase in dict.fromkeys(PHASE_OF.values())
}
"""Per phase: keyword shown in suggestions -> its other forms."""

LEADING: frozenset[str] = frozenset({"me", "yo", "i", "cambia", "cambiar", "change", "construye",
                                     "construir", "construyo", "build", "builds", "mejora",
                                     "upgrade", "lanza", "launch"})  # fmt: skip
"""Words that may come before a line's keyword and add nothing: `me retiro
de 0403`, `construye pueblo 0403`, `cambia terreno 0403 bosque`."""

TO: frozenset[str] = frozenset({"a", "al", "to", "hacia", "towards", "into", "en", "on"})
"""Between a source and a target hex (besides arrows: `->`, `=>`, `→`, `-`, `>`)."""
WITH: frozenset[str] = frozenset({"con", "with", "de", "of", "por", "by", "a"})
"""Before a number of points: `defiendo 0403 con 1500`."""
FROM_WORDS: frozenset[str] = frozenset({"de", "desde", "from", "en", "in", "del"})
"""Before the hex of a withdrawal: `me retiro de 0403`."""
HEX_FILLERS: frozenset[str] = frozenset(
    {"mi", "my", "la", "el", "the", "casilla", "hex", "hexagono", "numero", "a", "al", "en",
     "in", "on"}
)  # fmt: skip
"""Words that may come before a hex code: `desde mi 0303`, `dona la casilla 0403`."""
ARTICLES: frozenset[str] = frozenset({"el", "la", "los", "las", "the", "a", "al", "to"})
"""Words dropped from the front of a player's name that reads no way as written."""
PATH_WORDS: frozenset[str] = frozenset({"por", "via", "by", "through"})
"""Before a ship's water hexes: `barco 0203 por 0303 0403 -> 0503`."""
INVASION: frozenset[str] = frozenset(
    {"invasion", "invade", "invadiendo", "invado", "invasiones", "invading", "invades"}
)
"""Before an invasion's points: `0303 -> 0403 invasión 1500`."""
UNITS: frozenset[str] = frozenset(
    {"co", "cos", "corona", "coronas", "crown", "crowns", "punto", "puntos", "point", "points",
     "pts", "p"}
)  # fmt: skip
"""Words that may follow an amount: `1.500 co`, `500 coronas`, `1500 points`."""
LAND: frozenset[str] = frozenset(
    {"desembarca", "desembarco", "desembarcar", "desembarque", "lands", "land", "disembark",
     "disembarks"}
)  # fmt: skip
"""A fleet's landing: `flota 0702 desembarca 0803`."""
WINS: frozenset[str] = frozenset({"gana", "ganador", "vence", "wins", "winner", "won", "gano"})
"""Names the winner: `gana rojo`, `red wins`."""
OVER: frozenset[str] = frozenset(
    {"sobre", "over", "beats", "vence", "contra", "against", "y", "and", "vs"}
)
"""Between a pair's winner and loser: `rojo sobre azul` (`rojo y azul, empate`)."""
SINGLE: frozenset[str] = frozenset({"batalla", "battle", "unica", "single", "acordada", "agreed"})
"""The words of an agreed single battle: `batalla única`, `single battle`."""
DRAW: frozenset[str] = frozenset({"empate", "draw", "tablas", "empatan", "drawn"})
"""A drawn battle."""

RESULTS: Mapping[str, ResultClass] = {
    "marginal": ResultClass.MARGINAL,
    "decisiva": ResultClass.DECISIVE,
    "decisivo": ResultClass.DECISIVE,
    "decisive": ResultClass.DECISIVE,
    "masacre": ResultClass.MASSACRE,
    "massacre": ResultClass.MASSACRE,
}
"""A battle's result class (CC-B-15, AC-34)."""

PENALTIES: Mapping[str, PenaltyKind] = {
    "derrota": PenaltyKind.FORCED_LOSS,
    "loss": PenaltyKind.FORCED_LOSS,
    "multa": PenaltyKind.FINE,
    "fine": PenaltyKind.FINE,
    "expulsion": PenaltyKind.REMOVAL,
    "expulsado": PenaltyKind.REMOVAL,
    "removal": PenaltyKind.REMOVAL,
    "removed": PenaltyKind.REMOVAL,
}
"""The referee's penalties (AC-50)."""

TERRAINS: Mapping[str, Terrain] = {
    "llanura": Terrain.PLAIN,
    "tierra": Terrain.PLAIN,
    "llano": Terrain.PLAIN,
    "plain": Terrain.PLAIN,
    "plains": Terrain.PLAIN,
    "bosque": Terrain.FOREST,
    "forest": Terrain.FOREST,
    "montana": Terrain.MOUNTAIN,
    "monte": Terrain.MOUNTAIN,
    "mountain": Terrain.MOUNTAIN,
    "mountains": Terrain.MOUNTAIN,
}
"""A hex's new terrain (CC-E-17, AC-03: "tierra" is plain)."""

DIRECTIONS: Mapping[str, Direction] = {
    **dict.fromkeys(("norte", "north", "n"), Direction.NORTH),
    **dict.fromkeys(("noreste", "nordeste", "northeast", "ne"), Direction.NORTHEAST),
    **dict.fromkeys(("sureste", "sudeste", "southeast", "se"), Direction.SOUTHEAST),
    **dict.fromkeys(("sur", "south", "s"), Direction.SOUTH),
    **dict.fromkeys(("suroeste", "sudoeste", "southwest", "so", "sw"), Direction.SOUTHWEST),
    **dict.fromkeys(("noroeste", "northwest", "no", "nw"), Direction.NORTHWEST),
}
"""The six directions between flat-topped hexes (CC-MV-8, AC-27); a hyphen
inside is dropped (`north-east`, `nor-este`)."""

EXAMPLES: Mapping[str, tuple[str, ...]] = {
    "economy": ("dona 500 a rojo", "dona 0403 a rojo", "abandona 0403", "terreno 0403 bosque",
                "pueblo 0403", "castillo 0403"),
    "movement": ("0303 -> 0403 invasión 1500", "desde 0303 al sureste",
                 "barco 0203 -> 0503 invasión 1000", "flota 0202 -> 0502",
                 "flota 0702 desembarca 0803 invasión 1000"),
    "skirmishes": ("escaramuza 0403: gana rojo", "escaramuza 0403: batalla única"),
    "reactions": ("defiendo 0403 con 1500", "me retiro de 0403", "invasión 0403 con 1500"),
    "battles": ("batalla 0403: gana rojo, decisiva", "batalla 0403: empate",
                "puntos 0403 rojo 1503", "descalifica 0403 rojo",
                "castigo rojo multa 500: motivo"),
}  # fmt: skip
"""What each phase's lines look like, for messages."""


# --- tokens ------------------------------------------------------------------------


class TokKind(StrEnum):
    NUMBER = "number"
    WORD = "word"
    ARROW = "arrow"
    COLON = "colon"
    COMMA = "comma"
    OTHER = "other"


@dataclass(frozen=True)
class Tok:
    """One token of a folded line: `start`/`end` index the line as written;
    `value` is a number's value (None when it is malformed, `1.50`)."""

    kind: TokKind
    text: str
    start: int
    end: int
    value: int | None = None

    @property
    def column(self) -> int:
        return self.start + 1


MOST_DIGITS = 9
"""A longer number is malformed (Trust #9: no huge values from a hostile line)."""

_TOKEN = re.compile(
    r"(?P<number>\d+(?:[.,]\d+)*)"
    r"|(?P<arrow>-+>|=+>|→|⇒|>|-)"
    r"|(?P<colon>:)|(?P<comma>[,;])"
    r"|(?P<word>[^\W\d_](?:[\w'’-]*[^\W_])?)"
    r"|(?P<skip>[()\[\]\"«»])|(?P<other>\S)"
)
_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+|\d{1,3}(?:,\d{3})+|\d+")


COMMENT = re.compile(r"#.*$")
HEX_LIKE = re.compile(r"\d{4}")


def clean(line: str) -> str:
    """The line without its list mark, comment and final stops (same columns)."""
    line = COMMENT.sub(lambda found: " " * len(found.group()), blank_list_mark(line))
    kept = line.rstrip().rstrip(".;!")
    return kept + " " * (len(line) - len(kept))


def fold_char(char: str) -> str:
    """One character folded (lower case, no accent); a character that would
    not fold to exactly one is kept, so that positions stay put."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    plain = plain.casefold()
    return plain if len(plain) == 1 else char


def fold(text: str) -> str:
    """`Invasión` -> `invasion`, one character for one."""
    return "".join(fold_char(char) for char in text)


def tokens(line: str) -> list[Tok]:
    """The tokens of `line` (already cleaned of comments), folded."""
    folded = fold(line)
    found: list[Tok] = []
    for match in _TOKEN.finditer(folded):
        if match.lastgroup == "skip":  # brackets and quotes: `(invasión 1500)`
            continue
        kind = TokKind(match.lastgroup or "other")
        text, start = match.group(), match.start()
        if kind is TokKind.NUMBER:
            found.extend(_numbers(text, start))
        elif kind is TokKind.WORD:
            word = text.replace("'", "").replace("’", "").replace("-", "")
            found.append(Tok(kind, word, start, match.end()))
        else:
            found.append(Tok(kind, text, start, match.end()))
    return found


def _numbers(text: str, start: int) -> list[Tok]:
    """`1.500` and `1,500` are one number; `0303,0403` two hexes; `1.50`
    and `1,5000` are malformed."""
    if _GROUPED.fullmatch(text):
        digits = text.replace(".", "").replace(",", "")
        value = int(digits) if len(digits) <= MOST_DIGITS else None
        return [Tok(TokKind.NUMBER, text, start, start + len(text), value)]
    if "," in text and all(HEX_LIKE.fullmatch(part) for part in text.split(",")):
        found: list[Tok] = []
        at = start
        for i, part in enumerate(text.split(",")):
            if i:
                found.append(Tok(TokKind.COMMA, ",", at, at + 1))
                at += 1
            found.extend(_numbers(part, at))
            at += len(part)
        return found
    return [Tok(TokKind.NUMBER, text, start, start + len(text), None)]


# --- names and suggestions -----------------------------------------------------------


@dataclass(frozen=True)
class NameBook:
    """Names folded for lookup (`orders.names.fold`: case, accents, hyphens):
    folded name -> ids, and the name each id is shown by."""

    ids: Mapping[str, tuple[str, ...]]
    display: Mapping[str, str]

    @classmethod
    def of(cls, names: Mapping[str, tuple[str, ...]]) -> NameBook:
        """The book of `names` (id -> its names; the id is a name too)."""
        ids: dict[str, tuple[str, ...]] = {}
        for id_, written in names.items():
            for key in dict.fromkeys(fold_name(name) for name in (id_, *written)):
                if key:
                    ids[key] = (*ids.get(key, ()), id_)
        return cls(ids, {id_: (written[0] if written else id_) for id_, written in names.items()})

    def lookup(self, text: str) -> tuple[str, ...]:
        return self.ids.get(fold_name(text), ())

    def nearest(self, text: str, limit: int = 3) -> tuple[str, ...]:
        """The names shown of the ids nearest a misspelt name, best first
        (difflib, with the cutoff of `GameMap.suggestions`)."""
        key = fold_name(text[:SUGGESTED_CHARS])
        close = get_close_matches(key, list(self.ids), n=limit * 3, cutoff=SUGGESTION_CUTOFF)
        shown = dict.fromkeys(self.display[id_] for name in close for id_ in self.ids[name])
        return tuple(shown)[:limit]


@cache
def _keyword_book(phase: str) -> NameBook:
    shown = LINE_KEYWORDS.get(phase, {})
    return NameBook.of({head: (head, *forms) for head, forms in shown.items()})


def near_keywords(word: str, phase: str) -> tuple[str, ...]:
    """The keywords of `phase` nearest a misspelt first word, quoted."""
    return tuple(f"'{shown}'" for shown in _keyword_book(phase).nearest(word))


def near_words(word: str, choices: Sequence[str]) -> tuple[str, ...]:
    """The words of `choices` nearest a misspelt one, quoted."""
    book = NameBook.of({choice: () for choice in choices})
    return tuple(f"'{shown}'" for shown in book.nearest(word))


_NEAR = 0.8
_FUZZY_LENGTH = 4
MOST_PROSE_WORDS = 40
"""A longer line is not called plain prose (bounded look-ups on any input)."""


@cache
def _vocabulary() -> tuple[str, ...]:
    words = {*LINE_WORDS, *TERRAINS, *RESULTS, *PENALTIES, *INVASION, *LAND, *DRAW}
    return tuple(sorted(word for word in words if len(word) >= _FUZZY_LENGTH))


def plain_prose(toks: Sequence[Tok], players: NameBook) -> bool:
    """Whether a line that reads as no declaration is plainly none (a
    greeting, a public announcement, a signature: CC-V-6): words and commas
    only, none of them is or is near a keyword; players may be named
    (`Hola, declaro la guerra a Rojo`). A misspelt keyword (`donna 500 a
    rojo`) stays a problem. (`players` is kept for the callers.)"""
    if len(toks) > MOST_PROSE_WORDS:
        return False
    if any(tok.kind not in (TokKind.WORD, TokKind.COMMA) for tok in toks):
        return False
    vocabulary = _vocabulary()
    for tok in toks:
        word = tok.text
        if word in LINE_WORDS:
            return False
        if len(word) >= _FUZZY_LENGTH and get_close_matches(word, vocabulary, n=1, cutoff=_NEAR):
            return False
    return True


def near_hexes(text: str, hexes: frozenset[str], limit: int = 3) -> tuple[str, ...]:
    """The map's hexes nearest a code not on it: one mistyped or swapped
    digit (`0430` -> `0403`), then the hexes nearest its column and row."""
    text = text[:8]
    if len(text) == 3 and "0" + text in hexes:
        return ("0" + text,)
    typos = sorted(code for code in hexes if _typo(text, code))
    found = list(dict.fromkeys(typos))[:limit]
    if HEX_LIKE.fullmatch(text):
        column, row = int(text[:2]), int(text[2:])
        by_distance = sorted(
            (max(abs(int(c[:2]) - column), abs(int(c[2:]) - row)),
             abs(int(c[:2]) - column) + abs(int(c[2:]) - row), c)
            for c in hexes if HEX_LIKE.fullmatch(c)
        )  # fmt: skip
        found += [code for *_, code in by_distance if code not in found][: limit - len(found)]
    return tuple(found)


def _typo(text: str, code: str) -> bool:
    if len(text) != len(code):
        return False
    diff = [i for i, (a, b) in enumerate(zip(text, code, strict=True)) if a != b]
    if len(diff) == 1:
        return True
    if len(diff) != 2 or diff[1] != diff[0] + 1:
        return False
    i, j = diff
    return text[i] == code[j] and text[j] == code[i]
