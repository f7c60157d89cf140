"""The reports of an Orbis year: public text, JSON and MediaWiki, and each
nation's private report with the odds of its statistics."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.margins import Roll, level_of
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.register import seeded
from adjudicator.rulesets.orbis.precedent import EMPTY_HISTORY
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import GmInput, OrbisOrder, OrbisResolution, resolve_year
from orders.issues import IssueKind, OrderIssue, Source
from orders.orbis.model import Event, EventModifier, OrbisNames, ParsedGm, Veto
from orders.orbis.reader import read_post
from renderers.orbis.private import odds, render_private_json, render_private_report
from renderers.orbis.report import OrbisTurnReport, render_orbis_json, render_orbis_report
from renderers.orbis.wiki import render_orbis_wiki

SHEETS = Path(__file__).parent / "sheets"
NATIONS = read_sheets(SHEETS)
NAMES = {n.id: n.name for n in NATIONS}
BOOK = OrbisNames({n.id: (n.name, *n.aliases) for n in NATIONS})


def start() -> OrbisState:
    return OrbisState(Phase(500, None, TURN), 500, NATIONS, politics=seeded(NATIONS, 500))


def gm(
    *,
    secret: Sequence[str] = (),
    events: Sequence[Event] = (),
    vetoes: Sequence[Veto] = (),
) -> GmInput:
    parsed = ParsedGm(500, tuple(events), tuple(vetoes), (), (), frozenset(secret), ())
    return GmInput("gm", parsed)


def posts(**texts: str) -> list[OrbisOrder]:
    orders: list[OrbisOrder] = []
    for power, text in texts.items():
        post = read_post(text, file=f"{power}.txt", power=power, names=BOOK)
        assert not post.issues, post.issues
        orders += [*post.medidas, *post.spends, *post.no_defence]
    return orders


def resolve(orders: Sequence[OrbisOrder], secret: str = "s") -> OrbisResolution:
    return resolve_year(start(), orders, OrbisOptions(), Dice(secret, "g", "500-medidas"))


def report(resolution: OrbisResolution, **extra: object) -> OrbisTurnReport:
    return OrbisTurnReport(resolution, NAMES, "Hispania", "Orbis Terrarum", **extra)  # type: ignore[arg-type]


def year_500() -> OrbisResolution:
    return resolve(
        posts(
            castilla="Nuestros ejércitos marchan.\nMedida: Ofensiva contra Asturias",
            avaros="Medida: Comercio",
        )
    )


def test_header_options_and_silent_nations() -> None:
    """O-011, O-005: the header names the game, the ruleset, the year
    resolved and the options that differ; a nation that posted no medida is
    named."""
    turn = report(year_500(), changed_options={"margin": "absolute", "cycle": 4})
    text = render_orbis_report(turn)
    lines = text.splitlines()
    assert lines[0] == "Hispania — Orbis Terrarum"
    assert lines[1] == "Year 500 resolved"
    assert lines[2] == "Options that differ from the defaults: cycle = 4, margin = absolute"
    assert "No medida from: Reino de Asturias" in lines
    assert text.endswith("Next year: 501\n")
    assert "Nuestros ejércitos" not in text  # the narrative is not quoted (O-011)


def test_medida_block_exterior_with_counter() -> None:
    """O-011, O-012, O-014, O-022, O-043, O-045, O-126, O-134, O-186, AMB-34:
    the medida as written, its threshold from its two attributes, the d100
    rolled, the modifiers by source, r', M and level; the target's automatic
    counter-measure carries its stability penalty (+15, VIA at 0) and, as a
    vassal without a player, the vassal condition (+10, counter-measures
    included); it fails, so the E stands."""
    resolution = year_500()
    faces = {(r.purpose, r.index): r.result for r in resolution.rolls}
    assert faces[("medida:castilla", 0)] == 29
    assert faces[("counter:asturias:castilla", 0)] == 15
    text = render_orbis_report(report(resolution))
    block = [
        "Reino de Castilla — Medida: Ofensiva contra Asturias",
        (
            "  Ofensiva (MIL 20 + GES 30) u = 50; d100 = 29; modifiers: none; r' = 29;"
            " M = 42.0 → exitoso (E)"
        ),
        (
            "  Counter-measure of Reino de Asturias (Defensa): Ofensiva (MIL 16 + GES 16) u = 32; d100 = 15;"
            " modifiers: +15 estabilidad, +10 vasallo, total +25; r' = 40; M = 11.8 → levemente fallido (LF)"
        ),
        "  Result: Reino de Castilla prevails at E; effect: asturias -0 VIA (already empty)",
    ]
    assert "\n".join(block) in text


def test_domestic_medida_with_kind_condition() -> None:
    """O-014, O-045, O-177, AMB-20: a horde's +10 ECN shows as a condition by
    name; r' = 19 + 10; M = 100·(45 − 29)/45 = 35.6 is E."""
    text = render_orbis_report(report(year_500()))
    assert (
        "Avar Khaganate — Medida: Comercio\n"
        "  Comercio (ECN 15 + GES 30) u = 45; d100 = 19; modifiers: +10 tipo de nación,"
        " total +10; r' = 29; M = 35.6 → exitoso (E)\n"
        "  Result: Avar Khaganate prevails at E; effect: avaros: bonus -8 on ECN until 504"
    ) in text


