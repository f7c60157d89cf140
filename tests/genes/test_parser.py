"""The Genes Mactantes declaration parser (rulebook 002 §5.4.2, `orders.genes.parser`).

Every action of the *Llistat d'accions* (002 §5.4.3 internal, §5.4.4
external) and every free line, in Catalan, Spanish and English; active
characters (002 §5.4.6); multi-word names, accents and case; headers,
numbering, comments; unknown names and unreadable lines. The names are built
by hand: three countries (Ponent, Llevant, Migjorn), cities with multi-word
names, characters whose names hold keywords ("Jaume I", "Pere el Gran").
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import pytest
from lark import Lark, Token

from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Side
from orders.genes.parser import (
    DeclarationNames,
    DeclarationSet,
    grammar_parser,
    parse_declarations,
)
from orders.genes.words import ACTION_WORDS
from orders.issues import IssueKind, OrderIssue

K = ActionKind

NAMES = DeclarationNames(
    countries={
        "ponent": ("Ponent", "Poniente", "West"),
        "llevant": ("Llevant", "Levante", "East"),
        "migjorn": ("Migjorn", "Mediodía", "South"),
    },
    cities={
        "vilanova": ("Vilanova",),
        "sant_joan": ("Sant Joan de les Fonts",),
        "geltru": ("Vilanova i la Geltrú",),
        "hospitalet": ("L'Hospitalet",),
        "alacant": ("Alacant", "Alicante"),
        "castello": ("Castelló de la Plana",),
        "vila_real": ("Vila-real",),
    },
    characters={
        "joan": ("Joan Fuster", "Joan"),
        "maria": ("Maria Aurèlia", "Maria"),
        "jaume": ("Jaume I",),
        "pere": ("Pere el Gran", "Pere"),
        "angela": ("Àngela",),
    },
)


def read(
    text: str, *, power: str | None = "ponent", names: DeclarationNames = NAMES
) -> DeclarationSet:
    return parse_declarations(text, names=names, file="ponent.txt", power=power)


def one(line: str, **kwargs: Any) -> Declaration:
    """The one declaration a line gives, with no issue."""
    result = read(line, **kwargs)
    assert result.issues == (), [issue.render() for issue in result.issues]
    assert len(result.declarations) == 1
    return result.declarations[0]


def issue(line: str, **kwargs: Any) -> OrderIssue:
    """The one issue a line gives, with no declaration."""
    result = read(line, **kwargs)
    assert result.declarations == ()
    assert len(result.issues) == 1
    return result.issues[0]


def D(kind: ActionKind, **fields: Any) -> Declaration:
    return Declaration("ponent", kind, **fields)


# --- every action, in Catalan, Spanish and English ----------------------------------

ACTIONS: list[tuple[str, Declaration]] = [
    # 002 §5.4.3 Ciutat: Fortificar
    ("fortificar Vilanova", D(K.FORTIFY, city="vilanova")),
    ("fortifica la ciutat de Sant Joan de les Fonts", D(K.FORTIFY, city="sant_joan")),
    ("fortificar la ciudad de Alicante", D(K.FORTIFY, city="alacant")),
    ("fortify Vila-real", D(K.FORTIFY, city="vila_real")),
    # 002 §5.4.3 Ciutat: Fundar
    ("fundar Nova Tàrraco", D(K.FOUND, name="Nova Tàrraco")),
    ("fundar la ciutat de Vila-seca", D(K.FOUND, name="Vila-seca")),
    ("fundar Villanueva del Mar", D(K.FOUND, name="Villanueva del Mar")),
    ("found New Carthage", D(K.FOUND, name="New Carthage")),
    # 002 §5.4.3 Control social: Reprimir contrapoder
    ("reprimir contrapoder", D(K.REPRESS)),
    ("reprimir el contrapoder", D(K.REPRESS)),
    ("repress counter-power", D(K.REPRESS)),
    # 002 §5.4.3 Control social: Restaurar ordre
    ("restaurar ordre", D(K.RESTORE_ORDER)),
    ("restaurar l'ordre", D(K.RESTORE_ORDER)),
    ("restaurar el orden", D(K.RESTORE_ORDER)),
    ("restore order", D(K.RESTORE_ORDER)),
    # 002 §5.4.3 Control social: Taxes
    ("taxes", D(K.TAXES)),
    ("impuestos", D(K.TAXES)),
    ("tasas", D(K.TAXES)),
    ("raise taxes", D(K.TAXES)),
    # 002 §5.4.3 Desenvolupament
    ("desenvolupament diplomàcia", D(K.DEVELOPMENT, trait="diplomacy")),
    ("desenvolupament de la tecnologia", D(K.DEVELOPMENT, trait="technology")),
    ("desarrollo autoridad", D(K.DEVELOPMENT, trait="authority")),
    ("desarrollo militarismo", D(K.DEVELOPMENT, trait="militarism")),
    ("develop militarism", D(K.DEVELOPMENT, trait="militarism")),
    ("development technology", D(K.DEVELOPMENT, trait="technology")),
    # 002 §5.4.3 Espionatge: Observació
    ("observació", D(K.OBSERVATION)),
    ("observación", D(K.OBSERVATION)),
    ("observation", D(K.OBSERVATION)),
    # 002 §5.4.3/§5.4.4 Exèrcit: Batalla (always BATTLE; the engine says if external)
    ("batalla a Vilanova", D(K.BATTLE, place="vilanova")),
    ("batalla contra Llevant a Llevant", D(K.BATTLE, target="llevant", place="field:llevant")),
    ("batalla al camp de Migjorn", D(K.BATTLE, place="field:migjorn")),
    ("batalla a Vilanova contra Llevant", D(K.BATTLE, place="vilanova", target="llevant")),
    ("batalla contra Llevant", D(K.BATTLE, target="llevant")),
    ("batalla contra Levante en Alicante", D(K.BATTLE, target="llevant", place="alacant")),
    ("battle at Vilanova", D(K.BATTLE, place="vilanova")),
    (
        "battle against East in the field of East",
        D(K.BATTLE, target="llevant", place="field:llevant"),
    ),
    # 002 §5.4.3 Exèrcit: Guerra civil
    ("guerra civil", D(K.CIVIL_WAR)),
    ("Guerra Civil", D(K.CIVIL_WAR)),
    ("civil war", D(K.CIVIL_WAR)),
    # 002 §5.4.3 Exèrcit: Reclutar soldats
    ("reclutar soldats 3", D(K.RECRUIT, amount=3)),
    ("reclutar 2 a Vilanova", D(K.RECRUIT, amount=2, city="vilanova")),
    ("reclutar un soldat", D(K.RECRUIT, amount=1)),
    ("reclutar 4 soldados en Alicante", D(K.RECRUIT, amount=4, city="alacant")),
    ("recruit 5 in Vilanova", D(K.RECRUIT, amount=5, city="vilanova")),
    ("recruit one soldier", D(K.RECRUIT, amount=1)),
    # 002 §5.4.3 Exèrcit: Soldats a casa
    ("soldats a casa 2", D(K.SOLDIERS_HOME, amount=2)),
    ("soldats a casa 2 de Vilanova", D(K.SOLDIERS_HOME, amount=2, origin="vilanova")),
    (
        "soldados a casa 3 del campo de Levante",
        D(K.SOLDIERS_HOME, amount=3, origin="field:llevant"),
    ),
    ("soldiers home 1 from Vilanova", D(K.SOLDIERS_HOME, amount=1, origin="vilanova")),
    # 002 §5.4.3 Exèrcit: Trasllat de tropes
    (
        "trasllat de tropes 3 de Vilanova a Llevant",
        D(K.MOVE_TROOPS, amount=3, origin="vilanova", place="field:llevant"),
    ),
    (
        "trasllat 2 del camp de Ponent a Sant Joan de les Fonts",
        D(K.MOVE_TROOPS, amount=2, origin="field:ponent", place="sant_joan"),
    ),
    (
        "traslado de tropas 4 de Alicante a Poniente",
        D(K.MOVE_TROOPS, amount=4, origin="alacant", place="field:ponent"),
    ),
    (
        "move 3 from Vilanova to the field of East",
        D(K.MOVE_TROOPS, amount=3, origin="vilanova", place="field:llevant"),
    ),
    # 002 §5.4.3 Personatge: Ascendir
    ("ascendir Joan diplomàcia", D(K.PROMOTE, character="joan", trait="diplomacy")),
    ("ascendir Pere el Gran principal", D(K.PROMOTE, character="pere", principal=True)),
    ("ascendir Maria a principal", D(K.PROMOTE, character="maria", principal=True)),
    (
        "ascendir nou Berenguer Oller militarisme",
        D(K.PROMOTE, name="Berenguer Oller", trait="militarism"),
    ),
    ("ascender María autoridad", D(K.PROMOTE, character="maria", trait="authority")),
    (
        "ascender nuevo Rodrigo Díaz militarismo",
        D(K.PROMOTE, name="Rodrigo Díaz", trait="militarism"),
    ),
    ("promote Joan to technology", D(K.PROMOTE, character="joan", trait="technology")),
    ("promote Maria as leader", D(K.PROMOTE, character="maria", principal=True)),
    ("promote new Anne Bonny diplomacy", D(K.PROMOTE, name="Anne Bonny", trait="diplomacy")),
    # 002 §5.4.3/§5.4.4 Personatge: Assassinar (always the internal kind)
    ("assassinar Joan Fuster", D(K.ASSASSINATE, character="joan")),
    ("asesinar a María", D(K.ASSASSINATE, character="maria")),
    ("assassinate Joan", D(K.ASSASSINATE, character="joan")),
    # 002 §5.4.3/§5.4.4 Personatge: Capturar (Diplomàcia unless Militarisme is named)
    ("capturar Maria", D(K.CAPTURE, character="maria", trait="diplomacy")),
    ("capturar Joan per militarisme", D(K.CAPTURE, character="joan", trait="militarism")),
    ("capturar a Pere con militarismo", D(K.CAPTURE, character="pere", trait="militarism")),
    ("capture Joan by militarism", D(K.CAPTURE, character="joan", trait="militarism")),
    # 002 §5.4.3/§5.4.4 Personatge: Convèncer
    ("convèncer Jaume I", D(K.CONVINCE, character="jaume")),
    ("convencer a Maria", D(K.CONVINCE, character="maria")),
    ("convince Joan", D(K.CONVINCE, character="joan")),
    # 002 §5.4.4 Espionatge
    ("copiar tecnologia de Llevant", D(K.COPY_TECHNOLOGY, target="llevant")),
    ("copiar tecnología de Levante", D(K.COPY_TECHNOLOGY, target="llevant")),
    ("copy technology from East", D(K.COPY_TECHNOLOGY, target="llevant")),
    ("crear contrapoder a Migjorn", D(K.CREATE_COUNTERPOWER, target="migjorn")),
    ("crear contrapoder en Mediodía", D(K.CREATE_COUNTERPOWER, target="migjorn")),
    ("create counter-power in South", D(K.CREATE_COUNTERPOWER, target="migjorn")),
    ("enfortir contrapoder a Migjorn", D(K.STRENGTHEN_COUNTERPOWER, target="migjorn")),
    ("reforzar el contrapoder en Mediodía", D(K.STRENGTHEN_COUNTERPOWER, target="migjorn")),
    ("strengthen counterpower in South", D(K.STRENGTHEN_COUNTERPOWER, target="migjorn")),
    ("investigació Llevant", D(K.INVESTIGATION, target="llevant")),
    ("investigación a Levante", D(K.INVESTIGATION, target="llevant")),
    ("investigate East", D(K.INVESTIGATION, target="llevant")),
    ("promoure desafecció a Llevant", D(K.DISAFFECTION, target="llevant")),
    ("promover desafección en Levante", D(K.DISAFFECTION, target="llevant")),
    ("promote disaffection in East", D(K.DISAFFECTION, target="llevant")),
    ("sabotatge a Llevant", D(K.SABOTAGE, target="llevant")),
    ("sabotaje en Levante", D(K.SABOTAGE, target="llevant")),
    ("sabotage East", D(K.SABOTAGE, target="llevant")),
    # 002 §5.4.4 Exèrcit: Incursió, Setge
    ("incursió a Llevant", D(K.RAID, target="llevant")),
    ("incursión en Levante", D(K.RAID, target="llevant")),
    ("raid East", D(K.RAID, target="llevant")),
    ("setge a Alacant", D(K.SIEGE, city="alacant")),
    ("asedio de Alicante", D(K.SIEGE, city="alacant")),
    ("sitio a Alicante", D(K.SIEGE, city="alacant")),
    ("siege Castelló de la Plana", D(K.SIEGE, city="castello")),
    # free lines: an ally in a battle, backing rebels (002 §5.4.3 Batalla, Guerra civil)
    ("aliança Llevant a Vilanova", D(K.ALLY, target="llevant", place="vilanova")),
    ("aliança amb Llevant al camp de Migjorn", D(K.ALLY, target="llevant", place="field:migjorn")),
    ("alianza Levante en Alicante", D(K.ALLY, target="llevant", place="alacant")),
    ("ally East at Vilanova", D(K.ALLY, target="llevant", place="vilanova")),
    ("aliança rebels Llevant", D(K.ALLY, target="llevant", mode="rebels")),
    ("alianza con los rebeldes de Levante", D(K.ALLY, target="llevant", mode="rebels")),
    ("ally the rebels of East", D(K.ALLY, target="llevant", mode="rebels")),
    # free lines: a watch for travelling characters (002 §5.4.1)
    ("vigilància capturar", D(K.WATCH, mode="capture")),
    ("vigilància assassinar", D(K.WATCH, mode="assassinate")),
    ("vigilància capturar per militarisme", D(K.WATCH, mode="capture", trait="militarism")),
    ("vigilancia asesinar", D(K.WATCH, mode="assassinate")),
    ("watch capture", D(K.WATCH, mode="capture")),
    # free lines: releasing a captive
    ("alliberar Maria", D(K.RELEASE, character="maria")),
    ("liberar a Maria", D(K.RELEASE, character="maria")),
    ("release Maria Aurèlia", D(K.RELEASE, character="maria")),
    # free lines: a natural disaster's choices (002 §5.3)
    ("desastre: epidèmia", D(K.DISASTER_KIND, mode="epidèmia")),
    ("desastre: terremoto", D(K.DISASTER_KIND, mode="terremoto")),
    ("disaster: great flood", D(K.DISASTER_KIND, mode="great flood")),
    ("desastre a Vilanova", D(K.DISASTER_CITY, city="vilanova")),
    ("desastre en Alicante", D(K.DISASTER_CITY, city="alacant")),
    ("disaster in Vilanova", D(K.DISASTER_CITY, city="vilanova")),
    # free lines: who backs the crisis tests (002 §5.4.3.1, issue 18 #8)
    ("crisi amb Joan", D(K.CRISIS_HELPER, helpers=("joan",))),
    (
        "crisi d'Autoritat amb Joan i Maria",
        D(K.CRISIS_HELPER, trait="authority", helpers=("joan", "maria")),
    ),
    ("crisis de militarismo con Maria", D(K.CRISIS_HELPER, trait="militarism", helpers=("maria",))),
    ("crisis technology with Jaume I", D(K.CRISIS_HELPER, trait="technology", helpers=("jaume",))),
    # free lines: a survivor of an assassination goes home (002 §5.4.3, issue 18 #11)
    ("repatriar Joan", D(K.REPATRIATE, character="joan")),
    ("repatriar a Maria", D(K.REPATRIATE, character="maria")),
    ("repatriate Pere el Gran", D(K.REPATRIATE, character="pere")),
    # free lines: exchanging goods (002 §5.4, issue 18 #5; tests/genes/test_fidelity_exchange.py)
    (
        "bescanvi amb Llevant: dono Vilanova; rebo 3 tropes a Alacant",
        D(
            K.EXCHANGE,
            target="llevant",
            goods=(
                Good(Side.GIVE, GoodKind.CITY, "vilanova"),
                Good(Side.GET, GoodKind.TROOPS, "alacant", 3),
            ),
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), ACTIONS, ids=[line for line, _ in ACTIONS])
def test_every_action(line: str, expected: Declaration) -> None:
    """002 §5.4.3, §5.4.4 and the free lines: each form reads as its declaration."""
    assert one(line) == expected


def test_every_kind_is_covered() -> None:
    """Every ActionKind but the EXTERNAL_ variants (chosen by the engine) is read."""
    read_kinds = {expected.kind for _, expected in ACTIONS}
    engine_kinds = {kind for kind in ActionKind if kind.id.startswith("external_")}
    assert read_kinds == set(ActionKind) - engine_kinds


def test_internal_kinds_only() -> None:
    """002 §5.4.4: a battle, assassination, capture or conviction abroad is still
    declared with the internal kind; the engine decides from where it happens."""
    text = "batalla a Alacant\nassassinar Joan\ncapturar Joan\nconvèncer Joan\n"
    kinds = [declaration.kind for declaration in read(text, power="llevant").declarations]
    assert kinds == [K.BATTLE, K.ASSASSINATE, K.CAPTURE, K.CONVINCE]


# --- active characters (002 §5.4.6) -------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "batalla a Vilanova amb Joan i Maria",
        "batalla a Vilanova con Joan y María",
        "battle at Vilanova with Joan and Maria",
        "batalla a Vilanova amb Joan, Maria",
        "batalla a Vilanova, amb Joan i Maria",
        "batalla a Vilanova amb en Joan i na Maria",
        "batalla a Vilanova amb Joan Fuster, Maria Aurèlia",
        "batalla a Vilanova amb Joan Maria",
    ],
)
def test_helpers(line: str) -> None:
    """002 §5.4.6: the characters after "amb" / "con" / "with" are made active."""
    assert one(line).helpers == ("joan", "maria")


def test_helpers_with_keywords_in_their_names() -> None:
    """002 §5.4.6: names holding "i" or "el" are read whole, the longest first."""
    line = "fortificar Vilanova i la Geltrú amb Jaume I i Pere el Gran"
    assert one(line) == D(K.FORTIFY, city="geltru", helpers=("jaume", "pere"))


def test_helpers_on_any_action() -> None:
    """002 §5.4.6: tests and contests take active characters too."""
    assert one("desenvolupament autoritat amb Àngela").helpers == ("angela",)
    assert one("sabotatge a Llevant amb Pere").helpers == ("pere",)
    assert one("aliança rebels Llevant amb Joan").helpers == ("joan",)
    capture = one("capturar Joan amb militarisme amb Maria")
    assert (capture.trait, capture.helpers) == ("militarism", ("maria",))
    assert one("capturar Joan amb Maria") == D(
        K.CAPTURE, character="joan", trait="diplomacy", helpers=("maria",)
    )


def test_unknown_helper() -> None:
    """002 §5.4.6: an unknown character is an issue naming the nearest ones."""
    found = issue("batalla a Vilanova amb Joan i Marria")
    assert found.kind is IssueKind.ILLEGAL
    assert found.message == "unknown character 'Marria'"
    assert "Maria Aurèlia" in found.suggestions
    assert found.source.column == len("batalla a Vilanova amb Joan i ") + 1


# --- names: multi-word, accents, case, fields ---------------------------------------


@pytest.mark.parametrize(
    ("line", "city"),
    [
        ("fortificar Sant Joan de les Fonts", "sant_joan"),
        ("fortificar SANT JOAN DE LES FONTS", "sant_joan"),
        ("FORTIFICAR vilanova i la geltru", "geltru"),
        ("Fortificar Vilanova I La Geltrú", "geltru"),
        ("fortificar l'Hospitalet", "hospitalet"),
        ("fortificar L’Hospitalet", "hospitalet"),
        ("fortificar Castello de la Plana", "castello"),
        ("fortificar vila real", "vila_real"),
        ("fortificar la ciutat de Vila-real", "vila_real"),
    ],
)
def test_city_names(line: str, city: str) -> None:
    """002 §5.4.3 Fortificar: names match whole, ignoring case, accents, hyphens."""
    assert one(line).city == city


def test_keywords_folded() -> None:
    """002 §5.4.2: action words read with or without accents, in any case."""
    assert one("OBSERVACIO").kind is K.OBSERVATION
    assert one("Desenvolupament Diplomacia").trait == "diplomacy"
    assert one("Vigilancia Capturar").mode == "capture"
    assert one("Promoure Desafeccio a LLEVANT").target == "llevant"


@pytest.mark.parametrize(
    ("line", "place"),
    [
        ("batalla a Llevant", "field:llevant"),
        ("batalla al camp de Llevant", "field:llevant"),
        ("batalla a el camp de Llevant", "field:llevant"),
        ("batalla en el campo de Levante", "field:llevant"),
        ("battle in the field of East", "field:llevant"),
        ("battle at East", "field:llevant"),
        ("batalla a Vilanova i la Geltrú", "geltru"),
    ],
)
def test_field_places(line: str, place: str) -> None:
    """002 §5.4.3 Batalla: a country (or "camp de" one) is its field."""
    assert one(line).place == place


def test_move_between_multi_word_places() -> None:
    """002 §5.4.3 Trasllat de tropes: "de" inside a name does not end it."""
    line = "trasllat de tropes 3 de Sant Joan de les Fonts a Castelló de la Plana"
    assert one(line) == D(K.MOVE_TROOPS, amount=3, origin="sant_joan", place="castello")
    line = "trasllat 1 d'Alacant a Vilanova i la Geltrú"
    assert one(line) == D(K.MOVE_TROOPS, amount=1, origin="alacant", place="geltru")


def test_found_keeps_the_name_as_written() -> None:
    """002 §5.4.3 Fundar: a new city's name is free text, capitals and all."""
    assert one("fundar Sant Pere d'Amunt").name == "Sant Pere d'Amunt"
    assert one("fundar una nova ciutat: Portvell").name == "Portvell"
    assert one("Fundar La Seu").name == "La Seu"


