"""A player's post -> the declarations, choices and Voluntad spends it holds.

A post is prose and mail: quoted lines (`> ...`), mail headers and the
signature are dropped (`orders.lines.order_lines`); a line
`<character>: <action>` is an order; other lines are prose and skipped, as
`orders.orbis.reader` skips them. Keywords are Spanish with English
aliases [in brackets], case and accents free:

- `Dreyer: Destreza + Atletismo`: SIMPLE (N-006), one pool: an attribute +
  a skill, one part alone, or a trait (Voluntad, Liderazgo, Resistencia,
  Aplomo; N-002).
- `Dreyer: compleja [complex] Fuerza + Paracaidismo`: COMPLEX (N-009).
- `Dreyer: extendida [extended] Fuerza + Atletismo, 20 éxitos en 20 turnos`
  [20 successes in 20 turns|rolls]: EXTENDED with `need` and `limit`, both
  optional (the Narrator may set them, N-017, N-018).
- `Dreyer: opuesta [opposed] Fuerza + Pelea contra [vs|against] Kessler
  Destreza + Esquivar`: OPPOSED_ACTIVE (N-022, N-023), the opponent's pool
  optional (he may declare it himself). N-026: an opposed action is never
  simple: it is read as complex unless `extendida` (then with `need` and
  `limit` as above); `opuesta simple` is refused.
- `Müller: pasiva [passive] Manipulación + Subterfugio contra centinela
  Astucia`: OPPOSED_PASSIVE (N-025), the opponent's attribute (one part).
- `Müller: coopera [cooperates] Inteligencia + Mecánica con [with] Dreyer`:
  COOPERATIVE (N-030), `partners`; a need clause allowed (N-031).
- `Sargento Ward: coordina [coordinates] Liderazgo [a|para|for Dreyer,
  Müller]`: COORDINATED (N-034), the pool (Liderazgo,) (written or not),
  `partners` the led named (none: his squad, decided by the rules).
- `Dreyer: múltiple [multiple] Destreza + Esquivar; Fuerza + Atletismo`:
  MULTIPLE, the pools in the order stated (N-038, N-039; never extended).
- `Dreyer: tirada desesperada` [desperate roll]: asks for the desperate roll
  (N-177, N-181, NAMB-25) on every declaration of that character in the
  post; `..., desesperada` at the end of an action line asks it for that one.
- `Dreyer: gasta [spends] Voluntad [en fatiga|en cancelar|en la acción 2]`:
  a `WillpowerSpend` (N-092, NAMB-28: DICE unless said, and then at most one
  a character per post; it sets `spend_willpower` on the action named, else
  the character's first).
- `Dreyer: elige [chooses] trauma|voluntad|recupera|dados|desesperada|acepta
  [id]`: a `Choice` (NAMB-11, N-081, N-181).
- an intent at the end, in parentheses or after ` -- ` / ` — `:
  `Dreyer: Destreza + Atletismo (saltar al río)`.

Declarations are numbered 1, 2, ... per character in the post's order (their
id `dreyer-1`). Every problem is an `OrderIssue` naming the file, the line
and its text, with the nearest names; a line with a problem yields nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import blank_list_mark, first_column, order_lines
from orders.narrativo.declaration_pools import (
    EXAMPLE,
    check_one_attribute,
    read_opponent,
    read_partners,
    read_pool,
)
from orders.narrativo.declaration_post import Desperate, Item, ParsedPost, assemble
from orders.narrativo.declaration_words import (
    AGAINST,
    CHOICE,
    CHOICE_WORDS,
    DESPERATE_ALONE,
    DESPERATE_SUFFIX,
    HEAD,
    INTENT,
    KEYWORDS,
    LEADS,
    MAX_PROSE_HEAD_WORDS,
    NEED,
    SPEND,
    SPEND_ACTION,
    SPEND_USES,
    VERBS,
    WITH,
    action_kind,
    flat,
)
from orders.narrativo.model import (
    ActionKind,
    Choice,
    Declaration,
    Pool,
    WillpowerSpend,
    WillpowerUse,
)
from orders.narrativo.names import NarrativoNames, nearest
from texts import T_

__all__ = ["ParsedPost", "read_action", "read_line", "read_lines", "read_post"]

MAX_MULTIPLE = 10
"""The most pools a multiple action lists (N-041 holds it at Destreza + 1)."""
_MARKUP = re.compile(r"\*{2,}|'{2,}|__")
_QUOTED = re.compile(r"'([^']+)'")


def read_post(text: str, *, file: str, player: str | None, names: NarrativoNames) -> ParsedPost:
    """The declarations, choices and spends of `player`'s post (None: the
    Narrator's own characters), and the issues of the lines that cannot be
    read; a post with nothing in it is a problem too."""
    parsed = read_lines(order_lines(text), file=file, player=player, names=names)
    if parsed.declarations or parsed.choices or parsed.spends or parsed.issues:
        return parsed
    empty = OrderIssue(
        IssueKind.SYNTAX,
        T_("no declaration found: write each on a line of its own, {example}", example=EXAMPLE),
        Source.whole(file),
    )
    return replace(parsed, issues=(empty,))


def read_lines(
    lines: Iterable[tuple[int, str]], *, file: str, player: str | None, names: NarrativoNames
) -> ParsedPost:
    """`read_post` of lines already numbered (the Narrator's `pnj` lines)."""
    found: list[tuple[Item, Source]] = []
    issues: list[OrderIssue] = []
    for number, raw in lines:
        source = Source(file, number, raw, first_column(raw))
        try:
            item = read_line(raw, player=player, names=names)
        except Problem as problem:
            where = replace(source, column=_column(raw, problem))
            issues.append(OrderIssue(problem.kind, problem.message, where, problem.suggestions))
            continue
        if item is not None:
            found.append((item, source))
    return assemble(found, issues, names)


def read_line(raw: str, *, player: str | None, names: NarrativoNames) -> Item | None:
    """One line -> its item; None for prose; a `Problem` when it is an
    order that cannot be read."""
    line = _MARKUP.sub(lambda m: " " * len(m.group(0)), blank_list_mark(raw))
    match = HEAD.match(line)
    if match is None:
        return None
    head, body = match.group("head").strip(), match.group("body")
    if not names.characters_named(head) and not _order_like(head, body, names):
        return None
    character = names.character(head)
    _check_owner(character, player, names)
    if not body:
        raise Problem(
            IssueKind.SYNTAX,
            T_("nothing after '{head}:': {example}", head=head, example=EXAMPLE),
            1,
        )
    return read_action(character, body, names)


def _order_like(head: str, body: str, names: NarrativoNames) -> bool:
    """Whether a line whose head names no character still reads as an order
    (so the head is a misspelt name): a short head and an action after it."""
    if len(head.split()) > MAX_PROSE_HEAD_WORDS:
        return False
    words = flat(body).split()
    if not words:
        return False
    if "+" in body or words[0] in KEYWORDS or words[0] in VERBS:
        return True
    return any(names.part(" ".join(words[:size])) for size in (1, 2, 3))


def _check_owner(character: str, player: str | None, names: NarrativoNames) -> None:
    """A player declares only for his characters; the Narrator only for his."""
    if names.owner(character) == player:
        return
    shown = names.display(character)
    if player is None:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{name} is a player's character: the Narrator declares only for his own", name=shown
            ),
            1,
        )
    yours = ", ".join(names.display(c) for c in names.owned_by(player)) or T_("none")
    raise Problem(
        IssueKind.ILLEGAL,
        T_("{name} is not one of your characters: yours are {yours}", name=shown, yours=yours),
        1,
    )


