"""Reading a player's post: medidas, purchases and "no defence" in prose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orders.issues import IssueKind
from orders.orbis.model import Medida, NoDefence, OrbisNames, ParsedPost, Spend
from orders.orbis.reader import read_post, strip_markup
from orders.orbis.words import STATISTICS, VARIANT_OF, Purchase, statistic_id

NAMES = OrbisNames(
    {
        "borgona": ("Borgoña", "Burgundy"),
        "genova": ("Génova", "Genoa", "República de Génova"),
        "castilla": ("Castilla", "Castile"),
    },
    {"Córcega": "corcega", "Aquitania": "aquitania"},
)


def read(text: str, extras: int = 0, **options: bool) -> ParsedPost:
    return read_post(
        text, file="castilla.txt", power="castilla", names=NAMES, extras=extras, **options
    )


def only(post: ParsedPost) -> Medida:
    assert not post.issues, [issue.render() for issue in post.issues]
    assert len(post.medidas) == 1
    return post.medidas[0]


def test_issue_example_offensive_against() -> None:
    """O-011: `Medida: Ofensiva contra Borgoña` names the statistic, the target and the mode."""
    medida = only(read("Medida: Ofensiva contra Borgoña"))
    assert medida == Medida("castilla", "ofensiva", target="borgona", mode="contra")
    assert medida.use_bonuses and not medida.extra


def test_issue_example_development() -> None:
    """O-011: a domestic medida without a target (`Medida: Desarrollo`)."""
    medida = only(read("Medida: Desarrollo"))
    assert medida == Medida("castilla", "desarrollo")


def test_issue_example_trade_in_favour() -> None:
    """O-011: `a favor de X` sets the side backed (and the target)."""
    medida = only(read("Medida: Comercio a favor de Génova"))
    assert (medida.statistic, medida.backing, medida.target, medida.mode) == (
        "comercio",
        "genova",
        "genova",
        "a favor",
    )


def test_issue_example_declined_bonuses() -> None:
    """O-047: `(sin usar bonificadores)` declines the bonuses."""
    medida = only(read("Medida: Sabotaje contra Génova (sin usar bonificadores)"))
    assert (medida.statistic, medida.target, medida.use_bonuses) == ("sabotaje", "genova", False)


def test_issue_example_spend_in_autoridad_is_ambiguous() -> None:
    """O-138, O-142, AMB-17: `Gasto: 20 RQU en Autoridad` pays no Autoridad
    point (40 RQU) and names no attribute for −6 modifiers: an ambiguous
    issue that says both readings."""
    post = read("Medida: Desarrollo\nGasto: 20 RQU en Autoridad")
    assert post.spends == ()
    (issue,) = post.issues
    assert issue.kind is IssueKind.AMBIGUOUS
    assert "40 RQU" in issue.message and "AMB-17" in issue.message
    assert issue.source.line == 2 and issue.source.text == "Gasto: 20 RQU en Autoridad"


def test_spend_in_autoridad_with_attribute_is_modifiers() -> None:
    """O-138, AMB-17: `20 RQU en Autoridad (INT)` buys four −6 on INT; 40 RQU
    en Autoridad buys one extra Autoridad point (O-142)."""
    post = read("Medida: Desarrollo\nGasto: 20 RQU en Autoridad (INT)\nGasto: 40 RQU en Autoridad")
    assert not post.issues
    first, second = post.spends
    assert (first.purchase, first.attribute, first.units) == (Purchase.MODIFIER, "INT", 4)
    assert (second.purchase, second.units) == (Purchase.AUTORIDAD_POINT, 1)


@pytest.mark.parametrize(
    ("line", "statistic", "target"),
    [
        ("Measure: Offensive against Burgundy", "ofensiva", "borgona"),
        ("Measure: offense against Burgundy", "ofensiva", "borgona"),
        ("Measure: Raid against Genoa", "incision", "genova"),
        ("Measure: Commerce", "comercio", None),
        ("Measure: Spying against Genoa", "espionaje", "genova"),
        ("MEDIDA: INTIMIDACION contra BORGONA", "intimidacion", "borgona"),
        ("medida: intimidación contra borgoña", "intimidacion", "borgona"),
    ],
)
def test_english_aliases_and_free_accents(line: str, statistic: str, target: str | None) -> None:
    """O-011: English aliases and Spanish names, accents and case free."""
    medida = only(read(line))
    assert (medida.statistic, medida.target) == (statistic, target)


def test_ejercito_is_ofensiva() -> None:
    """AMB-48, O-016: the book's slip "Ejército" reads as Ofensiva."""
    assert only(read("Medida: Ejército contra Borgoña")).statistic == "ofensiva"