@pytest.mark.parametrize(
    ("line", "kind", "message", "suggestion"),
    [
        ("fortificar Vilanoba", "city", "Vilanoba", "Vilanova"),
        ("fortificar la ciutat de Alacan", "city", "Alacan", "Alacant"),
        ("sabotatge a Llevan", "country", "Llevan", "Llevant"),
        ("assassinar Joan Fustr", "character", "Joan Fustr", "Joan Fuster"),
    ],
)
def test_unknown_names(line: str, kind: str, message: str, suggestion: str) -> None:
    """An unknown name is an ILLEGAL issue quoting it, with the nearest names."""
    found = issue(line)
    assert found.kind is IssueKind.ILLEGAL
    assert found.message == f"unknown {kind} '{message}'"
    assert suggestion in found.suggestions
    assert found.source.column == line.index(message) + 1


def test_unknown_place() -> None:
    """002 §5.4.3 Batalla: a place may be a city or a country; both are suggested."""
    found = issue("batalla a Llevat")
    assert found.message == "unknown place 'Llevat'"
    assert found.suggestions[0] == "Llevant"
    assert "did you mean Llevant" in found.render()


def test_ambiguous_character() -> None:
    """Two characters with the same name: the player must say which."""
    names = DeclarationNames(
        NAMES.countries,
        NAMES.cities,
        {"joan_p": ("Joan Fuster", "Joan"), "joan_l": ("Joan Prats", "Joan")},
    )
    found = issue("assassinar Joan", names=names)
    assert found.kind is IssueKind.AMBIGUOUS
    assert set(found.suggestions) == {"Joan Fuster (joan_p)", "Joan Prats (joan_l)"}
    assert one("assassinar Joan Prats", names=names).character == "joan_l"


