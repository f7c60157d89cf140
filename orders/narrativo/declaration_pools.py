"""The names inside a narrativo declaration: pools of attributes, skills and
traits (N-002), the opponent of an opposed action (N-022 .. N-025) and the
partners of a cooperative or coordinated one (N-030, N-034), each checked
against `NarrativoNames` with the nearest names when it is unknown."""

from __future__ import annotations

from orders.issues import IssueKind, Problem
from orders.narrativo.declaration_words import LIST_SPLIT
from orders.narrativo.model import Pool
from orders.narrativo.names import NarrativoNames, PartKind
from texts import T_

EXAMPLE = T_("e.g. `Dreyer: Destreza + Atletismo`")
MAX_NAME_WORDS = 6
"""The longest character name looked for at the start of an opponent's words."""
MAX_PARTNERS = 20


def read_pool(text: str, names: NarrativoNames) -> Pool:
    """`Destreza + Atletismo` -> a `Pool` of canonical names (N-002: an
    Attribute + a Skill, one part alone, or a trait in an attribute's place)."""
    pieces = [piece.strip() for piece in text.split("+")]
    if not text.strip() or any(not piece for piece in pieces):
        raise Problem(
            IssueKind.SYNTAX,
            T_("cannot read the pool '{pool}': {example}", pool=text.strip(), example=EXAMPLE),
            1,
        )
    parts = [read_part(piece, names) for piece in pieces[:3]]
    kinds = [kind for _, kind in parts]
    if len(pieces) > 2 or (len(parts) == 2 and kinds.count(PartKind.SKILL) != 1):
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "a pool adds one Attribute (or trait) and one Skill (N-002), not '{pool}'",
                pool=text.strip(),
            ),
            1,
        )
    return Pool(tuple(name for name, _ in parts))


def read_part(piece: str, names: NarrativoNames) -> tuple[str, PartKind]:
    """One attribute, skill or trait; a `Problem` with the nearest names, or
    pointing at words after a known name (an intent without parentheses)."""
    found = names.part(piece)
    if found is not None:
        return found
    words = piece.split()
    for size in range(len(words) - 1, 0, -1):
        lead = names.part(" ".join(words[:size]))
        if lead is not None:
            extra = " ".join(words[size:])
            raise Problem(
                IssueKind.SYNTAX,
                T_(
                    "cannot read '{extra}' after {name}: put what the character means to do"
                    " in parentheses, e.g. `Dreyer: Destreza + Atletismo (saltar al río)`",
                    extra=extra,
                    name=lead[0],
                ),
                1,
            )
    near = names.part_suggestions(piece) or names.part_suggestions(words[0])
    raise Problem(IssueKind.SYNTAX, T_("unknown attribute or skill '{name}'", name=piece), 1, near)


def check_one_attribute(pool: Pool, written: str, names: NarrativoNames) -> None:
    found = names.part(pool.parts[0])
    if len(pool.parts) != 1 or found is None or found[1] is not PartKind.ATTRIBUTE:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "a passive opponent gives one Attribute (its value + 3 is the difficulty,"
                " N-025), not '{written}'",
                written=written,
            ),
            1,
            names.part_suggestions(written, PartKind.ATTRIBUTE),
        )


def read_opponent(text: str, names: NarrativoNames) -> tuple[str, str]:
    """`Kessler Destreza + Esquivar` -> (kessler, `Destreza + Esquivar`): the
    longest run of leading words that names a character."""
    words = text.split()
    for size in range(min(len(words), MAX_NAME_WORDS), 0, -1):
        if names.characters_named(" ".join(words[:size])):
            return names.character(" ".join(words[:size])), " ".join(words[size:])
    most = min(len(words), MAX_NAME_WORDS)
    end = next((i for i in range(1, most) if _starts_pool(words[i:], names)), most)
    names.character(" ".join(words[:end]) or text)  # raises: unknown, with the nearest
    raise Problem(IssueKind.SYNTAX, T_("name the opponent after `contra`"), 1)


def _starts_pool(words: list[str], names: NarrativoNames) -> bool:
    if words[0].startswith("+"):
        return True
    return any(names.part(" ".join(words[:size])) for size in range(1, min(4, len(words)) + 1))


def read_partners(text: str, names: NarrativoNames) -> tuple[str, ...]:
    """`Dreyer, Müller y Ward` -> their ids, each once."""
    pieces = [piece for piece in LIST_SPLIT.split(text.strip()) if piece.strip()]
    if not pieces:
        raise Problem(IssueKind.SYNTAX, T_("name the characters after `con` / `a`"), 1)
    if len(pieces) > MAX_PARTNERS:
        raise Problem(
            IssueKind.SYNTAX, T_("at most {n} characters in one action", n=MAX_PARTNERS), 1
        )
    return tuple(dict.fromkeys(names.character(piece.strip()) for piece in pieces))