def test_every_statistic_and_variant_is_known() -> None:
    """O-093 .. O-117, AMB-19: the 25 statistics and the 7 variants are read;
    a variant rolls its parent statistic."""
    assert len(STATISTICS) == 25
    for name in STATISTICS:
        assert statistic_id(name) == name
        assert only(read(f"Medida: {name}")).statistic == name
    assert only(read("Medida: Defensa")).statistic == "ofensiva"
    assert VARIANT_OF["migracion"] == "reforma"


def test_statistic_ids_equal_the_ruleset_enum() -> None:
    """O-093 .. O-117: the ids are the ruleset's `Statistic` values (mapped by value)."""
    from adjudicator.rulesets.orbis.attributes import Statistic, Variant

    assert tuple(member.value for member in Statistic) == STATISTICS
    assert {member.value: member.statistic.value for member in Variant} == dict(VARIANT_OF)


def test_wiki_markup_and_prose_around() -> None:
    """O-011: the medida is found inside a wiki post's prose, bold, links and breaks stripped."""
    text = (
        "== Año 1205 ==\n"
        "El rey [[Alfonso VIII|Alfonso]] reúne a las Cortes en Toledo.\n"
        "Tras largas deliberaciones, se decide la guerra. '''Medida:''' [[Ofensiva]] contra"
        " [[Borgoña]] en [[Aquitania|la Aquitania]].<br/>Que Dios nos ampare.\n"
        "--[[Usuario:Pepe|Pepe]] ~~~~\n"
    )
    post = read(text)
    medida = only(post)
    assert (medida.statistic, medida.region, medida.mode) == ("ofensiva", "aquitania", "contra")
    assert medida.source is not None and medida.source.line == 3
    assert medida.source.column == medida.source.text.index("Medida") + 1


def test_strip_markup() -> None:
    """O-011: wiki markup is removed, link text kept, `<br/>` breaks the line."""
    assert (
        strip_markup("'''Medida:''' [[a|Ofensiva]] <b>x</b>{{t}}<br />y") == "Medida: Ofensiva x\ny"
    )


def test_mail_quote_and_signature_are_skipped() -> None:
    """O-011: quoted mail and the signature hold no medida of this post."""
    text = (
        "Hola GM,\n> Medida: Intriga contra Génova\nMedida: Diplomacia a favor de Génova\n"
        "-- \nMedida: Ofensiva contra Borgoña\n"
    )
    medida = only(read(text))
    assert medida.statistic == "diplomacia"


def test_no_medida_found() -> None:
    """O-011: prose without a medida is one issue naming the file."""
    post = read("Este año descansamos en paz.\nSaludos.")
    (issue,) = post.issues
    assert issue.kind is IssueKind.SYNTAX and "no medida found" in issue.message
    assert issue.source.file == "castilla.txt" and post.medidas == ()


def test_two_medidas_the_second_is_refused() -> None:
    """O-020, AMB-43: without an extra the first medida stands, the rest are refused."""
    post = read("Medida: Ofensiva contra Borgoña\nY además...\nMedida: Intriga contra Génova")
    assert [m.statistic for m in post.medidas] == ["ofensiva"]
    (issue,) = post.issues
    assert issue.kind is IssueKind.ILLEGAL and "AMB-43" in issue.message
    assert issue.source.line == 3 and "Intriga" in issue.source.text


