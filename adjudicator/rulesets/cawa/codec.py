"""The CaWa state file (`turns/<phase>.yaml`) and back, exactly (004).

```yaml
phase: 2-movement
players: [red, blue]
owners: {red: ['0203', '0303'], blue: ['0605']}   # hexes by player (NT, CC-C-2)
villages: ['0203']
castles: []
terrain: {'0404': forest}                          # changed terrain (CC-E-17)
treasury: {red: 4500, blue: 3000}                  # CO (CC-C-3)
fleets: [{player: red, hex: '0505'}]               # at sea (CC-MV-16)
launched: []                                       # launched this turn (AC-21)
upkeep: {red: 1500}                                # points to pay next economy (CC-E-8)
payments: [{payer: blue, payee: red, amount: 500, battle: 1}]   # CC-B-18, AC-07
conflicts: [...]                                   # found by the movement (records.Conflict)
battles: [...]                                     # to be fought (records.Battle)
```

Every key but `phase` may be left out when empty, and is written only when
not empty. A malformed file is refused with a `CawaStateError` naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.messages import message_of
from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    Fleet,
    MoveKind,
    Payment,
    Side,
)
from adjudicator.rulesets.cawa.state import CALENDAR, CawaState
from maps.cawa.model import Building, Terrain
from texts import T_


class CawaStateError(ValueError):
    """A CaWa state file that cannot be read: the message names the key."""


def state_to_dict(state: CawaState) -> dict[str, Any]:
    """The plain data of a state (see the module docstring)."""
    data: dict[str, Any] = {"phase": state.phase.id, "players": list(state.players)}
    by_player: dict[str, list[str]] = {}
    for code in sorted(state.owners):
        by_player.setdefault(state.owners[code], []).append(code)
    optional: dict[str, Any] = {
        "owners": {p: by_player[p] for p in sorted(by_player)},
        "villages": sorted(h for h, b in state.buildings.items() if b is Building.VILLAGE),
        "castles": sorted(h for h, b in state.buildings.items() if b is Building.CASTLE),
        "terrain": {h: state.terrain[h].value for h in sorted(state.terrain)},
        "treasury": {p: state.treasury[p] for p in sorted(state.treasury)},
        "fleets": [{"player": f.player, "hex": f.hex} for f in state.fleets],
        "launched": [{"player": f.player, "hex": f.hex} for f in state.launched],
        "upkeep": {p: state.upkeep[p] for p in sorted(state.upkeep)},
        "payments": [_payment_dict(p) for p in state.payments],
        "conflicts": [_conflict_dict(c) for c in state.conflicts],
        "battles": [_battle_dict(b) for b in state.battles],
        "winner": state.winner,
    }
    data.update({key: value for key, value in optional.items() if value})
    return data


def state_from_dict(data: Mapping[str, Any]) -> CawaState:
    """A state from its plain data; `CawaStateError` naming the key otherwise."""
    if not isinstance(data, Mapping):
        raise CawaStateError(
            T_("a state file is a mapping of keys, not {kind}", kind=type(data).__name__)
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise CawaStateError(
            T_(
                "unknown key(s) {keys} (known: {known})",
                keys=", ".join(map(str, unknown)),
                known=_KNOWN,
            )
        )
    buildings = {h: Building.VILLAGE for h in _codes(data.get("villages"), "villages")}
    for code in _codes(data.get("castles"), "castles"):
        if code in buildings:
            raise CawaStateError(T_("castles: {hex} is also listed under villages", hex=code))
        buildings[code] = Building.CASTLE
    return CawaState(
        phase=_phase(data.get("phase")),
        players=tuple(_words(data.get("players"), "players")),
        owners=_owners(data.get("owners")),
        buildings=buildings,
        terrain=_terrain(data.get("terrain")),
        treasury=_amounts(data.get("treasury"), "treasury"),
        fleets=tuple(_fleet(f, f"fleets[{i}]") for i, f in enumerate(_list(data, "fleets"))),
        launched=tuple(_fleet(f, f"launched[{i}]") for i, f in enumerate(_list(data, "launched"))),
        upkeep=_amounts(data.get("upkeep"), "upkeep"),
        payments=tuple(
            _payment(p, f"payments[{i}]") for i, p in enumerate(_list(data, "payments"))
        ),
        conflicts=tuple(
            _conflict(c, f"conflicts[{i}]") for i, c in enumerate(_list(data, "conflicts"))
        ),
        battles=tuple(_battle(b, f"battles[{i}]") for i, b in enumerate(_list(data, "battles"))),
        winner=_optional_text(data.get("winner"), "winner"),
    )


_KEYS = frozenset(
    {
        "phase",
        "players",
        "owners",
        "villages",
        "castles",
        "terrain",
        "treasury",
        "fleets",
        "launched",
        "upkeep",
        "payments",
        "conflicts",
        "battles",
        "winner",
    }
)
_KNOWN = ", ".join(sorted(_KEYS))


# --- writing records ----------------------------------------------------------------


def _payment_dict(payment: Payment) -> dict[str, Any]:
    return {
        "payer": payment.payer,
        "payee": payment.payee,
        "amount": payment.amount,
        "battle": payment.battle,
    }


def _conflict_dict(conflict: Conflict) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": conflict.number,
        "kind": conflict.kind.value,
        "hex": conflict.hex,
    }
    if conflict.other_hex is not None:
        data["other_hex"] = conflict.other_hex
    if conflict.defender is not None:
        data["defender"] = conflict.defender
    data["entries"] = [_entry_dict(e) for e in conflict.entries]
    return data


def _entry_dict(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"player": entry.player, "from": entry.from_hex, "by": entry.kind.value}
    if entry.points is not None:
        data["points"] = entry.points
    return data


def _battle_dict(battle: Battle) -> dict[str, Any]:
    data: dict[str, Any] = {"number": battle.number, "hex": battle.hex}
    if battle.defender is not None:
        data["defender"] = battle.defender
    if battle.conflicts:
        data["conflicts"] = list(battle.conflicts)
    data["sides"] = [_side_dict(s) for s in battle.sides]
    return data


def _side_dict(side: Side) -> dict[str, Any]:
    data: dict[str, Any] = {"player": side.player, "attacking": side.attacking}
    if side.points is not None:
        data["points"] = side.points
    return data


# --- reading ------------------------------------------------------------------------


def _phase(value: object) -> Phase:
    if not isinstance(value, str):
        raise CawaStateError(
            T_("phase: expected a phase id like 1-economy, not {value}", value=repr(value))
        )
    try:
        return CALENDAR.parse(value)
    except ValueError as exc:
        raise CawaStateError(T_("phase: {problem}", problem=message_of(exc))) from None


def _list(data: Mapping[str, Any], key: str) -> Sequence[Any]:
    value = data.get(key)
    if value is None:
        return ()
    if not isinstance(value, list):
        raise CawaStateError(T_("{key}: expected a list, not {value}", key=key, value=repr(value)))
    return value


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CawaStateError(T_("{key}: expected text, not {value}", key=key, value=repr(value)))
    return value.strip()


def _code(value: object, key: str) -> str:
    """A hex code: four digits. YAML reads an unquoted `1203` as a number, which
    is taken as the code; an unquoted `0203` it reads as an octal number (131),
    which cannot be told from a mistake, so it is refused with the hint."""
    text = value
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1000 <= value <= 9999:
            raise CawaStateError(
                T_(
                    "{key}: {value} is no hex code; write codes in quotes, like '0203'",
                    key=key,
                    value=repr(value),
                )
            )
        text = str(value)
    if not isinstance(text, str) or len(text) != 4 or not text.isdigit():
        raise CawaStateError(
            T_("{key}: expected a hex code like '0203', not {value}", key=key, value=repr(value))
        )
    return text


def _words(value: object, key: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CawaStateError(T_("{key}: expected a list, not {value}", key=key, value=repr(value)))
    return [_text(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _codes(value: object, key: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CawaStateError(
            T_("{key}: expected a list of hex codes, not {value}", key=key, value=repr(value))
        )
    return [_code(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _mapping(value: object, key: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise CawaStateError(
            T_("{key}: expected a mapping, not {value}", key=key, value=repr(value))
        )
    return value


def _whole(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CawaStateError(
            T_("{key}: expected a whole number, 0 or more, not {value}", key=key, value=repr(value))
        )
    return value


def _amounts(value: object, key: str) -> dict[str, int]:
    return {str(p): _whole(v, f"{key}.{p}") for p, v in _mapping(value, key).items()}


def _owners(value: object) -> dict[str, str]:
    owners: dict[str, str] = {}
    for player, codes in _mapping(value, "owners").items():
        for code in _codes(codes, f"owners.{player}"):
            if code in owners:
                raise CawaStateError(
                    T_(
                        "owners.{player}: {hex} is also {owner}'s",
                        player=player,
                        hex=code,
                        owner=owners[code],
                    )
                )
            owners[code] = str(player)
    return owners


def _terrain(value: object) -> dict[str, Terrain]:
    found: dict[str, Terrain] = {}
    known = ", ".join(t.value for t in Terrain if t.is_land)
    for code, name in _mapping(value, "terrain").items():
        hex_code = _code(code, f"terrain.{code}")
        try:
            terrain = Terrain(name)
        except ValueError:
            raise CawaStateError(
                T_(
                    "terrain.{hex}: {name} is no terrain ({known})",
                    hex=hex_code,
                    name=repr(name),
                    known=known,
                )
            ) from None
        if not terrain.is_land:
            raise CawaStateError(
                T_("terrain.{hex}: a hex never becomes water (AC-15)", hex=hex_code)
            )
        found[hex_code] = terrain
    return found


def _record(value: object, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise CawaStateError(
            T_("{key}: expected a mapping, not {value}", key=key, value=repr(value))
        )
    return value


def _fleet(value: object, key: str) -> Fleet:
    data = _record(value, key)
    return Fleet(_text(data.get("player"), f"{key}.player"), _code(data.get("hex"), f"{key}.hex"))


def _payment(value: object, key: str) -> Payment:
    data = _record(value, key)
    return Payment(
        _text(data.get("payer"), f"{key}.payer"),
        str(data.get("payee") or ""),
        _whole(data.get("amount"), f"{key}.amount"),
        _whole(data.get("battle", 0), f"{key}.battle"),
    )


def _enum(value: object, kind: type[ConflictKind | MoveKind], key: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        known = ", ".join(k.value for k in kind)
        raise CawaStateError(
            T_("{key}: {value} is not one of {known}", key=key, value=repr(value), known=known)
        ) from None


def _optional_code(value: object, key: str) -> str | None:
    return None if value is None else _code(value, key)


def _optional_text(value: object, key: str) -> str | None:
    return None if value is None else _text(value, key)


def _optional_whole(value: object, key: str) -> int | None:
    return None if value is None else _whole(value, key)


def _conflict(value: object, key: str) -> Conflict:
    data = _record(value, key)
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries:
        raise CawaStateError(
            T_(
                "{key}.entries: expected a list of moves, not {entries}",
                key=key,
                entries=repr(entries),
            )
        )
    return Conflict(
        number=_whole(data.get("number"), f"{key}.number"),
        kind=_enum(data.get("kind"), ConflictKind, f"{key}.kind"),
        hex=_code(data.get("hex"), f"{key}.hex"),
        entries=tuple(_entry(e, f"{key}.entries[{i}]") for i, e in enumerate(entries)),
        defender=_optional_text(data.get("defender"), f"{key}.defender"),
        other_hex=_optional_code(data.get("other_hex"), f"{key}.other_hex"),
    )


def _entry(value: object, key: str) -> Entry:
    data = _record(value, key)
    return Entry(
        player=_text(data.get("player"), f"{key}.player"),
        from_hex=_code(data.get("from"), f"{key}.from"),
        kind=_enum(data.get("by", "land"), MoveKind, f"{key}.by"),
        points=_optional_whole(data.get("points"), f"{key}.points"),
    )


def _battle(value: object, key: str) -> Battle:
    data = _record(value, key)
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise CawaStateError(
            T_("{key}.sides: expected a list of sides, not {sides}", key=key, sides=repr(sides))
        )
    conflicts = data.get("conflicts") or []
    if not isinstance(conflicts, list):
        raise CawaStateError(
            T_(
                "{key}.conflicts: expected a list of numbers, not {conflicts}",
                key=key,
                conflicts=repr(conflicts),
            )
        )
    return Battle(
        number=_whole(data.get("number"), f"{key}.number"),
        hex=_code(data.get("hex"), f"{key}.hex"),
        sides=tuple(_side(s, f"{key}.sides[{i}]") for i, s in enumerate(sides)),
        defender=_optional_text(data.get("defender"), f"{key}.defender"),
        conflicts=tuple(_whole(c, f"{key}.conflicts[{i}]") for i, c in enumerate(conflicts)),
    )


def _side(value: object, key: str) -> Side:
    data = _record(value, key)
    attacking = data.get("attacking", False)
    if not isinstance(attacking, bool):
        raise CawaStateError(
            T_(
                "{key}.attacking: expected true or false, not {attacking}",
                key=key,
                attacking=repr(attacking),
            )
        )
    return Side(
        player=_text(data.get("player"), f"{key}.player"),
        attacking=attacking,
        points=_optional_whole(data.get("points"), f"{key}.points"),
    )
