"""A player's post -> the medidas, purchases and "no defence" it declares.

Players post narrative prose (a mail or a wiki post); only the medidas count
mechanically (O-011). The reader strips wiki markup, quoted mail and
signatures, cuts the prose into sentences and reads those that start with a
keyword (accents and case free, a wiki bold `'''Medida:'''` too):

- `Medida: <statistic> [contra|against X] [a favor de|in favour of|for X]
  [en|in <region>] [(sin usar bonificadores)]` (O-011, O-047). The statistic
  is a Spanish name, an English alias or a variant (`words.STATISTIC_WORDS`,
  AMB-48: "Ejército" is Ofensiva). Words after the statistic that are no
  keyword are narrative (`Desarrollo económico`); so is anything after a
  name that is followed by more words.
- `Medida extra (<source> [name]): ...` for an extra medida (AMB-43):
  source `evento`, `PRO`, `hueste`, `colonia`, `líder`, `facción`
  (English: event, host, colony, leader, faction). `Medida especial: ...`
  is a special medida (AMB-19).
- `Gasto: <n> RQU|PRO en <purchase>` (several joined by `,` or `y`), the
  purchases of the Prosperidad tables (O-138 .. O-163), see `_purchase`.
- `no me defiendo [contra X]`, `no nos defendemos`, `I do not defend
  [against X]`, `no defence` anywhere in the prose (O-043).

One medida per nation per turn (O-020): the first ordinary medida stands;
another needs an extra (AMB-43): the `extras` the GM granted (events, hosts,
colonies, Leader, faction: counted together), `Gasto: 20 PRO en medida
extra` in the same post (O-161), or for a special medida `Gasto: 25 PRO en
Asentamiento` (O-162, AMB-19: it is then an extra medida). Without one it is
refused with a message. A line with a problem yields no record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import first_column, order_lines
from orders.orbis.model import (
    Medida,
    Mode,
    NameBook,
    NoDefence,
    OrbisNames,
    ParsedPost,
    Spend,
    Transfer,
    make_spend,
)
from orders.orbis.politics_lines import read_political_lines, starts_political
from orders.orbis.transfers import read_transfer
from orders.orbis.words import (
    EXTRA_SOURCES,
    RESOURCE_WORDS,
    SPECIAL_VARIANTS,
    STATISTIC_WORDS,
    VARIANT_OF,
    Purchase,
    fold,
    nearest,
    statistic_id,
)
from texts import T_

_MARKUP = (
    (re.compile(r"<br\s*/?>", re.IGNORECASE), "\n"),
    (re.compile(r"\[\[[^\]|]*\|([^\]]*)\]\]"), r"\1"),
    (re.compile(r"\[\[([^\]]*)\]\]"), r"\1"),
    (re.compile(r"\[(?:https?|ftp|mailto):[^\s\]]*\s+([^\]]*)\]"), r"\1"),
    (re.compile(r"\{\{[^}]*\}\}"), ""),
    (re.compile(r"<[^<>]{0,200}>"), ""),
    (re.compile(r"'{2,}"), ""),
    (re.compile(r"~{3,}"), ""),
    (re.compile(r"^\s*=+\s*|\s*=+\s*$"), ""),
)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n")
_MEDIDA = re.compile(
    r"(?:(?P<pre>extra|additional|special)\s+)?(?:medida|measure)"
    r"(?:\s+(?P<post>extra|adicional|especial))?"
    r"\s*(?:\((?P<src>[^()]*)\))?\s*:\s*(?P<body>.*)",
    re.IGNORECASE | re.DOTALL,
)
_SPEND = re.compile(
    r"(?:gastos?|spend(?:ing)?|compra)\s*:\s*(?P<body>.*)", re.IGNORECASE | re.DOTALL
)
_DECLINE = re.compile(
    r"\(?\s*(?:sin\s+(?:usar\s+)?(?:los\s+|sus\s+|mis\s+|nuestros\s+)?"
    r"|no\s+(?:uso|usamos|usar)\s+(?:los\s+|mis\s+|nuestros\s+)?"
    r"|without\s+(?:using\s+)?(?:any\s+|the\s+|my\s+|our\s+)?"
    r"|declining\s+(?:the\s+|my\s+|our\s+)?)"
    r"(?:bonificadores|bonificaciones|bonos|bonuses|bonus|modificadores|modifiers)\s*\)?",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\([^()]*\)")
_CLAUSE = re.compile(
    r"\b(?P<kw>contra|against|(?:a|en)\s+favor\s+del?|in\s+favou?r\s+of|for|en|in)\b", re.IGNORECASE
)
_NO_DEFENCE = re.compile(
    r"\b(?:no\s+(?:me|nos)\s+defi?end\w*|no\s+(?:defiendo|defendemos|defendere|defenderemos)"
    r"|(?:i|we)\s+(?:do\s+not|don't|will\s+not|won't)\s+defend|no\s+defen[cs]e)\b"
    r"(?:\s+(?:contra|de|ante|frente\s+a|against|from)\s+(?P<who>[^.;,()]+))?",
    re.IGNORECASE,
)
_EXTRA_HELP = T_(
    "one medida per nation per turn (O-020): the first medida stands and this one has no"
    " extra (AMB-43: an event, 20 PRO, a host, a colony, the organisation's Leader or a"
    " civil-war faction)"
)


@dataclass(frozen=True)
class _Sentence:
    number: int
    raw: str
    text: str


def strip_markup(line: str) -> str:
    """A wiki line without its markup: bold and italics, links (their text),
    templates, tags, signatures (`~~~~`), headings; `<br/>` becomes a line break."""
    for pattern, replacement in _MARKUP:
        line = pattern.sub(replacement, line)
    return line


def sentences(text: str) -> Iterator[_Sentence]:
    """The sentences of the prose with their line numbers, quoted mail, mail
    headers and signatures dropped (`orders.lines.order_lines`), markup
    stripped, leading bullets removed."""
    for number, raw in order_lines(text):
        for piece in _SENTENCE.split(strip_markup(raw)):
            piece = piece.strip().lstrip("*#:•-–— ").strip()
            if piece:
                yield _Sentence(number, raw, piece)


def _issue(problem: Problem, source: Source) -> OrderIssue:
    """The issue of a problem found on a line, at the line's keyword."""
    return OrderIssue(problem.kind, problem.message, source, problem.suggestions)


