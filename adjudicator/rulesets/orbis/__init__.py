"""`orbis`: Orbis Terrarum nations and their medidas on 1d100 (rulebook 000)."""
