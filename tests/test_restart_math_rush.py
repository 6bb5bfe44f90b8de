"""Math Rush survives a restart at every moment: the station killed after any step of any
Math Rush scenario or of the demo, and started again on the same journal with the same cards on the
table, makes no new play and shows the same game (``tests/restart_check.py``). What the rules
leave on the table stands: the goal cards and the cards of every row, the Help cards turned over."""

from __future__ import annotations

import dataclasses

import pytest
from restart_check import (ROOT, failures, made_while_down, played, restart_everywhere, restarted_after,
                           scenarios_of, steps_where, taken_while_down)

from station.games import plugin
from station.sim.scenario import Step, load_scenario
from station.sim.virtual_table import Hand
from station.simulate import ScenarioRun

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


def _step(scenario, kind, value):
    return next(s.number for s in scenario.steps if s.kind == kind and s.value == value)


def test_a_card_lifted_while_the_station_was_down_is_lifted_after_the_restart(tmp_path):
    """A card of a set taken away while the station was down used to stand for ever: the game
    still counted it in its set, so the Help card turned next redrew instead of clearing it."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-wrong-card.toml")
    down = taken_while_down(scenario, _step(scenario, "remove", "MR-A-D5"))
    assert played(down, tmp_path / "down") == played(scenario, tmp_path / "up")


def test_a_card_hidden_under_a_stack_is_no_lift_after_a_restart_nor_a_play_when_shown(tmp_path):
    """After a restart the 25% under the 0.25 is not in view: it is no lift, and slid free it is
    no new play; lifted later it is a lift, as without the restart."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-stack-slid-off.toml")
    restarted = restarted_after(scenario, _step(scenario, "place", "MR-A-D5"))
    assert played(restarted, tmp_path / "down") == played(scenario, tmp_path / "up")


def test_a_card_laid_on_a_stack_while_the_station_was_down_is_played_and_hides_the_card_under_it(tmp_path):
    """Found by scripts/kill9.py (the demo, killed as a 0.6 landed on a stack): the new station
    cannot see the cards under a card laid while it was down, and lifted them from the set."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-stack-slid-off.toml")
    stack = _step(scenario, "place", "MR-A-D5")
    run = ScenarioRun(dataclasses.replace(scenario, steps=()), tmp_path)
    try:
        for step in scenario.steps[:stack - 1]:
            run.step(step)
        run.lay(scenario.steps[stack - 1])  # the 0.25 lands on the 25% as the station dies
        run.step(Step("restart", True, {}, 0))
        run.frames(2.0)
        game = run.station.referee.game
        assert game is not None
        moves = [(a["type"], a["card"]) for a in game.actions if a.get("card") in ("MR-A-P5", "MR-A-D5")]
        assert moves == [("play", "MR-A-P5"), ("play", "MR-A-D5")]
    finally:
        run.close()


def test_a_card_under_a_hand_as_the_station_comes_back_is_covered_not_taken(tmp_path):
    """Found by killing the station: a hand over a set card through the first frames after a
    restart made the card count as taken away while the station was down (a lift the players
    never made). A card under a hand is covered, not gone: those frames do not settle it."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-stack-slid-off.toml")
    hand: dict[str, float] = {}  # a hand hovering over the 25%, moving a little every frame

    def move_hand() -> None:
        if hand:
            hand["x"] += hand["dx"]
            hand["dx"] = -hand["dx"]
            run.table.hands = (Hand(hand["x"], 60.0, angle=0.0),)

    run = ScenarioRun(dataclasses.replace(scenario, steps=()), tmp_path, between_frames=move_hand)
    try:
        for step in scenario.steps[:_step(scenario, "place", "MR-A-P5")]:
            run.step(step)
        hand.update(x=240.0, dx=6.0)
        run.table.hands = (Hand(hand["x"], 60.0, angle=0.0),)  # over the 25% as the station dies and comes back
        run.step(Step("restart", True, {}, 0))
        run.frames(2.0)
        hand.clear()
        run.table.hands = ()
        run.frames(2.0)
        game = run.station.referee.game
        assert game is not None
        assert [a["type"] for a in game.actions if a.get("card") == "MR-A-P5"] == ["play"]
        assert not [n for n in run.records if n.get("type") == "card_lifted"]
    finally:
        run.close()


