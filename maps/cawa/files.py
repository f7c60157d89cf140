"""CaWa map files (004 "El Mapa"): the YAML format, its reader and writer.

A CaWa map is public (CC-V-1, CC-M-1): one file holds the grid, the
kingdoms and the position a campaign starts from::

    name: ten-kingdoms
    layout: odd-q                 # optional (default odd-q), see maps.hexgrid
    terrain: {"~": water, ".": plain, "f": forest, "^": mountain}   # optional
    rows:                         # one character per hex; column 1 row 1 is 0101
      - "~~..f^"
      - "~...ff"
    players:
      red: {name: Reino Rojo, colour: "#c0392b", aliases: [rojo]}
    owners:                       # starting realms: player -> hexes
      red: ["0203", "0303"]
    villages: ["0203"]
    castles: []

Terrains are the book's four (CC-M-6; plain is its "tierra", AC-03). A hex
is a player's, water, or nobody's (CC-V-2): water is never owned (CC-M-8)
and never built on (CC-M-9). Hex codes are `CCRR` texts; write them in
quotes: YAML reads `0203` as the octal number 131. A bare number of four
digits (`1203`) cannot be misread and is accepted.

`cawa_map_from_dict` checks everything and raises one `CawaMapError`
listing every problem, each naming the file, the key and the value (with
the nearest valid names where there are any). `cawa_map_to_dict` writes a
map back; reading that gives an equal map.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from maps.cawa.model import Building, CawaMap, CawaPlayer, HexCell, Terrain
from maps.hexgrid import MAX_NUMBER, HexLayout, hex_code, offset_to_axial
from maps.loader import MapError
from maps.model import SUGGESTED_CHARS
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import LANGUAGES, T_, Text

__all__ = [
    "CAWA_MAPS_DIR",
    "SYMBOLS",
    "CawaMapError",
    "cawa_map_from_dict",
    "cawa_map_to_dict",
    "load_cawa_map",
    "packaged_cawa_maps",
    "render_rows",
]

CAWA_MAPS_DIR = Path(__file__).parent
SYMBOLS: Mapping[str, Terrain] = {
    "~": Terrain.WATER,
    ".": Terrain.PLAIN,
    "f": Terrain.FOREST,
    "^": Terrain.MOUNTAIN,
}
"""The symbols a file uses when it gives no `terrain` (and the writer uses)."""

_TOP_KEYS = ("name", "layout", "terrain", "rows", "players", "owners", "villages", "castles")
_PLAYER_KEYS = ("name", "colour", "aliases", "names")
_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")
_CODE = re.compile(r"[0-9]{4}\Z")
_BARE_NAME = re.compile(r"[a-z0-9_-]+\Z")


class CawaMapError(MapError):
    """A CaWa map file that cannot be used; `errors` lists every problem."""


# --- files -------------------------------------------------------------------


def packaged_cawa_maps() -> tuple[str, ...]:
    """Names of the CaWa maps shipped in `maps/cawa/` (`load_cawa_map` accepts them)."""
    return tuple(sorted(p.stem for p in CAWA_MAPS_DIR.glob("*.yaml") if _BARE_NAME.match(p.stem)))


def load_cawa_map(name_or_path: str | Path) -> CawaMap:
    """A packaged map by bare name (`"example"`: `maps/cawa/example.yaml`) or a
    map file by path; `CawaMapError` for a file that cannot be read or used."""
    if isinstance(name_or_path, str) and _BARE_NAME.match(name_or_path):
        path = CAWA_MAPS_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            known = packaged_cawa_maps()
            close = _close(name_or_path, known)
            raise CawaMapError(
                [
                    T_(
                        "{name}: no such CaWa map{hint} (packaged: {known})",
                        name=name_or_path,
                        hint=close,
                        known=", ".join(known),
                    )
                ]
            )
        source = path.name
    else:
        path = Path(name_or_path)
        source = str(path)
    try:
        data = read_yaml_file(path, source)
    except OSError as exc:
        raise CawaMapError(
            [
                T_(
                    "{source}: cannot read the map file ({problem})",
                    source=source,
                    problem=exc.strerror or str(exc),
                )
            ]
        ) from None
    except YamlProblem as exc:
        first = exc.args[0] if len(exc.args) == 1 else None
        raise CawaMapError([first if isinstance(first, Text) else str(exc)]) from None
    return cawa_map_from_dict(data, source)


def render_rows(m: CawaMap) -> list[str]:
    """The map's terrain as rows of `SYMBOLS` (row 1 first); `CawaMapError`
    when its hexes are not the full rectangle from `0101` a file can hold."""
    columns = max((cell.column for cell in m.hexes.values()), default=0)
    rows = max((cell.row for cell in m.hexes.values()), default=0)
    letter = {terrain: symbol for symbol, terrain in SYMBOLS.items()}
    lines: list[str] = []
    missing: list[str] = []
    for row in range(1, rows + 1):
        line = ""
        for column in range(1, columns + 1):
            cell = m.hexes.get(hex_code(column, row))
            if cell is None:
                missing.append(hex_code(column, row))
                continue
            line += letter[cell.terrain]
        lines.append(line)
    if missing or not lines:
        shown = ", ".join(missing[:5]) or T_("all")
        raise CawaMapError(
            [
                T_(
                    "{map}: rows: the map is not a rectangle from 0101 ({hexes})",
                    map=m.name,
                    hexes=shown,
                )
            ]
        )
    return lines


def cawa_map_to_dict(m: CawaMap) -> dict[str, Any]:
    """Plain data for YAML (hex codes as texts); `cawa_map_from_dict` reads it
    back to an equal map."""
    owners: dict[str, list[str]] = {}
    for code in sorted(m.start_owners):
        owners.setdefault(m.start_owners[code], []).append(code)
    by_player = {p: owners[p] for p in m.players if p in owners}
    by_player.update({p: hexes for p, hexes in owners.items() if p not in by_player})
    players: dict[str, dict[str, Any]] = {}
    for player in m.players.values():
        entry: dict[str, Any] = {"name": player.name, "colour": player.colour}
        if player.aliases:
            entry["aliases"] = list(player.aliases)
        if player.names:
            entry["names"] = dict(player.names)
        players[player.id] = entry
    return {
        "name": m.name,
        "layout": m.layout.value,
        "terrain": {symbol: terrain.value for symbol, terrain in SYMBOLS.items()},
        "rows": render_rows(m),
        "players": players,
        "owners": by_player,
        "villages": _built(m, Building.VILLAGE),
        "castles": _built(m, Building.CASTLE),
    }


def _built(m: CawaMap, kind: Building) -> list[str]:
    return sorted(code for code, building in m.start_buildings.items() if building is kind)


# --- reading and checking ------------------------------------------------------


class _Reader:
    """Collects every problem, each naming the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def fail(self, key: str, message: str) -> None:
        self.errors.append(
            T_("{source}: {key}: {message}", source=self.source, key=key, message=message)
        )