def test_event_modifier_quoted_by_source() -> None:
    """O-009, O-045, O-046, O-049: an event's +5 MIL falls on Ofensiva
    (MIL + GES) and is quoted with its source; r' = d100 + 5."""
    plague = Event("Peste", 500, (EventModifier("castilla", "MIL", 5, 502),))
    resolution = resolve([*posts(castilla="Medida: Ofensiva contra Asturias"), gm(events=[plague])])
    face = next(r.result for r in resolution.rolls if r.purpose == "medida:castilla")
    text = render_orbis_report(report(resolution))
    assert "  Event: Peste" in text
    assert f"d100 = {face}; modifiers: +5 MIL (event: Peste), total +5; r' = {face + 5};" in text


def test_vetoed_medida_refused_with_reason() -> None:
    """O-002: a medida the GM vetoes is refused with his reason, no die."""
    resolution = resolve(
        [
            *posts(castilla="Medida: Ofensiva contra Asturias"),
            gm(vetoes=[Veto("castilla", "absurd")]),
        ]
    )
    text = render_orbis_report(report(resolution))
    assert "  Refused: vetoed by the GM (ASB, O-002): absurd" in text
    assert "medida:castilla" not in text


def test_purchase_listed_and_its_bonus_quoted() -> None:
    """O-138, O-045, O-055, AMB-17: a −6 bought with 5 RQU is listed under the
    purchases, quoted on the roll it applies to, and paid from RQU (10 → 5);
    silent nations are listed by name."""
    resolution = resolve(
        posts(castilla="Gasto: 5 RQU en -6 a INT.\nMedida: Espionaje contra Asturias")
    )
    text = render_orbis_report(report(resolution))
    assert "No medida from: Avar Khaganate, Reino de Asturias" in text
    assert "Purchases:\n  Reino de Castilla: 5 RQU: a -6 bonus on INT (O-138), bought 1\n" in text
    assert "modifiers: -6 INT (purchase: purchase:rqu_autoridad_bonus:500), total -6;" in text
    castilla = text.split("Reino de Castilla  ")[-1].split()
    assert castilla[:4] == ["45/50", "40/45", "5", "2"]


