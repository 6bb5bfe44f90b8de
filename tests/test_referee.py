"""The referee with its real engine and journal: table events and presses in; journal lines,
screens and log records out. Undo, restarts, the game's own clock (deadlines), refused actions
and a failing journal. Fast on purpose: each mutant of station/referee.py runs these."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

import pytest
import toy_game
from conftest import registered

from station.config import check_config, load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.referee import MAX_DEADLINES, Referee
from station.store import Journal
from station.table.mat import mat_layout
from station.ui.views import FaultView, HandView, LiveView, MenuView, SetupView, VerdictView

SELECT, CONFIRM = Press("select"), Press("confirm")
UNDO = Press("spare", long=True)
PLAYS = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15")]
MAT = mat_layout("math-wars", 2)
BOX = {zone.name: zone.center for zone in MAT.zones}
TWO = {"game": "math-wars", "players": ["Ana", "Ben"]}


def referee(tmp_path, config=None, records: list | None = None, seed=lambda: 7) -> Referee:
    log_event = records.append if records is not None else None
    return Referee(config or load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=seed, log_event=log_event)


def configured(**sections: Any):
    return check_config(sections, Path("(test)"), plugins())


def placed(card: str, zone: str) -> dict:
    x, y = BOX[zone]
    return {"type": "placed", "card": card, "x": x, "y": y, "angle": 0.0}


@pytest.fixture
def toy():
    with registered(toy_game.INFO):
        yield


@pytest.fixture
def broken_clock():
    """Toy Sum whose round clock's action changes nothing (tests/toy_game/broken_clock.py)."""
    with registered(dataclasses.replace(toy_game.INFO, rules_module="toy_game.broken_clock")):
        yield


def journaled(ref: Referee) -> list[tuple]:
    """The journal's actions as (type, t, player, source)."""
    stored = ref.journal.current_game() or ref.journal.games()[0]
    return [(a["type"], a["t"], a.get("player"), a.get("source")) for a in stored.actions]


def playing(tmp_path, plays=PLAYS) -> Referee:
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, reveal="at_once")
    for n, (player, card) in enumerate(plays, start=1):
        ref.apply({"type": "play", "t": float(n), "player": player, "card": card, "source": "camera"})
    return ref


def undo(ref: Referee, now: float) -> None:
    for press in (UNDO, SELECT, CONFIRM):   # hold SPARE, choose "Yes, undo", confirm
        ref.press(press, now)


def test_undo_takes_back_the_last_play_of_several_and_keeps_the_others(tmp_path):
    ref = playing(tmp_path)
    undo(ref, 5.0)
    kept = [(a["player"], a["card"]) for a in ref.journal.current_game().actions]
    assert kept == PLAYS[:2] and [(a["player"], a["card"]) for a in ref.game.actions] == PLAYS[:2]
    showdown = ref.state()["showdown"]
    assert showdown["count"] == {"Ana": "MW-A-N21"} and showdown["crate"] == {"Ana": "MW-A-S5"}
    note = ref.screen(5.1)
    assert (note.title, note.detail) == ("Undone", "Ben MW-B-N15")
    # Ben's card, read again, is a play again (not "played already").
    events = ref.apply({"type": "play", "t": 6.0, "player": "Ben", "card": "MW-B-N15", "source": "camera"})
    assert [e["type"] for e in events] == ["card_played"]


def test_undo_twice_takes_back_the_last_two_plays(tmp_path):
    ref = playing(tmp_path)
    undo(ref, 5.0)
    ref.press(CONFIRM, 5.1)   # dismiss the note
    undo(ref, 10.0)
    assert [(a["player"], a["card"]) for a in ref.game.actions] == PLAYS[:1]
    assert ref.state()["showdown"]["crate"] == {}


def test_undo_in_a_finished_hand_takes_back_its_last_card_and_its_payment(tmp_path):
    ref = playing(tmp_path, [*PLAYS, ("Ben", "MW-B-A6")])   # 16 v 21: Ana paid 5 + 1
    assert ref.state()["players"]["Ana"]["spoils"] == 6
    undo(ref, 5.0)
    state = ref.state()
    assert state["hand"] == 1 and state["players"]["Ana"]["spoils"] == 0 and state["players"]["Ana"]["draw"] == 24
    assert state["showdown"]["count"] == {"Ana": "MW-A-N21", "Ben": "MW-B-N15"}


