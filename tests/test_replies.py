"""Issue 19, mail out: `check --replies` and `adjudicate --replies` write each
player's reply (`outbox/<phase>/<power>.eml` and `.txt`): what was read, what
was not and why, the private and public reports."""

from __future__ import annotations

import email
import shutil
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

from tests.cli_runner import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MAIL = "mail:\n  smtp_host: 127.0.0.1\n  from: Game Master <gm@judge.example.org>\n"

ENGLAND_ORDERS = """\
classic-1901: Spring 1901 movement
To Ann Wright (england)

Understood from england.txt: 3 order(s)
  F London - North Sea
  F Edinburgh - Norwegian Sea
  A Liverpool - Yorkshire

Not understood: nothing, every order line was read.
"""

AUSTRIA_HEAD = """\
classic-1901: Spring 1901 movement
To Franz Ferdinand (austria)

Understood from austria.txt: 2 order(s)
  A Vienna - Galicia
  F Trieste - Albania

Not understood: 1 problem(s)
  austria.txt, line 4: syntax: unknown province 'Serbie': did you mean SER (Serbia)?
      > A Budapest - Serbie
"""


def classic(tmp_path: Path, mail: bool = True) -> Path:
    folder = tmp_path / "classic"
    shutil.copytree(EXAMPLES / "classic-1901", folder)
    if mail:
        with (folder / "game.yaml").open("a", encoding="utf-8") as handle:
            handle.write(MAIL)
    return folder


def classic_orders(folder: Path) -> list[Path]:
    return sorted((folder / "orders").glob("*.txt"))


def read_eml(path: Path) -> EmailMessage:
    message = email.message_from_bytes(path.read_bytes(), _class=EmailMessage, policy=default)
    assert isinstance(message, EmailMessage)
    return message


def content(message: EmailMessage) -> str:
    """The text body, its CRLF line ends (as on the wire) made plain."""
    return str(message.get_content()).replace("\r\n", "\n")


def test_check_replies_per_power(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    result = run("check", folder, *classic_orders(folder), "--replies")
    assert result.exit_code == 1  # two problems, as without --replies
    out = folder / "outbox" / "1901-spring-movement"
    names = sorted(p.name for p in out.iterdir())
    powers = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]
    assert names == sorted([f"{p}.eml" for p in powers] + [f"{p}.txt" for p in powers])
    assert (out / "england.txt").read_text(encoding="utf-8") == ENGLAND_ORDERS
    assert (out / "austria.txt").read_text(encoding="utf-8") == AUSTRIA_HEAD
    message = read_eml(out / "austria.eml")
    assert message["From"] == "Game Master <gm@judge.example.org>"
    assert message["To"] == "franz@example.org"
    assert message["Subject"] == "[classic-1901] Spring 1901 movement: your orders"
    assert message["Date"] is None  # `send` dates it when it leaves
    assert message["Message-ID"].startswith("<orders.classic-1901-1901-spring-movement-austria.")
    assert message["Message-ID"].endswith("@judge.example.org>")
    assert message.get_content_charset() == "utf-8"
    assert content(message) == AUSTRIA_HEAD


def test_replies_are_deterministic_and_new_when_changed(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    out = folder / "outbox" / "1901-spring-movement"
    run("check", folder, *classic_orders(folder), "--replies")
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    run("check", folder, *classic_orders(folder), "--replies")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == first
    fixed = folder / "orders" / "austria.txt"
    fixed.write_text(fixed.read_text(encoding="utf-8").replace("Serbie", "Serbia"), "utf-8")
    run("check", folder, *classic_orders(folder), "--replies")
    before, after = (read_eml(out / "austria.eml"), read_eml(out / "england.eml"))
    assert before["Message-ID"] not in first["austria.eml"].decode()
    assert after["Message-ID"] in first["england.eml"].decode()


def test_no_replies_without_the_flag(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    run("check", folder, *classic_orders(folder))
    run("adjudicate", folder, *classic_orders(folder))
    assert not (folder / "outbox").exists()


def test_adjudicate_replies_carry_the_reports(tmp_path: Path) -> None:
    folder = classic(tmp_path)
    result = run("adjudicate", folder, *classic_orders(folder), "--replies")
    assert result.exit_code == 1
    phase = "1901-spring-movement"
    out = folder / "outbox" / phase
    body = (out / "austria.txt").read_text(encoding="utf-8")
    private = (folder / "reports" / phase / "austria.txt").read_text(encoding="utf-8")
    public = (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")
    assert body == (
        f"{AUSTRIA_HEAD}\nYour private report:\n\n{private.rstrip()}\n\n"
        f"The public report:\n\n{public.rstrip()}\n"
    )
    message = read_eml(out / "england.eml")
    assert message["Subject"] == "[classic-1901] Spring 1901 movement: results"
    assert message["Message-ID"].startswith("<results.classic-1901-1901-spring-movement-england.")
    assert "== Austria ==\n  A BUD H      no order; it holds" in content(message)


def test_narrativo_replies_every_player_not_the_narrator(tmp_path: Path) -> None:
    folder = tmp_path / "raid"
    shutil.copytree(EXAMPLES / "narrativo-commando-raid", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for who in ("ana", "bruno", "carla"):
        empty = f"  {who}:\n    player: ''\n    email: ''"
        text = text.replace(empty, f"  {who}:\n    player: ''\n    email: {who}@raid.example")
    game.write_text(text + MAIL, encoding="utf-8")
    mail = sorted((folder / "orders" / "1-turno").glob("*.txt"))
    assert run("adjudicate", folder, *mail, "--replies").exit_code == 0
    out = folder / "outbox" / "1-turno"
    assert sorted(p.name for p in out.glob("*.eml")) == ["ana.eml", "bruno.eml", "carla.eml"]
    body = (out / "carla.txt").read_text(encoding="utf-8")
    private = (folder / "reports" / "1-turno" / "carla.txt").read_text(encoding="utf-8")
    assert body.startswith(
        "narrativo-commando-raid: Turn 1 turno\nTo carla\n\n"
        "Understood from carla.txt: 2 order(s)\n"
        "  Müller: compleja Fuerza + Paracaidismo (aterrizar)\n"
    )
    assert f"Your private report:\n\n{private.rstrip()}\n\nThe public report:\n\n" in body
    message = read_eml(out / "carla.eml")
    assert message["To"] == "carla@raid.example"
    assert message["Subject"] == "[narrativo-commando-raid] Turn 1 turno: results"
    assert content(message) == body  # UTF-8 (Müller) kept