def test_extra_medida_with_a_source_is_accepted() -> None:
    """AMB-43: an extra medida granted by an event (extras > 0) is read with its source."""
    text = "Medida: Ofensiva contra Borgoña\nMedida extra (evento): Comercio a favor de Génova"
    post = read(text, extras=1)
    assert not post.issues
    assert [(m.statistic, m.extra_source) for m in post.medidas] == [
        ("ofensiva", None),
        ("comercio", "evento"),
    ]


def test_extra_medida_host_name_and_plain_second_line() -> None:
    """AMB-43: `(hueste X)` names the host; a second plain medida uses a granted extra."""
    text = "Medida: Desarrollo\nMedida extra (hueste de Gascuña): Ofensiva contra Borgoña\nMedida: Moral"
    post = read(text, extras=2)
    assert not post.issues
    assert [(m.extra_source, m.extra_name) for m in post.medidas] == [
        (None, None),
        ("hueste", "de Gascuña"),
        ("extra", None),
    ]


def test_extra_medida_without_extras_is_refused() -> None:
    """AMB-43: `Medida extra (evento)` without a granted extra is refused."""
    post = read("Medida: Desarrollo\nMedida extra (evento): Moral", extras=0)
    assert len(post.medidas) == 1
    assert post.issues[0].kind is IssueKind.ILLEGAL


def test_extra_medida_bought_with_pro() -> None:
    """O-161, AMB-43: 20 PRO in the same post buy an extra medida; without it, refused."""
    bought = read("Gasto: 20 PRO en medida extra\nMedida: Desarrollo\nMedida extra (PRO): Moral")
    assert not bought.issues and bought.medidas[1].extra_source == "pro"
    unpaid = read("Medida: Desarrollo\nMedida extra (PRO): Moral")
    assert len(unpaid.medidas) == 1 and "O-161" in unpaid.issues[0].message


def test_unknown_extra_source() -> None:
    """AMB-43: an unknown source of an extra medida is named with the nearest ones."""
    post = read("Medida: Desarrollo\nMedida extra (eventto): Moral", extras=1)
    assert "evento" in post.issues[0].suggestions


def test_special_medida_bought_is_an_extra() -> None:
    """O-162, AMB-19: a special medida bought for 25 PRO is an extra medida
    rolling its parent statistic; the ordinary medida still stands."""
    text = "Gasto: 25 PRO en Asentamiento\nMedida: Asentamiento en Córcega\nMedida: Desarrollo"
    post = read(text)
    assert not post.issues
    settle, develop = post.medidas
    assert (settle.statistic, settle.variant, settle.region, settle.extra_source) == (
        "expansion",
        "asentamiento",
        "corcega",
        "especial",
    )
    assert develop.extra_source is None


def test_special_medida_without_purchase() -> None:
    """AMB-19: without the purchase a special medida is refused, unless the
    option `special_as_ordinary` lets it be the ordinary medida."""
    refused = read("Medida: Migración")
    assert refused.medidas == () and "O-162" in refused.issues[0].message
    allowed = read("Medida: Migración", special_as_ordinary=True)
    assert only(allowed).statistic == "reforma" and allowed.medidas[0].extra_source is None


def test_unknown_statistic_and_nation_suggest() -> None:
    """O-011: an unknown statistic or nation is an issue with the nearest names."""
    stat = read("Medida: Ofensia contra Borgoña").issues[0]
    assert "ofensiva" in stat.suggestions and stat.source.column == 1
    nation = read("Medida: Ofensiva contra Borgonia").issues[0]
    assert nation.suggestions == ("Borgoña",) and "Borgonia" in nation.message
    region = read("Medida: Expansión en Corsega").issues[0]
    assert "Córcega" in region.suggestions


def test_narrative_after_the_name_ends_the_reading() -> None:
    """O-011: words after a name are narrative and not read as more clauses."""
    medida = only(read("Medida: Ofensiva contra Borgoña para recuperar lo perdido en la guerra"))
    assert (medida.target, medida.region) == ("borgona", None)