def test_nations_table_after_the_year() -> None:
    """O-122, O-124, O-125, O-126, O-132 .. O-136: VIA and LEG against their
    capacities after the year, RQU, PRO and the stability penalty."""
    text = render_orbis_report(report(year_500()))
    table = text.split("Nations after 500:\n")[1].split("\n\n")[0].splitlines()
    assert table[0].split() == ["Nation", "VIA", "LEG", "RQU", "PRO", "Stability"]
    rows = {" ".join(line.split()[:-5]): line.split()[-5:] for line in table[1:]}
    assert rows["Reino de Castilla"] == ["45/50", "40/45", "10", "2", "+0"]
    assert rows["Reino de Asturias"] == ["0/48", "48/48", "0", "0", "+15"]
    assert rows["Avar Khaganate"] == ["70/70", "45/45", "3", "0", "+0"]


def test_dice_receipts_and_issues() -> None:
    """O-012: every d100 is listed, sorted by purpose, with the receipts and
    the order issues."""
    issue = OrderIssue(IssueKind.SYNTAX, "unknown statistic 'Ofensa'", Source("a.txt", 3, "x"))
    turn = report(year_500(), receipts=(Receipt("castilla.txt", "ab" * 32),), issues=(issue,))
    text = render_orbis_report(turn)
    assert (
        "Dice rolls:\n"
        "  counter:asturias:castilla #0: d100 -> 15\n"
        "  medida:avaros #0: d100 -> 19\n"
        "  medida:castilla #0: d100 -> 29\n"
    ) in text
    assert f"  castilla.txt: {'ab' * 32}" in text
    assert "  a.txt, line 3: unknown statistic 'Ofensa'" in text


def test_json_report() -> None:
    """O-012, O-014, O-045, O-027: the JSON holds each medida's threshold,
    die, modifiers, r', exact margin and level, the nations and the rolls."""
    resolution = year_500()
    out = render_orbis_json(report(resolution, file_powers={"a.txt": "castilla"}))
    assert out.endswith("}\n")
    data = json.loads(out)
    assert out == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["year"] == 500 and data["next_year"] == 501
    assert data["no_medida"] == ["asturias"]
    castilla = next(m for m in data["medidas"] if m["nation"] == "castilla")
    assert castilla["written"] == "Medida: Ofensiva contra Asturias"
    assert castilla["roll"]["threshold"] == 50
    assert castilla["roll"]["d100"] == 29
    assert castilla["roll"]["margin"] == "42"
    assert castilla["counter"]["modifiers"] == ["+15 estabilidad", "+10 vasallo", "total +25"]
    assert castilla["counter"]["margin"] == "200/17"
    assert castilla["level"] == "E" and castilla["prevails"] is True
    assert castilla["effect"] == "asturias -0 VIA (already empty)"
    asturias = next(n for n in data["nations"] if n["nation"] == "asturias")
    assert asturias["via"] == 0 and asturias["stability_penalty"] == 15
    assert [(r["purpose"], r["result"]) for r in data["rolls"]] == [
        ("counter:asturias:castilla", 15),
        ("medida:avaros", 19),
        ("medida:castilla", 29),
    ]


def test_wiki_tables() -> None:
    """O-011, O-012, O-014, O-045, O-124, O-125, O-136: the medidas table
    (nation, medida as written, statistic, u, d100, modifiers, r', M, level,
    counter, result, effect) and the nations table (VIA x/cap, LEG x/cap,
    RQU, PRO); O-185, O-237: the registry's table of vassals follows."""
    wiki = render_orbis_wiki(report(year_500()))
    assert wiki.count('{| class="wikitable"') == 3 and wiki.count("|}") == 3
    assert "| Reino de Asturias || Reino de Castilla || 500 || sí" in wiki
    assert (
        "| Reino de Castilla || Medida: Ofensiva contra Asturias || Ofensiva || 50 || 29 ||"
        " total +0 || 29 || 42.0 || E || Reino de Asturias: u = 32, d100 = 15, r′ = 40,"
        " M = 11.8, LF || E || asturias -0 VIA (already empty)"
    ) in wiki
    assert "| Avar Khaganate || Medida: Comercio || Comercio || 45 || 19 ||" in wiki
    assert "+10 tipo de nación<br/>total +10" in wiki
    assert "| Reino de Asturias || 0/48 || 48/48 || 0 || 0" in wiki
    assert "| Reino de Castilla || 45/50 || 40/45 || 10 || 2" in wiki


