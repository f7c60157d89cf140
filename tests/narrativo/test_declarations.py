"""The declaration language of narrativo posts (orders.narrativo.declarations)."""

from __future__ import annotations

import pytest

from orders.issues import IssueKind
from orders.narrativo.declarations import ParsedPost, read_post
from orders.narrativo.model import ActionKind, ChoiceKind, Declaration, Pool, WillpowerUse
from orders.narrativo.names import NarrativoNames, PartKind

NAMES = NarrativoNames(
    characters={
        "dreyer": ("Dreyer", "Kurt Dreyer"),
        "muller": ("Müller",),
        "ward": ("Ward",),
        "kessler": ("Kessler",),
        "centinela": ("Centinela",),
        "hauptmann": ("Hauptmann Vogel",),
    },
    attributes={
        "Fuerza": ("Strength",),
        "Destreza": ("Dexterity",),
        "Inteligencia": ("Intelligence",),
        "Manipulación": ("Manipulation",),
        "Astucia": ("Wits",),
    },
    skills={
        "Atletismo": ("Athletics",),
        "Paracaidismo": ("Parachuting",),
        "Pelea": ("Brawl",),
        "Esquivar": ("Dodge",),
        "Subterfugio": ("Subterfuge",),
        "Mecánica": ("Mechanics",),
    },
    owners={
        "dreyer": "ana",
        "muller": "ana",
        "ward": "ana",
        "kessler": None,
        "centinela": None,
        "hauptmann": None,
    },
)


def post(text: str, player: str | None = "ana") -> ParsedPost:
    return read_post(text, file="ana.txt", player=player, names=NAMES)


def one(line: str, player: str | None = "ana") -> Declaration:
    parsed = post(line, player)
    assert parsed.issues == ()
    assert len(parsed.declarations) == 1
    return parsed.declarations[0]


def messages(parsed: ParsedPost) -> list[str]:
    return [issue.message for issue in parsed.issues]


# --- the issue's example lines, one by one ------------------------------------------------


def test_simple() -> None:
    """N-006: `Dreyer: Destreza + Atletismo` is a simple action, one pool."""
    made = one("Dreyer: Destreza + Atletismo")
    assert (made.character, made.kind, made.pools) == (
        "dreyer",
        ActionKind.SIMPLE,
        (Pool(("Destreza", "Atletismo")),),
    )
    assert (made.number, made.id, made.source is not None and made.source.line) == (
        1,
        "dreyer-1",
        1,
    )


def test_complex() -> None:
    """N-009: `compleja` makes a complex action (the parachute, N-016)."""
    made = one("Dreyer: compleja Fuerza + Paracaidismo")
    assert (made.kind, made.pools) == (ActionKind.COMPLEX, (Pool(("Fuerza", "Paracaidismo")),))


def test_extended_with_need_and_limit() -> None:
    """N-017, N-018: `extendida ..., 20 éxitos en 20 turnos` (the wall, N-021)."""
    made = one("Dreyer: extendida Fuerza + Atletismo, 20 éxitos en 20 turnos")
    assert (made.kind, made.pools, made.need, made.limit) == (
        ActionKind.EXTENDED,
        (Pool(("Fuerza", "Atletismo")),),
        20,
        20,
    )


@pytest.mark.parametrize(
    ("line", "need", "limit"),
    [
        ("Dreyer: extendida Fuerza + Atletismo", None, None),
        ("Dreyer: extendida Fuerza + Atletismo, 20 éxitos", 20, None),
        ("Dreyer: extendida Fuerza + Atletismo en 12 tiradas", None, 12),
        ("Dreyer: extended Strength + Athletics, 15 successes in 10 rolls", 15, 10),
        ("Dreyer: extended Fuerza + Atletismo, 5 successes in 3 turns", 5, 3),
    ],
)
def test_extended_need_and_limit_are_optional(
    line: str, need: int | None, limit: int | None
) -> None:
    """N-017, N-018: the need and the limit may be left to the Narrator."""
    made = one(line)
    assert (made.kind, made.need, made.limit) == (ActionKind.EXTENDED, need, limit)


