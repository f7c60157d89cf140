"""Reading the political lines of a post: `Tratado:`, `Declaración:`,
`Conferencia:`, `Voto:`, `Vasallo:` (and their English keywords)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.politics.declarations import DeclarationKind
from adjudicator.rulesets.orbis.politics.epochs import EpochKind
from adjudicator.rulesets.orbis.politics.organisations import Election, Term
from adjudicator.rulesets.orbis.politics.treaties import TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import TributeGood, VassalageOrigin
from orders.issues import IssueKind, OrderIssue
from orders.orbis.model import NameBook, OrbisNames, ParsedPost
from orders.orbis.politics_lines import political_line, starts_political
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    LineModifier,
    LinePenalty,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
    VoteLine,
)
from orders.orbis.politics_words import (
    BALLOTS,
    DECLARATION_KIND_VALUES,
    ELECTION_VALUES,
    EPOCH_VALUES,
    TERM_VALUES,
    TREATY_KIND_VALUES,
    TREATY_KINDS,
    TRIBUTE_GOOD_VALUES,
    VASSALAGE_ORIGIN_VALUES,
)
from orders.orbis.reader import read_post

NAMES = OrbisNames(
    {
        "aragon": ("Aragón", "Aragon"),
        "castilla": ("Castilla", "Castile"),
        "francia": ("Francia", "France"),
        "borgona": ("Borgoña", "Burgundy"),
        "asturias": ("Asturias",),
        "galicia": ("Galicia",),
    }
)
BOOK = NameBook.build(NAMES.nations, NAMES.regions)


def read(text: str) -> ParsedPost:
    return read_post(text, file="aragon.txt", power="aragon", names=NAMES)


def one(line: str) -> PoliticalLine:
    """The one record of a post holding a medida and this line, no issue."""
    post = read(f"Medida: Desarrollo\n{line}")
    assert [issue.render() for issue in post.issues] == []
    (record,) = post.politics
    assert record.source is not None and record.source.line == 2
    return record


def refused(line: str) -> OrderIssue:
    """The one issue of a post holding a medida and this faulty line."""
    post = read(f"Medida: Desarrollo\n{line}")
    assert post.politics == ()
    (issue,) = post.issues
    assert issue.source.line == 2 and issue.source.text == line
    assert "expected e.g." in issue.message
    return issue


# --- treaties -------------------------------------------------------------------


def test_offer_with_every_clause() -> None:
    """O-238, O-242, O-244, O-245: an offer states its kind, parties, term,
    modifiers, penalty and terms (the terms may hold full stops and `;`)."""
    line = one(
        "Tratado: ofrece paz a Castilla y Francia por 15 años con modificador -5 ECN para"
        " Castilla, +3 MIL penalización +10 durante 5 años: ninguno atacará. Ni al otro; nunca."
    )
    assert line == TreatyLine(
        "aragon",
        TreatyAct.OFFER,
        kind="peace",
        parties=("castilla", "francia"),
        years=15,
        terms="ninguno atacará. Ni al otro; nunca",
        modifiers=(LineModifier(-5, "ECN", "castilla"), LineModifier(3, "MIL")),
        penalty=LinePenalty(10, 5),
    )


def test_offer_plain_and_in_english() -> None:
    """O-238: the shortest offer; `Treaty: offers alliance to Castile and
    France for 10 years` is the same in English; accents and case free."""
    assert one("TRATADO: Ofrece Garantía de Neutralidad a BORGOÑA") == TreatyLine(
        "aragon", TreatyAct.OFFER, kind="neutrality_guarantee", parties=("borgona",)
    )
    line = one("Treaty: offers alliance to Castile and France for 10 years: mutual defence")
    assert isinstance(line, TreatyLine)
    assert (line.kind, line.parties, line.years, line.terms) == (
        "alliance",
        ("castilla", "francia"),
        10,
        "mutual defence",
    )


def test_offer_term_above_twenty_is_read() -> None:
    """O-245, AMB-39: the reader keeps a term of 30 years as written (the
    rule module records 20 with a warning); a modifier without attribute
    holds for every roll (O-244)."""
    line = one(
        "Tratado: ofrece un tratado de no agresión a Castilla por 30 años con modificador -5"
    )
    assert isinstance(line, TreatyLine)
    assert (line.kind, line.years, line.modifiers) == ("non_aggression", 30, (LineModifier(-5),))


@pytest.mark.parametrize(
    ("words", "act"),
    [
        ("acepta", TreatyAct.ACCEPT),
        ("rechaza", TreatyAct.REJECT),
        ("retira", TreatyAct.WITHDRAW),
        ("rompe", TreatyAct.BREAK),
        ("se adhiere a", TreatyAct.ADHERE),
        ("accepts", TreatyAct.ACCEPT),
        ("breaks", TreatyAct.BREAK),
    ],
)
def test_answers_to_an_offer_or_treaty(words: str, act: TreatyAct) -> None:
    """O-239 (accept, reject), O-241 (withdraw), O-242 (break), O-247
    (adhere): the act and the id the judge printed (case free)."""
    assert one(f"Tratado: {words} t501-1") == TreatyLine("aragon", act, "T501-1")


def test_renewal_with_and_without_term() -> None:
    """O-245: a treaty is renewable, for a new term or the default."""
    assert one("Tratado: renueva T501-1 por 12 años") == TreatyLine(
        "aragon", TreatyAct.RENEW, "T501-1", years=12
    )
    assert one("Tratado: renueva T501-1") == TreatyLine("aragon", TreatyAct.RENEW, "T501-1")


def test_counter_offer_may_omit_kind_and_parties() -> None:
    """O-240: a counter-offer answers an offer; kind and parties omitted are
    those of the answered offer (None / ())."""
    assert one("Tratado: contraoferta T501-1 por 5 años: menos años") == TreatyLine(
        "aragon", TreatyAct.COUNTER, "T501-1", years=5, terms="menos años"
    )
    assert one("Tratado: contraoferta T501-2 alianza a Borgoña") == TreatyLine(
        "aragon", TreatyAct.COUNTER, "T501-2", "alliance", ("borgona",)
    )
    assert one("Tratado: contraoferta T501-2 a Borgoña") == TreatyLine(
        "aragon", TreatyAct.COUNTER, "T501-2", parties=("borgona",)
    )


def test_free_a_vassal_by_treaty() -> None:
    """O-194: the patron frees its vassal by treaty."""
    assert one("Tratado: libera a Asturias") == TreatyLine(
        "aragon", TreatyAct.FREE, parties=("asturias",)
    )


@pytest.mark.parametrize(("phrase", "value"), sorted(TREATY_KINDS.items()))
def test_every_treaty_kind_word(phrase: str, value: str) -> None:
    """O-238, O-243: every kind word offers its `TreatyKind`."""
    line = one(f"Tratado: ofrece {phrase} a Castilla")
    assert isinstance(line, TreatyLine) and line.kind == value


def test_treaty_mistakes_are_answered_with_suggestions() -> None:
    """O-238, O-245: a misspelt kind or nation, a term in words, an unknown
    attribute, a wrong id and a treaty with oneself are refused with the
    nearest words."""
    assert "paz" in refused("Tratado: ofrece pas a Castilla").suggestions
    assert "Castilla" in refused("Tratado: ofrece paz a Castila").suggestions
    assert "number" in refused("Tratado: ofrece paz a Castilla por quince años").message
    issue = refused("Tratado: ofrece paz a Castilla con modificador -5 COM")
    assert "unknown attribute 'COM'" in issue.message
    assert "MIL" in refused("Tratado: ofrece paz a Castilla con modificador -5 MLI").message
    assert "T<year>-<n>" in refused("Tratado: acepta D501-1").message
    assert "names no offer" in refused("Tratado: acepta la oferta de Castilla").message
    assert refused("Tratado: ofrece paz a Aragón").kind is IssueKind.ILLEGAL
    assert "acepta" in refused("Tratado: acpeta T501-1").suggestions
    assert "nations it is offered to" in refused("Tratado: ofrece paz").message


# --- declarations ------------------------------------------------------------------


def test_declaration_of_neutrality_with_penalty() -> None:
    """O-248, O-252, O-253: a declaration, its own breaking penalty; `con X`
    (a joint declaration is the same declaration by several nations) is no
    party of the record."""
    assert one(
        "Declaración: neutralidad con Francia y Borgoña penalización +10 durante 3 años: no"
        " entraremos en guerras"
    ) == DeclarationLine(
        "aragon",
        DeclarationAct.DECLARE,
        kind="neutrality",
        text="no entraremos en guerras",
        penalty=LinePenalty(10, 3),
    )


def test_other_declaration_keeps_its_words() -> None:
    """O-248: a declaration of no known kind is `other`, its words kept."""
    assert one("Declaration: protección de los peregrinos: los protegemos") == DeclarationLine(
        "aragon",
        DeclarationAct.DECLARE,
        kind="other",
        text="protección de los peregrinos: los protegemos",
    )


def test_declaration_of_war() -> None:
    """O-205: `guerra contra X` declares war (symbolic without hostilities);
    O-248: `declaramos la neutralidad` is a declaration of neutrality."""
    assert one("Declaración: guerra contra Castilla: por la fe") == DeclarationLine(
        "aragon", DeclarationAct.WAR, text="por la fe", against="castilla"
    )
    assert one("Declaración: declaramos la neutralidad") == DeclarationLine(
        "aragon", DeclarationAct.DECLARE, kind="neutrality"
    )
    line = one("Declaration: war on Burgundy")
    assert isinstance(line, DeclarationLine) and line.against == "borgona"


@pytest.mark.parametrize(
    ("words", "act"),
    [
        ("revoca", DeclarationAct.REVOKE),
        ("rompe", DeclarationAct.BREAK),
        ("reasume", DeclarationAct.REASSUME),
        ("se adhiere a", DeclarationAct.ADHERE),
    ],
)
def test_declaration_acts(words: str, act: DeclarationAct) -> None:
    """O-250 (revoke, break), O-251 (reassume), O-253 (adhere)."""
    assert one(f"Declaración: {words} D501-1") == DeclarationLine("aragon", act, "D501-1")


def test_adhesion_with_reservations() -> None:
    """O-253, O-255: an adhesion's reservations, split at `;`."""
    line = one("Declaración: se adhiere a D501-1 con reservas: no en el mar; no en Italia")
    assert line == DeclarationLine(
        "aragon", DeclarationAct.ADHERE, "D501-1", reservations=("no en el mar", "no en Italia")
    )


