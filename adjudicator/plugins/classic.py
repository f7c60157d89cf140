"""`classic` as a plugin: standard Diplomacy on the board plugin."""

from adjudicator.core.session import AnyRuleset, bind
from adjudicator.plugins.board import BoardPlugin
from adjudicator.rulesets.classic import CLASSIC
from renderers.board.rendering import BOARD_RENDERING


def ruleset() -> AnyRuleset:
    return bind(BoardPlugin(CLASSIC, BOARD_RENDERING))
