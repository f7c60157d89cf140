"""Issue 19, mail out: `mapjudge send DIR` against a real SMTP server
(aiosmtpd) on 127.0.0.1, checking what arrived; sent.yaml keeps a second
`send` from sending again; clear errors for STARTTLS refused, no settings, no
address."""

from __future__ import annotations

import email
import shutil
import socket
from collections.abc import Iterator
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
import yaml
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as Server
from aiosmtpd.smtp import Envelope, Session

from tests.cli_runner import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PHASE = "1901-spring-movement"
POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


class Inbox:
    """An aiosmtpd handler keeping every envelope it is given."""

    def __init__(self) -> None:
        self.envelopes: list[Envelope] = []

    async def handle_DATA(self, server: Server, session: Session, envelope: Envelope) -> str:
        self.envelopes.append(envelope)
        return "250 OK"

    def messages(self) -> list[EmailMessage]:
        found = []
        for envelope in self.envelopes:
            data = envelope.content
            assert isinstance(data, bytes)
            message = email.message_from_bytes(data, _class=EmailMessage, policy=default)
            assert isinstance(message, EmailMessage)
            found.append(message)
        return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def game_with_replies(tmp_path: Path, port: int, starttls: bool = False, extra: str = "") -> Path:
    folder = tmp_path / "classic"
    shutil.copytree(EXAMPLES / "classic-1901", folder)
    with (folder / "game.yaml").open("a", encoding="utf-8") as handle:
        handle.write(
            f"mail:\n  smtp_host: 127.0.0.1\n  smtp_port: {port}\n"
            f"  from: gm@judge.example.org\n  starttls: {str(starttls).lower()}\n{extra}"
        )
    result = run("check", folder, *sorted((folder / "orders").glob("*.txt")), "--replies")
    assert result.exit_code == 1, result.output
    return folder


def test_send_delivers_each_reply_once(tmp_path: Path, smtp_server: tuple[Inbox, int]) -> None:
    inbox, port = smtp_server
    folder = game_with_replies(tmp_path, port)
    result = run("send", folder)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "sent austria to franz@example.org: [classic-1901] Spring 1901 movement: your orders"
    )
    assert len(inbox.envelopes) == 7
    assert inbox.envelopes[1].mail_from == "gm@judge.example.org"
    assert inbox.envelopes[1].rcpt_tos == ["ann@example.org"]
    england = inbox.messages()[1]
    assert england["To"] == "ann@example.org"
    assert england["Subject"] == "[classic-1901] Spring 1901 movement: your orders"
    assert england["Date"] is not None  # added as it left
    outbox = folder / "outbox" / PHASE
    body = (outbox / "england.txt").read_text(encoding="utf-8")
    assert str(england.get_content()).replace("\r\n", "\n") == body
    sent = yaml.safe_load((outbox / "sent.yaml").read_text(encoding="utf-8"))
    assert [r["power"] for r in sent] == POWERS
    assert sent[1]["to"] == "ann@example.org"
    assert sent[1]["message_id"] == england["Message-ID"]

    again = run("send", folder, "--phase", PHASE)
    assert again.exit_code == 0
    assert again.output == f"{PHASE}: nothing to send (all sent before)\n"
    assert len(inbox.envelopes) == 7


def test_dry_run_sends_and_writes_nothing(tmp_path: Path, smtp_server: tuple[Inbox, int]) -> None:
    inbox, port = smtp_server
    folder = game_with_replies(tmp_path, port)
    result = run("send", folder, "--dry-run")
    assert result.exit_code == 0
    assert len(result.output.splitlines()) == 7
    assert result.output.startswith("would send austria to franz@example.org: ")
    assert inbox.envelopes == []
    assert not (folder / "outbox" / PHASE / "sent.yaml").exists()


def test_starttls_refused_is_a_clear_error(tmp_path: Path, smtp_server: tuple[Inbox, int]) -> None:
    inbox, port = smtp_server
    folder = game_with_replies(tmp_path, port, starttls=True)
    result = run("send", folder)
    assert result.exit_code == 1
    assert f"SMTP server 127.0.0.1:{port}: refused STARTTLS" in result.output
    assert inbox.envelopes == []
    assert not (folder / "outbox" / PHASE / "sent.yaml").exists()


def test_user_without_password(
    tmp_path: Path, smtp_server: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MAPJUDGE_SMTP_PASSWORD", raising=False)
    _, port = smtp_server
    folder = game_with_replies(tmp_path, port, extra="  user: gm\n")
    result = run("send", folder)
    assert result.exit_code == 1
    assert "user 'gm' needs $MAPJUDGE_SMTP_PASSWORD" in result.output


def test_no_mail_settings(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(EXAMPLES / "classic-1901", folder)
    result = run("send", folder)
    assert result.exit_code == 1
    assert "game.yaml: no mail settings" in result.output


def test_server_not_there(tmp_path: Path) -> None:
    folder = game_with_replies(tmp_path, free_port())
    result = run("send", folder)
    assert result.exit_code == 1
    assert "cannot connect" in result.output


def test_no_address_for_a_power(tmp_path: Path, smtp_server: tuple[Inbox, int]) -> None:
    inbox, port = smtp_server
    folder = tmp_path / "classic"
    game = game_with_replies(tmp_path, port)
    (folder / "outbox").rename(tmp_path / "old-outbox")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("otto@example.org", "''"), encoding="utf-8")
    run("check", folder, *sorted((folder / "orders").glob("*.txt")), "--replies")
    result = run("send", folder)
    assert result.exit_code == 1
    assert "germany.eml: no address for power germany: set powers.germany.email" in result.output
    assert inbox.envelopes == []