def test_opposed_active() -> None:
    """N-022, N-023: `opuesta ... contra Kessler Destreza + Esquivar` (the fist fight, N-027)."""
    made = one("Dreyer: opuesta Fuerza + Pelea contra Kessler Destreza + Esquivar")
    assert (made.kind, made.pools, made.opponent, made.opponent_pool) == (
        ActionKind.OPPOSED_ACTIVE,
        (Pool(("Fuerza", "Pelea")),),
        "kessler",
        Pool(("Destreza", "Esquivar")),
    )


def test_opposed_without_the_opponents_pool() -> None:
    """N-023: the opponent may declare his own pool: it is left None."""
    made = one("Dreyer: opposed Strength + Brawl vs Kessler")
    assert (made.kind, made.opponent, made.opponent_pool) == (
        ActionKind.OPPOSED_ACTIVE,
        "kessler",
        None,
    )


def test_opposed_extended() -> None:
    """N-026: an opposed action may be extended, with its need clause."""
    made = one("Dreyer: opuesta extendida Fuerza + Pelea contra Kessler, 10 éxitos en 5 turnos")
    assert (made.kind, made.opponent, made.need, made.limit) == (
        ActionKind.OPPOSED_ACTIVE,
        "kessler",
        10,
        5,
    )


def test_opposed_is_never_simple() -> None:
    """N-026: `opuesta simple` is refused; `opuesta compleja` is the plain opposed action."""
    assert one("Dreyer: opuesta compleja Fuerza + Pelea contra Kessler").kind is (
        ActionKind.OPPOSED_ACTIVE
    )
    parsed = post("Dreyer: opuesta simple Fuerza + Pelea contra Kessler")
    assert parsed.declarations == ()
    assert parsed.issues[0].kind is IssueKind.ILLEGAL
    assert "never simple (N-026)" in parsed.issues[0].message


def test_opposed_passive() -> None:
    """N-025: `pasiva ... contra centinela Astucia`: the sentry (N-028) by alias, his attribute."""
    made = one("Müller: pasiva Manipulación + Subterfugio contra centinela Astucia")
    assert (made.character, made.kind, made.pools, made.opponent, made.opponent_pool) == (
        "muller",
        ActionKind.OPPOSED_PASSIVE,
        (Pool(("Manipulación", "Subterfugio")),),
        "centinela",
        Pool(("Astucia",)),
    )


def test_passive_opponent_gives_an_attribute() -> None:
    """N-025: the passive difficulty is an Attribute + 3: a skill is refused."""
    parsed = post("Müller: pasiva Manipulación + Subterfugio contra centinela Esquivar")
    assert parsed.declarations == ()
    assert parsed.issues[0].kind is IssueKind.ILLEGAL
    assert "one Attribute" in parsed.issues[0].message


def test_cooperative() -> None:
    """N-030: `coopera ... con Dreyer` (the car, N-032)."""
    made = one("Müller: coopera Inteligencia + Mecánica con Dreyer")
    assert (made.kind, made.pools, made.partners) == (
        ActionKind.COOPERATIVE,
        (Pool(("Inteligencia", "Mecánica")),),
        ("dreyer",),
    )


def test_cooperative_may_be_extended() -> None:
    """N-030, N-031: a cooperative action usually accumulates: a need clause is read."""
    made = one("Müller: cooperates Intelligence + Mechanics with Dreyer and Ward, 10 successes")
    assert (made.kind, made.partners, made.need) == (
        ActionKind.COOPERATIVE,
        ("dreyer", "ward"),
        10,
    )


def test_cooperative_needs_partners() -> None:
    """N-030: cooperating names the partners."""
    parsed = post("Müller: coopera Inteligencia + Mecánica")
    assert messages(parsed) == ["say whom he cooperates with: `con Dreyer` (N-030)"]


