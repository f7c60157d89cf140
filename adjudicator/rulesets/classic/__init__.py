"""Standard Diplomacy (`classic`) on the standard map."""
