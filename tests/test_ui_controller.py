"""The buttons' meaning on each screen, through the referee (real engine, real journal)."""

from __future__ import annotations

from screen_helpers import bottom_line
from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.store import Journal
from station.table.mat import mat_layout
from station.ui.screens import render
from station.ui.views import HandView, LiveView, MenuView, SetupView
from station.vision.track import TrackedCard

SELECT, CONFIRM, BACK, SPARE = Press("select"), Press("confirm"), Press("back"), Press("spare")


def referee(tmp_path) -> Referee:
    return Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 7)


def screen(ref: Referee, now: float = 0.0):
    view = ref.screen(now)
    image = render(view)  # every screen the controller makes must draw
    assert image.size == (128, 64)
    return view


def press(ref: Referee, *presses: Press, now: float = 0.0) -> None:
    for p in presses:
        ref.press(p, now)


def test_menu_then_setup_then_start_a_three_player_game(tmp_path):
    ref = referee(tmp_path)
    assert isinstance(screen(ref), MenuView)
    press(ref, CONFIRM)
    setup = screen(ref)
    assert isinstance(setup, SetupView) and setup.rows[0] == ("Players", "2")
    press(ref, CONFIRM)  # players 2 -> 3
    assert screen(ref).rows[0] == ("Players", "3")
    press(ref, *[SELECT] * len(setup.rows[:-1]))  # down to Start
    assert screen(ref).selected == len(setup.rows) - 1
    press(ref, CONFIRM)
    assert ref.game is not None and list(ref.game.state()["players"]) == ["Ana", "Ben", "Cleo"]
    live = screen(ref)
    assert isinstance(live, LiveView) and live.title == "Hand 1" and len(live.players) == 3
    assert ref.journal.current_game() is not None


def test_back_leaves_setup_and_long_back_ends_a_game_after_asking(tmp_path):
    ref = referee(tmp_path)
    press(ref, CONFIRM, SELECT, BACK, BACK)
    assert isinstance(screen(ref), MenuView) and screen(ref).title == "Choose a game"
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    press(ref, Press("back", long=True))
    question = screen(ref)
    assert isinstance(question, MenuView) and question.title == "End game?"
    press(ref, CONFIRM)  # "No, play on" is first: nothing is lost by a stray press
    assert ref.game is not None
    press(ref, Press("back", long=True), SELECT, CONFIRM)
    assert ref.game is None and ref.journal.current_game() is None
    assert ref.journal.games()[0].status == "stopped"


def test_results_wait_for_confirm_then_show(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, reveal="press")
    for t, (player, card) in enumerate([("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"),
                                        ("Ben", "MW-B-A6")], start=1):
        ref.apply({"type": "play", "t": float(t), "player": player, "card": card})
        screen(ref, float(t))  # the station draws every tick
    hand = screen(ref, 10.0)  # the last play's tick has timed out by now
    assert isinstance(hand, HandView) and hand.results is None
    press(ref, CONFIRM, now=10.0)
    shown = screen(ref, 10.1)
    assert shown.results == ("16", "21")
    press(ref, CONFIRM, now=10.2)
    assert "Ben" in screen(ref, 10.3).big  # who won the hand