def _source(file: str, sentence: _Sentence, keyword: str) -> Source:
    at = sentence.raw.casefold().find(keyword.casefold())
    column = at + 1 if at >= 0 else first_column(sentence.raw)
    return Source(file, sentence.number, sentence.raw, column)


@dataclass
class _Slots:
    """The medidas a post may still declare (O-020, AMB-19, AMB-43)."""

    ordinary: bool = True
    granted: int = 0
    pro: int = 0
    special: Counter[str] = field(default_factory=Counter)

    def take(self, written: str | None, variant: str | None, *, special_as_ordinary: bool) -> str:
        """The extra source the medida uses ('' for the ordinary one); a
        `Problem` when none is left."""
        if variant in SPECIAL_VARIANTS:
            if self.special[variant] > 0:
                self.special[variant] -= 1
                return "especial"
            if not special_as_ordinary or written is not None or not self.ordinary:
                raise Problem(
                    IssueKind.ILLEGAL,
                    T_(
                        "the special medida {variant} needs `Gasto: 25 PRO en {variant}` in the"
                        " same post (O-162, AMB-19)",
                        variant=variant,
                    ),
                    1,
                )
        if written is None and self.ordinary:
            self.ordinary = False
            return ""
        if written == "pro" or (written in (None, "extra") and self.granted == 0):
            if self.pro > 0:
                self.pro -= 1
                return "pro"
            if written == "pro":
                raise Problem(
                    IssueKind.ILLEGAL,
                    T_(
                        "an extra medida bought with PRO needs `Gasto: 20 PRO en medida extra`"
                        " in the same post (O-161, AMB-43)"
                    ),
                    1,
                )
        if written != "especial" and self.granted > 0:
            self.granted -= 1
            return written or "extra"
        raise Problem(IssueKind.ILLEGAL, _EXTRA_HELP, 1)


