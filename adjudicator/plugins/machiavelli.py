"""`machiavelli` as a plugin: Maquiavelo (rulebook 003) on the board plugin."""

from adjudicator.core.session import AnyRuleset, bind
from adjudicator.plugins.board import BoardPlugin
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING


def ruleset() -> AnyRuleset:
    return bind(BoardPlugin(MACHIAVELLI, MACHIAVELLI_RENDERING))
