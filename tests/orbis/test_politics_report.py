"""Politics in the reports of an Orbis year: the answers to the political
lines, the year's notes and the public registry in the text, JSON and wiki
reports, and what only one nation may read in its private report."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.civil_war import start_civil_war
from adjudicator.rulesets.orbis.politics.conferences import Conference, Proposal, Resolution
from adjudicator.rulesets.orbis.politics.declarations import (
    DeclarationKind,
    Penalty,
    declare,
    revoke,
)
from adjudicator.rulesets.orbis.politics.organisations import Organisation
from adjudicator.rulesets.orbis.politics.outcome import LineAnswer, PoliticsYear
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import (
    Offer,
    Treaties,
    Treaty,
    TreatyKind,
    TreatyModifier,
)
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import OrbisResolution, resolve_year
from orders.issues import Source
from orders.orbis.model import OrbisNames
from orders.orbis.politics_model import (
    DeclarationAct,
    DeclarationLine,
    TreatyAct,
    TreatyLine,
)
from orders.orbis.reader import read_post
from renderers.orbis.private import render_private_json, render_private_report
from renderers.orbis.report import OrbisTurnReport, render_orbis_json, render_orbis_report
from renderers.orbis.wiki import render_orbis_wiki

SHEETS = Path(__file__).parent / "sheets"
NATIONS = read_sheets(SHEETS)
NAMES = {n.id: n.name for n in NATIONS}
BOOK = OrbisNames({n.id: (n.name, *n.aliases) for n in NATIONS})
SECRET_NOTE = "Your Supresión found who pays the rebels: Avar Khaganate (O-231)"


def plain_year() -> OrbisResolution:
    """Year 500 with one medida and no politics at all."""
    post = read_post("Medida: Comercio", file="avaros.txt", power="avaros", names=BOOK)
    state = OrbisState(Phase(500, None, TURN), 500, NATIONS)
    return resolve_year(state, list(post.medidas), OrbisOptions(), Dice("s", "g", "500-medidas"))


def registry() -> Politics:
    """A hand-made registry touching every part the report lists."""
    alliance = Treaty(
        "T499-1",
        ("castilla", "avaros"),
        "ayuda mutua contra los francos",
        TreatyKind.ALLIANCE,
        499,
        modifiers=(TreatyModifier("castilla", Attribute.MIL, -5, "avaros"),),
        penalty=Penalty(10, 5),
    )
    old = Treaty("T480-1", ("castilla", "asturias"), "comercio", TreatyKind.TRADE, 480)
    offer = Offer("T500-1", "avaros", "asturias", "paz perpetua", TreatyKind.PEACE, 500)
    neutral = revoke(
        declare(
            "D499-1", ("asturias",), "Asturias no tomará partido", DeclarationKind.NEUTRALITY, 499
        ),
        "asturias",
        500,
    )
    conference = Conference(
        "C500-1",
        ("castilla",),
        "El Danubio",
        500,
        participants=frozenset({"avaros"}),
        proposals=(Proposal("C500-1/P1", "castilla", 500, "Paz en el Danubio"),),
    )
    return Politics(
        vassalages=(Vassalage("asturias", "castilla", 498, forgiven_cycles=frozenset({495})),),
        conflicts=(
            Conflict(frozenset({"asturias", "avaros"}), 3, 0, True, 499, 497),
            Conflict(frozenset({"castilla", "asturias"}), hostile=2, first_clash=499),
        ),
        fronts={("avaros", "asturias"): 6},
        civil_wars=(start_civil_war("avaros", ("kan", "nobles"), "kan", 500),),
        rebellions=(Rebellion("castilla", 500, backers=("avaros",)),),
        treaties=Treaties((alliance, old), (offer,)),
        declarations=(neutral,),
        conferences=(conference,),
        resolutions=(
            Resolution(
                "C498-1:P1", "C498-1", "C498-1/P1", 498, frozenset({"castilla"}), frozenset()
            ),
        ),
        organisations=(
            Organisation(
                "liga",
                "Liga del Norte",
                ("castilla", "asturias"),
                498,
                leader="castilla",
                term_end=503,
            ),
        ),
    )


OFFER_LINE = TreatyLine(
    "avaros",
    TreatyAct.OFFER,
    kind="peace",
    parties=("asturias",),
    terms="paz perpetua",
    source=Source("avaros.txt", 3, "Tratado: ofrece paz a Asturias: paz perpetua"),
)
REVOKE_LINE = DeclarationLine(
    "asturias",
    DeclarationAct.REVOKE,
    ref="D400-9",
    source=Source("asturias.txt", 2, "Declaración: revoca D400-9"),
)


def political_year(
    politics: Politics | None = None,
    *,
    answers: tuple[LineAnswer, ...] = (),
    notes: tuple[str, ...] = (),
    private: Mapping[str, tuple[str, ...]] | None = None,
) -> OrbisTurnReport:
    """The plain year with `politics` after it and the year's answers."""
    resolution = plain_year()
    after = registry() if politics is None else politics
    year = PoliticsYear(after, {}, answers, notes, private or {})
    state = replace(resolution.state, politics=after)
    done = replace(resolution, state=state, politics=year)
    return OrbisTurnReport(done, NAMES, "Hispania", "Orbis Terrarum")


