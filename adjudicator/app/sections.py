"""What the app adds at the end of a turn's public report (issue 19): the
mail used for each power (`mail_used`), the powers in civil disorder
(`disorder`). Each is a section of the text and a key of the JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from adjudicator.core.session import JudgedTurn


def with_section(turn: JudgedTurn, lines: Sequence[str], key: str, value: object) -> JudgedTurn:
    """`turn` with `lines` after a blank line at the end of its public text,
    and `value` under `key` in its JSON (written as the reports' JSON is)."""
    data = json.loads(turn.json_text)
    data[key] = value
    text = turn.text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    json_text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return replace(turn, text=text, json_text=json_text)
