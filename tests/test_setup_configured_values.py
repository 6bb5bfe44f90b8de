"""A value station.toml gives a game that its setup row does not offer (the teacher's own time
limit, a target of 350) is kept: the setup screen starts on it, worded like the row's other
choices, and the game starts with it; nothing the config's checks let in is dropped silently."""

from __future__ import annotations

import pytest

from station.config import load_config
from station.games import plugin, plugins


def rows(game: str, section: dict[str, object]) -> dict[str, tuple[object, str, list[object]]]:
    """Each setup row's value, what the screen shows, and its choices in order, from a checked section."""
    config = load_config(None, plugins()).with_overrides({game: section})
    return {o.key: (o.value, o.shown, [c.value for c in o.choices]) for o in plugin(game).setup_options(config[game])}


@pytest.mark.parametrize(("game", "section", "key", "shown"), [
    ("whos-counting", {"target": 350}, "target", "350"),
    ("whos-counting", {"minutes": 45}, "minutes", "45 min"),
    ("whos-counting", {"window": 2.5}, "window", "2.5 s"),
    ("big-bang", {"minutes": 7}, "minutes", "7 min"),
    ("big-bang", {"rounds": 4}, "rounds", "4"),
    ("math-rush", {"timer": 95}, "timer", "1 min 35 s"),
    ("math-rush", {"timer": 420}, "timer", "7 min"),
])
def test_a_configured_value_the_row_does_not_offer_is_where_setup_starts(game, section, key, shown):
    value, words, choices = rows(game, section)[key]
    assert (value, words) == (section[key], shown)
    assert choices[0] == section[key] and len(choices) == len(set(map(repr, choices)))   # offered once, first
    config = load_config(None, plugins()).with_overrides({game: section})
    options = plugin(game).setup_options(config[game])
    chosen = plugin(game).game_config({o.key: o.value for o in options}, config[game], seed=1)
    engine_key = {"timer": "seconds"}.get(key, key)
    assert chosen[engine_key] == section[key]                            # the game starts with it


def test_a_value_the_row_offers_keeps_the_row_as_it_is():
    value, words, choices = rows("whos-counting", {"minutes": 10})["minutes"]
    assert (value, words) == (10, "10 min") and choices == [20, 10, 15, 30, 0]
