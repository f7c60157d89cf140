"""A drawn figure as PNG or SVG bytes, the same bytes for the same drawing.

SVG goes through matplotlib's `savefig` (with `renderers.figure.METADATA`: no
date, no creator). PNG is written here from the Agg canvas: matplotlib's own
PNG (Pillow, with adaptive row filters and zlib level 6) took about 70 ms of a
Machiavelli map's 230, while the maps (flat fills with anti-aliased edges)
compress as small without row filters. So: RGB (the figures are opaque), row
filter 0, zlib level `LEVEL`, the resolution in a pHYs chunk and no text
chunks (no software, no date). The bytes depend only on the pixels and on
zlib's version.
"""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from renderers.figure import DPI, METADATA, Format

LEVEL = 3
"""zlib level: about 5x faster than level 6 and smaller than matplotlib's PNG."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGB = np.dtype("V3")
RGBA = np.dtype([("rgb", "V3"), ("alpha", "u1")])
"""A pixel as its three colour bytes and its alpha: copying the colour bytes as
one 3-byte item each is twice as fast as copying a (rows, columns, 3) slice."""


def figure_bytes(figure: Figure, fmt: Format) -> bytes:
    """`figure` drawn at `DPI` as PNG or SVG (call it with `renderers.figure.RC` in effect)."""
    if fmt == "svg":
        buffer = io.BytesIO()
        figure.savefig(buffer, format="svg", dpi=DPI, metadata=METADATA["svg"])
        return buffer.getvalue()
    canvas = FigureCanvasAgg(figure)  # the figure is made at DPI
    canvas.draw()  # type: ignore[no-untyped-call]
    return png_bytes(np.asarray(canvas.buffer_rgba()), DPI)  # type: ignore[no-untyped-call]


def png_bytes(rgba: np.ndarray, dpi: float) -> bytes:
    """An opaque RGBA image (rows, columns, 4 bytes) as an RGB PNG of `dpi`."""
    height, width = rgba.shape[:2]
    rows = np.empty((height, width * 3 + 1), dtype=np.uint8)  # each row: filter 0, then RGB
    rows[:, 0] = 0
    rows[:, 1:].view(RGB)[:] = np.ascontiguousarray(rgba).view(RGBA)["rgb"][:, :, 0]
    per_metre = round(dpi / 0.0254)
    return b"".join(
        [
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", zlib.compress(rows.tobytes(), LEVEL)),
            _chunk(b"IEND", b""),
        ]
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
