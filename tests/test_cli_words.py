"""The command line refuses what it would otherwise ignore, in a teacher's words: another game's
demo option (exit 2, naming the game that takes it), more players than Big Bang seats, a mat
asked for a number of players it does not come in; and a missing config says only that."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from station.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("argv", "option", "title", "game"), [
    (["demo", "--race"], "--race", "Big Bang", "big-bang"),
    (["demo", "--game", "sum", "--victories", "3"], "--victories", "Math Wars Meta", "math-wars"),
    (["demo", "--game", "big-bang", "--pairs", "product", "--text"], "--pairs", "SUM", "sum"),
    (["demo", "--game", "math-rush", "--target", "100"], "--target", "Who's Counting?", "whos-counting"),
    (["demo", "--game", "whos-counting", "--team", "Red:Ana,Ben"], "--team", "Math Wars Meta", "math-wars"),
])
def test_another_game_s_demo_option_is_refused_naming_the_game_that_takes_it(argv, option, title, game, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{option} is a {title} option" in err and f"--game {game}" in err, err


def test_a_game_s_own_demo_options_still_work(capsys):
    assert main(["demo", "--game", "sum", "--pairs", "product", "--text", "--seed", "3"]) == 0
    assert "pairs multiply" in capsys.readouterr().out


@pytest.mark.parametrize(("players", "race", "said"), [
    ("Ana,Ben,Cleo", [], "Big Bang is played by one child, or two with --race: you named 3 (Ana, Ben, Cleo)"),
    ("Ana,Ben,Cleo", ["--race"], "Big Bang is played by one child, or two with --race: you named 3 (Ana, Ben, Cleo)"),
    ("Ana,Ben", [], "Big Bang is played by one child, or two with --race: you named 2 (Ana, Ben)"),
])
def test_more_names_than_big_bang_seats_are_refused(players, race, said, capsys):
    assert main(["demo", "--game", "big-bang", "--players", players, *race, "--text"]) == 2
    assert said in capsys.readouterr().err


def test_a_mat_for_the_whole_team_is_asked_for_without_a_number_of_players(tmp_path, capsys):
    assert main(["mat", "print", "math-rush", "--players", "4", "--out", str(tmp_path / "m.pdf")]) == 2
    err = capsys.readouterr().err
    assert "one layout" not in err
    assert "Math Rush has one mat for the whole team, however many play" in err and "leave out --players" in err
    assert not (tmp_path / "m.pdf").exists()


def test_a_missing_config_says_only_that(tmp_path):
    missing = tmp_path / "missing.toml"
    done = subprocess.run([sys.executable, "-m", "station", "run", "--config", str(missing)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 78                                   # EX_CONFIG: systemd does not restart it
    assert done.stderr.strip().splitlines() == [
        f"mathstation run: {missing.name}: no such file (copy firmware_config/station.toml there to start)"]
