"""Big Bang's virtual players and demo: whole games the station must read exactly as played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.big_bang import BigBang
from station.games.big_bang.demo import demo_scenario
from station.games.big_bang.players import BangTable

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = [
    {"players": ["Ana"]},
    {"players": ["Ana", "Ben"]},
    {"players": ["Ana"], "rules_cards": True, "replay": True},
    {"players": ["Ana", "Ben"], "rounds": 2, "stolen": True, "minutes": 2},
]


@pytest.mark.parametrize("config", CONFIGS)
def test_the_virtual_players_play_whole_games_by_the_rules_and_replay_exactly(config):
    for seed in range(5):
        game = BigBang({"game": "big-bang", "seed": seed, **config})
        played = list(BangTable(game, seed).actions())
        assert game.outcome().over
        rebuilt, _ = BigBang.replay(game.config, game.actions)
        assert rebuilt.state() == game.state()
        assert not any(e["type"] == "violation" for _, events in played for e in events)  # they play by the rules
        down = [s["numbers"] + s["rules"] for s in game.state()["tableaux"]]
        assert max(down) >= 10


def test_the_players_sometimes_lay_a_card_that_does_not_fit_and_sometimes_have_a_dead_hand():
    seen = {"wrong": 0, "dead": 0, "from_pile": 0, "all_down": 0}
    for seed in range(12):
        game = BigBang({"game": "big-bang", "players": ["Ana"], "seed": seed})
        for _, events in BangTable(game, seed).actions():
            seen["wrong"] += sum(1 for e in events if e["type"] == "card_played" and not e["ok"])
            seen["dead"] += sum(1 for e in events if e["type"] == "dead_hand")
            seen["from_pile"] += sum(1 for e in events if e["type"] == "card_played" and e["from"] == "discard")
            seen["all_down"] += sum(1 for e in events if e["type"] == "player_done" and e["reason"] == "all_down")
    assert all(count > 0 for count in seen.values()), seen


def test_the_demo_keeps_the_tableau_in_the_cameras_view_and_the_table_in_step_with_the_players():
    for config in ({"players": ["Ana"]}, {"players": ["Ana", "Ben"]}):
        scenario, shadow = demo_scenario({"game": "big-bang", **config}, 4)
        places = [s for s in scenario.steps if s.kind == "place"]
        laid = [a for a in shadow.actions if a["type"] in ("play", "discard")]
        assert len(places) == len(laid) + len(config["players"])  # every card put down, and the stars
        width = scenario.camera["table_mm"]
        height = width * 9 / 16
        for step in places:
            x, y = step.options["at"]
            assert -(width - 740) / 2 < x and -(height - 400) / 2 < y, step  # inside the camera's picture
        assert [s.value for s in scenario.steps if s.kind == "press"][0] == "confirm"


@pytest.mark.slow
def test_the_demo_plays_a_whole_solo_game_on_rendered_frames_and_agrees_with_the_players():
    result = subprocess.run([sys.executable, "-m", "station", "demo", "--game", "big-bang", "--quiet", "--seed", "3"],
                            check=False, capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert result.returncode == 0, result.stderr
    assert "exactly as the players' own referee did" in result.stdout


def test_the_big_bang_scenarios_cover_the_issue():
    """tests/test_scenarios.py plays every scenarios/*.toml; these are the ones issue 17 asks for:
    a legal game's first turns, a bad placement, a dead hand and a play from the discard pile,
    the game's end and score, a restart mid-game, and a race of two tableaux."""
    names = {p.stem for p in (ROOT / "scenarios").glob("big-bang-*.toml")}
    assert {"big-bang-first-turns", "big-bang-bad-placement", "big-bang-dead-hand", "big-bang-speed-game",
            "big-bang-restart", "big-bang-race"} <= names
