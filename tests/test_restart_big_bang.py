"""Big Bang survives a restart at every moment: the station killed after any step of any
Big Bang scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the Black Stars, every card on a tableau, the discard piles."""

from __future__ import annotations

import pytest
from restart_check import (ROOT, failures, played, restart_everywhere, restarted_after, scenarios_of,
                           steps_where, taken_while_down)

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


def _step(scenario, kind, value):
    return next(s.number for s in scenario.steps if s.kind == kind and s.value == value)


def test_a_refused_card_taken_back_while_the_station_was_down_is_lifted(tmp_path):
    """Found by scripts/kill9.py (the race demo, a kill as Ben took back a refused 6): the new
    station never saw it go and the game still counted it lying there, so its lift was lost."""
    scenario = load_scenario(ROOT / "scenarios" / "big-bang-bad-placement.toml")
    down = taken_while_down(scenario, _step(scenario, "remove", "BB-A-N6A"))
    assert played(down, tmp_path / "down") == played(scenario, tmp_path / "up")


def test_the_discard_piles_hidden_cards_are_not_lifted_after_a_restart(tmp_path):
    """After a restart only a discard pile's top is in view: the cards under it are no lift, and
    shown again when the top is played from the pile they are no new discard."""
    scenario = load_scenario(ROOT / "scenarios" / "big-bang-dead-hand.toml")
    restarted = restarted_after(scenario, _step(scenario, "place", "BB-A-N5A"))
    assert played(restarted, tmp_path / "down") == played(scenario, tmp_path / "up")