def full_year() -> OrbisTurnReport:
    return political_year(
        answers=(
            LineAnswer(OFFER_LINE, True, "offer T500-1 published (O-238)"),
            LineAnswer(REVOKE_LINE, False, "no declaration D400-9 in force (O-250)"),
        ),
        notes=("Reino de Asturias and Avar Khaganate are at war (third turn of clashes, O-204)",),
        private={"castilla": (SECRET_NOTE,)},
    )


def test_no_politics_renders_nothing_new() -> None:
    """O-237: a year without politics (an old resolution), or with an empty
    registry and no lines or notes, gives the same reports as before."""
    plain = OrbisTurnReport(plain_year(), NAMES, "Hispania", "Orbis Terrarum")
    empty = political_year(Politics())
    for render in (render_orbis_report, render_orbis_json, render_orbis_wiki):
        assert render(empty) == render(plain)
    assert render_private_report(empty, "castilla") == render_private_report(plain, "castilla")
    assert render_private_json(empty, "castilla") == render_private_json(plain, "castilla")
    assert "Registry" not in render_orbis_report(plain)


def test_the_political_lines_are_answered_by_file_and_line() -> None:
    """O-237, O-238, O-250: each line quoted with its file and line, done or
    refused with the rule, after the medidas and before the nations."""
    text = render_orbis_report(full_year())
    block = (
        "Political lines:\n"
        "  avaros.txt, line 3: Tratado: ofrece paz a Asturias: paz perpetua"
        " → done: offer T500-1 published (O-238)\n"
        "  asturias.txt, line 2: Declaración: revoca D400-9"
        " → refused: no declaration D400-9 in force (O-250)\n"
        "\n"
        "Politics this year:\n"
        "  Reino de Asturias and Avar Khaganate are at war (third turn of clashes, O-204)\n"
    )
    assert block in text
    assert text.index("Avar Khaganate — Medida: Comercio") < text.index("Political lines:")
    assert text.index("Registry (O-237, O-248):") < text.index("Nations after 500:")


