"""Nation sheets in YAML and in MediaWiki tables: reading, problems, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.sheet_files import (
    SheetProblems,
    WikiTableProblem,
    nation_slug,
    read_sheets,
    read_wiki_table,
    sheet_from_dict,
    sheet_to_dict,
    sheet_yaml,
    wiki_table,
)
from maps.safe_yaml import load_yaml

A = Attribute
SHEETS = Path(__file__).parent / "sheets"


def by_id() -> dict[str, Nation]:
    return {n.id: n for n in read_sheets(SHEETS)}


def test_example_sheets_spanish_keys() -> None:
    """O-079 .. O-091, O-124, O-125: castilla.yaml in Spanish keys."""
    castilla = by_id()["castilla"]
    assert castilla.name == "Reino de Castilla"
    assert castilla.aliases == ("Castilla",)
    assert castilla.player == "alicia"
    assert castilla.kind is NationKind.STATE
    assert castilla.colour == "#b03a2e"
    assert castilla.value(A.MIL) == 20 and castilla.value(A.GES) == 30
    assert (castilla.via, castilla.leg, castilla.rqu, castilla.pro) == (45, 40, 10, 2)
    assert castilla.modifiers == (Modifier(A.ECN, -6, 504, ModifierKind.PURCHASE, "compra de 500"),)


def test_example_sheets_english_keys_and_defaults() -> None:
    """O-176, O-201, AMB-14: avaros.yaml in English, a horde without a player; absent
    indices are full, absent PRO is 0."""
    avars = by_id()["avaros"]
    assert avars.kind is NationKind.HORDE
    assert avars.player is None
    assert avars.value(A.ADM) == 25 and avars.value(A.PRS) == 25
    assert (avars.via, avars.leg) == (avars.via_capacity, avars.leg_capacity) == (70, 45)
    assert (avars.rqu, avars.pro) == (3, 0)


def test_example_vassal() -> None:
    """O-149: asturias.yaml, a NsJ tributary of castilla, VIA at 0."""
    asturias = by_id()["asturias"]
    assert asturias.vassal_of == "castilla"
    assert (asturias.via, asturias.leg) == (0, 48)


def test_round_trip_dict_and_yaml() -> None:
    """O-079 .. O-136: sheet_to_dict and sheet_from_dict are an exact round trip, also as YAML."""
    for nation in read_sheets(SHEETS):
        data = sheet_to_dict(nation)
        assert sheet_from_dict(data) == nation
        assert sheet_from_dict(load_yaml(sheet_yaml(nation), "x.yaml")) == nation
        assert sheet_to_dict(sheet_from_dict(data)) == data


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


GOOD = """\
name: Good
dominio: {MIL: 16, AUX: 16, ECN: 16, CLT: 16, ADM: 16}
autoridad: {GES: 16, LEA: 16, TCN: 16, INT: 16, PRS: 16}
"""


def problems(tmp_path: Path) -> str:
    with pytest.raises(SheetProblems) as caught:
        read_sheets(tmp_path)
    return str(caught.value)


def test_unknown_key_with_suggestion(tmp_path: Path) -> None:
    """O-082: a misspelt attribute is named with file, key and the nearest name."""
    write(tmp_path, "a.yaml", GOOD + "Fuerza Militr: 3\n")
    text = problems(tmp_path)
    assert "a.yaml: Fuerza Militr: unknown key" in text
    assert "Fuerza Militar" in text


def test_index_above_capacity(tmp_path: Path) -> None:
    """O-124, AMB-16: VIA above MIL + ADM + ECN is refused, naming the value and capacity."""
    write(tmp_path, "a.yaml", GOOD + "Viabilidad: 49\n")
    text = problems(tmp_path)
    assert "a.yaml: Viabilidad: 49 is above 48" in text


def test_negative_points_and_bad_kind(tmp_path: Path) -> None:
    """O-136, O-176: RQU is 0 or more; the kind is estado/horda/hueste/colonia; all problems
    of all files are reported together."""
    write(tmp_path, "a.yaml", GOOD + "RQU: -1\ntipo: hordas\n")
    write(tmp_path, "b.yaml", "name: B\n")
    with pytest.raises(SheetProblems) as caught:
        read_sheets(tmp_path)
    text = str(caught.value)
    assert "a.yaml: RQU: -1 is below 0" in text
    assert "a.yaml: tipo: 'hordas' is not a kind of nation" in text
    assert "horda" in text
    assert "b.yaml: MIL: missing" in text
    assert "b.yaml: PRS: missing" in text
    assert isinstance(caught.value, ValueError)
    assert len(caught.value.issues) >= 12


def test_attribute_in_the_wrong_group(tmp_path: Path) -> None:
    """O-079: GES is Autoridad, not Dominio; an attribute given twice is refused."""
    text = GOOD.replace("ADM: 16}", "ADM: 16, GES: 3}") + "MIL: 4\n"
    write(tmp_path, "a.yaml", text)
    found = problems(tmp_path)
    assert "dominio.GES: GES is not a Dominio attribute" in found
    assert "repeats" in found


def test_cross_file_problems(tmp_path: Path) -> None:
    """O-149: a patron must be one of the sheets; two nations cannot share a name."""
    write(tmp_path, "a.yaml", GOOD + "vassal_of: castila\n")
    write(tmp_path, "castilla.yaml", GOOD)
    text = problems(tmp_path)
    assert "a.yaml: vassal_of: 'castila' is not a nation" in text
    assert "castilla" in text
    assert "'Good' is also a's" in text


def test_bad_modifier(tmp_path: Path) -> None:
    """O-045, AMB-13: a modifier names an attribute, a value, an end year and a kind."""
    write(tmp_path, "a.yaml", GOOD + "modifiers:\n  - {attribute: XYZ, value: 2, source: e}\n")
    text = problems(tmp_path)
    assert "modifiers[1].attribute" in text
    assert "modifiers[1].until: missing" in text


def test_yaml_syntax_error(tmp_path: Path) -> None:
    """O-079: a broken file is a problem of that file, not a crash."""
    write(tmp_path, "a.yaml", "name: [unclosed\n")
    assert "a.yaml" in problems(tmp_path)


def test_wiki_table_text() -> None:
    """O-124, O-125, O-136: one row per nation: name, ten attributes, VIA/LEG with capacity,
    RQU, PRO."""
    castilla = by_id()["castilla"]
    text = wiki_table([castilla])
    assert text.startswith('{| class="wikitable')
    assert text.rstrip().endswith("|}")
    assert (
        "| Reino de Castilla || 20 || 10 || 15 || 20 || 15 || 30 || 10 || 15 || 10 || 15"
        " || 45/50 || 40/45 || 10 || 2"
    ) in text


def test_wiki_round_trip() -> None:
    """O-079 .. O-136: read_wiki_table(wiki_table(nations)) gives the table's content back."""
    nations = read_sheets(SHEETS)
    back = read_wiki_table(wiki_table(nations))
    assert wiki_table(back) == wiki_table(nations)
    plain = [
        Nation(nation_slug(n.name), n.name, n.attributes, n.via, n.leg, n.rqu, n.pro)
        for n in nations
    ]
    assert list(back) == plain