def test_a_restart_after_undo_resumes_without_the_undone_play(tmp_path):
    ref = playing(tmp_path)
    undo(ref, 5.0)
    ref.journal.close()
    again = referee(tmp_path)
    assert again.resume(0.0)
    assert [(a["player"], a["card"]) for a in again.game.actions] == PLAYS[:2]
    again.journal.close()


def test_the_screens_after_a_hand_show_its_values(tmp_path):
    """21 − 5 = 16 against 15 + 6 = 21: Ben wins, Ana pays 5 + her battle card, hand 2 starts."""
    ref = playing(tmp_path, [*PLAYS, ("Ben", "MW-B-A6")])
    ref.press(CONFIRM, 5.0)   # past Ben's last card
    hand = ref.screen(5.0)
    assert [(r.name, r.detail, r.status) for r in hand.rows] == [("Ana", "21 − 5", ""), ("Ben", "15 + 6", "top")]
    assert hand.results == ("16", "21")
    ref.press(CONFIRM, 5.0)
    won = ref.screen(5.0)
    assert (won.title, won.big, won.lines) == ("Hand 1 won", "Ben", ("Ana: 6 to own spoils",))
    ref.press(CONFIRM, 5.0)
    live = ref.screen(5.0)
    assert live.title == "Hand 2" and live.footer == "VICTORY 0-0"
    assert [(p.name, p.detail) for p in live.players] == [("Ana", "19 cards"), ("Ben", "24 cards")]


# ---- the game's clock on the screen and in the journal ------------------------------------------

def test_the_screen_clock_counts_the_games_own_time_in_minutes_then_hours(tmp_path):
    ref = referee(tmp_path)
    ref.start(TWO, now=100.0)
    shown = {seconds: ref.screen(100.0 + seconds).clock for seconds in (0, 61.9, 5999, 6000, 7230, 7500)}
    assert shown == {0: "00:00", 61.9: "01:01", 5999: "99:59", 6000: "1h40", 7230: "2h00", 7500: "2h05"}
    assert ref.screen(99.0).clock == "00:00"   # a clock that stepped back shows no time before the start
    assert isinstance(ref.screen(100.0), LiveView)


def test_a_card_laid_in_a_box_is_journaled_as_that_players_play_at_the_frames_game_time(tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=100.0)
    ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 102.5671)
    assert ref.journal.current_game().actions == [
        {"type": "play", "t": 2.57, "player": "Ana", "card": "MW-A-N21", "source": "camera"}]
    assert [r["type"] for r in records] == ["game_started", "action", "card_played"]
    assert records[0] == {"type": "game_started", "game_id": 1, "config": ref.game.config}
    assert records[1] == {"type": "action", "action": ref.journal.current_game().actions[0]}


def test_a_card_lifted_and_put_back_in_the_same_hand_is_played_once(tmp_path):
    ref = referee(tmp_path)
    ref.start(TWO, now=0.0)
    ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 1.0)
    ref.table_events([{"type": "removed", "card": "MW-A-N21"}], MAT, 2.0)
    ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 3.0)
    assert journaled(ref) == [("play", 1.0, "Ana", "camera")]   # no second play, judged "already on the table"


def test_what_the_table_says_that_is_no_play_is_shown_and_logged(tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=0.0)
    ref.table_events([{"type": "unknown_code", "text": "https://ex.org", "kind": "MalformedPayload"}], MAT, 2.0)
    note = ref.screen(2.0)
    assert isinstance(note, VerdictView) and (note.title, note.detail) == ("Unknown code", "QR 'https://ex.org' is not a card")
    assert records[-1] == {"t": 2.0, "type": "note", "code": "unknown_code", "title": "Unknown code",
                           "detail": "QR 'https://ex.org' is not a card"}
    assert ref.journal.current_game().actions == []


