"""The whole station speaking: scenarios and demos through the speaker's mock backend (WAV files
and sounds.jsonl), a restart that says nothing twice, ``mathstation say``, the self-test's speaker
step and the ``[sound]`` config."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from station.cli import main
from station.config import ConfigFileError, load_config
from station.games import plugins
from station.hardware.audio import open_audio, read_index, words_said
from station.selftest import SPEAKER_LINE, SelfTest
from station.sim.scenario import load_scenario
from station.simulate import ScenarioRun
from station.speech.sounds import SOUNDS
from station.speech.tts import Speech, SpeechSettings
from station.speech.voice import Voice

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def simulate(name: str, tmp_path: Path) -> tuple[ScenarioRun, list[dict[str, object]]]:
    run = ScenarioRun(load_scenario(ROOT / "scenarios" / f"{name}.toml"), tmp_path / "state", sounds=tmp_path / "sounds")
    try:
        run.run()
    finally:
        run.close()
    return run, read_index(tmp_path / "sounds")


def test_a_scenario_s_verdict_is_said_when_the_screen_shows_it(tmp_path: Path) -> None:
    run, heard = simulate("other-deck", tmp_path)
    violation = next(r for r in run.records if r.get("type") == "violation")
    said = next(r for r in heard if r["kind"] == "wrong")
    assert said["words"] == f"{violation['player']}, that card is from another deck. Take it back."
    assert said["t"] == pytest.approx(violation["t"], abs=0.5)  # said as it was judged, not later


@pytest.mark.parametrize("name", ["restart-after-hand", "sum-restart-mid-turn", "math-rush-restart"])
def test_a_restarted_station_says_nothing_it_said_before(name: str, tmp_path: Path) -> None:
    run, heard = simulate(name, tmp_path)
    killed = next(r["t"] for r in run.records if r.get("type") == "station_killed")
    words = words_said(heard)
    assert len(words) == len(set(words)), words
    before = {r["words"] for r in heard if float(r["t"]) <= float(killed) and r["words"]}  # type: ignore[arg-type]
    later = [r for r in heard if float(r["t"]) > float(killed)]  # type: ignore[arg-type]
    assert before and later, "the station speaks before its restart and is heard after it (a mute one passes nothing)"
    assert not before & {r["words"] for r in later}


def test_simulate_writes_the_sounds_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(ROOT / "scenarios" / "math-rush-wrong-card.toml"), "--sounds", str(tmp_path / "s"),
                 "--state-dir", str(tmp_path / "state")])
    assert code == 0
    heard = read_index(tmp_path / "s")
    assert [r["file"] for r in heard] == [f"{n:04d}-{r['kind']}.wav" for n, r in enumerate(heard, 1)]
    assert any(r["kind"] == "wrong" and "Out of order" in str(r["words"]) for r in heard), heard
    assert all((tmp_path / "s" / str(r["file"])).exists() for r in heard)


def test_simulate_says_when_the_sounds_folder_cannot_be_written(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("")
    code = main(["simulate", str(ROOT / "scenarios" / "normal-hand.toml"), "--sounds", str(tmp_path / "file" / "s")])
    assert code == 2 and "cannot write sounds into" in capsys.readouterr().err


DEMO_ENDS = {"math-wars": "wins the game!", "math-rush": "Game over:", "sum": "the game!", "whos-counting": "points!",
             "big-bang": "Game over: Ana scores"}  # the demo is played alone


@pytest.mark.parametrize("game", [pytest.param(g, marks=[] if g == "math-wars" else [pytest.mark.slow])
                                  for g in DEMO_ENDS])
def test_every_game_s_demo_is_heard_to_its_winner(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", game, "--quiet", "--sounds", str(tmp_path)]) == 0
    heard = read_index(tmp_path)
    assert heard[-1]["kind"] == "game_over" and DEMO_ENDS[game] in str(heard[-1]["words"])
    # a turn game's right play comes with the next turn: its batch sounds your_turn, its words say both
    assert ({"accepted"} if game in ("math-wars", "math-rush", "big-bang") else {"your_turn"}) <= {r["kind"] for r in heard}
    assert f"saved in {tmp_path}" in capsys.readouterr().out


@pytest.mark.slow
def test_a_newer_line_cuts_the_one_still_being_said_in_a_real_game(tmp_path: Path) -> None:
    """Who's Counting?: a red card thrown while the score is still being said cuts it short."""
    assert main(["demo", "--game", "whos-counting", "--quiet", "--sounds", str(tmp_path)]) == 0
    heard = {r["n"]: r for r in read_index(tmp_path)}
    cuts = [(heard[r["cut"]], r) for r in heard.values() if "cut" in r]  # type: ignore[index]
    assert cuts and all(float(old["t"]) + float(old["seconds"]) > float(new["t"]) for old, new in cuts)


