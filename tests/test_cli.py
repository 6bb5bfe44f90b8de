"""``mathstation replay`` and ``mathstation demo`` as a teacher or a script would use them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from station.cli import main

CONFIG = {"game": "math-wars", "players": ["Ana", "Ben"]}
HAND = [
    {"type": "play", "t": 1, "player": "Ana", "card": "MW-A-N21"},
    {"type": "play", "t": 2, "player": "Ana", "card": "MW-A-S5"},
    {"type": "play", "t": 3, "player": "Ben", "card": "MW-B-N15"},
    {"type": "play", "t": 4, "player": "Ben", "card": "MW-B-A6"},
]


def write(path: Path, *records: object) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def test_replay_tells_the_hand_and_the_final_piles(tmp_path, capsys) -> None:
    code = main(["replay", str(write(tmp_path / "g.jsonl", CONFIG, *HAND))])
    out = capsys.readouterr().out
    assert code == 0
    assert "Math Wars Meta · MWM25 · Player v Player" in out.splitlines()[0]
    assert "Ana: 21 − 5 = 16; Ben: 15 + 6 = 21." in out
    assert "Ben wins the hand with 21." in out
    assert "Ana gives 6 cards to their own spoils pile (5 from the draw pile + 1 battle card)." in out
    assert "Round 1, hand 2." in out
    assert any(line.split()[:3] == ["Ana", "draw", "19"] for line in out.splitlines())


def test_replay_json_prints_every_event_then_the_state(tmp_path, capsys) -> None:
    main(["replay", "--json", str(write(tmp_path / "g.jsonl", CONFIG, *HAND))])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["type"] for r in records] == ["card_played"] * 4 + ["hand_result", "hand_won", "cards_paid", "state"]
    assert records[-1]["state"]["players"]["Ana"]["draw"] == 19


def test_replay_judges_a_rule_break_without_stopping(tmp_path, capsys) -> None:
    bad_play = {"type": "play", "t": 5, "player": "Ana", "card": "MW-B-N3"}
    assert main(["replay", str(write(tmp_path / "g.jsonl", CONFIG, *HAND, bad_play))]) == 0
    assert "Not allowed: That card is from deck B: Ana plays deck A." in capsys.readouterr().out


@pytest.mark.parametrize(
    ("records", "words"),
    [
        ([], "empty; the first line must be the game config"),
        (["{not json"], "g.jsonl:1: not valid JSON"),
        ([["math-wars"]], "g.jsonl:1: the first line must be the game config"),
        ([{"game": "math-wars", "players": []}], "the config (line 1) is not usable: players must be a list"),
        ([{"game": "snap"}], "unknown game 'snap'"),
    ],
)
def test_replay_of_a_bad_file_says_where_and_why(tmp_path, capsys, records, words) -> None:
    assert main(["replay", str(write(tmp_path / "g.jsonl", *records))]) == 2
    err = capsys.readouterr().err
    assert words in err and err.startswith("mathstation replay: ")


def test_replay_of_a_missing_file(tmp_path, capsys) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "nope.jsonl: no such file" in capsys.readouterr().err


def test_replay_stops_at_a_malformed_action_and_shows_the_state_before_it(tmp_path, capsys) -> None:
    path = write(tmp_path / "g.jsonl", CONFIG, "", *HAND[:2], {"type": "play", "t": 3, "player": "Zed", "card": "MW-A-N1"})
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert "g.jsonl:5: no player called 'Zed'" in captured.err
    assert "Ana turns up MATH CRATE −5." in captured.out
    assert "battle  1" in captured.out


def test_demo_plays_a_whole_game_and_its_journal_replays_to_the_same_end(tmp_path, capsys) -> None:
    journal = tmp_path / "demo.jsonl"
    assert main(["demo", "--text", "--seed", "7", "--save", str(journal)]) == 0
    out = capsys.readouterr().out
    assert "Round 1, hand 1" in out and "wins the game with 4 VICTORY! cards!" in out
    demo_end = out[out.index("Game over"):out.index("Journal saved")].strip()
    assert main(["replay", str(journal)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(demo_end)


def test_demo_is_the_same_game_for_the_same_seed(capsys) -> None:
    main(["demo", "--text", "--seed", "3"])
    first = capsys.readouterr().out
    main(["demo", "--text", "--seed", "3"])
    assert capsys.readouterr().out == first
    main(["demo", "--text", "--seed", "4"])
    assert capsys.readouterr().out != first


def test_demo_refuses_a_bad_setup_with_the_reason(capsys) -> None:
    assert main(["demo", "--text", "--players", "Ana,Ana"]) == 2
    assert "same name" in capsys.readouterr().err
    assert main(["demo", "--text", "--team", "Red"]) == 2
    assert "NAME:PLAYER,PLAYER" in capsys.readouterr().err


def test_demo_plays_team_v_team(capsys) -> None:
    assert main(["demo", "--text", "--team", "Red:Ana,Ben", "--team", "Blue:Cy,Dee", "--discard-option", "2"]) == 0
    out = capsys.readouterr().out
    assert "Team v Team · Red: Ana (A), Ben (B); Blue: Cy (C), Dee (D)" in out
    assert " Teams: Red " in out
    assert "VICTORY! cards: Red" in out


def test_the_installed_command_lists_its_sub_commands() -> None:
    command = Path(sys.executable).with_name("mathstation")
    result = subprocess.run([str(command), "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "replay" in result.stdout and "demo" in result.stdout
    bare = subprocess.run([sys.executable, "-m", "station"], capture_output=True, text=True, check=False)
    assert bare.returncode == 2 and "COMMAND" in bare.stdout
