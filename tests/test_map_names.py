"""Issue 19, languages: a map gives its areas' and powers' names in Spanish and
Catalan (`names: {es: ..., ca: ...}`), shown in the language being written."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml

from maps import MapError, load_map, load_map_data
from maps.loader import MAPS_DIR
from texts import using


def classic_data() -> dict[str, Any]:
    return dict(yaml.safe_load((MAPS_DIR / "classic.yaml").read_text(encoding="utf-8")))


def test_names_show_in_the_language_being_written() -> None:
    data = copy.deepcopy(classic_data())
    data["areas"]["BUR"]["names"] = {"es": "Borgoña", "ca": "Borgonya"}
    data["powers"]["france"]["names"] = {"es": "Francia", "ca": "França"}
    game_map = load_map_data(data)
    burgundy, france = game_map.areas["BUR"], game_map.powers["france"]
    assert (burgundy.local_name, france.local_name) == ("Burgundy", "France")
    with using("es"):
        assert (burgundy.local_name, france.local_name) == ("Borgoña", "Francia")
    with using("ca"):
        assert (burgundy.local_name, france.local_name) == ("Borgonya", "França")


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ({"fr": "Bourgogne"}, "areas.BUR.names.fr is not a language: use es, ca"),
        ({"es": ""}, "areas.BUR.names.es must be a non-empty string"),
        (["Borgoña"], "areas.BUR.names must be a mapping of language to name"),
    ],
)
def test_bad_names_are_named_with_their_key(names: object, message: str) -> None:
    data = copy.deepcopy(classic_data())
    data["areas"]["BUR"]["names"] = names
    with pytest.raises(MapError, match=message):
        load_map_data(data)


def test_a_map_without_names_writes_its_english_names_in_every_language() -> None:
    game_map = load_map("classic")
    with using("ca"):
        assert all(a.local_name for a in game_map.areas.values())
