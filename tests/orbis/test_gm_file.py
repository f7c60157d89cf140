"""Reading the GM file: events, vetoes, re-classifications, reach levels, secrets."""

from __future__ import annotations

import pytest

from orders.issues import IssueKind
from orders.orbis.gm_file import read_gm_file
from orders.orbis.model import Event, EventModifier, OrbisNames, ParsedGm, Reach, Reclassify, Veto

NAMES = OrbisNames(
    {
        "borgona": ("Borgoña", "Burgundy"),
        "genova": ("Génova", "Genoa"),
        "castilla": ("Castilla",),
    },
    {"Córcega": "corcega"},
)

FULL = """\
year: 1205
events:
  - name: Peste negra
    modifiers:
      - {nation: Borgoña, attribute: MIL, value: 10, until: 1210}
      - {nation: genova, attribute: Prestigio, value: -5, until: 1225}
    extra_medidas: {Génova: 1, Castilla: 2}
  - name: Cruzada
    year: 1206
    extra_medidas: {castilla: 1}
veto:
  - {nation: Borgoña, reason: "ASB: dragones"}
  - {nation: Castilla}
reclassify:
  - {nation: Génova, statistic: Intriga}
  - {nation: Castilla, statistic: Asentamiento}
reach:
  - {nations: [Génova, Borgoña], level: muy lejano, attribute: ECN}
  - {nations: [Castilla, Génova], level: very close}
secret: [Génova, castilla]
"""


def modifier_file(fields: str) -> str:
    """A GM file of one event with one modifier of these fields."""
    return f"year: 1205\nevents: [{{name: x, modifiers: [{{{fields}}}]}}]\n"


def read(text: str) -> ParsedGm:
    return read_gm_file(text, file="gm.yaml", names=NAMES)


def messages(text: str) -> list[str]:
    return [issue.message for issue in read(text).issues]


def test_every_section() -> None:
    """O-002, O-009, O-049, O-061, O-118, AMB-43: every section of the GM file is read."""
    gm = read(FULL)
    assert gm.issues == ()
    assert gm.year == 1205
    plague, crusade = gm.events
    assert plague == Event(
        "Peste negra",
        1205,
        (
            EventModifier("borgona", "MIL", 10, 1210),
            EventModifier("genova", "PRS", -5, 1225),
        ),
        {"genova": 1, "castilla": 2},
    )
    assert crusade.year == 1206 and crusade.modifiers == ()
    assert gm.extra_medidas("castilla") == 3 and gm.extra_medidas("borgona") == 0
    assert gm.vetoes == (
        Veto("borgona", "ASB: dragones"),
        Veto("castilla", "implausible (ASB, O-002)"),
    )
    assert gm.reclassify == (
        Reclassify("genova", "intriga"),
        Reclassify("castilla", "expansion", "asentamiento"),
    )
    assert gm.reach == (
        Reach(("genova", "borgona"), "muy lejano", "ECN"),
        Reach(("castilla", "genova"), "muy cercano", None),
    )
    assert gm.secret == frozenset({"genova", "castilla"})


def test_empty_file() -> None:
    """O-009: an empty GM file means no events, vetoes or secrets, and no problem."""
    gm = read("")
    assert (gm.year, gm.events, gm.vetoes, gm.secret, gm.issues) == (None, (), (), frozenset(), ())


def test_bad_yaml_names_the_line() -> None:
    """O-009: YAML that cannot be read is one issue with its line."""
    (issue,) = read("year: 1205\nevents: [\n  - name: x\n").issues
    assert issue.kind is IssueKind.SYNTAX and "bad YAML" in issue.message
    assert issue.source.file == "gm.yaml" and issue.source.line >= 2


