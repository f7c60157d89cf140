"""The sheets kit: rulesets played on statistic sheets rather than a board of
units (genes today; orbis and narrativo next). It gives them the reading of a
player's sheet with its keys in any of the game's languages (`reader`), tests
and contests on dice (`rolls`), and the registry of action handlers
(`handlers`)."""
