"""Receipts: each order file's SHA-256, the player's proof of what was adjudicated.

A report's JSON lists them (`receipts`) with the dice rolls (`rolls`);
`mapjudge verify` reads both back with the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.core.dice import Roll, file_digest
from texts import T_


@dataclass(frozen=True, order=True)
class Receipt:
    """An order file's SHA-256 digest: the player's proof of what was adjudicated."""

    file: str
    sha256: str


def receipts(files: Sequence[tuple[str, bytes]]) -> tuple[Receipt, ...]:
    """SHA-256 receipts of (name, bytes) pairs, sorted by name."""
    return tuple(sorted(Receipt(name, file_digest(data)) for name, data in files))


def rolls_from_dict(data: Mapping[str, Any]) -> tuple[Roll, ...]:
    """The rolls logged in a report's JSON; ValueError on malformed entries."""
    try:
        return tuple(
            Roll(
                str(r["game"]),
                str(r["phase"]),
                str(r["purpose"]),
                int(r["index"]),
                int(r["sides"]),
                int(r["result"]),
            )
            for r in data.get("rolls") or ()
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(T_("malformed roll entry: {problem}", problem=exc)) from None


def receipts_from_dict(data: Mapping[str, Any]) -> tuple[Receipt, ...]:
    """The order-file receipts in a report's JSON; ValueError on malformed entries."""
    try:
        return tuple(Receipt(str(r["file"]), str(r["sha256"])) for r in data.get("receipts") or ())
    except (KeyError, TypeError) as exc:
        raise ValueError(T_("malformed receipt entry: {problem}", problem=exc)) from None