def test_the_public_registry_lists_every_instrument() -> None:
    """O-185, O-204, O-219, O-237, O-244, O-245, O-250, O-259, O-281: the
    treaty in force with its modifiers and years left (an expired one is
    gone), the open offer, the declaration with its notice, the conference
    and its proposal, the vassal, the war and its fronts, the hostilities,
    the Supremacy meter, the rebellion and the organisation."""
    text = render_orbis_report(full_year())
    for line in (
        (
            "    T499-1 alianza — Reino de Castilla, Avar Khaganate; signed 499, in force through 508"
            " (8 more years); terms: ayuda mutua contra los francos; modifiers: Reino de Castilla"
            " -5 MIL toward Avar Khaganate; if broken +10 for 5 years"
        ),
        "    T500-1 from Avar Khaganate to Reino de Asturias: paz; terms: paz perpetua",
        (
            "    D499-1 neutralidad — Reino de Asturias since 499, notice given in 500 (free from 502):"
            ' "Asturias no tomará partido"'
        ),
        (
            '    C500-1 on "El Danubio", convened by Reino de Castilla from 500 (open);'
            " participants: Avar Khaganate"
        ),
        "      C500-1/P1 by Reino de Castilla: Paz en el Danubio",
        "    C498-1:P1 (conference C498-1), adopted 498; binds Reino de Castilla",
        "    Reino de Asturias → Reino de Castilla since 498, tributary, forgiven cycles: 495",
        "    Reino de Asturias – Avar Khaganate: at war since 499 (O-204)",
        "    Reino de Asturias – Reino de Castilla: 2 turns of clashes in a row (war at 3, O-204)",
        "    Avar Khaganate since 500: Supremacy kan 50, nobles 50 (O-219)",
        "    in Reino de Castilla since 500",
        (
            "    Liga del Norte (liga): members Reino de Castilla, Reino de Asturias;"
            " Leader Reino de Castilla until 503"
        ),
    ):
        assert line + "\n" in text, line
    assert "T480-1" not in text  # expired in 489 (O-245)


def test_fronts_and_war_fatigue() -> None:
    """O-207 .. O-210, AMB-35: Avar Khaganate fights Asturias, weighted by
    the GM as three fronts (6 halves): one beyond its two, +5; Asturias
    fights one full front, no fatigue shown."""
    text = render_orbis_report(full_year())
    assert (
        "      Reino de Asturias: fronts 1, capacity 2\n"
        "      Avar Khaganate: fronts 3, capacity 2; war fatigue +5 on war medidas (O-208)\n"
    ) in text
    data = json.loads(render_orbis_json(full_year()))
    war = data["registry"]["wars"][0]
    assert war["nations"] == ["asturias", "avaros"]
    assert war["fronts"]["avaros"] == {
        "halves": {"asturias": 6},
        "capacity": 2,
        "allies": [],
        "fatigue": 5,
    }
    assert war["fronts"]["asturias"]["fatigue"] == 0


def test_a_vassal_enemy_is_half_a_front() -> None:
    """O-209, AMB-35: Asturias, a vassal, is half a front for its enemy."""
    politics = replace(registry(), fronts={})
    data = json.loads(render_orbis_json(political_year(politics)))
    assert data["registry"]["wars"][0]["fronts"]["avaros"]["halves"] == {"asturias": 1}
    assert "      Avar Khaganate: fronts 0.5, capacity 2\n" in render_orbis_report(
        political_year(politics)
    )


def test_rebellion_backers_stay_secret() -> None:
    """O-231: the rebellion is public, its backer and the GM's private notes
    are not, in the text, the JSON and the wiki; the backer's private report
    says it backs it, the discovering nation's report has its note."""
    turn = full_year()
    public = render_orbis_report(turn) + render_orbis_json(turn) + render_orbis_wiki(turn)
    assert SECRET_NOTE not in public
    assert "backer" not in public and "back the" not in public
    assert '"backers"' not in render_orbis_json(turn)
    rebellion = json.loads(render_orbis_json(turn))["registry"]["rebellions"]
    assert rebellion == [{"nation": "castilla", "since": 500}]
    avars = render_private_report(turn, "avaros")
    assert (
        "Secret (only you):\n  You back the rebellion in Reino de Castilla since 500 (O-231)\n"
    ) in avars
    castilla = render_private_report(turn, "castilla")
    assert f"Secret (only you):\n  {SECRET_NOTE}\n" in castilla
    assert "You back" not in castilla
    assert "Secret" not in render_private_report(turn, "asturias")
    secret = json.loads(render_private_json(turn, "avaros"))["secret"]
    assert secret["backs"] == [{"nation": "castilla", "since": 500, "discovered": False}]


