"""The words of the Narrator's file (`narrador.yaml`): its keys in Spanish
with English aliases, enum values by any of their names, the sheet
conditions, and time spans (`3 turnos`, `2 minutos`, `1 hora`, `90 min`;
a minute is 12 turns, N-048).

Keys and values fold case, accents, and underscores as spaces
(`mod_dificultad` = `Mod dificultad`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar

from orders.issues import IssueKind, Problem
from orders.narrativo.names import fold, nearest
from texts import T_

TURNS_PER_MINUTE = 12
"""N-048: one minute of game is twelve turns (a turn is about 5 s, N-043)."""
SECONDS_PER_TURN = 5
MAX_TURNS = 7 * 24 * 60 * TURNS_PER_MINUTE
"""The longest time one exchange may advance: a week."""
MAX_MINUTES = 7 * 24 * 60
MAX_MODIFIER = 20
"""The reader's bound on a modifier written in the file (combat modifiers
may pass ±5, N-183; NAMB-26 holds the others at ±5 in the judge)."""


def _aliases(table: Mapping[str, tuple[str, ...]]) -> Mapping[str, str]:
    """field -> its spellings, as folded spelling -> field."""
    return MappingProxyType({fold(word): name for name, words in table.items() for word in words})


TOP_KEYS = _aliases(
    {
        "time": ("tiempo", "time"),
        "scene": ("escena", "scene"),
        "initiative": ("iniciativa", "initiative"),
        "rulings": ("reglas", "rulings"),
        "npc": ("pnj", "npc", "npcs"),
        "checks": ("chequeos", "checks"),
        "rests": ("descanso", "descansos", "rests", "rest"),
        "changes": ("cambios", "changes"),
        "reveal": ("revela", "reveal"),
    }
)
RULING_KEYS = _aliases(
    {
        "difficulty": ("dificultad", "difficulty", "dificultades", "difficulties"),
        "dice": ("dados", "dice"),
        "difficulty_mod": ("mod_dificultad", "difficulty_mod"),
        "automatic": ("automatico", "automatic"),
        "combat": ("combate", "combat"),
        "hidden": ("oculta", "hidden"),
        "need": ("exitos", "need", "successes"),
        "limit": ("turnos", "tiradas", "limit", "turns", "rolls"),
        "rolls": ("tiradas_ahora", "rolls_now"),
        "opponent": ("contra", "opponent", "against"),
        "feat": ("hazana", "feat"),
        "decisive": ("decisiva", "decisive"),
        "levels": ("niveles", "levels"),
        "refused": ("rechaza", "refused", "refuse"),
    }
)
OPPONENT_KEYS = _aliases({"difficulty": ("dificultad", "difficulty"), "dice": ("dados", "dice")})
CHECK_KEYS = _aliases(
    {
        "character": ("personaje", "character"),
        "kind": ("tipo", "kind", "type"),
        "trigger": ("desencadenante", "motivo", "trigger"),
        "emotion": ("emocion", "emotion"),
        "situations": ("situaciones", "situacion", "situations", "situation"),
        "effort": ("esfuerzo", "effort"),
        "minutes": ("minutos", "minutes"),
        "difficulty": ("dificultad", "difficulty"),
        "dice": ("dados", "dice"),
        "difficulty_mod": ("mod_dificultad", "difficulty_mod"),
        "hidden": ("oculta", "hidden"),
        "reason": ("razon", "reason"),
    }
)
REST_KEYS = _aliases(
    {
        "character": ("personaje", "character"),
        "minutes": ("minutos", "minutes"),
        "asleep": ("dormido", "asleep"),
    }
)
CHANGE_KEYS = _aliases(
    {
        "character": ("personaje", "character"),
        "health_penalty": ("salud", "penalizacion_salud", "health", "health_penalty"),
        "load_kg": ("carga", "load", "load_kg"),
        "moral": ("moral", "morale"),
        "historical": ("moral_historico", "historical"),
        "condition": ("estado", "condition"),
    }
)
HISTORICAL_KEYS = _aliases({"value": ("valor", "value"), "when": ("momento", "when")})

CONDITIONS: Mapping[str, str] = MappingProxyType(
    {
        fold(word): value
        for value, words in {
            "bien": ("bien", "fine", "ok"),
            "conmocionado": ("conmocionado", "stunned"),
            "moribundo": ("moribundo", "dying"),
            "noqueado": ("noqueado", "knocked_out"),
            "dormido": ("dormido", "asleep"),
            "muerto": ("muerto", "dead"),
        }.items()
        for word in words
    }
)
"""A condition's words -> its value (the values of
`adjudicator.rulesets.narrativo.sheet.Condition`, which `orders` cannot import)."""

_E = TypeVar("_E", bound=StrEnum)


def enum_value(kind: type[_E], value: object, where: str) -> _E:
    """An enum member by its Spanish value or its English name (lower case,
    spaces for underscores); a `Problem` naming `where` with the nearest."""
    index = {fold(member.value): member for member in kind}
    index.update({fold(member.name): member for member in kind})
    found = index.get(fold(str(value))) if isinstance(value, str) else None
    if found is None:
        near = nearest(str(value), {key: (member.value,) for key, member in index.items()})
        raise Problem(
            IssueKind.SYNTAX,
            T_("{path}: unknown value {value}", path=where, value=repr(value)),
            1,
            near,
        )
    return found


_SPAN = re.compile(r"(\d{1,7})\s*([^\W\d_]*)")
_JOIN = re.compile(r"[\s,]+(?:(?:y|and|e)\s+)?")
_UNITS: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        **dict.fromkeys(("", "t", "turno", "turnos", "turn", "turns"), (1, 1)),
        **dict.fromkeys(("m", "min", "mins", "minuto", "minutos", "minute", "minutes"), (12, 1)),
        **dict.fromkeys(("h", "hora", "horas", "hour", "hours"), (720, 1)),
        **dict.fromkeys(("s", "seg", "segundo", "segundos", "second", "seconds"), (1, 5)),
    }
)
"""Unit -> (turns per unit, units per turn)."""


def turns_of(value: object, where: str) -> int:
    """`1 turno`, `3 turnos`, `2 minutos`, `1 hora 30 min`, `90 min`,
    `30 segundos` or a bare whole number (turns) -> turns (N-043, N-048)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise Problem(
            IssueKind.SYNTAX,
            T_("{path}: {value} is no time: write `3 turnos`", path=where, value=repr(value)),
            1,
        )
    text = fold(str(value))
    turns, at = 0, 0
    while at < len(text):
        span = _SPAN.match(text, at)
        unit = _UNITS.get(span.group(2)) if span else None
        if span is None or unit is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_(
                    "{path}: cannot read the time {value}: write `3 turnos`, `2 minutos`,"
                    " `1 hora` or `90 min` (12 turns a minute, N-048)",
                    path=where,
                    value=repr(value),
                ),
                1,
            )
        amount = int(span.group(1)) * unit[0]
        if amount % unit[1]:
            raise Problem(
                IssueKind.ILLEGAL,
                T_(
                    "{path}: {value} is not a whole number of 5-second turns",
                    path=where,
                    value=repr(value),
                ),
                1,
            )
        turns += amount // unit[1]
        joint = _JOIN.match(text, span.end())
        at = joint.end() if joint else span.end()
    if not 0 <= turns <= MAX_TURNS:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{path}: {value} is more than a week ({most} turns)",
                path=where,
                value=repr(value),
                most=MAX_TURNS,
            ),
            1,
        )
    return turns
