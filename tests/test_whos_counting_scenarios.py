"""Who's Counting? at the table: what its scenario files (scenarios/whos-counting-*.toml, played
by tests/test_scenarios.py) cannot say on their own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.whos_counting import WhosCounting
from station.store import Journal
from station.table.mat import mat_layout
from station.games.whos_counting.table import WhosCountingTable
from station.vision.track import TrackedCard

ROOT = Path(__file__).resolve().parent.parent
EXPRESSION = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]  # 3 × 6 − 2 = 16, + 25 = 41


def test_the_whos_counting_scenarios_cover_the_issue():
    """tests/test_scenarios.py plays every scenarios/*.toml; these are the ones issue 14 asks for."""
    names = {p.stem for p in (ROOT / "scenarios").glob("whos-counting-*.toml")}
    assert {"whos-counting-scored-turn", "whos-counting-red-and-stop", "whos-counting-green-goo",
            "whos-counting-late-red", "whos-counting-broken-expression", "whos-counting-trade-and-pass",
            "whos-counting-wild-card", "whos-counting-stop-first"} <= names


def _after_a_red_card(red: str) -> WhosCounting:
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": []})
    game.apply({"type": "red", "t": 6, "player": "Ben", "card": red})
    return game


def _stop_laid(game: WhosCounting) -> list[dict[str, Any]]:
    """The actions the table adapter makes of a Stop put down in the blue box."""
    mat = mat_layout("whos-counting", 2)
    x, y = mat.zone("blue").center
    adapter = WhosCountingTable(game.seats())
    placed = {"type": "placed", "card": "WC-A-STOP1", "x": x, "y": y, "angle": 0.0}
    return adapter.read([placed], 7.0, game.state(), mat).actions


@pytest.mark.parametrize("red", ["WC-A-NEG1", "WC-A-GNEG"])
def test_a_stop_laid_after_any_red_card_is_judged(red):
    """Against Green Goo a Stop is no answer, but it must get a verdict, not vanish unseen."""
    game = _after_a_red_card(red)
    (action,) = _stop_laid(game)
    assert action == {"type": "stop", "t": 7.0, "player": "Ana", "card": "WC-A-STOP1", "source": "camera"}
    events = game.apply(action)
    if red == "WC-A-GNEG":
        assert [(e["type"], e.get("code")) for e in events] == [("violation", "goo")]
    else:
        assert [e["type"] for e in events] == ["stopped"]


def test_kill_9_in_the_window_then_a_restart_resumes_the_window(tmp_path):
    """A real process killed with SIGKILL inside the Who's Counting? window (after CONFIRM, before
    the window closes); a new one on the same journal goes on with the same window, on the game's
    own clock: a red card laid after the restart counts, and the turn is scored once."""
    state = tmp_path / "state"
    process = subprocess.Popen([sys.executable, "-m", "station", "simulate", "tests/scenarios/whos-counting-killed-part1.toml",
                                "--state-dir", str(state)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if json.loads(line)["type"] == "expression_scored":  # CONFIRM is journaled: the window is open
            os.kill(process.pid, signal.SIGKILL)
            break
    process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    with Journal(state / "journal.sqlite3") as journal:
        killed = journal.current_game()
    assert killed is not None and [a["type"] for a in killed.actions] == ["submit"]  # died with the window open

    result = subprocess.run([sys.executable, "-m", "station", "simulate", "tests/scenarios/whos-counting-killed-part2.toml",
                             "--state-dir", str(state)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["type"] for r in records].count("turn_scored") == 1
    with Journal(state / "journal.sqlite3") as journal:
        (game,) = journal.games()
    submit, red, closed = game.actions
    assert (submit["type"], red["type"], closed["type"]) == ("submit", "red", "window_closed")
    assert submit["t"] < red["t"] < submit["t"] + 30  # the clock went on from 5.2 s: the red card came in time
    assert closed["t"] == red["t"] + 30  # the answer window, closed by the game's clock


def test_a_stop_lying_in_the_blue_box_before_the_red_card_answers_it_once():
    """Laid during the countdown, before any red card: no play yet; when the red card lands, the
    Stop lying there answers it, once (not again on every frame after)."""
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": []})
    mat = mat_layout("whos-counting", 2)
    stop = TrackedCard("WC-A-STOP1", *mat.zone("blue").center, angle=0.0, last_seen=6.0)
    adapter = WhosCountingTable(game.seats())
    assert adapter.read([], 6.0, game.state(), mat, [stop]).actions == []  # nothing to stop yet
    game.apply({"type": "red", "t": 7, "player": "Ben", "card": "WC-A-ZERO1"})
    (answer,) = adapter.read([], 7.2, game.state(), mat, [stop]).actions
    assert answer == {"type": "stop", "t": 7.2, "player": "Ana", "card": "WC-A-STOP1", "source": "camera"}
    assert [e["type"] for e in game.apply(answer)] == ["stopped"]
    assert adapter.read([], 7.4, game.state(), mat, [stop]).actions == []


def test_confirm_pressed_as_the_last_card_goes_down_submits_that_card_too(tmp_path):
    """A child lays the last card and presses CONFIRM before the camera's next frame: the strip is
    read from a frame taken after the press, so the 2 is part of the expression (it was left out:
    "An expression can't end with −", on the virtual table in CI and in a kill -9 run)."""
    from station.sim.scenario import load_scenario
    from station.simulate import ScenarioRun

    scenario = load_scenario(ROOT / "scenarios" / "whos-counting-scored-turn.toml")
    run = ScenarioRun(scenario, tmp_path / "state")
    steps = list(scenario.steps)
    for step in steps[:4]:
        run.step(step)
    run.lay(steps[4])        # the 2 goes down, and no frame has been taken since
    run.step(next(s for s in steps if s.kind == "press"))
    run.frames(1.0)
    submits = [r["action"] for r in run.records if r["type"] == "action" and r["action"]["type"] == "submit"]
    run.close()
    assert [s["cards"] for s in submits] == [EXPRESSION]
    assert not [r for r in run.records if r["type"] == "violation"]
