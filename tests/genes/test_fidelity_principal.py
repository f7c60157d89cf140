"""002 §4.4, issue 18 #4: the hidden principal. The principal's city is made
public at the start, "no així si després aquest es mou i s'amaga": once it
has moved, where it stands is told only in its owner's private report, and
in the private report of a country whose watch (vigilància, 002 §5.4.1) or
Investigació (002 §5.4.4) found it; the public report, the public JSON and
the public map say only that it is hidden.

Decided here (issue 18 is silent): a watch finds a principal by contesting
it on its way, whoever wins (it then knows where the principal went); a
successful Investigació against a country finds that country's hidden
principal where it stands. A principal that moves again hides again, from
those too. It is public again when captured (its captor holds it) or when it
fights in a battle (it stands at the battle's place with its side); going
back to its capital does not make it public.
"""

from __future__ import annotations

import json

from adjudicator.rulesets.genes import actions_army, actions_spy  # noqa: F401 (handlers)
from adjudicator.rulesets.genes.characters import move
from adjudicator.rulesets.genes.model import Character, Force, GenesState, field_place
from adjudicator.rulesets.genes.outcome import ActionResult, EffectKind, GenesResolution
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind
from renderers.genes.json_output import render_country_json, render_genes_json
from renderers.genes.report import GenesTurnReport, render_country_report, render_genes_report
from tests.genes.fixtures import (
    character,
    decl,
    default_characters,
    make_board,
    make_region,
    make_state,
    run_handler,
)


def hidden_pere(place: str = "llevant_b", **traits: int) -> GenesState:
    """Llevant's principal Pere has moved to `place` and hidden there."""
    chars = default_characters()
    pere = character("pere", "llevant", place, principal=True, authority=2, diplomacy=2, **traits)
    chars["pere"] = pere.with_(hidden=True)
    return make_state(characters=chars)


def told(previous: GenesState, board: Board, result: ActionResult) -> GenesTurnReport:
    """The reports of a turn that was this one action."""
    resolution = GenesResolution(previous, board.snapshot(), (result,))
    return GenesTurnReport(resolution=resolution, region=make_region())


def lines_of(text: str, name: str) -> list[str]:
    """The sheet lines of a character (`Joan: Autoritat 1, ...; at ...`)."""
    return [line for line in text.splitlines() if line.strip().startswith(f"{name}: ")]


def watch_line(board: Board) -> None:
    board.free_lines.append(decl("llevant", ActionKind.WATCH, mode="capture"))


def test_a_watch_that_meets_a_principal_learns_where_it_went() -> None:
    """§4.4, §5.4.1, issue 18 #4: Joan, Ponent's principal, crosses Llevant to
    sabotage Migjorn; Llevant's watch contests it and loses. Joan hides in
    Migjorn A: Llevant's private report places it there, Migjorn's does not,
    and the public report and JSON say only that it is hidden."""
    state = make_state()
    faces = {"watch:llevant:joan": 1, "travel:joan:llevant": 9, "test": 9}
    result, board = run_handler(
        ActionKind.SABOTAGE, state, faces, watch_line, target="migjorn", helpers=["joan"]
    )
    joan = board.characters["joan"]
    assert (joan.place, joan.hidden, joan.free) == ("migjorn_a", True, True)
    turn = told(state, board, result)
    public = render_genes_report(turn)
    assert lines_of(public, "Joan") and all("Migjorn A" not in x for x in lines_of(public, "Joan"))
    assert "Llevant learns where Joan (Ponent) is" in public
    data = json.loads(render_genes_json(turn))
    assert "place" not in data["state"]["characters"]["joan"]
    seen = render_country_report(turn, "llevant")
    assert "Joan (Ponent): at Migjorn A" in seen
    assert "Joan" not in render_country_report(turn, "migjorn")
    known = json.loads(render_country_json(turn, "llevant"))["revealed"]
    assert known == {"joan": {"name": "Joan", "owner": "ponent", "place": "migjorn_a"}}
    assert json.loads(render_country_json(turn, "migjorn"))["revealed"] == {}


def test_a_successful_investigation_finds_the_hidden_principal() -> None:
    """§4.4, §5.4.4 Investigació, issue 18 #4: Ponent investigates Llevant
    (Diplomàcia 5 + 9 > 13) and is told, privately, where Pere hides."""
    state = hidden_pere()
    result, board = run_handler(ActionKind.INVESTIGATION, state, {"test": 9}, target="llevant")
    assert board.characters["pere"].seen_by == ("ponent",)
    turn = told(state, board, result)
    assert "Pere (Llevant): at Llevant B" in render_country_report(turn, "ponent")
    assert "Pere" not in render_country_report(turn, "migjorn")
    public = render_genes_report(turn)
    assert all("Llevant B" not in line for line in lines_of(public, "Pere"))
    assert "Ponent learns where Pere (Llevant) is" in public


def test_a_failed_investigation_finds_nothing() -> None:
    """§5.4.4, issue 18 #4: a failed Investigació tells nothing."""
    state = hidden_pere()
    result, board = run_handler(ActionKind.INVESTIGATION, state, {"test": 3}, target="llevant")
    assert board.characters["pere"].seen_by == ()
    assert "Pere" not in render_country_report(told(state, board, result), "ponent")


def test_a_principal_that_moves_again_hides_again() -> None:
    """§4.4 ("es mou i s'amaga"), issue 18 #4: who had found it no longer
    knows where it is once it moves; going back to its capital does not make
    it public."""
    state = hidden_pere()
    board = make_board(state)
    board.characters["pere"] = board.characters["pere"].with_(seen_by=("ponent",))
    move(board, "pere", "llevant_a", EffectKind.CHARACTER_MOVED)
    pere: Character = board.characters["pere"]
    assert (pere.place, pere.hidden, pere.seen_by) == ("llevant_a", True, ())


def test_a_hidden_principal_that_fights_a_battle_is_public_again() -> None:
    """§4.4, §5.4.3 Batalla, issue 18 #4: Pere hides in Llevant A and defends
    it (its Militarisme is printed in the battle's roll): it is seen, and
    placed in the public report again."""
    state = hidden_pere("llevant_a", militarism=2)
    state = state.with_(forces=(*state.forces, Force("ponent", field_place("llevant"), 9)))
    faces = {"attack": 2, "defence": 5}
    result, board = run_handler(ActionKind.BATTLE, state, faces, place="llevant_a")
    assert board.characters["pere"].hidden is False
    public = render_genes_report(told(state, board, result))
    assert any("at Llevant A" in line for line in lines_of(public, "Pere"))


def test_the_public_map_says_only_that_it_is_hidden() -> None:
    """§4.4, issue 18 #4: the public map does not draw a hidden principal at
    its place; its notes say that it is hidden."""
    from renderers.genes import map as genes_map

    state = hidden_pere()
    drawn = {c.id for c in genes_map.drawn_characters(state)}
    assert drawn == {"joan", "maria", "anna"}
    assert "♛ Pere (Llevant): hidden" in genes_map.hidden_notes(make_region(), state)
    assert genes_map.hidden_notes(make_region(), make_state()) == []
