"""Orbis politics: vassals, war, civil war, rebellions, treaties, conferences, organisations, epochs (pure rule modules)."""
