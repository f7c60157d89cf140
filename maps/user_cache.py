"""The user's cache directory for mapjudge's derived data (Lark's parser
tables, packaged YAML read once): `$MAPJUDGE_CACHE_DIR`, else
`$XDG_CACHE_HOME/mapjudge`, else `~/.cache/mapjudge`.

What is cached there is only ever a copy of what mapjudge can rebuild, so a
cache that cannot be used is no error: `cache_directory()` is None when there
is no home, the disk is read-only, the directory is not the user's own or
others may write to it (some caches are pickles, loaded only from a directory
nobody else can write), or `MAPJUDGE_CACHE_DIR` is the empty string. It is
created with mode 0700. It lives in `maps/`, the lowest code layer, so that
every layer can use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["CACHE_DIR_ENV", "cache_directory"]

CACHE_DIR_ENV = "MAPJUDGE_CACHE_DIR"
"""Where the caches go; the empty string turns them off."""


def cache_directory() -> Path | None:
    """The directory of mapjudge's caches, created if need be, or None when
    there is none safe to use."""
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured is not None:
        if not configured:
            return None
        directory = Path(configured)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):
            return None
        directory = Path(base) / "mapjudge"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = directory.stat()
    except OSError:
        return None
    getuid = getattr(os, "getuid", None)
    if getuid is not None and info.st_uid != getuid():
        return None
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) or not os.access(directory, os.W_OK):
        return None
    return directory
