"""The public report of a narrativo exchange, as text and JSON (rulebook 001;
issue "narrativo", the "Reports" bullet).

The header names the game, the ruleset, the exchange and the options that
differ; then the scene (number, title) and the clock after the exchange
(turns, twelve to a minute: N-043, N-048) with the time advanced; each
action in the order resolved, each check and each rest
(`renderers.narrativo.entries`: every roll with its dice, the exploded dice
after the pool, the successes, the level or pifia and the flags: N-001,
NAMB-01, NAMB-02, NAMB-03, NAMB-07, NAMB-30); what changed on the sheets;
the choices the rules leave to the players and the lines they write
(NAMB-11, N-081, N-181); the declarations waiting for the Narrator's ruling;
the notes, the order issues, the dice and the receipts.

Secrecy: a roll the Narrator hid (an NPC's Astucia) and has not revealed is
only "a roll made in secret by the Narrator" here: not its character, not
its dice (its purposes are left out of the JSON's `rolls` too), not the
effects it began nor the sheet changes of the characters it concerns.
Decision: the Narrator's own characters (no player) are left out of the
sheet changes and the waiting declarations, which go to his report only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from adjudicator.core.dice import Roll
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.narrativo.outcome import NarrativoResolution
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Clock, Effect, NarrativoState, PendingChoice
from orders.issues import OrderIssue
from orders.narrativo.model import Declaration
from renderers.common import issue_dict, issue_key, issue_line, plain_value, roll_dict
from renderers.narrativo.entries import Entry, begun, entries
from renderers.narrativo.sheets import sheet_changes
from renderers.narrativo.words import (
    character_name,
    choice_dict,
    choice_line,
    clock_dict,
    effect_dict,
    effect_text,
    localized_summary,
    scene_text,
    waiting_dict,
    waiting_line,
)
from texts import N_, _, tr

SECRET = N_("A roll made in secret by the Narrator.")
_EMPTY: Mapping[str, object] = MappingProxyType({})
_EMPTY_NAMES: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class NarrativoTurnReport:
    """Everything the reports of one resolved exchange need."""

    resolution: NarrativoResolution
    game_name: str
    ruleset_title: str
    changed_options: Mapping[str, object] = field(default_factory=lambda: _EMPTY)
    issues: tuple[OrderIssue, ...] = ()
    receipts: tuple[Receipt, ...] = ()
    file_powers: Mapping[str, str] = field(default_factory=lambda: _EMPTY_NAMES)
    silent: tuple[str, ...] = ()

    @property
    def exchange(self) -> int:
        return self.resolution.previous.phase.turn

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        """Every action, check and rest as a report entry (computed once)."""
        return entries(self.resolution)


@dataclass(frozen=True)
class Scope:
    """Who reads a report: the public (every player), one player (his
    `characters` and `player` id: only what concerns them), or the Narrator
    (everything, hidden rolls marked)."""

    narrator: bool = False
    characters: frozenset[str] | None = None
    player: str | None = None

    @property
    def public(self) -> bool:
        return not self.narrator and self.characters is None

    def concerns(self, characters: frozenset[str]) -> bool:
        return self.characters is None or bool(characters & self.characters)


PUBLIC = Scope()
NARRATOR = Scope(narrator=True)


def player_scope(facts: NarrativoTurnReport, player: str) -> Scope:
    mine = facts.resolution.state.of_player(player)
    return Scope(characters=frozenset(c.id for c in mine), player=player)


# --- what a scope sees -------------------------------------------------------------------------


def sees(scope: Scope, entry: Entry) -> bool:
    """Whether a reader sees an entry in full: the Narrator every one; the
    others those not secret, a player only those of his characters."""
    return scope.concerns(entry.characters) and (scope.narrator or not entry.secret)


def secret_count(facts: NarrativoTurnReport, scope: Scope) -> int:
    """The public report's count of rolls made in secret (others: 0)."""
    return sum(1 for e in facts.entries if e.secret) if scope.public else 0


