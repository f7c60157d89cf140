"""Trust, the orders part, for genes declarations (Trust #1, #2, #6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from tests.cli_runner import run, write_mail


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    assert run("new", "genes", folder).exit_code == 0
    return folder


def test_a_country_file_cannot_declare_for_another_country(game: Path) -> None:
    """Trust #2: `Llevant: taxes` in ponent.txt is refused, naming both."""
    files = write_mail(game, {"ponent.txt": "taxes\nLlevant: taxes\n"})
    result = run("check", game, *files)
    assert result.exit_code == 1
    assert (
        "ponent.txt, line 2: illegal: ponent.txt holds Ponent's orders: "
        "Ponent cannot give orders for Llevant's units (refused)"
    ) in result.stdout, result.output
    assert "Ponent (ponent.txt): 1 order(s)" in result.stdout


def test_an_empty_declaration_file_is_a_problem(game: Path) -> None:
    """Trust #1, #6: a file from which nothing was read names itself."""
    files = write_mail(game, {"ponent.txt": "Subject: torn 1\nFrom: Berenguer <b@example.org>\n"})
    result = run("check", game, *files)
    assert result.exit_code == 1
    assert "ponent.txt: syntax: no orders: every line was skipped" in result.stdout


def test_countries_with_no_declarations_are_named(game: Path) -> None:
    """Trust #6: check and the report name the countries that sent nothing."""
    files = write_mail(game, {"ponent.txt": "Ponent:\ntaxes\n"})
    checked = run("check", game, *files)
    assert "No orders from: La Serra, Llevant" in checked.stdout, checked.output
    judged = run("adjudicate", game, *files)
    assert "No declarations from: La Serra, Llevant" in judged.stdout, judged.output


def test_mail_prose_in_a_declaration_file_is_ignored_text(game: Path) -> None:
    """Trust #3: greetings, thanks and a signature are listed as ignored, not
    problems; a misspelt action stays a problem with its "did you mean"."""
    text = "Dear GM,\nHola GM,\nPonent:\n1. taxes\nGràcies!\nBerenguer\n"
    result = run("check", game, *write_mail(game, {"ponent.txt": text}))
    assert result.exit_code == 0, result.output
    assert "Ponent (ponent.txt): 1 order(s), no problems, 4 line(s) ignored" in result.stdout
    assert "ponent.txt, line 1: ignored: not a declaration" in result.stdout
    typo = run("check", game, *write_mail(game, {"ponent.txt": "Hola GM,\nfortificr Castellnou\n"}))
    assert typo.exit_code == 1
    assert "unknown action 'fortificr': did you mean 'fortificar <ciutat>'?" in typo.stdout


def test_ignored_text_is_listed_in_the_report_not_as_a_problem(game: Path) -> None:
    """Trust #3: the report lists ignored lines apart; they do not make exit code 1."""
    files = write_mail(
        game,
        {
            "ponent.txt": "Hola GM,\nPonent:\ntaxes\n",
            "serra.txt": "La Serra\ntaxes\n",
            "llevant.txt": "Llevant:\ntaxes\n",
        },
    )
    result = run("adjudicate", game, *files)
    assert result.exit_code == 0, result.output
    assert "== Ignored (not declarations) ==" in result.stdout
    assert "== Problems in the declarations ==" not in result.stdout
    assert "No declarations from" not in result.stdout
