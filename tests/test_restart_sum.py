"""SUM survives a restart at every moment: the station killed after any step of any SUM scenario
or of the demo, and started again on the same journal with the same cards on the table, makes
no new play and shows the same game (``tests/restart_check.py``). What SUM's rules leave on the
table — the target, a won target, won piles, a wild card in the wild box — stands."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from restart_check import failures, played, restart_everywhere, steps_where, taken_while_down

from station.games import plugin
from station.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("sum-*.toml"))


def test_a_wild_card_still_in_the_wild_box_is_not_played_again_after_a_restart(tmp_path):
    """Found by killing the station: Propagation gave Ben a second card, Neutralization made Ana
    discard twice."""
    scenario = load_scenario(ROOT / "scenarios" / "sum-wild-card.toml")
    restarts = restart_everywhere(scenario, tmp_path, only=steps_where(scenario, "place", zone="wild"))
    assert len(restarts) == 2  # Ana's Propagation, Ben's Rotation, each still lying in the box
    assert failures(restarts) == []


def test_a_won_target_still_in_its_box_is_not_a_new_target_after_a_restart(tmp_path):
    """Found by killing the station: "That NUMBER 12 card was played already." after a restart
    between the winning CONFIRM and the cards taken away."""
    scenario = load_scenario(ROOT / "scenarios" / "sum-correct-equation.toml")
    restarts = restart_everywhere(scenario, tmp_path, only=steps_where(scenario, "press") | steps_where(scenario, "wait"))
    assert any(r.step > max(steps_where(scenario, "press")) for r in restarts)  # after the equation was won
    assert failures(restarts) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_restart_after_any_step_of_a_sum_scenario_plays_nothing_again(path, tmp_path):
    restarts = restart_everywhere(load_scenario(path), tmp_path)
    assert restarts, "the scenario has no moment to restart at"
    assert failures(restarts) == []


@pytest.mark.slow
def test_a_restart_after_any_step_of_the_sum_demo_plays_nothing_again(tmp_path):
    demo = plugin("sum").demo({"game": "sum", "seed": 42, "players": ["Ana", "Ben"]}, 42, "press")
    restarts = restart_everywhere(demo.scenario, tmp_path)
    assert len(restarts) > 20
    assert failures(restarts) == []


def test_a_wild_card_taken_back_while_the_station_was_down_is_a_play_when_laid_again(tmp_path):
    """A wild card the game counts on the table stood after a restart until the station saw it
    taken away: one taken back while the station was down and laid again was silently ignored."""
    scenario = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "sum-wild-card.toml")
    remove = next(s for s in scenario.steps if s.kind == "remove" and s.value == "SU-A-PROP1")
    again = dataclasses.replace(remove, kind="place", options={"zone": "wild"})
    at = scenario.steps.index(remove) + 1
    later = [s for s in scenario.steps[at:] if not s.kind.startswith("expect")]  # the game goes otherwise now
    laid_again = dataclasses.replace(scenario, steps=(*scenario.steps[:at], again, *later))
    want = played(laid_again, tmp_path / "up")
    assert [a for a in want if a.get("card") == "SU-A-PROP1"][1:], "laid again, the wild card is judged again"
    assert played(taken_while_down(laid_again, remove.number), tmp_path / "down") == want