def secret_characters(facts: NarrativoTurnReport) -> frozenset[str]:
    """The actors of the secret entries: their sheet changes and the effects
    begun on them stay out of the players' reports."""
    return frozenset(c for e in facts.entries if e.secret for c in e.actors)


def hidden_sources(facts: NarrativoTurnReport) -> frozenset[str]:
    """The labels of the rolls still secret: this exchange's secret entries
    and the earlier hidden rolls not yet revealed. The effects they began
    are left out of the players' sheets."""
    state = facts.resolution.state
    earlier = {label for label in state.hidden_rolls if label not in state.revealed}
    return frozenset({*earlier, *(lb for e in facts.entries if e.secret for lb in e.labels)})


def public_rolls(facts: NarrativoTurnReport) -> tuple[Roll, ...]:
    """The logged dice outside the secret entries, by purpose and index."""
    hidden = [e for e in facts.entries if e.secret]
    shown = (
        r for r in facts.resolution.dice_rolls if not any(e.owns_purpose(r.purpose) for e in hidden)
    )
    return tuple(sorted(shown, key=lambda r: (r.purpose, r.index)))


def scope_rolls(facts: NarrativoTurnReport, scope: Scope) -> tuple[Roll, ...]:
    if scope.narrator:
        return tuple(sorted(facts.resolution.dice_rolls, key=lambda r: (r.purpose, r.index)))
    return public_rolls(facts) if scope.public else ()


def changed_characters(facts: NarrativoTurnReport, scope: Scope) -> tuple[Character, ...]:
    """The characters whose sheet the exchange changed that `scope` may see."""
    previous = facts.resolution.previous
    secret = frozenset() if scope.narrator else secret_characters(facts)
    out = []
    for character in facts.resolution.state.characters:
        if not scope.concerns(frozenset({character.id})) or character.id in secret:
            continue
        if character.player is None and not scope.narrator:
            continue
        if sheet_changes(previous.find(character.id), character):
            out.append(character)
    return tuple(out)


def scope_effects(facts: NarrativoTurnReport, scope: Scope) -> tuple[Effect, ...]:
    """The effects begun that no entry shows (a choice's, a sheet change's)."""
    secret = secret_characters(facts) if not scope.narrator else frozenset()
    return tuple(
        effect
        for effect in begun(facts.resolution)
        if not any(effect.source in e.labels for e in facts.entries)
        and scope.concerns(frozenset({effect.character}))
        and effect.character not in secret
    )


def npc(facts: NarrativoTurnReport, character: str) -> bool:
    found = facts.resolution.state.find(character) or facts.resolution.previous.find(character)
    return found is not None and found.player is None


def scope_choices(facts: NarrativoTurnReport, scope: Scope) -> tuple[PendingChoice, ...]:
    """The choices owed that `scope` sees (the Narrator's characters' his
    only; one left by a hidden check not in the public report: its player
    must answer it, the others must not learn of it)."""
    state = facts.resolution.state
    return tuple(
        c
        for c in state.choices
        if scope.concerns(frozenset({c.character}))
        and (scope.narrator or not npc(facts, c.character))
        and not (scope.public and _from_hidden(state, c))
    )


def _from_hidden(state: NarrativoState, choice: PendingChoice) -> bool:
    """Whether the choice was left by a roll still hidden (its id is
    `<exchange>-<label>`)."""
    label = choice.id.split("-", 1)[-1]
    return any(label == h or label.startswith(f"{h}:") for h in state.hidden_rolls)


def scope_waiting(facts: NarrativoTurnReport, scope: Scope) -> tuple[Declaration, ...]:
    """The declarations waiting that `scope` sees (the Narrator's own: his only)."""
    return tuple(
        d
        for d in facts.resolution.waiting
        if scope.concerns(frozenset({d.character}))
        and (scope.narrator or not npc(facts, d.character))
    )


def scope_issues(facts: NarrativoTurnReport, scope: Scope) -> tuple[OrderIssue, ...]:
    issues = sorted(facts.issues, key=issue_key)
    if scope.player is None:
        return tuple(issues)
    return tuple(i for i in issues if facts.file_powers.get(i.source.file) == scope.player)


