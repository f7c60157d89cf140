"""Reading the `politics:` mapping of the GM's file into `GmPolitics`."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from orders.issues import IssueKind
from orders.orbis.gm_file import read_gm_file
from orders.orbis.gm_politics import FIELDS, read_gm_politics
from orders.orbis.model import NameBook, OrbisNames, ParsedGm
from orders.orbis.politics_model import (
    GmAnswer,
    GmCivilWar,
    GmFront,
    GmOrganisation,
    GmPolitics,
    GmRebellion,
    GmVassalage,
)

NATIONS = "asturias castilla galicia francos burgundios visigodos ostrogodos suevos alanos vandalos"
NAMES = OrbisNames({nation: (nation.capitalize(),) for nation in NATIONS.split()})
FIVE = "[asturias, castilla, galicia, suevos, alanos]"

FULL = f"""\
year: 501
politics:
  vassalages: [{{vassal: asturias, patron: castilla, tributary: true, origin: war}}]
  freed: [galicia]
  hostilities: [[francos, burgundios]]
  fronts: [{{nation: francos, enemy: visigodos, halves: 4}}]
  capacity: {{francos: 3}}
  civil_wars: [{{nation: francos, factions: [rey, nobles], incumbent: rey,
                controllers: {{nobles: burgundios}}, backers: {{ostrogodos: nobles}}}}]
  civil_war_ends: {{francos: rey}}
  rebellions: [{{nation: visigodos, backers: [francos]}}]
  escalations: [visigodos]
  organisations: [{{id: liga, name: Liga Lombarda, members: {FIVE},
                   election: igualitaria, term: variable}}]
  answers: [{{ref: T501-1, nation: suevos, accept: true}}]
  force_majeure: [D501-1]
  epoch: partial
"""


def read(text: str) -> ParsedGm:
    return read_gm_file(text, file="gm.yaml", names=NAMES)


def politics(body: str) -> tuple[GmPolitics, list[str]]:
    """The politics of a file whose `politics:` mapping is `body`, and the messages."""
    gm = read(f"politics:\n{body}")
    assert all(issue.source.file == "gm.yaml" for issue in gm.issues)
    return gm.politics, [issue.message for issue in gm.issues]


def test_the_brief_example_in_full() -> None:
    """O-200, O-235, O-194, O-202, O-209, O-210, O-211, O-213, O-216, O-222,
    O-225, O-231, O-232, O-279, O-287, O-288, O-234, O-250, O-299: every
    section read into its record; `origin: war` is a peace after a lost
    conflict (diplomacia, O-235); `igualitaria` the egalitarian election."""
    gm = read(FULL)
    assert gm.issues == ()
    assert gm.politics == GmPolitics(
        vassalages=(GmVassalage("asturias", "castilla", True, "diplomacia"),),
        freed=("galicia",),
        hostilities=(("francos", "burgundios"),),
        fronts=(GmFront("francos", "visigodos", 4),),
        capacity=MappingProxyType({"francos": 3}),
        civil_wars=(
            GmCivilWar(
                "francos",
                ("rey", "nobles"),
                "rey",
                MappingProxyType({"nobles": "burgundios"}),
                MappingProxyType({"ostrogodos": "nobles"}),
            ),
        ),
        civil_war_ends=MappingProxyType({"francos": "rey"}),
        rebellions=(GmRebellion("visigodos", ("francos",)),),
        escalations=("visigodos",),
        organisations=(
            GmOrganisation(
                "liga",
                "Liga Lombarda",
                ("asturias", "castilla", "galicia", "suevos", "alanos"),
                "egalitarian",
                "variable",
            ),
        ),
        answers=(GmAnswer("T501-1", "suevos", True),),
        force_majeure=("D501-1",),
        epoch="partial",
    )


def test_no_politics_is_empty() -> None:
    """O-200: a file without `politics:` has no political inputs."""
    gm = read("year: 501\n")
    assert gm.politics == GmPolitics() and gm.issues == ()
    assert read_gm_politics(None, file="gm.yaml", book=NameBook.build({}, {})) == (
        GmPolitics(),
        (),
    )


def test_vassalage_defaults_and_words() -> None:
    """O-200: a vassalage by Reforma or pact, untributary; the GM's by default."""
    read_back, messages = politics(
        "  vassalages:\n"
        "    - {vassal: Asturias, patron: Castilla}\n"
        "    - {vassal: galicia, patron: castilla, tributary: no, origin: Reforma}\n"
        "    - {vassal: suevos, patron: castilla, origin: pacto}\n"
    )
    assert messages == []
    assert read_back.vassalages == (
        GmVassalage("asturias", "castilla", True, "gm"),
        GmVassalage("galicia", "castilla", False, "reforma"),
        GmVassalage("suevos", "castilla", True, "pact"),
    )