GM_PAGE = """\
Some prose before the table.
{| class="wikitable"
|+ Naciones en 505
! Nación
! Fuerza Militar !! AUX !! ECN !! CLT !! ADM !! Gestión !! LEA !! TCN !! INT !! Prestigio
! Riqueza !! VIA
|-
| [[Imperio Bizantino|'''Bizancio''']]
| 25 || 15 || 20 || 10 || 10 || style="color:red" | 20 || 20 || 10 || 15 || 15
| 12 || 50
|}
"""


def test_read_a_gm_page() -> None:
    """O-079 .. O-136: a GM's table: names in Spanish, cells on several lines, links and
    bold, cell styles; LEG and PRO absent: full and 0."""
    (bizancio,) = read_wiki_table(GM_PAGE)
    assert bizancio.id == "bizancio" and bizancio.name == "Bizancio"
    assert bizancio.value(A.MIL) == 25 and bizancio.value(A.GES) == 20
    assert (bizancio.via, bizancio.leg, bizancio.rqu, bizancio.pro) == (50, 45, 12, 0)


def test_row_header_cells() -> None:
    """O-079: a GM table may write the nation's name as a row header (`! Bizancio`)."""
    page = GM_PAGE.replace("| [[Imperio Bizantino|'''Bizancio''']]", "! Bizancio")
    assert page != GM_PAGE
    (bizancio,) = read_wiki_table(page)
    assert bizancio.name == "Bizancio"
    assert bizancio.value(A.PRS) == 15


def test_wiki_problems() -> None:
    """AMB-16, O-124: a capacity that does not match, a value that is not a number, an
    unknown column, all reported."""
    bad = GM_PAGE.replace("| 12 || 50", "| x || 60/60")
    with pytest.raises(WikiTableProblem) as caught:
        read_wiki_table(bad)
    text = str(caught.value)
    assert "RQU: 'x' is not a whole number" in text
    assert "capacity 60 is not 55" in text
    with pytest.raises(WikiTableProblem, match="Prestigo"):
        read_wiki_table(GM_PAGE.replace("Prestigio", "Prestigo"))
    with pytest.raises(WikiTableProblem, match="columns missing: TCN"):
        read_wiki_table(GM_PAGE.replace("!! TCN ", "").replace("| 10 || 15 || 15", "| 15 || 15"))
