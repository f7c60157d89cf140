"""Machiavelli's board: the board kit's `GameState` with control, homes and sieges.

Why a subclass, not a typed `extension` field on `GameState`: every shared
helper of the board kit (assignment, the classic retreat and adjustment
loops, `dataclasses.replace`) takes a `GameState` and gives back the same
type, so a `MachiavelliState` flows through them unchanged and Machiavelli's
own rules read `state.control` directly. The kit's `GameState` knows nothing
of it (DESIGN.md: "A ruleset keeps what only it has ... in its own state
extension"); `BoardRules.state_type` tells the board plugin which class
reads a `turns/<phase>.yaml`.

The YAML form adds, between the board's keys and `winner` (so files written
before this class existed read back unchanged): `control` (power -> areas
where its marker stands, 003 §1.1), `home` (power -> home areas, 003 §1),
`sieges` (area -> the besieger whose siege's first turn is done, 003 §4.4)
and `out_of_play` (areas the scenario leaves out); then the advanced rules'
(§5 to §11): `treasury`, `loans`, `attempts`, `no_credit`, `rebellions`,
`famine` and `special_units`. Each appears only when not empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Self

from adjudicator.kits.board.state import (
    GameState,
    StateDataError,
    Unit,
    group_areas,
    grouped_texts,
    parse_unit,
    plain_texts,
    ungroup_areas,
)
from adjudicator.rulesets.machiavelli.records import Loan, Rebellion, SpecialKind
from texts import T_

__all__ = ["AUTONOMOUS", "MachiavelliState"]

AUTONOMOUS = "autonomous"
"""The owner of the autonomous garrisons (003 §4.5): not a power."""


@dataclass(frozen=True, slots=True)
class MachiavelliState(GameState):
    """The board at the start of a Machiavelli phase.

    `control`: area -> the power whose control marker stands there (003 §1.1);
    `homes`: power -> its home areas, where it buys units (003 §1);
    `sieges`: area -> the power whose unit completed the first turn of a siege
    of its city (003 §4.4); `out_of_play`: areas the scenario leaves out.
    Machiavelli has no supply centres: `supply_centers` stays empty.

    The advanced rules add: `treasury` (power -> ducats, §5.1), `loans` (the
    moneylenders' loans running, §11), `attempts` (power -> assassination
    attempts held, CM-8.1-1, CM-8.1-2), `no_credit` (powers that defaulted,
    CM-11.4-3), `rebellions` (§7), `famine` (areas with a famine marker, §9.3),
    `plague` (the areas the plague struck as this summer opened, for the map)
    and `specials` (a unit on the board -> its special kind, §10; in the file
    by power: `special_units: {milan: {A COMO: elite_mercenaries}}`); and the
    scenario's facts income reads: `variable_income_cities` (AM-11) and
    `doubled_income` (the powers whose variable income is doubled, AM-12).
    """

    control: Mapping[str, str] = field(default_factory=dict)
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sieges: Mapping[str, str] = field(default_factory=dict)
    out_of_play: frozenset[str] = frozenset()
    treasury: Mapping[str, int] = field(default_factory=dict)
    loans: tuple[Loan, ...] = ()
    attempts: Mapping[str, int] = field(default_factory=dict)
    no_credit: frozenset[str] = frozenset()
    rebellions: tuple[Rebellion, ...] = ()
    famine: frozenset[str] = frozenset()
    plague: frozenset[str] = frozenset()
    specials: Mapping[Unit, SpecialKind] = field(default_factory=dict)
    variable_income_cities: frozenset[str] = frozenset()
    doubled_income: frozenset[str] = frozenset()

    def garrison_at(self, area: str) -> Unit | None:
        """The garrison in the city of an area, if any (003 §3.2)."""
        return self.unit_index().garrisons.get(area)

    def powers(self) -> tuple[str, ...]:
        """Powers that still have a unit or a control marker; the autonomous
        garrisons' owner is no power (003 §4.5)."""
        found = set(super(MachiavelliState, self).powers()) | set(self.control.values())
        found.discard(AUTONOMOUS)
        return tuple(sorted(found))

    def controlled_by(self, power: str) -> tuple[str, ...]:
        """The areas where `power`'s control marker stands."""
        return tuple(sorted(a for a, p in self.control.items() if p == power))

    # --- YAML form -------------------------------------------------------------

    @classmethod
    def known_keys(cls) -> tuple[str, ...]:
        """The board's keys and Machiavelli's own."""
        board = super(MachiavelliState, cls).known_keys()
        return (*board, "control", "home", "sieges", "out_of_play", *ADVANCED_KEYS)

    def extension_dict(self) -> dict[str, Any]:
        """`control`, `home`, `sieges`, `out_of_play`, each only when not empty."""
        data: dict[str, Any] = {}
        if self.control:
            data["control"] = group_areas(self.control)
        if self.homes:
            data["home"] = {p: sorted(self.homes[p]) for p in sorted(self.homes)}
        if self.sieges:
            data["sieges"] = {a: self.sieges[a] for a in sorted(self.sieges)}
        if self.out_of_play:
            data["out_of_play"] = sorted(self.out_of_play)
        data.update(self._advanced_dict())
        return data

    def _advanced_dict(self) -> dict[str, Any]:
        """The advanced rules' keys (§5 to §11), each only when not empty."""
        data: dict[str, Any] = {}
        if self.treasury:
            data["treasury"] = {p: self.treasury[p] for p in sorted(self.treasury)}
        if self.loans:
            data["loans"] = [
                {"power": n.power, "principal": n.principal, "interest": n.interest, "due": n.due}
                for n in sorted(self.loans, key=lambda n: (n.due, n.power, n.principal))
            ]
        if self.attempts:
            data["attempts"] = {p: self.attempts[p] for p in sorted(self.attempts)}
        if self.no_credit:
            data["no_credit"] = sorted(self.no_credit)
        if self.rebellions:
            data["rebellions"] = [
                {"area": r.area, "against": r.against, "in_city": r.in_city}
                for r in sorted(self.rebellions, key=lambda r: (r.area, r.in_city))
            ]
        if self.famine:
            data["famine"] = sorted(self.famine)
        if self.plague:
            data["plague"] = sorted(self.plague)
        if self.specials:
            by_power: dict[str, dict[str, str]] = {}
            for unit in sorted(self.specials):
                by_power.setdefault(unit.power, {})[str(unit)] = self.specials[unit].value
            data["special_units"] = by_power
        if self.variable_income_cities:
            data["variable_income_cities"] = sorted(self.variable_income_cities)
        if self.doubled_income:
            data["double_variable_income"] = sorted(self.doubled_income)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; ValueError naming the key on malformed data."""
        # `super()` without arguments fails in a slots dataclass (Python < 3.14).
        board = super(MachiavelliState, cls).from_dict(data)
        control = ungroup_areas(grouped_texts(data.get("control"), "control"))
        homes = {
            power: tuple(sorted(areas))
            for power, areas in grouped_texts(data.get("home"), "home").items()
        }
        sieges_data = data.get("sieges") or {}
        if not isinstance(sieges_data, Mapping) or not all(
            isinstance(p, str) for p in sieges_data.values()
        ):
            raise ValueError(T_("sieges: expected a mapping of area to the besieging power"))
        sieges = {str(a): str(p) for a, p in sieges_data.items()}
        out_of_play = frozenset(plain_texts(data.get("out_of_play"), "out_of_play"))
        return replace(
            board,
            control=control,
            homes=homes,
            sieges=sieges,
            out_of_play=out_of_play,
            treasury=_counts(data.get("treasury"), "treasury"),
            loans=tuple(_loan(item, f"loans[{i}]") for i, item in enumerate(_items(data, "loans"))),
            attempts=_counts(data.get("attempts"), "attempts"),
            no_credit=frozenset(plain_texts(data.get("no_credit"), "no_credit")),
            rebellions=tuple(
                _rebellion(item, f"rebellions[{i}]")
                for i, item in enumerate(_items(data, "rebellions"))
            ),
            famine=frozenset(plain_texts(data.get("famine"), "famine")),
            plague=frozenset(plain_texts(data.get("plague"), "plague")),
            specials=_specials(data.get("special_units")),
            variable_income_cities=frozenset(
                plain_texts(data.get("variable_income_cities"), "variable_income_cities")
            ),
            doubled_income=frozenset(
                plain_texts(data.get("double_variable_income"), "double_variable_income")
            ),
        )


ADVANCED_KEYS = (
    "treasury",
    "loans",
    "attempts",
    "no_credit",
    "rebellions",
    "famine",
    "plague",
    "special_units",
    "variable_income_cities",
    "double_variable_income",
)
"""The state file's keys of the advanced rules, in the order they are written."""


