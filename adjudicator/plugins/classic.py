"""`classic` as a plugin: standard Diplomacy on the board plugin."""

from adjudicator.core.session import AnyRuleset, bind
from adjudicator.plugins.board import BoardPlugin
from adjudicator.rulesets.classic import CLASSIC


def ruleset() -> AnyRuleset:
    return bind(BoardPlugin(CLASSIC))
