"""Issue 19, languages (the foundation): the gettext catalogues of the app's
messages for the GM and the players in es and ca, complete and compiled; the
language chosen by `--lang`, game.yaml's `language` and `powers.<p>.language`;
English, the default, byte for byte as before."""

from __future__ import annotations

import email
import re
import shutil
from datetime import UTC, datetime
from email.policy import default
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from adjudicator.app import gamefolder as gf
from adjudicator.app.inbox import Chosen, Received, SetAside, Sorted, summary
from adjudicator.app.many import ADJUDICATED, NEEDS_GM, WAITING, GameResult, summary_table
from adjudicator.core.i18n import LOCALE_DIR, N_, Message, translator
from orders.mail import read_message
from tests.cli_runner import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
LANGS = ("es", "ca")
SOURCES = ("adjudicator/app", "adjudicator/core")
"""Where `make messages` extracts the message ids from."""
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def po(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "mapjudge.po").open("rb") as handle:
        return read_po(handle)


def key(msgid: str | tuple[str, ...] | list[str]) -> str:
    """A message's id (the singular of a plural message)."""
    return msgid if isinstance(msgid, str) else msgid[0]


def strings(string: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's translation(s) as a tuple (one, or one per plural form)."""
    if string is None:
        return ("",)
    return (string,) if isinstance(string, str) else tuple(string)


def source_ids() -> set[str]:
    """Every message id the sources mark, as `pybabel extract` finds them."""
    found: set[str] = set()
    for folder in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, keywords=KEYWORDS, comment_tags=()
        ):
            found.add(key(message))
    return found


# --- the catalogues ------------------------------------------------------------------


def test_the_template_has_every_message_id_of_the_sources() -> None:
    with (LOCALE_DIR / "mapjudge.pot").open("rb") as handle:
        template = {key(m.id) for m in read_po(handle) if m.id}
    assert source_ids() == template, "run `make messages`"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_id_is_translated(lang: str) -> None:
    catalog = po(lang)
    translated = {key(m.id): m for m in catalog if m.id}
    assert set(translated) == source_ids(), "run `make messages` and translate"
    for msgid, message in translated.items():
        assert not message.fuzzy, f"{lang}: fuzzy: {msgid!r}"
        texts = strings(message.string)
        assert all(texts), f"{lang}: untranslated: {msgid!r}"
        wanted = set(PLACEHOLDER.findall(msgid))
        for text in texts:  # every {field} kept, none invented
            assert set(PLACEHOLDER.findall(text)) <= wanted, f"{lang}: {text!r}"
            assert set(PLACEHOLDER.findall(text)) >= wanted - {"n"}, f"{lang}: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_forms_are_spanish_and_catalan(lang: str) -> None:
    catalog = po(lang)
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    assert all(len(strings(m.string)) == 2 for m in catalog if m.id and m.pluralizable)


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_is_up_to_date(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "mapjudge.mo").open("rb") as handle:
        compiled = {key(m.id): strings(m.string) for m in read_mo(handle) if m.id}
    written = {key(m.id): strings(m.string) for m in po(lang) if m.id}
    assert compiled == written, "run `make messages` (pybabel compile)"


def test_plurals() -> None:
    es, ca = translator("es"), translator("ca")
    assert [es.ngettext("{n} order(s)", "{n} order(s)", n).format(n=n) for n in (0, 1, 2)] == [
        "0 órdenes",
        "1 orden",
        "2 órdenes",
    ]
    assert [ca.ngettext("{n} line(s) ignored", "", n).format(n=n) for n in (1, 3)] == [
        "1 línia ignorada",
        "3 línies ignorades",
    ]


def test_english_is_the_message_ids_themselves() -> None:
    en = translator("en")
    assert en.gettext("no problems") == "no problems"
    assert en.ngettext("{n} order(s)", "{n} order(s)", 1) == "{n} order(s)"
    assert Message(N_("superseded by {message}"), (("message", "<a@b>"),)).text() == (
        "superseded by <a@b>"
    )


# --- check ---------------------------------------------------------------------------

CHECK_ES = """\
Fase: 1901-spring-movement
Austria (austria.txt): 2 órdenes, 1 problema
  austria.txt, line 4: syntax: unknown province 'Serbie': did you mean SER (Serbia)?
      > A Budapest - Serbie
England (england.txt): 3 órdenes, sin problemas
France (france.txt): 2 órdenes, 1 problema
  france.txt, line 4: syntax: unknown province 'mid-atlantc': did you mean MAO (Mid-Atlantic Ocean)?
      > f brest - mid-atlantc
Germany (germany.txt): 3 órdenes, sin problemas
Italy (italy.txt): 3 órdenes, sin problemas
Russia (russia.txt): 4 órdenes, sin problemas
Turkey (turkey.txt): 3 órdenes, sin problemas
"""


