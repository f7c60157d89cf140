"""Bescanvi: exchanging goods between countries (002 §5.4; issue 18 #5).

002 §5.4: "l'acció més sovintejada i profitosa serà sempre la de negociar
amb altres jugadors el bescanvi de qualsevol mena de favors, informació,
béns (personatges, tropes, ciutats o terrenys del mapa)". Decision: a
`bescanvi` line (a city, troops at a place, a character, a captive, a
terrain) takes effect when both countries declare the mirror terms in the
same turn, costs no action, and is refused with the reason when the terms do
not match or the goods are not the giver's.
"""

from __future__ import annotations

from adjudicator.rulesets.genes.model import CharacterStatus, Force, field_place
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import ActionOutcome, EffectKind, GenesReason
from adjudicator.rulesets.genes.turn import check_declarations, resolve_turn
from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Side
from orders.genes.parser import DeclarationNames, parse_declarations
from renderers.genes.json_output import Names, declaration_dict
from renderers.genes.words import EFFECT_WORDS, REASON_WORDS, declaration_text
from tests.genes.fixtures import FixedDice, character, make_region, make_state

K = ActionKind
OPTIONS = GenesOptions()
NAMES = DeclarationNames(
    countries={"ponent": ("Ponent",), "llevant": ("Llevant",), "migjorn": ("Migjorn",)},
    cities={
        f"{c}_{s}": (f"{c.capitalize()} {s.upper()}",)
        for c in ("ponent", "llevant", "migjorn")
        for s in "abc"
    },
    characters={
        "joan": ("Joan",),
        "maria": ("Maria",),
        "pere": ("Pere",),
        "anna": ("Anna",),
        "marc": ("Marc",),
    },
    character_owners={
        "joan": "ponent",
        "maria": "ponent",
        "pere": "llevant",
        "anna": "migjorn",
        "marc": "llevant",
    },
)


def read(text: str, power: str = "ponent") -> tuple[Declaration, ...]:
    parsed = parse_declarations(text, names=NAMES, file=f"{power}.txt", power=power)
    assert parsed.issues == (), [issue.render() for issue in parsed.issues]
    return parsed.declarations


def give(kind: GoodKind, subject: str, amount: int | None = None) -> Good:
    return Good(Side.GIVE, kind, subject, amount)


def get(kind: GoodKind, subject: str, amount: int | None = None) -> Good:
    return Good(Side.GET, kind, subject, amount)


def play(state, *texts: tuple[str, str]):  # type: ignore[no-untyped-def]
    declarations = [d for power, text in texts for d in read(text, power)]
    return resolve_turn(state, declarations, make_region(), OPTIONS, FixedDice(default=6))


def result_of(resolution, power: str, kind: ActionKind = K.EXCHANGE):  # type: ignore[no-untyped-def]
    return next(
        r for r in resolution.results if r.declaration.power == power and r.declaration.kind is kind
    )


# --- the words -------------------------------------------------------------------


def test_bescanvi_line_reads_goods_given_and_received() -> None:
    """§5.4, issue 18 #5: `bescanvi amb <país>: dono ...; rebo ...`, every kind of good."""
    (line,) = read(
        "bescanvi amb Llevant: dono Ponent B, 3 tropes a camp de Ponent, personatge Maria;"
        " rebo captiu Joan, terreny de Migjorn, la ciutat Llevant C"
    )
    assert line.kind is K.EXCHANGE and line.target == "llevant"
    assert not line.kind.costs_action
    assert line.goods == (
        give(GoodKind.CITY, "ponent_b"),
        give(GoodKind.TROOPS, "field:ponent", 3),
        give(GoodKind.CHARACTER, "maria"),
        get(GoodKind.CHARACTER, "joan"),
        get(GoodKind.TERRAIN, "migjorn"),
        get(GoodKind.CITY, "llevant_c"),
    )


