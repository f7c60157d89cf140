"""The political overlays of the Orbis map (rulebook 000 "Mapa y Estados" ..
"Organizaciones"): vassal arrows, wars and hostilities, treaties, the
organisations' rings, civil-war hatching and rebellions, each artist named
by its `gid` in the SVG, with a second legend; the same bytes every time."""

from __future__ import annotations

import re

from adjudicator.rulesets.orbis.politics.civil_war import start_civil_war
from adjudicator.rulesets.orbis.politics.organisations import Organisation
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import Treaties, Treaty, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from adjudicator.rulesets.orbis.politics.war import Conflict
from maps.orbis.files import load_orbis_map
from renderers.orbis.map import render_orbis_map
from renderers.orbis.map_politics import nation_centres

EUROPA = load_orbis_map("europa-500")
OWNERS = EUROPA.start_owners
COLOURS = {"francos": "#1f77b4", "romanos": "#e377c2", "visigodos": "#ff7f0e"}
GOTHS = ("ostrogodos", "visigodos", "vandalos", "burgundios", "turingios")


def politics() -> Politics:
    """Every overlay once, plus records about a nation with no region."""
    return Politics(
        vassalages=(
            Vassalage("bretones", "francos", 500),
            Vassalage("nadie", "francos", 500),  # no region: skipped
        ),
        conflicts=(
            Conflict(frozenset({"francos", "visigodos"}), 3, 0, True, 502, 500),
            Conflict(frozenset({"ostrogodos", "romanos"}), hostile=1, first_clash=502),
            Conflict(frozenset({"sajones", "turingios"}), declared=True),
        ),
        treaties=Treaties(
            (
                Treaty(
                    "T500-1", ("burgundios", "ostrogodos", "vandalos"), "", TreatyKind.ALLIANCE, 500
                ),
                Treaty("T500-2", ("francos", "sajones"), "", TreatyKind.TRADE, 500),
                Treaty("T480-1", ("francos", "romanos"), "", TreatyKind.PEACE, 480),  # expired
            )
        ),
        organisations=(
            Organisation("liga", "Liga Goda", GOTHS, 500, leader="ostrogodos", term_end=505),
        ),
        civil_wars=(start_civil_war("romanos", ("emperador", "usurpador"), "emperador", 501),),
        rebellions=(Rebellion("vandalos", 501, backers=("romanos",)),),
    )


def draw(fmt: str = "svg", value: Politics | None = None, year: int | None = 502) -> bytes:
    return render_orbis_map(
        EUROPA,
        OWNERS,
        COLOURS,
        {},
        fmt,  # type: ignore[arg-type]
        title="502",
        politics=value,
        politics_year=year,
    )


def ids(svg: bytes) -> list[str]:
    return re.findall(r'id="([a-z-]+:[^"]+)"', svg.decode("utf-8"))


def test_each_overlay_is_drawn_once_by_name() -> None:
    """O-185 (vassal arrow to the patron), O-204 (war line and its marker),
    O-202, O-205 (hostilities, a declared war), O-244 (an alliance between
    each two parties, another treaty), O-279 (a ring per member), O-213
    (civil-war hatch), O-225 (rebellion mark)."""
    found = ids(draw(value=politics()))
    assert sorted(found) == sorted(
        [
            "vassal:bretones:francos",
            "war:francos:visigodos",
            "war-marker:francos:visigodos",
            "hostility:ostrogodos:romanos",
            "hostility:sajones:turingios",
            "alliance:T500-1:burgundios:ostrogodos",
            "alliance:T500-1:burgundios:vandalos",
            "alliance:T500-1:ostrogodos:vandalos",
            "treaty:T500-2:francos:sajones",
            *(f"organisation:liga:{n}" for n in sorted(GOTHS)),
            "civil-war:romanos",
            "rebellion:vandalos",
        ]
    )


def test_the_expired_treaty_and_nations_without_regions_are_skipped() -> None:
    """O-245: a treaty past its term is not drawn; nothing about a nation
    without regions is drawn."""
    svg = draw(value=politics()).decode("utf-8")
    assert "T480-1" not in svg
    assert "nadie" not in svg


def test_without_a_year_every_treaty_not_ended_is_drawn() -> None:
    """O-245: with no year given the map cannot tell the term; it draws
    every treaty not ended."""
    assert "treaty:T480-1:francos:romanos" in ids(draw(value=politics(), year=None))


def test_a_second_legend_only_with_overlays() -> None:
    """O-237: the "Política" legend beside the nations' legend."""
    with_politics = draw(value=politics()).decode("utf-8")
    without = draw().decode("utf-8")
    assert len(re.findall(r'id="legend_\d+"', with_politics)) == 2
    assert len(re.findall(r'id="legend_\d+"', without)) == 1


def test_the_vassal_arrow_is_in_the_patrons_colour() -> None:
    """O-185: the arrow points to the patron, drawn in the patron's colour."""
    svg = draw(value=politics()).decode("utf-8")
    group = svg[svg.index('id="vassal:bretones:francos"') :]
    group = group[: group.index("</g>")]
    assert "#1f77b4" in group


def test_centres_are_the_mean_of_the_regions() -> None:
    """O-175: a nation's centre is the mean of its regions' points."""
    centres = nation_centres(EUROPA, OWNERS)
    points = [EUROPA.regions[r].at for r, n in sorted(OWNERS.items()) if n == "francos"]
    assert centres["francos"] == (
        sum(p[0] for p in points) / len(points),
        sum(p[1] for p in points) / len(points),
    )
    assert "nadie" not in centres


def test_empty_politics_draws_nothing() -> None:
    """O-237: an empty registry, or one about nations without regions only,
    gives the same bytes as a map without politics."""
    lonely = Politics(vassalages=(Vassalage("nadie", "nemo", 500),))
    for fmt in ("svg", "png"):
        plain = draw(fmt)
        assert draw(fmt, Politics()) == plain
        assert draw(fmt, lonely) == plain


def test_png_renders_and_both_formats_repeat_byte_for_byte() -> None:
    """O-237: deterministic drawings of the political map."""
    first = draw("png", politics())
    assert first.startswith(b"\x89PNG") and first != draw("png")
    assert first == draw("png", politics())
    assert draw("svg", politics()) == draw("svg", politics())
