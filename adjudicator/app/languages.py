"""Which language each reader gets (issue 19): the GM's output and each
player's reply. Translations themselves are in `core.i18n`."""

from __future__ import annotations

from gettext import NullTranslations

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import env_language, speak
from adjudicator.core.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    UnknownLanguage,
    checked_language,
    translator,
)
from adjudicator.core.session import Readers
from texts import T_, Text


def gm_language(config: gf.GameConfig | None, option: str | None) -> str:
    """The GM's language: `--lang`, else game.yaml's `language`, else English
    (without a game: `$MAPJUDGE_LANG`, else English). The command's errors are
    told in it from now on (`errors.speak`)."""
    if option:
        lang = checked_language(option, "--lang")
    elif config is None:
        lang = env_language() or DEFAULT_LANGUAGE
    else:
        lang = config.language or DEFAULT_LANGUAGE
    speak(lang, config.ruleset if config else None, chosen=bool(option))
    return lang


def player_language(config: gf.GameConfig, power: str) -> str:
    """A player's language: `powers.<p>.language`, else game.yaml's `language`,
    else English (the GM's `--lang` does not change what a player reads)."""
    player = config.powers.get(power)
    own = player.language if player else None
    return own or config.language or DEFAULT_LANGUAGE


def readers(config: gf.GameConfig, option: str | None = None) -> Readers:
    """Who reads a turn's reports in which language: the public report in the
    GM's language (`gm_language`), each private part in its player's own
    `powers.<p>.language`, else the public report's."""
    players = {power: p.language for power, p in config.powers.items() if p.language}
    return Readers(gm_language(config, option), players)


def gm_translator(config: gf.GameConfig | None, option: str | None) -> NullTranslations:
    """`translator(gm_language(...))`."""
    return translator(gm_language(config, option))


def _check_lang(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        lang = checked_language(value)
    except UnknownLanguage as exc:
        raise click.BadParameter(str(exc)) from None
    speak(lang, chosen=True)
    return lang


LANG_HELP = "Language of the output (default: game.yaml's language, else en)."

lang_option = click.option(
    "--lang", "lang", metavar="|".join(LANGUAGES), callback=_check_lang, help=LANG_HELP
)
"""`--lang es|ca|en` for the commands whose output is translated."""


def lang_parameter() -> click.Option:
    """`--lang` as a parameter, for a command made without decorators (`new`)."""
    return click.Option(
        ["--lang", "lang"], metavar="|".join(LANGUAGES), callback=_check_lang, help=LANG_HELP
    )


def ruleset_title(title: str) -> Text:
    """A ruleset's title kept to be told in the reader's language: its own
    `Text`, or the English title looked up in the catalogues (the rulesets'
    domains translate their titles)."""
    return title if isinstance(title, Text) else T_(str(title))
