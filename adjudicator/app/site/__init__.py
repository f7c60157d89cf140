"""A game's story as a static website (issue 21): `mapjudge site DIR OUT`.

`story.read_story` gathers what is public of a game folder (the game, its
powers and players, every phase's map, public report, dice and receipts, the
dice commitment); `pages.write_site` writes it as plain HTML and CSS from the
Jinja2 templates beside this module, with each map's SVG inline (its hover
titles work from `file://`, no server and no script needed). Nothing from a
private report, a player's mail or the dice secret is ever read.
"""
