"""The teacher's "pause every table": the game's time stands still (no clock runs out, no child
loses time), the OLED says so, the pause and the resume are journaled, and a replay of the
journal, or a restart in the middle of the pause, agrees with what the table lived."""

from __future__ import annotations

from engine.rules import replay
from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.store import Journal
from station.ui.controller import paused_view

TIMED = {"game": "whos-counting", "players": ["Ana", "Ben"], "seed": 3, "minutes": 2}


def referee(tmp_path, journal=None) -> Referee:
    return Referee(load_config(None, plugins()), journal or Journal(tmp_path / "journal.sqlite3"), games=plugins(),
                   seed=lambda: 7)


def test_a_paused_game_loses_no_time_and_a_replay_of_its_journal_agrees(tmp_path):
    ref = referee(tmp_path)
    ref.start(TIMED, now=100.0)
    due = ref.game.deadline()
    assert due is not None                              # the game runs against a clock
    ref.advance(100.0 + due.at - 10)                    # ten seconds before time is up
    ref.set_room(True, now=100.0 + due.at - 10)
    assert ref.paused and ref.screen(100.0 + due.at) == paused_view()
    ref.advance(100.0 + due.at + 3600)                  # an hour later: the round's clock has not run out
    assert ref.game.deadline() == due and ref.game_time(100.0 + due.at + 3600) == due.at - 10
    ref.set_room(False, now=5000.0)
    assert not ref.paused and ref.game_time(5009.0) == due.at - 1   # the ten seconds are still there
    ref.advance(5011.0)
    assert ref.game.deadline() != due                   # and then the clock runs out, on time
    kinds = [(a["type"], a["t"]) for a in ref.game.actions]
    assert ("pause", due.at - 10) in kinds and ("resume", due.at - 10) in kinds
    stored = ref.journal.current_game()
    again, _ = replay(stored.config, stored.actions)
    assert again.state() == ref.game.state() and not again.paused


def test_a_station_restarted_during_the_pause_comes_back_paused(tmp_path):
    ref = referee(tmp_path)
    ref.start(TIMED, now=0.0)
    ref.set_room(True, now=20.0)
    ref.journal.close()
    back = referee(tmp_path)
    assert back.resume(now=900.0)
    assert back.paused and back.game_time(2000.0) == 20.0 and back.screen(2000.0) == paused_view()
    back.set_room(False, now=2000.0)
    assert back.game_time(2005.0) == 25.0


def test_while_paused_presses_wait_and_only_a_long_back_can_end_the_game(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "sum", "players": ["Ana", "Ben"], "seed": 1}, now=0.0)
    ref.set_room(True, now=1.0)
    actions = len(ref.game.actions)
    for button in ("select", "confirm", "spare"):
        ref.press(Press(button), now=2.0)
    assert len(ref.game.actions) == actions and ref.screen(2.0) == paused_view()
    ref.press(Press("back", long=True), now=3.0)
    ref.press(Press("select"), now=3.1)
    ref.press(Press("confirm"), now=3.2)
    assert ref.game is None and ref.journal.games()[0].status == "stopped"


def test_a_game_started_while_the_room_is_paused_waits_with_the_rest(tmp_path):
    ref = referee(tmp_path)
    ref.set_room(True, now=0.0)
    ref.start(TIMED, now=1.0)
    assert ref.paused and ref.game_time(500.0) == 0.0


def test_a_card_laid_during_the_pause_counts_at_the_resume_at_the_time_the_game_stood(tmp_path):
    from test_referee import MAT, placed

    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, now=0.0)
    ref.set_room(True, now=5.0)
    ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 6.0)
    assert [a["type"] for a in ref.game.actions] == ["pause"]          # nothing counts while paused
    ref.set_room(False, now=600.0)
    assert [(a["type"], a["t"]) for a in ref.game.actions] == [("pause", 5.0), ("resume", 5.0), ("play", 5.0)]


def test_a_notice_shows_over_the_pause_and_undo_never_takes_the_pause_back(tmp_path):
    from station.table.adapter import Note
    from station.ui.views import VerdictView

    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, now=0.0)
    ref.set_room(True, now=5.0)
    ref.tell(Note("room", "Two minutes left!", "from your teacher"))
    assert ref.screen(6.0) == VerdictView("info", "Two minutes left!", "from your teacher")
    assert ref.screen(60.0) == paused_view()                                   # the note goes; the pause stays
    ref.set_room(False, now=70.0)
    ref.undo()
    assert [a["type"] for a in ref.game.actions] == ["pause", "resume"] and not ref.paused


def test_the_teachers_notice_shows_at_once_over_a_screen_that_waits_for_a_button(tmp_path):
    """A station nobody has touched since it started shows its address until a button is pressed:
    "Two minutes left!" must not wait behind it (it did, so no table untouched since its start saw it)."""
    from station.network import Address, Page, address_view
    from station.table.adapter import Note
    from station.ui.views import VerdictView

    ref = referee(tmp_path)
    ref.controller.address = lambda: address_view([Address("wlan0", "192.168.1.23")], Page("0.0.0.0", 8080))
    ref.controller.show_address()                      # what the daemon shows at start, until a press
    address = ref.screen(0.0)
    ref.tell(Note("room", "Two minutes left!", "from your teacher"), 1.0, at_once=True)
    assert ref.screen(1.0) == VerdictView("info", "Two minutes left!", "from your teacher")
    assert ref.screen(60.0) == address                 # then the address again, as before