def read_post(
    text: str,
    *,
    file: str,
    power: str,
    names: OrbisNames,
    extras: int = 0,
    special_as_ordinary: bool = False,
) -> ParsedPost:
    """The medidas, purchases and "no defence" a post declares, and its issues
    (O-011, O-020, O-043, O-047, O-138 .. O-163, AMB-17, AMB-19, AMB-43).

    `extras` is how many extra medidas the GM granted the nation this turn
    (events, hosts, colonies, Leader, faction: AMB-43). `special_as_ordinary`
    (AMB-19 option, default False) lets a special medida be the nation's
    ordinary medida without the 25 PRO purchase."""
    book = NameBook.build(names.nations, names.regions)
    issues: list[OrderIssue] = []
    spends: list[Spend | Transfer] = []
    defences: list[NoDefence] = []
    lines: list[tuple[_Sentence, re.Match[str]]] = []
    found_medida = False
    political: list[tuple[Source, str]] = []
    taken = (0, "")  # a political line runs to the end of its line: what is left of it
    for sentence in sentences(text):
        at = taken[1].find(sentence.text) if sentence.number == taken[0] else -1
        if at >= 0:
            taken = (taken[0], taken[1][at + len(sentence.text) :])
            continue
        if starts_political(sentence.text):
            whole = _rest(sentence)
            taken = (sentence.number, whole[len(sentence.text) :])
            political.append((_source(file, sentence, sentence.text[:5]), whole))
            continue
        if spend := _SPEND.match(sentence.text):
            source = _source(file, sentence, spend.group(0).split(":")[0])
            read, problems = read_spend_items(spend.group("body"), power, book, source)
            spends.extend(read)
            issues.extend(problems)
        elif medida := _MEDIDA.match(sentence.text):
            lines.append((sentence, medida))
        for mark in _NO_DEFENCE.finditer(sentence.text):
            source = _source(file, sentence, mark.group(0)[:6])
            try:
                who = mark.group("who")
                against = book.nation(who, strict=False) if who else None
                defences.append(NoDefence(power, against, source=source))
            except Problem as problem:
                issues.append(_issue(problem, source))
    slots = _Slots(granted=max(extras, 0))
    for spend_record in spends:
        if isinstance(spend_record, Transfer):
            continue
        if spend_record.purchase is Purchase.EXTRA_MEDIDA:
            slots.pro += spend_record.units
        elif spend_record.purchase is Purchase.SPECIAL_MEDIDA and spend_record.special:
            slots.special[spend_record.special] += spend_record.units
    medidas: list[Medida] = []
    for sentence, match in lines:
        found_medida = True
        source = _source(file, sentence, match.group(0)[:5])
        try:
            medidas.append(_medida(match, power, book, slots, source, special_as_ordinary))
        except Problem as problem:
            issues.append(_issue(problem, source))
    politics = read_political_lines(political, power, book)
    issues.extend(politics.issues)
    if not found_medida:
        issues.append(
            OrderIssue(
                IssueKind.SYNTAX,
                T_(
                    "no medida found: write it on a line of its own, e.g."
                    " `Medida: Ofensiva contra Borgoña` (O-011)"
                ),
                Source.whole(file),
            )
        )
    return ParsedPost(tuple(medidas), tuple(spends), tuple(defences), tuple(issues), politics.lines)


def _rest(sentence: _Sentence) -> str:
    """A political line from its keyword to the end of its line (O-238 ..)."""
    line = strip_markup(sentence.raw).split("\n")
    for part in line:
        at = part.find(sentence.text)
        if at >= 0:
            return part[at:].strip()
    return sentence.text


def _extra_source(match: re.Match[str]) -> tuple[str | None, str | None]:
    """The extra source a medida header declares (AMB-43), its name, or (None, None)."""
    marker = fold(match.group("pre") or match.group("post") or "")
    words = fold(match.group("src") or "").split()
    words = [word for word in words if not word.isdigit()]
    if marker in ("special", "especial") and not words:
        return "especial", None
    if not marker and not words:
        return None, None
    if not words:
        return "extra", None
    kind = EXTRA_SOURCES.get(words[0])
    if kind is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown source of an extra medida '{word}' (AMB-43)", word=words[0]),
            1,
            nearest(words[0], tuple(EXTRA_SOURCES)),
        )
    name = " ".join((match.group("src") or "").split()[1:]) or None
    return kind, name


