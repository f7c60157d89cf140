"""Machiavelli's advanced and optional rules (rulebook 003, §5 to §11).

Each module is a game option (`MachiavelliOptions`): finances (§5), expenses
and bribes (§6), rebellions (§7), assassination (§8), famine and plague (§9),
special units (§10), moneylenders (§11). The modules here are the rules
themselves, as pure functions over typed inputs; `model.py` holds the records
they share.
"""