def _whole(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateDataError(
            T_(
                "{key}: expected a whole number of ducats or more, not {value}",
                key=key,
                value=repr(value),
            )
        )
    return value


def _counts(value: object, key: str) -> dict[str, int]:
    """`{power: whole number}` (treasuries, attempts); empty when absent."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise StateDataError(
            T_(
                "{key}: expected a mapping of power to a number, not {value}",
                key=key,
                value=repr(value),
            )
        )
    return {str(p): _whole(n, f"{key}.{p}") for p, n in value.items()}


def _items(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise StateDataError(T_("{key}: expected a list of records", key=key))
    return value


def _text(record: Mapping[str, Any], field_name: str, key: str) -> str:
    value = record.get(field_name)
    if not isinstance(value, str) or not value:
        raise StateDataError(
            T_("{key}: expected text, not {value}", key=f"{key}.{field_name}", value=repr(value))
        )
    return value


def _loan(record: Mapping[str, Any], key: str) -> Loan:
    return Loan(
        power=_text(record, "power", key),
        principal=_whole(record.get("principal"), f"{key}.principal"),
        interest=_whole(record.get("interest"), f"{key}.interest"),
        due=_text(record, "due", key),
    )


def _rebellion(record: Mapping[str, Any], key: str) -> Rebellion:
    in_city = record.get("in_city", False)
    if not isinstance(in_city, bool):
        raise StateDataError(
            T_(
                "{key}: expected true or false, not {value}",
                key=f"{key}.in_city",
                value=repr(in_city),
            )
        )
    return Rebellion(_text(record, "area", key), _text(record, "against", key), in_city)


def _specials(value: object) -> dict[Unit, SpecialKind]:
    """`special_units`: power -> {unit text -> kind} (§10)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise StateDataError(
            T_(
                "special_units: expected power -> {shape}, like {example}, not {value}",
                shape="{unit: kind}",
                example="{milan: {A COMO: elite_mercenaries}}",
                value=repr(value),
            )
        )
    kinds = ", ".join(k.value for k in SpecialKind)
    found: dict[Unit, SpecialKind] = {}
    for power, units in value.items():
        if not isinstance(units, Mapping):
            raise StateDataError(
                T_(
                    "special_units.{power}: expected a mapping of unit to kind, like {example},"
                    " not {value}",
                    power=power,
                    example="{A COMO: elite_mercenaries}",
                    value=repr(units),
                )
            )
        for text, kind in units.items():
            unit = parse_unit(str(power), str(text), f"special_units.{power}")
            try:
                found[unit] = SpecialKind(kind)
            except ValueError:
                raise StateDataError(
                    T_(
                        "special_units.{power}.{unit}: {kind} is no special unit (known: {kinds})",
                        power=power,
                        unit=text,
                        kind=repr(kind),
                        kinds=kinds,
                    )
                ) from None
    return found