def test_vassalage_mistakes_name_the_key_path() -> None:
    """O-200, O-235: a misspelt nation, key or origin is refused with the
    key path, the text and the nearest valid names; the rest is read."""
    read_back, messages = politics(
        "  vassalages:\n"
        "    - {vassal: asturiaz, patron: castilla}\n"
        "    - {vassal: castilla, patron: castilla}\n"
        "    - {vasal: galicia, patron: castilla}\n"
        "    - {vassal: galicia, patron: castilla, origin: conquista}\n"
        "    - {vassal: suevos, patron: castilla}\n"
    )
    assert read_back.vassalages == (GmVassalage("suevos", "castilla"),)
    assert messages == [
        "politics.vassalages[0].vassal: unknown nation 'asturiaz'",
        "politics.vassalages[1]: castilla twice: no nation is its own vassal",
        "politics.vassalages[2]: unknown key 'vasal'",
        (
            "politics.vassalages[3].origin: unknown origin 'conquista' (diplomacia, gm, pact,"
            " rebellion, reforma)"
        ),
    ]
    issues = read(
        "politics:\n  vassalages: [{vassal: asturiaz, patron: castilla}, {vasal: x}]\n"
    ).issues
    assert "Asturias" in issues[0].suggestions and issues[1].suggestions == ("vassal",)


def test_unknown_politics_key_suggests_the_nearest() -> None:
    """O-202: a misspelt key of `politics:` is named with the nearest key;
    a `politics:` that is no mapping is refused."""
    gm = read("politics:\n  hostilites: [[francos, burgundios]]\n")
    (issue,) = gm.issues
    assert issue.message == "politics.hostilites: unknown key 'hostilites'"
    assert issue.suggestions == ("hostilities",)
    assert [i.message for i in read("politics: [1, 2]\n").issues] == [
        "politics: must be a mapping, not [1, 2]"
    ]


def test_hostilities_and_fronts() -> None:
    """O-202: clashes beyond the medidas are pairs of two nations; O-209,
    O-210: a front's weight in halves; O-211: front capacity."""
    read_back, messages = politics(
        "  hostilities: [[francos], [francos, visigodoz], [suevos, alanos]]\n"
        "  fronts: [{nation: francos, enemy: visigodos, halves: medio},"
        " {nation: francos, enemy: suevos, halves: 1}]\n"
        "  capacity: {francoss: 3, castilla: -1, galicia: 4}\n"
    )
    assert read_back.hostilities == (("suevos", "alanos"),)
    assert read_back.fronts == (GmFront("francos", "suevos", 1),)
    assert read_back.capacity == {"galicia": 4}
    assert messages == [
        "politics.hostilities[0]: a hostility names two nations, not ['francos']",
        "politics.hostilities[1][1]: unknown nation 'visigodoz'",
        "politics.fronts[0].halves: halves must be a whole number, not 'medio'",
        "politics.capacity.francoss: unknown nation 'francoss'",
        "politics.capacity.castilla: capacity must be at least 0, not -1",
    ]


def test_civil_war_factions_controllers_and_backers() -> None:
    """O-213, O-216, O-219, O-222: the incumbent first; controllers and
    backers name factions of the war (the nearest faction on a slip)."""
    read_back, messages = politics(
        "  civil_wars:\n"
        "    - {nation: francos, factions: [Nobles, Rey], incumbent: rey}\n"
        "    - {nation: suevos, factions: [a, b], incumbent: c}\n"
        "    - {nation: alanos, factions: [rey, nobles], controllers: {nobels: burgundios}}\n"
        "    - {nation: galicia, factions: [rey, nobles], backers: {galicia: rey}}\n"
        "    - {nation: vandalos, factions: [rey, rey]}\n"
        "  civil_war_ends: {francos: REY, castilla: reina}\n"
    )
    assert read_back.civil_wars == (GmCivilWar("francos", ("Rey", "Nobles"), "Rey"),)
    assert read_back.civil_war_ends == {"francos": "Rey", "castilla": "reina"}
    assert messages == [
        "politics.civil_wars[1].incumbent: unknown faction 'c' (a, b)",
        "politics.civil_wars[2].controllers.nobels: unknown faction 'nobels' (rey, nobles)",
        "politics.civil_wars[3].backers.galicia: galicia is no backer of its own civil war (O-222)",
        (
            "politics.civil_wars[4]: a civil war needs two or more different factions, not"
            " ('rey', 'rey')"
        ),
    ]
    ends = politics(
        "  civil_wars: [{nation: francos, factions: [rey, nobles]}]\n"
        "  civil_war_ends: {francos: reyes}\n"
    )
    assert ends[1] == ["politics.civil_war_ends.francos: unknown faction 'reyes' (rey, nobles)"]
    issues = read(
        "politics:\n  civil_wars: [{nation: alanos, factions: [rey, nobles],"
        " controllers: {nobels: burgundios}}]\n"
    ).issues
    assert issues[0].suggestions == ("nobles",)


