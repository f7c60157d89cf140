"""Reading CaWa declarations (004): economy, movement, skirmish results, reactions, battle results."""
