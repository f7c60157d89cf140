"""What weighs on every roll of a character, and the limits of modifiers
(rulebook 001 "Penalizadores y Bonificadores", "Peso y Fatiga").

`standing_terms` gives the dice a character's state adds to or takes from
any pool it rolls now: the health penalty (N-059, N-095, NAMB-32), tired
−2 or exhausted −4 (N-138, N-139; NAMB-27: not both) unless a Willpower
point holds it off (N-140), and the dice of the effects running (a
Willpower check's −2 .. +2, N-122, N-123, unless cancelled, N-125; a
coordinator's +1 per success, N-035). `held_modifier` keeps a Narrator's
modifier within ±cap outside combat (N-173, NAMB-26, N-183) and
`held_difficulty` a difficulty within 2..10 (N-174).
"""

from __future__ import annotations

from adjudicator.rulesets.narrativo.outcome import Term
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from texts import N_, T_

TIRED, EXHAUSTED = -2, -4
"""N-138, N-139: dice off every roll when Fatiga > Resistencia, > Resistencia + 3."""
EXHAUSTED_MARGIN = 3
DIFFICULTY_MIN, DIFFICULTY_MAX = 2, 10
"""N-174."""
CANCEL_KIND = "cancelado"
"""An effect that holds off a Willpower check's negative effects (N-125)."""
IGNORE_FATIGUE_KIND = "fatiga_ignorada"
"""An effect that holds off the tiredness penalty (N-140)."""
WILLPOWER_KIND = "voluntad"
"""The lingering effect of a Willpower check (N-122 .. N-124)."""


def tiredness(character: Character) -> int:
    """−2 tired, −4 exhausted, 0 otherwise (N-138, N-139, NAMB-27)."""
    if character.fatiga > character.resistencia + EXHAUSTED_MARGIN:
        return EXHAUSTED
    if character.fatiga > character.resistencia:
        return TIRED
    return 0


def running(state: NarrativoState, character: str, turn: int) -> tuple[Effect, ...]:
    """The effects on `character` active at `turn`, in the order begun."""
    return tuple(e for e in state.effects if e.character == character and e.active(turn))


def standing_terms(state: NarrativoState, character: Character, turn: int) -> tuple[Term, ...]:
    """The dice `character`'s state adds to any pool at `turn`, each a
    named term, zeros left out (next-action bonuses are the action's own)."""
    effects = running(state, character.id, turn)
    kinds = {e.kind for e in effects}
    terms: list[Term] = [(N_("salud"), -character.health_penalty)]
    if IGNORE_FATIGUE_KIND not in kinds:
        tired = tiredness(character)
        terms.append((N_("agotado") if tired == EXHAUSTED else N_("cansado"), tired))
    for effect in effects:
        if effect.next_action or not effect.dice:
            continue
        if effect.kind == WILLPOWER_KIND and effect.dice < 0 and CANCEL_KIND in kinds:
            continue
        terms.append((effect.state or effect.kind, effect.dice))
    return tuple(t for t in terms if t[1])


def held_modifier(value: int, cap: int, *, combat: bool) -> tuple[int, str | None]:
    """A Narrator's modifier held within ±cap outside combat, with the
    warning to print (N-173, NAMB-26); combat is exempt (N-183)."""
    if combat or -cap <= value <= cap:
        return value, None
    held = max(-cap, min(cap, value))
    return held, T_(
        "a modifier of {value} held at {held} outside combat (N-173, NAMB-26)",
        value=f"{value:+d}",
        held=f"{held:+d}",
    )


def held_difficulty(value: int) -> tuple[int, str | None]:
    """A difficulty within 2..10 (N-174; NAMB-06, NAMB-15, NAMB-16), with
    a note when it was held."""
    held = max(DIFFICULTY_MIN, min(DIFFICULTY_MAX, value))
    if held == value:
        return value, None
    return held, T_("difficulty {value} held at {held} (N-174)", value=value, held=held)


def pool_size(terms: tuple[Term, ...]) -> int:
    """The dice of a pool's terms, never below 0 (N-175)."""
    return max(0, sum(v for _, v in terms))
