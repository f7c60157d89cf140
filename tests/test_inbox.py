"""`mapjudge inbox DIR MAILBOX` (issue 19, "Mail in"): real-looking mail for
every ruleset's orders, filed as the current phase's order files, then read by
`mapjudge check` as if the GM had saved each mail by hand."""

from __future__ import annotations

import email.policy
import json
import mailbox
import shutil
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import yaml

from orders.mail import html_to_text, read_message
from tests.cli_runner import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEADLINE = "2026-11-30T20:00:00+01:00"
ON_TIME = "Mon, 30 Nov 2026 18:30:00 +0000"  # 19:30 at +01:00
EARLIER = "Sun, 29 Nov 2026 10:00:00 +0100"
LATE = "Mon, 30 Nov 2026 20:05:00 +0100"


def game_from_example(tmp_path: Path, example: str, **extra: Any) -> tuple[Path, str]:
    """A copy of an example game with no mail in `orders/`, every power's
    address `<power>@example.org`, and a deadline for its first phase."""
    folder = tmp_path / example
    shutil.copytree(EXAMPLES / example, folder, ignore=shutil.ignore_patterns("orders"))
    config = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    phase = next((folder / "turns").glob("*.yaml")).stem
    for power, entry in config["powers"].items():
        entry["email"] = f"{power}@example.org"
    config["deadlines"] = {phase: DEADLINE}
    config.update(extra)
    (folder / "game.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    return folder, phase


def mail(
    sender: str,
    body: str,
    date: str = ON_TIME,
    *,
    ident: str,
    html: bool = False,
    charset: str = "utf-8",
    cte: str = "quoted-printable",
    attachment: tuple[str, str] | None = None,
) -> bytes:
    """A message as a mail client writes it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "Judge <judge@example.org>"
    message["Subject"] = "Orders"
    message["Date"] = date
    message["Message-ID"] = f"<{ident}@mail.example.org>"
    message.set_content(body, subtype="html" if html else "plain", charset=charset, cte=cte)
    if attachment is not None:
        name, text = attachment
        message.add_attachment(text.encode("utf-8"), "text", "plain", filename=name)
    return message.as_bytes(policy=email.policy.SMTP)


def eml_folder(tmp_path: Path, messages: dict[str, bytes]) -> Path:
    box = tmp_path / "mailbox"
    box.mkdir()
    for name, raw in messages.items():
        (box / f"{name}.eml").write_bytes(raw)
    return box


def manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((folder / "orders" / "inbox.yaml").read_text())
    return data


# --- orders.mail ------------------------------------------------------------------


def test_read_message_decodes_latin1_quoted_printable() -> None:
    raw = mail(
        "Otto <otto@example.org>",
        "A Munich - Ruhr\n-- \nOtto, München\n",
        ident="m1",
        charset="iso-8859-1",
    )
    assert b"M=FCnchen" in raw
    read = read_message(raw)
    assert read.text == "A Munich - Ruhr\n-- \nOtto, München\n"
    assert read.addresses == ("otto@example.org",)
    assert read.date is not None and read.date.isoformat() == "2026-11-30T18:30:00+00:00"
    assert read.message_id == "<m1@mail.example.org>"


def test_html_only_mail_gives_its_text() -> None:
    markup = (
        "<html><head><style>p{}</style></head><body><p>France:<br>A Paris &ndash; Burgundy</p>"
        "<blockquote>Reminder: orders due</blockquote></body></html>"
    )
    assert html_to_text(markup) == "France:\nA Paris – Burgundy\n> Reminder: orders due\n"


# --- classic: every kind of mail -----------------------------------------------------

REPLY = """\
On Sun, 29 Nov 2026 the Judge wrote:
> Reminder: Spring 1901 orders are due Monday at 20:00.

ENGLAND
F London - North Sea
F Edinburgh - Norwegian Sea
A Liverpool - Yorkshire

-- 
Ann Wright
"""

FORWARDED = """\
Sent from my phone, forwarding what I wrote yesterday.

---------- Forwarded message ---------
From: Ivan Petrov <ivan.petrov@work.example.com>
Date: Sun, 29 Nov 2026 at 22:10
Subject: Russia S1901
To: judge@example.org

Russia
A Warsaw - Galicia
A Moscow - Ukraine
F Sevastopol - Black Sea
F St. Petersburg (south coast) - Gulf of Bothnia
"""

ITALY = "Italy:\nA Venice holds\nA Rome - Apulia\nF Naples - Ionian Sea\n"

HTML = (
    "<html><body><div>France:</div><div>A Paris - Burgundy</div>"
    "<div>A Marseilles - Spain</div><div>F Brest - Mid-Atlantic Ocean</div>"
    "<div><br></div><div>Marianne</div></body></html>"
)


def classic_mailbox() -> dict[str, bytes]:
    return {
        "01-england-early": mail(
            "Ann Wright <ann@example.org>",
            "England:\nF London - English Channel\n",
            EARLIER,
            ident="eng-1",
        ),
        "02-england": mail("Ann Wright <ANN@Example.org>", REPLY, ident="eng-2"),
        "03-england-late": mail(
            "ann@example.org", "England:\nF London - Belgium\n", LATE, ident="eng-3"
        ),
        "04-france-html": mail("Marianne <marianne@example.org>", HTML, ident="fra", html=True),
        "05-germany-latin1": mail(
            "Otto Bauer <otto@example.org>",
            "Germany\nA Munich - Ruhr\nA Berlin - Kiel\nF Kiel - Denmark\n"
            "-- \nOtto Bauer, München\n",
            ident="ger",
            charset="iso-8859-1",
        ),
        "06-italy-attachment": mail(
            "Giulia <giulia@example.org>",
            "My orders are attached.\n",
            ident="ita",
            attachment=("orders.txt", ITALY),
        ),
        "07-russia-forwarded": mail(
            "Ivan <ivan@example.org>", FORWARDED, ident="rus", cte="base64"
        ),
        "08-stranger": mail(
            "Someone <someone@elsewhere.example.net>",
            "Turkey:\nA Constantinople - Bulgaria\n",
            ident="who",
        ),
        "09-austria-for-turkey": mail(
            "Franz <franz@example.org>",
            "Austria:\nA Vienna - Galicia\nTurkey:\nF Ankara - Black Sea\n",
            ident="aus",
        ),
    }


def test_classic_mail_is_filed_then_checked(tmp_path: Path) -> None:
    folder, phase = game_from_example(tmp_path, "classic-1901")
    config = yaml.safe_load((folder / "game.yaml").read_text())
    for power, who in (
        ("austria", "franz"),
        ("england", "ann"),
        ("france", "marianne"),
        ("germany", "otto"),
        ("italy", "giulia"),
        ("russia", "ivan"),
    ):
        config["powers"][power]["email"] = f"{who}@example.org, {power}@example.org"
    (folder / "game.yaml").write_text(yaml.safe_dump(config))
    box = eml_folder(tmp_path, classic_mailbox())

    result = run("inbox", folder, box)

    assert result.exit_code == 0, result.output
    orders = folder / "orders"
    assert sorted(p.name for p in orders.iterdir()) == [
        "austria.txt",
        "england.txt",
        "france.txt",
        "germany.txt",
        "inbox.yaml",
        "italy.txt",
        "russia.txt",
    ]
    assert (orders / "england.txt").read_text() == REPLY
    assert (orders / "france.txt").read_text() == (
        "France:\nA Paris - Burgundy\nA Marseilles - Spain\nF Brest - Mid-Atlantic Ocean\n\nMarianne\n"
    )
    assert (orders / "germany.txt").read_text().endswith("Otto Bauer, München\n")
    assert (orders / "russia.txt").read_text() == FORWARDED.replace("\n---", "\n> ---")
    assert (orders / "italy.txt").read_text() == ITALY

    listed = manifest(folder)
    assert listed["phase"] == phase == "1901-spring-movement"
    assert listed["deadline"] == DEADLINE
    assert listed["powers"]["england"] == {
        "message": "02-england.eml",
        "sender": "Ann Wright <ANN@Example.org>",
        "date": "2026-11-30T18:30:00+00:00",
        "message_id": "<eng-2@mail.example.org>",
        "sha256": read_message((box / "02-england.eml").read_bytes()).sha256,
        "files": ["england.txt"],
    }
    assert listed["powers"]["italy"]["files"] == ["italy.txt"]
    assert listed["powers"]["italy"]["attachments"] == ["orders.txt"]
    assert [(s["message"], s["power"], s["why"]) for s in listed["set_aside"]] == [
        ("03-england-late.eml", "england", f"late: after the deadline {DEADLINE}"),
        ("08-stranger.eml", None, "unknown sender: not read"),
        ("01-england-early.eml", "england", "superseded by <eng-2@mail.example.org>"),
    ]
    assert "england: england.txt from 02-england.eml: Ann Wright <ANN@Example.org>" in result.output
    assert "08-stranger.eml: Someone <someone@elsewhere.example.net>" in result.output
    assert "Set aside: 3 message(s)" in result.output

    checked = run("check", folder, *sorted(orders.glob("*.txt")))
    out = checked.output
    assert "England (england.txt): 3 order(s), no problems" in out
    assert "France (france.txt): 3 order(s), no problems" in out
    assert "Germany (germany.txt): 3 order(s), no problems" in out
    assert "Russia (russia.txt): 4 order(s), no problems, 1 line(s) ignored" in out
    assert "Italy (italy.txt): 3 order(s), no problems" in out
    assert "No orders from: Turkey" in out
    assert "mapjudge: 1 problem(s) in the orders" in out
    assert (
        "austria.txt holds Austria's orders: Austria cannot give orders for Turkey's units (refused)"
        in out
    )
    assert "Austria (austria.txt): 1 order(s), 1 problem(s)" in out
    assert checked.exit_code == 1


def test_power_headers_match_an_unknown_sender(tmp_path: Path) -> None:
    folder, _ = game_from_example(tmp_path, "classic-1901", mail={"power_headers": True})
    box = eml_folder(
        tmp_path,
        {
            "a": mail(
                "Selim <selim.kaya@home.example.net>",
                "Turkey:\nF Ankara - Black Sea\nA Constantinople - Bulgaria\n",
                ident="t",
            ),
            "b": mail(
                "Nobody <nobody@example.net>", "Hello judge, when is the deadline?\n", ident="n"
            ),
        },
    )
    result = run("inbox", folder, box)
    assert result.exit_code == 0, result.output
    listed = manifest(folder)
    assert list(listed["powers"]) == ["turkey"]
    assert listed["set_aside"][0]["why"] == "unknown sender and no power header: not read"


def test_mbox_and_maildir(tmp_path: Path) -> None:
    folder, _ = game_from_example(tmp_path, "classic-1901")
    raw_eng = mail("england@example.org", "England:\nF London - North Sea\n", ident="e")
    raw_fra = mail("france@example.org", "France:\nA Paris - Burgundy\n", ident="f")
    mbox_path = tmp_path / "mail.mbox"
    box = mailbox.mbox(mbox_path)
    for raw in (raw_eng, raw_fra):
        box.add(mailbox.mboxMessage(raw))
    box.flush()
    result = run("inbox", folder, mbox_path)
    assert result.exit_code == 0, result.output
    assert "england: england.txt from mail.mbox#1" in result.output
    maildir = mailbox.Maildir(tmp_path / "Maildir")
    maildir.add(mailbox.MaildirMessage(raw_fra))
    maildir.flush()
    again = run("inbox", folder, tmp_path / "Maildir")
    assert again.exit_code == 0, again.output
    assert list(manifest(folder)["powers"]) == ["france"]


def test_no_such_mailbox_is_one_line(tmp_path: Path) -> None:
    folder, _ = game_from_example(tmp_path, "classic-1901")
    result = run("inbox", folder, tmp_path / "nowhere")
    assert result.exit_code == 1
    assert "nowhere: no such mailbox" in result.output


# --- every ruleset: the example's first mail sent as mail -----------------------------

FIRST_MAIL = {
    "machiavelli-1454": "1454-spring-movement",
    "genes-3-players": "1-actions",
    "cawa-10-players": "1-economy",
    "orbis-europa-500": "500-medidas",
    "narrativo-commando-raid": "1-turno",
}


@pytest.mark.parametrize("example", sorted(FIRST_MAIL))
def test_every_ruleset_reads_the_same_orders_from_mail(tmp_path: Path, example: str) -> None:
    folder, _ = game_from_example(tmp_path, example)
    powers = yaml.safe_load((folder / "game.yaml").read_text())["powers"]
    originals = sorted(
        p
        for p in (EXAMPLES / example / "orders" / FIRST_MAIL[example]).glob("*.txt")
        if p.stem in powers
    )
    assert len(originals) >= 3
    styles = [
        {"cte": "quoted-printable"},
        {"cte": "base64"},
        {"cte": "quoted-printable", "charset": "iso-8859-1"},
        {"cte": "8bit"},
    ]
    messages: dict[str, bytes] = {}
    for index, path in enumerate(originals):
        text = path.read_text(encoding="utf-8")
        style: dict[str, Any] = dict(styles[index % len(styles)])
        if style.get("charset") == "iso-8859-1" and not _latin1(text):
            style["charset"] = "utf-8"
        sender = f"{path.stem.title()} <{path.stem}@example.org>"
        messages[f"{index:02}-{path.stem}"] = mail(sender, text, ident=path.stem, **style)
    first = originals[0].stem
    messages["90-late"] = mail(f"{first}@example.org", "too late\n", LATE, ident="late")
    messages["91-early"] = mail(f"{first}@example.org", "draft\n", EARLIER, ident="early")
    messages["92-stranger"] = mail("x@elsewhere.example.net", originals[1].read_text(), ident="x")
    attached = originals[-1]
    messages["93-attachment"] = mail(
        f"{attached.stem}@example.org",
        "",
        "Mon, 30 Nov 2026 18:45:00 +0000",
        ident="att",
        attachment=(f"{attached.stem}.txt", attached.read_text(encoding="utf-8")),
    )
    box = eml_folder(tmp_path, messages)

    result = run("inbox", folder, box)

    assert result.exit_code == 0, result.output
    for path in originals:  # the last one from its attachment
        assert (folder / "orders" / path.name).read_bytes() == path.read_bytes(), path.name
    listed = manifest(folder)
    assert sorted(listed["powers"]) == sorted(p.stem for p in originals)
    assert listed["powers"][attached.stem]["message_id"] == "<att@mail.example.org>"
    assert [(s["power"], s["why"].split(":")[0]) for s in listed["set_aside"]] == [
        (first, "late"),
        (None, "unknown sender"),
        *sorted(
            [
                (first, f"superseded by <{first}@mail.example.org>"),
                (attached.stem, "superseded by <att@mail.example.org>"),
            ]
        ),
    ]
    filed = [folder / "orders" / p.name for p in originals]
    by_mail = run("check", folder, *filed)
    by_hand = run("check", folder, *originals)
    assert by_mail.output == by_hand.output
    assert by_mail.exit_code == by_hand.exit_code


def _latin1(text: str) -> bool:
    try:
        text.encode("iso-8859-1")
    except UnicodeEncodeError:
        return False
    return True


def test_the_report_says_which_message_was_used(tmp_path: Path) -> None:
    """Issue 19 "Mail in": the turn's public report (text and JSON) names,
    for each power, the sender, date and SHA-256 of the message used, and
    the messages set aside; a turn from hand-saved files says nothing."""
    folder, _ = game_from_example(tmp_path, "classic-1901")
    config = yaml.safe_load((folder / "game.yaml").read_text())
    for power, who in (("england", "ann"), ("france", "marianne"), ("germany", "otto")):
        config["powers"][power]["email"] = f"{who}@example.org"
    (folder / "game.yaml").write_text(yaml.safe_dump(config))
    box = eml_folder(tmp_path, classic_mailbox())
    assert run("inbox", folder, box).exit_code == 0
    files = sorted((folder / "orders").glob("*.txt"))
    done = run("adjudicate", folder, *files)
    assert done.exit_code in (0, 1), done.output
    text = (folder / "reports" / "1901-spring-movement.txt").read_text(encoding="utf-8")
    england = read_message((box / "02-england.eml").read_bytes()).sha256
    assert "Mail used (mapjudge inbox, orders/inbox.yaml):" in text
    assert (
        f"  england: Ann Wright <ANN@Example.org>, 2026-11-30T18:30:00+00:00, sha256 {england[:16]}"
        in text
    )
    assert "Set aside (not read):" in text and "unknown sender: not read" in text
    data = json.loads((folder / "reports" / "1901-spring-movement.json").read_text())
    assert data["mail_used"]["powers"]["england"]["sha256"] == england

    plain, _ = game_from_example(tmp_path / "plain", "classic-1901")
    example = EXAMPLES / "classic-1901" / "orders"
    assert run("adjudicate", plain, *sorted(example.glob("*.txt"))).exit_code in (0, 1)
    assert "Mail used" not in (plain / "reports" / "1901-spring-movement.txt").read_text()
