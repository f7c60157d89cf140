"""The map labels' outlines (`renderers.map_text`, built without a `Text`
object per label) are the very outlines matplotlib's `TextPath` gives."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.textpath import TextPath

from renderers.map_text import Weight, _font, _outline


@pytest.mark.parametrize(
    ("text", "size", "weight"),
    [
        ("Venice: 6 cities, 5 units", 8.0, "normal"),
        ("Spring 1454 — movement", 17, "bold"),
        ("lp", 9.0, "normal"),
        ("CARIN", 6.5, "bold"),
        ("a \\$ b", 8.5, "normal"),
        ("$x^2$", 10, "normal"),
    ],
)
def test_an_outline_is_the_text_path(text: str, size: float, weight: Weight) -> None:
    ours = _outline(text, size, weight)
    theirs = TextPath((0, 0), text, prop=_font(size, weight))
    assert np.array_equal(np.asarray(ours.vertices), np.asarray(theirs.vertices))
    assert np.array_equal(np.asarray(ours.codes), np.asarray(theirs.codes))