# --- amounts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "amount"),
    [
        ("reclutar 12", 12),
        ("reclutar una", 1),
        ("reclutar dos soldats", 2),
        ("reclutar soldats tres a Vilanova", 3),
        ("reclutar cinco soldados", 5),
        ("recruit ten", 10),
        ("soldats a casa 4 soldats de Vilanova", 4),
    ],
)
def test_amounts(line: str, amount: int) -> None:
    """002 §5.4.3 Reclutar soldats, Soldats a casa: digits or number words."""
    assert one(line).amount == amount


def test_zero_amount() -> None:
    """002 §5.4.3 Reclutar soldats: an amount is 1 or more."""
    assert issue("reclutar 0").kind is IssueKind.ILLEGAL


def test_amount_is_required() -> None:
    """002 §5.4.3 Trasllat de tropes: how many troops move must be said."""
    found = issue("trasllat de Vilanova a Llevant")
    assert found.kind is IssueKind.SYNTAX


# --- the file: headers, numbering, comments, mail -----------------------------------


def test_headers_switch_the_country() -> None:
    """002 §5.4.2: `Ponent:` on its own line sets the country of the lines after it."""
    text = "taxes\nLlevant:\ntaxes\nMIGJORN\nobservació\nPonent: guerra civil\n"
    powers = [(d.power, d.kind) for d in read(text).declarations]
    assert powers == [
        ("ponent", K.TAXES),
        ("llevant", K.TAXES),
        ("migjorn", K.OBSERVATION),
        ("ponent", K.CIVIL_WAR),
    ]


