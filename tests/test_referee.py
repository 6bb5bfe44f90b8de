"""The referee with its real engine and journal: what a press of undo takes back, and what a
restart brings back."""

from __future__ import annotations

from station.config import load_config
from station.hardware.buttons import Press
from station.referee import Referee
from station.store import Journal

SELECT, CONFIRM = Press("select"), Press("confirm")
UNDO = Press("spare", long=True)
PLAYS = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15")]


def referee(tmp_path) -> Referee:
    return Referee(load_config(None), Journal(tmp_path / "journal.sqlite3"), seed=lambda: 7)


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
