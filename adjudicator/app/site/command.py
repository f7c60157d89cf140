"""`mapjudge site DIR OUT [--lang]`: the game's story as a static website (issue 21)."""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.app.errors import spoken, told
from adjudicator.app.game import open_game
from adjudicator.app.guard import using_folder
from adjudicator.app.languages import gm_language, lang_option
from texts import T_

FOLDER = click.Path(path_type=Path, file_okay=False)


@click.command("site")
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("out", metavar="OUT", type=FOLDER)
@lang_option
def site_command(folder: Path, out: Path, lang: str | None) -> None:
    """Write the game's story as a static website in OUT: an index, a page per
    phase with its map, public report, dice and receipts. Only what is public."""
    if out.resolve().is_relative_to(folder.resolve()):
        raise click.UsageError(str(T_("OUT must lie outside the game folder: {out}", out=out)))
    from adjudicator.app.site.pages import write_site  # Jinja2 and the renderers: only here
    from adjudicator.app.site.story import read_story

    with using_folder(folder, write=False):
        game = open_game(folder)
        gm_language(game.config, lang)
        with spoken():
            story = read_story(game)
            written = write_site(story, out)
    click.echo(told(T_("wrote {n} files into {out}", n=len(written), out=out)))
