"""The command `genes` adds to `mapjudge`: `region`, which draws a region for
N players by the rulebook's four steps (002 §3)."""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.core.files import atomic_write
from texts import _


@click.command()
@click.argument("out", metavar="OUT.yaml", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--players",
    "players",
    required=True,
    help="Player names in drawing order, comma-separated, or a count (2-9).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="The drawing's seed.")
@click.option("--name", "region_name", default="generated", help="The region's name.")
def region(out: Path, players: str, seed: int, region_name: str) -> None:
    """genes: draw a region for N players (002 §3) into OUT.yaml, and its map beside it."""
    from maps.genes.generate import default_players, generate_region, region_yaml
    from renderers.genes.map import render_genes_map

    names = tuple(p.strip() for p in players.split(",") if p.strip())
    if len(names) == 1 and names[0].isdigit():
        names = default_players(int(names[0]))
    drawn = generate_region(names, seed, region_name)
    atomic_write(out, region_yaml(drawn))
    image = out.with_suffix(".png")
    atomic_write(image, render_genes_map(drawn, None, title=drawn.title))
    steps = ", ".join(
        _("{step} by {player}").format(step=step, player=who)
        for step, who in drawn.drawn_by.items()
    )
    wrote = _("wrote {file} and {image}: {n} countries ({steps})")
    click.echo(wrote.format(file=out, image=image, n=len(drawn.countries), steps=steps))
    order = _("countries are chosen in this order: {countries}")
    click.echo(order.format(countries=", ".join(drawn.choice_order)))
