"""Hostile inputs (issue 11 "Trust"; DESIGN.md, "Habits": random bytes and
mutated files give clear messages, never tracebacks).

For every ruleset (classic, machiavelli, genes, cawa, orbis) this feeds the CLI, in
process, with order files, state files (`resolve --position`) and `game.yaml`
files that are random bytes or mutations of real ones, and asserts that no
exception escapes: the exit code is 0, 1 or 2, there is no traceback and no
"internal error" (the CLI's words for an exception it did not expect).

CI runs a few inputs of each kind through Hypothesis (it shrinks a failure
to a small case). `MAPJUDGE_SOAK=N` runs N plain random inputs of each kind
per ruleset instead, with the seed in the failure message:

    MAPJUDGE_SOAK=10000 .venv/bin/python -m pytest tests/test_hostile.py
"""

from __future__ import annotations

import copy
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.app import gamefolder as gf
from tests.cli_runner import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SOAK = int(os.environ.get("MAPJUDGE_SOAK", "0") or 0)
CI_EXAMPLES = 50
"""Hypothesis inputs per ruleset and kind in CI (the whole file runs in well under a minute)."""


@dataclass(frozen=True)
class Ruleset:
    """A ruleset's hostile targets: an example folder, its first state and orders."""

    name: str
    example: str
    state: str
    orders: str
    secret: bool = False

    @property
    def folder(self) -> Path:
        return EXAMPLES / self.example

    def state_text(self) -> bytes:
        return (self.folder / "turns" / f"{self.state}.yaml").read_bytes()

    def order_texts(self) -> list[bytes]:
        return [p.read_bytes() for p in sorted((self.folder / self.orders).glob("*.txt"))]


RULESETS = (
    Ruleset("classic", "classic-1901", "1901-spring-movement", "orders"),
    Ruleset(
        "machiavelli", "machiavelli-1454", "1454-spring-movement", "orders/1454-spring-movement"
    ),
    Ruleset("genes", "genes-3-players", "1-actions", "orders/1-actions", secret=True),
    Ruleset("cawa", "cawa-10-players", "1-economy", "orders/1-economy", secret=True),
    Ruleset("orbis", "orbis-europa-500", "500-medidas", "orders/500-medidas", secret=True),
)

YAML_SNIPPETS = (
    b"&a ", b"*a", b"<<: *a\n", b"{", b"}", b"[", b"]", b": ", b"- ", b"\n  ", b"!!python/object:os.system ",
    b"!!binary ", b"? ", b"|\n", b"'", b'"', b"\t", b"\x00", b"\xff", b"null", b"~", b"-1", b"1e400",
    b"99999999999999999999", b".nan", b"true", b"[[[[[[[[", b"phase: ", b"units: ", b"{a: 1, a: 2}",
    b"A NTH", b"F BUR", b"G PAR", b"PAR", b"STP/nc", b"venice", b"autonomous", b"serra", b"\xc3\xa9",
)  # fmt: skip

ORDER_SNIPPETS = (
    b"A PAR - BUR", b"F BRE - MAO", b"S", b" - ", b" C ", b"VIA CONVOY", b"Build A PAR", b"Remove",
    b"\x1b[31m", b"\x00", b"\xff\xfe", b"\r\n", b"\n\n", b"France:", b"venice:", b"G VEN", b"Ponent:",
    b"taxes", b"exercit", b"> quoted", b"-- \nsignature", b"A" * 600, b"Burgundy " * 80, b"\t",
    b"\xe2\x80\xa8", b"(", b"/nc", b"=", b"\xc3",
)  # fmt: skip