def test_no_country() -> None:
    """A line with no known country is an issue."""
    found = issue("taxes", power=None)
    assert (found.kind, found.message) == (IssueKind.SYNTAX, "no country given for this line")


def test_misspelt_header() -> None:
    """A header near a country's name is an issue; the lines after it have no country."""
    result = read("Ponnet:\ntaxes\nLlevant:\ntaxes\n")
    assert [d.power for d in result.declarations] == ["llevant"]
    header, orphan = result.issues
    assert (header.kind, header.message, header.suggestions) == (
        IssueKind.ILLEGAL,
        "unknown country 'Ponnet'",
        ("Ponent",),
    )
    assert orphan.message == "no country given for this line (line 1 names no known country)"


def test_not_a_header() -> None:
    """A label far from any country is no header: the country stays."""
    result = read("Accions del torn:\ntaxes\n")
    assert [d.power for d in result.declarations] == ["ponent"]
    assert result.issues[0].kind is IssueKind.SYNTAX


def test_unknown_country_prefix() -> None:
    found = issue("Llevnt: taxes")
    assert (found.kind, found.suggestions) == (IssueKind.ILLEGAL, ("Llevant",))


@pytest.mark.parametrize(
    "line",
    [
        "1. taxes",
        "2) taxes",
        "- taxes",
        "* taxes",
        "(3) taxes",
        "10.taxes",
        "4: taxes",
        "  5 taxes",
    ],
)
def test_numbering_is_ignored(line: str) -> None:
    """002 §5.4.2: lines are often numbered in resolution order."""
    assert one(line) == D(K.TAXES)