def test_wiki_cell_escapes_pipes() -> None:
    """O-011: a medida written with a pipe cannot break the wiki table."""
    resolution = year_500()
    result = resolution.results[0]
    medida = result.medida
    assert medida.source is not None
    odd = replace(medida, source=replace(medida.source, text="Medida: Comercio | x"))
    changed = replace(resolution, results=(replace(result, medida=odd), *resolution.results[1:]))
    assert "Comercio &#124; x" in render_orbis_wiki(report(changed))


def secret_year(seed: str) -> OrbisResolution:
    return resolve(
        [
            *posts(castilla="Medida: Ofensiva contra Asturias", avaros="Medida: Comercio"),
            gm(secret=["castilla"]),
        ],
        seed,
    )


def test_secret_medida_stays_private() -> None:
    """O-011, O-043: a secret medida whose counter-measure fails is not in
    the public text, JSON or wiki (nor its dice), and is in its nation's
    private report only."""
    resolution = secret_year("seed0")
    castilla = next(r for r in resolution.results if r.medida.power == "castilla")
    assert castilla.secret and not castilla.public
    turn = report(resolution)
    text, data, wiki = render_orbis_report(turn), render_orbis_json(turn), render_orbis_wiki(turn)
    for public in (text, data, wiki):
        assert "Ofensiva contra Asturias" not in public
        assert "medida:castilla" not in public
        assert "counter:asturias:castilla" not in public
        assert "Comercio" in public  # the open medida is still there
    assert "Reino de Castilla —" not in text
    assert "castilla" not in json.loads(data)["no_medida"]
    private = render_private_report(turn, "castilla")
    assert "Your secret medidas (not in the public report):" in private
    assert "Reino de Castilla — Medida: Ofensiva contra Asturias" in private
    assert "d100 = 29" in private
    assert json.loads(render_private_json(turn, "castilla"))["secret_medidas"][0]["written"] == (
        "Medida: Ofensiva contra Asturias"
    )
    assert "Ofensiva contra Asturias" not in render_private_report(turn, "avaros")
    assert json.loads(render_private_json(turn, "avaros"))["secret_medidas"] == []


def test_secret_medida_revealed_by_the_counter_measure() -> None:
    """O-022, O-043: a secret medida whose target's counter-measure succeeds
    is revealed and reported publicly."""
    resolution = secret_year("seed41")
    castilla = next(r for r in resolution.results if r.medida.power == "castilla")
    assert castilla.outcome is not None and castilla.outcome.counter is not None
    assert castilla.outcome.counter.level is not None and castilla.outcome.counter.level.success
    turn = report(resolution)
    assert "Reino de Castilla — Medida: Ofensiva contra Asturias" in render_orbis_report(turn)
    assert "Ofensiva contra Asturias" in render_orbis_wiki(turn)
    assert "Your secret medidas" not in render_private_report(turn, "castilla")


def test_private_report_sheet_modifiers_and_odds() -> None:
    """O-014, O-045, O-055, O-079, O-124, O-125: the private report shows the
    sheet, the 25 statistics, the active modifiers with source and end, and
    each statistic's odds for next year (Comercio u = 45 with −6 ECN: faces
    1..51 succeed, 51.0%)."""
    turn = report(year_500())
    text = render_private_report(turn, "castilla")
    assert "Private report for Reino de Castilla, year 500" in text
    assert "  Dominio: MIL 20, AUX 10, ECN 15, CLT 20, ADM 15" in text
    assert "  Autoridad: GES 30, LEA 10, TCN 15, INT 10, PRS 15" in text
    assert "  -6 ECN (purchase: compra de 500) until 504" in text
    stats = text.split("odds of success in 501:\n")[1].splitlines()
    assert len(stats) == 25
    assert stats[0].split() == ["Ofensiva", "u", "=", "50", "(MIL", "+", "GES)", "50.0%"]
    comercio = next(line for line in stats if line.split()[0] == "Comercio")
    assert comercio.split()[-1] == "51.0%"
    data = json.loads(render_private_json(turn, "castilla"))
    assert data["statistics"]["ofensiva"] == 50 and len(data["statistics"]) == 25
    assert data["odds"]["comercio"] == {"fraction": "51/100", "percent": "51.0%"}
    assert data["modifiers"] == [
        {
            "attribute": "ECN",
            "value": -6,
            "until": 504,
            "kind": "purchase",
            "source": "compra de 500",
        }
    ]
    assert data["indices"]["via"] == 45 and data["indices"]["via_capacity"] == 50
    with pytest.raises(KeyError):
        render_private_report(turn, "nobody")