def test_declaration_mistakes() -> None:
    """O-248, O-250: a misspelt kind, a wrong id, an unknown enemy."""
    assert "neutralidad" in refused("Declaración: neutralidd").suggestions
    assert "D<year>-<n>" in refused("Declaración: revoca T501-1").message
    assert "Castilla" in refused("Declaración: guerra contra Castila").suggestions


# --- conferences and votes ---------------------------------------------------------


def test_convene_with_topic_and_invitees() -> None:
    """O-257, O-261: the convener sets the topic and invites nations."""
    assert one("Conferencia: convoca sobre el Papado con Castilla, Francia y Borgoña") == (
        ConferenceLine(
            "aragon",
            ConferenceAct.CONVENE,
            text="el Papado",
            parties=("castilla", "francia", "borgona"),
        )
    )
    line = one("Conference: convenes a conference on the Pope")
    assert isinstance(line, ConferenceLine) and (line.text, line.parties) == ("the Pope", ())


@pytest.mark.parametrize(
    ("words", "act"),
    [
        ("asiste a", ConferenceAct.ATTEND),
        ("cierra", ConferenceAct.CLOSE),
        ("abandona", ConferenceAct.LEAVE),
        ("disuelve", ConferenceAct.DISSOLVE),
    ],
)
def test_conference_acts(words: str, act: ConferenceAct) -> None:
    """O-259 (attend), O-265 (close the debate), O-273 (leave), O-262 (dissolve)."""
    assert one(f"Conferencia: {words} C501-1") == ConferenceLine("aragon", act, "C501-1")


