"""What a game's website shows, read from its folder: only public things.

A page per phase of the game (`PhasePage`): the map of the position the
phase starts from (with the orders that led to it, as `mapjudge render`
draws it), and the public report, dice and receipts of the phase resolved
just before, which led to it. The index (`Story`): the game, its ruleset,
its powers and players (names only: never an address), what the rulebook
counts per power phase after phase (`RulesetPlugin.standings`: never the GM's
own view of the position, `describe`, which may hold what a player may not
see), and the dice commitment. Private reports (`reports/<phase>/`), the
mail (`orders/`) and the secret are never opened.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import LoadedGame, earlier_turn
from adjudicator.core.dice import Roll
from adjudicator.core.i18n import T_
from adjudicator.core.messages import message_of
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt, receipts_from_dict, rolls_from_dict
from renderers.timeline import timeline_svg


@dataclass(frozen=True)
class PhasePage:
    """One phase: its map (SVG) and what the phase before it made public."""

    phase: str
    title: str
    map_svg: str
    report: str
    report_of: str
    rolls: tuple[Roll, ...]
    receipts: tuple[Receipt, ...]


@dataclass(frozen=True)
class PowerLine:
    """A power and who plays it."""

    power: str
    name: str
    player: str


@dataclass(frozen=True)
class Timeline:
    """What the rulebook counts per power, phase after phase (`Standings`):
    the measure, each power's name and values, and the chart (SVG text)."""

    measure: str
    rows: tuple[tuple[str, tuple[float, ...]], ...]
    chart_svg: str

    def now(self) -> list[tuple[str, float]]:
        """Each power's value at the last phase, highest first (ties by name)."""
        return sorted(
            ((name, values[-1]) for name, values in self.rows), key=lambda r: (-r[1], r[0])
        )


@dataclass(frozen=True)
class Story:
    """Everything the site shows."""

    name: str
    ruleset: str
    map_name: str
    powers: tuple[PowerLine, ...]
    commitment: str | None
    phases: tuple[PhasePage, ...]
    timeline: Timeline | None = None
    game_over: str | None = None


def read_story(game: LoadedGame) -> Story:
    """The public story of an opened game (call it within the reader's language)."""
    phases = gf.list_phases(game.folder, game.ruleset.calendar)
    states = [gf.read_state_data(game.folder, phase) for phase in phases]
    pages = [
        _page(game, phase, state, phases[k - 1] if k else None)
        for k, (phase, state) in enumerate(zip(phases, states, strict=True))
    ]
    powers = tuple(
        PowerLine(p, game.session.power_name(p), game.config.powers[p].player)
        for p in sorted(game.config.powers)
    )
    return Story(
        name=game.config.name,
        ruleset=game.ruleset.title,
        map_name=game.config.map or game.ruleset.default_map,
        powers=powers,
        commitment=game.config.commitment,
        phases=tuple(pages),
        timeline=_timeline(game, states, [p.title for p in pages]),
        game_over=game.session.game_over(),
    )


def _timeline(
    game: LoadedGame, states: Sequence[Mapping[str, object]], titles: Sequence[str]
) -> Timeline | None:
    """The standings at every phase's state, and their chart; None where the
    game counts nothing."""
    standings = [game.session.standings(state) for state in states]
    powers = sorted({power for s in standings for power in s.values})
    if not powers:
        return None
    rows = tuple(
        (game.session.power_name(power), tuple(s.values.get(power, 0.0) for s in standings))
        for power in powers
    )
    measure = standings[-1].measure
    chart = timeline_svg(titles, measure, dict(rows))
    return Timeline(measure, rows, _inline(chart))


def _page(
    game: LoadedGame, phase: Phase, state: Mapping[str, object], before: Phase | None
) -> PhasePage:
    drawn = game.session.draw(state, lambda: earlier_turn(game, phase), "svg")
    report, rolls, receipts = (
        ("", (), ()) if before is None else _public_report(game.folder, before)
    )
    return PhasePage(
        phase=str(phase.id),
        title=phase.local_title,
        map_svg=_inline(drawn),
        report=report,
        report_of="" if before is None else before.local_title,
        rolls=rolls,
        receipts=receipts,
    )


def _public_report(folder: Path, phase: Phase) -> tuple[str, tuple[Roll, ...], tuple[Receipt, ...]]:
    """The public text of a phase's report and the rolls and receipts of its
    JSON (never its private parts); a damaged JSON is named, not a traceback."""
    text_path, json_path = gf.report_paths(folder, phase)
    text = text_path.read_text(encoding="utf-8") if text_path.is_file() else ""
    if not json_path.is_file():
        return text, (), ()
    try:
        data = json.loads(json_path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise TypeError(T_("not a JSON object"))
        return text, rolls_from_dict(data), receipts_from_dict(data)
    except (ValueError, TypeError) as exc:
        raise gf.GameFolderError(
            T_("{path}: cannot read the report: {problem}", path=json_path, problem=message_of(exc))
        ) from None


def _inline(svg: bytes | None) -> str:
    """An SVG file's text for inlining in HTML (no XML declaration)."""
    if not svg:
        return ""
    text = svg.decode("utf-8")
    if text.startswith("<?xml"):
        text = text.partition("?>")[2].lstrip()
    return text
