"""SUM's scenarios through the whole station (``tests/test_scenarios.py`` plays every shipped
scenario and checks its own ``expect`` steps): the issue's list is there, and what a scenario file
cannot say about the journal."""

from __future__ import annotations

from pathlib import Path

from station.sim.scenario import load_scenario
from station.simulate import ScenarioRun
from station.store import Journal

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def test_the_sum_scenarios_cover_what_the_issue_asks_for():
    names = {path.stem for path in SCENARIOS.glob("sum-*.toml")}
    assert {"sum-correct-equation", "sum-wrong-then-right", "sum-pair", "sum-negative-number", "sum-wild-card",
            "sum-target-replaced", "sum-numbers-run-out", "sum-restart-mid-turn"} <= names


def test_a_restart_mid_turn_resumes_the_same_turn_with_the_same_draws_left(tmp_path):
    run = ScenarioRun(load_scenario(SCENARIOS / "sum-restart-mid-turn.toml"), tmp_path)
    try:
        run.run()
    finally:
        run.close()
    assert [r["type"] for r in run.records].count("game_started") == 1
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (game,) = journal.games()
    assert [(a["type"], a.get("deck"), a.get("source")) for a in game.actions] == [
        ("target", None, "camera"), ("draw", "numbers", "button"),  # before the restart
        ("draw", "operations", "button"), ("submit", None, "button")]  # after it: the second draw, then CONFIRM
    assert game.actions[-1]["cards"] == ["SU-A-N6A", "SU-A-MUL1", "SU-A-N2A"]  # laid before and after the restart
