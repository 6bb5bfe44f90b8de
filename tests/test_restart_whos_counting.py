"""Who's Counting? survives a restart at every moment: the station killed after any step of any
Who's Counting? scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the expression on the strip, the blue box, red cards in the seats' red boxes (a red card that came too late too), the last turn's cards."""

from __future__ import annotations

import pytest
from restart_check import ROOT, failures, restart_everywhere, scenarios_of, steps_where

from station.games import plugin
from station.sim.scenario import load_scenario

SCENARIOS = scenarios_of("whos-counting")


@pytest.mark.parametrize("name, zone", [("whos-counting-green-goo", "blue"), ("whos-counting-late-red", "seat2.red")])
def test_a_card_judged_take_it_back_and_still_lying_there_is_not_judged_again_after_a_restart(name, zone, tmp_path):
    """Found by restarting after every step: a Stop laid against Green Goo, or a red card too
    late, still lying in its box, was read as a new play (one more verdict in the history)."""
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    restarts = restart_everywhere(scenario, tmp_path, only=steps_where(scenario, "place", zone=zone))
    assert len(restarts) == 1
    assert failures(restarts) == []


def test_a_restart_just_before_the_time_is_up_ends_the_game_once_by_the_clock(tmp_path):
    """Ben's CONFIRM at 56.8 s of a one-minute game: after the restart the journal's clock goes on,
    the time is up and the window closes (each once, by the clock), and no card is played again."""
    scenario = load_scenario(ROOT / "scenarios" / "whos-counting-time-up.toml")
    (restart,) = restart_everywhere(scenario, tmp_path, only={max(steps_where(scenario, "press"))}, after=6.0)
    assert [a["type"] for a in restart.actions] == ["time_up", "window_closed"]
    assert restart.problems == ()


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_restart_after_any_step_of_a_scenario_plays_nothing_again(path, tmp_path):
    restarts = restart_everywhere(load_scenario(path), tmp_path)
    assert restarts, "the scenario has no moment to restart at"
    assert failures(restarts) == []


@pytest.mark.slow
def test_a_restart_after_any_step_of_the_demo_plays_nothing_again(tmp_path):
    config = {"game": "whos-counting", "seed": 7, "players": ["Ana", "Ben"], "target": 300, "minutes": 0}
    demo = plugin("whos-counting").demo(config, 7, "press")
    restarts = restart_everywhere(demo.scenario, tmp_path)
    assert len(restarts) > 10
    assert failures(restarts) == []
