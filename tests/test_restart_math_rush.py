"""Math Rush survives a restart at every moment: the station killed after any step of any
Math Rush scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the goal cards and the cards of every row, the Help cards turned over."""

from __future__ import annotations

import pytest
from restart_check import ROOT, failures, restart_everywhere, scenarios_of, steps_where

from station.games import plugin
from station.sim.scenario import load_scenario

SCENARIOS = scenarios_of("math-rush")


def test_a_card_that_landed_after_the_tone_is_not_judged_again_after_a_restart(tmp_path):
    """Found by restarting after every step: "Too late!" a second time for the card still lying there."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-too-late.toml")
    restarts = restart_everywhere(scenario, tmp_path, only={max(steps_where(scenario, "place"))})
    assert len(restarts) == 1
    assert failures(restarts) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_restart_after_any_step_of_a_scenario_plays_nothing_again(path, tmp_path):
    restarts = restart_everywhere(load_scenario(path), tmp_path)
    assert restarts, "the scenario has no moment to restart at"
    assert failures(restarts) == []


@pytest.mark.slow
def test_a_restart_after_any_step_of_the_demo_plays_nothing_again(tmp_path):
    config = {"game": "math-rush", "seed": 3, "players": ["Ana", "Ben"], "seconds": 60}
    demo = plugin("math-rush").demo(config, 3, "press")
    restarts = restart_everywhere(demo.scenario, tmp_path)
    assert len(restarts) > 10
    assert failures(restarts) == []
