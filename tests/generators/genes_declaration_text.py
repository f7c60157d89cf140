"""Genes declarations written as the Catalan lines players mail
(`grammar/genes.lark`), for the property tests' parse round trip: see
`tests.generators.genes_declarations`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.rulesets.genes.model import FIELD_PREFIX, TRAIT_NAMES_CA, GenesState, Trait
from maps.genes.region import Region
from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Side

K = ActionKind


# --- the lines as a player writes them (grammar/genes.lark) -------------------------------


def parser_form(decl: Declaration) -> Declaration:
    """The declaration `orders.genes.parser` gives for `declaration_line(decl)`:
    the internal kind of a battle or a personal action (the engine decides
    whether it is external by where it happens)."""
    internal = {
        K.EXTERNAL_BATTLE: K.BATTLE,
        K.EXTERNAL_ASSASSINATE: K.ASSASSINATE,
        K.EXTERNAL_CAPTURE: K.CAPTURE,
        K.EXTERNAL_CONVINCE: K.CONVINCE,
    }
    return replace(decl, kind=internal.get(decl.kind, decl.kind), source=None)


@dataclass(frozen=True)
class _Names:
    state: GenesState
    region: Region

    def country(self, country: str | None) -> str:
        area = self.region.countries.get(country or "")
        return area.name if area is not None else str(country)

    def city(self, city: str | None) -> str:
        record = self.state.cities.get(city or "")
        return record.name if record is not None else str(city)

    def character(self, char: str | None) -> str:
        record = self.state.characters.get(char or "")
        return record.name if record is not None else str(char)

    def place(self, place: str | None) -> str:
        """`camp de <country>` for a field, else the city's name."""
        if place is not None and place.startswith(FIELD_PREFIX):
            return f"camp de {self.country(place.removeprefix(FIELD_PREFIX))}"
        return self.city(place)

    def at(self, place: str | None) -> str:
        """`al camp de Llevant`, `a Gavina`."""
        name = self.place(place)
        return f"al {name}" if name.startswith("camp de ") else f"a {name}"

    def of(self, place: str | None) -> str:
        """`del camp de Llevant`, `de Gavina`, `d'Albarà`."""
        name = self.place(place)
        if name.startswith("camp de "):
            return f"del {name}"
        return f"d'{name}" if name[:1].lower() in "aeiouàèéíòóú" else f"de {name}"


def _trait_word(trait: str | None) -> str:
    return TRAIT_NAMES_CA[Trait(trait)] if trait else ""


AGAINST_A_COUNTRY = {
    K.COPY_TECHNOLOGY: "copiar tecnologia de",
    K.CREATE_COUNTERPOWER: "crear contrapoder a",
    K.STRENGTHEN_COUNTERPOWER: "enfortir contrapoder a",
    K.INVESTIGATION: "investigació",
    K.DISAFFECTION: "promoure desafecció a",
    K.SABOTAGE: "sabotatge a",
    K.RAID: "incursió a",
}
"""The external actions written `<words> <country>` (002 §5.4.4)."""


