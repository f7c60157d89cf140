"""The nation sheets to and from the MediaWiki tables GMs keep today (issue
15: sheets "can be imported from and exported to the wiki tables"): `mapjudge
wiki-table SHEETS OUT` and `mapjudge wiki-sheets TABLE OUT`, round trip."""

from __future__ import annotations

from pathlib import Path

from adjudicator.rulesets.orbis.sheet_files import read_sheets
from tests.cli_runner import run

SHEETS = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500" / "sheets"


def test_sheets_go_to_a_wiki_table_and_back(tmp_path: Path) -> None:
    """O-079 .. O-092, O-122 .. O-136: attributes, indices and resources survive."""
    table = tmp_path / "naciones.wiki"
    made = run("wiki-table", str(SHEETS), str(table))
    assert made.exit_code == 0, made.output
    assert table.read_text(encoding="utf-8").startswith('{| class="wikitable')
    back = tmp_path / "sheets"
    read = run("wiki-sheets", str(table), str(back))
    assert read.exit_code == 0, read.output
    before = {n.name: n for n in read_sheets(SHEETS)}
    after = {n.name: n for n in read_sheets(back)}
    assert set(after) == set(before)
    for name, nation in before.items():
        again = after[name]
        assert dict(again.attributes) == dict(nation.attributes), name
        assert (again.via, again.leg, again.rqu, again.pro) == (
            nation.via,
            nation.leg,
            nation.rqu,
            nation.pro,
        )


def test_a_broken_table_is_refused_with_a_message(tmp_path: Path) -> None:
    table = tmp_path / "bad.wiki"
    table.write_text(
        '{| class="wikitable"\n! Nación !! MILL\n|-\n| Francos || 20\n|}\n', encoding="utf-8"
    )
    result = run("wiki-sheets", str(table), str(tmp_path / "out"))
    assert result.exit_code == 1 and "bad.wiki" in result.output
