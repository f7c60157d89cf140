"""Country sheets (002 §4, the *Fitxa de societat*): one YAML file per country,
filled in by its player, checked, and turned into the game's first state.

The format (keys in English, Catalan or Spanish; case and accents ignored)::

    country: ponent            # a country of the region: id, name or alias
                               #   (default: the file's name, ponent.yaml)
    name: Regne de Ponent      # optional, default the region's name
    description: Un regne de pagesos i mariners.      # optional
    relevance: medium          # small|medium|large, petita|mitjana|gran,
                               #   20|30|40, or random (1d10 at `mapjudge new`)
    characteristics:           # 0..10 each, 1 point per value (002 §4.2)
      autoritat: 6             #   authority / autoritat / autoridad
      diplomacia: 4            #   diplomacy / diplomàcia / diplomacia
      militarisme: 6           #   militarism / militarisme / militarismo
      tecnologia: 4            #   technology / tecnologia / tecnología
    characters:                # optional (002 §4.3): 1 point per value
      - name: Jaume            #   required, unique in the sheet
        role: Rei              #   required (càrrec): its role in society
        principal: true        #   exactly one principal when there are characters
        city: Vilagrana        #   one of the country's cities (required for the
                               #   principal, whose city is public, §4.4);
                               #   default the capital
        characteristics: {autoritat: 2, militarisme: 1}   # 1..3 each, one at least
    cities:                    # 002 §4.4
      capital: Vilagrana       # one of the country's cities (region or founded)
      walled: [Vilagrana]      # walls at creation: 1 point each
      founded:                 # new cities: 1 point each, 2 if walled
        - {name: Portnou, walled: false}
    army:                      # 002 §4.5
      points: 5                # creation points spent on Exèrcit
      forces: {Vilagrana: 12, Torremar: 6, field: 8, raiders: 5}

That sheet (for the bundled `peninsula` region) spends 20 + 3 + 1 + 1 + 5 =
30 points, and its Exèrcit is 10 + 4 × 2 + 6 + 4 / 2 + 5 = 31.

`army.forces` places the whole Exèrcit: the country's own cities (by id,
name or alias), `field` (an army in the country's own field; also `camp`)
and `raiders` (a raiding party, also `incursió`, `patrulla`), adding up to
Exèrcit = relevance 5/10/15 + cities × 2 + Militarisme + Tecnologia / 2 +
army points, exactly. The points spent (characteristics + characters +
founded cities + walls + army points) may not exceed the relevance's 20, 30
or 40 (002 §4.1); fewer is a warning.

Every problem is a `SheetIssue` naming the file and the key as written
(`ponent.yaml: characteristics.militarisme: 11 is above 10 (...)`); a
character's keys read `characters.<name>.…`, or `characters[<n>]` (1-based)
for an entry without a name. A YAML syntax error names its line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import maps
from adjudicator.kits.sheets.reader import SheetIssue
from adjudicator.rulesets.genes.actions_society import unique_slug
from adjudicator.rulesets.genes.model import (
    Character,
    City,
    Country,
    Force,
    GenesState,
    Relevance,
    Trait,
    field_place,
    first_phase,
    merge_forces,
)
from adjudicator.rulesets.genes.sheet_checks import FoundedCity, Sheet, SheetCharacter, parse_sheet
from maps.genes.region import Region
from maps.model import normalize_name
from maps.safe_yaml import YamlProblem, load_yaml, read_yaml_file
from texts import N_, T_

__all__ = [
    "CheckedSheets", "FoundedCity", "Sheet", "SheetCharacter", "SheetIssue", "SheetResult",
    "SheetSummary", "budget_issues", "check_sheets", "combine_sheets", "initial_state",
    "read_sheet", "read_sheet_text", "sheet_summary", "sheets_folder",
]  # fmt: skip

RelevanceRoll = Callable[[str], int]
"""country id -> a d10 face 1..10 (the 0 face is 10), for a random relevance."""


# --- the figures of a sheet --------------------------------------------------------------


@dataclass(frozen=True)
class SheetSummary:
    """The computed figures of a sheet (002 §4.1, §4.5, §5.2), for checks and reports."""

    sheet: Sheet
    relevance: Relevance
    characteristics: int  # 1 point per value (002 §4.2)
    characters: int  # 1 point per value (002 §4.3)
    cities: int  # founded cities, 1 point each (002 §4.4)
    walls: int  # walled at creation, 1 point each: a founded walled city costs 2 in all
    army_points: int  # 002 §4.5

    @property
    def points(self) -> int:
        return self.relevance.points

    @property
    def spent(self) -> int:
        return self.characteristics + self.characters + self.cities + self.walls + self.army_points

    def _trait(self, trait: Trait) -> int:
        return self.sheet.traits.get(trait, 0)

    @property
    def army(self) -> int:
        """Exèrcit = relevance + cities × 2 + Militarisme + Tecnologia / 2 + points (002 §4.5)."""
        return (
            self.relevance.army_base
            + self.sheet.city_count * 2
            + self._trait(Trait.MILITARISM)
            + self._trait(Trait.TECHNOLOGY) // 2
            + self.army_points
        )

    @property
    def actions(self) -> int:
        """Actions per turn = relevance + Autoritat / 3 + Tecnologia / 3 (002 §5.2)."""
        authority, technology = self._trait(Trait.AUTHORITY), self._trait(Trait.TECHNOLOGY)
        return self.relevance.action_base + authority // 3 + technology // 3

    def points_text(self) -> str:
        return T_(
            "characteristics {traits} + characters {characters} + cities {cities}"
            " + walls {walls} + army {army}",
            traits=self.characteristics,
            characters=self.characters,
            cities=self.cities,
            walls=self.walls,
            army=self.army_points,
        )

    def army_text(self) -> str:
        return T_(
            "relevance {base} + cities {cities}×2 + Militarisme {militarism}"
            " + Tecnologia {technology}/2 + points {points}",
            base=self.relevance.army_base,
            cities=self.sheet.city_count,
            militarism=self._trait(Trait.MILITARISM),
            technology=self._trait(Trait.TECHNOLOGY),
            points=self.army_points,
        )

    def actions_text(self) -> str:
        return T_(
            "relevance {base} + Autoritat {authority}/3 + Tecnologia {technology}/3",
            base=self.relevance.action_base,
            authority=self._trait(Trait.AUTHORITY),
            technology=self._trait(Trait.TECHNOLOGY),
        )

    def lines(self) -> tuple[str, ...]:
        """The figures as report lines, the principal's city among them (public, 002 §4.4)."""
        sheet = self.sheet
        rolled = T_(" (rolled {face})", face=sheet.roll) if sheet.roll is not None else ""
        lines = [
            T_(
                "{name}: relevance {relevance}{rolled}, {points} points",
                name=sheet.name,
                relevance=T_(self.relevance.value),
                rolled=rolled,
                points=self.points,
            ),
            T_("points spent: {n} = {terms}", n=self.spent, terms=self.points_text()),
            T_("Exèrcit: {n} = {terms}", n=self.army, terms=self.army_text()),
            T_("actions per turn: {n} = {terms}", n=self.actions, terms=self.actions_text()),
        ]
        for character in sheet.characters:
            if character.principal:
                where = character.city or sheet.capital
                lines.append(
                    T_(
                        "principal: {character} ({role}), in {city}",
                        character=character.name,
                        role=character.role,
                        city=where,
                    )
                )
        return tuple(lines)