def test_coordinated_with_rank_word() -> None:
    """N-034: `Sargento Ward: coordina Liderazgo`: the rank word is dropped, the
    led left to the rules (his squad)."""
    made = one("Sargento Ward: coordina Liderazgo")
    assert (made.character, made.kind, made.pools, made.partners) == (
        "ward",
        ActionKind.COORDINATED,
        (Pool(("Liderazgo",)),),
        (),
    )


def test_coordinated_names_the_led() -> None:
    """N-034, N-035: `coordina Liderazgo a Dreyer, Müller`; English too."""
    assert one("Ward: coordina Liderazgo [a Dreyer, Müller]").partners == ("dreyer", "muller")
    made = one("Sgt. Ward: coordinates Leadership for Dreyer")
    assert (made.pools, made.partners) == ((Pool(("Liderazgo",)),), ("dreyer",))
    assert one("Ward: coordina a Müller").pools == (Pool(("Liderazgo",)),)


def test_coordinated_rolls_leadership() -> None:
    """N-034: a coordinator rolls Liderazgo, nothing else."""
    parsed = post("Ward: coordina Destreza + Atletismo")
    assert messages(parsed) == ["a coordinator rolls Liderazgo (N-034), not 'Destreza + Atletismo'"]


def test_multiple() -> None:
    """N-038, N-039: `múltiple A; B`: the pools in the order stated (the grenade, N-042)."""
    made = one("Dreyer: múltiple Destreza + Esquivar; Fuerza + Atletismo")
    assert (made.kind, made.pools) == (
        ActionKind.MULTIPLE,
        (Pool(("Destreza", "Esquivar")), Pool(("Fuerza", "Atletismo"))),
    )


def test_multiple_never_extended() -> None:
    """N-038: an extended action cannot be part of a multiple action."""
    parsed = post("Dreyer: multiple extended Destreza + Esquivar; Fuerza + Atletismo")
    assert parsed.declarations == ()
    assert "(N-038)" in parsed.issues[0].message
    assert "two or more pools" in messages(post("Dreyer: múltiple Destreza + Esquivar"))[0]


def test_desperate_roll_line_marks_every_declaration() -> None:
    """N-177, N-181, NAMB-25: `tirada desesperada` asks for the desperate roll
    on every declaration of that character in the post, wherever it stands."""
    parsed = post(
        "Dreyer: tirada desesperada\n"
        "Dreyer: Destreza + Atletismo\n"
        "Müller: Destreza + Atletismo\n"
        "Dreyer: Fuerza + Pelea\n"
    )
    assert [(d.id, d.desperate) for d in parsed.declarations] == [
        ("dreyer-1", True),
        ("muller-1", False),
        ("dreyer-2", True),
    ]
    assert parsed.issues == ()


def test_desperate_suffix_marks_one_declaration() -> None:
    """NAMB-25: `..., desesperada` at the end asks for that action only; English too."""
    parsed = post(
        "Dreyer: Destreza + Atletismo, desesperada (saltar)\n"
        "Dreyer: Fuerza + Pelea\n"
        "Müller: Dexterity + Athletics, desperate roll\n"
    )
    assert [(d.id, d.desperate, d.intent) for d in parsed.declarations] == [
        ("dreyer-1", True, "saltar"),
        ("dreyer-2", False, ""),
        ("muller-1", True, ""),
    ]


def test_desperate_alone_is_an_issue() -> None:
    """NAMB-25: a desperate roll with no action of that character is reported."""
    parsed = post("Müller: desperate roll\nDreyer: Destreza + Atletismo")
    assert [d.desperate for d in parsed.declarations] == [False]
    assert parsed.issues[0].source.line == 1
    assert "declares no action in this post" in parsed.issues[0].message


