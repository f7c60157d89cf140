"""A post's political lines -> the records of `orders.orbis.politics_model`
(rulebook 000 "Mapa y Estados" .. "Épocas"; checklist O-188 .. O-287).

`orders.orbis.reader.read_post` finds the lines (a sentence starting with
`Tratado:`, `Declaración:`, `Conferencia:`, `Voto:` or `Vasallo:`, or
`Treaty:`, `Declaration:`, `Conference:`, `Vote:`, `Vassal:`; accents and
case free) and hands each here from its keyword to the END OF ITS LINE, so
the free text after the first colon (terms, topic, reservations) may hold
full stops and semicolons. One line is one record:

- `Tratado: ofrece paz a Castilla y Francia por 15 años con modificador -5
  ECN [para Castilla] penalización +10 durante 5 años: términos` (O-238,
  O-242, O-244, O-245); `acepta|rechaza|retira|rompe T501-1`, `renueva
  T501-1 [por N años]`, `se adhiere a T501-1` (O-239, O-241 .. O-247),
  `contraoferta T501-1 [kind] [a X] [clauses]: términos` (O-240), `libera
  a Asturias` (O-194).
- `Declaración: neutralidad [penalización +10 durante 3 años]: texto`
  (O-248, O-252, O-253; `con X` co-declarants are ignored: a joint
  declaration is the same declaration by several nations), `guerra contra
  X` (O-205), `revoca|rompe|reasume D501-1` (O-250, O-251), `se adhiere a
  D501-1 [con reservas: a; b]` (O-253, O-255).
- `Conferencia: convoca sobre <tema> [con A, B y C]` (O-257, O-261),
  `asiste a|cierra|abandona|disuelve C501-1`, `propone en C501-1: texto`,
  `protesta contra C501-1/P2` (O-262, O-265, O-266, O-273).
- `Voto: C501-1 [P2] sí|no|abstención|retira` (O-266); `Voto: <organisation
  id> <nation>` (O-287): a `Voto:` whose first word is no `C<year>-<n>` is
  an election vote, its first word (folded) the organisation's id.
- `Vasallo: tributo MIL`, `perdona el tributo de X`, `independencia`,
  `permanece`, `eleva a X` (O-188, O-191, O-192, O-195, O-196).

A line that cannot be read raises a `Problem` saying what was expected, with
an example line and the nearest names or words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.orbis.model import NameBook
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    LineModifier,
    LinePenalty,
    ParsedPolitics,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
    VoteLine,
)
from orders.orbis.politics_words import (
    BALLOTS,
    CONFERENCE_VERBS,
    DECLARATION_KINDS,
    DECLARATION_VERBS,
    DECLARATION_WORDS,
    EVERY_ROLL,
    EXAMPLES,
    KEYWORD,
    KEYWORD_KINDS,
    MODIFIER_ITEM,
    MODIFIERS,
    PENALTY,
    PROPOSAL,
    REF,
    RESERVATIONS,
    TERM,
    TO_PARTIES,
    TREATY_ARTICLE,
    TREATY_KINDS,
    TREATY_VERBS,
    TRIBUTE_GOODS,
    TRIM,
    VASSAL_VERBS,
    Part,
    flat,
    guess,
    instrument,
    longest,
    number,
)
from orders.orbis.words import ATTRIBUTE_WORDS, attribute_id, fold, nearest
from texts import T_


def starts_political(text: str) -> bool:
    """Whether a sentence is a political line (starts with its keyword)."""
    return KEYWORD.match(text.strip()) is not None


def read_political_lines(
    found: Iterable[tuple[Source, str]], power: str, book: NameBook
) -> ParsedPolitics:
    """The records of the political lines of one post, in the order written,
    and an issue for each line that cannot be read (the rest still count)."""
    lines: list[PoliticalLine] = []
    issues: list[OrderIssue] = []
    for source, text in found:
        try:
            lines.append(political_line(text, power, book, source))
        except Problem as problem:
            issues.append(OrderIssue(problem.kind, problem.message, source, problem.suggestions))
    return ParsedPolitics(tuple(lines), tuple(issues))


def political_line(
    text: str, power: str, book: NameBook, source: Source | None = None
) -> PoliticalLine:
    """One political line -> its record, or a `Problem` naming what was
    expected with an example line."""
    match = KEYWORD.match(text.strip())
    if match is None:
        raise Problem(IssueKind.SYNTAX, T_("no political line"), 1)
    kind = KEYWORD_KINDS[flat(match.group("kw"))[:4]]
    body = Part.of(match.group("body"))
    try:
        return _READERS[kind](body, power, book, source)
    except Problem as problem:
        message = T_(
            "{problem}; expected e.g. {example}", problem=problem.message, example=EXAMPLES[kind]
        )
        raise Problem(problem.kind, message, problem.column, problem.suggestions) from None


def _verb(
    head: Part, verbs: tuple[tuple[str, str], ...], what: str, known: tuple[str, ...]
) -> tuple[str, Part]:
    """The act a head starts with (`verbs`: regex -> act) and the rest."""
    for pattern, act in verbs:
        if found := re.match(r"(?:(?:se|nos|me|we)\s+)?(?:" + pattern + r")\b\s*", head.low):
            return act, head.cut(found.end()).strip()
    word = head.low.split()[0] if head.low.split() else ""
    shown = head.plain() or T_("(nothing)")
    raise Problem(
        IssueKind.SYNTAX,
        T_("unknown {what} '{name}'", what=what, name=shown),
        1,
        nearest(word, known),
    )


def _ref(rest: Part, letter: str, *, resolution: bool = False) -> tuple[str, Part]:
    """The instrument id a line names (`T501-1`...) and the words after it."""
    found = REF.search(rest.low)
    wanted = {
        "t": T_("offer or treaty id T<year>-<n>"),
        "d": T_("declaration id D<year>-<n>"),
    }.get(
        letter,
        T_("resolution id C<year>-<n>/P<k>") if resolution else T_("conference id C<year>-<n>"),
    )
    if found is None:
        shown = rest.plain() or T_("(nothing)")
        raise Problem(
            IssueKind.SYNTAX, T_("'{name}' names no {wanted}", name=shown, wanted=wanted), 1
        )
    if found.group("letter") != letter or (found.group("p") is not None) != resolution:
        raise Problem(
            IssueKind.SYNTAX, T_("{id} is no {wanted}", id=instrument(found), wanted=wanted), 1
        )
    return instrument(found), rest.cut(found.end()).strip()


def _nations(part: Part, book: NameBook, what: str) -> tuple[str, ...]:
    """The nations of `A, B y C` (each by name or alias, nearest names on a miss)."""
    found: list[str] = []
    start = 0
    marks = list(re.finditer(r"\s*(?:,|&|\s+y\s+|\s+e\s+|\s+and\s+)\s*", part.low))
    for end, after in [(m.start(), m.end()) for m in marks] + [(len(part.low), len(part.low))]:
        piece = part.cut(start, end).plain()
        start = after
        if piece:
            found.append(book.nation(piece))
    if not found:
        raise Problem(IssueKind.SYNTAX, T_("name the {what}", what=what), 1)
    return tuple(dict.fromkeys(found))


def _clauses(
    part: Part, book: NameBook
) -> tuple[int | None, tuple[LineModifier, ...], LinePenalty | None, Part]:
    """The term, modifiers and penalty clauses of a head (O-242, O-244,
    O-245), and what is left (kind and parties)."""
    penalty = None
    if found := PENALTY.search(part.low):
        penalty = _penalty(found)
        part = part.blank(found.start(), found.end())
    years = None
    if found := TERM.search(part.low):
        years = number(found.group("years"), T_("the term"), "`por 15 años`")
        if years < 1:
            raise Problem(IssueKind.ILLEGAL, T_("a treaty lasts at least one year (O-245)"), 1)
        part = part.blank(found.start(), found.end())
    modifiers: tuple[LineModifier, ...] = ()
    if found := MODIFIERS.search(part.low):
        modifiers = _modifiers(part.cut(found.end()), book)
        part = part.cut(0, found.start())
    return years, modifiers, penalty, part.strip()


def _penalty(found: re.Match[str]) -> LinePenalty:
    """`penalización +10 durante 5 años` (O-242, O-252)."""
    example = "`penalización +10 durante 5 años`"
    value = number(found.group("value"), T_("the penalty"), example)
    years = number(found.group("years"), T_("the penalty's years"), example)
    if value <= 0 or years <= 0:
        raise Problem(
            IssueKind.ILLEGAL,
            T_("a penalty is positive, for some years ({example})", example=example),
            1,
        )
    return LinePenalty(value, years)


def _modifiers(part: Part, book: NameBook) -> tuple[LineModifier, ...]:
    """`-5 ECN [para Castilla], -5 MIL` after `con modificador` (O-244)."""
    made: list[LineModifier] = []
    start = 0
    marks = [(m.start(), m.end()) for m in re.finditer(r"\s*(?:,|\s+y\s+|\s+and\s+)\s*", part.low)]
    for end, after in [*marks, (len(part.low), len(part.low))]:
        item = part.cut(start, end).strip()
        start = after
        found = MODIFIER_ITEM.fullmatch(item.low)
        if found is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_(
                    "cannot read the modifier '{item}': write `con modificador -5 ECN` (O-244)",
                    item=item.plain(),
                ),
                1,
            )
        value = number(found.group("value"), T_("the modifier"), "`-5 ECN`")
        if value == 0:
            raise Problem(IssueKind.ILLEGAL, T_("a modifier of 0 does nothing (O-244)"), 1)
        words = found.group("attr").strip()
        attribute = None if words in EVERY_ROLL else attribute_id(words)
        if attribute is None and words not in EVERY_ROLL:
            raise Problem(
                IssueKind.SYNTAX,
                T_(
                    "unknown attribute '{name}' of a treaty modifier: name MIL, AUX, ECN, CLT,"
                    " ADM, GES, LEA, TCN, INT or PRS (O-244)",
                    name=item.cut(*found.span("attr")).plain(),
                ),
                1,
                nearest(words, tuple(ATTRIBUTE_WORDS)),
            )
        holder = None
        if found.group("holder"):
            holder = book.nation(item.cut(*found.span("holder")).plain())
        made.append(LineModifier(value, attribute, holder))
    return tuple(made)


def _kind_parties(
    part: Part, book: NameBook, *, required: bool
) -> tuple[str | None, tuple[str, ...]]:
    """`paz a Castilla y Francia` -> the `TreatyKind` value and the parties;
    for a counter-offer both may be omitted (O-238, O-240)."""
    if not required and (to := re.match(TO_PARTIES.pattern, part.low)):
        return None, _nations(part.cut(to.end()), book, T_("nations"))
    part = part.skip(TREATY_ARTICLE.pattern)
    kind = longest(part.low, TREATY_KINDS)
    if kind is None:
        if not part.low.strip() and not required:
            return None, ()
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "unknown kind of treaty '{name}' (paz, no agresión, alto el fuego, garantía de"
                " neutralidad, alianza, comercio, vasallaje, otro)",
                name=part.plain() or T_("(nothing)"),
            ),
            1,
            guess(part.low, TREATY_KINDS),
        )
    rest = part.cut(len(kind[0]))
    to = TO_PARTIES.search(rest.low)
    if to is None:
        if required:
            raise Problem(
                IssueKind.SYNTAX, T_("name the nations it is offered to: `a Castilla`"), 1
            )
        return kind[1], ()
    return kind[1], _nations(rest.cut(to.end()), book, T_("nations it is offered to"))


def _treaty(body: Part, power: str, book: NameBook, source: Source | None) -> TreatyLine:
    """One `Tratado:` line (O-194, O-238 .. O-247)."""
    head, terms = body.split()
    act_word, rest = _verb(head, TREATY_VERBS, T_("treaty action"), tuple(TreatyAct))
    act = TreatyAct(act_word)
    if act is TreatyAct.FREE:
        parties = _nations(rest.skip(r"(?:a|al|to)\s+"), book, T_("vassal"))
        return TreatyLine(power, act, parties=parties, terms=terms, source=source)
    ref = None
    if act is not TreatyAct.OFFER:
        ref, rest = _ref(rest, "t")
    if act not in (TreatyAct.OFFER, TreatyAct.COUNTER, TreatyAct.RENEW):
        return TreatyLine(power, act, ref, terms=terms, source=source)
    years, modifiers, penalty, rest = _clauses(rest, book)
    if act is TreatyAct.RENEW:
        return TreatyLine(power, act, ref, years=years, terms=terms, source=source)
    kind, parties = _kind_parties(rest, book, required=act is TreatyAct.OFFER)
    if power in parties:
        raise Problem(IssueKind.ILLEGAL, T_("a nation makes no treaty with itself (O-238)"), 1)
    return TreatyLine(
        power, act, ref, kind, parties, years, terms, modifiers, penalty, source=source
    )


def _declaration(body: Part, power: str, book: NameBook, source: Source | None) -> DeclarationLine:
    """One `Declaración:` line (O-205, O-248 .. O-255)."""
    head, terms = body.split()
    try:
        act_word, rest = _verb(head, DECLARATION_VERBS, T_("declaration"), ())
    except Problem:
        return _declare(head, terms, power, source)
    if act_word == "guerra":
        against, _ = book.nation_prefix(rest.plain())
        if against == power:
            raise Problem(IssueKind.ILLEGAL, T_("a nation declares no war on itself (O-205)"), 1)
        return DeclarationLine(
            power, DeclarationAct.WAR, text=terms, against=against, source=source
        )
    act = DeclarationAct(act_word)
    ref, rest = _ref(rest, "d")
    reservations: tuple[str, ...] = ()
    if act is DeclarationAct.ADHERE and (found := RESERVATIONS.search(rest.low)):
        written = terms or rest.cut(found.end()).plain()
        reservations = tuple(r.strip(TRIM) for r in written.split(";") if r.strip(TRIM))
        if not reservations:
            raise Problem(IssueKind.SYNTAX, T_("write the reservations: `con reservas: a; b`"), 1)
        terms = ""
    return DeclarationLine(power, act, ref, text=terms, reservations=reservations, source=source)


def _declare(head: Part, terms: str, power: str, source: Source | None) -> DeclarationLine:
    """A new declaration (O-248, O-252): `neutralidad [penalización ...]`;
    words that are no kind make an `other` declaration unless they look
    like a misspelt kind or act (then a `Problem` with the nearest words)."""
    penalty = None
    if found := PENALTY.search(head.low):
        penalty = _penalty(found)
        head = head.blank(found.start(), found.end()).strip()
    head = head.skip(r"(?:(?:declar\w*|declares?)\s+)?(?:(?:una|la|a|the)\s+)?(?:(?:de|of)\s+)?")
    kind = longest(head.low, DECLARATION_KINDS)
    if kind is not None:
        return DeclarationLine(
            power, DeclarationAct.DECLARE, kind=kind[1], text=terms, penalty=penalty, source=source
        )
    if not head.plain():
        raise Problem(IssueKind.SYNTAX, T_("the declaration says nothing"), 1)
    word = head.low.split()[0]
    if guesses := nearest(word, DECLARATION_WORDS):
        raise Problem(
            IssueKind.SYNTAX, T_("unknown declaration '{name}'", name=head.plain()), 1, guesses
        )
    text = f"{head.plain()}: {terms}" if terms else head.plain()
    return DeclarationLine(
        power, DeclarationAct.DECLARE, kind="other", text=text, penalty=penalty, source=source
    )


def _conference(body: Part, power: str, book: NameBook, source: Source | None) -> ConferenceLine:
    """One `Conferencia:` line (O-257 .. O-273)."""
    head, terms = body.split()
    act_word, rest = _verb(head, CONFERENCE_VERBS, T_("conference action"), tuple(ConferenceAct))
    act = ConferenceAct(act_word)
    if act is ConferenceAct.CONVENE:
        return _convene(rest, terms, power, book, source)
    ref, _ = _ref(rest, "c", resolution=act is ConferenceAct.PROTEST)
    if act is ConferenceAct.PROPOSE and not terms:
        raise Problem(IssueKind.SYNTAX, T_("write the proposal after a colon"), 1)
    return ConferenceLine(power, act, ref, terms, source=source)


def _convene(
    rest: Part, terms: str, power: str, book: NameBook, source: Source | None
) -> ConferenceLine:
    """`convoca [una conferencia] sobre <tema> [con A, B y C]` (O-257, O-261)."""
    lead = r"(?:(?:una|a)\s+)?(?:conferencia|conference)?\s*(?:(?:sobre|acerca\s+de|on|about)\s+)?"
    rest = rest.skip(lead)
    parties: tuple[str, ...] = ()
    withs = list(re.finditer(r"\s(?:con|with)\s+", rest.low))
    if withs:
        parties = _nations(rest.cut(withs[-1].end()), book, T_("invitees"))
        rest = rest.cut(0, withs[-1].start())
    topic = rest.plain()
    if not topic:
        raise Problem(IssueKind.SYNTAX, T_("name the conference's topic: `sobre <tema>`"), 1)
    if power in parties:
        parties = tuple(p for p in parties if p != power)
    text = f"{topic}: {terms}" if terms else topic
    return ConferenceLine(power, ConferenceAct.CONVENE, None, text, parties, source=source)


def _vote(body: Part, power: str, book: NameBook, source: Source | None) -> VoteLine:
    """One `Voto:` line: a ballot in a conference (O-266) or a vote in an
    organisation's election (O-287)."""
    body = Part(body.text.replace(":", " "), body.low.replace(":", " ")).strip()
    found = REF.match(body.low)
    if found is None and (inside := REF.search(body.low)) and inside.group("letter") == "c":
        raise Problem(IssueKind.SYNTAX, T_("name {id} first", id=instrument(inside)), 1)
    if found is None:
        words = body.plain().split(maxsplit=1)
        if len(words) < 2:
            raise Problem(IssueKind.SYNTAX, T_("name the organisation and the candidate"), 1)
        named = re.sub(r"^(?:por|para|for|a)\s+", "", words[1], flags=re.IGNORECASE)
        return VoteLine(power, fold(words[0]), candidate=book.nation(named), source=source)
    if found.group("letter") != "c":
        raise Problem(IssueKind.SYNTAX, T_("{id} is no conference", id=instrument(found)), 1)
    ref = instrument(found).split("/")[0]
    proposal = instrument(found) if found.group("p") else None
    rest = body.cut(found.end())
    if not proposal and (number := PROPOSAL.match(rest.low)):
        proposal = f"{ref}/P{number.group('k')}"
        rest = rest.cut(number.end())
    rest = rest.strip()
    ballot = longest(rest.low, BALLOTS)
    if ballot is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "unknown vote '{name}': sí, no, abstención or retira",
                name=rest.plain() or T_("(nothing)"),
            ),
            1,
            guess(rest.low, BALLOTS),
        )
    return VoteLine(power, ref, proposal, Ballot(ballot[1]), source=source)


