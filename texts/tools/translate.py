"""Fill a domain's catalogue from a YAML file of translations, then compile it:
`python -m texts.tools.translate DOMAIN LANG FILE.yaml`.

The file maps each English message id to its translation, or for a plural
message to a list of the two forms (singular, plural):

    "no problems": "sin problemas"
    "{n} order(s)": ["{n} orden", "{n} órdenes"]

Only ids already in the catalogue (run `make messages` first) are filled; the
others are listed, and so are ids of the catalogue still without translation."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from texts.catalogues import DOMAINS, LOCALE_DIR


def fill(domain: str, lang: str, translations: dict[str, object]) -> list[str]:
    """Write `translations` into `<lang>/<domain>.po` and compile it; the
    ids not in the catalogue, and those still empty, as notes."""
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    notes: list[str] = []
    for msgid, string in translations.items():
        message = catalog.get(msgid)
        if message is None:
            notes.append(f"not in the catalogue: {msgid!r}")
            continue
        message.string = tuple(string) if isinstance(string, list) else str(string)
        message.flags.discard("fuzzy")
    for message in catalog:
        if message.id and not all(
            message.string if isinstance(message.string, tuple) else (message.string,)
        ):
            notes.append(f"still untranslated: {message.id!r}")
    with po_path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False)
    with po_path.with_suffix(".mo").open("wb") as handle:
        write_mo(handle, catalog)
    return notes


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in DOMAINS:
        print(__doc__)
        return 2
    domain, lang, source = argv
    data = yaml.safe_load(Path(source).read_text("utf-8")) or {}
    if not isinstance(data, dict):
        print(f"{source}: expected a mapping of message id to translation")
        return 2
    for note in fill(domain, lang, data):
        print(f"{domain}/{lang}: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
