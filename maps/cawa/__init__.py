"""CaWa maps (004 "El Mapa"): the model, files and the generator."""
