"""Orders: dataclasses (`orders.model`) and the parser (`orders.parser`)."""
