"""Rulesets: one package each, with the rules of its rulebook and no I/O.

The app finds them through `adjudicator.app.registry`; nothing here lists them.
"""
