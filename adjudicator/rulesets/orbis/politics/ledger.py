"""The year's political work in progress: the record, the sheets, the
answers and the notes, passed from step to step of `year.end_of_year` and
`year.start_of_year` (one frozen value, each step returning a new one)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from adjudicator.rulesets.orbis.politics.declarations import Sanction
from adjudicator.rulesets.orbis.politics.outcome import LineAnswer, PoliticsYear
from adjudicator.rulesets.orbis.politics.register import Politics, with_patrons
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import PoliticalLine
from texts import T_, Text


@dataclass(frozen=True)
class Ledger:
    """What the year's politics has done so far; `private` holds (nation,
    note) pairs in the order made."""

    politics: Politics
    nations: Mapping[str, Nation]
    answers: tuple[LineAnswer, ...] = ()
    notes: tuple[str, ...] = ()
    private: tuple[tuple[str, str], ...] = ()

    def name(self, nation: str) -> str:
        sheet = self.nations.get(nation)
        return sheet.name if sheet is not None else nation

    def note(self, *texts: str) -> Ledger:
        return replace(self, notes=(*self.notes, *texts))

    def secret(self, nation: str, text: str) -> Ledger:
        return replace(self, private=(*self.private, (nation, text)))

    def answer(self, line: PoliticalLine, accepted: bool, words: str) -> Ledger:
        return replace(self, answers=(*self.answers, LineAnswer(line, accepted, words)))

    def refuse(self, line: PoliticalLine, reason: object, rule: str) -> Ledger:
        """A refusal in words, citing `rule` unless the reason cites one."""
        words = _reason_words(reason)
        if "O-" not in words and "AMB-" not in words:
            words = Text("{words} ({rule})", {"words": words, "rule": rule})  # punctuation only
        return self.answer(line, False, T_("refused: {words}", words=words))

    def record(self, **changes: Any) -> Ledger:
        """The ledger with the political record's fields changed."""
        return replace(self, politics=replace(self.politics, **changes))

    def sheet(self, nation: Nation) -> Ledger:
        return replace(self, nations=MappingProxyType({**self.nations, nation.id: nation}))

    def punish(self, sanctions: Iterable[Sanction]) -> Ledger:
        """Each sanction's behaviour records added to its nation's sheet
        (O-050, O-242, O-252); a note naming the breaker and why."""
        ledger = self
        for sanction in sanctions:
            sheet = ledger.nations.get(sanction.nation)
            if sheet is None:
                continue
            ledger = ledger.sheet(replace(sheet, modifiers=(*sheet.modifiers, *sanction.records)))
            value = sanction.records[0].value if sanction.records else 0
            until = sanction.records[0].until if sanction.records else 0
            ledger = ledger.note(
                T_(
                    "{nation}: +{value} through {until}, {reason}",
                    nation=ledger.name(sanction.nation),
                    value=value,
                    until=until,
                    reason=sanction.reason,
                )
            )
        return ledger

    def synced(self) -> Ledger:
        """The sheets' `vassal_of` set from the vassalages (`with_patrons`)."""
        sheets = with_patrons(self.nations.values(), self.politics)
        return replace(self, nations=MappingProxyType({n.id: n for n in sheets}))

    def result(self) -> PoliticsYear:
        done = self.synced()
        private: dict[str, list[str]] = {}
        for nation, text in done.private:
            private.setdefault(nation, []).append(text)
        return PoliticsYear(
            done.politics,
            done.nations,
            done.answers,
            done.notes,
            MappingProxyType({k: tuple(v) for k, v in sorted(private.items())}),
        )


def _reason_words(reason: object) -> str:
    """A refusal's reason in words: the message of an exception (translatable
    when it was made with `T_`), without the quotes a `KeyError` adds."""
    words = str(reason).strip("'\"")
    message = reason.args[0] if isinstance(reason, Exception) and reason.args else reason
    if isinstance(message, Text) and str(message) == words:
        return message
    return words


def start(politics: Politics, nations: Mapping[str, Nation]) -> Ledger:
    return Ledger(politics, MappingProxyType(dict(nations)))
