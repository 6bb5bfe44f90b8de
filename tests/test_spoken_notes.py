"""Notes are heard, not only shown: a child who cannot read the OLED yet hears "Other game. A SUM
card: take it off." as the note goes up, once for a note that counts many (six stray codes are one
line), and the teacher's "Two minutes left!" at every table. Notes for the grown-up who keeps the
station (a damaged journal, a name in the config) are shown, never said to the table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from station.config import load_config
from station.games import plugins
from station.hardware.audio import read_index
from station.referee import Referee
from station.sim.scenario import load_scenario
from station.simulate import ScenarioRun
from station.speech.voice import utterance
from station.store import Journal
from station.table.adapter import Note

ROOT = Path(__file__).resolve().parent.parent


def heard(name: str, tmp_path: Path) -> list[str]:
    """The words a shipped scenario's station says, in order (the mock speaker's index)."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    run = ScenarioRun(load_scenario(ROOT / "scenarios" / f"{name}.toml"), tmp_path / "state", sounds=tmp_path / "sounds")
    try:
        run.run()
    finally:
        run.close()
    return [str(r["words"]) for r in read_index(tmp_path / "sounds") if r["words"]]


def test_a_stray_code_and_another_game_s_card_are_said_as_the_screen_shows_them(tmp_path: Path) -> None:
    words = heard("unknown-code", tmp_path)
    assert "Unknown code. That code is not a card: take it off." in words   # not the code spelt out
    assert "Other game. A SUM card: take it off." in words


def test_six_stray_codes_laid_one_by_one_are_said_once(tmp_path: Path) -> None:
    """The first is said as the screen first shows it; the ones after only add to its count."""
    words = heard("sum-stray-codes", tmp_path)
    strays = [w for w in words if "not a card" in w or "not from this game" in w]
    assert strays == ["Unknown code. That code is not a card: take it off."], words


def test_notes_that_come_in_one_look_are_said_as_one(tmp_path: Path) -> None:
    """Six codes read in one frame: the screen counts them, and the voice says the count, not the
    first code's own words ("That code is not a card: take it off." for six)."""
    from station.table.adapter import foreign_note

    ref = referee(tmp_path)
    for n in range(6):
        ref.tell(foreign_note(f"https://example.org/{n}"))
    shown = ref.screen(1.0)
    assert [utterance(batch)[1] for batch in ref.take_lines()] == [f"{shown.title}. {shown.detail}."]
    assert shown.detail == "6 codes not from this game: take them off"


def referee(tmp_path: Path) -> Referee:
    ref = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins())
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, now=0.0)
    ref.take_lines()
    return ref


def test_the_teacher_s_notice_is_said_at_the_table(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    ref.tell(Note("room", "Two minutes left!", "from your teacher"))
    assert [utterance(batch) for batch in ref.take_lines()] == [("", "Two minutes left! From your teacher.")]


def test_a_note_for_the_grown_up_is_shown_not_said(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    ref.tell(Note("journal", "Journal damaged", "last 6 plays set aside"))
    ref.tell(Note("config", "Name not used", "seat 2: too long"))
    assert ref.screen(1.0).title == "Journal damaged"
    assert ref.take_lines() == []