def cawa_map_from_dict(data: Any, source: str = "<data>") -> CawaMap:
    """Read and check a CaWa map's plain data (see the module docstring);
    `CawaMapError` lists every problem found."""
    r = _Reader(source)
    if not isinstance(data, Mapping):
        raise CawaMapError(
            [
                T_(
                    "{source}: a CaWa map must be a mapping, not {kind}",
                    source=source,
                    kind=type(data).__name__,
                )
            ]
        )
    for key in data:
        if key not in _TOP_KEYS:
            r.fail(str(key), T_("unknown key{hint}", hint=_close(str(key), _TOP_KEYS)))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        r.fail("name", T_("expected a non-empty text, not {name}", name=repr(name)))
    layout = _layout(r, data.get("layout", HexLayout.ODD_Q.value))
    symbols = _terrain(r, data.get("terrain"))
    hexes = _hexes(r, data.get("rows"), symbols, layout)
    players = _players(r, data.get("players"))
    owners = _owners(r, data.get("owners"), players, hexes)
    buildings = _buildings(r, data, hexes)
    if r.errors:
        raise CawaMapError(r.errors)
    return CawaMap(str(name), hexes, layout, players, owners, buildings)


def _close(text: str, known: Iterable[str]) -> Text | str:
    """`" (did you mean: a, b?)"` for the names nearest `text`, or ``."""
    found = difflib.get_close_matches(text[:SUGGESTED_CHARS], list(known), n=3, cutoff=0.5)
    return T_(" (did you mean: {names}?)", names=", ".join(found)) if found else ""


def _layout(r: _Reader, raw: object) -> HexLayout:
    choices = [layout.value for layout in HexLayout]
    if isinstance(raw, str) and raw in choices:
        return HexLayout(raw)
    hint = _close(raw, choices) if isinstance(raw, str) else ""
    r.fail(
        "layout",
        T_(
            "{raw} is not a hex layout{hint} (known: {choices})",
            raw=repr(raw),
            hint=hint,
            choices=", ".join(choices),
        ),
    )
    return HexLayout.ODD_Q