def test_duplicate_key_is_bad_yaml() -> None:
    """O-009: a section written twice is refused by the safe loader."""
    assert "bad YAML" in messages("secret: [genova]\nsecret: [borgona]\n")[0]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("- a list\n", "must be a mapping of sections"),
        ("eventos: []\n", "unknown section 'eventos'"),
        ("year: soon\n", "year must be a whole number"),
        ("events: {name: x}\n", "events: must be a list"),
        ("events: [x]\n", "events[0]: must be a mapping"),
        ("events: [{name: x}]\n", "needs a year"),
        ("year: 1205\nevents: [{year: 1205}]\n", "missing 'name'"),
        ("year: 1205\nevents: [{name: x, yaer: 1}]\n", "unknown field 'yaer'"),
        (
            modifier_file("nation: Borgoña, attribute: MIL, value: 5, until: 1226"),
            "ends between 1205 and 1225 (O-049)",
        ),
        (modifier_file("nation: Borgoña, attribute: MIL, value: 5, until: 1204"), "ends between"),
        (
            modifier_file("nation: Borgoña, attribute: MIL, value: 0, until: 1206"),
            "a modifier of 0",
        ),
        (
            modifier_file("nation: Borgoña, attribute: FUERZA, value: 5, until: 1206"),
            "unknown attribute 'FUERZA'",
        ),
        (
            modifier_file("nation: Borgoña, attribute: MIL, value: five, until: 1206"),
            "value must be a whole number",
        ),
        (
            "year: 1205\nevents: [{name: x, modifiers: [{attribute: MIL, value: 5, until: 1206}]}]\n",
            "a nation's name is needed",
        ),
        ("year: 1205\nevents: [{name: x, extra_medidas: [genova]}]\n", "must map nations"),
        ("year: 1205\nevents: [{name: x, extra_medidas: {genova: 0}}]\n", "at least 1"),
        ("veto: [{nation: Borgonia}]\n", "unknown nation 'Borgonia'"),
        ("veto: [{reason: x}]\n", "missing 'nation'"),
        ("veto: [{nation: genova}, {nation: Génova}]\n", "named more than once"),
        ("reclassify: [{nation: genova, statistic: Intrigue2}]\n", "unknown statistic"),
        ("reclassify: [{nation: genova}]\n", "missing 'statistic'"),
        ("reach: [{nations: [genova], level: lejano}]\n", "must list two nations"),
        ("reach: [{nations: [genova, Génova], level: lejano}]\n", "two different nations"),
        ("reach: [{nations: [genova, borgona], level: lejanisimo}]\n", "unknown reach level"),
        (
            "reach: [{nations: [genova, borgona], level: lejano, attribute: XX}]\n",
            "unknown attribute",
        ),
        ("reach: [{nations: [genova, borgona]}]\n", "missing 'level'"),
        ("secret: genova\n", "secret: must be a list"),
        ("secret: [genova, Genoba]\n", "secret[1]: unknown nation 'Genoba'"),
    ],
)
def test_every_error_path(text: str, words: str) -> None:
    """O-002, O-009, O-049, O-061, O-118, AMB-43: each fault of the GM file is
    named (section, entry, field) and the faulty entry is left out."""
    found = messages(text)
    assert any(words in message for message in found), found


def test_a_fault_leaves_the_rest_read() -> None:
    """O-009: a faulty entry is left out; the other entries of the file are read."""
    gm = read("veto: [{nation: Borgonia}, {nation: genova}]\nsecret: [borgona]\n")
    assert gm.vetoes == (Veto("genova", "implausible (ASB, O-002)"),)
    assert gm.secret == frozenset({"borgona"})
    (issue,) = gm.issues
    assert issue.message.startswith("veto[0]:") and issue.suggestions == ("Borgoña",)


def test_bad_modifier_keeps_the_event() -> None:
    """O-049: a modifier out of range is refused; its event and other modifiers stay."""
    gm = read(
        "year: 1205\nevents:\n  - name: x\n    modifiers:\n"
        "      - {nation: genova, attribute: ECN, value: -4, until: 1209}\n"
        "      - {nation: genova, attribute: ECN, value: -4, until: 1300}\n"
    )
    (event,) = gm.events
    assert event.modifiers == (EventModifier("genova", "ECN", -4, 1209),)
    assert len(gm.issues) == 1 and gm.issues[0].message.startswith("events[0].modifiers[1]:")


def test_bytes_are_read() -> None:
    """O-009: the file may be given as bytes (UTF-8)."""
    gm = read_gm_file("secret: [Génova]\n".encode(), file="gm.yaml", names=NAMES)
    assert gm.secret == frozenset({"genova"})
