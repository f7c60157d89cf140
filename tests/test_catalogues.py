"""Issue 19, languages: every domain's catalogue (texts/catalogues.py) holds
every message id its sources mark, translated into Spanish and Catalan, with
the same `{fields}`, the Spanish and Catalan plural rule, and compiled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from texts import T_, Text, Tn_, tr, using
from texts.catalogues import DOMAINS, KEYWORDS, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("es", "ca")
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}")
BABEL_KEYWORDS = {name: spec for name, spec in KEYWORDS.items()}


def key(msgid: str | tuple[str, ...] | list[str]) -> str:
    """A message's id (the singular of a plural message)."""
    return msgid if isinstance(msgid, str) else msgid[0]


def strings(string: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's translation(s) as a tuple (one, or one per plural form)."""
    if string is None:
        return ("",)
    return (string,) if isinstance(string, str) else tuple(string)


def source_ids(domain: str) -> set[str]:
    """Every message id the domain's sources mark, as `make messages` finds them."""
    found: set[str] = set()
    for source in DOMAINS[domain]:
        path = ROOT / source
        if path.is_dir():
            messages = (m[2] for m in extract_from_dir(path, keywords=BABEL_KEYWORDS))
        elif path.exists():
            messages = (m[1] for m in extract_from_file("python", path, keywords=BABEL_KEYWORDS))
        else:
            continue
        found.update(key(message) for message in messages)
    return found


def po(domain: str, lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_source_is_in_one_domain_and_exists(domain: str) -> None:
    for source in DOMAINS[domain]:
        assert (ROOT / source).exists(), f"{domain}: {source} does not exist"
        others = [d for d, s in DOMAINS.items() if d != domain and source in s]
        assert not others, f"{source} is in {domain} and {others}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_has_every_message_id_of_the_sources(domain: str) -> None:
    ids = source_ids(domain)
    if not ids:
        pytest.skip(f"{domain}: no marked message yet")
    with (LOCALE_DIR / f"{domain}.pot").open("rb") as handle:
        template = {key(m.id) for m in read_po(handle) if m.id}
    assert ids == template, f"run `make messages DOMAINS={domain}`"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_id_is_translated(domain: str, lang: str) -> None:
    ids = source_ids(domain)
    if not ids:
        pytest.skip(f"{domain}: no marked message yet")
    translated = {key(m.id): m for m in po(domain, lang) if m.id}
    missing = sorted(ids - set(translated))
    assert not missing, f"{domain}/{lang}: run `make messages` and translate: {missing[:5]}"
    for msgid, message in translated.items():
        assert not message.fuzzy, f"{domain}/{lang}: fuzzy: {msgid!r}"
        texts = strings(message.string)
        assert all(texts), f"{domain}/{lang}: untranslated: {msgid!r}"
        ids_of = [msgid] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids_of))
        for text in texts:  # every {field} kept (but a plural's {n}), none invented
            fields = set(PLACEHOLDER.findall(text))
            assert fields <= wanted, f"{domain}/{lang}: {text!r} invents {fields - wanted}"
            assert fields >= wanted - {"n"}, f"{domain}/{lang}: {text!r} drops {wanted - fields}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_plural_forms_are_spanish_and_catalan(domain: str, lang: str) -> None:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        pytest.skip(f"{domain}: no catalogue yet")
    catalog = po(domain, lang)
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    assert all(len(strings(m.string)) == 2 for m in catalog if m.id and m.pluralizable)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalogue_is_up_to_date(domain: str, lang: str) -> None:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        pytest.skip(f"{domain}: no catalogue yet")
    with path.with_suffix(".mo").open("rb") as handle:
        compiled = {key(m.id): strings(m.string) for m in read_mo(handle) if m.id}
    written = {key(m.id): strings(m.string) for m in po(domain, lang) if m.id}
    assert compiled == written, f"run `make messages DOMAINS={domain}` (pybabel compile)"


# --- the lazy Text ---------------------------------------------------------------------


def test_a_text_is_its_english_and_reads_in_each_language() -> None:
    why = T_("superseded by {message}", message="<1@x>")
    assert why == "superseded by <1@x>" and isinstance(why, str)
    assert tr(why) == "superseded by <1@x>"
    with using("es"):
        assert tr(why) == "sustituido por <1@x>"
    with using("ca"):
        assert tr(why) == "substituït per <1@x>"
    assert tr("plain text") == "plain text"  # a plain str is never looked up


def test_a_plural_text_follows_the_languages_rule() -> None:
    many = Tn_("{n} order(s)", "{n} order(s)", 2)
    assert many == "2 order(s)" and many.values == (("n", 2),)
    with using("es"):
        assert tr(many) == "2 órdenes"
        assert tr(Tn_("{n} order(s)", "{n} order(s)", 1)) == "1 orden"


def test_a_text_survives_pickling_for_the_process_pool() -> None:
    import pickle

    why = T_("superseded by {message}", message=T_("unknown sender: not read"))
    again = pickle.loads(pickle.dumps(why))
    assert isinstance(again, Text) and again == why and again.values == why.values
    with using("es"):
        assert tr(again) == tr(why)


# --- contractions ---------------------------------------------------------------------


def test_spanish_and_catalan_contract_the_article_but_not_a_players_words() -> None:
    from texts.grammar import contracted

    text = "Sança, a el camp de Ponent\n  > marxa a el camp\nper els camins de el regne"
    assert (
        contracted(text, "ca")
        == "Sança, al camp de Ponent\n  > marxa a el camp\npels camins del regne"
    )
    assert contracted("va a el campo de El Salvador", "es") == "va al campo de El Salvador"
    assert contracted("goes a el", "en") == "goes a el"
