"""The political year of Orbis (rulebook 000 "Mapa y Estados" .. "Épocas";
checklist O-175 .. O-300): the two entry points the year calls.

`start_of_year` applies the GM's politics before the rolls
(`politics.start`); `end_of_year`, after the rolls, in this order:

1. clashes → wars (O-204 .. O-206);
2. protective treaties and neutralities broken by war medidas (O-242,
   O-243, O-248, O-252, AMB-40);
3. rebellions suppressed or not, then their upkeep (O-225 .. O-231,
   AMB-25, AMB-26, AMB-37);
4. civil wars: faction medidas, backers, upkeep, the end (O-217 .. O-222);
5. every political line, nations by id, each nation's in the order read,
   one answer each; then the GM's answers for nations without a player
   (O-234, AMB-41), the ballots counted (O-265 .. O-271, AMB-27) and the
   elections (O-287 .. O-289, AMB-29);
6. at a cycle's end the tribute (O-188 .. O-191, AMB-21); every turn the
   damage a vassal that declared independence did to its patron (O-195,
   AMB-33), then the liberations (O-192, O-193, O-195, AMB-33);
7. organisations (O-280, O-288, O-294, AMB-42);
8. treaties past their term expire (O-245);
9. an epoch triggered (O-296, O-300).

Everything is deterministic: collections are walked in sorted order, the
only dice are the tribute's (`tribute:<vassal>`) and the Leaders' terms
(`organisation-term:<id>`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics import assemblies, clashes, closing, vassal_year
from adjudicator.rulesets.orbis.politics.conditions import political_conditions
from adjudicator.rulesets.orbis.politics.declaring import declaration_line
from adjudicator.rulesets.orbis.politics.diplomacy import Context, gm_answers, treaty_line
from adjudicator.rulesets.orbis.politics.ledger import Ledger, start
from adjudicator.rulesets.orbis.politics.outcome import Acted, PoliticsYear
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.start import apply_gm
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import (
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    GmPolitics,
    PoliticalLine,
    TreatyLine,
    VassalLine,
    VoteLine,
)
from texts import T_

__all__ = ["end_of_year", "political_conditions", "start_of_year"]


def start_of_year(
    politics: Politics, nations: Mapping[str, Nation], gm: GmPolitics | None, year: int
) -> PoliticsYear:
    """The GM's politics applied before the rolls (see `politics.start`):
    vassalages, freed vassals, fronts and capacity, civil wars begun and
    ended, rebellions with secret backers, escalations (O-232), organisations
    (O-279, AMB-42), force majeure (O-250), the epoch (O-297 .. O-299). Every
    invalid item is a note starting "GM file: "."""
    ledger = start(politics, nations)
    if gm is not None:
        ledger = apply_gm(ledger, gm, year)
    return ledger.result()


def ordered(lines: Sequence[PoliticalLine]) -> tuple[PoliticalLine, ...]:
    """Nations by id, each nation's lines in the order read."""
    return tuple(sorted(lines, key=lambda line: line.power))


def _lines(
    ledger: Ledger, lines: tuple[PoliticalLine, ...], year: int, first_year: int, cycle: int
) -> Ledger:
    context = Context(year, lines)
    for line in lines:
        if line.power not in ledger.nations:
            ledger = ledger.answer(
                line, False, T_("refused: {power} is no nation of this game", power=line.power)
            )
        elif isinstance(line, TreatyLine):
            ledger = treaty_line(ledger, line, context)
        elif isinstance(line, DeclarationLine):
            ledger = declaration_line(ledger, line, year)
        elif isinstance(line, ConferenceLine):
            ledger = assemblies.conference_line(ledger, line, year)
        elif isinstance(line, VoteLine):
            ledger = assemblies.vote_line(ledger, line, year)
        elif isinstance(line, VassalLine):
            ledger = vassal_year.vassal_line(ledger, line, year, first_year, cycle)
    return ledger


def end_of_year(
    politics: Politics,
    nations: Mapping[str, Nation],
    acted: Sequence[Acted],
    lines: Sequence[PoliticalLine],
    gm: GmPolitics | None,
    dice: Dice,
    year: int,
    first_year: int,
    options: OrbisOptions,
    *,
    cycle_end: bool,
) -> PoliticsYear:
    """The year's politics after the rolls, steps 1 to 9 of the module
    docstring."""
    gm = gm or GmPolitics()
    order = ordered(lines)
    acts = tuple(sorted(acted, key=lambda a: a.actor))
    wars_declared = [
        (line.power, line.against)
        for line in order
        if isinstance(line, DeclarationLine)
        and line.act is DeclarationAct.WAR
        and line.against is not None
        and line.against in nations
    ]
    ledger = start(politics, nations)
    ledger = clashes.wars(ledger, acts, gm.hostilities, wars_declared, year)
    ledger = clashes.breaches(ledger, acts, year)
    ledger = clashes.suppressions(ledger, acts, year, rebellion_damage=options.rebellion_damage)
    ledger = clashes.civil_wars(ledger, acts, year)
    ledger = _lines(ledger, order, year, first_year, options.cycle)
    ledger = gm_answers(ledger, gm.answers, year)
    ledger = assemblies.count_votes(ledger, order, year, gm.answers)
    ledger = assemblies.elections(ledger, order, year, dice)
    if cycle_end:
        rules = vassal_year.RollRules(options.margin, options.alcance_exclusive)
        ledger = vassal_year.tributes(
            ledger,
            order,
            year,
            first_year,
            options.cycle,
            dice,
            rules,
            tribute_resource=options.tribute_resource,
        )
    ledger = vassal_year.independence_damage(ledger, acts, year)
    ledger = vassal_year.liberations(ledger, order, year)
    ledger = closing.organisations(ledger, year)
    ledger = closing.expiries(ledger, year)
    ledger = closing.epoch_trigger(ledger)
    return ledger.result()
