"""The words of Machiavelli's advanced lines, and the names in them: what the
expense reader (`expenses`) and the Loan phase's reader (`loan_lines`) share.

A line is read as `Word`s (each with its position, for the column of an
issue) in a `LineContext` (the power writing, the map's names, the line).
Areas are read by the map's names and aliases (`orders.names.NameIndex`),
powers also by their Spanish and Catalan names and demonyms (`POWER_WORDS`);
a name not read is a problem with the nearest names (AM-17: it costs nothing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache

from maps.model import SUGGESTED_CHARS, normalize_name
from orders.issues import IssueKind, Problem, Source
from orders.machiavelli.local_names import area_name, power_title
from orders.names import NameIndex, fold
from texts import T_

# --- vocabulary ----------------------------------------------------------------------

POWER_WORDS: Mapping[str, tuple[str, ...]] = {
    "austria": ("austria", "austriaco", "austriacos", "austriac", "austriacs", "austrian"),
    "florence": ("florencia", "florentino", "florentinos", "florenti", "florentins"),
    "france": ("francia", "franca", "frances", "franceses", "francesos", "french"),
    "genoa": ("genova", "genoves", "genoveses", "genovesos", "genoese"),
    "hre": (
        "sacro imperio",
        "sacro imperio romano",
        "sacro imperio romano germanico",
        "imperio romano",
        "sacre imperi",
        "sacre imperi roma",
        "imperial",
        "imperiales",
        "holy roman empire",
    ),
    "milan": ("milan", "mila", "milanes", "milaneses", "milanesos", "milanese"),
    "naples": ("napoles", "napols", "napolitano", "napolitanos", "napolita", "napolitans"),
    "papacy": (
        "papa",
        "papado",
        "papal",
        "papales",
        "papat",
        "estados papales",
        "estados pontificios",
        "pontificio",
        "pope",
        "papal states",
    ),
    "savoy": ("saboya", "saboia", "savoia", "saboyano", "saboyanos", "saboians", "savoyard"),
    "spain": (
        "espana",
        "espanol",
        "espanoles",
        "imperio espanol",
        "espanya",
        "espanyol",
        "espanyols",
        "imperi espanyol",
        "spanish",
        "spain",
    ),
    "turks": (
        "turco",
        "turcos",
        "turquia",
        "turc",
        "turcs",
        "otomano",
        "otomanos",
        "turco otomano",
        "imperio otomano",
        "ottoman",
        "turk",
        "turkey",
    ),
    "venice": ("venecia", "veneciano", "venecianos", "veneciana", "venecians", "venetian"),
}
"""Power id -> the folded names players call it by besides the map's own names
(Spanish and Catalan names and demonyms: `(E) Turco 12d`, CM-6.1-3)."""

EMPIRES = ("imperio", "imperi", "empire", "el imperio")
"""Names that could mean the Holy Roman Empire or the Spanish Empire: read as the
one of them the map has, and as ambiguous when it has both."""

EMPIRE_POWERS = ("hre", "spain")

ARTICLES = frozenset({"el", "la", "los", "las", "al", "del", "l", "els", "les", "the"})
AGAINST = frozenset({"contra", "against"})

PAY_WORDS = frozenset({"paga", "pago", "pagar", "pay", "pays"})
NOT_WORDS = frozenset({"no", "not"})

# --- the shape of a line ---------------------------------------------------------------

COMMENT = re.compile(r"\s*(#|//).*$")
PAREN_LETTER = re.compile(r"\s*\(\s*([^\W\d_])\s*\)")
BARE_LETTER = re.compile(r"\s*([^\W\d_])(?=\s)")
DUCATS = r"(?<![\w.,])([-+]?)(\d+)(?:[.,](\d+))?\s*(?:d|ds|ducados?|ducats?)?\.?"
AMOUNT = re.compile(DUCATS + r"\s*$", re.IGNORECASE)
"""The ducats ending an expense line (`12d`)."""
AMOUNT_AT = re.compile(r"\s*" + DUCATS + r"(?!\w)", re.IGNORECASE)
"""The ducats inside a loan or a gift line (`préstamo 10d 1 año`, `da 5d a Venecia`)."""
AMOUNT_LIKE = re.compile(r"\s*[-+]?\d")
WORD = re.compile(r"[^\W_][\w'’.·]*")


@dataclass(frozen=True)
class Word:
    """A word of a line and its 0-based position in the line."""

    text: str
    start: int

    @property
    def folded(self) -> str:
        return fold(self.text.rstrip("."))

    @property
    def end(self) -> int:
        return self.start + len(self.text)


def words_in(text: str, start: int, end: int) -> tuple[Word, ...]:
    return tuple(Word(m.group(), m.start()) for m in WORD.finditer(text, start, end))


def quote(words: Sequence[Word]) -> str:
    return " ".join(word.text for word in words)


def folded_words(words: Sequence[Word]) -> str:
    return normalize_name(" ".join(word.folded for word in words))


@dataclass(frozen=True)
class LineContext:
    """What reading one line needs: the power writing, the map's names, the line."""

    power: str
    index: NameIndex
    source: Source
    text: str

    def problem(
        self,
        message: str,
        at: int,
        suggestions: Iterable[str] = (),
        kind: IssueKind = IssueKind.SYNTAX,
    ) -> Problem:
        """A problem at the 0-based position `at` of the line."""
        return Problem(kind, message, at + 1, tuple(suggestions))