def test_spend_willpower_marks_the_first_action() -> None:
    """N-092: `gasta Voluntad` spends a point for +2 dice on the character's first action."""
    parsed = post("Dreyer: gasta Voluntad\nDreyer: Destreza + Atletismo\nDreyer: Fuerza")
    assert [(s.character, s.use, s.action) for s in parsed.spends] == [
        ("dreyer", WillpowerUse.DICE, None)
    ]
    assert [d.spend_willpower for d in parsed.declarations] == [True, False]


def test_spend_willpower_on_a_numbered_action() -> None:
    """N-092: `gasta Voluntad en la acción 2` marks the second; `spends Willpower on action 2` too."""
    for line in ("Dreyer: gasta Voluntad en la acción 2", "Dreyer: spends Willpower on action 2"):
        parsed = post(f"Dreyer: Destreza + Atletismo\nDreyer: Fuerza\n{line}")
        assert [d.spend_willpower for d in parsed.declarations] == [False, True]
        assert parsed.spends[0].action == 2


def test_spend_willpower_other_uses() -> None:
    """NAMB-28: fatigue (N-140) and cancelling an effect (N-125) are separate uses."""
    parsed = post(
        "Dreyer: gasta Voluntad en fatiga\nDreyer: spends Willpower on cancel\n"
        "Dreyer: Destreza + Atletismo"
    )
    assert [s.use for s in parsed.spends] == [
        WillpowerUse.IGNORE_FATIGUE,
        WillpowerUse.CANCEL_EFFECT,
    ]
    assert [d.spend_willpower for d in parsed.declarations] == [False]


def test_one_dice_spend_per_turn() -> None:
    """NAMB-28: one point for dice a turn: a second is refused."""
    parsed = post(
        "Dreyer: Destreza + Atletismo\nDreyer: Fuerza\nDreyer: gasta Voluntad\n"
        "Dreyer: gasta Voluntad en la acción 2"
    )
    assert [d.spend_willpower for d in parsed.declarations] == [True, False]
    assert len(parsed.spends) == 1
    assert parsed.issues[0].source.line == 4
    assert "(N-092, NAMB-28)" in parsed.issues[0].message


def test_spend_on_a_missing_action() -> None:
    """N-092: the action spent on must be declared in the post."""
    parsed = post("Dreyer: Destreza + Atletismo\nDreyer: gasta Voluntad en la acción 3")
    assert messages(parsed) == [
        "Dreyer spends Voluntad for dice on action 3, but he declares 1 in this post (N-092)"
    ]


@pytest.mark.parametrize(
    ("line", "kind", "ref"),
    [
        ("Dreyer: elige trauma", ChoiceKind.TRAUMA, None),
        ("Dreyer: elige voluntad dreyer-2", ChoiceKind.LOSE_WILLPOWER, "dreyer-2"),
        ("Dreyer: chooses recover", ChoiceKind.RECOVER_WILLPOWER, None),
        ("Dreyer: elige dados", ChoiceKind.BONUS_DICE, None),
        ("Dreyer: chooses desperate dreyer-1", ChoiceKind.DESPERATE, "dreyer-1"),
        ("Dreyer: elige acepta", ChoiceKind.ACCEPT_FAILURE, None),
    ],
)
def test_choices(line: str, kind: ChoiceKind, ref: str | None) -> None:
    """NAMB-11, N-081, N-181: the player's answers to the choices the rules leave him."""
    parsed = post(line)
    assert parsed.issues == ()
    assert [(c.character, c.choice, c.ref) for c in parsed.choices] == [("dreyer", kind, ref)]


def test_unknown_choice() -> None:
    """NAMB-11: an unknown choice quotes the word with the nearest."""
    parsed = post("Dreyer: elige traumas")
    assert messages(parsed) == ["unknown choice 'traumas'"]
    assert parsed.issues[0].suggestions == ("trauma",)