def mutate(data: bytes, rng: random.Random, snippets: tuple[bytes, ...]) -> bytes:
    """`data` with one to four random edits: bytes flipped, cut, repeated or
    swapped lines, a snippet inserted, or the file truncated."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not out:
            out += rng.choice(snippets)
            continue
        at = rng.randrange(len(out))
        match rng.randrange(8):
            case 0:
                out[at] = rng.randrange(256)
            case 1:
                del out[at : at + rng.randint(1, 40)]
            case 2:
                out[at:at] = rng.choice(snippets)
            case 3:
                del out[at:]
            case 4:
                lines = bytes(out).split(b"\n")
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                out = bytearray(b"\n".join(lines))
            case 5:
                lines = bytes(out).split(b"\n")
                i = rng.randrange(len(lines))
                lines.insert(i, lines[rng.randrange(len(lines))])
                out = bytearray(b"\n".join(lines))
            case 6:
                out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            case _:
                word = rng.choice(snippets)
                out[at : at + len(word)] = word
    return bytes(out)


ODD_VALUES: tuple[object, ...] = (
    None, True, 0, -1, 10**30, 1.5, float("nan"), "", " ", "x" * 300, [], {}, [None], {"a": None},
    "A NTH", "F BUR", "G PAR", "PAR", "STP/nc", "autonomous", "venice", "field:nowhere", "0-actions",
    "1901-winter-retreat", "1454-fall-movement", "9999-actions", "\x1b[31m",
)  # fmt: skip


def mutate_data(data: bytes, rng: random.Random) -> bytes:
    """`data` (YAML) read, one to three of its values, keys or items replaced,
    removed or repeated with values of the file or odd ones, and written back:
    well-formed YAML whose content is wrong (the state checks' work)."""
    try:
        tree = yaml.safe_load(data)
    except yaml.YAMLError:
        return data
    leaves: list[object] = []
    _walk(tree, lambda node: leaves.append(node))
    pool = [*leaves, *ODD_VALUES]
    for _ in range(rng.randint(1, 3)):
        nodes: list[object] = []
        _walk(tree, nodes.append, containers=True)
        containers = [n for n in nodes if isinstance(n, dict | list) and n]
        if not containers:
            break
        node = rng.choice(containers)
        if isinstance(node, dict):
            key = rng.choice(list(node))
            match rng.randrange(4):
                case 0:
                    del node[key]
                case 1:
                    node[key] = copy.deepcopy(rng.choice(pool))
                case 2:
                    node[str(rng.choice(pool))] = copy.deepcopy(node[key])
                case _:
                    node[key] = [node[key]] if rng.random() < 0.5 else str(node[key])
        else:
            at = rng.randrange(len(node))
            match rng.randrange(3):
                case 0:
                    del node[at]
                case 1:
                    node[at] = copy.deepcopy(rng.choice(pool))
                case _:
                    node.insert(at, copy.deepcopy(node[rng.randrange(len(node))]))
    return yaml.safe_dump(tree, allow_unicode=True).encode()


def _walk(node: object, visit: Callable[[object], None], containers: bool = False) -> None:
    if isinstance(node, dict):
        if containers:
            visit(node)
        for value in node.values():
            _walk(value, visit, containers)
    elif isinstance(node, list):
        if containers:
            visit(node)
        for value in node:
            _walk(value, visit, containers)
    elif not containers:
        visit(node)


def random_bytes(rng: random.Random) -> bytes:
    """Plain random bytes, or random printable text."""
    size = rng.choice((0, 1, 10, 100, 2000))
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(size))
    return "".join(chr(rng.randrange(9, 127)) for _ in range(size)).encode()


# --- the targets ------------------------------------------------------------------------


def assert_no_crash(args: list[str | Path], what: str) -> None:
    result = run(*args)
    assert result.exit_code in (0, 1, 2), f"{what}: exit {result.exit_code}: {result.output}"
    assert "internal error" not in result.output, f"{what}: {result.output}"
    assert "Traceback" not in result.output, f"{what}: {result.output}"


