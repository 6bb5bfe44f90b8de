"""Big Bang survives a restart at every moment: the station killed after any step of any
Big Bang scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the Black Stars, every card on a tableau, the discard piles."""

from __future__ import annotations

import pytest
from restart_check import ROOT, failures, restart_everywhere, scenarios_of, steps_where

from station.games import plugin
from station.sim.scenario import load_scenario

SCENARIOS = scenarios_of("big-bang")


@pytest.mark.parametrize("name", ["big-bang-bad-placement", "big-bang-race"])
def test_a_card_judged_and_still_lying_there_is_not_judged_again_after_a_restart(name, tmp_path):
    """Found by restarting after every step: a 6 beside a 4, a card touching nothing, another
    set's card in Ben's area, each judged again after a restart."""
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    restarts = restart_everywhere(scenario, tmp_path, only=steps_where(scenario, "place"))
    assert len(restarts) >= 4
    assert failures(restarts) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_restart_after_any_step_of_a_scenario_plays_nothing_again(path, tmp_path):
    restarts = restart_everywhere(load_scenario(path), tmp_path)
    assert restarts, "the scenario has no moment to restart at"
    assert failures(restarts) == []


@pytest.mark.slow
def test_a_restart_after_any_step_of_the_demo_plays_nothing_again(tmp_path):
    config = {"game": "big-bang", "seed": 5, "players": ["Ana", "Ben"]}
    demo = plugin("big-bang").demo(config, 5, "press")
    restarts = restart_everywhere(demo.scenario, tmp_path)
    assert len(restarts) > 10
    assert failures(restarts) == []