def test_table_events_before_a_game_starts_change_nothing(tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 1.0)
    assert isinstance(ref.screen(1.0), MenuView) and ref.journal.games() == [] and records == []


# ---- actions that cannot be played ---------------------------------------------------------------

def test_a_malformed_action_is_a_note_and_never_reaches_the_journal(tmp_path, caplog):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=0.0)
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        assert ref.apply({"type": "play", "t": 1.0, "player": "Ana", "source": "button"}) == []
    said = """'play' action is missing 'card': {"type": "play", "t": 1.0, "player": "Ana", "source": "button"}"""
    note = ref.screen(1.0)
    assert (note.title, note.detail) == ("Not understood", said[:60])
    assert records[-1] == {"t": 1.0, "type": "note", "code": "refused", "title": "Not understood", "detail": said[:60]}
    assert caplog.messages == [f"a malformed action was not played: {said}"]
    assert ref.journal.current_game().actions == [] and ref.game.actions == []


def test_an_action_the_engine_refuses_is_taken_out_of_the_journal_and_said(tmp_path, caplog):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=0.0)
    bad = {"type": "play", "t": 1.0, "player": "Ana", "card": "MW-Z-N1", "source": "camera"}
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        assert ref.apply(bad) == []
    note = ref.screen(1.0)
    said = "'play' action names no card: QR code 'MW-Z-N1': Math Wars Meta has deck copies A–H, not 'Z'"
    assert (note.title, note.detail) == ("Not understood", said[:60])
    assert records[-1] == {"t": 1.0, "type": "note", "code": "refused", "title": "Not understood", "detail": note.detail}
    assert caplog.messages == [f"the engine refused {bad}: {said}"]
    assert ref.journal.current_game().actions == [] and ref.game.actions == []
    ref.apply({"type": "play", "t": 2.0, "player": "Ana", "card": "MW-A-N21", "source": "camera"})
    assert journaled(ref) == [("play", 2.0, "Ana", "camera")]


def sd_card(journal: Journal, *, writable: bool) -> None:
    """An SD card that fails turns itself read-only: SQLite's own switch for that."""
    journal._connection().execute(f"PRAGMA query_only = {'OFF' if writable else 'ON'}")


def test_a_play_the_journal_cannot_keep_is_not_played_and_the_screen_says_so(tmp_path, caplog):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=0.0)
    sd_card(ref.journal, writable=False)
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        ref.table_events([placed("MW-A-N21", "seat1.count-meta")], MAT, 1.0)
    assert ref.game.actions == [] and ref.state()["showdown"]["count"] == {}
    assert ref.screen(1.0) == FaultView("Can't save", "The SD card is full or failing", "Plays are not counted")
    assert caplog.messages == [f"the journal cannot keep a play: cannot record an action of game 1: no permission to use "
                               f"{tmp_path / 'journal.sqlite3'} (attempt to write a readonly database): run as the "
                               f"station's user (or with sudo), or give it write access to {tmp_path}"]
    assert [r["type"] for r in records] == ["game_started"]
    ref.press(Press("back", long=True), 2.0)   # nobody can see what a press would do
    assert ref.game is not None
    sd_card(ref.journal, writable=True)
    ref.table_events([placed("MW-A-N22", "seat1.count-meta")], MAT, 3.0)
    assert journaled(ref) == [("play", 3.0, "Ana", "camera")]
    assert not isinstance(ref.screen(3.0), FaultView)   # kept again: the fault screen goes


def test_another_fault_stays_when_a_play_is_kept(tmp_path):
    from station.mainloop import camera_lost

    ref = referee(tmp_path)
    ref.start(TWO, now=0.0)
    lost = camera_lost()
    ref.set_fault(lost)
    ref.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21", "source": "button"})
    assert ref.screen(1.0) is lost


# ---- the game's own clock: deadlines become journaled actions --------------------------------------

def test_the_round_clock_is_applied_at_its_own_time_before_a_later_action(toy, tmp_path):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=0.0)
    ref.advance(29.99)
    assert journaled(ref) == []
    ref.apply({"type": "pass", "t": 31.5, "player": "Ana", "source": "button"})   # came after the time was up
    assert journaled(ref) == [("time_up", 30, None, "clock"), ("pass", 31.5, "Ana", "button")]
    assert ref.game.outcome().over