def test_proposal_and_protest() -> None:
    """O-261: a proposal's text; O-273: a protest names the resolution."""
    assert one("Conferencia: propone en C501-1: que el Papa vuelva a Roma. Y más.") == (
        ConferenceLine(
            "aragon", ConferenceAct.PROPOSE, "C501-1", "que el Papa vuelva a Roma. Y más"
        )
    )
    assert one("Conferencia: protesta contra C501-1/P2") == ConferenceLine(
        "aragon", ConferenceAct.PROTEST, "C501-1/P2"
    )
    assert "write the proposal" in refused("Conferencia: propone en C501-1").message
    assert "C<year>-<n>/P<k>" in refused("Conferencia: protesta contra C501-1").message
    assert "Castilla" in refused("Conferencia: convoca sobre X con Castila").suggestions


@pytest.mark.parametrize(
    ("words", "proposal", "ballot"),
    [
        ("C501-1 P2 sí", "C501-1/P2", Ballot.YES),
        ("C501-1/P3 abstención", "C501-1/P3", Ballot.ABSTAIN),
        ("C501-1 me abstengo", None, Ballot.ABSTAIN),
        ("C501-1 no", None, Ballot.NO),
        ("C501-1 propuesta 1 si", "C501-1/P1", Ballot.YES),
        ("C501-1 retira", None, Ballot.WITHDRAW),
        ("c501-1: yes", None, Ballot.YES),
    ],
)
def test_conference_ballots(words: str, proposal: str | None, ballot: Ballot) -> None:
    """O-266: for, against, abstain or withdraw, on a proposal or the only one."""
    assert one(f"Voto: {words}") == VoteLine("aragon", "C501-1", proposal, ballot)


