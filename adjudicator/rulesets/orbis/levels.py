"""The six levels of a roll's result and their scale (rulebook 000 "Medidas",
"márgenes", "Modificadores", "Índices"; O-029 .. O-035, O-056 .. O-059,
O-126 .. O-129).

Successes, best first: EC (critical, a natural 1), ME (very), E (plain), LE
(slight); failures, mildest first: LF (slight), F (plain), MF (very), FC
(critical, a natural 100). Any success beats any failure (O-035). Each level
has a size on the common scale 4 / 8 / 12 / 16 (LE, LF 4; E, F 8; ME, MF 12;
EC, FC 16): modifiers granted (O-056 .. O-059) and indices damaged or
restored (O-126 .. O-129) move by it. Its ordinal is 1 (slight), 2 (plain),
3 (very) and 4 (critical), for the opposed results (AMB-02).
"""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    EC = "EC"  # éxito crítico
    ME = "ME"  # muy exitoso
    E = "E"  # exitoso
    LE = "LE"  # levemente exitoso
    LF = "LF"  # levemente fallido
    F = "F"  # fallido
    MF = "MF"  # muy fallido
    FC = "FC"  # fracaso crítico

    @property
    def success(self) -> bool:
        return self in (Level.EC, Level.ME, Level.E, Level.LE)

    @property
    def ordinal(self) -> int:
        """1 slight, 2 plain, 3 very, 4 critical (AMB-02)."""
        return _ORDINAL[self]

    @property
    def size(self) -> int:
        """4, 8, 12 or 16 on the common scale (O-056 .. O-059, O-126 .. O-129)."""
        return 4 * self.ordinal

    @property
    def spanish(self) -> str:
        return _TITLES[self]


_ORDINAL = {
    Level.LE: 1,
    Level.LF: 1,
    Level.E: 2,
    Level.F: 2,
    Level.ME: 3,
    Level.MF: 3,
    Level.EC: 4,
    Level.FC: 4,
}
_TITLES = {
    Level.EC: "éxito crítico",
    Level.ME: "muy exitoso",
    Level.E: "exitoso",
    Level.LE: "levemente exitoso",
    Level.LF: "levemente fallido",
    Level.F: "fallido",
    Level.MF: "muy fallido",
    Level.FC: "fracaso crítico",
}

SUCCESSES = (Level.LE, Level.E, Level.ME, Level.EC)
FAILURES = (Level.LF, Level.F, Level.MF, Level.FC)


def success_of(ordinal: int) -> Level:
    """The success level of an ordinal 1..4."""
    return SUCCESSES[ordinal - 1]


def failure_of(ordinal: int) -> Level:
    """The failure level of an ordinal 1..4."""
    return FAILURES[ordinal - 1]