def test_comments_and_stops() -> None:
    """Comments (`#`, `//`), trailing stops and a colon after the action word."""
    text = (
        "# Ponent, torn 3\n"
        "// ordre de resolució\n"
        "taxes # per a l'any vinent\n"
        "Fortificar: Vilanova.\n"
        "Trasllat de tropes: 3 de Vilanova a Llevant;\n"
    )
    result = read(text)
    assert result.issues == ()
    assert [d.kind for d in result.declarations] == [K.TAXES, K.FORTIFY, K.MOVE_TROOPS]


def test_mail_noise_is_dropped() -> None:
    """Quoted mail, mail headers and the signature are not declarations."""
    text = (
        "From: ponent@example.org\nSubject: torn 3\n\n"
        "> fortificar Vilanova\n"
        "taxes\n"
        "-- \n"
        "Ponent, el millor país\n"
    )
    result = read(text)
    assert [d.kind for d in result.declarations] == [K.TAXES]
    assert result.ok


def test_order_and_sources_are_kept() -> None:
    """002 §5.4.5: the lines keep their order; each declaration keeps its source."""
    text = "Ponent:\n\n  2. reclutar 3\n1. taxes\n"
    first, second = read(text).declarations
    assert (first.kind, second.kind) == (K.RECRUIT, K.TAXES)
    assert first.source is not None and second.source is not None
    assert (first.source.file, first.source.line, first.source.column) == ("ponent.txt", 3, 3)
    assert first.source.text == "  2. reclutar 3"
    assert second.source.line == 4


