"""The rebels' principal (002 §5.4.3 Guerra civil; issue 18 #6).

002 §5.4.3: "altres jugadors poden recolzar l'alçament activant exèrcits o
personatges presents al país, en cas de sumar-hi personatges s'ha de nomenar
un de principal", and ending (b): "Quan l'exèrcit rebel és a 0 o el personatge
principal és mort". Decision: a country backing rebels with characters names
the rebel principal in its declaration (the first such character if none is
named), and ending (b) follows.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.genes import actions_army  # noqa: F401  (fill HANDLERS)
from adjudicator.rulesets.genes.model import CharacterStatus, CivilWar, Force, field_place
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import EffectKind
from adjudicator.rulesets.genes.turn import resolve_turn
from adjudicator.rulesets.genes.work import HANDLERS, Board
from orders.genes.model import ActionKind, Declaration
from orders.genes.parser import DeclarationNames, parse_declarations
from renderers.genes.json_output import Names
from renderers.genes.words import declaration_text
from tests.genes.fixtures import FixedDice, character, decl, make_board, make_region, make_state

K = ActionKind
P_FIELD = field_place("ponent")
NAMES = DeclarationNames(
    countries={"ponent": ("Ponent",), "llevant": ("Llevant",), "migjorn": ("Migjorn",)},
    cities={"ponent_a": ("Ponent A",)},
    characters={"joan": ("Joan",), "pere": ("Pere",), "marc": ("Marc",), "jordi": ("Jordi",)},
    character_owners={"joan": "ponent", "pere": "llevant", "marc": "llevant", "jordi": "llevant"},
)


def read(text: str, power: str = "llevant") -> Declaration:
    parsed = parse_declarations(text, names=NAMES, file=f"{power}.txt", power=power)
    assert parsed.issues == (), [issue.render() for issue in parsed.issues]
    (line,) = parsed.declarations
    return line


def war_state(**changes: Any):  # type: ignore[no-untyped-def]
    chars = [
        character("joan", "ponent", principal=True, authority=1),
        character("pere", "llevant", "llevant_a", principal=True, authority=2),
        character("marc", "llevant", P_FIELD, militarism=2),
        character("jordi", "llevant", P_FIELD, militarism=1),
    ]
    changes.setdefault("civil_wars", {"ponent": CivilWar("ponent", 8)})
    forces = [Force("ponent", P_FIELD, 6), Force("llevant", P_FIELD, 1)]
    return make_state(characters=chars, forces=forces, **changes)


def civil_war(board: Board) -> Any:
    return HANDLERS[K.CIVIL_WAR](board, decl("ponent", K.CIVIL_WAR), "ponent:1")


def ended(result: Any) -> list[str | None]:
    return [e.other for e in result.effects if e.kind is EffectKind.CIVIL_WAR_ENDED]


def test_backing_line_names_the_rebel_principal() -> None:
    """§5.4.3 Guerra civil, issue 18 #6: `aliança rebels <país> amb A i B,
    principal B` names the rebels' principal (Spanish and English too)."""
    line = read("aliança rebels Ponent amb Marc i Pere, principal Pere")
    assert line.kind is K.ALLY and line.mode == "rebels"
    assert line.helpers == ("marc", "pere") and line.character == "pere"
    assert read("alianza rebeldes Ponent con Marc, principal Marc").character == "marc"
    assert read("ally rebels Ponent with Marc leader Marc").character == "marc"
    alone = read("aliança rebels Ponent principal Marc")
    assert alone.character == "marc" and alone.helpers == ()
    names = Names(make_region(), (war_state(),))
    assert declaration_text(line, names).endswith("(principal Pere)")


def test_named_rebel_principal_killed_ends_the_war_b() -> None:
    """§5.4.3 Guerra civil (b), issue 18 #6: the rebels lose, their named
    principal dies in the rout: the war ends by (b), with no peace test."""
    board = make_board(war_state(), FixedDice({"loyal": 9, "rebels": 2, "fate:marc": 1}, default=5))
    board.free_lines.append(read("aliança rebels Ponent amb Jordi i Marc, principal Marc"))
    result = civil_war(board)
    assert board.characters["marc"].status is CharacterStatus.DEAD
    assert ended(result) == ["b"]
    assert "ponent" not in board.civil_wars
    assert board.dice is not None and not any("peace" in r.purpose for r in board.dice.rolls)
    named = [e for e in result.effects if e.kind is EffectKind.REBEL_PRINCIPAL_NAMED]
    assert [(e.country, e.subject, e.other) for e in named] == [("ponent", "marc", "llevant")]


def test_first_backing_character_leads_when_none_is_named() -> None:
    """§5.4.3 Guerra civil, issue 18 #6: with no principal named, the first
    backing character is the rebels' principal; it is kept for the war."""
    board = make_board(war_state(), FixedDice({"loyal": 9, "rebels": 2, "fate": 9}, default=5))
    board.free_lines.append(read("aliança rebels Ponent amb Jordi i Marc"))
    civil_war(board)
    assert board.civil_wars["ponent"].rebel_principal == "jordi"


def test_rebel_principal_killed_outside_the_battle_ends_the_war() -> None:
    """§5.4.3 Guerra civil (b), issue 18 #6: the rebels' principal dead (here
    killed by an assassination before the country's Guerra civil) ends the war
    at once; the forced line then finds no war."""
    state = war_state(civil_wars={"ponent": CivilWar("ponent", 8, "marc")})
    lines = [
        decl("ponent", K.ASSASSINATE, character="marc"),
        decl("ponent", K.CIVIL_WAR),
    ]
    dice = FixedDice({"attack": 9, "defence": 2}, default=5)
    resolution = resolve_turn(state, lines, make_region(), GenesOptions(), dice)
    assert resolution.state.characters["marc"].status is CharacterStatus.DEAD
    assert "ponent" not in resolution.state.civil_wars
    first = resolution.results[0]
    assert [e.other for e in first.effects if e.kind is EffectKind.CIVIL_WAR_ENDED] == ["b"]
