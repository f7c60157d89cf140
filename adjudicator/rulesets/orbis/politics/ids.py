"""The ids the judge gives to what players create (mapjudge issue 16):
offers and treaties `T<year>-<n>`, declarations `D<year>-<n>`, conferences
`C<year>-<n>`, proposals `C<year>-<n>/P<k>`. `n` counts in the order the lines
are processed (nations by id, then line order): the first number of the
year not yet used, so the same lines always get the same ids."""

from __future__ import annotations

from collections.abc import Collection


def next_id(prefix: str, year: int, used: Collection[str]) -> str:
    """The first `<prefix><year>-<n>`, n = 1, 2 ..., not in `used`."""
    n = 1
    while f"{prefix}{year}-{n}" in used:
        n += 1
    return f"{prefix}{year}-{n}"


def proposal_id(conference: str, tabled: int) -> str:
    """The id of a conference's proposal number `tabled` + 1."""
    return f"{conference}/P{tabled + 1}"