def revealed_now(facts: NarrativoTurnReport) -> tuple[tuple[str, int], ...]:
    """Hidden rolls of earlier exchanges the Narrator revealed now, with the
    exchange each was rolled in."""
    before = facts.resolution.previous.hidden_rolls
    after = facts.resolution.state
    return tuple(
        (label, before[label])
        for label in sorted(before)
        if label in after.revealed and label not in after.hidden_rolls
    )


# --- text ------------------------------------------------------------------------------------


def header_lines(facts: NarrativoTurnReport, title: str) -> list[str]:
    lines = [f"{facts.game_name} — {_(facts.ruleset_title)}", title]
    if facts.changed_options:
        shown = ", ".join(
            f"{k} = {plain_value(facts.changed_options[k])}" for k in sorted(facts.changed_options)
        )
        lines.append(_("Options that differ from the defaults: {options}").format(options=shown))
    return lines


def clock_lines(facts: NarrativoTurnReport) -> list[str]:
    """The scene and the clock after the exchange, and the time advanced."""
    before, after = facts.resolution.previous.clock, facts.resolution.state.clock
    advanced = after.turn - before.turn
    new = _(" (new scene)") if after.scene != before.scene else ""
    return [
        f"{scene_text(after)}{new}",
        _("Clock: {clock} (turn {turn}); time advanced: {advanced} turns ({span})").format(
            clock=after.label(),
            turn=after.turn,
            advanced=advanced,
            span=Clock(turn=max(0, advanced)).label(),
        ),
    ]


def section(title: str, lines: list[str]) -> list[str]:
    return ["", title, *(f"  {line}" for line in lines)] if lines else []


def entry_lines(facts: NarrativoTurnReport, scope: Scope, kind: str) -> list[str]:
    """The blocks of one kind of entry; in the public report a secret entry
    is one line, "a roll made in secret by the Narrator"."""
    lines: list[str] = []
    for entry in facts.entries:
        if entry.kind != kind:
            continue
        if entry.secret and scope.public:
            lines.append(_(SECRET))
        elif sees(scope, entry):
            lines += entry.text(narrator=scope.narrator)
    return lines


def body_lines(facts: NarrativoTurnReport, scope: Scope) -> list[str]:
    """Everything but the header and the sheets, as `scope` may see it."""
    state = facts.resolution.state
    out: list[str] = []
    if scope.characters is None:
        lines = facts.resolution.previous.hidden_lines
        shown = [
            _("{label} (rolled in secret in exchange {n}): {roll}").format(
                label=label,
                n=n,
                roll=localized_summary(lines[label]) if label in lines else _("see the record"),
            )
            for label, n in revealed_now(facts)
        ]
        out += section(_("Revealed now by the Narrator:"), shown)
    out += section(_("Actions:"), entry_lines(facts, scope, "action"))
    out += section(_("Checks:"), entry_lines(facts, scope, "check"))
    out += section(_("Rests:"), entry_lines(facts, scope, "rest"))
    changed = [
        f"{c.name}: {', '.join(sheet_changes(facts.resolution.previous.find(c.id), c))}"
        for c in changed_characters(facts, scope)
    ]
    changed += [
        _("Effect begun on {name}: {effect}").format(
            name=character_name(facts.resolution.state, e.character), effect=effect_text(e)
        )
        for e in scope_effects(facts, scope)
    ]
    out += section(_("What changed on the sheets:"), changed)
    out += section(
        _("Choices the rules leave to the players:"),
        [choice_line(state, c) for c in scope_choices(facts, scope)],
    )
    out += section(
        _("Waiting for the Narrator's ruling:"),
        [waiting_line(state, d) for d in scope_waiting(facts, scope)],
    )
    if scope.characters is None:
        out += section(_("Notes:"), [tr(n) for n in facts.resolution.notes])
    out += section(_("Order issues:"), [issue_line(i) for i in scope_issues(facts, scope)])
    return out


