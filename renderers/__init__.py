"""Pure functions from (map, state, resolution) to report text, JSON and pictures."""