def _medida(
    match: re.Match[str],
    power: str,
    book: NameBook,
    slots: _Slots,
    source: Source,
    special_as_ordinary: bool,
) -> Medida:
    """One medida line -> a `Medida`, or a `Problem` (O-011, O-020, O-047)."""
    written, extra_name = _extra_source(match)
    body = match.group("body")
    use_bonuses = _DECLINE.search(body) is None
    body = _PAREN.sub(" ", _DECLINE.sub(" ", body)).strip().rstrip(".!?;:,").strip()
    words = body.split()
    if not words:
        raise Problem(IssueKind.SYNTAX, T_("the medida names no statistic (O-011)"), 1)
    head = words[0].strip(",.;:")
    named = statistic_id(head)
    if named is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown statistic '{name}'", name=head),
            1,
            nearest(head, tuple(STATISTIC_WORDS)),
        )
    variant = named if named in VARIANT_OF else None
    statistic = VARIANT_OF.get(named, named)
    target, backing, mode, region = _clauses(" ".join(words[1:]), book)
    taken = slots.take(written, variant, special_as_ordinary=special_as_ordinary)
    return Medida(
        power,
        statistic,
        variant,
        target,
        backing,
        mode,
        region,
        use_bonuses,
        taken or None,
        extra_name if taken else None,
        source=source,
    )


def _clauses(rest: str, book: NameBook) -> tuple[str | None, str | None, Mode | None, str | None]:
    """`contra X`, `a favor de X`, `en R` after the statistic -> (target,
    backing, mode, region). Words before the first keyword are narrative;
    a name followed by more words ends the reading."""
    target: str | None = None
    backing: str | None = None
    mode: Mode | None = None
    region: str | None = None
    marks = list(_CLAUSE.finditer(rest))
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(rest)
        phrase = rest[mark.end() : end].strip(" ,")
        keyword = fold(mark.group("kw"))
        if keyword in ("en", "in"):
            place, leftover = book.place(phrase)
            region = place
            target = target or place
        else:
            nation, leftover = book.nation_prefix(phrase)
            if keyword in ("contra", "against"):
                target, mode = nation, "contra"
            else:
                backing = nation
                target = target or nation
                mode = mode or "a favor"
        if leftover:
            break
    return target, backing, mode, region


_ITEM_SPLIT = re.compile(r"(?:[,;]|\s+y\s+|\s+and\s+|\s+e\s+)\s*(?=\d)", re.IGNORECASE)
_ITEM = re.compile(
    r"\s*(?P<amount>\d{1,6})\s*(?P<resource>rqu|rqz|pro)\b\.?\s*"
    r"(?:(?:en|on|in|for|para|por)\b)?\s*(?P<what>.*)",
    re.IGNORECASE | re.DOTALL,
)


def read_spend_items(
    body: str, power: str, book: NameBook, source: Source
) -> tuple[list[Spend | Transfer], list[OrderIssue]]:
    """The purchases of one `Gasto:` line, several joined by `,` or `y`
    (O-138 .. O-163, AMB-17), and the issues of those that cannot be read."""
    spends: list[Spend | Transfer] = []
    issues: list[OrderIssue] = []
    for item in _ITEM_SPLIT.split(body):
        gift = read_transfer(item, power, book, source)  # O-143, O-164
        if gift is not None:
            spends.append(gift)
            continue
        try:
            spends.append(_spend(item, power, book, source))
        except Problem as problem:
            issues.append(_issue(problem, source))
    return spends, issues


def _spend(item: str, power: str, book: NameBook, source: Source) -> Spend:
    """One `<n> RQU|PRO en <purchase>` -> a `Spend`, or a `Problem`."""
    match = _ITEM.match(item)
    if match is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "cannot read the purchase '{item}': write `Gasto: 10 RQU en PRO`", item=item.strip()
            ),
            1,
        )
    resource = RESOURCE_WORDS[fold(match.group("resource"))]
    return make_spend(
        power, int(match.group("amount")), resource, match.group("what"), book, source
    )
