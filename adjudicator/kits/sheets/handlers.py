"""The registry of action handlers: one handler per kind of action, registered
where it is written with `@registry.handles(kind, ...)`.

A ruleset on sheets resolves a declared action by its kind (002 §5.4: each of
genes' 28 actions has a handler); the registry is a read-only mapping of kind
to handler, so the turn looks a handler up and tests can list them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Generic, TypeVar

KindT = TypeVar("KindT", bound=Hashable)
HandlerT = TypeVar("HandlerT", bound=Callable[..., object])


class HandlerRegistry(Mapping[KindT, HandlerT], Generic[KindT, HandlerT]):
    """kind -> handler, filled by the `handles` decorator."""

    def __init__(self) -> None:
        self._handlers: dict[KindT, HandlerT] = {}

    def handles(self, *kinds: KindT) -> Callable[[HandlerT], HandlerT]:
        """Decorator: register the handler for `kinds`; a kind registered twice
        is a programming error (two handlers would fight over it)."""

        def wrap(handler: HandlerT) -> HandlerT:
            for kind in kinds:
                if kind in self._handlers and self._handlers[kind] is not handler:
                    raise ValueError(f"two handlers for {kind!r}")
                self._handlers[kind] = handler
            return handler

        return wrap

    def __getitem__(self, kind: KindT) -> HandlerT:
        return self._handlers[kind]

    def __iter__(self) -> Iterator[KindT]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)
