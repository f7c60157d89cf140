"""`make messages`: for every domain of `texts.catalogues.DOMAINS`, extract the
marked message ids of its sources into `texts/locale/<domain>.pot`, merge them
into the es and ca catalogues (created when missing; new ids come out empty,
changed ones fuzzy: translate them, tests/test_catalogues.py fails until you
do), and compile the `.mo` files the program reads (committed).

Run from the repository's root: `python -m texts.tools.messages [DOMAIN...]`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from texts.catalogues import DOMAINS, KEYWORDS, LANGUAGES, LOCALE_DIR

PYBABEL = str(Path(sys.executable).with_name("pybabel"))
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def keyword_options() -> list[str]:
    """`-k _ -k ngettext:1,2 ...` for Babel, from `KEYWORDS`."""
    options: list[str] = ["--no-default-keywords"]
    for name, spec in KEYWORDS.items():
        options += ["-k", name if spec is None else f"{name}:{','.join(map(str, spec))}"]
    return options


def run(*args: str) -> None:
    subprocess.run([PYBABEL, "--quiet", *args], check=True)


def without_dates(text: str) -> str:
    """A catalogue's text without its creation and revision dates."""
    return "\n".join(
        line for line in text.splitlines() if not line.startswith(('"POT-Creation', '"PO-Revision'))
    )


def keep_if_unchanged_but_dates(path: Path, before: str | None) -> None:
    """Put `before` back when the new file differs only by its dates, so a
    rerun with nothing new leaves every file as it was."""
    if before is not None and without_dates(path.read_text("utf-8")) == without_dates(before):
        path.write_text(before, "utf-8")


def earlier(path: Path) -> str | None:
    return path.read_text("utf-8") if path.exists() else None


def update(domain: str) -> None:
    """Extract, merge and compile one domain."""
    template = LOCALE_DIR / f"{domain}.pot"
    catalogues = [LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po" for lang in TRANSLATED]
    before = {path: earlier(path) for path in (template, *catalogues)}
    run(
        "extract", "--no-location", "--sort-output", "--project", "mapjudge",
        "--version", "0.1.0", "--copyright-holder", "the mapjudge authors",
        *keyword_options(), "-o", str(template), *DOMAINS[domain],
    )  # fmt: skip
    keep_if_unchanged_but_dates(template, before[template])
    for lang in TRANSLATED:
        run(
            "update", "--no-wrap", "--init-missing", "-i", str(template),
            "-d", str(LOCALE_DIR), "-D", domain, "-l", lang,
        )  # fmt: skip
    for path, text in before.items():
        keep_if_unchanged_but_dates(path, text)
    run("compile", "--statistics", "-d", str(LOCALE_DIR), "-D", domain)


def main(argv: list[str]) -> int:
    chosen = argv or list(DOMAINS)
    unknown = [d for d in chosen if d not in DOMAINS]
    if unknown:
        print(f"unknown domain(s) {', '.join(unknown)}: choose from {', '.join(DOMAINS)}")
        return 2
    for domain in chosen:
        update(domain)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
