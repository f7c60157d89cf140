"""Safe file writes and YAML text: what every layer that writes files shares.

Every write is atomic: a temp file in the same directory, fsync, `os.replace`
(DESIGN.md, "State on disk"), so a crash never leaves half a file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


def atomic_write(path: Path, data: str | bytes, mode: int = 0o644) -> None:
    """Write `data` to `path` atomically: temp file in the same dir, fsync, replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def fsync_dir(directory: Path) -> None:
    """Make a rename durable (best effort: not every platform can open a dir)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dump_yaml(data: Any) -> str:
    """YAML text for plain data, keys in the order given, unicode kept."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
