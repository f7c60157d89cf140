"""Last phase's mail given again (Trust #5): an order file byte for byte like
one archived for an earlier phase in `orders/archive/<phase>/`."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from adjudicator.app import gamefolder as gf


def stale_order_files(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[tuple[str, Path]]:
    """The order files (name, bytes) that were already adjudicated: byte for byte
    a copy in `orders/archive/<phase>/` of an earlier phase (Trust #5). Returns
    (name, the archived copy) for each, in the order given."""
    archived: dict[bytes, Path] = {}
    root = folder / gf.ARCHIVE_DIR
    phases = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
    for phase_dir in phases:
        for path in sorted(phase_dir.iterdir()):
            if path.is_file() and not gf.is_temp(path.name):
                archived.setdefault(hashlib.sha256(path.read_bytes()).digest(), path)
    stale = []
    for name, data in files:
        copy = archived.get(hashlib.sha256(data).digest())
        if copy is not None:
            stale.append((name, copy))
    return stale
