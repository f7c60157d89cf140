"""The words of Genes Mactantes declarations that the grammar leaves to Python.

`grammar/genes.lark` reads the keyword phrases of every action (Catalan,
Spanish, English) and leaves names as runs of words. This module holds the
rest of the vocabulary: the words that may lead a name without being part of
it ("la ciutat de Vilanova", "en Joan"), the words that make a place a
country's field ("camp de Llevant"), the words between active characters
("Joan i Maria"), and, for messages, the forms each action word expects.
`NameReader` resolves a run of words with them: country, city, character,
place, active characters, or free text kept as written.

Every word is compared folded as `maps.model.normalize_name` folds it (lower
case, no accents, apostrophes and hyphens blanked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import NamedTuple

from lark import Token

from maps.model import SUGGESTED_CHARS, SUGGESTION_CUTOFF, SUGGESTION_SPREAD, normalize_name
from orders.issues import IssueKind, Problem
from texts import T_

ARTICLES: frozenset[str] = frozenset(
    {"el", "la", "l", "els", "les", "lo", "los", "las", "the", "en", "na", "n"}
)
"""Articles that may come before a name: Catalan, Spanish, English, and the
Catalan personal articles ("en Joan", "na Maria", "n'Andreu")."""

_NOUNS = {"ciutat", "ciudad", "city", "pais", "country", "personatge", "personaje", "character"}
_OF = {"de", "d", "del", "dels", "of"}
_PERSONAL_A = {"a", "al"}  # Spanish: "asesinar a María"

FILLERS: frozenset[str] = ARTICLES | _NOUNS | _OF | _PERSONAL_A
"""Words dropped from the front of a name that does not read as written:
"la ciutat de Vilanova" -> "Vilanova", "el personatge Joan" -> "Joan",
"a María" -> "María"."""

FIELD_WORDS: frozenset[str] = frozenset({"camp", "campo", "field", "camps", "campos"})
"""A place led by one of these (and "de"/"of") is a country's field:
"camp de Llevant", "campo de Llevant", "the field of Llevant"."""

OF_WORDS: frozenset[str] = frozenset(_OF)
"""What may join a field word to its country."""

CITY_NOUNS: frozenset[str] = frozenset({"ciutat", "ciudad", "city"})
"""A founded city's name may be led by "la ciutat de" / "una nova ciutat"
(002 §5.4.3 Fundar): the words up to the noun and its "de" are dropped."""

CITY_NOUN_LEAD: frozenset[str] = frozenset({"la", "una", "nova", "the", "a", "new", "nueva", "l"})
"""Words that may come before the noun of a founded city ("una nova ciutat")."""

HELPER_SEPARATORS: frozenset[str] = frozenset({"i", "y", "and", ",", "&", "+"})
"""Words between active characters: "amb Joan i Maria", "with Joan and Maria"."""

EXAMPLES: tuple[str, ...] = (
    "fortificar <ciutat>",
    "reclutar soldats <n> [a <ciutat>]",
    "batalla a <ciutat>",
    "ascendir <personatge> <característica>",
)
"""Forms shown for a line that names no action at all."""


def _forms(*forms: str) -> tuple[str, ...]:
    return forms


_CATALAN: Mapping[str, tuple[str, ...]] = {
    "fortificar": _forms("fortificar <ciutat>"),
    "fundar": _forms("fundar <nom>"),
    "reprimir": _forms("reprimir contrapoder"),
    "restaurar": _forms("restaurar ordre"),
    "taxes": _forms("taxes"),
    "desenvolupament": _forms("desenvolupament <característica>"),
    "observacio": _forms("observació"),
    "batalla": _forms("batalla a <ciutat>", "batalla contra <país> a <país>"),
    "guerra": _forms("guerra civil"),
    "reclutar": _forms("reclutar soldats <n> [a <ciutat>]"),
    "soldats": _forms("soldats a casa <n> [de <lloc>]"),
    "trasllat": _forms("trasllat de tropes <n> de <lloc> a <lloc>"),
    "ascendir": _forms(
        "ascendir <personatge> <característica>",
        "ascendir <personatge> principal",
        "ascendir nou <nom> <característica>",
    ),
    "assassinar": _forms("assassinar <personatge>"),
    "capturar": _forms("capturar <personatge> [per militarisme]"),
    "convencer": _forms("convèncer <personatge>"),
    "copiar": _forms("copiar tecnologia de <país>"),
    "crear": _forms("crear contrapoder a <país>"),
    "enfortir": _forms("enfortir contrapoder a <país>"),
    "investigacio": _forms("investigació <país>"),
    "promoure": _forms("promoure desafecció a <país>"),
    "desafeccio": _forms("desafecció a <país>"),
    "sabotatge": _forms("sabotatge <país>"),
    "incursio": _forms("incursió <país>"),
    "setge": _forms("setge <ciutat>"),
    "alianca": _forms("aliança <país> a <lloc>", "aliança rebels <país>"),
    "vigilancia": _forms("vigilància capturar", "vigilància assassinar"),
    "alliberar": _forms("alliberar <personatge>"),
    "desastre": _forms("desastre: <tipus>", "desastre a <ciutat>"),
    "bescanvi": _forms("bescanvi amb <país>: dono <béns>; rebo <béns>"),
    "crisi": _forms("crisi [<característica>] amb <personatge>"),
    "repatriar": _forms("repatriar <personatge>"),
}

_SPANISH: Mapping[str, tuple[str, ...]] = {
    "fortificar": _CATALAN["fortificar"],  # the same word in Catalan
    "amurallar": _forms("amurallar <ciudad>"),
    "impuestos": _forms("impuestos"),
    "tasas": _forms("tasas"),
    "desarrollo": _forms("desarrollo <característica>"),
    "desarrollar": _forms("desarrollar <característica>"),
    "observacion": _forms("observación"),
    "soldados": _forms("soldados a casa <n> [de <lugar>]"),
    "traslado": _forms("traslado de tropas <n> de <lugar> a <lugar>"),
    "trasladar": _forms("trasladar <n> de <lugar> a <lugar>"),
    "mover": _forms("mover <n> de <lugar> a <lugar>"),
    "ascender": _forms(
        "ascender <personaje> <característica>",
        "ascender <personaje> principal",
        "ascender nuevo <nombre> <característica>",
    ),
    "asesinar": _forms("asesinar <personaje>"),
    "secuestrar": _forms("secuestrar <personaje>"),
    "investigacion": _forms("investigación <país>"),
    "promover": _forms("promover desafección en <país>"),
    "desafeccion": _forms("desafección en <país>"),
    "sabotaje": _forms("sabotaje <país>"),
    "sabotear": _forms("sabotear <país>"),
    "incursion": _forms("incursión <país>"),
    "asedio": _forms("asedio <ciudad>"),
    "asediar": _forms("asediar <ciudad>"),
    "sitio": _forms("sitio <ciudad>"),
    "sitiar": _forms("sitiar <ciudad>"),
    "alianza": _forms("alianza <país> en <lugar>", "alianza rebeldes <país>"),
    "liberar": _forms("liberar <personaje>"),
    "reforzar": _forms("reforzar contrapoder en <país>"),
    "fortalecer": _forms("fortalecer contrapoder en <país>"),
    "aumentar": _forms("aumentar contrapoder en <país>"),
    "restablecer": _forms("restablecer el orden"),
    "subir": _forms("subir impuestos"),
    "intercambio": _forms("intercambio con <país>: doy <bienes>; recibo <bienes>"),
    "trueque": _forms("trueque con <país>: doy <bienes>; recibo <bienes>"),
    "canje": _forms("canje con <país>: doy <bienes>; recibo <bienes>"),
    "repatriar": _CATALAN["repatriar"],  # the same word in Catalan
}

_ENGLISH: Mapping[str, tuple[str, ...]] = {
    "fortify": _forms("fortify <city>"),
    "wall": _forms("wall <city>"),
    "found": _forms("found <name>"),
    "repress": _forms("repress counter-power"),
    "restore": _forms("restore order"),
    "tax": _forms("taxes"),
    "raise": _forms("raise taxes"),
    "collect": _forms("collect taxes"),
    "levy": _forms("levy taxes"),
    "develop": _forms("develop <trait>"),
    "development": _forms("development <trait>"),
    "observation": _forms("observation"),
    "observe": _forms("observe"),
    "battle": _forms("battle at <city>", "battle against <country> in <country>"),
    "civil": _forms("civil war"),
    "recruit": _forms("recruit <n> [in <city>]"),
    "enlist": _forms("enlist <n> [in <city>]"),
    "soldiers": _forms("soldiers home <n> [from <place>]"),
    "move": _forms("move <n> from <place> to <place>"),
    "transfer": _forms("transfer <n> from <place> to <place>"),
    "promote": _forms(
        "promote <character> <trait>",
        "promote <character> principal",
        "promote new <name> <trait>",
        "promote disaffection in <country>",
    ),
    "assassinate": _forms("assassinate <character>"),
    "kill": _forms("kill <character>"),
    "capture": _forms("capture <character> [by militarism]"),
    "kidnap": _forms("kidnap <character>"),
    "convince": _forms("convince <character>"),
    "copy": _forms("copy technology from <country>"),
    "steal": _forms("steal technology from <country>"),
    "create": _forms("create counter-power in <country>"),
    "strengthen": _forms("strengthen counter-power in <country>"),
    "investigate": _forms("investigate <country>"),
    "investigation": _forms("investigation <country>"),
    "disaffection": _forms("disaffection in <country>"),
    "sabotage": _forms("sabotage <country>"),
    "raid": _forms("raid <country>"),
    "siege": _forms("siege <city>"),
    "besiege": _forms("besiege <city>"),
    "ally": _forms("ally <country> at <place>", "ally rebels <country>"),
    "alliance": _forms("alliance <country> at <place>", "alliance rebels <country>"),
    "watch": _forms("watch capture", "watch assassinate"),
    "release": _forms("release <character>"),
    "free": _forms("free <character>"),
    "disaster": _forms("disaster: <kind>", "disaster in <city>"),
    "exchange": _forms("exchange with <country>: give <goods>; receive <goods>"),
    "trade": _forms("trade with <country>: give <goods>; receive <goods>"),
    "swap": _forms("swap with <country>: give <goods>; receive <goods>"),
    "crisis": _forms(
        "crisis [<trait>] with <character>", "crisis [<característica>] con <personaje>"
    ),
    "repatriate": _forms("repatriate <character>"),
}

_SAME_AS: Mapping[str, str] = {
    # other forms of a Catalan or Spanish action word -> the word whose forms they share
    "fortifica": "fortificar",
    "emmurallar": "fortificar",
    "funda": "fundar",
    "fundacio": "fundar",
    "fundacion": "fundar",
    "reprimeix": "reprimir",
    "restaura": "restaurar",
    "restablir": "restaurar",
    "impostos": "taxes",
    "cobrar": "taxes",
    "recaptar": "taxes",
    "apujar": "taxes",
    "desenvolupar": "desenvolupament",
    "desenvolupa": "desenvolupament",
    "observar": "observacio",
    "recluta": "reclutar",
    "recrutar": "reclutar",
    "reclutament": "reclutar",
    "reclutamiento": "reclutar",
    "allistar": "reclutar",
    "tropes": "soldats",
    "tropas": "soldados",
    "soldat": "soldats",
    "soldado": "soldados",
    "soldier": "soldiers",
    "troops": "soldiers",
    "traslladar": "trasllat",
    "trasllada": "trasllat",
    "moure": "trasllat",
    "mou": "trasllat",
    "ascendeix": "ascendir",
    "asciende": "ascender",
    "promocionar": "ascendir",
    "assassina": "assassinar",
    "asesina": "asesinar",
    "matar": "assassinar",
    "captura": "capturar",
    "segrestar": "capturar",
    "convenc": "convencer",
    "convenceu": "convencer",
    "convence": "convencer",
    "copia": "copiar",
    "crea": "crear",
    "enforteix": "enfortir",
    "reforcar": "enfortir",
    "augmentar": "enfortir",
    "investigar": "investigacio",
    "investiga": "investigacio",
    "promou": "promoure",
    "sabotejar": "sabotatge",
    "saboteja": "sabotatge",
    "assetjar": "setge",
    "assetja": "setge",
    "aliar": "alianca",
    "vigilar": "vigilancia",
    "vigila": "vigilancia",
    "allibera": "alliberar",
    "libera": "liberar",
    "bescanviar": "bescanvi",
    "intercanvi": "bescanvi",
    "intercanviar": "bescanvi",
    "intercambiar": "intercambio",
    "repatria": "repatriar",
}


def _action_words() -> dict[str, tuple[str, ...]]:
    words: dict[str, tuple[str, ...]] = {**_CATALAN, **_SPANISH, **_ENGLISH}
    for word, same in _SAME_AS.items():
        words[word] = words[same]
    return words


ACTION_WORDS: Mapping[str, tuple[str, ...]] = _action_words()
"""Every word a declaration line may start with (folded), and the forms it
expects, in the word's language: `fortificar` -> ("fortificar <ciutat>",).
Kept in step with `grammar/genes.lark` by a test."""


# --- names ---------------------------------------------------------------------------

FIELD_PREFIX = "field:"
"""A place that is a country's field: `field:<country>` (else a city id)."""

