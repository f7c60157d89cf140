"""The words of narrativo's declaration language (Spanish, English aliases),
as patterns over a line folded by `flat` (lower case, accents off, same
length as the line, so a match's span cuts the line as written).

See `orders.narrativo.declarations` for the grammar.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

from orders.issues import IssueKind, Problem
from orders.narrativo.model import ActionKind, ChoiceKind, WillpowerUse
from texts import T_, joined


def flat(text: str) -> str:
    """`Müller: Manipulación` -> `muller: manipulacion`, one character for
    one character (a match's span is the same in both)."""
    out: list[str] = []
    for char in text:
        base = unicodedata.normalize("NFKD", char)[:1] or char
        lower = base.lower()
        out.append(lower if len(lower) == 1 else char)
    return "".join(out)


HEAD = re.compile(r"\s*(?P<head>[^:\n]{1,80}?)\s*:\s*(?P<body>.*?)\s*$")
"""`<character>: <action>`."""
MAX_PROSE_HEAD_WORDS = 4
"""A head that names no character is taken for a mistyped name only when it
is this short and its line reads like an action; otherwise it is prose."""

KEYWORDS: Mapping[str, str] = MappingProxyType(
    {
        "simple": "simple",
        "compleja": "compleja",
        "complejo": "compleja",
        "complex": "compleja",
        "extendida": "extendida",
        "extendido": "extendida",
        "extended": "extendida",
        "opuesta": "opuesta",
        "opuesto": "opuesta",
        "opposed": "opuesta",
        "activa": "opuesta",
        "active": "opuesta",
        "pasiva": "pasiva",
        "pasivo": "pasiva",
        "passive": "pasiva",
        "coopera": "coopera",
        "cooperativa": "coopera",
        "cooperates": "coopera",
        "cooperate": "coopera",
        "cooperative": "coopera",
        "coordina": "coordina",
        "coordinada": "coordina",
        "coordinates": "coordina",
        "coordinate": "coordina",
        "coordinated": "coordina",
        "multiple": "multiple",
        "multiples": "multiple",
    }
)
"""A leading keyword of an action (folded) -> its Spanish keyword."""

MAIN_KINDS: Mapping[str, ActionKind] = MappingProxyType(
    {
        "coopera": ActionKind.COOPERATIVE,
        "coordina": ActionKind.COORDINATED,
        "multiple": ActionKind.MULTIPLE,
        "pasiva": ActionKind.OPPOSED_PASSIVE,
        "opuesta": ActionKind.OPPOSED_ACTIVE,
        "extendida": ActionKind.EXTENDED,
        "compleja": ActionKind.COMPLEX,
    }
)
"""The kind a set of keywords gives, the first one found in this order."""

VERBS = frozenset({"gasta", "gasto", "gastar", "spend", "spends", "elige", "escoge", "elijo"})
VERBS |= frozenset({"choose", "chooses", "tirada", "desesperada", "desperate", "usa", "uses"})
"""First words that make a line an action even without a pool."""

DESPERATE_ALONE = re.compile(r"(?:tirada\s+)?desesperada|desperate(?:\s+roll)?")
DESPERATE_SUFFIX = re.compile(
    r"(?:\s*,\s*|\s+)(?:(?:con\s+|with\s+(?:a\s+)?)?tirada\s+)?desesperada\s*$"
    r"|(?:\s*,\s*|\s+)(?:with\s+(?:a\s+)?)?desperate(?:\s+roll)?\s*$"
)
"""`..., desesperada` at the end of an action line (NAMB-25: the player asks)."""

INTENT = re.compile(r"\s*\((?P<intent>[^()]*)\)\s*$|\s+(?:--|—|–)\s+(?P<dash>.*)$")
"""`(saltar al río)` or ` -- saltar al río` at the end: what the character means to do."""

SPEND = re.compile(
    r"(?:gasta|gasto|gastar|spends?|usa|uses?)\s+(?:(?:1|un|una|one|a)\s+)?"
    r"(?:punto\s+de\s+|point\s+of\s+)?(?:voluntad|willpower|will)"
    r"(?:\s+(?:en|on|para|for|in|a)\s+(?P<use>.+?))?\s*$"
)
"""`gasta Voluntad [en fatiga|en cancelar|en la acción 2]` (N-092, NAMB-28)."""
SPEND_ACTION = re.compile(
    r"(?:(?:la|el|the)\s+)?(?:accion|action|declaracion|#)?\s*(?P<n>\d{1,3})$"
)
SPEND_USES: Mapping[str, WillpowerUse] = MappingProxyType(
    {
        "dados": WillpowerUse.DICE,
        "dice": WillpowerUse.DICE,
        "fatiga": WillpowerUse.IGNORE_FATIGUE,
        "fatigue": WillpowerUse.IGNORE_FATIGUE,
        "cansancio": WillpowerUse.IGNORE_FATIGUE,
        "cancelar": WillpowerUse.CANCEL_EFFECT,
        "cancela": WillpowerUse.CANCEL_EFFECT,
        "cancel": WillpowerUse.CANCEL_EFFECT,
        "efecto": WillpowerUse.CANCEL_EFFECT,
        "effect": WillpowerUse.CANCEL_EFFECT,
    }
)
"""A spend's use by any of its words (`en la fatiga`, `on cancelling the effect`)."""

CHOICE = re.compile(
    r"(?:elige|escoge|elijo|chooses?|choice)\s*:?\s+(?P<what>[a-z]+)"
    r"(?:\s+(?P<ref>[\w:@#/+.-]*\d[\w:@#/+.-]*))?\s*$"
)
"""`elige trauma|voluntad|recupera|dados|desesperada|acepta [id]`."""
CHOICE_WORDS: Mapping[str, ChoiceKind] = MappingProxyType(
    {
        **{kind.value: kind for kind in ChoiceKind},
        "willpower": ChoiceKind.LOSE_WILLPOWER,
        "recover": ChoiceKind.RECOVER_WILLPOWER,
        "recuperar": ChoiceKind.RECOVER_WILLPOWER,
        "dice": ChoiceKind.BONUS_DICE,
        "desperate": ChoiceKind.DESPERATE,
        "accept": ChoiceKind.ACCEPT_FAILURE,
        "aceptar": ChoiceKind.ACCEPT_FAILURE,
    }
)

NEED = re.compile(
    r"(?:\s*,\s*|\s+)(?:(?P<need>\d{1,4})\s+(?:exitos?|successes?))?"
    r"\s*(?:(?:en|in|within)\s+(?P<limit>\d{1,4})\s+(?:turnos?|tiradas?|turns?|rolls?))?\s*$"
)
"""`, 20 éxitos en 20 turnos` at the end of an extended action (N-017, N-018)."""

AGAINST = re.compile(r"\s+(?:contra|vs\.?|versus|against|frente\s+a)\s+")
WITH = re.compile(r"\s+(?:con|with|junto\s+a|together\s+with)\s+")
LEADS = re.compile(r"(?:^|\s+)(?:a|para|for|to)\s+")
LIST_SPLIT = re.compile(r"\s*(?:,|&|\s+y\s+|\s+e\s+|\s+and\s+)\s*")

_KEYWORD = re.compile(r"\s*([a-z]+)\b")
_MAINS = ("coordina", "multiple", "coopera", "pasiva", "opuesta")
_MODES = ("compleja", "extendida")


def action_kind(folded: str) -> tuple[ActionKind, bool, int]:
    """The leading keywords of a folded action -> its kind, whether it is
    extended, and where the words after the keywords start.

    N-026: an opposed action (active or passive) is never simple: complex
    unless `extendida`; `opuesta simple` is refused. N-038: a multiple
    action is never extended. `opuesta pasiva` is passive."""
    flags: list[str] = []
    at = 0
    while (match := _KEYWORD.match(folded, at)) and match.group(1) in KEYWORDS:
        flags.append(KEYWORDS[match.group(1)])
        at = match.end()
    mains = [flag for flag in _MAINS if flag in flags]
    if mains == ["pasiva", "opuesta"]:
        mains = ["pasiva"]
    modes = [flag for flag in _MODES if flag in flags]
    _check_combination(mains, modes, simple="simple" in flags)
    main = mains[0] if mains else (modes[0] if modes else None)
    kind = MAIN_KINDS[main] if main else ActionKind.SIMPLE
    return kind, "extendida" in modes, at


def _check_combination(mains: list[str], modes: list[str], *, simple: bool) -> None:
    """Keywords that cannot go together raise a `Problem`."""
    if simple and {"opuesta", "pasiva"} & set(mains):
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "an opposed action is never simple (N-026): write `opuesta` (complex) or"
                " `opuesta extendida`"
            ),
            1,
        )
    if mains and "multiple" in mains and "extendida" in modes:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "an extended action needs full dedication: it cannot be part of a multiple"
                " action (N-038)"
            ),
            1,
        )
    together = [*mains, *modes] + (["simple"] if simple else [])
    allowed = len(mains) <= 1 and len(modes) <= 1 and not (simple and len(together) > 1)
    if allowed and mains and mains[0] in ("coordina", "multiple") and modes:
        allowed = False
    if not allowed:
        words: list[object] = []
        for index, word in enumerate(together):
            if index:
                words.append(T_("and"))
            words.append(f"`{word}`")
        raise Problem(
            IssueKind.SYNTAX,
            T_("{words} cannot go together in one action", words=joined(words, " ")),
            1,
        )