def test_election_votes() -> None:
    """O-287: a vote whose first word is no conference id is an election
    vote: the organisation's id (folded) and the candidate."""
    assert one("Voto: O-ligalombarda Francia") == VoteLine(
        "aragon", "o-ligalombarda", candidate="francia"
    )
    assert one("Vote: Liga for Castile") == VoteLine("aragon", "liga", candidate="castilla")
    assert "Francia" in refused("Voto: liga por Fransia").suggestions
    assert "sí, no" in refused("Voto: C501-1 quizás").message
    assert "candidate" in refused("Voto: liga").message
    assert "name C501-1 first" in refused("Voto: sí en C501-1").message


# --- vassals ------------------------------------------------------------------------


def test_vassal_lines() -> None:
    """O-188 (tribute), O-191 (forgive), O-192 (stay), O-195 (independence),
    O-196 (raise a sub-vassal)."""
    assert one("Vasallo: tributo MIL") == VassalLine("aragon", VassalAct.TRIBUTE, good="MIL")
    assert one("Vassal: tribute of prosperidad") == VassalLine(
        "aragon", VassalAct.TRIBUTE, good="PRO"
    )
    assert one("Vasallo: perdona el tributo de Asturias") == VassalLine(
        "aragon", VassalAct.FORGIVE, "asturias"
    )
    assert one("Vasallo: independencia") == VassalLine("aragon", VassalAct.INDEPENDENCE)
    assert one("Vasallo: declaramos la independencia") == VassalLine(
        "aragon", VassalAct.INDEPENDENCE
    )
    assert one("Vasallo: permanece") == VassalLine("aragon", VassalAct.STAY)
    assert one("Vasallo: eleva a Galicia") == VassalLine("aragon", VassalAct.RAISE, "galicia")


def test_vassal_mistakes() -> None:
    """O-188, O-191, O-196: an unknown good or nation, a verb misspelt."""
    assert "RQU" in refused("Vasallo: tributo oro").message
    assert "Asturias" in refused("Vasallo: perdona el tributo de Asturia").suggestions
    assert "tributo" in refused("Vasallo: trbiuto MIL").suggestions
    assert refused("Vasallo: eleva a Aragón").kind is IssueKind.ILLEGAL