@pytest.mark.parametrize(
    ("line", "against"),
    [
        ("No me defiendo.", None),
        ("No nos defendemos contra Génova.", "genova"),
        ("We do not defend against Burgundy.", "borgona"),
        ("no defence", None),
    ],
)
def test_no_defence(line: str, against: str | None) -> None:
    """O-043: the counter-measure is automatic unless the player says he does not defend."""
    post = read(f"Medida: Desarrollo\n{line}")
    assert post.no_defence == (NoDefence("castilla", against),)


def test_defence_by_default() -> None:
    """O-043: without such words, no `NoDefence` record."""
    assert read("Medida: Desarrollo. Nos defenderemos con valor.").no_defence == ()


@pytest.mark.parametrize(
    ("line", "resource", "purchase", "units", "attribute", "special"),
    [
        ("Gasto: 5 RQU en -6 a INT", "RQU", Purchase.MODIFIER, 1, "INT", None),
        ("Gasto: 10 RQU en Autoridad (Inteligencia)", "RQU", Purchase.MODIFIER, 2, "INT", None),
        ("Gasto: 10 RQU en PRO", "RQU", Purchase.PRO, 1, None, None),
        ("Gasto: 15 RQU en LEG", "RQU", Purchase.LEG, 1, None, None),
        ("Gasto: 40 RQU en VIA", "RQU", Purchase.VIA, 2, None, None),
        (
            "Gasto: 40 RQU en punto de Autoridad (PRS)",
            "RQU",
            Purchase.AUTORIDAD_POINT,
            1,
            "PRS",
            None,
        ),
        ("Gasto: 3 PRO en RQU", "PRO", Purchase.RQU, 3, None, None),
        ("Gasto: 1 PRO en bonificador de -6 a MIL", "PRO", Purchase.MODIFIER, 1, "MIL", None),
        ("Gasto: 5 PRO en restaurar VIA", "PRO", Purchase.VIA, 1, None, None),
        ("Gasto: 10 PRO en +6 LEG", "PRO", Purchase.LEG, 1, None, None),
        ("Gasto: 15 PRO en Cercanía con Génova", "PRO", Purchase.REACH, 1, None, "cercania"),
        ("Gasto: 20 PRO en medida extra", "PRO", Purchase.EXTRA_MEDIDA, 1, None, None),
        (
            "Gasto: 25 PRO en medida especial (Bienestar)",
            "PRO",
            Purchase.SPECIAL_MEDIDA,
            1,
            None,
            "bienestar",
        ),
        ("Gasto: 30 PRO en Dominio", "PRO", Purchase.DOMINIO_POINT, 1, None, None),
        ("Spend: 40 RQZ on Autoridad point", "RQU", Purchase.AUTORIDAD_POINT, 1, None, None),
    ],
)
def test_spends_of_each_kind(
    line: str,
    resource: str,
    purchase: Purchase,
    units: int,
    attribute: str | None,
    special: str | None,
) -> None:
    """O-138 .. O-142, O-156 .. O-163, AMB-17, AMB-48 (RQZ): each purchase of the
    Prosperidad tables is read with its resource, units, attribute and variant."""
    post = read(f"Medida: Desarrollo\n{line}")
    assert not post.issues, [issue.render() for issue in post.issues]
    (spend,) = post.spends
    assert (spend.resource, spend.purchase, spend.units, spend.attribute, spend.special) == (
        resource,
        purchase,
        units,
        attribute,
        special,
    )


def test_reach_purchase_names_the_nation() -> None:
    """O-160: a reach purchase names the other nation."""
    (spend,) = read("Medida: Desarrollo\nGasto: 15 PRO en Lejanía con Borgoña").spends
    assert (spend.special, spend.target) == ("lejania", "borgona")


def test_several_spends_on_one_line_in_order() -> None:
    """AMB-17: purchases are kept in the order written, several per line."""
    post = read("Medida: Desarrollo\nGasto: 10 RQU en PRO, 1 PRO en RQU y 15 RQU en LEG")
    assert [s.purchase for s in post.spends] == [Purchase.PRO, Purchase.RQU, Purchase.LEG]
    assert post.spends[0] == Spend("castilla", 10, "RQU", Purchase.PRO)