def test_bescanvi_spanish_and_english_aliases() -> None:
    """§5.4, issue 18 #5: Spanish and English keywords give the same line."""
    catalan = read("bescanvi amb Llevant: dono Ponent B; rebo 2 tropes a Llevant A")[0]
    spanish = read("intercambio con Llevant: doy Ponent B; recibo 2 tropas en Llevant A")[0]
    english = read("exchange with Llevant: give Ponent B, receive 2 troops at Llevant A")[0]
    assert catalan == spanish == english


def test_bescanvi_misspelt_good_names_nearest() -> None:
    """§5.4, issue 18 #5: an unknown good is a clear issue with the nearest names."""
    parsed = parse_declarations(
        "bescanvi amb Llevant: dono Ponent X; rebo Llevant A", names=NAMES, power="ponent"
    )
    assert parsed.declarations == ()
    (issue,) = parsed.issues
    assert "Ponent X" in issue.render() and "Ponent A" in issue.render()


# --- the turn --------------------------------------------------------------------


def test_matching_bescanvi_hands_city_and_troops_at_no_action_cost() -> None:
    """§5.4, issue 18 #5: both sides declare the mirror terms: the city and the
    troops change hands, and no action is spent (the other lines all resolve)."""
    state = make_state()
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono Ponent B; rebo 2 tropes a camp de Llevant"),
        ("llevant", "bescanvi amb Ponent: dono 2 tropes a camp de Llevant; rebo Ponent B"),
    )
    after = resolution.state
    assert after.cities["ponent_b"].owner == "llevant"
    assert Force("ponent", field_place("llevant"), 2) in after.forces
    assert Force("llevant", field_place("llevant"), 1) in after.forces
    for power in ("ponent", "llevant"):
        result = result_of(resolution, power)
        assert result.outcome is ActionOutcome.SUCCEEDED
    kinds = {e.kind for e in result_of(resolution, "ponent").effects}
    assert EffectKind.CITY_CEDED in kinds
    assert EffectKind.TROOPS_CEDED in {e.kind for e in result_of(resolution, "llevant").effects}


def test_bescanvi_free_line_does_not_take_an_action() -> None:
    """§5.4, issue 18 #5: the exchange costs no action: as many Taxes as the
    country has actions all resolve beside it (the fifth is over the budget)."""
    state = make_state()
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono Ponent B" + "\ntaxes" * 5),
        ("llevant", "bescanvi amb Ponent: rebo Ponent B"),
    )
    budget = dict(resolution.frame.budgets)["ponent"]
    taxes = [r for r in resolution.results if r.declaration.kind is K.TAXES]
    resolved = [r for r in taxes if r.reason is not GenesReason.OVER_BUDGET]
    assert len(resolved) == budget == 4
    assert result_of(resolution, "ponent").succeeded


def test_unmatched_terms_are_refused_with_the_reason() -> None:
    """§5.4, issue 18 #5: terms that do not mirror each other are refused on
    both sides, saying what the other declared; nothing changes."""
    state = make_state()
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono Ponent B; rebo Llevant B"),
        ("llevant", "bescanvi amb Ponent: dono Llevant C; rebo Ponent B"),
    )
    for power in ("ponent", "llevant"):
        result = result_of(resolution, power)
        assert result.outcome is ActionOutcome.NOT_RESOLVED
        assert result.reason is GenesReason.EXCHANGE_UNMATCHED
    assert "Llevant C" in result_of(resolution, "ponent").detail
    assert resolution.state.cities["ponent_b"].owner == "ponent"
    assert resolution.state.cities["llevant_c"].owner == "llevant"


def test_one_sided_bescanvi_is_refused_and_the_dry_check_says_so() -> None:
    """§5.4, issue 18 #5: a line the other country did not answer is refused,
    and `check` (no dice) already reports it."""
    state = make_state()
    lines = read("bescanvi amb Llevant: dono Ponent B")
    problems = check_declarations(state, lines, make_region(), OPTIONS)
    assert [p.reason for p in problems] == [GenesReason.EXCHANGE_UNMATCHED]
    assert "declared no bescanvi" in problems[0].detail