def test_rebellions_and_escalations() -> None:
    """O-225, O-231: a rebellion and its secret backers; O-232: escalations."""
    read_back, messages = politics(
        "  rebellions: [{nation: visigodos, backers: [francos, suevos]}, {nation: alanos},"
        " {nation: galicia, backers: [galicia]}]\n"
        "  escalations: [visigodos, visigodoss]\n"
    )
    assert read_back.rebellions == (
        GmRebellion("visigodos", ("francos", "suevos")),
        GmRebellion("alanos"),
    )
    assert read_back.escalations == ("visigodos",)
    assert messages == [
        "politics.rebellions[2]: galicia does not back a rebellion against itself",
        "politics.escalations[1]: unknown nation 'visigodoss'",
    ]


def test_organisations() -> None:
    """O-279: at least five members; O-287: the election; O-288: a fixed term
    of 3..10 years (a number is a fixed term), variable by default."""
    read_back, messages = politics(
        "  organisations:\n"
        f"    - {{id: Liga, members: {FIVE}, election: rotatoria, term: 5}}\n"
        f"    - {{id: hansa, members: {FIVE}, term: fija, fixed_years: 10}}\n"
        "    - {id: pocos, members: [asturias, castilla]}\n"
        f"    - {{id: liga lombarda, members: {FIVE}}}\n"
        f"    - {{id: fija, members: {FIVE}, term: fixed}}\n"
        f"    - {{id: larga, members: {FIVE}, term: 11}}\n"
        f"    - {{id: rara, members: {FIVE}, election: sorteo}}\n"
        f"    - {{id: liga, members: {FIVE}}}\n"
    )
    members = ("asturias", "castilla", "galicia", "suevos", "alanos")
    assert read_back.organisations == (
        GmOrganisation("liga", "Liga", members, "rotation", "fixed", 5),
        GmOrganisation("hansa", "hansa", members, "egalitarian", "fixed", 10),
    )
    assert messages == [
        (
            "politics.organisations[2]: an organisation is founded by at least 5 members, not 2"
            " (O-279)"
        ),
        (
            "politics.organisations[3]: an organisation's id is one word (players vote with it),"
            " not 'liga lombarda'"
        ),
        "politics.organisations[4].term: a fixed term needs `fixed_years: 3..10` (O-288)",
        "politics.organisations[5].term: a fixed term lasts 3..10 years, not 11 (O-288)",
        (
            "politics.organisations[6].election: unknown election 'sorteo' (egalitarian,"
            " electoral-fixed, electoral-renewing, other, points, rotation)"
        ),
        "politics.organisations: the id 'liga' is used twice",
    ]


def test_answers_force_majeure_and_epoch() -> None:
    """O-234, AMB-41: the GM answers for a nation without a player; O-250:
    force majeure names declarations or treaties; O-298, O-299: the epoch."""
    read_back, messages = politics(
        "  answers: [{ref: c501-2, nation: suevos, accept: no}, {ref: D501-1, nation: suevos,"
        " accept: true}, {ref: T501-1, nation: suevos, accept: quizas}]\n"
        "  force_majeure: [d501-1, T502-3, C501-1]\n"
        "  epoch: Total\n"
    )
    assert read_back.answers == (GmAnswer("C501-2", "suevos", False),)
    assert read_back.force_majeure == ("D501-1", "T502-3")
    assert read_back.epoch == "total"
    assert messages == [
        "politics.answers[1].ref: 'D501-1' is no offer or conference id (T501-1, C501-1)",
        "politics.answers[2].accept: accept must be true or false, not 'quizas'",
        "politics.force_majeure[2]: 'C501-1' is no declaration or treaty id (D501-1, T501-1)",
    ]
    assert politics("  epoch: parcial\n")[0].epoch == "partial"
    assert politics("  epoch: parcialmente\n")[1] == [
        "politics.epoch: unknown epoch 'parcialmente' (partial, total)"
    ]


@pytest.mark.parametrize("key", FIELDS)
def test_every_list_or_mapping_key_refuses_a_bare_word(key: str) -> None:
    """O-200 .. O-299: a section of the wrong shape is named, not read."""
    read_back, messages = politics(f"  {key}: 7\n")
    assert read_back == GmPolitics()
    assert len(messages) == 1 and messages[0].startswith(f"politics.{key}")


def test_bad_yaml_keeps_empty_politics() -> None:
    """O-200: a file that is no YAML has no politics and one issue."""
    gm = read("politics: [\n")
    assert gm.politics == GmPolitics() and len(gm.issues) == 1
    assert gm.issues[0].kind is IssueKind.SYNTAX