class Target:
    """One ruleset's scratch files for the hostile runs."""

    def __init__(self, ruleset: Ruleset, scratch: Path) -> None:
        self.ruleset = ruleset
        self.scratch = scratch
        self.game = scratch / "game"
        shutil.copytree(ruleset.folder, self.game)
        self.config = gf.game_file(self.game).read_bytes()
        self.state = ruleset.state_text()
        self.orders = ruleset.order_texts()
        self.position = scratch / "position.yaml"
        self.order_file = scratch / "orders.txt"

    def resolve(self, state: bytes, orders: bytes) -> None:
        self.position.write_bytes(state)
        self.order_file.write_bytes(orders)
        args: list[str | Path] = ["resolve", "--ruleset", self.ruleset.name]
        args += ["--position", self.position, "--orders", self.order_file, "--format", "json"]
        if self.ruleset.secret:
            args += ["--secret-file", self.game / gf.SECRET_FILE]
        assert_no_crash(args, f"{self.ruleset.name} resolve")

    def with_config(self, config: bytes) -> None:
        gf.game_file(self.game).write_bytes(config)
        try:
            self.order_file.write_bytes(self.orders[0])
            assert_no_crash(["check", self.game, self.order_file], f"{self.ruleset.name} check")
        finally:
            gf.game_file(self.game).write_bytes(self.config)


@pytest.fixture(scope="module", params=RULESETS, ids=[r.name for r in RULESETS])
def target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Target:
    ruleset: Ruleset = request.param
    return Target(ruleset, tmp_path_factory.mktemp(f"hostile-{ruleset.name}"))


Kind = Callable[[Target, random.Random], None]


def mutated_orders(target: Target, rng: random.Random) -> None:
    base = rng.choice(target.orders)
    orders = random_bytes(rng) if rng.random() < 0.2 else mutate(base, rng, ORDER_SNIPPETS)
    target.resolve(target.state, orders)


def mutated_yaml(data: bytes, rng: random.Random) -> bytes:
    """Random bytes (a tenth), a mutated text (two in five) or mutated data."""
    roll = rng.random()
    if roll < 0.1:
        return random_bytes(rng)
    if roll < 0.5:
        return mutate(data, rng, YAML_SNIPPETS)
    return mutate_data(data, rng)


def mutated_state(target: Target, rng: random.Random) -> None:
    target.resolve(mutated_yaml(target.state, rng), rng.choice(target.orders))


def mutated_config(target: Target, rng: random.Random) -> None:
    target.with_config(mutated_yaml(target.config, rng))


KINDS: dict[str, Kind] = {
    "orders": mutated_orders,
    "state": mutated_state,
    "game.yaml": mutated_config,
}

CI = settings(
    max_examples=CI_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@pytest.mark.skipif(SOAK > 0, reason="the soak run replaces the Hypothesis run")
@pytest.mark.parametrize("kind", list(KINDS))
@CI
@given(seed=st.integers(0, 2**32 - 1))
def test_hostile_inputs_never_crash(target: Target, kind: str, seed: int) -> None:
    """Trust #7/#9: a mutated order file, state file or game.yaml gets a clear
    message (or is resolved), never an uncaught exception."""
    KINDS[kind](target, random.Random(seed))


@CI
@given(orders=st.binary(max_size=3000))
def test_random_order_bytes_never_crash(target: Target, orders: bytes) -> None:
    """Trust #9: any bytes at all as an order file."""
    target.resolve(target.state, orders)


@pytest.mark.skipif(SOAK == 0, reason="set MAPJUDGE_SOAK=N for a soak run")
@pytest.mark.parametrize("kind", list(KINDS))
def test_soak(target: Target, kind: str) -> None:
    """`MAPJUDGE_SOAK=N`: N plain random inputs of this kind; the failing seed is named."""
    for seed in range(SOAK):
        try:
            KINDS[kind](target, random.Random(seed))
        except AssertionError as exc:
            raise AssertionError(f"{target.ruleset.name} {kind} seed {seed}: {exc}") from None
