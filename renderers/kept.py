"""Values worked out once per process from a map's own objects (its geometry,
an area's outline, a prepared shape), found again by the object's identity.

The objects are frozen and loaded once per map, but hashing them (tuples of
thousands of points) would cost more than the work saved; so a value is kept
under the object's `id` together with the object itself, which keeps the id
its own while the value is kept. Bounded: past `limit` values, all are
dropped (a process drawing many maps of many custom boards stays small).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class KeptValues(Generic[V]):
    """`get(owner, key, make)`: `make()` the first time for this owner and key."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._values: dict[tuple[int, Hashable], tuple[object, V]] = {}

    def get(self, owner: object, key: Hashable, make: Callable[[], V]) -> V:
        slot = (id(owner), key)
        known = self._values.get(slot)
        if known is not None and known[0] is owner:
            return known[1]
        if len(self._values) >= self._limit:
            self._values.clear()
        value = make()
        self._values[slot] = (owner, value)
        return value
