"""`Declaración:` lines (rulebook 000 "Tratados y Declaraciones", "Guerra";
O-205, O-248 .. O-255, AMB-40), each answered, never raising.

The same declaration (kind, text, penalty) made by several nations the same
year is one joint declaration under the first one's id (O-253,
`declarations.joint`); the later declarant gets no id of its own. An
adhesion with reservations nobody accepted makes a similar but distinct
declaration (O-255). `guerra` is recorded by the year's clashes step
(`clashes.wars`): alone it is symbolic (O-205).
"""

from __future__ import annotations

from adjudicator.rulesets.orbis.politics import declarations as dec
from adjudicator.rulesets.orbis.politics.declarations import Declaration, DeclarationKind
from adjudicator.rulesets.orbis.politics.diplomacy import penalty_of
from adjudicator.rulesets.orbis.politics.ids import next_id
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from orders.orbis.politics_model import DeclarationAct, DeclarationLine
from texts import T_


def _find(ledger: Ledger, ref: str | None) -> Declaration:
    found = next((d for d in ledger.politics.declarations if d.id == ref), None)
    if found is None:
        raise ValueError(T_("no declaration {ref!r}", ref=ref))
    return found


def _put(ledger: Ledger, old_id: str, new: Declaration) -> Ledger:
    kept = tuple(new if d.id == old_id else d for d in ledger.politics.declarations)
    return ledger.record(declarations=kept)


def _add(ledger: Ledger, new: Declaration) -> Ledger:
    return ledger.record(declarations=(*ledger.politics.declarations, new))


def _declare(ledger: Ledger, line: DeclarationLine, year: int) -> tuple[Ledger, str]:
    if line.kind is None:
        raise ValueError(T_("a declaration names its kind (O-248)"))
    used = {d.id for d in ledger.politics.declarations}
    new = dec.declare(
        next_id("D", year, used),
        (line.power,),
        line.text,
        DeclarationKind(line.kind),
        year,
        penalty_of(line.penalty),
    )
    for kept in ledger.politics.declarations:
        merged = dec.joint((kept, new))
        if len(merged) == 1 and kept.since == year:
            return _put(ledger, kept.id, merged[0]), T_(
                "joins {kept}, a joint declaration (O-253)", kept=kept.id
            )
    return _add(ledger, new), T_("declaration {new} made (O-248)", new=new.id)


def _act(ledger: Ledger, line: DeclarationLine, year: int) -> tuple[Ledger, str]:
    act = line.act
    if act is DeclarationAct.DECLARE:
        return _declare(ledger, line, year)
    if act is DeclarationAct.WAR:
        enemy = line.against
        if enemy is None or enemy not in ledger.nations or enemy == line.power:
            raise ValueError(T_("no other nation {enemy!r} to declare war on", enemy=enemy))
        return ledger, T_(
            "war declared on {enemy}: symbolic without clashes (O-205)", enemy=ledger.name(enemy)
        )
    found = _find(ledger, line.ref)
    if act is DeclarationAct.ADHERE:
        used = {d.id for d in ledger.politics.declarations}
        done = dec.adhere(found, line.power, year, line.reservations, (), None)
        if done.joined:
            return _put(ledger, found.id, done.declaration), T_(
                "adhered to {found} (O-253)", found=found.id
            )
        if done.declaration.id in used:
            raise ValueError(
                T_("{declaration} already exists (O-255)", declaration=done.declaration.id)
            )
        return (
            _add(ledger, done.declaration),
            T_(
                "reservations not accepted: similar declaration {declaration} (O-255)",
                declaration=done.declaration.id,
            ),
        )
    if act is DeclarationAct.REVOKE:
        revoked = dec.revoke(found, line.power, year)
        return _put(ledger, found.id, revoked), (
            T_(
                "{found} revoked: bound through {year} (O-250, AMB-40)",
                found=found.id,
                year=year + 1,
            )
        )
    if act is DeclarationAct.BREAK:
        breach = dec.break_declaration(found, year, line.power)
        ledger = _put(ledger, found.id, breach.declaration).note(
            T_(
                "{power} broke declaration {found} (O-250)",
                power=ledger.name(line.power),
                found=found.id,
            ),
            *breach.notes,
        )
        return ledger.punish(breach.sanctions), T_("{found} broken (O-250, O-252)", found=found.id)
    again = dec.reassume(found, (line.power,), year)
    if again.id != found.id:
        if any(d.id == again.id for d in ledger.politics.declarations):
            again_ids = [d for d in ledger.politics.declarations if d.id == again.id]
            merged = dec.reassume(found, (*again_ids[0].declarants, line.power), year)
            return _put(ledger, again.id, merged), T_(
                "{found} reassumed as {again} (O-251)", found=found.id, again=again.id
            )
        return _add(ledger, again), T_(
            "{found} reassumed as {again} (O-251)", found=found.id, again=again.id
        )
    return _put(ledger, found.id, again), T_("{found} reassumed (O-251)", found=found.id)


_RULES = {
    DeclarationAct.DECLARE: "O-248",
    DeclarationAct.ADHERE: "O-253",
    DeclarationAct.REVOKE: "O-250",
    DeclarationAct.BREAK: "O-250",
    DeclarationAct.REASSUME: "O-251",
    DeclarationAct.WAR: "O-205",
}


def declaration_line(ledger: Ledger, line: DeclarationLine, year: int) -> Ledger:
    """One `Declaración:` line answered (O-205, O-248 .. O-255)."""
    try:
        after, words = _act(ledger, line, year)
    except (KeyError, ValueError) as error:
        return ledger.refuse(line, error, _RULES[line.act])
    return after.answer(line, True, words)
