"""mapjudge's engine: state, dice, the movement resolver, rulesets and the CLI."""
