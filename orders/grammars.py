"""Open a grammar of `grammar/*.lark` with Lark's parser cache.

Building an LALR parser from a grammar costs about 0.1 s, most of a short
command's start-up; Lark can pickle the built tables and load them again
(`Lark(..., cache=path)`), checking the grammar text, the options, Lark's and
Python's versions and the imported grammar files against the cache before it
uses it, and rebuilding (and rewriting it) when any changed.

The cache files go to the user's cache directory (`maps.user_cache`:
`$MAPJUDGE_CACHE_DIR`, else `$XDG_CACHE_HOME/mapjudge`, else
`~/.cache/mapjudge`). The cache is a pickle, so it is used only from a
directory the user owns and nobody else may write to; without one (no home,
a read-only disk, a directory shared with others, `MAPJUDGE_CACHE_DIR` set to
the empty string) the grammar is built as before. A cache file that cannot be
written or read back is ignored by Lark (it builds the parser).
"""

from __future__ import annotations

import sys
from typing import Any

import lark

from maps.user_cache import cache_directory

__all__ = ["open_grammar"]


def _cache_file(name: str) -> str | bool:
    directory = cache_directory()
    if directory is None:
        return False
    python = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return str(directory / f"{name}-lark{lark.__version__}-py{python}.lark-cache")


def open_grammar(name: str, **options: Any) -> lark.Lark:
    """The LALR parser of `grammar/<name>.lark` with `options`, loaded from
    the cache when it is there and still fits, built (and cached) otherwise."""
    return lark.Lark.open_from_package(
        "grammar", f"{name}.lark", ("",), cache=_cache_file(name), **options
    )