def test_a_stack_undone_while_the_station_was_down_lifts_the_card_taken_from_under_it(tmp_path):
    """The 0.25 slid off the 25% and the 25% taken away while the station was down: the new
    station sees the 0.25 where it now lies, and the 25% used to stand "hidden under it" until
    the round ended. Where the station last saw the 25% (its state folder) nothing lies: lifted."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-stack-slid-off.toml")
    slide = max(steps_where(scenario, "place", at=[292, 41]))
    down = made_while_down(scenario, {slide, _step(scenario, "remove", "MR-A-P5")})
    down = dataclasses.replace(down, steps=tuple(s for s in down.steps  # "the slide alone is no lift": made with the lift now
                                                 if not (s.kind == "expect_none" and s.value == {"type": "card_lifted"})))
    assert played(down, tmp_path / "down") == played(scenario, tmp_path / "up")


def test_a_card_laid_on_a_stack_while_the_station_was_down_is_played_on_the_card_under_it(tmp_path):
    """The 0.25 laid on the 25% while the station was down was played with on = "" (at the
    set's end): the new station never saw the 25% it hides. It knows where the 25% lay."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-stack-slid-off.toml")
    down = made_while_down(scenario, {_step(scenario, "place", "MR-A-D5")})
    assert played(down, tmp_path / "down") == played(scenario, tmp_path / "up")


def test_a_help_card_turned_over_while_the_station_was_down_is_used_once_the_table_has_settled(tmp_path):
    """The Help card turned face down while the station was down was lost: the game did not count
    the Help cards in their box, so the new station never missed it. Now it clears the lifted
    0.25 as if the station had seen it turned, once."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-wrong-card.toml")
    turned = next(s.number for s in scenario.steps if s.kind == "place" and s.options.get("face_up") is False)
    down = made_while_down(scenario, {turned})
    assert played(down, tmp_path / "down") == played(scenario, tmp_path / "up")


def _results_after_a_restart(run: ScenarioRun) -> list[object]:
    """The screens the players step through with CONFIRM, from the one showing now to the live
    screen (at most ten presses)."""
    game = run.station.referee.game
    assert game is not None
    views = [run.station.last_view]
    for _press in range(10):
        live = plugin("math-rush").live_view(game.state(), run.station.referee.clock_time(run.now), 0)
        if run.station.last_view == live:
            break
        run.step(Step("press", "confirm", {}, 0))
        views.append(run.station.last_view)
    return views


def test_a_restart_as_the_time_is_up_shows_the_rounds_results_and_confirm_steps_through_them(tmp_path):
    """Found by scripts/kill9.py (math-rush-too-late): killed as the round ended, the new station
    showed the live screen ("Clear cards, CONFIRM"); the players never saw how the round went, and
    their CONFIRM meant for its results dealt the next round at once. Now the round's screens
    come back: goal by goal, then the points, each stepped through with CONFIRM."""
    scenario = load_scenario(ROOT / "scenarios" / "math-rush-too-late.toml")
    run = ScenarioRun(dataclasses.replace(scenario, steps=()), tmp_path)
    try:
        for step in scenario.steps[:next(i for i, s in enumerate(scenario.steps) if s.kind == "wait") + 1]:
            run.step(step)
        game = run.station.referee.game
        assert game is not None and game.actions[-1]["type"] == "time_up"  # just committed: the station dies
        run.step(Step("restart", True, {}, 0))
        views = _results_after_a_restart(run)
        game = run.station.referee.game
        assert game is not None
        assert [a["type"] for a in game.actions if a.get("source") == "button"] == ["start"]  # no next round dealt
        shown = [(type(v).__name__, getattr(v, "title", ""), getattr(v, "big", ""), getattr(v, "lines", ())) for v in views]
        assert ("BannerView", "Row 1: UP 3", "0 stars", ("2 of 3 cards",)) in [s[:4] for s in shown], shown
        assert ("BannerView", "Round 1", "0 points", ("Total 0",)) in shown, shown
        assert getattr(views[-1], "hint", "") == "Clear cards, CONFIRM"  # then the live screen, as without the restart
        run.step(Step("press", "confirm", {}, 0))
        assert [a["type"] for a in game.actions if a.get("source") == "button"] == ["start", "next_round"]  # it deals the next
    finally:
        run.close()
