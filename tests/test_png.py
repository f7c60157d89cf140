"""The maps' PNG writer (renderers/png.py): the pixels it is given, read back
by Pillow, and the same bytes for the same pixels (Standards: deterministic)."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from renderers.png import png_bytes


def test_pixels_read_back_as_written() -> None:
    rgba = np.random.default_rng(20).integers(0, 256, (37, 53, 4), dtype=np.uint8)
    rgba[..., 3] = 255
    data = png_bytes(rgba, 100)
    image = Image.open(io.BytesIO(data))
    assert image.mode == "RGB"
    assert image.size == (53, 37)
    assert np.array_equal(np.asarray(image), rgba[..., :3])
    assert round(image.info["dpi"][0]) == 100
    assert png_bytes(rgba.copy(), 100) == data


def test_a_strided_image_is_written_as_its_pixels() -> None:
    """A view that is not contiguous (a crop) is written as the pixels it shows."""
    rgba = np.random.default_rng(21).integers(0, 256, (40, 60, 4), dtype=np.uint8)
    crop = rgba[5:30, 7:50]
    image = Image.open(io.BytesIO(png_bytes(crop, 72)))
    assert np.array_equal(np.asarray(image), crop[..., :3])