# --- a whole post -------------------------------------------------------------------


def test_a_post_mixing_prose_medida_and_political_lines() -> None:
    """O-011, O-238, O-248, O-266, O-188: prose, a medida, a purchase and
    several political lines (one faulty) in one wiki post; each line keeps
    its own line number and the faulty one does not stop the others."""
    post = read(
        "== Año 501 ==\n"
        "Nuestro rey se reúne con sus nobles. Medida: Diplomacia a favor de Castilla.\n"
        "'''Tratado:''' ofrece paz a Castilla: ninguno atacará.<br/>Gasto: 10 RQU en PRO\n"
        "* Declaración: neutralidad\n"
        "Voto: C501-1 sí. El pueblo celebra.\n"
        "Tratado: ofrece paz a Castila\n"
        "Vasallo: tributo ECN\n"
    )
    assert [type(line) for line in post.politics] == [
        TreatyLine,
        DeclarationLine,
        VoteLine,
        VassalLine,
    ]
    assert [line.source.line for line in post.politics if line.source] == [3, 4, 5, 7]
    assert post.politics[0].source is not None and post.politics[0].source.column == 4
    assert [m.statistic for m in post.medidas] == ["diplomacia"]
    assert len(post.spends) == 1  # the purchase after the `<br/>` still counts
    (issue,) = post.issues
    assert issue.source.line == 6 and "Castilla" in issue.suggestions


def test_political_line_runs_to_the_end_of_its_line() -> None:
    """O-238, O-043: text after a political line on its line belongs to it
    (a `no nos defendemos` in a treaty's terms is no refusal to defend)."""
    post = read(
        "Medida: Desarrollo\nTratado: ofrece paz a Castilla: si nos atacan, no nos defendemos"
    )
    assert post.no_defence == ()
    (line,) = post.politics
    assert isinstance(line, TreatyLine) and line.terms == "si nos atacan, no nos defendemos"


def test_no_medida_warning_stays_with_only_political_lines() -> None:
    """O-011: a post with political lines and no medida still gets the warning."""
    post = read("Tratado: acepta T501-1")
    assert len(post.politics) == 1
    (issue,) = post.issues
    assert "no medida found" in issue.message


def test_keyword_detection() -> None:
    """O-238: only a sentence that starts with a keyword and a colon is political."""
    assert starts_political("Tratado: acepta T501-1")
    assert starts_political("vassal: independence")
    assert not starts_political("El tratado con Castilla: firmado")
    assert not starts_political("Tratado de Tordesillas")


# --- the vocabulary matches the rule modules' enums -----------------------------------


def test_vocabulary_values_are_the_enums_values() -> None:
    """O-188, O-200, O-238, O-248, O-287, O-288, O-298: every value the
    reader stores is a value of the rule modules' enums (the orders layer
    may not import them)."""
    assert {k.value for k in TreatyKind} == TREATY_KIND_VALUES
    assert {k.value for k in DeclarationKind} == DECLARATION_KIND_VALUES
    assert {k.value for k in TributeGood} == TRIBUTE_GOOD_VALUES
    assert {k.value for k in VassalageOrigin} == VASSALAGE_ORIGIN_VALUES
    assert {k.value for k in Election} == ELECTION_VALUES
    assert {k.value for k in Term} == TERM_VALUES
    assert {k.value for k in EpochKind} == EPOCH_VALUES
    assert {b.value for b in Ballot} == set(BALLOTS.values())


@given(st.sampled_from(sorted(BALLOTS)), st.booleans())
def test_any_ballot_word_in_any_case(word: str, upper: bool) -> None:
    """O-266: every ballot word, upper or lower case, gives its ballot."""
    written = word.upper() if upper else word
    line = political_line(f"Voto: C502-3 P1 {written}", "aragon", BOOK)
    assert line == VoteLine("aragon", "C502-3", "C502-3/P1", Ballot(BALLOTS[word]))
