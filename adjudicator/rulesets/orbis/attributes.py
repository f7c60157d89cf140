"""A nation's attributes and its 25 statistics (rulebook 000 "Atributos y
Estadísticas"; checklist O-079 .. O-121).

Two groups of five attributes ("ámbitos"): Dominio (MIL, AUX, ECN, CLT, ADM)
and Autoridad (GES, LEA, TCN, INT, PRS). A statistic is the sum of one
Dominio and one Autoridad attribute (O-014): its value is the threshold u of
a medida. The rulebook's slips are fixed here silently (AMB-48): "PRE" is
PRS, "Ejército" is Ofensiva; Seguridad is ADM + LEA (AMB-11), not the
printed ADM + INT that collides with Intriga.

Counter-measures (O-040, AMB-12): Ofensiva is countered by itself (called
Defensa), Incisión by itself (called Supresión); the named pairs are
symmetric (Competencia and Comercio, Protocolo and Intriga, Moral and
Intimidación, Disciplina and Hegemonía, Tradición and Retórica, Seguridad and
Espionaje); every other statistic is its own counter.

Variants (O-096, O-103, O-104, O-106, O-111; AMB-19): Asentamiento rolls
Expansión, Expedición Logística, Bienestar Industria, Migración Reforma,
Subversión Retórica; Defensa and Supresión are the counter names of
Ofensiva and Incisión.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class Group(StrEnum):
    DOMINIO = "dominio"
    AUTORIDAD = "autoridad"


class Attribute(StrEnum):
    """The ten ámbitos (O-082 .. O-091)."""

    MIL = "MIL"  # Fuerza Militar
    AUX = "AUX"  # Fuerza Auxiliar
    ECN = "ECN"  # Poder Económico
    CLT = "CLT"  # Control Cultural
    ADM = "ADM"  # Control Administrativo
    GES = "GES"  # Gestión
    LEA = "LEA"  # Lealtad
    TCN = "TCN"  # Técnica
    INT = "INT"  # Inteligencia
    PRS = "PRS"  # Prestigio

    @property
    def group(self) -> Group:
        return Group.DOMINIO if self in DOMINIO else Group.AUTORIDAD


DOMINIO = (Attribute.MIL, Attribute.AUX, Attribute.ECN, Attribute.CLT, Attribute.ADM)
AUTORIDAD = (Attribute.GES, Attribute.LEA, Attribute.TCN, Attribute.INT, Attribute.PRS)

ATTRIBUTE_NAMES: Mapping[Attribute, str] = MappingProxyType(
    {
        Attribute.MIL: "Fuerza Militar",
        Attribute.AUX: "Fuerza Auxiliar",
        Attribute.ECN: "Poder Económico",
        Attribute.CLT: "Control Cultural",
        Attribute.ADM: "Control Administrativo",
        Attribute.GES: "Gestión",
        Attribute.LEA: "Lealtad",
        Attribute.TCN: "Técnica",
        Attribute.INT: "Inteligencia",
        Attribute.PRS: "Prestigio",
    }
)


class Statistic(StrEnum):
    """The 25 statistics (O-093 .. O-117), by their Spanish names."""

    OFENSIVA = "ofensiva"
    INCISION = "incision"
    COMERCIO = "comercio"
    EXPANSION = "expansion"
    PROTOCOLO = "protocolo"
    MORAL = "moral"
    DISCIPLINA = "disciplina"
    INTERVENCION = "intervencion"
    TRADICION = "tradicion"
    SEGURIDAD = "seguridad"
    LOGISTICA = "logistica"
    INDUSTRIA = "industria"
    CONSTRUCCION = "construccion"
    REFORMA = "reforma"
    BUROCRACIA = "burocracia"
    ESPIONAJE = "espionaje"
    SABOTAJE = "sabotaje"
    DESARROLLO = "desarrollo"
    RETORICA = "retorica"
    INTRIGA = "intriga"
    INTIMIDACION = "intimidacion"
    HEGEMONIA = "hegemonia"
    COMPETENCIA = "competencia"
    DOCTRINA = "doctrina"
    DIPLOMACIA = "diplomacia"

    @property
    def attributes(self) -> tuple[Attribute, Attribute]:
        """Its Dominio and Autoridad attributes (O-014)."""
        return FORMULAS[self]

    @property
    def spanish(self) -> str:
        """Its name as the rulebook writes it (`Intervención`)."""
        return TITLES[self]

    @property
    def counter(self) -> Statistic:
        """The statistic that counters it (O-040, AMB-12)."""
        return COUNTERS.get(self, self)


_A = Attribute
FORMULAS: Mapping[Statistic, tuple[Attribute, Attribute]] = MappingProxyType(
    {
        Statistic.OFENSIVA: (_A.MIL, _A.GES),
        Statistic.INCISION: (_A.AUX, _A.GES),
        Statistic.COMERCIO: (_A.ECN, _A.GES),
        Statistic.EXPANSION: (_A.CLT, _A.GES),
        Statistic.PROTOCOLO: (_A.ADM, _A.GES),
        Statistic.MORAL: (_A.MIL, _A.LEA),
        Statistic.DISCIPLINA: (_A.AUX, _A.LEA),
        Statistic.INTERVENCION: (_A.ECN, _A.LEA),
        Statistic.TRADICION: (_A.CLT, _A.LEA),
        Statistic.SEGURIDAD: (_A.ADM, _A.LEA),  # AMB-11: not the printed ADM + INT
        Statistic.LOGISTICA: (_A.MIL, _A.TCN),
        Statistic.INDUSTRIA: (_A.AUX, _A.TCN),
        Statistic.CONSTRUCCION: (_A.ECN, _A.TCN),
        Statistic.REFORMA: (_A.CLT, _A.TCN),
        Statistic.BUROCRACIA: (_A.ADM, _A.TCN),
        Statistic.ESPIONAJE: (_A.MIL, _A.INT),
        Statistic.SABOTAJE: (_A.AUX, _A.INT),
        Statistic.DESARROLLO: (_A.ECN, _A.INT),
        Statistic.RETORICA: (_A.CLT, _A.INT),
        Statistic.INTRIGA: (_A.ADM, _A.INT),
        Statistic.INTIMIDACION: (_A.MIL, _A.PRS),
        Statistic.HEGEMONIA: (_A.AUX, _A.PRS),
        Statistic.COMPETENCIA: (_A.ECN, _A.PRS),
        Statistic.DOCTRINA: (_A.CLT, _A.PRS),
        Statistic.DIPLOMACIA: (_A.ADM, _A.PRS),
    }
)

TITLES: Mapping[Statistic, str] = MappingProxyType(
    {
        Statistic.OFENSIVA: "Ofensiva",
        Statistic.INCISION: "Incisión",
        Statistic.COMERCIO: "Comercio",
        Statistic.EXPANSION: "Expansión",
        Statistic.PROTOCOLO: "Protocolo",
        Statistic.MORAL: "Moral",
        Statistic.DISCIPLINA: "Disciplina",
        Statistic.INTERVENCION: "Intervención",
        Statistic.TRADICION: "Tradición",
        Statistic.SEGURIDAD: "Seguridad",
        Statistic.LOGISTICA: "Logística",
        Statistic.INDUSTRIA: "Industria",
        Statistic.CONSTRUCCION: "Construcción",
        Statistic.REFORMA: "Reforma",
        Statistic.BUROCRACIA: "Burocracia",
        Statistic.ESPIONAJE: "Espionaje",
        Statistic.SABOTAJE: "Sabotaje",
        Statistic.DESARROLLO: "Desarrollo",
        Statistic.RETORICA: "Retórica",
        Statistic.INTRIGA: "Intriga",
        Statistic.INTIMIDACION: "Intimidación",
        Statistic.HEGEMONIA: "Hegemonía",
        Statistic.COMPETENCIA: "Competencia",
        Statistic.DOCTRINA: "Doctrina",
        Statistic.DIPLOMACIA: "Diplomacia",
    }
)

_S = Statistic
_PAIRS = (
    (_S.COMPETENCIA, _S.COMERCIO),
    (_S.PROTOCOLO, _S.INTRIGA),
    (_S.MORAL, _S.INTIMIDACION),
    (_S.DISCIPLINA, _S.HEGEMONIA),
    (_S.TRADICION, _S.RETORICA),
    (_S.SEGURIDAD, _S.ESPIONAJE),
)
COUNTERS: Mapping[Statistic, Statistic] = MappingProxyType(
    {**{a: b for a, b in _PAIRS}, **{b: a for a, b in _PAIRS}}
)
"""The named counter pairs, symmetric (AMB-12); any other statistic counters itself."""


class Variant(StrEnum):
    """Named variants of a statistic (O-093, O-094, O-096, O-103, O-104,
    O-106, O-111): the two counter names, and the five special medidas bought
    for 25 PRO (O-162, AMB-19)."""

    DEFENSA = "defensa"
    SUPRESION = "supresion"
    ASENTAMIENTO = "asentamiento"
    EXPEDICION = "expedicion"
    BIENESTAR = "bienestar"
    MIGRACION = "migracion"
    SUBVERSION = "subversion"

    @property
    def statistic(self) -> Statistic:
        """The statistic it rolls."""
        return VARIANT_OF[self]

    @property
    def special(self) -> bool:
        """One of the five special medidas bought for 25 PRO (AMB-19)."""
        return self not in (Variant.DEFENSA, Variant.SUPRESION)


VARIANT_OF: Mapping[Variant, Statistic] = MappingProxyType(
    {
        Variant.DEFENSA: _S.OFENSIVA,
        Variant.SUPRESION: _S.INCISION,
        Variant.ASENTAMIENTO: _S.EXPANSION,
        Variant.EXPEDICION: _S.LOGISTICA,
        Variant.BIENESTAR: _S.INDUSTRIA,
        Variant.MIGRACION: _S.REFORMA,
        Variant.SUBVERSION: _S.RETORICA,
    }
)


def statistic_value(statistic: Statistic, attributes: Mapping[Attribute, int]) -> int:
    """The statistic's value: its two attributes added (O-014, O-016: Ofensiva
    with MIL 20 and GES 30 is 50)."""
    first, second = statistic.attributes
    return attributes[first] + attributes[second]
