"""The gettext catalogues: one *domain* per part of the program, so the words
of each ruleset live in their own `.po` file (`texts/locale/<lang>/LC_MESSAGES/
<domain>.po`, compiled to `.mo` beside it by `make messages`).

`DOMAINS` says which source folders each domain's message ids are extracted
from; `RULESET_DOMAINS` which domains a ruleset's game reads, before the
common `mapjudge` domain (the app's, the kits' and the shared renderers')."""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""`texts/locale/`: the `.pot` templates, and `<lang>/LC_MESSAGES/<domain>.po|.mo`."""
LANGUAGES = ("en", "es", "ca")
"""The languages a game, a player or `--lang` may choose; English first (the default)."""
DEFAULT_LANGUAGE = "en"
COMMON_DOMAIN = "mapjudge"

DOMAINS: dict[str, tuple[str, ...]] = {
    COMMON_DOMAIN: (
        "adjudicator/app",
        "adjudicator/core",
        "adjudicator/kits/__init__.py",
        "adjudicator/kits/sheets",
        "adjudicator/plugins/__init__.py",
        "orders/issues.py",
        "orders/lines.py",
        "orders/mail.py",
        "orders/names.py",
        "orders/grammars.py",
        "renderers/common.py",
        "renderers/figure.py",
        "renderers/map_style.py",
        "renderers/map_text.py",
        "renderers/png.py",
        "texts/lazy.py",
        "maps/__init__.py",
        "maps/geometry.py",
        "maps/hexgrid.py",
        "maps/loader.py",
        "maps/model.py",
        "maps/parse.py",
        "maps/safe_yaml.py",
        "maps/spec.py",
        "maps/user_cache.py",
        "maps/validate.py",
    ),
    "board": (
        "adjudicator/kits/board",
        "orders/board",
        "renderers/board",
        "adjudicator/rulesets/classic",
        "adjudicator/plugins/board.py",
        "adjudicator/plugins/board_map.py",
        "adjudicator/plugins/classic.py",
    ),
    "machiavelli": (
        "orders/machiavelli",
        "renderers/machiavelli",
        "adjudicator/rulesets/machiavelli",
        "adjudicator/plugins/machiavelli.py",
    ),
    "genes": (
        "orders/genes",
        "renderers/genes",
        "adjudicator/rulesets/genes",
        "adjudicator/plugins/genes",
        "maps/genes",
    ),
    "cawa": (
        "orders/cawa",
        "renderers/cawa",
        "adjudicator/rulesets/cawa",
        "adjudicator/plugins/cawa.py",
        "adjudicator/plugins/cawa_commands.py",
        "maps/cawa",
    ),
    "orbis": (
        "orders/orbis",
        "renderers/orbis",
        "adjudicator/plugins/orbis.py",
        "adjudicator/plugins/orbis_commands.py",
        "maps/orbis",
    ),
    "orbis_rules": ("adjudicator/rulesets/orbis",),
    "narrativo": (
        "orders/narrativo",
        "renderers/narrativo",
        "adjudicator/rulesets/narrativo",
        "adjudicator/plugins/narrativo.py",
        "adjudicator/plugins/narrativo_commands.py",
    ),
}
"""Each domain and the files or folders (from the repository's root) whose
marked messages it holds. A source is in exactly one domain."""

RULESET_DOMAINS: dict[str, tuple[str, ...]] = {
    "classic": ("board",),
    "machiavelli": ("machiavelli", "board"),
    "genes": ("genes",),
    "cawa": ("cawa",),
    "orbis": ("orbis", "orbis_rules"),
    "narrativo": ("narrativo",),
}
"""The domains a ruleset's games read, first to last; `mapjudge` comes after."""

KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_": None,
    "T_": None,
    "Tn_": (1, 2),
}
"""The functions whose first (and for plurals second) argument is a message id,
for Babel's extraction."""


class UnknownLanguage(ValueError):
    """A language code that is not one of `LANGUAGES`."""

    def __init__(self, code: str, where: str = "") -> None:
        place = f"{where}: " if where else ""
        super().__init__(
            f"{place}unknown language {code!r} (choose one of: {', '.join(LANGUAGES)})"
        )


def checked_language(code: str, where: str = "") -> str:
    """`code` lower-cased when it is one of `LANGUAGES`; else `UnknownLanguage`
    naming `where` (a file and key, or an option)."""
    lang = code.strip().lower()
    if lang not in LANGUAGES:
        raise UnknownLanguage(code, where)
    return lang


def domains_of(ruleset: str | None) -> tuple[str, ...]:
    """The domains a game of `ruleset` reads, the common one last; every
    domain when no ruleset is known (the app's own messages)."""
    if ruleset is None:
        return tuple(d for d in DOMAINS if d != COMMON_DOMAIN) + (COMMON_DOMAIN,)
    return RULESET_DOMAINS.get(ruleset, ()) + (COMMON_DOMAIN,)


@cache
def translator(lang: str = DEFAULT_LANGUAGE, ruleset: str | None = None) -> gettext.NullTranslations:
    """The translations for `lang`, reading `ruleset`'s domains first, then the
    common one. English is the ids themselves (`NullTranslations`)."""
    lang = checked_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    chain: gettext.NullTranslations | None = None
    for domain in domains_of(ruleset):
        found = gettext.translation(domain, LOCALE_DIR, languages=[lang], fallback=True)
        if chain is None:
            chain = found
        else:
            chain.add_fallback(found)
    assert chain is not None  # domains_of always names the common domain
    return chain
