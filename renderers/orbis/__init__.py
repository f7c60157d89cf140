"""Orbis reports, maps and charts, from results only."""