def dice_count_line(facts: NarrativoTurnReport, scope: Scope) -> str:
    """How many dice were logged: the public count leaves the secret rolls'
    dice out; the Narrator's is the whole log, with those hidden."""
    rolls = scope_rolls(facts, scope)
    if not scope.narrator:
        return _("Dice rolled: {n} (each listed in the JSON report, for mapjudge verify)").format(
            n=len(rolls)
        )
    hidden = len(rolls) - len(public_rolls(facts))
    return _("Dice log: {n} dice rolled, {hidden} of them in secret rolls").format(
        n=len(rolls), hidden=hidden
    )


def tail_lines(facts: NarrativoTurnReport, scope: Scope) -> list[str]:
    """The dice count and the receipts (public and Narrator), the next exchange."""
    out: list[str] = []
    if scope.characters is None:
        out += ["", dice_count_line(facts, scope)]
        if facts.receipts:
            out += ["", _("Receipts (SHA-256 of each order file):")] + [
                f"  {r.file}: {r.sha256}" for r in sorted(facts.receipts)
            ]
    out += ["", _("Next exchange: {n}").format(n=facts.resolution.state.phase.turn)]
    return out


def render_public(facts: NarrativoTurnReport) -> str:
    """The public text report of the exchange (see the module docstring)."""
    out = header_lines(facts, _("Exchange {n} resolved").format(n=facts.exchange))
    out += clock_lines(facts)
    if facts.silent:
        out.append(
            _("No declarations from: {players}").format(players=", ".join(sorted(facts.silent)))
        )
    out += body_lines(facts, PUBLIC)
    out += tail_lines(facts, PUBLIC)
    return "\n".join(out) + "\n"


# --- JSON ------------------------------------------------------------------------------------


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def entry_dicts(facts: NarrativoTurnReport, scope: Scope, kind: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in facts.entries:
        if entry.kind != kind:
            continue
        if entry.secret and scope.public:
            out.append({"secret": True, "text": SECRET})
        elif sees(scope, entry):
            out.append(dict(entry.data))
    return out


def body_dict(facts: NarrativoTurnReport, scope: Scope) -> dict[str, Any]:
    """The body as plain data, the same facts as `body_lines`."""
    resolution = facts.resolution
    state = resolution.state
    previous = resolution.previous
    data: dict[str, Any] = {
        "game": facts.game_name,
        "ruleset": facts.ruleset_title,
        "exchange": facts.exchange,
        "next_exchange": state.phase.turn,
        "options": {k: plain_value(v) for k, v in facts.changed_options.items()},
        "clock": clock_dict(state.clock),
        "clock_before": clock_dict(previous.clock),
        "advanced_turns": state.clock.turn - previous.clock.turn,
        "new_scene": state.clock.scene != previous.clock.scene,
        "actions": entry_dicts(facts, scope, "action"),
        "checks": entry_dicts(facts, scope, "check"),
        "rests": entry_dicts(facts, scope, "rest"),
        "secret_rolls": secret_count(facts, scope),
        "changes": [
            {"character": c.id, "changes": list(sheet_changes(previous.find(c.id), c))}
            for c in changed_characters(facts, scope)
        ],
        "effects_begun": [effect_dict(e) for e in scope_effects(facts, scope)],
        "choices": [choice_dict(state, c) for c in scope_choices(facts, scope)],
        "waiting": [waiting_dict(state, d) for d in scope_waiting(facts, scope)],
        "issues": [issue_dict(i, facts.file_powers) for i in scope_issues(facts, scope)],
    }
    if scope.characters is None:
        lines = facts.resolution.previous.hidden_lines
        data["revealed_now"] = [
            {"label": lb, "exchange": n, "roll": lines.get(lb, "")} for lb, n in revealed_now(facts)
        ]
        data["notes"] = list(resolution.notes)
        data["silent"] = sorted(facts.silent)
        data["rolls"] = [roll_dict(r) for r in scope_rolls(facts, scope)]
        data["receipts"] = [{"file": r.file, "sha256": r.sha256} for r in sorted(facts.receipts)]
    return data


def render_public_json(facts: NarrativoTurnReport) -> str:
    """The public report as JSON (sorted keys, UTF-8 kept)."""
    return dumps(body_dict(facts, PUBLIC))
