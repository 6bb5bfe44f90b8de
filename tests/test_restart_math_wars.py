"""Math Wars Meta survives a restart at every moment: the station killed after any step of any
Math Wars Meta scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the battle piles of the hand in play and of the last hand."""

from __future__ import annotations

import pytest
from restart_check import ROOT, failures, restart_everywhere, scenarios_of, steps_where

from station.games import plugin
from station.sim.scenario import load_scenario

SCENARIOS = scenarios_of("math-wars")


def test_a_card_of_another_deck_judged_and_still_lying_there_is_not_judged_again_after_a_restart(tmp_path):
    """Found by restarting after every step: deck C's card in Ana's box was judged "Not your deck"
    a second time."""
    scenario = load_scenario(ROOT / "scenarios" / "other-deck.toml")
    restarts = restart_everywhere(scenario, tmp_path, only=steps_where(scenario, "place"))
    assert len(restarts) == 2
    assert failures(restarts) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_restart_after_any_step_of_a_scenario_plays_nothing_again(path, tmp_path):
    restarts = restart_everywhere(load_scenario(path), tmp_path)
    assert restarts, "the scenario has no moment to restart at"
    assert failures(restarts) == []


@pytest.mark.slow
def test_a_restart_after_any_step_of_the_demo_plays_nothing_again(tmp_path):
    config = {"game": "math-wars", "seed": 1, "players": ["Ana", "Ben"], "edition": "mwm25", "discard_option": 1, "victories_to_win": 1}
    demo = plugin("math-wars").demo(config, 1, "press")
    restarts = restart_everywhere(demo.scenario, tmp_path)
    assert len(restarts) > 10
    assert failures(restarts) == []
