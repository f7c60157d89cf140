"""What a board ruleset adds to the board's report and map: its `BoardRendering`.

The board renderers (`report`, `json_output`, `map_board`, `map_image`) show
what every Diplomacy-style board has: units, supply centres, dislodged units,
the kit's reasons. Whatever else a ruleset's state holds (Machiavelli's
control markers, sieges, autonomous garrisons; its own reasons) reaches them
only through these hooks, as python-chess variants override declared hooks
(DESIGN.md): a ruleset subclasses `BoardRendering` for its state type in
`renderers/<ruleset>/` and overrides what differs. The base class is the
plain board's (`classic`), and is generic over the state it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from adjudicator.kits.board.results import ResultReason
from adjudicator.kits.board.state import GameState
from maps.model import GameMap
from renderers.board.words import REASON_PHRASES, count_line
from texts import N_, _, ngettext

StateT_contra = TypeVar("StateT_contra", bound=GameState, contravariant=True)


@dataclass(frozen=True)
class Mark:
    """A badge the map draws on an area besides units (Machiavelli's famine,
    plague, rebellions and special units): a letter on a disc of `colour`, at
    the area's unit point, its city (`in_city`), or beside the unit `beside`
    (`A FLO`); `legend` names it in the map's legend."""

    area: str
    letter: str
    colour: str
    legend: str
    in_city: bool = False
    beside: str | None = None


class BoardRendering(Generic[StateT_contra]):
    """The plain board's words and pictures; each method a hook a ruleset may
    override for its own state type."""

    # --- words ---------------------------------------------------------------

    @property
    def phrases(self) -> Mapping[ResultReason, str]:
        """Words for every reason the ruleset's results carry."""
        return REASON_PHRASES

    def is_power(self, owner: str) -> bool:
        """Whether the owner of units or orders is a power the report has a
        section for (not, say, Machiavelli's autonomous garrisons)."""
        return True

    def settled_line(self, state: StateT_contra, power: str, game_map: GameMap) -> str:
        """The report's line once holdings are settled for the year (after the
        fall): supply centres against units (Diplomacy rules, "Adjustments")."""
        label = N_("Supply centres")
        return count_line(label, state.centers_of(power), len(state.units_of(power)))

    def holdings_lines(self, state: StateT_contra, power: str, game_map: GameMap) -> list[str]:
        """What `power` holds, for `mapjudge show`: its supply centres."""
        centres = state.centers_of(power)
        line = _("centres ({n}): {centres}").format(
            n=len(centres), centres=", ".join(centres) or "-"
        )
        return ["  " + line]

    def board_notes(self, state: StateT_contra, game_map: GameMap) -> list[str]:
        """Lines `mapjudge show` adds after the powers (none on a plain board)."""
        return []

    def report_sections(self, state: StateT_contra, game_map: GameMap) -> list[str]:
        """Sections the report adds after the powers' (none on a plain board)."""
        return []

    def json_fields(self, state: StateT_contra) -> Mapping[str, object]:
        """Keys the JSON output fills from the state (none on a plain board)."""
        return {}

    # --- the map -------------------------------------------------------------

    def area_owners(self, state: StateT_contra) -> Mapping[str, str]:
        """Area -> the power it is coloured for: the supply centres' owners."""
        return state.supply_centers

    def home_areas(self, state: StateT_contra, game_map: GameMap) -> Mapping[str, str]:
        """Area -> the power it is home to (hatched): the map's home centres."""
        return {code: a.home_of for code, a in game_map.areas.items() if a.home_of}

    def out_of_play(self, state: StateT_contra) -> frozenset[str]:
        """Areas greyed out as out of play (none on a plain board)."""
        return frozenset()

    def ringed_cities(self, state: StateT_contra) -> Mapping[str, str]:
        """Area -> the power whose ink rings its city (none on a plain board)."""
        return {}

    def score(self, state: StateT_contra, power: str, game_map: GameMap) -> int:
        """What the rulebook counts for a power: its supply centres."""
        return len(state.centers_of(power))

    def score_measure(self, state: StateT_contra) -> str:
        """The name of what `score` counts."""
        return _("Supply centres")

    def legend_count(self, state: StateT_contra, power: str, game_map: GameMap) -> str:
        """What the map's legend counts for a power besides units: `4 centres`."""
        count = self.score(state, power, game_map)
        return ngettext("{n} centres", "{n} centres", count).format(n=count)

    def marks(self, state: StateT_contra) -> tuple[Mark, ...]:
        """Badges on areas besides units (none on a plain board)."""
        return ()


BOARD_RENDERING: BoardRendering[GameState] = BoardRendering()
"""The plain board's rendering (`classic`); with a contravariant state type
it renders any board's state, showing only what every board has."""