@pytest.mark.parametrize(
    ("line", "kind", "words"),
    [
        ("Gasto: 5 RQU en -6 a MIL", IssueKind.ILLEGAL, "Autoridad"),  # AMB-17: RQU buys Autoridad
        ("Gasto: 1 PRO en -6 a GES", IssueKind.ILLEGAL, "Dominio"),
        ("Gasto: 5 RQU en -6", IssueKind.ILLEGAL, "name one attribute"),
        ("Gasto: 7 RQU en PRO", IssueKind.ILLEGAL, "10 RQU"),
        ("Spend: 60 RQU on Autoridad point", IssueKind.ILLEGAL, "40 RQU each (O-142)"),
        ("Gasto: 10 PRO en PRO", IssueKind.ILLEGAL, "cannot be bought"),
        ("Gasto: 20 RQU en medida extra", IssueKind.ILLEGAL, "cannot be bought"),
        ("Gasto: 5 RQU en caballos", IssueKind.SYNTAX, "unknown purchase"),
        ("Gasto: 5 RQU en -6 a XYZ", IssueKind.SYNTAX, "unknown attribute"),
        ("Gasto: 25 PRO en medida especial", IssueKind.SYNTAX, "name the special"),
        ("Gasto: 15 PRO en Cercanía", IssueKind.SYNTAX, "Cercanía con X"),
        ("Gasto: muchos RQU", IssueKind.SYNTAX, "cannot read"),
        ("Gasto: 60 PRO en Dominio (GES)", IssueKind.ILLEGAL, "Dominio"),
    ],
)
def test_spend_problems(line: str, kind: IssueKind, words: str) -> None:
    """O-138 .. O-163, AMB-17: a purchase that breaks the tables is an issue naming the line."""
    post = read(f"Medida: Desarrollo\n{line}")
    assert post.spends == ()
    (issue,) = post.issues
    assert issue.kind is kind and words in issue.message
    assert issue.source.line == 2


def test_english_decline_and_favour() -> None:
    """O-047, O-011: `without bonuses` and `in favour of` in English."""
    medida = only(read("Measure: Diplomacy in favour of Genoa (without bonuses)"))
    assert (medida.backing, medida.use_bonuses, medida.mode) == ("genova", False, "a favor")


def test_issue_source_names_file_line_and_text() -> None:
    """O-011: every issue names the file, the line and the text."""
    (issue,) = read("Saludos.\n\nMedida: Nada contra nadie").issues
    assert (issue.source.file, issue.source.line) == ("castilla.txt", 3)
    assert issue.render().startswith("castilla.txt, line 3: syntax: unknown statistic 'Nada'")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_read_post_never_raises(text: str) -> None:
    """O-011: any text is read without raising; a post without a medida has an issue."""
    post = read(text, extras=1)
    assert post.medidas or post.issues


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Medida:",
                "Gasto:",
                " 5 RQU en",
                " contra",
                " Borgoña",
                " (",
                ")",
                "'''",
                "[[",
                "]]",
                "|",
                "<br/>",
                "\n",
                " -6 a",
                " no me defiendo",
                " 20 PRO",
                " extra",
            ]
        ),
        max_size=20,
    )
)
def test_read_post_never_raises_on_keywords(parts: list[str]) -> None:
    """O-011, O-020: keyword soup is read without raising; at most one ordinary medida."""
    post = read("".join(parts))
    assert sum(1 for m in post.medidas if not m.extra) <= 1


def test_wiki_list_marks_before_the_keyword() -> None:
    """O-011: a wiki list or indent mark before `Medida:` / `Gasto:` is skipped."""
    post = read("* Medida: Ofensiva contra Borgoña\n:# Gasto: 10 RQU en PRO")
    assert only(post).target == "borgona"
    assert post.spends[0].purchase is Purchase.PRO and post.spends[0].source is not None
    assert post.spends[0].source.column == 4