def _column(raw: str, problem: Problem) -> int:
    """The column of the first text the message quotes, else of the line."""
    quoted = _QUOTED.search(problem.message)
    at = raw.find(quoted.group(1)) if quoted else -1
    return at + 1 if at >= 0 else first_column(raw)


# --- one action --------------------------------------------------------------------------


def read_action(character: str, body: str, names: NarrativoNames) -> Item:
    """What follows `<character>:` -> a declaration (number 0 until the post
    is assembled), a choice, a spend or a desperate mark."""
    body = body.replace("[", " ").replace("]", " ").strip()
    if DESPERATE_ALONE.fullmatch(flat(body)):
        return Desperate(character)
    intent, body = _intent(body)
    desperate, body = _desperate(body)
    if not intent:
        intent, body = _intent(body)
    folded = flat(body)
    if spend := SPEND.fullmatch(folded):
        return _spend(character, body, spend)
    if choice := CHOICE.fullmatch(folded):
        return _choice(character, body, choice)
    kind, extended, start = action_kind(folded)
    rest = body[start:].strip()
    declaration = _declaration(character, kind, extended, rest, names)
    return replace(declaration, desperate=desperate, intent=intent)


def _intent(body: str) -> tuple[str, str]:
    match = INTENT.search(body)
    if match is None:
        return "", body
    intent = match.group("intent") if match.group("intent") is not None else match.group("dash")
    return intent.strip(), body[: match.start()].strip()


