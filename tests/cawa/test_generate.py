"""The CaWa map generator (004 "¿Cómo es el mapa?"): the book's advice on
size, terrain and water, one landmass, and the starting realms."""

from __future__ import annotations

import itertools
import re
from collections import Counter, deque
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.cawa.files import cawa_map_from_dict, cawa_map_to_dict, render_rows
from maps.cawa.generate import (
    MAX_PLAYERS,
    colour_distance,
    default_players,
    generate_map,
    grid_size,
    luminance,
    player_colours,
)
from maps.cawa.model import Building, CawaMap, Terrain


def land_of(m: CawaMap) -> set[str]:
    return {code for code, cell in m.hexes.items() if cell.terrain.is_land}


def connected(m: CawaMap, hexes: Iterable[str]) -> bool:
    """Every hex of `hexes` reaches every other through `hexes`."""
    group = set(hexes)
    if not group:
        return True
    start = min(group)
    seen = {start}
    queue = deque([start])
    while queue:
        for other in m.neighbours(queue.popleft()):
            if other in group and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen == group


def realms_of(m: CawaMap) -> dict[str, set[str]]:
    realms: dict[str, set[str]] = {}
    for code, player in m.start_owners.items():
        realms.setdefault(player, set()).add(code)
    return realms


def check_map(m: CawaMap, players: int, start_hexes: int) -> None:
    """Every promise of the generator, on one map."""
    land = land_of(m)
    counts = Counter(m.hexes[code].terrain for code in land)
    water = len(m.hexes) - len(land)
    assert len(land) == players * max(25, 3 * start_hexes)  # CC-M-2
    for terrain in (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.PLAIN):  # CC-M-3
        assert 0.25 <= counts[terrain] / len(land) <= 0.42, counts
    assert len(land) / 2 <= water <= len(land)  # CC-M-4, AC-04
    assert connected(m, land)
    realms = realms_of(m)
    assert list(realms) == list(m.players)[: len(realms)]
    assert set(realms) == set(m.players)
    for player, realm in realms.items():
        assert len(realm) == start_hexes
        assert realm <= land  # CC-M-8
        assert connected(m, realm), player
        villages = [c for c in realm if m.start_buildings.get(c) is Building.VILLAGE]
        assert len(villages) == 1, player
        coastal = [c for c in realm if any(not m.terrain(n).is_land for n in m.neighbours(c))]
        if coastal:
            assert villages[0] in coastal
    for (a, realm_a), (b, realm_b) in itertools.combinations(realms.items(), 2):
        assert not any(m.adjacent(x, y) for x in realm_a for y in realm_b), (a, b)
    assert len(m.start_buildings) == players
    assert set(m.start_buildings.values()) == {Building.VILLAGE}


def test_connected_helper_can_fail() -> None:
    """CC-M-8: the tests' connectivity check tells two apart hexes from a chain."""
    m = generate_map(2, seed=5)
    (first, second) = realms_of(m).values()
    assert connected(m, first)
    assert not connected(m, first | second)


def test_ten_players_follow_the_books_example() -> None:
    """CC-M-2, CC-M-3, CC-M-4, AC-04, CC-N-2: 10 players -> about 250 land
    hexes (about 83 each of forest, mountain and plain) and 125 to 250 water."""
    m = generate_map(10, seed=1)
    land = land_of(m)
    assert 225 <= len(land) <= 275
    counts = Counter(m.hexes[code].terrain for code in land)
    assert all(82 <= counts[t] <= 84 for t in (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.PLAIN))
    assert 125 <= len(m.hexes) - len(land) <= 250
    check_map(m, 10, 5)


@pytest.mark.parametrize("seed", [0, 1, 2, 17, 99])
def test_ten_players_many_seeds(seed: int) -> None:
    """CC-M-2, CC-M-3, CC-M-4, CC-M-8, CC-V-2, AC-04: the advice, one
    landmass, and separate connected realms on land, whatever the seed."""
    check_map(generate_map(10, seed), 10, 5)


def test_two_players() -> None:
    """CC-N-2, CC-M-2, CC-M-4: the smallest campaign still gets a map."""
    m = generate_map(2, seed=5)
    check_map(m, 2, 5)
    assert len(m.players) == 2


def test_forty_players_fit_hex_codes() -> None:
    """CC-N-2, CC-M-2, CC-M-4: 40 players (the first CaWa had 23) fit in
    hex codes CCRR (columns and rows up to 99)."""
    m = generate_map(MAX_PLAYERS, seed=3)
    check_map(m, MAX_PLAYERS, 5)
    assert max(cell.column for cell in m.hexes.values()) <= 99
    assert max(cell.row for cell in m.hexes.values()) <= 99


@pytest.mark.parametrize(("players", "start_hexes"), [(10, 1), (10, 8), (4, 12), (23, 3)])
def test_start_hexes_option(players: int, start_hexes: int) -> None:
    """CC-M-8, CC-V-2: each realm has `start_hexes` land hexes (the option,
    default 5); big realms get more land per player."""
    check_map(generate_map(players, seed=11, start_hexes=start_hexes), players, start_hexes)