# --- unreadable lines ---------------------------------------------------------------


def test_syntax_error_quotes_file_and_line_and_the_rest_parses() -> None:
    """A line that cannot be read is one SYNTAX issue; the other lines count."""
    text = "taxes\nreclutar molts soldats\nobservació\n"
    result = read(text)
    assert [d.kind for d in result.declarations] == [K.TAXES, K.OBSERVATION]
    (found,) = result.issues
    assert found.kind is IssueKind.SYNTAX
    assert found.message == (
        "cannot read this line as an action: expected e.g. 'reclutar soldats <n> [a <ciutat>]'"
    )
    assert found.render() == (
        "ponent.txt, line 2: syntax: cannot read this line as an action: "
        "expected e.g. 'reclutar soldats <n> [a <ciutat>]'\n    > reclutar molts soldats"
    )
    assert found.source.column == len("reclutar ") + 1


def test_incomplete_line() -> None:
    """The column of a line that stops short is its end."""
    found = issue("fortificar")
    assert (
        found.message == "cannot read this line as an action: expected e.g. 'fortificar <ciutat>'"
    )
    assert found.source.column == len("fortificar") + 1


def test_expected_forms_in_the_writers_language() -> None:
    found = issue("move three Vilanova")
    assert "'move <n> from <place> to <place>'" in found.message
    found = issue("batalla")
    assert "'batalla a <ciutat>' or 'batalla contra <país> a <país>'" in found.message