def _desperate(body: str) -> tuple[bool, str]:
    match = DESPERATE_SUFFIX.search(flat(body))
    return (True, body[: match.start()].strip()) if match else (False, body)


def _spend(character: str, body: str, match: re.Match[str]) -> WillpowerSpend:
    """`gasta Voluntad [en ...]` (N-092, NAMB-28)."""
    if match.group("use") is None:
        return WillpowerSpend(character)
    use = match.group("use")
    if numbered := SPEND_ACTION.fullmatch(use):
        return WillpowerSpend(character, WillpowerUse.DICE, int(numbered.group("n")))
    for word in use.split():
        if word in SPEND_USES:
            return WillpowerSpend(character, SPEND_USES[word])
    written = body[match.start("use") : match.end("use")]
    raise Problem(
        IssueKind.SYNTAX,
        T_("cannot read what the Voluntad point is for: '{written}'", written=written),
        1,
        ("dados", "fatiga", "cancelar", "la acción 2"),
    )


def _choice(character: str, body: str, match: re.Match[str]) -> Choice:
    """`elige trauma|voluntad|recupera|dados|desesperada|acepta [id]`."""
    kind = CHOICE_WORDS.get(match.group("what"))
    if kind is None:
        written = body[match.start("what") : match.end("what")]
        index = {word: (word,) for word in CHOICE_WORDS}
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown choice '{written}'", written=written),
            1,
            nearest(written, index),
        )
    ref = body[match.start("ref") : match.end("ref")] if match.group("ref") else None
    return Choice(character, kind, ref)


def _declaration(
    character: str, kind: ActionKind, extended: bool, rest: str, names: NarrativoNames
) -> Declaration:
    """The words after the keywords, by kind."""
    need, limit, rest = _need(rest, allowed=extended or kind is ActionKind.COOPERATIVE)
    if not rest and kind is not ActionKind.COORDINATED:
        raise Problem(
            IssueKind.SYNTAX, T_("the action names no pool: {example}", example=EXAMPLE), 1
        )
    made = Declaration(character, kind, (), need=need, limit=limit)
    if kind is ActionKind.MULTIPLE:
        return replace(made, pools=_multiple(rest, names))
    if kind is ActionKind.COORDINATED:
        pool, partners = _coordinated(rest, names)
        return replace(made, pools=(pool,), partners=_without(character, partners, names))
    if kind is ActionKind.COOPERATIVE:
        pool_text, led = _split(rest, WITH, T_("say whom he cooperates with: `con Dreyer` (N-030)"))
        found = read_partners(led, names)
        return replace(
            made, pools=(read_pool(pool_text, names),), partners=_without(character, found, names)
        )
    if kind in (ActionKind.OPPOSED_ACTIVE, ActionKind.OPPOSED_PASSIVE):
        return _opposed(made, rest, names)
    return replace(made, pools=(read_pool(rest, names),))


