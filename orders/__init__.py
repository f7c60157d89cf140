"""Orders: dataclasses (`orders.board.model`) and the parser (`orders.board.parser`)."""
