"""The parser's plain-line reader (`orders.board.parser._plain_shape`) gives what
the Lark grammar gives, token for token and position for position, on every
line it reads, and leaves to Lark every line it cannot (speed, issue 12)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from lark import Token
from lark.exceptions import UnexpectedInput

from orders.board.parser import PLAIN_GRAMMARS, _plain_shape, grammar_parser

REPO = Path(__file__).resolve().parents[1]

NAMES = ["PAR", "bur", "Mun", "0412", "St.", "d'Arc", "x_y", "STP", "nth", "A", "s", "to", "H"]
KINDS = ["A", "a", "F", "f", "army", "G", "Fleet"]
VERBS = ["-", "H", "h", "hold", "HOLDS", "S", "support", "C", "convoys", "to", "->", "R", "m"]
SPACES = [" ", "  ", "\t", "", " \u00a0"]
JUNK = ["", "", "", ":", " #x", " // c", " via", " H", "(", "/", " - ", "é"]


def plain(tokens: Any) -> Any:
    """A shape with every token spelt out: type, text and every position."""
    if isinstance(tokens, Token):
        return (
            tokens.type,
            str(tokens),
            tokens.start_pos,
            tokens.line,
            tokens.column,
            tokens.end_line,
            tokens.end_column,
            tokens.end_pos,
        )
    if isinstance(tokens, tuple):
        return (type(tokens).__name__, tuple(plain(t) for t in tokens))
    return tokens


def place(rng: random.Random) -> str:
    name = rng.choice(NAMES)
    if rng.random() < 0.2:
        name += rng.choice(SPACES[:4]) + "/" + rng.choice(SPACES[:4]) + rng.choice(["SC", "nc"])
    return name


def unit(rng: random.Random) -> str:
    return rng.choice(KINDS) + rng.choice(SPACES[:3]) + place(rng)


def random_line(rng: random.Random) -> str:
    sp = lambda: rng.choice(SPACES)
    verb = rng.choice(VERBS)
    line = sp() + unit(rng) + " " + verb + " "
    if verb.lower() in ("s", "support", "c", "convoys"):
        line += unit(rng)
        if rng.random() < 0.7:
            line += sp() + "-" + sp() + place(rng)
    elif verb.lower() not in ("h", "hold", "holds"):
        line += place(rng)
    return line + rng.choice(JUNK) + sp()


def example_lines() -> list[str]:
    lines = []
    for path in sorted((REPO / "examples").glob("*/orders/**/*.txt")):
        lines.extend(path.read_text(encoding="utf-8").splitlines())
    return lines


@pytest.mark.parametrize("grammar", sorted(PLAIN_GRAMMARS))
def test_plain_lines_read_as_lark_reads_them(grammar: str) -> None:
    rng = random.Random(12)
    lines = [random_line(rng) for _ in range(4000)] + example_lines()
    parser = grammar_parser(grammar)
    read = 0
    for line in lines:
        quick = _plain_shape(line, grammar)
        if quick is None:
            continue
        read += 1
        try:
            slow = parser.parse(line)
        except UnexpectedInput:
            pytest.fail(f"{line!r}: read plain, but Lark refuses it")
        assert plain(quick) == plain(slow), line
    assert read > 100  # the plain forms are read, not all left to Lark


@pytest.mark.parametrize(
    "line",
    [
        "A PAR H",
        "a par - bur",
        "F STP/SC - BOT",
        "F BRE S A PAR",
        "F BRE S A PAR - BUR",
        "F NTH C A LON - NWY",
        "  A\tPAR   -BUR  ",
    ],
)
def test_the_plain_forms(line: str) -> None:
    quick = _plain_shape(line, "diplomacy")
    assert quick is not None
    assert plain(quick) == plain(grammar_parser("diplomacy").parse(line))


@pytest.mark.parametrize(
    "line",
    [
        "England: A LON - NTH",
        "A North Sea - LON",
        "A PAR - BUR via",
        "A PAR -> BUR",
        "A PAR S A BUR H",
        "A S - BUR",
        "A PAR - BUR # later",
        "A PAR - BÚR",
        "F NTH C A LON",
        "",
    ],
)
def test_left_to_lark(line: str) -> None:
    assert _plain_shape(line, "diplomacy") is None
