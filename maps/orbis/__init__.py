"""Orbis political maps (rulebook 000 "Mapa y Estados")."""