def ducats(ctx: LineContext, found: re.Match[str]) -> int:
    """The whole number of ducats above 0 an amount match says, or a problem."""
    sign, whole, fraction = found.groups()
    if sign == "-" or fraction is not None or int(whole) <= 0:
        written = found.group().strip()
        message = T_(
            "the amount '{written}' is not a whole number of ducats above 0", written=written
        )
        raise ctx.problem(message, found.start(1))
    return int(whole)


def amount_at(ctx: LineContext, start: int, example: str) -> tuple[int, int]:
    """The ducats written from `start` on (`10d`, `10 ducados`, `10`) and where
    they end."""
    found = AMOUNT_AT.match(ctx.text, start)
    if found is None:
        words = words_in(ctx.text, start, len(ctx.text))
        at = words[0].start if words else len(ctx.text.rstrip())
        raise ctx.problem(T_("name the ducats (`{example}`)", example=example), at)
    return ducats(ctx, found), found.end()


def without_fillers(words: Sequence[Word]) -> Sequence[Word]:
    """`contra el Turco` -> `Turco`."""
    start = 0
    while start < len(words) - 1 and words[start].folded in AGAINST | ARTICLES:
        start += 1
    return words[start:]


# --- names ---------------------------------------------------------------------------


def area_named(ctx: LineContext, words: Sequence[Word]) -> str:
    """The one area a run of words names (any case, accents free), or a problem
    with the nearest names."""
    areas = areas_named(ctx, words)
    if len(areas) == 1:
        return areas[0]
    text = quote(words)
    if not areas:
        suggestions = ctx.index.place_suggestions(text)
        raise ctx.problem(T_("unknown area '{text}'", text=text), words[0].start, suggestions)
    game_map = ctx.index.game_map
    names = [T_("{code} ({name})", code=code, name=area_name(game_map, code)) for code in areas]
    message = T_("'{text}' could mean more than one area", text=text)
    raise ctx.problem(message, words[0].start, names, IssueKind.AMBIGUOUS)


def areas_named(ctx: LineContext, words: Sequence[Word]) -> tuple[str, ...]:
    texts = [word.text.rstrip(".") for word in words]
    readings = ctx.index.readings(texts, owner=False, coast_words=True) if texts else ()
    return tuple(dict.fromkeys(reading.area for reading in readings))


def owned_area(ctx: LineContext, words: Sequence[Word], at: int) -> tuple[str | None, str]:
    """An area, optionally led by a power (`Nápoles Capua`): (power, area)."""
    if not words:
        raise ctx.problem(T_("name the area the expense aims at"), at)
    if areas_named(ctx, words):
        return None, area_named(ctx, words)
    for cut in range(len(words) - 1, 0, -1):
        power = power_or_none(ctx, words[:cut])
        if power is not None and areas_named(ctx, words[cut:]):
            return power, area_named(ctx, words[cut:])
    return None, area_named(ctx, words)


def power_named(ctx: LineContext, words: Sequence[Word]) -> str:
    """The one power a run of words names, or a problem with the nearest names."""
    power = power_or_none(ctx, words)
    if power is not None:
        return power
    text = quote(words)
    if folded_words(words) in EMPIRES:
        choices = [power_title(ctx.index.game_map, p) for p in EMPIRE_POWERS]
        message = T_("'{text}' could mean more than one power", text=text)
        raise ctx.problem(message, words[0].start, choices, IssueKind.AMBIGUOUS)
    suggestions = power_suggestions(ctx.index, text)
    raise ctx.problem(T_("unknown power '{text}'", text=text), words[0].start, suggestions)


def power_or_none(ctx: LineContext, words: Sequence[Word]) -> str | None:
    folded = folded_words(without_fillers(words))
    powers = ctx.index.game_map.powers
    found = power_names(ctx.index).get(folded)
    if found is not None:
        return found
    if folded in EMPIRES:
        empires = [power for power in EMPIRE_POWERS if power in powers]
        return empires[0] if len(empires) == 1 else None
    return None


@lru_cache(maxsize=16)
def power_names(index: NameIndex) -> Mapping[str, str]:
    """Folded power names -> power id: the map's names and `POWER_WORDS`."""
    names = dict(index.powers)
    for power, words in POWER_WORDS.items():
        if power in index.game_map.powers:
            names.update(dict.fromkeys(words, power))
    return names


def power_suggestions(index: NameIndex, text: str, limit: int = 3) -> tuple[str, ...]:
    """Display names of the powers nearest a misspelt name (`Turcco` -> Turks)."""
    names = power_names(index)
    key = normalize_name(text[:SUGGESTED_CHARS])
    close = get_close_matches(key, list(names), n=limit * 4, cutoff=0.6)
    found = dict.fromkeys(power_title(index.game_map, names[name]) for name in close)
    return tuple(found)[:limit]