STOPS = ".;,"
"""Punctuation dropped from the end of a line and of free text."""

Words = tuple[Token, ...]
"""A run of words (and separators) as the grammar read it; positions are columns."""


def fold(text: str) -> str:
    """A name as lookups compare it (`L’Hospitalet` -> `l hospitalet`)."""
    return normalize_name(text.replace("’", "'"))


@dataclass(frozen=True)
class NameBook:
    """One kind of name, folded for lookup: folded name -> ids, id -> display."""

    what: str
    ids: Mapping[str, tuple[str, ...]]
    display: Mapping[str, str]

    @classmethod
    def of(cls, what: str, names: Mapping[str, tuple[str, ...]]) -> NameBook:
        """The book of `names` (id -> its names and aliases; the id is a name too)."""
        ids: dict[str, tuple[str, ...]] = {}
        for id_, written in names.items():
            for key in dict.fromkeys(fold(name) for name in (id_, *written)):
                if key:
                    ids[key] = (*ids.get(key, ()), id_)
        display = {id_: (written[0] if written else id_) for id_, written in names.items()}
        return cls(what, ids, display)

    def lookup(self, key: str) -> tuple[str, ...]:
        return self.ids.get(key, ())


class Books(NamedTuple):
    """The three kinds of name a declaration uses."""

    countries: NameBook
    cities: NameBook
    characters: NameBook