def test_unknown_action_word() -> None:
    """A misspelt action word names the nearest action's form."""
    found = issue("fortifcar Vilanova")
    assert found.kind is IssueKind.SYNTAX
    assert found.message == "cannot read this line as an action: unknown action 'fortifcar'"
    assert found.suggestions == ("'fortificar <ciutat>'",)
    found = issue("Ponent: sabotge Llevant")
    assert found.message == "cannot read this line as an action: unknown action 'sabotge'"
    assert found.source.column == len("Ponent: ") + 1


def test_unexpected_character() -> None:
    found = issue("fortificar Vilanova ¿?")
    assert found.kind is IssueKind.SYNTAX
    assert "fortificar <ciutat>" in found.message


# --- the grammar --------------------------------------------------------------------


def test_action_words_match_the_grammar() -> None:
    """`genes_words.ACTION_WORDS` (the forms in messages) lists exactly the words
    a line may start with in `grammar/genes.lark`."""
    parser = grammar_parser()
    table = parser.parser.parser.parser.parse_table
    start = table.states[table.start_states["start"]]
    terminals = {terminal.name: terminal for terminal in parser.terminals}
    first = {
        terminals[name].pattern.value for name in start if name in terminals and name != "WORD"
    }
    assert first == set(ACTION_WORDS)