def sheet_summary(sheet: Sheet) -> SheetSummary:
    """The figures of a sheet whose relevance is known (ValueError while a random
    relevance is not rolled)."""
    if sheet.relevance is None:
        raise ValueError(f"{sheet.file}: relevance: random, not rolled yet")
    return SheetSummary(
        sheet=sheet,
        relevance=sheet.relevance,
        characteristics=sum(sheet.traits.values()),
        characters=sum(sum(c.traits.values()) for c in sheet.characters),
        cities=len(sheet.founded),
        walls=len(sheet.walled) + sum(1 for f in sheet.founded if f.walled),
        army_points=sheet.army_points,
    )


def budget_issues(sheet: Sheet) -> list[SheetIssue]:
    """The points spent against the relevance's (002 §4.1), and the forces placed
    against Exèrcit (§4.5). Nothing while a random relevance is not rolled."""
    if sheet.relevance is None:
        return []
    summary, issues = sheet_summary(sheet), []
    spent, points = summary.spent, summary.points
    terms = summary.points_text()
    if spent != points:
        said = (
            N_("{spent} spent of {points} ({terms}): {n} too many (002 §4.1)")
            if spent > points
            else N_("{spent} spent of {points} ({terms}): {n} left unspent (002 §4.1)")
        )
        message = T_(said, spent=spent, points=points, terms=terms, n=abs(spent - points))
        issues.append(SheetIssue(sheet.file, "points", message, warning=spent < points))
    placed, army = sheet.placed, summary.army
    if placed != army:
        if placed > army:
            wrong = T_("{n} too many", n=placed - army)
        else:
            wrong = T_("{n} missing", n=army - placed)
        message = T_(
            "{placed} placed but Exèrcit is {army} = {terms}: {wrong}; cities,"
            " field and raiders add up to Exèrcit exactly (002 §4.5)",
            placed=placed,
            army=army,
            terms=summary.army_text(),
            wrong=wrong,
        )
        issues.append(SheetIssue(sheet.file, "army.forces", message))
    return issues