def nearest(text: str, books: Sequence[NameBook], limit: int = 3) -> tuple[str, ...]:
    """Display names of the ids whose names are nearest `text`, best first
    (the cutoff and spread of `GameMap.suggestions`)."""
    key = fold(text[:SUGGESTED_CHARS])
    best: dict[str, float] = {}
    for book in books:
        for name, ids in book.ids.items():
            score = SequenceMatcher(None, key, name).ratio()
            for id_ in ids:
                shown = book.display[id_]
                if score >= SUGGESTION_CUTOFF and score > best.get(shown, 0.0):
                    best[shown] = score
    if not best:
        return ()
    top = max(best.values())
    ranked = sorted(best, key=lambda shown: (-best[shown], shown))
    return tuple(shown for shown in ranked if best[shown] >= top - SUGGESTION_SPREAD)[:limit]


class NameReader:
    """Resolves the runs of words of one line; `text` is the line as written
    (token positions are its columns). A name that reads no way raises a
    `Problem`: ILLEGAL for an unknown name (with the nearest ones), AMBIGUOUS
    for a name shared by several ids."""

    def __init__(self, books: Books, text: str, owners: Mapping[str, str] | None = None) -> None:
        self.books = books
        self.text = text
        self.owners = owners or {}
        self.power: str | None = None
        """The country writing the line, once known: a character's name shared
        by two countries is read as the writer's own where the action needs its
        own (helpers, Ascendir) and as the other's where it acts on another's."""

    # --- one kind of name ---------------------------------------------------------

    def country(self, words: Words) -> str:
        return self._one(words, self.books.countries)

    def city(self, words: Words) -> str:
        return self._one(words, self.books.cities)

    def character(self, words: Words, own: bool = False) -> str:
        """A character; a name two countries share is read as the writer's own
        (`own`) or as another country's."""
        _, found = self.lookup(words, self.books.characters)
        return self._one(words, self.books.characters, self._side(found, own))

    def _side(self, found: tuple[str, ...], own: bool) -> tuple[str, ...]:
        """The ids of `found` on the wanted side, when that leaves exactly one."""
        if len(found) < 2 or self.power is None:
            return found
        kept = tuple(i for i in found if (self.owners.get(i) == self.power) == own)
        return kept if len(kept) == 1 else found

    def place(self, words: Words) -> str:
        """A city id, or `field:<country>` for a country or its field ("Llevant",
        "camp de Llevant"). A city named like a country wins."""
        cities, countries = self.books.cities, self.books.countries
        start, found = self.lookup(words, cities)
        if found:
            return self._single(words[start:], found, cities)
        start, found = self.lookup(words, countries)
        if found:
            return FIELD_PREFIX + self._single(words[start:], found, countries)
        field = self._field_start(words)
        if field is not None:
            return FIELD_PREFIX + self.country(words[field:])
        part = self._named_part(words)
        text = self.quote(part)
        near = nearest(text, [cities, countries])
        raise self.problem(IssueKind.ILLEGAL, T_("unknown place '{name}'", name=text), part, near)

    def helpers(self, run: Words) -> tuple[str, ...]:
        """`Joan i Maria`, `Joan, Maria`, `Jaume I i Pere` -> character ids: at
        each point, the longest run of words that names a character."""
        found: list[str] = []
        at = 0
        while at < len(run):
            if self._fold(run[at]) in HELPER_SEPARATORS:
                at += 1
                continue
            at, character = self._next_helper(run, at)
            if character not in found:
                found.append(character)
        return tuple(found)

    # --- free text ----------------------------------------------------------------

    def free(self, words: Words) -> str:
        """Words kept as written (a new character's name, a disaster's kind)."""
        return self.quote(words).strip().rstrip(STOPS + ":")

    def new_city(self, words: Words) -> str:
        """A founded city's name, without a leading "la ciutat de" / "una nova
        ciutat" (002 §5.4.3 Fundar)."""
        folded = [self._fold(word) for word in words]
        noun = next((i for i, word in enumerate(folded) if word in CITY_NOUNS), None)
        if noun is not None and all(word in CITY_NOUN_LEAD for word in folded[:noun]):
            rest = noun + 1
            if rest < len(words) - 1 and folded[rest] in OF_WORDS:
                rest += 1
            if rest < len(words):
                words = words[rest:]
        return self.free(words)

    # --- lookups ------------------------------------------------------------------

    def lookup(self, words: Words, book: NameBook) -> tuple[int, tuple[str, ...]]:
        """The ids `words` name, trying the whole run first, then without its
        leading articles and nouns ("la ciutat de Vilanova"); and where the
        name read starts."""
        for start in range(len(words)):
            found = book.lookup(fold(self.quote(words[start:])))
            if found:
                return start, found
            if self._fold(words[start]) not in FILLERS:
                break
        return 0, ()

    def _one(self, words: Words, book: NameBook, found_ids: tuple[str, ...] = ()) -> str:
        """The one id `words` name in `book` (or among `found_ids`, when given),
        or a problem naming the nearest."""
        start, found = self.lookup(words, book)
        found = found_ids or found
        if found:
            return self._single(words[start:], found, book)
        part = self._named_part(words)
        text = self.quote(part)
        near = nearest(text, [book])
        message = T_("unknown {what} '{name}'", what=T_(book.what), name=text)
        raise self.problem(IssueKind.ILLEGAL, message, part, near)

    def _single(self, words: Words, found: tuple[str, ...], book: NameBook) -> str:
        if len(found) == 1:
            return found[0]
        choices = tuple(f"{book.display[id_]} ({id_})" for id_ in found)
        message = T_(
            "'{name}' names more than one {what}", name=self.quote(words), what=T_(book.what)
        )
        raise self.problem(IssueKind.AMBIGUOUS, message, words, choices)

    def _field_start(self, words: Words) -> int | None:
        """Where the country starts after "camp de" ("el camp de", "the field
        of"), or None when the place does not start so."""
        at = 0
        while at < len(words) and self._fold(words[at]) in ARTICLES:
            at += 1
        if at >= len(words) or self._fold(words[at]) not in FIELD_WORDS:
            return None
        at += 1
        while at < len(words) - 1 and self._fold(words[at]) in OF_WORDS | ARTICLES:
            at += 1
        return at if at < len(words) else None

    def _named_part(self, words: Words) -> Words:
        """The words to quote for an unknown name: without leading fillers."""
        start = 0
        while start < len(words) - 1 and self._fold(words[start]) in FILLERS:
            start += 1
        return words[start:]

    def _next_helper(self, run: Words, at: int) -> tuple[int, str]:
        """The character whose name starts at `at` (the longest that reads),
        and where the rest of the run starts."""
        end = next((i for i in range(at, len(run)) if run[i].type == "SEP"), len(run))
        for stop in range(end, at, -1):
            start, ids = self.lookup(run[at:stop], self.books.characters)
            ids = self._side(ids, own=True)
            if ids:
                return stop, self._single(run[at + start : stop], ids, self.books.characters)
        part = run[at:end]
        cut = next((i for i, word in enumerate(part) if self._fold(word) in HELPER_SEPARATORS), 0)
        return end, self.character(part[:cut] if cut else part, own=True)

    # --- text and problems --------------------------------------------------------

    def quote(self, words: Sequence[Token]) -> str:
        """The words as the player wrote them (accents, capitals, apostrophes)."""
        start, end = words[0].start_pos, words[-1].end_pos
        if start is None or end is None:
            return " ".join(words)
        return self.text[start:end]

    def _fold(self, word: Token) -> str:
        return fold(self.quote((word,)))

    def problem(
        self,
        kind: IssueKind,
        message: str,
        words: Sequence[Token],
        suggestions: Iterable[str] = (),
    ) -> Problem:
        """A problem placed at the first of `words`."""
        column = words[0].column if words and words[0].column else 1
        return Problem(kind, message, column, tuple(suggestions))