def test_same_arguments_same_map() -> None:
    """CC-V-1: the map is reproducible from its arguments (seeded), and the seed matters."""
    first = cawa_map_to_dict(generate_map(12, seed=42, name="campaign"))
    second = cawa_map_to_dict(generate_map(12, seed=42, name="campaign"))
    assert first == second
    assert first["name"] == "campaign"
    assert cawa_map_to_dict(generate_map(12, seed=43, name="campaign")) != first


def test_generated_map_round_trips_through_the_file_format() -> None:
    """CC-V-1, CC-M-8: a generated map is a valid map file and reads back equal."""
    m = generate_map(10, seed=8)
    assert cawa_map_from_dict(cawa_map_to_dict(m), "generated.yaml") == m


def test_sea_rim_and_patches() -> None:
    """CC-M-3, CC-M-6: the grid's edge is sea, and the terrain comes in
    patches: far more land neighbours share a terrain than the third noise gives."""
    m = generate_map(10, seed=4)
    rows = render_rows(m)
    assert set(rows[0]) == set(rows[-1]) == {"~"}
    assert {row[0] for row in rows} == {row[-1] for row in rows} == {"~"}
    land = land_of(m)
    pairs = [(a, b) for a in sorted(land) for b in m.neighbours(a) if b in land and a < b]
    same = sum(m.terrain(a) is m.terrain(b) for a, b in pairs)
    assert same / len(pairs) > 0.55


def hex_distance(m: CawaMap, a: str, b: str) -> int:
    (q1, r1), (q2, r2) = m.hexes[a].axial, m.hexes[b].axial
    return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))


@pytest.mark.parametrize(("players", "gap"), [(2, 5), (10, 3)])
def test_realms_are_spread_apart(players: int, gap: int) -> None:
    """CC-V-2: the realms are spread over the land: every land hex lies
    within 5 hexes of a realm, and realms keep `gap` hexes apart or more."""
    for seed in range(4):
        m = generate_map(players, seed)
        realms = list(realms_of(m).values())
        for code in land_of(m):
            assert min(hex_distance(m, code, c) for c in m.start_owners) <= 5, (seed, code)
        for a, b in itertools.combinations(realms, 2):
            assert min(hex_distance(m, x, y) for x in a for y in b) >= gap, seed


@given(
    players=st.integers(min_value=2, max_value=14),
    seed=st.integers(min_value=0, max_value=2**32),
    start_hexes=st.integers(min_value=1, max_value=9),
)
@settings(max_examples=25, deadline=None)
def test_any_arguments_keep_every_promise(players: int, seed: int, start_hexes: int) -> None:
    """CC-M-2, CC-M-3, CC-M-4, CC-M-8, CC-V-2, AC-04: for any players, seed
    and realm size the map keeps the advice and the realms' rules."""
    check_map(generate_map(players, seed, start_hexes), players, start_hexes)


@pytest.mark.parametrize(
    ("players", "start_hexes", "name"),
    [(1, 5, "g"), (41, 5, "g"), (True, 5, "g"), (10, 0, "g"), (10, 5, " ")],
)
def test_bad_arguments(players: int, start_hexes: int, name: str) -> None:
    """CC-N-2: 2 to 40 players, realms of one hex or more, a named map."""
    with pytest.raises(ValueError, match="must be"):
        generate_map(players, 1, start_hexes, name)


def test_grid_size_holds_the_water_advice() -> None:
    """CC-M-4, AC-04: the grid for N x 25 land has between half and as many
    water hexes as land, for 2 to 40 players."""
    for players in range(2, MAX_PLAYERS + 1):
        land = 25 * players
        columns, rows = grid_size(land)
        assert land / 2 <= columns * rows - land <= land
        assert (columns - 2) * (rows - 2) >= land
        assert columns <= 99 and rows <= 99


def test_default_players() -> None:
    """CC-M-1: up to 40 kingdoms with lower-case ids, names and colours that
    differ plainly and carry white text (contrast 3:1 or more)."""
    people = default_players(MAX_PLAYERS)
    assert [p.id for p in people[:3]] == ["player1", "player2", "player3"]
    assert people[0].name == "Reino 1"
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", p.id) for p in people)
    assert len({p.name for p in people}) == len({p.colour for p in people}) == MAX_PLAYERS
    assert player_colours()[:10] == tuple(p.colour for p in default_players(10))
    for a, b in itertools.combinations(people, 2):
        assert colour_distance(a.colour, b.colour) >= 80, (a.colour, b.colour)
    assert all(1.05 / (luminance(p.colour) + 0.05) >= 3.0 for p in people)
    with pytest.raises(ValueError, match="from 1 to 40"):
        default_players(41)
    with pytest.raises(ValueError, match="from 1 to 40"):
        default_players(0)


def test_colour_helpers() -> None:
    """CC-M-1: the colour measures used to keep kingdoms apart on the map."""
    assert colour_distance("#000000", "#000000") == 0
    assert colour_distance("#ff0000", "#00ff00") > colour_distance("#ff0000", "#ee1100")
    assert luminance("#ffffff") == pytest.approx(1.0)
    assert luminance("#000000") == 0