def test_say_speaks_a_line_with_its_numbers_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["say", "3/5 < 3/4: out of order", "--sound", "wrong", "--sounds", str(tmp_path)]) == 0
    assert [(r["kind"], r["words"]) for r in read_index(tmp_path)] == [
        ("wrong", "Three fifths is less than three quarters. Out of order.")]
    assert "said: Three fifths" in capsys.readouterr().out


def test_say_without_a_speaker_says_how_to_configure_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["say", "hello"]) == 2
    assert 'backend = "alsa"' in capsys.readouterr().err


def test_selftest_plays_a_line_when_a_speaker_is_configured(tmp_path: Path) -> None:
    voice = Voice(open_audio("files", folder=tmp_path), Speech(SpeechSettings(), tmp_path / "cache"))
    asked: list[str] = []
    test = SelfTest(camera=None, display=None, buttons=None, signals=None, say=lambda line: None,
                    ask=lambda q: (asked.append(q), True)[1], clock=lambda: 0.0, wait=lambda s: None, voice=voice)
    checks = test.run()
    voice.close()
    assert ("speaker", True) in [(c.part, c.ok) for c in checks]
    assert read_index(tmp_path)[0]["words"] == SPEAKER_LINE and str(SPEAKER_LINE) in asked[-1]


def test_the_sound_config_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "station.toml"
    for body, key in (('[sound]\nbackend = "files"\n', "[sound] folder"), ('[sound]\nvolume = 120\n', "[sound] volume"),
                      ('[sound]\ndevice = "plughw CARD"\n', "[sound] device"), ('[sound]\nbackend = "pulse"\n',
                                                                                 "[sound] backend")):
        path.write_text(body)
        with pytest.raises(ConfigFileError) as caught:
            load_config(path, plugins())
        assert caught.value.key == key
    path.write_text(f'[sound]\nbackend = "files"\nfolder = "{tmp_path / "sounds"}"\nquiet = true\n')
    assert load_config(path, plugins())["sound"]["quiet"] is True


def test_the_say_command_offers_exactly_the_six_sounds() -> None:
    from station.cli_selftest import SOUND_NAMES

    assert tuple(SOUNDS) == SOUND_NAMES


def test_demo_index_is_json_lines_with_time_kind_and_words(tmp_path: Path) -> None:
    assert main(["say", "Ana wins the hand", "--sounds", str(tmp_path)]) == 0
    line = json.loads((tmp_path / "sounds.jsonl").read_text().splitlines()[0])
    assert {"t", "kind", "words", "file", "seconds"} <= set(line)


def test_the_loop_gives_the_speaker_what_setup_chose(tmp_path: Path) -> None:
    from station.ui.setup import Speaker

    run = ScenarioRun(load_scenario(ROOT / "scenarios" / "normal-hand.toml"), tmp_path / "state",
                      sounds=tmp_path / "sounds")
    try:
        run.station.referee.controller.speaker = Speaker("off", 40)
        run.station.refresh(run.now)
        assert run.voice.muted and run.voice.audio.volume == 40
        run.run()  # a whole hand played with the sound off
    finally:
        run.close()
    assert read_index(tmp_path / "sounds") == []