def test_a_discovered_backer_is_shown_to_the_suppressor() -> None:
    """O-231: once discovered, the backer is named in the suppressor's
    private report, still not in public."""
    politics = replace(
        registry(),
        rebellions=(Rebellion("castilla", 500, ("avaros",), frozenset({"avaros"})),),
    )
    turn = political_year(politics)
    assert (
        "  The rebellion in your land since 500 is backed by Avar Khaganate (O-231)"
        in render_private_report(turn, "castilla")
    )
    assert "(discovered by it)" in render_private_report(turn, "avaros")
    assert "backed by" not in render_orbis_report(turn)


def test_private_report_lists_only_the_nations_own_lines() -> None:
    """O-237, O-238: a nation's private report answers its own lines only."""
    turn = full_year()
    avars = render_private_report(turn, "avaros")
    assert "Your political lines:\n  avaros.txt, line 3: Tratado: ofrece paz" in avars
    assert "asturias.txt" not in avars
    own = json.loads(render_private_json(turn, "asturias"))["political_lines"]
    assert own == [
        {
            "nation": "asturias",
            "file": "asturias.txt",
            "line": 2,
            "text": "Declaración: revoca D400-9",
            "accepted": False,
            "words": "no declaration D400-9 in force (O-250)",
        }
    ]


def test_json_registry() -> None:
    """O-237, O-245, O-250, O-259, O-281: the same registry as data, nation
    ids and enum values, deterministic."""
    turn = full_year()
    assert render_orbis_json(turn) == render_orbis_json(full_year())
    data = json.loads(render_orbis_json(turn))
    assert [a["accepted"] for a in data["political_lines"]] == [True, False]
    assert data["politics_notes"] == [
        "Reino de Asturias and Avar Khaganate are at war (third turn of clashes, O-204)"
    ]
    registry_data = data["registry"]
    treaty = registry_data["treaties"][0]
    assert (treaty["id"], treaty["kind"], treaty["last_year"], treaty["years_left"]) == (
        "T499-1",
        "alliance",
        508,
        8,
    )
    assert treaty["modifiers"] == [
        {"holder": "castilla", "attribute": "MIL", "value": -5, "toward": "avaros"}
    ]
    assert registry_data["declarations"][0]["parties"] == [
        {"nation": "asturias", "since": 499, "notice": 500}
    ]
    assert registry_data["conferences"][0]["proposals"][0]["id"] == "C500-1/P1"
    assert registry_data["civil_wars"][0]["supremacy"] == {"kan": 50, "nobles": 50}
    assert registry_data["organisations"][0]["leader"] == "castilla"
    assert registry_data["vassalages"][0]["forgiven_cycles"] == [495]


def test_wiki_registro() -> None:
    """O-185, O-204, O-237, O-244, O-250: a "Registro" section with the
    treaties in force, the declarations, the vassals and the wars."""
    wiki = render_orbis_wiki(full_year())
    section = wiki[wiki.index("== Registro ==") :]
    assert "|+ Tratados en vigor en 500" in section
    assert (
        "| T499-1 || alianza || Reino de Castilla, Avar Khaganate || ayuda mutua contra los"
        " francos || Reino de Castilla -5 MIL toward Avar Khaganate || 499 || 508"
    ) in section
    assert "| D499-1 || neutralidad || Reino de Asturias" in section
    assert "| Reino de Asturias || Reino de Castilla || 498 || sí" in section
    assert "| Reino de Asturias – Avar Khaganate || 499 ||" in section
    assert "Avar Khaganate +5" in section


def test_ids_sort_by_number() -> None:
    """O-237: treaties listed in id order, T500-2 before T500-10."""
    treaties = tuple(
        Treaty(f"T500-{n}", ("castilla", "avaros"), "", TreatyKind.TRADE, 500) for n in (10, 2)
    )
    text = render_orbis_report(political_year(Politics(treaties=Treaties(treaties))))
    assert text.index("T500-2 comercio") < text.index("T500-10 comercio")
