"""How the command line fails: one line on stderr and an exit code, never a
traceback for a user's mistake (docs/cli.md)."""

from __future__ import annotations

from typing import Any, NoReturn

import click


class UserError(click.ClickException):
    """A mistake in the user's data: one line on stderr, exit code 1."""

    exit_code = 1


class UsageProblem(click.ClickException):
    """A wrong name on the command line (e.g. the ruleset): exit code 2."""

    exit_code = 2


class ReportedFailure(click.ClickException):
    """Exit code 1 after the output was printed (order problems, failed verification)."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"mapjudge: {self.message}", err=True)


def fail(message: str) -> NoReturn:
    raise UserError(message)