def test_a_deadline_falls_due_at_its_own_moment(toy, tmp_path):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=10.0)
    ref.advance(40.0)   # exactly 30 s of play
    assert journaled(ref) == [("time_up", 30, None, "clock")]


def test_each_deadline_passed_is_applied_in_turn_each_at_its_own_time(toy, tmp_path):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 60, "turn_seconds": 10}, now=0.0)
    ref.table_events([], mat_layout("toy", 2), 35.0)   # a frame, 35 s in: three turns ran out
    assert journaled(ref) == [("pass", 10, "Ana", "clock"), ("pass", 20, "Ben", "clock"), ("pass", 30, "Ana", "clock")]
    assert ref.game.turns().current == "Ben"


def test_at_most_so_many_deadlines_are_applied_at_once_and_the_rest_follow(toy, tmp_path, caplog):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 600, "turn_seconds": 0.5}, now=0.0)
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        ref.advance(55.0)
    assert len(journaled(ref)) == MAX_DEADLINES == 100 and journaled(ref)[-1][1] == 50.0
    assert caplog.messages == ["more than 100 deadlines fell due at once: the rest wait for the next frame"]
    ref.advance(55.0)
    assert [t for _, t, _, _ in journaled(ref)] == [n / 2 for n in range(1, 111)]


def test_a_deadline_the_game_does_not_take_is_applied_once_and_its_clock_stops(broken_clock, tmp_path, caplog):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=0.0)
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        for now in (31.0, 32.0, 40.0):   # frame after frame
            ref.advance(now)
    assert journaled(ref) == [("time_up", 30, None, "clock")]
    assert caplog.messages == ["the game's deadline Deadline(at=30.0, action={'type': 'time_up'}) was not taken: "
                               "its clock stops here"]
    ref.apply({"type": "pass", "t": 41.0, "player": "Ana", "source": "button"})   # the game goes on
    assert journaled(ref)[-1] == ("pass", 41.0, "Ana", "button") and len(journaled(ref)) == 2


# ---- undo ------------------------------------------------------------------------------------------

def test_undo_is_logged_and_names_what_it_took_back(toy, tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, configured(station={"game": "toy"}), records=records)
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=0.0)
    ref.apply({"type": "pass", "t": 1.0, "player": "Ana", "source": "button"})
    ref.undo()
    assert records[-1] == {"type": "undone", "action": {"type": "pass", "t": 1.0, "player": "Ana", "source": "button"}}
    assert (ref.screen(1.0).title, ref.screen(1.0).detail) == ("Undone", "Ana pass")
    ref.advance(31.0)   # the round clock's own action, undone: no player, no card
    ref.undo()
    assert (ref.screen(31.0).title, ref.screen(31.0).detail) == ("Undone", "time_up")


