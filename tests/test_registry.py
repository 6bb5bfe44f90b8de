"""The one registry (engine.games.GAMES) and everything that hangs off it agree: each playable
game's rules, station plug-in, deck manifest and mat answer to its line, and a line that does
not match its parts is refused with a message that names the fix."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import registered

from engine.catalog import load_catalog
from engine.errors import CatalogError, ConfigError
from engine.games import GAMES, GameInfo
from engine.rules import game_class
from station.games import plugin, plugins
from station.table.mat import games_with_mats, mat_spec


@pytest.mark.parametrize("name", GAMES.playable())
def test_every_playable_game_has_all_its_parts_and_they_answer_to_its_line(name):
    entry = GAMES[name]
    assert game_class(name).name == name
    assert plugin(name).name == name and plugin(name).title == entry.title
    deck = load_catalog().game(name)
    assert (deck.code, deck.title) == (entry.code, entry.title)
    assert name in games_with_mats()
    fresh = game_class(name)({"game": name, "players": ["Ana", "Ben"]})
    assert set(plugin(name).history(fresh, [])) == set(plugin(name).history_columns)


def test_games_have_codes_and_marker_blocks_of_their_own():
    codes = [entry.code for entry in GAMES.values()]
    assert len(codes) == len(set(codes))
    blocks = [set(mat_spec(game).marker_ids) for game in games_with_mats()]
    assert all(not a & b for i, a in enumerate(blocks) for b in blocks[i + 1:])


def test_a_registry_line_that_does_not_match_its_parts_is_refused(monkeypatch):
    wrong_title = dataclasses.replace(GAMES["math-wars"], title="Math Wars")
    monkeypatch.setitem(GAMES._entries, "math-wars", wrong_title)  # noqa: SLF001 - simulating a typo in the line
    GAMES.version += 1
    try:
        with pytest.raises(CatalogError, match="do not match the registry line"):
            load_catalog()
    finally:
        monkeypatch.undo()
        GAMES.version += 1
    assert load_catalog().game("math-wars").title == "Math Wars Meta"


def test_a_second_game_cannot_take_a_code_in_use():
    with pytest.raises(ConfigError, match="already used by 'math-wars'"):
        GAMES.register(dataclasses.replace(GAMES["sum"], name="snap", code="MW"))


def test_a_game_without_rules_is_known_but_not_refereed():
    with registered(GameInfo("snap", "Snap", "SN")):
        assert "snap" in GAMES and "snap" not in plugins()
        with pytest.raises(ConfigError, match="Snap cannot be refereed yet"):
            plugin("snap")
