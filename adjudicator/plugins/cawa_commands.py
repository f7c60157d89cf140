"""The command `cawa` adds to `mapjudge`: `seal`, for a playing referee
("lo que conoce el árbitro lo debe conocer el resto", CC-A-3, AC-48): he
publishes the SHA-256 of his own declaration files before any other player's
arrives; the report of the phase later lists the SHA-256 of every file it
read (its receipts), so every player can check that the referee's file is
the one he sealed."""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.core.dice import file_digest


@click.command()
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True, dir_okay=False)
)
def seal(files: tuple[Path, ...]) -> None:
    """cawa: print the SHA-256 of FILES (a playing referee's own declarations),
    to publish before the other players send theirs (CC-A-3, AC-48)."""
    for path in files:
        click.echo(f"{file_digest(path.read_bytes())}  {path.name}")
