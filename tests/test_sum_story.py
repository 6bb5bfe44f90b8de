"""SUM's demo story tells what happened: a turn that ends says what its player drew, a wild card
what its effect did, from a whole game its virtual players play (the demo's seed)."""

from __future__ import annotations

import re

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


def test_a_wild_card_s_effect_is_told() -> None:
    story = [(event, lines) for seed in (2026, 7, 11) for event, lines in told(seed, ["Ana", "Ben", "Cleo"])]
    wilds = [i for i, (event, _) in enumerate(story) if event["type"] == "wild_played" and event["on"]]
    assert wilds
    for i in wilds:
        effect = story[i][0]["effect"]
        after = [line for _, lines in story[i + 1:i + 3] for line in lines]
        said = {"rotation": "passes a card to the left", "propagation": "a number card",
                "neutralization": "discards a card", "radicalization": "The target"}[effect]
        assert any(said in line for line in after), (effect, story[i][1], after)


def test_the_story_is_told_in_spanish_a_turn_s_end_with_what_was_drawn() -> None:
    with use_language("es"):
        story = told(2026, ["Ana", "Ben"])
        both = names(["", ""]).strip()  # the station's own "and" (station/speech/words.py): "y"
    ends = [lines[0] for event, lines in story if event["type"] == "turn_over"]
    assert ends
    for line in ends:
        assert re.fullmatch(rf"  (Ana|Ben) roba (una|dos) cartas? de (número|operación)( {both} una carta de "
                            r"(número|operación))?, pero (la operación sigue sin dar el objetivo|no consigue el objetivo): "
                            r"fin del turno\.", line), line
    said = [line for _, lines in story for line in lines]
    assert any(re.fullmatch(r"  El objetivo es \d+\.", line) for line in said)
    assert any(re.fullmatch(r"  (Ana|Ben) consigue \d+: .+ = \d+, y gana \d cartas? de número\.", line) for line in said)


def test_a_wild_card_s_effect_is_told_in_spanish() -> None:
    with use_language("es"):
        story = [(event, lines) for seed in (2026, 7, 11) for event, lines in told(seed, ["Ana", "Ben", "Cleo"])]
    wilds = [i for i, (event, _) in enumerate(story) if event["type"] == "wild_played" and event["on"]]
    assert wilds
    for i in wilds:
        effect = story[i][0]["effect"]
        after = [line for _, lines in story[i + 1:i + 3] for line in lines]
        said = {"rotation": "pasa una carta a la izquierda", "propagation": "una carta de número",
                "neutralization": "descarta la carta que quiera", "radicalization": "El objetivo"}[effect]
        assert any(said in line for line in after), (effect, story[i][1], after)
