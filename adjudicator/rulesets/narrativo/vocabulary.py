"""The words of narrativo's own values in the reader's language (issue 19):
the levels, the kinds of action and of check and the conditions are stored
and written to JSON by their value (the rulebook's Spanish word); a report
names them with `word(value)`, a `Text` translated when printed.

The keywords the players and the Narrator write (the triggers, situations,
efforts, emotions and the options of `elige`) are their syntax, and stay
as written."""

from __future__ import annotations

from enum import StrEnum

from adjudicator.rulesets.narrativo.outcome import Level
from adjudicator.rulesets.narrativo.sheet import Condition
from orders.narrativo.model import ActionKind, CheckKind
from texts import N_, Text, _

WORDS: dict[StrEnum, str] = {
    Level.BOTCH: N_("pifia"),
    Level.FAILURE: N_("fracaso"),
    Level.SCANT: N_("escaso"),
    Level.MODERATE: N_("moderado"),
    Level.COMPLETE: N_("completo"),
    Level.NOTABLE: N_("notable"),
    Level.EXCELLENT: N_("excelente"),
    ActionKind.SIMPLE: N_("simple"),
    ActionKind.COMPLEX: N_("compleja"),
    ActionKind.EXTENDED: N_("extendida"),
    ActionKind.OPPOSED_ACTIVE: N_("opuesta"),
    ActionKind.OPPOSED_PASSIVE: N_("pasiva"),
    ActionKind.COOPERATIVE: N_("coopera"),
    ActionKind.COORDINATED: N_("coordina"),
    ActionKind.MULTIPLE: N_("multiple"),
    CheckKind.MORAL: N_("moral"),
    CheckKind.WILLPOWER: N_("voluntad"),
    CheckKind.PAIN: N_("dolor"),
    CheckKind.FATIGUE: N_("fatiga"),
    CheckKind.MENTAL_FATIGUE: N_("fatiga_mental"),
    CheckKind.MOVEMENT: N_("movimiento"),
    CheckKind.FOOTING: N_("equilibrio"),
    Condition.FINE: N_("bien"),
    Condition.STUNNED: N_("conmocionado"),
    Condition.DYING: N_("moribundo"),
    Condition.KNOCKED_OUT: N_("noqueado"),
    Condition.ASLEEP: N_("dormido"),
    Condition.DEAD: N_("muerto"),
}
"""Each value's word: the value itself in English (as before), translated
(Catalan) when printed."""


def word(value: StrEnum) -> str:
    """`value`'s word in the reader's language when printed (`texts.tr`)."""
    found = WORDS.get(value)
    return Text(found) if found is not None else value.value


TERMS: frozenset[str] = frozenset(
    {
        N_("dificultad"),
        N_("base"),
        N_("peso"),
        N_("pasiva"),
        N_("Narrador"),
        N_("modificador"),
        N_("múltiple"),
        N_("Voluntad"),
        N_("Voluntad gastada"),
        N_("Liderazgo"),
        N_("Resistencia"),
        N_("salud"),
        N_("cansado"),
        N_("agotado"),
        N_("bloques de 10 min"),
        N_("9 − Resistencia"),
        N_("9 − Aplomo"),
        N_("exaltación"),
        N_("pánico"),
        N_("rabia"),
        N_("arrebato"),
        N_("dolor oculto"),
        N_("desmayado: duerme 8 horas"),
        N_("desfallecimiento: descanso obligatorio"),
        N_("+2 dados a la siguiente acción"),
    }
)
"""The names the rules give a pool's or a difficulty's terms and an
effect's state (the rulebook's Spanish): a report prints them with
`term_word` (Catalan in a Catalan report). The attributes and skills are the
game's sheet's own names, printed as written there."""


PREFIXED = (N_("coordinado por {name}"), N_("secuela de {name}"))
"""Effect states made of the rules' words and a name (`coordinado por
Sargento Ward`, `secuela de miedo`)."""


def term_word(name: str) -> str:
    """A term's or an effect state's name in the language being written."""
    if name in TERMS:
        return _(name)
    for pattern in PREFIXED:
        head = pattern.removesuffix("{name}")
        if name.startswith(head) and len(name) > len(head):
            return _(pattern).format(name=name.removeprefix(head))
    return name