def test_goods_not_the_givers_are_refused_on_both_sides() -> None:
    """§5.4, issue 18 #5: a good the giver does not hold (another's city, more
    troops than stand there) refuses the whole exchange, for both lines."""
    state = make_state()
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono Migjorn A; rebo Llevant B"),
        ("llevant", "bescanvi amb Ponent: dono Llevant B; rebo Migjorn A"),
    )
    for power in ("ponent", "llevant"):
        result = result_of(resolution, power)
        assert result.reason is GenesReason.NOT_YOUR_GOODS
        assert "Migjorn A" in result.detail
    assert resolution.state.cities["llevant_b"].owner == "llevant"
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono 9 tropes a Ponent A"),
        ("llevant", "bescanvi amb Ponent: rebo 9 tropes a Ponent A"),
    )
    assert result_of(resolution, "ponent").reason is GenesReason.NOT_YOUR_GOODS


def test_ransom_captive_for_character_and_terrain() -> None:
    """§5.4, issue 18 #5: a captive handed to its own country goes free home; a
    character changes side where it stands; a terrain hands every city the
    giver holds in that country."""
    held = character("pere", "llevant", "ponent_a", principal=True, authority=2)
    held = held.with_(status=CharacterStatus.CAPTURED, held_by="ponent")
    spy = character("marc", "llevant", "llevant_b", diplomacy=2)
    chars = {c.id: c for c in make_state().characters.values()}
    chars.update({"pere": held, "marc": spy})
    base = make_state(characters=chars)
    cities = dict(base.cities)
    cities["migjorn_b"] = cities["migjorn_b"].with_(owner="llevant")
    cities["migjorn_c"] = cities["migjorn_c"].with_(owner="llevant")
    state = base.with_(cities=cities)
    resolution = play(
        state,
        ("ponent", "bescanvi amb Llevant: dono captiu Pere; rebo personatge Marc, terreny Migjorn"),
        ("llevant", "bescanvi amb Ponent: rebo Pere; dono Marc, terreny Migjorn"),
    )
    after = resolution.state
    assert result_of(resolution, "ponent").succeeded, result_of(resolution, "ponent").detail
    pere = after.characters["pere"]
    assert pere.status is CharacterStatus.FREE and pere.owner == "llevant"
    assert pere.place == "llevant_a"
    assert after.characters["marc"].owner == "ponent"
    assert after.characters["marc"].place == "llevant_b"
    assert after.cities["migjorn_b"].owner == "ponent"
    assert after.cities["migjorn_c"].owner == "ponent"
    assert after.cities["migjorn_a"].owner == "migjorn"


def test_a_principal_cannot_be_handed_over() -> None:
    """§5.4, issue 18 #5 (a reading): a country's principal is not for trade."""
    resolution = play(
        make_state(),
        ("ponent", "bescanvi amb Llevant: dono Joan"),
        ("llevant", "bescanvi amb Ponent: rebo Joan"),
    )
    assert result_of(resolution, "ponent").reason is GenesReason.NOT_TRADEABLE
    assert resolution.state.characters["joan"].owner == "ponent"


def test_report_words_for_bescanvi() -> None:
    """§5.4, issue 18 #5: the report names the line and its effects in words,
    and the JSON keeps the goods as plain data."""
    (line,) = read("bescanvi amb Llevant: dono Ponent B; rebo 2 tropes a Llevant A")
    names = Names(make_region(), (make_state(),))
    assert declaration_text(line, names) == (
        "Bescanvi amb Llevant: dona Ponent B; rep 2 Exèrcit a Llevant A"
    )
    data = declaration_dict(line)
    assert data["goods"][0] == {"side": "give", "kind": "city", "subject": "ponent_b"}
    for kind in (
        EffectKind.CITY_CEDED,
        EffectKind.TROOPS_CEDED,
        EffectKind.CHARACTER_CEDED,
        EffectKind.CAPTIVE_CEDED,
    ):
        assert kind in EFFECT_WORDS
    for reason in (
        GenesReason.EXCHANGE_UNMATCHED,
        GenesReason.NOT_YOUR_GOODS,
        GenesReason.NOT_TRADEABLE,
    ):
        assert reason in REASON_WORDS
