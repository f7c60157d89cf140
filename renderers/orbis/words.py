"""The rulebook's terms as the Orbis reports print them, in the language
being written (issue 19): the statistics' and levels' names (Spanish in the
rulebook, Catalan in `ca`), the modifiers' kinds and the attribute groups.

The message ids of the Spanish terms are the Spanish words themselves, as the
English report has always printed them (rulebook 000: "Medidas", "Niveles
de éxito"); the codes stored in the state and the JSON stay as they are."""

from __future__ import annotations

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.records import ModifierKind
from texts import N_, _

STATISTIC_WORDS: dict[Statistic, str] = {
    Statistic.OFENSIVA: N_("Ofensiva"),
    Statistic.INCISION: N_("Incisión"),
    Statistic.COMERCIO: N_("Comercio"),
    Statistic.EXPANSION: N_("Expansión"),
    Statistic.PROTOCOLO: N_("Protocolo"),
    Statistic.MORAL: N_("Moral"),
    Statistic.DISCIPLINA: N_("Disciplina"),
    Statistic.INTERVENCION: N_("Intervención"),
    Statistic.TRADICION: N_("Tradición"),
    Statistic.SEGURIDAD: N_("Seguridad"),
    Statistic.LOGISTICA: N_("Logística"),
    Statistic.INDUSTRIA: N_("Industria"),
    Statistic.CONSTRUCCION: N_("Construcción"),
    Statistic.REFORMA: N_("Reforma"),
    Statistic.BUROCRACIA: N_("Burocracia"),
    Statistic.ESPIONAJE: N_("Espionaje"),
    Statistic.SABOTAJE: N_("Sabotaje"),
    Statistic.DESARROLLO: N_("Desarrollo"),
    Statistic.RETORICA: N_("Retórica"),
    Statistic.INTRIGA: N_("Intriga"),
    Statistic.INTIMIDACION: N_("Intimidación"),
    Statistic.HEGEMONIA: N_("Hegemonía"),
    Statistic.COMPETENCIA: N_("Competencia"),
    Statistic.DOCTRINA: N_("Doctrina"),
    Statistic.DIPLOMACIA: N_("Diplomacia"),
}
"""Each statistic by its rulebook name (`Statistic.spanish`)."""

LEVEL_WORDS: dict[Level, str] = {
    Level.EC: N_("éxito crítico"),
    Level.ME: N_("muy exitoso"),
    Level.E: N_("exitoso"),
    Level.LE: N_("levemente exitoso"),
    Level.LF: N_("levemente fallido"),
    Level.F: N_("fallido"),
    Level.MF: N_("muy fallido"),
    Level.FC: N_("fracaso crítico"),
}
"""Each level of success by its rulebook name (`Level.spanish`)."""

MODIFIER_KINDS: dict[ModifierKind, str] = {
    ModifierKind.MEDIDA: N_("medida"),
    ModifierKind.EVENT: N_("event"),
    ModifierKind.BEHAVIOUR: N_("behaviour"),
    ModifierKind.PURCHASE: N_("purchase"),
}
"""Where a modifier comes from, as the private report names it."""

GROUP_WORDS: dict[str, str] = {"Dominio": N_("Dominio"), "Autoridad": N_("Autoridad")}
"""The two groups of attributes (rulebook: "Dominio", "Autoridad")."""


def statistic_word(statistic: Statistic) -> str:
    """The statistic's name in the language being written."""
    return _(STATISTIC_WORDS.get(statistic, statistic.spanish))


def level_word(level: Level) -> str:
    """The level's name in the language being written (`muy fallido`)."""
    return _(LEVEL_WORDS.get(level, level.spanish))


def modifier_kind_word(kind: ModifierKind) -> str:
    """A modifier's kind in the language being written."""
    return _(MODIFIER_KINDS.get(kind, kind.value))


def group_word(group: str) -> str:
    """`Dominio` or `Autoridad` in the language being written."""
    return _(GROUP_WORDS.get(group, group))