def _line(decl: Declaration, n: _Names) -> str:
    """The line without its active characters."""
    k, amount = decl.kind, decl.amount
    match k:
        case K.FORTIFY:
            return f"fortificar {n.city(decl.city)}"
        case K.FOUND:
            return f"fundar {decl.name}"
        case K.REPRESS:
            return "reprimir contrapoder"
        case K.RESTORE_ORDER:
            return "restaurar ordre"
        case K.TAXES:
            return "taxes"
        case K.DEVELOPMENT:
            return f"desenvolupament {_trait_word(decl.trait)}".strip()
        case K.OBSERVATION:
            return "observació"
        case K.BATTLE | K.EXTERNAL_BATTLE:
            place = decl.place or decl.city
            against = f" contra {n.country(decl.target)}" if decl.target else ""
            if place is None:
                return f"batalla{against}"
            if place.startswith(FIELD_PREFIX):
                return f"batalla{against} {n.at(place)}"
            return f"batalla {n.at(place)}{against}"
        case K.CIVIL_WAR:
            return "guerra civil"
        case K.RECRUIT:
            where = f" {n.at(decl.city)}" if decl.city else ""
            return f"reclutar soldats {amount}{where}"
        case K.SOLDIERS_HOME:
            where = f" {n.of(decl.origin)}" if decl.origin else ""
            return f"soldats a casa {amount}{where}"
        case K.MOVE_TROOPS:
            return (
                f"trasllat de tropes {amount} {n.of(decl.origin)} {n.at(decl.place or decl.city)}"
            )
        case K.PROMOTE:
            if decl.name:
                return f"ascendir nou {decl.name} {_trait_word(decl.trait)}".strip()
            what = "principal" if decl.principal else _trait_word(decl.trait)
            return f"ascendir {n.character(decl.character)} {what}".strip()
        case K.ASSASSINATE | K.EXTERNAL_ASSASSINATE:
            return f"assassinar {n.character(decl.character)}"
        case K.CAPTURE | K.EXTERNAL_CAPTURE:
            how = " per militarisme" if decl.trait == Trait.MILITARISM.value else ""
            return f"capturar {n.character(decl.character)}{how}"
        case K.CONVINCE | K.EXTERNAL_CONVINCE:
            return f"convèncer {n.character(decl.character)}"
        case _ if k in AGAINST_A_COUNTRY:
            return f"{AGAINST_A_COUNTRY[k]} {n.country(decl.target)}"
        case K.SIEGE:
            return f"setge a {n.city(decl.city or decl.place)}"
        case K.ALLY:
            if decl.mode == "rebels":
                return f"aliança rebels {n.country(decl.target)}"
            return f"aliança {n.country(decl.target)} {n.at(decl.place)}"
        case K.WATCH:
            way = "assassinar" if decl.mode == "assassinate" else "capturar"
            how = " per militarisme" if decl.trait == Trait.MILITARISM.value else ""
            return f"vigilància {way}{how}"
        case K.RELEASE:
            return f"alliberar {n.character(decl.character)}"
        case K.DISASTER_KIND:
            return f"desastre: {decl.mode}"
        case K.DISASTER_CITY:
            return f"desastre a {n.city(decl.city)}"
        case K.CRISIS_HELPER:
            return f"crisi {_trait_word(decl.trait)}".strip()
        case K.REPATRIATE:
            return f"repatriar {n.character(decl.character)}"
        case K.EXCHANGE:
            return _exchange_line(decl, n)
    raise AssertionError(f"no line for {k}")  # pragma: no cover


def _good_words(good: Good, n: _Names) -> str:
    """A bescanvi's good as written (002 §5.4): the noun keeps a city and a
    character of one name apart."""
    if good.kind is GoodKind.TROOPS:
        return f"{good.amount} tropes {n.at(good.subject)}"
    if good.kind is GoodKind.TERRAIN:
        return f"terreny {n.country(good.subject)}"
    if good.kind is GoodKind.CHARACTER:
        return f"personatge {n.character(good.subject)}"
    return f"ciutat {n.city(good.subject)}"


def _exchange_line(decl: Declaration, n: _Names) -> str:
    """`bescanvi amb Llevant: dono ciutat Gavina; rebo 2 tropes al camp de Llevant`."""
    parts = []
    for side, verb in ((Side.GIVE, "dono"), (Side.GET, "rebo")):
        goods = [_good_words(g, n) for g in decl.goods if g.side is side]
        if goods:
            parts.append(f"{verb} {', '.join(goods)}")
    return f"bescanvi amb {n.country(decl.target)}: {'; '.join(parts)}"


def declaration_line(decl: Declaration, state: GenesState, region: Region) -> str:
    """`decl` as the Catalan line a player mails (grammar/genes.lark), with its
    active characters (`amb Jaume i Elisenda`, 002 §5.4.6); names as
    `adjudicator.plugins.genes.declaration_names` gives them. The country is not written:
    the line belongs in the country's file."""
    names = _Names(state, region)
    line = _line(decl, names)
    if decl.helpers:
        line += " amb " + " i ".join(names.character(h) for h in decl.helpers)
    if decl.kind is K.ALLY and decl.mode == "rebels" and decl.character:
        line += f", principal {names.character(decl.character)}"
    return line
