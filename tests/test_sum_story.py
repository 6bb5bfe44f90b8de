"""SUM's demo story tells what happened: a turn that ends says what its player drew, a wild card
what its effect did, from a whole game its virtual players play (the demo's seed)."""

from __future__ import annotations

import re

import pytest

from engine.rules import new_game
from station.games import plugin
from station.i18n import use_language
from station.speech.words import names


def told(seed: int, players: list[str]) -> list[tuple[dict, list[str]]]:
    game = new_game({"game": "sum", "seed": seed, "players": players})
    sum_plugin = plugin("sum")
    tell = sum_plugin.story(game)
    return [(event, tell(event)) for _, events in sum_plugin.virtual_players(game, seed) for event in events]


def test_a_turn_that_ends_says_what_its_player_drew() -> None:
    story = told(2026, ["Ana", "Ben"])
    ends = [(event, lines) for event, lines in story if event["type"] == "turn_over"]
    assert ends
    for event, (line,) in ends:
        drawn = []
        for earlier, _ in story[:story.index((event, [line]))]:
            if earlier["type"] == "turn":
                drawn = []
            if earlier["type"] == "drew":
                drawn.append(earlier["deck"])
        assert line != f"  {event['player']}'s turn is over."
        assert re.fullmatch(rf"  {event['player']} drew (an?|two) (Numbers|Operations) cards?( and an? (Numbers|Operations) "
                            rf"card)?(,| and) .+: turn over\.", line), line
        assert line.count("Numbers") == drawn.count("numbers") or "two Numbers" in line
        assert ("two Numbers" in line) == (drawn == ["numbers", "numbers"])


WILD_EFFECTS_TOLD = {
    "en": {"rotation": "passes a card to the left", "propagation": "a number card",
           "neutralization": "discards a card", "radicalization": "The target"},
    "es": {"rotation": "pasa una carta a la izquierda", "propagation": "una carta de número",
           "neutralization": "descarta la carta que quiera", "radicalization": "El objetivo"},
}


@pytest.mark.parametrize("language", sorted(WILD_EFFECTS_TOLD))
def test_a_wild_card_s_effect_is_told(language: str) -> None:
    with use_language(language):
        story = [(event, lines) for seed in (2026, 7, 11) for event, lines in told(seed, ["Ana", "Ben", "Cleo"])]
    wilds = [i for i, (event, _) in enumerate(story) if event["type"] == "wild_played" and event["on"]]
    assert wilds
    for i in wilds:
        effect = story[i][0]["effect"]
        after = [line for _, lines in story[i + 1:i + 3] for line in lines]
        said = WILD_EFFECTS_TOLD[language][effect]
        assert any(said in line for line in after), (effect, story[i][1], after)
