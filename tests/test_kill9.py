"""kill -9 in every game (issue 22): scripts/kill9.py plays a game's table script in a real child
process, kills it with SIGKILL at a random moment and right after a committed action, starts a new
one on the same journal in front of the same table, and compares the final journal with an
uninterrupted run. Quick mode here (one short table script per game); the whole demos are slow."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("math-wars", "sum", "whos-counting", "math-rush", "big-bang")


def kill9() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kill9", ROOT / "scripts" / "kill9.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kill9"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def harness(*args: str) -> tuple[int, dict[str, str], str]:
    done = subprocess.run([sys.executable, "scripts/kill9.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=3600)
    lines = {line.split(":")[0]: line for line in done.stdout.splitlines() if line.split(":")[0] in GAMES}
    return done.returncode, lines, done.stdout + done.stderr[-4000:]


@pytest.mark.parametrize("game", GAMES)
def test_a_station_killed_at_random_and_right_after_a_commit_loses_and_duplicates_nothing(game):
    """One random kill; then one kill right after an action of every kind the script makes."""
    code, lines, said = harness("--quick", "--game", game, "--runs", "2", "--kills", "1")
    line = lines[game]
    runs = re.search(r": 2 runs \(1 random, 1 after commit, (\d+) kills\)", line)
    assert runs and int(runs.group(1)) >= 2, said
    assert "0 lost, 0 duplicated, 0 wrong outcome" in line and "0 runs wrong" in line, said
    assert code == 0, said


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_round_of_the_demo_survives_kill_9(game):
    """The whole demo (later rounds, the clocks, the Big Bang race), two runs of two kills: one at random
    moments, one right after commits (more runs: scripts/kill9.py, docs/testing.md; CI's time is shared)."""
    code, lines, said = harness("--game", game, "--sources", "demo", "--runs", "2", "--kills", "2")
    assert "0 lost, 0 duplicated, 0 wrong outcome" in lines[game] and "0 runs wrong" in lines[game], said
    assert code == 0, said


ACTIONS = [{"type": "target", "card": "SU-A-N12A", "t": 1.0, "source": "camera"},
           {"type": "draw", "player": "Ana", "deck": "numbers", "t": 4.0, "source": "button"},
           {"type": "end_turn", "player": "Ana", "t": 9.0, "source": "button"}]


class _Stored:
    config = {"game": "sum", "players": ["Ana", "Ben"], "seed": 1}

    def __init__(self, actions):
        self.actions = actions


def _reference(module: ModuleType, actions=ACTIONS):
    return module.Reference("test", [], {}, {}, {}, list(actions), module.outcome_of(_Stored.config, actions), 0.0, 1)


def test_the_count_tells_a_play_recorded_twice_from_one_lost_and_ignores_a_shifted_time():
    module = kill9()
    ref = _reference(module)
    twice = module.RunResult("test", "commit", 0)
    module.compare(ref, [_Stored([ACTIONS[0], ACTIONS[1], {**ACTIONS[1], "t": 5.2}, ACTIONS[2]])], twice)
    assert (twice.lost, twice.duplicated, twice.foreign, twice.failed) == (0, 1, 0, True)
    lost = module.RunResult("test", "random", 1)
    module.compare(ref, [_Stored([ACTIONS[0], {**ACTIONS[2], "t": 7.5}])], lost)
    assert (lost.lost, lost.duplicated, lost.failed) == (1, 0, True)
    assert lost.max_dt == 1.5  # the end of turn came earlier: told, not counted
    same = module.RunResult("test", "random", 2)
    module.compare(ref, [_Stored([{**a, "t": a["t"] + 0.4} for a in ACTIONS])], same)
    assert not same.failed
    again = module.RunResult("test", "random", 3)
    module.compare(ref, [_Stored(ACTIONS[:1]), _Stored(ACTIONS)], again)
    assert again.failed and again.games == 2  # a restart that starts a second game is wrong however it plays


def test_a_menu_cut_short_by_the_kill_is_pressed_again_from_spare():
    """SPARE, SELECT, CONFIRM (Draw a number): the station died after SELECT, so the new one has no
    menu open; the players open it again. A CONFIRM whose action is in the journal is not pressed again."""
    module = kill9()
    from station.sim.scenario import Step

    steps = [Step("place", "SU-A-N12A", {}, 1), Step("press", "spare", {}, 2), Step("press", "select", {}, 3),
             Step("press", "confirm", {}, 4), Step("wait", 2.0, {}, 5)]
    ref = module.Reference("test", steps, {}, {}, {0: 0, 1: 0, 2: 0, 3: 1, 4: 1}, [], (), 0.0, 1)
    assert module.resume_point(ref, 2, journal_buttons=0) == (1, 1)  # from SPARE, the target still lying
    assert module.resume_point(ref, 3, journal_buttons=0) == (1, 1)
    assert module.resume_point(ref, 3, journal_buttons=1) == (4, 4)  # the draw is in the journal: go on
    assert module.resume_point(ref, 0, journal_buttons=0) == (1, 1)  # the card lies: no need to lay it again


def test_a_menu_after_a_committed_action_in_the_same_group_is_opened_again_from_its_first_press():
    """Who's Counting?'s wild card: CONFIRM submits (the Choice card asks to be named), CONFIRM opens
    the question, SELECT x2, CONFIRM names it, CONFIRM scores. Killed among the SELECTs with only the
    submit in the journal, the new station has no menu open: the players go on from the press after
    the submit (it was resumed among the SELECTs, and the menu's last CONFIRM chose Cancel: the
    declare, the score and the window's close were lost in a kill -9 run)."""
    module = kill9()
    from station.sim.scenario import Step

    steps = [Step("place", "WC-A-CHO1", {}, 1), Step("press", "confirm", {}, 2), Step("expect", {}, {}, 3),
             Step("press", "confirm", {}, 4), Step("press", "select", {}, 5), Step("press", "select", {}, 6),
             Step("press", "confirm", {}, 7), Step("press", "confirm", {}, 8), Step("wait", 5.5, {}, 9)]
    after = {0: 0, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 3, 8: 3}
    ref = module.Reference("test", steps, {}, {}, after, [], (), 0.0, 1)
    assert module.resume_point(ref, 5, journal_buttons=1) == (2, 2)   # from the question again
    assert module.resume_point(ref, 1, journal_buttons=0) == (1, 1)   # the submit itself not kept: press it again
    assert module.resume_point(ref, 6, journal_buttons=2) == (7, 7)   # named: CONFIRM scores
    assert module.resume_point(ref, 7, journal_buttons=3) == (8, 8)   # all kept: go on


def test_a_press_that_only_went_through_the_killed_stations_screens_is_not_made_on_the_new_one():
    """Found in Math Rush's demo: killed while the round's results waited for CONFIRM, the new
    station shows "Clear cards, CONFIRM" instead; the script's CONFIRM meant for the results started
    the next round before the cards were gathered, and the last round's goals became its goals.
    A press group that made no action in the reference is skipped until the new station acts."""
    module = kill9()
    from station.sim.scenario import Step

    steps = [Step("wait", 20.0, {}, 1), Step("press", "confirm", {}, 2), Step("remove", "MR-A-G8", {}, 3),
             Step("press", "confirm", {}, 4), Step("wait", 2.0, {}, 5), Step("press", "spare", {}, 6),
             Step("press", "back", {}, 7)]
    ref = module.Reference("test", steps, {}, {}, {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 1}, [], (), 0.0, 1)
    assert module.screen_presses(ref, 0) == [1, 5, 6]  # the results' CONFIRM, a menu opened and closed
    assert module.screen_presses(ref, 2) == [5, 6]  # the next round's CONFIRM made an action: it is pressed


def test_a_red_card_laid_while_the_station_was_down_is_answered_in_its_window():
    """Found once in the quick run (Who's Counting?, lost a Stop): killed as Ben's red card was
    laid, the new station read it as it booted, 3.2 s earlier in game time than the reference, so
    its 5 s answer window closed 3.2 s earlier; the script laid Ana's Stop at the reference's time,
    after the window: the Stop was lost and Ana scored -41. The players answer the station's
    countdown: after a boot's early read, the script goes on as much earlier."""
    module = kill9()
    assert module.boot_shift([5.0], "8.2,10.6") == pytest.approx(3.2)
    assert module.boot_shift([], "8.2") == 0.0  # nothing read at boot: the reference's times
    assert module.boot_shift([9.0], "8.2") == 0.0  # read later than the reference: never wait longer
    source = "scenario:scenarios/whos-counting-red-and-stop.toml"
    scratch = Path(tempfile.mkdtemp(prefix="kill9-red-"))
    try:
        ref = module.reference(source, scratch)
        red = next(i for i, step in enumerate(ref.steps) if step.kind == "place" and step.value == "WC-A-NEG1")
        module.random_points = lambda ref, rng, kills: [(red, 0.0)]  # killed as the red card lands
        result = module.killed_run(ref, "random", 0, 1, 2026, scratch)
        assert result.kills and not result.failed, result.detail
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_a_station_killed_after_a_scripted_restart_finds_the_table_as_the_players_left_it(tmp_path):
    """Found by the figures' run of math-rush-restart-help-turned: killed after the scenario's own
    restart step, the new child laid the table without what the players did during it (the Help
    card turned face down), so the Help card lay face up again and was told to the game twice."""
    from station.sim.scenario import load_scenario
    from station.simulate import ScenarioRun

    scenario = load_scenario(ROOT / "scenarios" / "math-rush-restart-stack.toml")
    run = ScenarioRun(scenario, tmp_path)
    try:
        for step in scenario.steps:
            run.lay(step)
        assert "MR-A-P5" not in run.table.cards  # taken while the station was down
        assert run.table.cards["MR-A-D5"].x == 292  # slid off the 25%
    finally:
        run.close()


def test_a_menu_whose_screens_the_scenario_checks_is_one_press_group():
    """Found by the figures' run of whos-counting-trade-and-pass (also on main): killed during
    SPARE, the SPARE was not pressed again, because the scenario's screen checks between SPARE and
    SELECT split the menu into groups of one press; the SELECTs were skipped as screens only, and
    the CONFIRM submitted an empty strip instead of trading (the trade and the pass lost)."""
    module = kill9()
    from station.sim.scenario import Step

    steps = [Step("press", "spare", {}, 1), Step("expect_screen", "Trade 3", {}, 2), Step("press", "select", {}, 3),
             Step("expect_screen", "Pass", {}, 4), Step("press", "confirm", {}, 5), Step("expect", {}, {}, 6),
             Step("wait", 2.0, {}, 7), Step("press", "confirm", {}, 8)]
    ref = module.Reference("test", steps, {}, {}, {0: 0, 1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 1}, [], (), 0.0, 1)
    assert module.resume_point(ref, 0, journal_buttons=0) == (0, 0)  # killed during SPARE: the menu again
    assert module.resume_point(ref, 3, journal_buttons=0) == (0, 0)  # killed at a check inside it: the same
    assert module.resume_point(ref, 5, journal_buttons=1) == (6, 6)  # the trade is in the journal: go on
    assert module.screen_presses(ref, 0) == [7]  # only the last CONFIRM went through screens alone
