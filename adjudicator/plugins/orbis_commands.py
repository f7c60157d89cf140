"""The commands `orbis` adds to `mapjudge`: the nation sheets to and from the
MediaWiki tables GMs keep today on their wiki pages (issue 15)."""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.core.files import atomic_write
from adjudicator.rulesets.orbis.sheet_files import (
    read_sheets,
    read_wiki_table,
    sheet_yaml,
    wiki_table,
)
from texts import Text, ngettext, tr

FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


def message_of(exc: Exception) -> str:
    """An error's message, in the language being written when it is a `Text`."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Text):
        return tr(exc.args[0])
    return str(exc)


@click.command("wiki-table")
@click.argument("sheets", type=FOLDER)
@click.argument("out", type=FILE)
def wiki_table_command(sheets: Path, out: Path) -> None:
    """orbis: write the nation sheets of SHEETS as one MediaWiki table in OUT."""
    try:
        nations = read_sheets(sheets)
    except ValueError as exc:
        raise click.ClickException(message_of(exc)) from None
    atomic_write(out, wiki_table(nations).encode("utf-8"))
    count = len(nations)
    said = ngettext("wrote {out}: {n} nations", "wrote {out}: {n} nations", count)
    click.echo(said.format(out=out, n=count))


@click.command("wiki-sheets")
@click.argument("table", type=FILE)
@click.argument("out", type=FOLDER)
def wiki_sheets_command(table: Path, out: Path) -> None:
    """orbis: read the MediaWiki table in TABLE (a GM's wiki page) and write
    one sheet per nation in OUT (`<nation>.yaml`)."""
    try:
        nations = read_wiki_table(table.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise click.ClickException(f"{table}: {message_of(exc)}") from None
    out.mkdir(parents=True, exist_ok=True)
    for nation in nations:
        atomic_write(out / f"{nation.id}.yaml", sheet_yaml(nation).encode("utf-8"))
    count = len(nations)
    said = ngettext("wrote {n} sheets in {out}", "wrote {n} sheets in {out}", count)
    click.echo(said.format(out=out, n=count))
