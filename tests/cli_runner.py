"""`run`: one `mapjudge` command through click's CliRunner, checking that a
user mistake never shows a traceback (exit codes 0/1/2 only)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from adjudicator import cli


def run(*args: str | Path) -> Result:
    """`mapjudge ARGS...`; fails the test on a traceback or an uncaught exception."""
    result = CliRunner().invoke(cli.main, [str(a) for a in args])
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result