# --- reading and checking files ----------------------------------------------------------


@dataclass(frozen=True)
class SheetResult:
    """One file read: its sheet (None when unreadable or of no known country)."""

    file: str
    sheet: Sheet | None
    issues: tuple[SheetIssue, ...]

    @property
    def ok(self) -> bool:
        return self.sheet is not None and not any(not i.warning for i in self.issues)


@dataclass(frozen=True)
class CheckedSheets:
    """All the sheets of a game, in the region's country order, with every issue
    of every file; `ok` when there is no error (warnings allowed)."""

    sheets: tuple[Sheet, ...]
    issues: tuple[SheetIssue, ...]

    @property
    def errors(self) -> tuple[SheetIssue, ...]:
        return tuple(i for i in self.issues if not i.warning)

    @property
    def warnings(self) -> tuple[SheetIssue, ...]:
        return tuple(i for i in self.issues if i.warning)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def countries(self) -> tuple[str, ...]:
        """The countries with a sheet, in the region's order."""
        return tuple(s.country for s in self.sheets)

    @property
    def rolls(self) -> dict[str, int]:
        """country -> the d10 face of its random relevance (002 §4.1)."""
        return {s.country: s.roll for s in self.sheets if s.roll is not None}


def sheets_folder(region: str) -> Path | None:
    """The example sheets bundled with a packaged region (`maps/genes/sheets/<region>/`)."""
    folder = Path(maps.__file__).resolve().parent / "genes" / "sheets" / region
    return folder if folder.is_dir() else None


def read_sheet(path: Path, region: Region) -> SheetResult:
    """Read and check one sheet: keys, ranges, cities (002 §4.2-§4.4) and, when
    the relevance is not random, the points and Exèrcit (§4.1, §4.5)."""
    file = path.name
    try:
        data = read_yaml_file(path, file)
    except OSError as exc:
        message = T_("cannot be read: {error}", error=exc.strerror or exc)
        return SheetResult(file, None, (SheetIssue(file, "(file)", message),))
    except YamlProblem as exc:
        return SheetResult(file, None, (_yaml_issue(file, exc),))
    return _parsed(data, file, region, None)


def read_sheet_text(
    file: str, text: str, region: Region, rolled: Mapping[str, Relevance]
) -> SheetResult:
    """One sheet sent as the order of the creation phase (issue 18 #12): read
    from its text and checked against the relevance `rolled` for its country
    at creation (002 §4.1), then its points and Exèrcit (§4.1, §4.5)."""
    try:
        data = load_yaml(text, file)
    except YamlProblem as exc:
        return SheetResult(file, None, (_yaml_issue(file, exc),))
    return _parsed(data, file, region, rolled)


