"""Gifts of RQU and PRO between nations (rulebook 000 "Prosperidad": O-143,
O-164, "negociar con otras naciones, tributos, sobornos"), written on a
`Gasto:` line: `Gasto: 5 RQU a los Francos`, `Gasto: 1 PRO para Bizancio`.
The ruleset pays them before the year's rolls, never more than the giver
has (a refusal is named)."""

from __future__ import annotations

import re

from orders.issues import Problem, Source
from orders.orbis.model import NameBook, Transfer
from orders.orbis.words import RESOURCE_WORDS, fold

_TRANSFER = re.compile(
    r"\s*(?P<amount>\d{1,6})\s*(?P<resource>rqu|rqz|pro)\b\.?\s*"
    r"(?:a|al|a\s+los|a\s+las|a\s+la|to|para|para\s+los|para\s+las|for)\s+(?P<to>.+?)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def read_transfer(item: str, power: str, book: NameBook, source: Source) -> Transfer | None:
    """A gift of RQU or PRO to a nation, or None when `item` is no gift
    (a purchase, or a name that is no nation)."""
    match = _TRANSFER.match(item)
    if match is None:
        return None
    try:
        to = book.nation(match.group("to"))
    except Problem:
        return None
    resource = RESOURCE_WORDS[fold(match.group("resource"))]
    return Transfer(power, int(match.group("amount")), resource, to, source=source)