def test_undo_with_nothing_to_take_back_does_nothing(tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.undo()   # no game
    ref.start(TWO, now=0.0)
    ref.undo()   # a game without an action
    assert [r["type"] for r in records] == ["game_started"] and isinstance(ref.screen(0.0), LiveView)


# ---- starting, ending, restarting ----------------------------------------------------------------

def test_a_game_ended_from_the_menu_is_logged_and_kept_as_stopped(tmp_path):
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    ref.start(TWO, now=0.0)
    ref.end()
    assert records[-1] == {"type": "game_ended", "game_id": 1}
    assert ref.journal.games()[0].status == "stopped" and isinstance(ref.screen(0.0), MenuView)
    ref.end()   # nothing to end
    assert len(records) == 2


def test_a_setup_the_engine_refuses_says_why_on_the_screen(tmp_path, caplog):
    """Seat 1 named "P8" and eight players: the made-up names of seats 2-8 include a second P8."""
    records: list[dict] = []
    ref = referee(tmp_path, configured(**{"math-wars": {"players": 8, "names": ["P8"]}}), records=records)
    with caplog.at_level(logging.WARNING, logger="station.referee"):
        for press in [CONFIRM, *[SELECT] * 6, CONFIRM]:   # the menu's game, down to Start (past Language), start
            ref.press(press, 0.0)
    why = "two players have the same name: P8, P2, P3, P4, P5, P6, P7, P8"
    note = ref.screen(0.0)
    assert ref.game is None and (note.title, note.detail) == ("Cannot start", why[:60])
    assert records == [{"t": None, "type": "note", "code": "setup", "title": "Cannot start", "detail": why[:60]}]
    assert len(caplog.messages) == 1 and caplog.messages[0].startswith("cannot start {'game': 'math-wars'")
    assert caplog.messages[0].endswith(f": {why}")
    ref.press(CONFIRM, 0.0)   # the note goes: back to the setup screen
    assert isinstance(ref.screen(0.0), SetupView)


def test_the_setup_screens_results_choice_is_the_games(tmp_path):
    ref = referee(tmp_path, configured(**{"math-wars": {"reveal": "at_once"}}))
    for press in [CONFIRM, *[SELECT] * 6, CONFIRM]:   # down to Start, past the Language row
        ref.press(press, 0.0)
    for n, (player, card) in enumerate([*PLAYS, ("Ben", "MW-B-A6")], start=1):
        ref.apply({"type": "play", "t": float(n), "player": player, "card": card, "source": "camera"})
    ref.press(CONFIRM, 5.0)   # past Ben's last card
    hand = ref.screen(5.0)
    assert isinstance(hand, HandView) and hand.results == ("16", "21")


def test_without_a_seed_each_game_gets_a_random_one(tmp_path):
    ref = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins())
    for press in [CONFIRM, *[SELECT] * 6, CONFIRM]:   # down to Start, past the Language row
        ref.press(press, 0.0)
    seed = ref.game.config["seed"]
    assert isinstance(seed, int) and 0 <= seed < 1_000_000


def test_the_menu_opens_on_the_configured_game(toy, tmp_path):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    menu = ref.screen(0.0)
    assert menu.items[menu.selected] == "Toy Sum"
    first = referee(tmp_path, configured(station={"game": "math-wars"}))
    assert first.screen(0.0).selected == 0


def test_a_damaged_journal_is_said_and_logged(tmp_path):
    (tmp_path / "journal.sqlite3").write_bytes(b"this is not a database" * 100)
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    note = ref.screen(0.0)
    assert (note.title, note.detail) == ("Journal damaged", "kept aside; new one started")
    assert records == [{"t": None, "type": "note", "code": "journal", "title": "Journal damaged",
                        "detail": "kept aside; new one started"}]


def test_with_no_game_in_the_journal_a_restart_opens_the_menu(tmp_path):
    ref = referee(tmp_path)
    assert not ref.resume(0.0) and ref.game is None and isinstance(ref.screen(0.0), MenuView)


def test_a_restart_resumes_the_game_at_its_own_time_and_says_so(tmp_path, caplog):
    playing(tmp_path).journal.close()   # three plays, at 1, 2 and 3 s
    records: list[dict] = []
    again = referee(tmp_path, records=records)
    with caplog.at_level(logging.INFO, logger="station.referee"):
        assert again.resume(1000.0)
    assert records == [{"type": "resumed", "game_id": 1, "actions": 3}]
    assert caplog.messages == ["resumed game 1 at action 3"]
    assert again.screen(1000.0).clock == "00:03" and again.screen(1010.0).clock == "00:13"
    again.table_events([placed("MW-B-A6", "seat2.math-crate")], MAT, 1010.0)
    assert journaled(again)[-1] == ("play", 13.0, "Ben", "camera")
    assert again.state()["hand"] == 2   # the hand it finished was the journal's
    again.journal.close()


def test_a_restart_before_the_first_play_starts_the_clock_at_zero(tmp_path):
    ref = referee(tmp_path)
    ref.start(TWO, now=50.0)
    ref.journal.close()
    again = referee(tmp_path)
    assert again.resume(500.0) and again.screen(500.0).clock == "00:00"
    again.journal.close()


