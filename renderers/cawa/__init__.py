"""CaWa reports and maps, from results only."""