def _terrain(r: _Reader, raw: object) -> dict[str, Terrain]:
    if raw is None:
        return dict(SYMBOLS)
    if not isinstance(raw, Mapping) or not raw:
        r.fail("terrain", T_("expected a mapping of symbol -> terrain, not {raw}", raw=repr(raw)))
        return dict(SYMBOLS)
    names = [terrain.value for terrain in Terrain]
    symbols: dict[str, Terrain] = {}
    for symbol, terrain in raw.items():
        if not isinstance(symbol, str) or len(symbol) != 1:
            r.fail("terrain", T_("symbol {symbol} must be a single character", symbol=repr(symbol)))
        elif not isinstance(terrain, str) or terrain not in names:
            hint = _close(terrain, names) if isinstance(terrain, str) else ""
            r.fail(
                f"terrain[{symbol!r}]",
                T_(
                    "{terrain} is not a CaWa terrain{hint} (known: {known})",
                    terrain=repr(terrain),
                    hint=hint,
                    known=", ".join(names),
                ),
            )
        else:
            symbols[symbol] = Terrain(terrain)
    return symbols


def _hexes(
    r: _Reader, raw: object, symbols: Mapping[str, Terrain], layout: HexLayout
) -> dict[str, HexCell]:
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) and x for x in raw):
        r.fail("rows", T_("expected a non-empty list of non-empty texts, not {raw}", raw=repr(raw)))
        return {}
    width = len(raw[0])
    for i, line in enumerate(raw):
        if len(line) != width:
            r.fail(
                f"rows[{i}]",
                T_(
                    "{line} has {count} hexes; rows[0] has {width}",
                    line=repr(line),
                    count=len(line),
                    width=width,
                ),
            )
    if width > MAX_NUMBER or len(raw) > MAX_NUMBER:
        r.fail(
            "rows",
            T_(
                "{width} columns and {rows} rows; hex codes allow {most} each",
                width=width,
                rows=len(raw),
                most=MAX_NUMBER,
            ),
        )
    hexes: dict[str, HexCell] = {}
    for i, line in enumerate(raw):
        for j, symbol in enumerate(line):
            column, row = j + 1, i + 1
            code = hex_code(column, row)
            terrain = symbols.get(symbol)
            if terrain is None:
                known = ", ".join(repr(s) for s in symbols)
                r.fail(
                    f"rows[{i}][{j}]",
                    T_(
                        "hex {hex}: unknown terrain symbol {symbol} ({known})",
                        hex=code,
                        symbol=repr(symbol),
                        known=known,
                    ),
                )
                continue
            axial = offset_to_axial(column, row, layout)
            hexes[code] = HexCell(code, column, row, axial, terrain)
    return hexes


def _players(r: _Reader, raw: object) -> dict[str, CawaPlayer]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        r.fail(
            "players", T_("expected a mapping of player id -> details, not {raw}", raw=repr(raw))
        )
        return {}
    players: dict[str, CawaPlayer] = {}
    for ident, entry in raw.items():
        key = f"players.{ident}"
        if not isinstance(ident, str) or not _ID.match(ident):
            r.fail(
                key,
                T_("player id {ident} must be a lower-case word (a-z, 0-9, _)", ident=repr(ident)),
            )
        if not isinstance(entry, Mapping):
            r.fail(
                key,
                T_("expected a mapping with name, colour, aliases, not {entry}", entry=repr(entry)),
            )
            continue
        for field_name in entry:
            if field_name not in _PLAYER_KEYS:
                r.fail(
                    f"{key}.{field_name}",
                    T_("unknown key{hint}", hint=_close(str(field_name), _PLAYER_KEYS)),
                )
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            r.fail(f"{key}.name", T_("expected a non-empty text, not {name}", name=repr(name)))
        colour = entry.get("colour")
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            r.fail(
                f"{key}.colour", T_("expected a colour #rrggbb, not {colour}", colour=repr(colour))
            )
        aliases = entry.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
            r.fail(
                f"{key}.aliases",
                T_("expected a list of texts, not {aliases}", aliases=repr(aliases)),
            )
            aliases = []
        names = _names(r, f"{key}.names", entry.get("names"))
        players[str(ident)] = CawaPlayer(str(ident), str(name), str(colour), tuple(aliases), names)
    _check_players(r, players)
    return players