def test_a_restart_keeps_the_configured_results_choice(tmp_path):
    playing(tmp_path).journal.close()
    again = referee(tmp_path, configured(**{"math-wars": {"reveal": "at_once"}}))
    assert again.resume(0.0)
    again.apply({"type": "play", "t": 4.0, "player": "Ben", "card": "MW-B-A6", "source": "camera"})
    again.press(CONFIRM, 4.0)
    assert again.screen(4.0).results == ("16", "21")
    again.journal.close()


def test_a_journal_game_that_cannot_be_replayed_is_stopped_and_said(tmp_path, caplog):
    with Journal(tmp_path / "journal.sqlite3") as journal:
        game_id = journal.start_game(TWO)
        journal.append(game_id, {"type": "play", "t": 1.0, "player": "Zed", "card": "MW-A-N21"})
    records: list[dict] = []
    ref = referee(tmp_path, records=records)
    with caplog.at_level(logging.ERROR, logger="station.referee"):
        assert not ref.resume(0.0)
    assert ref.game is None and ref.journal.current_game() is None and ref.journal.games()[0].status == "stopped"
    note = ref.screen(0.0)
    assert (note.title, note.detail) == ("Old game lost", "it could not be replayed")
    assert records == [{"t": None, "type": "note", "code": "journal", "title": "Old game lost",
                        "detail": "it could not be replayed"}]
    assert len(caplog.messages) == 1 and caplog.messages[0].startswith("the journal's game 1 cannot be replayed (")
    assert "'Zed'" in caplog.messages[0] and caplog.messages[0].endswith("): it is stopped")
    ref.journal.close()


def results_after_a_hand(ref: Referee, now: float) -> tuple | None:
    """Play the rest of hand 1 (16 against 21) and look past Ben's last card: the results, or
    None while they wait for CONFIRM."""
    for player, card in [*PLAYS, ("Ben", "MW-B-A6")][len(ref.game.actions):]:
        now += 1.0
        ref.apply({"type": "play", "t": now, "player": player, "card": card, "source": "camera"})
    ref.press(CONFIRM, now)
    hand = ref.screen(now)
    assert isinstance(hand, HandView)
    return hand.results


def test_results_wait_for_a_press_unless_the_game_was_started_to_show_them_at_once(tmp_path):
    ref = referee(tmp_path)
    ref.start(TWO, now=0.0)   # saying nothing: on a press
    assert results_after_a_hand(ref, 0.0) is None
    ref.press(CONFIRM, 9.0)
    assert ref.screen(9.0).results == ("16", "21")


def test_the_setup_screens_default_keeps_results_for_a_press(tmp_path):
    ref = referee(tmp_path)
    for press in [CONFIRM, *[SELECT] * 6, CONFIRM]:   # down to Start, past the Language row
        ref.press(press, 0.0)
    assert results_after_a_hand(ref, 0.0) is None


def test_a_restart_shows_results_as_the_game_was_set_up_and_else_as_the_config_says(tmp_path):
    from station.game_language import LANGUAGE_NAME

    playing(tmp_path).journal.close()   # set up to show them at once
    again = referee(tmp_path)
    assert again.resume(0.0)
    assert results_after_a_hand(again, 3.0) == ("16", "21")
    again.journal.close()
    (tmp_path / LANGUAGE_NAME).unlink()   # a station from before the choice was kept: the config's default
    once_more = referee(tmp_path)
    assert once_more.resume(0.0)
    assert once_more.controller.reveal == "press"
    once_more.journal.close()


class Lying:
    """A card the tracker follows, as the toy game's strip needs it."""

    def __init__(self, card_id: str, x: float, y: float = 100.0) -> None:
        self.card_id, self.x, self.y, self.angle, self.covered = card_id, x, y, 0.0, False