class _Words:
    always_accept = ("WORD",)

    def process(self, stream: Iterable[Token]) -> Iterable[Token]:
        return stream


def test_grammar_has_no_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    """The LALR tables are built without shift/reduce conflicts (Lark would
    silently shift): every keyword's place in a line is unambiguous."""
    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark.open_from_package(
            "grammar", "genes.lark", ("",), parser="lalr", postlex=_Words(), debug=True
        )
    assert [r.getMessage() for r in caplog.records if "onflict" in r.getMessage()] == []


def test_parser_is_built_once() -> None:
    assert grammar_parser() is grammar_parser()


def test_blank_and_comment_only() -> None:
    assert read("\n   \n# nothing\n") == DeclarationSet()


ARTICLE_NAMES = DeclarationNames(
    countries={"serra": ("La Serra",), "ponent": ("Ponent",)},
    cities={"montalt": ("Montalt",)},
    characters={},
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("aliança La Serra a Montalt", D(K.ALLY, target="serra", place="montalt")),
        ("aliança amb La Serra a Montalt", D(K.ALLY, target="serra", place="montalt")),
        ("aliança rebels de La Serra", D(K.ALLY, target="serra", mode="rebels")),
        ("aliança amb els rebels de la Serra", D(K.ALLY, target="serra", mode="rebels")),
        ("alianza con los rebeldes de La Serra", D(K.ALLY, target="serra", mode="rebels")),
        ("ally the rebels of La Serra", D(K.ALLY, target="serra", mode="rebels")),
    ],
)
def test_an_ally_whose_name_starts_with_an_article(line: str, expected: Declaration) -> None:
    """002 §5.4.3 Batalla (allies) and Guerra civil (backing the rebels): a
    country named with its article ("La Serra") is read, in both lines."""
    assert one(line, names=ARTICLE_NAMES) == expected


SHARED_NAMES = DeclarationNames(
    countries={"ponent": ("Ponent",), "llevant": ("Llevant",)},
    cities={"vilanova": ("Vilanova",)},
    characters={"jaume": ("Jaume",), "jaume_2": ("Jaume",)},
    character_owners={"jaume": "ponent", "jaume_2": "llevant"},
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ascendir Jaume diplomàcia", D(K.PROMOTE, character="jaume", trait="diplomacy")),
        ("assassinar Jaume amb Jaume", D(K.ASSASSINATE, character="jaume_2", helpers=("jaume",))),
        ("capturar Jaume", D(K.CAPTURE, character="jaume_2", trait="diplomacy")),
        ("taxes amb Jaume", D(K.TAXES, helpers=("jaume",))),
    ],
)
def test_a_name_two_countries_share_is_told_apart_by_the_writer(
    line: str, expected: Declaration
) -> None:
    """002 §4.3, §5.4.6: Ponent's Jaume and Llevant's Jaume: the writer's own is
    the one it promotes or makes active; the one it acts on is the other's."""
    assert one(line, names=SHARED_NAMES) == expected


def test_a_shared_name_stays_ambiguous_without_owners() -> None:
    names = DeclarationNames(
        countries={"ponent": ("Ponent",)},
        cities={},
        characters={"jaume": ("Jaume",), "jaume_2": ("Jaume",)},
    )
    assert issue("capturar Jaume", names=names).kind is IssueKind.AMBIGUOUS
