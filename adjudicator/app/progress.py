"""The progress of `adjudicate-all` on stderr (issue 19, "Many games"): a bar
(`click.progressbar`, with the count, the percentage and the game just
finished) when stderr is a terminal; one plain line per finished game
(`[3/100] game-07: adjudicated`) when it is not, so a log or a cron mail keeps
every game's result."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol, TextIO

import click

from texts import _

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar


class Progress(Protocol):
    """Told of each finished game."""

    def finished(self, game: str, result: str) -> None: ...


class _Lines:
    def __init__(self, total: int, stream: TextIO) -> None:
        self._total = total
        self._done = 0
        self._stream = stream

    def finished(self, game: str, result: str) -> None:
        self._done += 1
        click.echo(f"[{self._done}/{self._total}] {game}: {result}", file=self._stream)


class _Bar:
    def __init__(self, bar: ProgressBar[str | None]) -> None:
        self._bar = bar

    def finished(self, game: str, result: str) -> None:
        self._bar.update(1, f"{game}: {result}")


def _shown(item: str | None) -> str | None:
    """The game last finished, beside the bar."""
    return item


@contextmanager
def progress(total: int, stream: TextIO, label: str | None = None) -> Iterator[Progress]:
    """A `Progress` for `total` games on `stream`: a bar on a terminal, lines elsewhere."""
    if not stream.isatty():
        yield _Lines(total, stream)
        return
    with click.progressbar(
        None,
        length=total,
        label=label or _("games"),
        file=stream,
        show_pos=True,
        show_percent=True,
        item_show_func=_shown,
    ) as bar:
        yield _Bar(bar)