def test_the_strip_the_camera_saw_last_is_what_confirm_submits(toy, tmp_path):
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"]}, now=0.0)
    lying = [Lying("TY-A-N6", 310.0), Lying("TY-A-PLUS", 210.0), Lying("TY-A-N4", 110.0)]
    events = [{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": 0.0} for c in lying]
    ref.adapter.reads_table = lambda action: action["type"] == "submit"   # type: ignore[method-assign]
    ref.table_events(events, mat_layout("toy", 2), 1.0, lying)
    ref.press(CONFIRM, 2.0)
    assert ref.journal.current_game().actions == []   # read from a frame taken after the press
    ref.table_seen(1.9, 2.05)                          # a frame taken before it is no answer
    assert ref.journal.current_game().actions == []
    ref.table_seen(2.1, 2.1)
    assert ref.journal.current_game().actions[-1]["cards"] == ["TY-A-N4", "TY-A-PLUS", "TY-A-N6"]
    assert ref.journal.current_game().actions[-1]["t"] == 2.0   # the play's time is the press's


def test_a_confirm_pressed_before_the_time_is_up_counts_though_its_frame_comes_after(tmp_path):
    """Who's Counting? with a clock: Ana presses CONFIRM at 59.9 s, the camera's next clear frame
    is taken at 60.0 s. The game's clock waits for the play pressed before it: the submit is
    journaled at the press, scored, and the time is up after it (the time_up fell first, the
    game ended 0-0 and Ana's expression was refused as after the end)."""
    ref = referee(tmp_path)
    ref.start({"game": "whos-counting", "players": ["Ana", "Ben"], "minutes": 1}, now=0.0)
    mat = mat_layout("whos-counting", 2)
    lying = [Lying(card, x, 145.0) for card, x in (("WC-A-N3A", 90.0), ("WC-A-MUL1", 146.0), ("WC-A-N6A", 202.0),
                                              ("WC-A-SUB1", 258.0), ("WC-A-N2A", 314.0))]
    ref.table_events([{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": 0.0} for c in lying],
                     mat, 59.0, lying)
    ref.press(CONFIRM, 59.9)
    ref.table_seen(59.85, 59.9)        # that tick's frame was taken before the press: no answer
    ref.advance(60.0)                  # the next tick, as the station's loop makes it
    ref.table_events([], mat, 60.0, lying)
    ref.table_seen(60.0, 60.0)
    ref.advance(66.0)                  # the window closes: the turn in play is scored, then the game ends
    assert [(a["type"], a["t"]) for a in ref.game.actions] == [("submit", 59.9), ("time_up", 60), ("window_closed", 64.9)]
    assert ref.game.outcome().winners == ("Ana",)


def test_a_button_action_that_reads_no_table_is_still_completed_by_the_adapter(toy, tmp_path):
    """A game whose adapter fills in a button's action without saying it reads the table (the toy
    game, or any written before ``reads_table``) gets it filled in at the press, as before."""
    ref = referee(tmp_path, configured(station={"game": "toy"}))
    ref.start({"game": "toy", "players": ["Ana", "Ben"]}, now=0.0)
    lying = [Lying("TY-A-N4", 110.0), Lying("TY-A-PLUS", 210.0), Lying("TY-A-N6", 310.0)]
    events = [{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": 0.0} for c in lying]
    ref.table_events(events, mat_layout("toy", 2), 1.0, lying)
    ref.press(CONFIRM, 2.0)
    assert ref.journal.current_game().actions[-1]["cards"] == ["TY-A-N4", "TY-A-PLUS", "TY-A-N6"]   # at once


def test_the_screen_clock_stops_when_the_game_is_over(tmp_path):
    """'Game over' at 00:42 stays 00:42: the clock on a finished game's screen and page stands still."""
    ref = referee(tmp_path)
    ref.start({**TWO, "victories_to_win": 1}, now=100.0)
    ref.apply({"type": "award_victory", "side": "Ana", "t": 42.0})  # the table's vote: the game is won
    for _ in range(2):
        ref.press(CONFIRM, 150.0)  # the round's banner, then VICTORY!, put away
    shown = {now: ref.screen(now) for now in (150.0, 400.0, 4000.0)}
    assert all(isinstance(view, LiveView) and view.headline == "Ana won!" for view in shown.values())
    assert {view.clock for view in shown.values()} == {"00:42"}
    assert ref.clock_time(4000.0) == 42.0
