"""What each statistic does when its medida prevails (rulebook 000, the list
of the 25 statistics: O-093 .. O-117; the scales O-056 .. O-059, O-126 ..
O-129; the tables O-145 .. O-174).

Each statistic has one kind of effect:

- `INDEX_DAMAGE`: the target loses VIA or LEG by the level's size (Ofensiva
  destroys infrastructure: −VIA, O-093; Incisión: −LEG, O-094);
- `INDEX_RESTORE`: the actor (or the nation it backs) regains VIA or LEG by
  the level's size (Construcción restores VIA, O-105; Doctrina "+LEG",
  O-116), never above capacity (AMB-16);
- `MODIFIER`: a modifier of the level's size on one attribute, a bonus for
  the actor or the nation it backs, a penalty for a target it acts against
  (O-053, O-056 .. O-059; AMB-13: "+X" in the list is a benefit, a bonus on
  the roll). Statistics that only harm (Intriga −ADM, Intimidación −AUX,
  Hegemonía −MIL, Seguridad +INT penalties) give penalties to their target;
  those that only help give bonuses; the two-sided ones (Comercio ECN,
  Tradición PRS, Industria TCN, Retórica CLT, Competencia GES) follow the
  medida's direction (`contra` a target: a penalty; otherwise a bonus);
- `RESOURCE_GAIN`: Intervención gains RQU (O-145 .. O-148), Desarrollo PRO
  (O-166 .. O-169);
- `THEFT`: Sabotaje steals RQU (O-150 .. O-153), Espionaje PRO (O-171 ..
  O-174), within the caps against nations without a player (AMB-18);
- `NARRATIVE`: the GM reads the result (Expansión colonises black
  territory, Reforma shortens distances, Diplomacia with nations without a
  player, O-096, O-106, O-117): the judge records the level.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.prosperity import Resource
from adjudicator.rulesets.orbis.stability import Index


class EffectKind(StrEnum):
    INDEX_DAMAGE = "index_damage"
    INDEX_RESTORE = "index_restore"
    MODIFIER = "modifier"
    RESOURCE_GAIN = "resource_gain"
    THEFT = "theft"
    NARRATIVE = "narrative"


class Direction(StrEnum):
    """Whom a modifier effect serves: always the beneficiary (a bonus), always
    the target (a penalty), or as the medida is aimed (`contra`: a penalty on
    the target; otherwise a bonus)."""

    HELPS = "helps"
    HARMS = "harms"
    AIMED = "aimed"


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    attribute: Attribute | None = None
    index: Index | None = None
    resource: Resource | None = None
    direction: Direction = Direction.AIMED


_S, _A, _K, _D = Statistic, Attribute, EffectKind, Direction

EFFECTS: Mapping[Statistic, Effect] = MappingProxyType(
    {
        _S.OFENSIVA: Effect(_K.INDEX_DAMAGE, index=Index.VIA),  # O-093
        _S.INCISION: Effect(_K.INDEX_DAMAGE, index=Index.LEG),  # O-094
        _S.COMERCIO: Effect(_K.MODIFIER, _A.ECN, direction=_D.AIMED),  # O-095
        _S.EXPANSION: Effect(_K.NARRATIVE),  # O-096
        _S.PROTOCOLO: Effect(_K.MODIFIER, _A.INT, direction=_D.HELPS),  # O-097
        _S.MORAL: Effect(_K.MODIFIER, _A.LEA, direction=_D.HELPS),  # O-098
        _S.DISCIPLINA: Effect(_K.MODIFIER, _A.AUX, direction=_D.HELPS),  # O-099
        _S.INTERVENCION: Effect(_K.RESOURCE_GAIN, resource=Resource.RQU),  # O-100
        _S.TRADICION: Effect(_K.MODIFIER, _A.PRS, direction=_D.AIMED),  # O-101
        _S.SEGURIDAD: Effect(_K.MODIFIER, _A.INT, direction=_D.HARMS),  # O-102
        _S.LOGISTICA: Effect(_K.MODIFIER, _A.MIL, direction=_D.HELPS),  # O-103
        _S.INDUSTRIA: Effect(_K.MODIFIER, _A.TCN, direction=_D.AIMED),  # O-104
        _S.CONSTRUCCION: Effect(_K.INDEX_RESTORE, index=Index.VIA),  # O-105
        _S.REFORMA: Effect(_K.NARRATIVE),  # O-106
        _S.BUROCRACIA: Effect(_K.MODIFIER, _A.ADM, direction=_D.HELPS),  # O-107
        _S.ESPIONAJE: Effect(_K.THEFT, resource=Resource.PRO),  # O-108
        _S.SABOTAJE: Effect(_K.THEFT, resource=Resource.RQU),  # O-109
        _S.DESARROLLO: Effect(_K.RESOURCE_GAIN, resource=Resource.PRO),  # O-110
        _S.RETORICA: Effect(_K.MODIFIER, _A.CLT, direction=_D.AIMED),  # O-111
        _S.INTRIGA: Effect(_K.MODIFIER, _A.ADM, direction=_D.HARMS),  # O-112
        _S.INTIMIDACION: Effect(_K.MODIFIER, _A.AUX, direction=_D.HARMS),  # O-113
        _S.HEGEMONIA: Effect(_K.MODIFIER, _A.MIL, direction=_D.HARMS),  # O-114
        _S.COMPETENCIA: Effect(_K.MODIFIER, _A.GES, direction=_D.AIMED),  # O-115
        _S.DOCTRINA: Effect(_K.INDEX_RESTORE, index=Index.LEG),  # O-116
        _S.DIPLOMACIA: Effect(_K.NARRATIVE),  # O-117
    }
)
"""The effect of each statistic's medida when it prevails (see the module docstring)."""


def effect_of(statistic: Statistic) -> Effect:
    return EFFECTS[statistic]