def nation(*records: Modifier, via: int = 50) -> Nation:
    castilla = next(n for n in NATIONS if n.id == "castilla")
    return replace(castilla, via=via, modifiers=records)


def mod(attribute: Attribute, value: int, until: int = 510) -> Modifier:
    return Modifier(attribute, value, until, ModifierKind.EVENT, "test")


def test_odds_plain_threshold() -> None:
    """O-014, O-015, O-019: u = 50 without modifiers: faces 1..49 below, 50
    equal (a domestic success), so 50%; exterior, r' = u is left to the
    counter-measure (AMB-36): 49%."""
    assert odds(nation(), Statistic.OFENSIVA, 501, EMPTY_HISTORY) == Fraction(1, 2)
    assert odds(nation(), Statistic.OFENSIVA, 501, EMPTY_HISTORY, domestic=False) == Fraction(
        49, 100
    )


def test_odds_natural_one_and_hundred() -> None:
    """O-017, O-018, O-045, O-078: +50 on Ofensiva (two capped pools) leaves
    only the natural 1; −50 succeeds on every face but the natural 100."""
    worst = nation(mod(Attribute.MIL, 30), mod(Attribute.GES, 25))
    best = nation(mod(Attribute.MIL, -25), mod(Attribute.GES, -40))
    assert odds(worst, Statistic.OFENSIVA, 501, EMPTY_HISTORY) == Fraction(1, 100)
    assert odds(best, Statistic.OFENSIVA, 501, EMPTY_HISTORY) == Fraction(99, 100)


def test_odds_stability_penalty_and_expiry() -> None:
    """O-132 .. O-134, O-049, AMB-07, AMB-16: VIA at 0 puts +15 on every
    roll (Ofensiva u = 50: faces 1..35); a record past its end does not
    count."""
    broken = nation(mod(Attribute.MIL, 10, until=500), via=0)
    assert odds(broken, Statistic.OFENSIVA, 501, EMPTY_HISTORY) == Fraction(35, 100)
    quarter = nation(via=12)  # 12 of 50 is at or below 25 %: +5
    assert odds(quarter, Statistic.OFENSIVA, 501, EMPTY_HISTORY) == Fraction(45, 100)


@given(
    st.integers(-25, 25),
    st.integers(-25, 25),
    st.sampled_from(list(Statistic)),
)
def test_odds_agree_with_the_level_of_each_face(mil: int, ges: int, statistic: Statistic) -> None:
    """O-012, O-015, O-017 .. O-019, O-045: the odds are the share of faces
    whose domestic level (margins.level_of) is a success."""
    sheet = nation(*(mod(a, v) for a, v in ((Attribute.MIL, mil), (Attribute.GES, ges)) if v))
    total = sum(
        v for a, v in ((Attribute.MIL, mil), (Attribute.GES, ges)) if a in statistic.attributes
    )
    u = sheet.statistic(statistic)
    wins = 0
    for face in range(1, 101):
        level = level_of(Roll(face, total, u))
        assert level is not None
        wins += level.success
    assert odds(sheet, statistic, 501, EMPTY_HISTORY) == Fraction(wins, 100)