def _need(rest: str, *, allowed: bool) -> tuple[int | None, int | None, str]:
    """`, 20 éxitos en 20 turnos` at the end (N-017, N-018)."""
    match = NEED.search(flat(rest))
    if match is None or (match.group("need") is None and match.group("limit") is None):
        return None, None, rest
    clause = rest[match.start() :].strip(" ,")
    if not allowed:
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "'{clause}' belongs to an extended action: write `extendida` before the pool"
                " (N-017)",
                clause=clause,
            ),
            1,
        )
    need, limit = (int(v) if v else None for v in (match.group("need"), match.group("limit")))
    if need == 0 or limit == 0:
        raise Problem(
            IssueKind.ILLEGAL,
            T_("'{clause}': successes and turns are at least 1", clause=clause),
            1,
        )
    return need, limit, rest[: match.start()].strip()


def _split(rest: str, word: re.Pattern[str], needed: str) -> tuple[str, str]:
    match = word.search(flat(rest))
    if match is None:
        raise Problem(IssueKind.SYNTAX, needed, 1)
    return rest[: match.start()].strip(), rest[match.end() :].strip()


def _multiple(rest: str, names: NarrativoNames) -> tuple[Pool, ...]:
    """`Destreza + Esquivar; Fuerza + Atletismo` (N-038, N-039)."""
    pieces = [piece.strip() for piece in rest.split(";") if piece.strip()]
    if len(pieces) < 2:
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "a multiple action lists two or more pools separated by `;`, e.g. `múltiple"
                " Destreza + Esquivar; Fuerza + Atletismo` (N-038)"
            ),
            1,
        )
    if len(pieces) > MAX_MULTIPLE:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{n} actions in one turn: at most Destreza + 1 (N-041), and never more than {most}",
                n=len(pieces),
                most=MAX_MULTIPLE,
            ),
            1,
        )
    return tuple(read_pool(piece, names) for piece in pieces)


def _coordinated(rest: str, names: NarrativoNames) -> tuple[Pool, tuple[str, ...]]:
    """`Liderazgo [a Dreyer, Müller]` (N-034): Liderazgo, written or not."""
    match = LEADS.search(flat(rest))
    pool_text = rest[: match.start()].strip() if match else rest
    led = rest[match.end() :].strip() if match else ""
    pool = read_pool(pool_text, names) if pool_text else Pool(("Liderazgo",))
    if pool.parts != ("Liderazgo",):
        raise Problem(
            IssueKind.ILLEGAL,
            T_("a coordinator rolls Liderazgo (N-034), not '{pool}'", pool=pool_text),
            1,
        )
    return pool, read_partners(led, names) if led else ()


def _opposed(made: Declaration, rest: str, names: NarrativoNames) -> Declaration:
    """`<pool> contra <opponent> [<pool>]` (N-023); passive: the opponent's
    attribute (N-025)."""
    pool_text, other = _split(rest, AGAINST, T_("say whom he opposes: `contra Kessler` (N-022)"))
    pool = read_pool(pool_text, names)
    opponent, other_pool = read_opponent(other, names)
    if opponent == made.character:
        raise Problem(IssueKind.ILLEGAL, T_("a character cannot oppose himself (N-022)"), 1)
    against = read_pool(other_pool, names) if other_pool else None
    if made.kind is ActionKind.OPPOSED_PASSIVE and against is not None:
        check_one_attribute(against, other_pool, names)
    return replace(made, pools=(pool,), opponent=opponent, opponent_pool=against)


def _without(character: str, partners: tuple[str, ...], names: NarrativoNames) -> tuple[str, ...]:
    if character in partners:
        raise Problem(
            IssueKind.ILLEGAL,
            T_("{name} cannot be his own partner: name the others", name=names.display(character)),
            1,
        )
    return partners