def test_spare_opens_the_table_vote_and_a_long_spare_undoes(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"], "victories_to_win": 2}, 0.0)
    ref.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21"})
    press(ref, Press("spare", long=True), SELECT, CONFIRM, now=1.2)
    assert ref.game.actions == [] and ref.journal.current_game().actions == []
    assert screen(ref, 1.3).title == "Undone"
    press(ref, CONFIRM, now=1.4)  # dismiss
    press(ref, SPARE, now=6.0)
    vote = screen(ref, 6.0)
    assert vote.title == "Table vote" and vote.items[1] == "VICTORY: Ana"
    press(ref, SELECT, CONFIRM, now=6.0)
    assert ref.game.state()["victories"] == {"Ana": 1, "Ben": 0}
    assert ref.journal.current_game().actions[-1]["source"] == "button"


def test_a_violation_shows_what_was_wrong(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    ref.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-B-N3"})
    verdict = screen(ref, 1.0)
    assert verdict.kind == "wrong" and verdict.title == "Not your deck" and verdict.detail == "That is deck B, yours is A. Take it back" and verdict.who == "Ana"
    assert ref.take_signals() == ["rejected"]


def test_a_damaged_journal_is_said_on_the_first_screen(tmp_path):
    (tmp_path / "journal.sqlite3").write_bytes(b"this is not a database" * 100)
    ref = referee(tmp_path)
    note = screen(ref, 0.0)
    assert note.title == "Journal damaged"
    assert isinstance(screen(ref, 10.0), MenuView)  # it times out


def test_confirm_after_a_won_game_finishes_it_and_opens_setup(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"], "victories_to_win": 1}, 0.0)
    ref.press(Press("spare"), 1.0)
    ref.press(SELECT, 1.0)
    ref.press(CONFIRM, 1.0)  # the table votes Ana a VICTORY!: she has won
    assert ref.game.state()["over"]
    while not isinstance(screen(ref, 2.0), LiveView):
        ref.press(CONFIRM, 2.0)  # through the banners
    ref.press(CONFIRM, 2.0)
    assert ref.game is None and isinstance(screen(ref, 2.0), SetupView)
    assert ref.journal.games()[0].status == "finished"


def test_buttons_do_nothing_under_a_fault_screen(tmp_path):
    from station.mainloop import camera_lost

    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    ref.set_fault(camera_lost())
    press(ref, Press("back", long=True), SELECT, CONFIRM)
    assert ref.game is not None and screen(ref).title == "Camera lost"


def test_an_action_the_engine_refuses_leaves_the_journal_as_the_game(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    assert ref.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-Z-N1"}) == []
    assert ref.journal.current_game().actions == [] and ref.game.actions == []


def test_team_seats_follow_the_engines_seating():
    from engine.rules import new_game
    from station.games import plugin

    game = new_game({"game": "math-wars", "teams": {"Red": ["Ana", "Cy"], "Blue": ["Ben", "Dee"]}})
    assert list(game.seats()) == [p["name"] for p in game.config["players"]]
    assert plugin("math-wars").table(game.config).seats == game.seats()


def test_the_shared_screens_bottom_line_says_which_button_does_what_next(tmp_path):
    """A child reads the order to press in: SELECT to move, then CONFIRM to take it (not
    "SELECT  CONFIRM"); on setup, CONFIRM changes a row, and on the last row it starts."""
    ref = referee(tmp_path)
    assert bottom_line(screen(ref)) == "SELECT, then CONFIRM"
    press(ref, CONFIRM)
    rows = len(screen(ref).rows)
    assert bottom_line(screen(ref)) == "CONFIRM: change"
    press(ref, *[SELECT] * (rows - 1))  # down to Start
    assert screen(ref).rows[screen(ref).selected] == ("Start", "") and bottom_line(screen(ref)) == "CONFIRM: start"
    press(ref, CONFIRM)
    press(ref, Press("spare", long=True))
    question = screen(ref)
    assert question.title == "Undo last play?" and bottom_line(question) == "SELECT, then CONFIRM"


# ---- notes: one per kind, and never in the way of a button ----------------------------------

SUM_MAT = mat_layout("sum", 2)


def stray(i: int, kind: str = "MalformedPayload", text: str = "") -> dict:
    """The tracker's event for a QR code on the table that is no card of this game."""
    return {"type": "unknown_code", "t": 0.0, "text": text or f"https://example.org/{i}", "reason": "",
            "kind": kind, "x": 20.0 * i, "y": 250.0}


def sum_ready(tmp_path) -> tuple[Referee, list[TrackedCard]]:
    """A SUM game with the target 12 turned up and Ana's 3 × 4 lying along the strip."""
    ref = referee(tmp_path)
    ref.start({"game": "sum", "players": ["Ana", "Ben"]}, 0.0)
    ref.table_events([{"type": "placed", "t": 0.0, "card": "SU-A-N12A", **dict(zip("xy", SUM_MAT.zone("target").center)),
                       "angle": 0.0}], SUM_MAT, 0.5)
    strip = [TrackedCard(card, x, 145.0, 0.0, last_seen=1.0) for card, x in
             (("SU-A-N3A", 198.0), ("SU-A-MUL1", 254.0), ("SU-A-N4A", 310.0))]
    ref.table_events([], SUM_MAT, 10.0, strip)
    assert ref.state()["target"]["value"] == 12
    screen(ref, 1.0)  # the target's banner shows ...
    assert isinstance(screen(ref, 15.0), LiveView)  # ... and has gone
    ref.take_signals()
    return ref, strip


def test_six_stray_codes_are_one_note_that_counts_them_and_one_confirm_submits_the_equation(tmp_path):
    ref, strip = sum_ready(tmp_path)
    for i in range(1, 7):  # the codes come into view a frame apart
        ref.table_events([stray(i)], SUM_MAT, 20.0 + i / 5, strip)
    note = screen(ref, 21.4)
    assert (note.title, note.detail) == ("Not this game", "6 codes not from this game: take them off")
    assert ref.take_signals() == ["rejected"]  # one note, one buzz
    ref.press(CONFIRM, 21.5)  # the note still shows: CONFIRM does what it does on the live screen
    ref.table_seen(21.55, 21.55)  # the strip read from the frame after the press
    assert ref.game.actions[-1] == {"type": "submit", "t": 21.5, "player": "Ana",
                                    "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"], "source": "button"}
    assert screen(ref, 21.6).title == "Ana makes 12"
    assert not any(o.kind == "note" for o in ref.controller.overlays)


def test_notes_merge_by_kind_each_saying_how_many_and_time_out_together(tmp_path):
    ref, strip = sum_ready(tmp_path)
    events = [stray(1), stray(2, "UnknownGame", "MCS1-BB-A-7"), stray(3), stray(4, "UnknownGame", "MCS1-MW-A-N3"),
              stray(5, "UnknownGame", "MCS1-BB-A-9"), stray(6, "UnknownCard", "MCS1-SU-A-X99")]
    ref.table_events(events, SUM_MAT, 20.0, strip)
    shown = [(v.title, v.detail) for v in (screen(ref, 20.0), screen(ref, 24.0), screen(ref, 28.0))]
    assert shown == [("Not this game", "2 codes not from this game: take them off"),
                     ("Other game", "3 cards of other games: take them off"),
                     ("Unknown card", "Its code may be damaged: reprint it")]  # one of its kind: its own words
    assert isinstance(screen(ref, 32.0), LiveView)  # 3 notes of 4 s, not 6


def test_with_a_note_shown_back_puts_it_away_and_the_other_buttons_do_what_they_do(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"], "victories_to_win": 2}, 0.0)
    mat = mat_layout("math-wars", 2)
    ref.table_events([stray(1), stray(2)], mat, 1.0)
    press(ref, BACK, now=1.1)  # BACK: the note goes, nothing else happens
    assert isinstance(screen(ref, 1.1), LiveView) and ref.game.actions == []
    ref.table_events([stray(3)], mat, 2.0)
    press(ref, SPARE, now=2.1)  # SPARE: the game's menu, at once
    assert screen(ref, 2.1).title == "Table vote"
    press(ref, BACK, now=2.2)
    ref.table_events([stray(4)], mat, 3.0)
    press(ref, SELECT, now=3.1)  # SELECT: the live screen's next page
    live = screen(ref, 3.1)
    assert isinstance(live, LiveView) and ref.controller.page == 1
    ref.table_events([stray(5)], mat, 4.0)
    press(ref, Press("back", long=True), now=4.1)  # hold BACK: end the game?, as ever
    assert screen(ref, 4.1).title == "End game?"


def restarted(ref: Referee, tmp_path, now: float = 100.0) -> Referee:
    """The station killed (nothing said goodbye) and started again on the same journal."""
    again = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 7)
    assert again.resume(now)
    return again


def test_a_restart_after_a_hand_shows_its_results_again_hidden_quietly_and_confirm_reveals_them(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, reveal="press")
    for t, (player, card) in enumerate([("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"),
                                        ("Ben", "MW-B-A6")], start=1):
        ref.apply({"type": "play", "t": float(t), "player": player, "card": card})
    again = restarted(ref, tmp_path)
    screen(again, 100.0)  # the last card's screen, as the killed station showed it
    hand = screen(again, 110.0)
    assert isinstance(hand, HandView) and hand.results is None and hand.title == "Hand 1"
    assert again.take_signals() == [] and again.take_lines() == []  # its sounds were given before the restart
    press(again, CONFIRM, now=110.1)
    assert screen(again, 110.2).results == ("16", "21")
    press(again, CONFIRM, now=110.3)
    assert "Ben" in screen(again, 110.4).big  # who won the hand, then the live screen
    assert isinstance(screen(again, 120.0), LiveView)


def test_a_restart_after_the_games_last_action_shows_its_end_and_confirm_then_finishes_it(tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"], "victories_to_win": 1}, 0.0)
    ref.press(Press("spare"), 1.0)
    ref.press(SELECT, 1.0)
    ref.press(CONFIRM, 1.0)  # the table votes Ana a VICTORY!: she has won, and the station dies
    again = restarted(ref, tmp_path)
    assert screen(again, 100.0).title == "Round 1 won"  # its screens in order, as the killed station showed them
    end = screen(again, 110.0)
    assert end.title == "VICTORY!" and end.big == "Ana"  # not the menu, not the live screen
    while not isinstance(screen(again, 101.0), LiveView):
        again.press(CONFIRM, 101.0)  # through the banners
    again.press(CONFIRM, 101.0)
    assert again.game is None and isinstance(screen(again, 101.0), SetupView)
    assert again.journal.games()[0].status == "finished"


def test_a_restart_mid_hand_shows_the_live_screen_not_the_last_hands_results(tmp_path):
    """The last hand's results were put away by the next card: the players had gone on, and a
    restart does not bring the hand's screens back."""
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, reveal="press")
    for t, (player, card) in enumerate([("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"),
                                        ("Ben", "MW-B-A6"), ("Ana", "MW-A-N3")], start=1):
        ref.apply({"type": "play", "t": float(t), "player": player, "card": card})
    again = restarted(ref, tmp_path)
    live = screen(again, 100.0)
    assert isinstance(live, LiveView) and live.title == "Hand 2"


def test_a_restart_shows_a_rounds_results_again_in_the_games_language(tmp_path):
    from station.i18n import use_language
    from station.ui.rounds import time_up

    ref = referee(tmp_path)
    ref.start({"game": "math-rush", "players": ["Ana", "Ben"], "seconds": 30}, 0.0, language="es")
    ref.apply({"type": "goal", "t": 1.0, "card": "MR-A-G1", "row": 1, "source": "camera"})
    ref.press(CONFIRM, 2.0)  # go!
    ref.advance(40.0)  # time is up: the round's results wait, and the station dies
    assert ref.game.actions[-1]["type"] == "time_up"
    again = restarted(ref, tmp_path)
    with use_language("es"):
        spanish = time_up(3.0).view.title
    assert spanish != "Time is up!" and screen(again, 100.0).title == spanish