def _names(r: _Reader, key: str, raw: object) -> tuple[tuple[str, str], ...]:
    """A player's `names: {es: ..., ca: ...}` (its name in other languages)."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping) or not all(
        isinstance(lang, str) and lang in LANGUAGES and isinstance(text, str) and text.strip()
        for lang, text in raw.items()
    ):
        r.fail(
            key,
            T_(
                "expected a mapping of language ({languages}) -> name, not {raw}",
                languages=", ".join(LANGUAGES),
                raw=repr(raw),
            ),
        )
        return ()
    return tuple((str(lang), str(text).strip()) for lang, text in raw.items())


def _check_players(r: _Reader, players: Mapping[str, CawaPlayer]) -> None:
    """Colours distinct; a name or alias stands for one player only."""
    colours: dict[str, str] = {}
    names: dict[str, str] = {}
    for player in players.values():
        colour = player.colour.casefold()
        if colour in colours:
            r.fail(
                f"players.{player.id}.colour",
                T_("{colour} is {other}'s too", colour=player.colour, other=colours[colour]),
            )
        colours.setdefault(colour, player.id)
        for text in dict.fromkeys(n.casefold() for n in (player.id, player.name, *player.aliases)):
            other = names.setdefault(text, player.id)
            if other != player.id:
                r.fail(
                    f"players.{player.id}",
                    T_("name or alias {text} is {other}'s too", text=repr(text), other=other),
                )


def _code(r: _Reader, raw: object, key: str, hexes: Mapping[str, HexCell]) -> str | None:
    """The hex code `raw` names on the map, or None (reported)."""
    if isinstance(raw, int) and not isinstance(raw, bool) and 1000 <= raw <= 9999:
        raw = str(raw)
    if not isinstance(raw, str) or not _CODE.match(raw):
        hint = " (write hex codes in quotes: YAML reads 0203 as a number)"
        r.fail(
            key,
            T_(
                "{raw} is not a hex code CCRR{hint}",
                raw=repr(raw),
                hint=hint if isinstance(raw, int) else "",
            ),
        )
        return None
    if raw not in hexes:
        if hexes:
            last = max(hexes, key=lambda c: (hexes[c].row, hexes[c].column))
            extent: Text | str = T_(
                "columns 01..{columns}, rows 01..{rows}",
                columns=f"{hexes[last].column:02d}",
                rows=f"{hexes[last].row:02d}",
            )
        else:
            extent = T_("no hexes")
        r.fail(key, T_("hex {raw} is not on the map ({extent})", raw=raw, extent=extent))
        return None
    return raw


def _code_list(r: _Reader, raw: object, key: str) -> list[object]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        r.fail(key, T_("expected a list of hex codes, not {raw}", raw=repr(raw)))
        return []
    return raw


def _owners(
    r: _Reader, raw: object, players: Mapping[str, CawaPlayer], hexes: Mapping[str, HexCell]
) -> dict[str, str]:
    """hex -> player; water is never owned (CC-M-8), a hex has one owner (CC-V-2)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        r.fail("owners", T_("expected a mapping of player -> hexes, not {raw}", raw=repr(raw)))
        return {}
    owners: dict[str, str] = {}
    for player, codes in raw.items():
        key = f"owners.{player}"
        if player not in players:
            r.fail(
                key,
                T_(
                    "unknown player {player}{hint}",
                    player=repr(player),
                    hint=_close(str(player), players),
                ),
            )
        for i, item in enumerate(_code_list(r, codes, key)):
            code = _code(r, item, f"{key}[{i}]", hexes)
            if code is None:
                continue
            if hexes[code].terrain is Terrain.WATER:
                r.fail(
                    f"{key}[{i}]", T_("hex {hex} is water, which nobody may own (CC-M-8)", hex=code)
                )
            elif code in owners:
                r.fail(
                    f"{key}[{i}]",
                    T_("hex {hex} is already owned by {owner}", hex=code, owner=owners[code]),
                )
            else:
                owners[code] = str(player)
    return owners


def _buildings(
    r: _Reader, data: Mapping[str, Any], hexes: Mapping[str, HexCell]
) -> dict[str, Building]:
    """hex -> building; never on water (CC-M-9), one per hex."""
    buildings: dict[str, Building] = {}
    for key, kind in (("villages", Building.VILLAGE), ("castles", Building.CASTLE)):
        for i, item in enumerate(_code_list(r, data.get(key), key)):
            code = _code(r, item, f"{key}[{i}]", hexes)
            if code is None:
                continue
            if hexes[code].terrain is Terrain.WATER:
                r.fail(
                    f"{key}[{i}]",
                    T_("hex {hex} is water, where nothing is built (CC-M-9)", hex=code),
                )
            elif buildings.get(code) is kind:
                r.fail(f"{key}[{i}]", T_("hex {hex} is listed twice", hex=code))
            elif code in buildings:
                r.fail(f"{key}[{i}]", T_("hex {hex} is both a village and a castle", hex=code))
            else:
                buildings[code] = kind
    return buildings
