"""Machiavelli's part of the board's report and map: words for its reasons,
its control and siege lines, its map layers (`MACHIAVELLI_RENDERING`)."""