def _vassal(body: Part, power: str, book: NameBook, source: Source | None) -> VassalLine:
    """One `Vasallo:` line (O-188, O-191, O-192, O-195, O-196)."""
    body = Part(body.text.replace(":", " "), body.low.replace(":", " ")).strip()
    act_word, rest = _verb(body, VASSAL_VERBS, T_("vassal action"), tuple(VassalAct))
    act = VassalAct(act_word)
    if act is VassalAct.TRIBUTE:
        rest = rest.skip(r"(?:(?:de|del|en|in|of|con|with|el|la)\s+)*")
        good = longest(rest.low, TRIBUTE_GOODS)
        if good is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_(
                    "unknown tribute '{name}': name MIL, AUX, ECN, CLT, ADM, RQU or PRO"
                    " (O-188, AMB-21)",
                    name=rest.plain() or T_("(nothing)"),
                ),
                1,
                guess(rest.low, TRIBUTE_GOODS),
            )
        return VassalLine(power, act, good=good[1], source=source)
    if act in (VassalAct.FORGIVE, VassalAct.RAISE):
        lead = r"(?:(?:el|the)\s+)?(?:(?:tributo|tribute)\s+)?(?:(?:de|del|of|a|al|to)\s+)?"
        rest = rest.skip(lead)
        other, _ = book.nation_prefix(rest.plain())
        if other == power:
            raise Problem(IssueKind.ILLEGAL, T_("a nation is not its own vassal (O-191, O-196)"), 1)
        return VassalLine(power, act, other, source=source)
    return VassalLine(power, act, source=source)


_Reader = Callable[[Part, str, NameBook, Source | None], PoliticalLine]
_READERS: dict[str, _Reader] = {
    "tratado": _treaty,
    "declaracion": _declaration,
    "conferencia": _conference,
    "voto": _vote,
    "vasallo": _vassal,
}
