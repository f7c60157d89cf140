"""Machiavelli's own lines besides the board orders: the advanced rules'
expenses, payments and purchases (rulebook 003 §5.4, §6)."""
