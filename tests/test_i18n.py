"""Issue 19, languages (the foundation): the gettext catalogues of the app's
messages for the GM and the players in es and ca, complete and compiled; the
language chosen by `--lang`, game.yaml's `language` and `powers.<p>.language`;
English, the default, byte for byte as before."""

from __future__ import annotations

import email
import shutil
from datetime import UTC, datetime
from email.policy import default
from pathlib import Path

from adjudicator.app import gamefolder as gf
from adjudicator.app.inbox import Chosen, Received, SetAside, Sorted, summary
from adjudicator.app.many import ADJUDICATED, NEEDS_GM, WAITING, GameResult, summary_table
from adjudicator.core.i18n import T_, translator
from orders.mail import read_message
from tests.cli_runner import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
LANGS = ("es", "ca")


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
    assert T_("superseded by {message}", message="<a@b>") == (
        "superseded by <a@b>"
    )


# --- check ---------------------------------------------------------------------------

CHECK_ES = """\
Fase: 1901-spring-movement
Austria (austria.txt): 2 órdenes, 1 problema
  austria.txt, línea 4: sintaxis: provincia desconocida 'Serbie': ¿quería decir SER (Serbia)?
      > A Budapest - Serbie
Inglaterra (england.txt): 3 órdenes, sin problemas
Francia (france.txt): 2 órdenes, 1 problema
  france.txt, línea 4: sintaxis: provincia desconocida 'mid-atlantc': ¿quería decir MAO (Océano Atlántico Medio)?
      > f brest - mid-atlantc
Alemania (germany.txt): 3 órdenes, sin problemas
Italia (italy.txt): 3 órdenes, sin problemas
Rusia (russia.txt): 4 órdenes, sin problemas
Turquía (turkey.txt): 3 órdenes, sin problemas
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
        "Àustria (austria.txt): 2 ordres, 1 problema",
    ]
    assert "Anglaterra (england.txt): 3 ordres, sense problemes" in catalan.stdout
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
classic-1901: Primavera de 1901, moviment
Per a Ann Wright (england)

Entès a england.txt: 3 ordres
  F London - North Sea
  F Edinburgh - Norwegian Sea
  A Liverpool - Yorkshire

No entès: res, s'han llegit totes les línies d'ordres.
"""

AUSTRIA_ES = """\
classic-1901: Primavera de 1901, movimiento
Para Franz Ferdinand (austria)

Entendido en austria.txt: 2 órdenes
  A Vienna - Galicia
  F Trieste - Albania

No entendido: 1 problema
  austria.txt, línea 4: sintaxis: provincia desconocida 'Serbie': ¿quería decir SER (Serbia)?
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
        "england": "[classic-1901] Primavera de 1901, moviment: les teves ordres",
        "austria": "[classic-1901] Primavera de 1901, movimiento: tus órdenes",
        "france": "[classic-1901] Primavera de 1901, movimiento: tus órdenes",
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
            SetAside(who, T_("unknown sender: not read")),
            SetAside(old, T_("superseded by {message}", message="<1.eml@x>")),
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