def classic(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "classic"
    shutil.copytree(EXAMPLES / "classic-1901", folder)
    if extra:
        with gf.game_file(folder).open("a", encoding="utf-8") as handle:
            handle.write(extra)
    return folder


def orders(folder: Path) -> list[Path]:
    return sorted((folder / "orders").glob("*.txt"))


def test_check_lang_es_prints_spanish(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    result = run("check", folder, *orders(folder), "--lang", "es")
    assert result.exit_code == 1
    assert result.stdout == CHECK_ES
    assert result.stderr == "mapjudge: 2 problemas en las órdenes\n"


def test_check_in_the_games_language_unless_lang_says_otherwise(tmp_path: Path) -> None:
    folder = classic(tmp_path, "language: ca\n")
    catalan = run("check", folder, *orders(folder))
    assert catalan.stdout.splitlines()[:2] == [
        "Fase: 1901-spring-movement",
        "Austria (austria.txt): 2 ordres, 1 problema",
    ]
    assert "England (england.txt): 3 ordres, sense problemes" in catalan.stdout
    assert catalan.stderr == "mapjudge: 2 problemes a les ordres\n"
    english = run("check", folder, *orders(folder), "--lang", "en")
    assert english.stdout.splitlines()[1] == "Austria (austria.txt): 2 order(s), 1 problem(s)"
    assert english.stderr == "mapjudge: 2 problem(s) in the orders\n"


def test_english_by_default_unchanged(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    result = run("check", folder, *orders(folder))
    lines = result.stdout.splitlines()
    assert lines[0] == "Phase: 1901-spring-movement"
    assert "England (england.txt): 3 order(s), no problems" in lines


def test_an_unknown_language_is_a_clear_message(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    bad = run("check", folder, *orders(folder), "--lang", "fr")
    assert bad.exit_code == 2
    assert "Invalid value for '--lang': unknown language 'fr' (choose one of: en, es, ca)" in (
        bad.stderr
    )
    text = gf.game_file(folder).read_text(encoding="utf-8")
    gf.game_file(folder).write_text(
        text.replace(
            "    email: ann@example.org\n", "    email: ann@example.org\n    language: eo\n"
        ),
        encoding="utf-8",
    )
    wrong = run("check", folder, *orders(folder))
    assert wrong.exit_code == 1
    assert wrong.stderr == (
        f"Error: {gf.game_file(folder)}: key 'powers.england.language': unknown language 'eo' "
        "(choose one of: en, es, ca)\n"
    )


def test_the_languages_are_kept_by_game_yaml(tmp_path: Path) -> None:
    folder = classic(tmp_path, "language: es\n")
    config = gf.load_config(folder)
    assert config.language == "es"
    changed = gf.GameConfig(
        **{**config.__dict__, "powers": {"england": gf.Player("Ann", "ann@example.org", "ca")}}
    )
    gf.save_config(folder, changed)
    again = gf.load_config(folder)
    assert (again.language, again.powers["england"].language) == ("es", "ca")
    assert again.to_dict()["powers"] == {
        "england": {"player": "Ann", "email": "ann@example.org", "language": "ca"}
    }


# --- the replies, each in its player's language ------------------------------------

ENGLAND_CA = """\
classic-1901: Spring 1901 movement
Per a Ann Wright (england)

Entès a england.txt: 3 ordres
  F London - North Sea
  F Edinburgh - Norwegian Sea
  A Liverpool - Yorkshire

No entès: res, s'han llegit totes les línies d'ordres.
"""

AUSTRIA_ES = """\
classic-1901: Spring 1901 movement
Para Franz Ferdinand (austria)

Entendido en austria.txt: 2 órdenes
  A Vienna - Galicia
  F Trieste - Albania

No entendido: 1 problema
  austria.txt, line 4: syntax: unknown province 'Serbie': did you mean SER (Serbia)?
      > A Budapest - Serbie
"""

MAIL = "mail:\n  smtp_host: 127.0.0.1\n  from: Game Master <gm@judge.example.org>\n"


def test_each_reply_in_its_players_language(tmp_path: Path) -> None:
    folder = classic(tmp_path, MAIL + "language: es\n")
    path = gf.game_file(folder)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "    email: ann@example.org\n", "    email: ann@example.org\n    language: ca\n"
        ),
        encoding="utf-8",
    )
    result = run("check", folder, *orders(folder), "--replies", "--lang", "en")
    assert result.stdout.startswith("Phase: 1901-spring-movement\n")  # the GM's --lang
    out = folder / "outbox" / "1901-spring-movement"
    assert (out / "england.txt").read_text(encoding="utf-8") == ENGLAND_CA
    assert (out / "austria.txt").read_text(encoding="utf-8") == AUSTRIA_ES
    subjects = {p: subject(out / f"{p}.eml") for p in ("england", "austria", "france")}
    assert subjects == {
        "england": "[classic-1901] Spring 1901 movement: les teves ordres",
        "austria": "[classic-1901] Spring 1901 movement: tus órdenes",
        "france": "[classic-1901] Spring 1901 movement: tus órdenes",
    }


def subject(path: Path) -> str:
    message = email.message_from_bytes(path.read_bytes(), policy=default)
    return str(message["Subject"])


def test_results_reply_headings_in_catalan(tmp_path: Path) -> None:
    folder = classic(tmp_path, MAIL + "language: ca\n")
    result = run("adjudicate", folder, *orders(folder), "--replies")
    assert result.exit_code == 1
    text = (folder / "outbox" / "1901-spring-movement" / "italy.txt").read_text(encoding="utf-8")
    assert "\n\nL'informe públic:\n\n" in text
    assert "The public report" not in text


# --- inbox, preview, adjudicate-all ------------------------------------------------


def test_inbox_summary_in_spanish() -> None:
    def received(where: str, sender: str, date: str) -> Received:
        raw = f"From: {sender}\nDate: {date}\nMessage-ID: <{where}@x>\n\nA Vienna - Galicia\n"
        return Received(where, read_message(raw.encode("utf-8")))

    ann = received("1.eml", "Ann <ann@example.org>", "Mon, 30 Nov 2026 10:00:00 +0000")
    old = received("0.eml", "Ann <ann@example.org>", "Sun, 29 Nov 2026 10:00:00 +0000")
    who = received("2.eml", "x@elsewhere.org", "Mon, 30 Nov 2026 11:00:00 +0000")
    result = Sorted(
        (Chosen("england", ann, ("england.txt",)),),
        (
            SetAside(who, Message(N_("unknown sender: not read"))),
            SetAside(old, Message(N_("superseded by {message}"), (("message", "<1.eml@x>"),))),
        ),
    )
    deadline = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert summary("1901-spring-movement", deadline, result, translator("es")) == (
        "Fase: 1901-spring-movement (plazo: 2026-12-01T20:00:00+00:00)\n"
        f"england: england.txt de 1.eml: Ann <ann@example.org>, 2026-11-30T10:00:00+00:00, "
        f"<1.eml@x>, sha256 {ann.mail.sha256[:16]}\n"
        "Apartados: 2 mensajes\n"
        "  2.eml: x@elsewhere.org, 2026-11-30T11:00:00+00:00: remitente desconocido: no se ha leído\n"
        "  0.eml: Ann <ann@example.org>, 2026-11-29T10:00:00+00:00: sustituido por <1.eml@x>\n"
    )


def test_preview_headings_in_catalan(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    result = run("preview", folder, "--lang", "ca")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [
        "PREVISUALITZACIÓ de 1901-spring-movement per al director de joc: no s'ha escrit res",
        "Termini: no n'hi ha cap de fixat a game.yaml",
    ]
    assert "Problemes (2):" in result.stdout.splitlines()
    assert result.stderr == "mapjudge: 2 línies d'ordres amb problemes (vegeu més amunt)\n"


def test_adjudicate_all_table_in_spanish() -> None:
    results = [
        GameResult("alpha", "1454-spring-movement", ADJUDICATED),
        GameResult("beta", "1901-spring-movement", WAITING, 0, "no orders yet from france"),
        GameResult("gamma", "1901-spring-movement", NEEDS_GM, 1, "broken"),
    ]
    assert summary_table(results, translator("es")) == (
        "partida  fase                  resultado                      problemas\n"
        "alpha    1454-spring-movement  resuelta                       0\n"
        "beta     1901-spring-movement  en espera                      0\n"
        "gamma    1901-spring-movement  requiere al director de juego  1\n"
        "\n"
        "beta: no orders yet from france\n"
        "gamma: broken\n"
        "\n"
        "3 partidas: 1 resuelta, 1 en espera, 1 requiere al director de juego, 0 terminadas\n"
    )