# --- intents, aliases, prose --------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Dreyer: Destreza + Atletismo (saltar al río)",
        "Dreyer: Destreza + Atletismo -- saltar al río",
        "Dreyer: Destreza + Atletismo — saltar al río",
    ],
)
def test_intent(line: str) -> None:
    """N-008: what the character means to do, at the end (the river jump)."""
    made = one(line)
    assert (made.intent, made.pools) == ("saltar al río", (Pool(("Destreza", "Atletismo")),))


def test_english_names_case_and_accents() -> None:
    """N-002: English aliases of attributes and skills, any case, no accents."""
    made = one("dreyer: COMPLEX dexterity + athletics")
    assert (made.kind, made.pools) == (ActionKind.COMPLEX, (Pool(("Destreza", "Atletismo")),))
    assert one("MULLER: manipulacion + subterfugio").character == "muller"


def test_traits_are_pools() -> None:
    """N-093, NAMB-29: a trait alone (Voluntad, Willpower) or with a skill is a pool."""
    assert one("Dreyer: Willpower").pools == (Pool(("Voluntad",)),)
    assert one("Dreyer: Resistencia + Atletismo").pools == (Pool(("Resistencia", "Atletismo")),)
    assert NAMES.part("Composure") == ("Aplomo", PartKind.TRAIT)


def test_pool_is_an_attribute_and_a_skill() -> None:
    """N-002: two attributes, or three parts, are no pool."""
    assert "N-002" in messages(post("Dreyer: Destreza + Fuerza"))[0]
    assert "N-002" in messages(post("Dreyer: Destreza + Atletismo + Pelea"))[0]


def test_prose_quotes_and_headers_are_skipped() -> None:
    """The mail around the orders is not read: headers, quotes, prose, signature."""
    parsed = post(
        "Subject: turno 3\n\nHola Narrador: aquí van.\nDreyer salta, sin más.\n"
        "> Dreyer: Fuerza + Pelea\n* **Dreyer:** Destreza + Atletismo\n-- \nDreyer: Fuerza\n"
    )
    assert [(d.id, d.pools[0], d.source and d.source.line) for d in parsed.declarations] == [
        ("dreyer-1", Pool(("Destreza", "Atletismo")), 6)
    ]
    assert parsed.issues == ()


def test_empty_post_is_a_problem() -> None:
    """A post with no order at all is reported (as orbis does)."""
    parsed = post("Hola, este turno no hago nada.\n")
    assert messages(parsed)[0].startswith("no declaration found")
    assert parsed.issues[0].source.line == 0


def test_numbering_per_character() -> None:
    """N-039: declarations numbered 1, 2, ... per character in the post's order."""
    parsed = post(
        "Dreyer: Destreza + Atletismo\nMüller: Fuerza\nDreyer: compleja Fuerza + Pelea\n"
        "Ward: coordina Liderazgo\nMüller: Astucia"
    )
    assert [d.id for d in parsed.declarations] == [
        "dreyer-1",
        "muller-1",
        "dreyer-2",
        "ward-1",
        "muller-2",
    ]


# --- errors -------------------------------------------------------------------------------


def test_misspelt_attribute_suggests_the_nearest() -> None:
    """Errors quote the line and suggest: `Destresa` -> did you mean Destreza?"""
    parsed = post("Hola\n\nDreyer: Destresa + Atletismo")
    (issue,) = parsed.issues
    assert (issue.kind, issue.message, issue.suggestions) == (
        IssueKind.SYNTAX,
        "unknown attribute or skill 'Destresa'",
        ("Destreza",),
    )
    assert (issue.source.file, issue.source.line, issue.source.text, issue.source.column) == (
        "ana.txt",
        3,
        "Dreyer: Destresa + Atletismo",
        9,
    )
    assert issue.render() == (
        "ana.txt, line 3: syntax: unknown attribute or skill 'Destresa': did you mean Destreza?"
        "\n    > Dreyer: Destresa + Atletismo"
    )