def _parsed(
    data: object, file: str, region: Region, rolled: Mapping[str, Relevance] | None
) -> SheetResult:
    sheet, issues = parse_sheet(data, file, Path(file).stem, region, rolled)
    if sheet is not None:
        issues.extend(budget_issues(sheet))
    return SheetResult(file, sheet, tuple(issues))


def _yaml_issue(file: str, exc: YamlProblem) -> SheetIssue:
    where = T_("line {line}", line=exc.line) if exc.line is not None else T_("(file)")
    if exc.column is not None:
        message = T_(
            "not valid YAML: {problem}, column {column}", problem=exc.problem, column=exc.column
        )
    else:
        message = T_("not valid YAML: {problem}", problem=exc.problem)
    return SheetIssue(file, where, message)


def check_sheets(
    paths: Iterable[Path], region: Region, relevance_roll: RelevanceRoll | None = None
) -> CheckedSheets:
    """Every sheet of a game: each file's issues, a sheet per country of the region
    (none missing, none twice), random relevances rolled with `relevance_roll`."""
    return combine_sheets([read_sheet(p, region) for p in sorted(paths)], region, relevance_roll)


def combine_sheets(
    results: Sequence[SheetResult], region: Region, relevance_roll: RelevanceRoll | None = None
) -> CheckedSheets:
    """The sheets read (`read_sheet`, `read_sheet_text`) as a game's: each file's
    issues, a sheet per country of the region (none missing, none twice), random
    relevances rolled with `relevance_roll`."""
    issues: list[SheetIssue] = []
    by_country: dict[str, Sheet] = {}
    unread: set[str] = set()  # files whose issues already say why they give no sheet
    for result in sorted(results, key=lambda r: r.file):
        issues.extend(result.issues)
        if result.sheet is None:
            unread.add(Path(result.file).stem)
        sheet = result.sheet
        if sheet is not None and sheet.country in by_country:
            first = by_country[sheet.country].file
            message = T_(
                "{country} already has a sheet, {first}: one sheet per country",
                country=sheet.country,
                first=first,
            )
            issues.append(SheetIssue(sheet.file, "country", message))
        elif sheet is not None:
            by_country[sheet.country] = _rolled(sheet, relevance_roll, issues)
    for country in region.countries:
        if country not in by_country and country not in unread:
            name = region.countries[country].name
            message = T_(
                "no sheet for {country}: every country of the region needs one (002 §4)",
                country=name,
            )
            issues.append(SheetIssue(f"{country}.yaml", "country", message))
    sheets = tuple(by_country[c] for c in region.countries if c in by_country)
    issues.extend(_shared_names(sheets))
    return CheckedSheets(sheets, tuple(issues))


def _rolled(sheet: Sheet, roll: RelevanceRoll | None, issues: list[SheetIssue]) -> Sheet:
    """A random relevance rolled on the table of 002 §4.1, then the budget checked."""
    if not sheet.random_relevance:
        return sheet
    if roll is None:
        message = T_("random: rolled with the game's dice at `mapjudge new`, points checked then")
        issues.append(SheetIssue(sheet.file, "relevance", message, warning=True))
        return sheet
    face = roll(sheet.country)
    sheet = replace(sheet, relevance=Relevance.from_roll(face), roll=face)
    issues.extend(budget_issues(sheet))
    return sheet


def _shared_names(sheets: Sequence[Sheet]) -> list[SheetIssue]:
    """Characters of two countries with one name: declarations name characters."""
    issues: list[SheetIssue] = []
    seen: dict[str, str] = {}
    for sheet in sheets:
        for character in sheet.characters:
            folded = normalize_name(character.name)
            if folded in seen and seen[folded] != sheet.file:
                message = T_(
                    "{character} is also a character of {file}: declarations tell them apart"
                    " by who writes (its own helpers, the other's victim)",
                    character=character.name,
                    file=seen[folded],
                )
                key = f"characters.{character.name}.name"
                issues.append(SheetIssue(sheet.file, key, message, warning=True))
            seen.setdefault(folded, sheet.file)
    return issues


# --- the first state ---------------------------------------------------------------------


