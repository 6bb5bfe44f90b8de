"""Scenario tests: table scripts played through the whole station on rendered frames (real
decoding, tracking, table adapter, engine, journal, OLED screens). Each scenario's own
``expect`` steps say what must happen; these tests add what a scenario file cannot say."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from station.sim.scenario import (
    ScenarioError,
    ScenarioFailed,
    default_table_mm,
    load_scenario,
    parse_scenario,
    screen_shows,
)
from station.hardware.audio import read_index
from station.simulate import ScenarioRun
from station.sim.virtual_table import CameraModel, Scene, VirtualTable
from station.store import Journal
from station.table.mat import games_with_mats, mat_layout, mat_spec
from station.vision.markers import detect_markers
from station.ui.views import HandView, LiveView, PlayerLine

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))


def play(path: Path, state_dir: Path, **kwargs) -> ScenarioRun:
    run = ScenarioRun(load_scenario(path), state_dir, **kwargs)
    try:
        run.run()
    finally:
        run.close()
    return run


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_shipped_scenario_comes_true(path, tmp_path):
    run = play(path, tmp_path / "state", sounds=tmp_path / "sounds")
    kinds = [r["type"] for r in run.records]
    assert "action" in kinds, "a scenario that makes no play tests nothing"
    heard = read_index(tmp_path / "sounds")  # the speaker's mock: what the players heard
    assert heard, "a play the station judged and nobody heard"
    assert all((tmp_path / "sounds" / str(r["file"])).stat().st_size > 44 for r in heard)


def test_the_scenarios_cover_what_the_station_must_survive():
    names = {p.stem for p in SCENARIOS}
    assert {"normal-hand", "math-war", "remainder", "knock-out", "hand-passes", "unknown-code", "other-deck",
            "camera-lost", "restart"} <= names


def test_a_normal_hand_is_journaled_play_by_play(tmp_path):
    play(ROOT / "scenarios" / "normal-hand.toml", tmp_path)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        game = journal.current_game()
    assert game is not None
    assert [(a["player"], a["card"], a["source"]) for a in game.actions] == [
        ("Ana", "MW-A-N21", "camera"), ("Ana", "MW-A-S5", "camera"),
        ("Ben", "MW-B-N15", "camera"), ("Ben", "MW-B-A6", "camera")]


def test_a_restart_keeps_one_game_and_plays_no_card_twice(tmp_path):
    run = play(ROOT / "scenarios" / "restart.toml", tmp_path)
    started = [r for r in run.records if r["type"] == "game_started"]
    plays = [r["action"]["card"] for r in run.records if r["type"] == "action"]
    assert len(started) == 1 and len(plays) == len(set(plays)) == 4


def test_the_oled_screens_can_be_saved(tmp_path):
    play(ROOT / "scenarios" / "normal-hand.toml", tmp_path / "state", record=str(tmp_path / "screens"))
    frames = sorted((tmp_path / "screens").glob("*.png"))
    assert len(frames) >= 5


def test_a_failed_expectation_says_which_step(tmp_path):
    scenario = parse_scenario({"game": {"game": "math-wars", "players": ["Ana", "Ben"]},
                               "step": [{"place": "MW-A-N21", "zone": "seat1.count-meta"},
                                        {"expect": {"type": "hand_won"}}]})
    run = ScenarioRun(scenario, tmp_path)
    with pytest.raises(ScenarioFailed, match="step 2"):
        run.run()
    run.close()


def mathstation(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "station", *args], check=False, capture_output=True, text=True, cwd=ROOT,
                          timeout=300, **kwargs)


def test_simulate_prints_json_lines_and_exits_0(tmp_path):
    result = mathstation("simulate", "scenarios/other-deck.toml", "--screens", str(tmp_path / "s"))
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert any(r["type"] == "violation" and r["code"] == "not_your_deck" for r in records)
    assert list((tmp_path / "s").glob("*.png"))


def test_simulate_bad_input(tmp_path):
    missing = mathstation("simulate", str(tmp_path / "nope.toml"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('[[step]]\nplace = "MW-A-N1"\nzone = "seat9.count-meta"\n[game]\ngame = "math-wars"\nplayers = ["A", "B"]\n')
    result = mathstation("simulate", str(bad))
    assert result.returncode == 2 and "no zone 'seat9.count-meta'" in result.stderr
    failing = tmp_path / "failing.toml"
    failing.write_text('[game]\ngame = "math-wars"\nplayers = ["A", "B"]\n[[step]]\nexpect = { type = "game_won" }\n')
    result = mathstation("simulate", str(failing))
    assert result.returncode == 1 and "FAILED step 1" in result.stderr


def test_kill_9_mid_game_then_restart_resumes_the_same_game(tmp_path):
    """A real process killed with SIGKILL after its second play; a new one resumes the game."""
    state = tmp_path / "state"
    process = subprocess.Popen([sys.executable, "-m", "station", "simulate", "tests/scenarios/killed-part1.toml",
                                "--state-dir", str(state)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    played = 0
    for line in process.stdout:
        if json.loads(line)["type"] == "card_played":
            played += 1
            if played == 2:
                os.kill(process.pid, signal.SIGKILL)
                break
    process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    result = mathstation("simulate", "tests/scenarios/killed-part2.toml", "--state-dir", str(state))
    assert result.returncode == 0, result.stderr
    with Journal(state / "journal.sqlite3") as journal:
        games = journal.games()
    assert len(games) == 1 and [a["card"] for a in games[0].actions] == ["MW-A-N21", "MW-A-S5", "MW-B-N15", "MW-B-A6"]


def test_demo_plays_a_whole_game_on_the_virtual_table():
    result = mathstation("demo", "--quiet", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "wins the game" in result.stdout
    assert "exactly as the players' own referee did" in result.stdout


NOT_YOUR_DECK_THEN_A_PLAY = [
    {"place": "MW-C-N5", "zone": "seat1.count-meta"},   # deck C is not Ana's: a violation
    {"remove": "MW-C-N5"},
    {"place": "MW-A-N5", "zone": "seat1.count-meta"},
    {"expect": {"type": "card_played", "player": "Ana", "card": "MW-A-N5"}},
]


def test_expect_none_sees_a_violation_before_the_last_match(tmp_path):
    """A rule broken early is not hidden by a match later: expect_none looks at the whole run."""
    scenario = parse_scenario({"game": {"game": "math-wars", "players": ["Ana", "Ben"]},
                               "step": [*NOT_YOUR_DECK_THEN_A_PLAY, {"expect_none": {"type": "violation"}}]})
    run = ScenarioRun(scenario, tmp_path)
    try:
        with pytest.raises(ScenarioFailed, match="step 5 .*not_your_deck"):
            run.run()
    finally:
        run.close()


def test_expect_none_since_the_last_expect_looks_only_after_it(tmp_path):
    scenario = parse_scenario({"game": {"game": "math-wars", "players": ["Ana", "Ben"]},
                               "step": [*NOT_YOUR_DECK_THEN_A_PLAY,
                                        {"expect_none": {"type": "violation"}, "since": "last_expect"}]})
    run = ScenarioRun(scenario, tmp_path)
    try:
        run.run()
    finally:
        run.close()
    assert any(r["type"] == "violation" for r in run.records)  # there was one, before the window


def test_expect_screen_names_the_view_and_field_it_means():
    live = LiveView("Hand 3", "04:15", "Play your cards!", (PlayerLine("Ana", "15 cards"),), footer="VICTORY 0-1")
    hand = HandView("Hand 3", (PlayerLine("Ana", "10 + 5"), PlayerLine("Ben", "3 × 4")), ("15", "12"))
    assert not screen_shows(live, {"is": "15"})  # a clock or a card count is no result
    assert screen_shows(hand, {"is": "15"})
    assert screen_shows(hand, {"view": "HandView", "field": "results", "is": ["15", "12"]})
    assert not screen_shows(hand, {"view": "HandView", "field": "results", "is": ["12", "15"]})
    assert screen_shows(hand, {"view": "HandView", "field": "results", "has": "15"})
    assert not screen_shows(live, {"view": "HandView", "field": "results", "has": "15"})
    assert not screen_shows(live, {"view": "LiveView", "field": "clock", "is": "15"})
    assert screen_shows(live, {"view": "LiveView", "field": "clock", "has": "15"})
    assert screen_shows(live, {"field": "footer", "has": "0-1"})
    assert not screen_shows(None, {"is": "Hand 3"})


def test_a_failed_screen_expectation_shows_the_whole_view(tmp_path):
    scenario = parse_scenario({"game": {"game": "math-wars", "players": ["Ana", "Ben"]}, "reveal": "at_once",
                               "step": [{"place": "MW-A-N21", "zone": "seat1.count-meta"},
                                        {"expect_screen": {"view": "HandView", "field": "results", "has": "21"}}]})
    run = ScenarioRun(scenario, tmp_path)
    try:
        with pytest.raises(ScenarioFailed, match=r"step 2 .*the screen shows VerdictView\(kind='ok', title='Ana'"):
            run.run()
    finally:
        run.close()


@pytest.mark.parametrize(("step", "named"), [
    ({"expect_screen": {"view": "HandVeiw", "field": "results", "is": "1"}}, "no view 'HandVeiw'"),
    ({"expect_screen": {"view": "HandView", "field": "result", "is": "1"}}, "HandView has no field 'result'"),
    ({"expect_screen": {"view": "HandView", "field": "results", "is": "1", "has": "1"}}, "one of is, has"),
    ({"expect_screen": {"view": "HandView", "field": "results"}}, "one of is, has"),
    ({"expect_screen": 15}, "give a text"),
    ({"expect_none": {"type": "violation"}, "since": "hand"}, 'since is "start"'),
    ({"expect_none": "violation"}, "give a table of fields"),
])
def test_a_bad_expectation_is_refused_before_the_run(step, named):
    with pytest.raises(ScenarioError, match=named):
        parse_scenario({"step": [step]})


@pytest.mark.parametrize("game", games_with_mats())
def test_the_default_camera_sees_every_mats_corner_markers(game):
    """SUM's mat is 660 mm wide with two seats too: a camera seeing 650 mm cut its markers off."""
    spec = mat_spec(game)
    for seats in sorted({spec.min_seats, 2, spec.max_seats} & set(range(spec.min_seats, spec.max_seats + 1))):
        mat = mat_layout(game, seats)
        camera = CameraModel.seeing(default_table_mm(mat), 1280, 720, mat=mat)
        frame = VirtualTable(camera).render(Scene(mat, ()))
        assert sorted(m.id for m in detect_markers(frame)) == sorted(m.id for m in mat.markers), (game, seats)