def test_misspelt_character_suggests_the_nearest() -> None:
    """An unknown character on an order line is named with the nearest names."""
    parsed = post(
        "Dreyre: Fuerza + Atletismo\nDreyer: opuesta Fuerza + Pelea contra Kesler Destreza"
    )
    assert [(i.message, i.suggestions, i.source.line) for i in parsed.issues] == [
        ("unknown character 'Dreyre'", ("Dreyer",), 1),
        ("unknown character 'Kesler'", ("Kessler",), 2),
    ]


def test_words_after_the_pool_ask_for_parentheses() -> None:
    """An intent without parentheses is pointed at."""
    message = messages(post("Dreyer: Destreza + Atletismo para saltar"))[0]
    assert message.startswith("cannot read 'para saltar' after Atletismo: put what")


def test_need_clause_only_for_extended() -> None:
    """N-017: `20 éxitos` belongs to an extended action."""
    message = messages(post("Dreyer: Fuerza + Atletismo, 20 éxitos en 20 turnos"))[0]
    assert message == (
        "'20 éxitos en 20 turnos' belongs to an extended action: write `extendida` before"
        " the pool (N-017)"
    )


def test_not_your_character() -> None:
    """A player declares only for his characters."""
    parsed = post("Kessler: Destreza + Esquivar")
    assert parsed.declarations == ()
    (issue,) = parsed.issues
    assert (issue.kind, issue.message) == (
        IssueKind.ILLEGAL,
        "Kessler is not one of your characters: yours are Dreyer, Müller, Ward",
    )
    other = read_post("Dreyer: Fuerza", file="b.txt", player="bruno", names=NAMES)
    assert other.issues[0].message == "Dreyer is not one of your characters: yours are none"


def test_the_narrator_declares_for_his_own() -> None:
    """NAMB-31: the Narrator's lines (player None) are for his characters only."""
    parsed = post("Kessler: Destreza + Esquivar\nDreyer: Fuerza", player=None)
    assert [d.id for d in parsed.declarations] == ["kessler-1"]
    assert "a player's character" in parsed.issues[0].message


def test_rank_words_on_either_side() -> None:
    """The rank word decision: `Vogel` finds `Hauptmann Vogel`, `Sargento Ward` finds `Ward`."""
    assert NAMES.characters_named("Vogel") == ("hauptmann",)
    assert NAMES.characters_named("Captain Vogel") == ("hauptmann",)
    assert NAMES.characters_named("Sargento Ward") == ("ward",)
    assert NAMES.characters_named("Sargento Nadie") == ()


def test_ambiguous_name() -> None:
    """Two characters answering to one name: the line is ambiguous."""
    names = NarrativoNames(
        characters={"a": ("Hans", "Schmidt"), "b": ("Schmidt",)},
        attributes={"Fuerza": ()},
        skills={},
        owners={"a": "p", "b": "p"},
    )
    parsed = read_post("Schmidt: Fuerza", file="p.txt", player="p", names=names)
    assert (parsed.issues[0].kind, parsed.issues[0].message) == (
        IssueKind.AMBIGUOUS,
        "'Schmidt' names more than one character: Hans or Schmidt",
    )


def test_keywords_that_clash() -> None:
    """Two kinds in one line are refused."""
    assert messages(post("Dreyer: coopera coordina Liderazgo")) == [
        "`coordina` and `coopera` cannot go together in one action"
    ]


def test_bounds_on_hostile_lines() -> None:
    """N-041: a multiple action past any Destreza + 1 is refused; lists of
    partners are bounded; a huge line is answered quickly with one issue."""
    many = post("Dreyer: múltiple " + "Fuerza; " * 500)
    assert messages(many) == [
        "500 actions in one turn: at most Destreza + 1 (N-041), and never more than 10"
    ]
    crowd = post("Dreyer: coopera Fuerza + Pelea con " + "Müller, " * 500)
    assert messages(crowd) == ["at most 20 characters in one action"]
    far = post("Dreyer: opuesta Fuerza contra " + "Kesler " * 500)
    assert messages(far) == ["unknown character 'Kesler Kesler Kesler Kesler Kesler Kesler'"]