def initial_state(
    region: Region, sheets: CheckedSheets | Iterable[Sheet], seats: Sequence[str]
) -> GenesState:
    """The game at turn 1 from checked sheets; `seats`: the countries in seating
    order (002 §3). ValueError if the sheets have errors or do not match."""
    if isinstance(sheets, CheckedSheets):
        if not sheets.ok:
            raise ValueError("; ".join(str(i) for i in sheets.errors))
        sheets = sheets.sheets
    by_country = {s.country: s for s in sheets}
    if sorted(seats) != sorted(region.countries):
        listed = ", ".join(region.countries)
        raise ValueError(f"seats {', '.join(seats)}: each country of the region once ({listed})")
    if set(by_country) != set(region.countries):
        raise ValueError(f"sheets for {', '.join(sorted(by_country))}: one per country needed")
    countries: dict[str, Country] = {}
    cities: dict[str, City] = {}
    characters: dict[str, Character] = {}
    forces: list[Force] = []
    for country in seats:
        sheet = by_country[country]
        if sheet.relevance is None:
            raise ValueError(f"{sheet.file}: relevance: random, not rolled yet")
        countries[country] = Country(
            country, sheet.name, sheet.relevance, dict(sheet.traits), sheet.description
        )
        refs = _cities(region, sheet, cities)
        for character in sheet.characters:
            built = _character(character, country, refs[character.city or sheet.capital or ""])
            built = built.with_(id=unique_slug(character.name, characters))
            characters[built.id] = built
        forces.extend(_forces(sheet, refs))
    return GenesState(
        phase=first_phase(),
        countries=countries,
        cities=cities,
        characters=characters,
        forces=merge_forces(forces),
        seats=tuple(seats),
    )


def _cities(region: Region, sheet: Sheet, cities: dict[str, City]) -> dict[str, str]:
    """Add the country's cities (region and founded) to `cities`; reference -> id."""
    country = sheet.country
    refs: dict[str, str] = {}
    for site_id in sheet.region_cities:
        site = region.cities[site_id]
        cities[site_id] = City(
            site_id, site.name, country, country, site.position,
            walled=site_id in sheet.walled,
            capital_of=country if sheet.capital == site_id else None,
        )  # fmt: skip
        refs[site_id] = site_id
    for founded in sheet.founded:
        city_id = unique_slug(founded.name, {*cities, *region.cities})
        position = _new_city_position(region, sheet, [c.position for c in cities.values()])
        capital = country if sheet.capital == founded.name else None
        city = City(city_id, founded.name, country, country, position, founded.walled, capital)
        cities[city_id] = city
        refs[founded.name] = city_id
    return refs


def _new_city_position(
    region: Region, sheet: Sheet, existing: list[tuple[float, float]]
) -> tuple[float, float]:
    """Where a founded city is drawn: the region's choice (inside the country, away
    from the others) or, without it, between the country's cities."""
    place = getattr(region, "place_for_new_city", None)
    if place is not None:
        x, y = place(sheet.country, tuple(existing))
        return (float(x), float(y))
    own = [region.cities[c].position for c in sheet.region_cities] or existing or [(0.0, 0.0)]
    k = len(existing) % len(own)
    mean = (sum(p[0] for p in own) / len(own), sum(p[1] for p in own) / len(own))
    return ((mean[0] + own[k][0]) / 2, (mean[1] + own[k][1]) / 2)


def _character(character: SheetCharacter, country: str, place: str) -> Character:
    return Character(
        id="",
        name=character.name,
        owner=country,
        role=character.role,
        traits=dict(character.traits),
        place=place,
        principal=character.principal,
    )


def _forces(sheet: Sheet, refs: Mapping[str, str]) -> list[Force]:
    """city -> its troops, field -> an army in the own field, raiders -> a raiding
    party there (002 §4.5)."""
    country, field = sheet.country, field_place(sheet.country)
    forces = [Force(country, refs[ref], n) for ref, n in sheet.city_forces.items()]
    forces.append(Force(country, field, sheet.field_force))
    forces.append(Force(country, field, sheet.raiders, raiders=True))
    return forces
