"""`cawa`: the CaWa Warhammer hex campaign, basic rules 1.40 (rulebook 004)."""
