"""An SVG map made a document: its layers grouped, its areas and units titled.

matplotlib writes each artist as a `<g>` with the artist's `gid` as its id.
The map renderers give their artists ids `<layer>.<name>` (`areas.fill`,
`units.army`, `labels.3`...); `document` moves the artists of each layer into
one `<g id="<layer>">` (where the layer's first artist was, so the painting
order stays as drawn when the layers are drawn one after another), and gives
the k-th shape of a titled artist (`titles`: gid -> one text per shape) a
`<title>` child, which a browser shows on hover. The labels kept as
`SvgText` (`renderers.map_text.as_text`) are written as `<text>` elements into
the `<g>` of the artist that marks their place. Deterministic: the same SVG,
titles and texts give the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from renderers.map_text import SvgText

if TYPE_CHECKING:
    from matplotlib.axes import Axes

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
NAMESPACES = {
    "": SVG,
    "xlink": XLINK,
    "dc": "http://purl.org/dc/elements/1.1/",
    "cc": "http://creativecommons.org/ns#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
}
SHAPES = frozenset({f"{{{SVG}}}path", f"{{{SVG}}}use"})


ANCHORS = {"left": "start", "center": "middle", "right": "end"}
BASELINES = {"center": "central", "bottom": "text-after-edge"}


def document(
    svg: bytes,
    titles: Mapping[str, Sequence[str]],
    title: str = "",
    texts: Mapping[str, Sequence[SvgText]] | None = None,
    layer_named: Callable[[str], str | None] | None = None,
) -> bytes:
    """`svg` with `texts` written in, its layers grouped, `titles` attached
    and the whole titled `title`. An artist's layer is the part of its id
    before the first dot (`layer_of`), or what `layer_named(id)` says (a
    renderer whose ids follow another scheme)."""
    named = layer_named or dotted_layer
    for prefix, uri in NAMESPACES.items():
        ET.register_namespace(prefix, uri)
    root = ET.fromstring(svg)
    if texts:
        for group in root.iter(f"{{{SVG}}}g"):
            for item in texts.get(group.get("id", ""), ()):
                group.append(text_element(item))
    for gid, names in titles.items():
        _attach(root, gid, names)
    for parent in list(root.iter()):
        _group_layers(parent, named)
    if title:
        element = ET.Element(f"{{{SVG}}}title")
        element.text = title
        root.insert(0, element)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n' + body + "\n").encode()


@contextmanager
def layer(ax: Axes, name: str) -> Iterator[None]:
    """The artists added to `ax` within it, and without an id, get the id
    `<name>.<k>`: `document` groups them in one `<g id="<name>">`."""
    before = {id(a) for a in ax.get_children()}
    yield
    added = [a for a in ax.get_children() if id(a) not in before]
    for k, artist in enumerate(added, start=len(before)):
        if artist.get_gid() is None:
            artist.set_gid(f"{name}.{k}")


def layer_of(element: ET.Element, named: Callable[[str], str | None] | None = None) -> str | None:
    """The layer an artist's `<g>` belongs to (`units` for `units.army`)."""
    if element.tag != f"{{{SVG}}}g":
        return None
    return (named or dotted_layer)(element.get("id", ""))


def dotted_layer(ident: str) -> str | None:
    """`units` for the id `units.army`; no layer for an id without a dot."""
    return ident.partition(".")[0] if "." in ident else None


def _group_layers(parent: ET.Element, named: Callable[[str], str | None]) -> None:
    children = list(parent)
    if not any(layer_of(child, named) for child in children):
        return
    groups: dict[str, ET.Element] = {}
    for child in children:
        layer = layer_of(child, named)
        if layer is None:
            continue
        index = list(parent).index(child)
        parent.remove(child)
        if layer not in groups:
            groups[layer] = ET.Element(f"{{{SVG}}}g", {"id": layer})
            parent.insert(index, groups[layer])
        groups[layer].append(child)


def shapes(group: ET.Element) -> list[ET.Element]:
    """The drawn shapes (`<path>`, `<use>`) under `group`, outside `<defs>`, in order."""
    found: list[ET.Element] = []

    def walk(element: ET.Element) -> None:
        for child in element:
            if child.tag == f"{{{SVG}}}defs":
                continue
            if child.tag in SHAPES:
                found.append(child)
            else:
                walk(child)

    walk(group)
    return found


def _attach(root: ET.Element, gid: str, texts: Sequence[str]) -> None:
    """A `<title>` in each shape of the artist `gid` (one shape per text; an
    artist drawn otherwise gets one title listing them all)."""
    group = next((g for g in root.iter(f"{{{SVG}}}g") if g.get("id") == gid), None)
    if group is None or not texts:
        return
    found = shapes(group)
    if len(found) != len(texts):
        element = ET.Element(f"{{{SVG}}}title")
        element.text = "\n".join(texts)
        group.insert(0, element)
        return
    for shape, text in zip(found, texts, strict=True):
        element = ET.Element(f"{{{SVG}}}title")
        element.text = text
        shape.insert(0, element)


def text_element(item: SvgText) -> ET.Element:
    """`<text>` for a label, in DejaVu Sans as the PNG draws it."""
    weight = "bold " if item.weight == "bold" else ""
    element = ET.Element(
        f"{{{SVG}}}text",
        {
            "x": f"{item.x:g}",
            "y": f"{item.y:g}",
            "style": f"font: {weight}{item.size:g}px 'DejaVu Sans'; fill: {item.colour}",
            "text-anchor": ANCHORS[item.ha],
            "dominant-baseline": BASELINES[item.va],
        },
    )
    element.text = item.text
    return element
