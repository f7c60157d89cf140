"""narrativo's reports: each roll with its dice, the sheets after the scene,
the Narrator's hidden rolls, and `mapjudge odds`."""
