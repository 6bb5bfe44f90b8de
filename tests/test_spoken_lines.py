"""What each game says aloud for each kind of verdict: the words and the sound, from the game's
own engine events (the engines are pure: real games, played by actions, no hardware)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.rules import new_game
from station.cli import _parser
from station.games import plugin, plugins
from station.i18n import Words
from station.speech.voice import Line, utterance


class Played:
    """A real game of ``name`` and what its station says for each action."""

    def __init__(self, config: dict[str, Any], reveal: str = "at_once") -> None:
        self.game = new_game(config)
        self.plugin = plugin(config["game"])
        self.reveal = reveal
        self.t = 0.0

    def act(self, kind: str, **fields: Any) -> tuple[str, str]:
        """The (sound, words) one action's events call for, as the station says them."""
        self.t += 1.0
        events = self.game.apply({"type": kind, "t": self.t, **fields})
        return utterance([line for line in self.plugin.say(events, self.game.state(), self.reveal)
                          if not line.on_reveal])   # (what waits for CONFIRM's reveal is said then)

    def clock(self) -> tuple[str, str]:
        """The game's own deadline, applied as the referee applies it."""
        due = self.game.deadline()
        assert due is not None
        self.t = due.at
        events = self.game.apply({**due.action, "t": due.at, "source": "clock"})
        return utterance(self.plugin.say(events, self.game.state(), self.reveal))


def test_every_game_has_spoken_lines_and_words_in_one_place() -> None:
    for name, game in plugins().items():
        assert game.spoken is not None, name
        assert isinstance(getattr(game.spoken, "WORDS", None), (dict, Words)), f"{name}: its sentences in one WORDS table"


# ---- Math Wars Meta -----------------------------------------------------------------------------

def test_math_wars_says_each_verdict() -> None:
    table = Played({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1})
    assert table.act("play", player="Ana", card="MW-A-N5") == ("accepted", "")  # a beep: the race goes on
    assert table.act("play", player="Ana", card="MW-B-A2") == (
        "wrong", "Ana, that card is from another deck. Take it back.")
    assert table.act("play", player="Ana", card="MW-A-N7") == (
        "wrong", "Ana, one card of each kind. Take it back.")
    assert table.act("play", player="Ana", card="MW-A-M3") == ("accepted", "")
    assert table.act("play", player="Ben", card="MW-B-N19") == ("accepted", "")
    assert table.act("play", player="Ben", card="MW-B-D10") == ("accepted", "Ben wins the hand, with nineteen.")


def test_math_wars_keeps_the_winner_for_confirm_when_results_wait_for_it() -> None:
    table = Played({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1}, reveal="press")
    for player, card in (("Ana", "MW-A-N5"), ("Ana", "MW-A-M3"), ("Ben", "MW-B-N19")):
        table.act("play", player=player, card=card)
    sound, words = table.act("play", player="Ben", card="MW-B-D10")
    assert (sound, words) == ("your_turn", "Work out your results, then press CONFIRM.")  # not who won


def test_math_wars_says_who_won_the_hand_when_confirm_shows_the_results(tmp_path) -> None:
    from station.config import load_config
    from station.referee import Referee
    from station.store import Journal
    from station.ui.controller import Press

    ref = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins())
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1}, 0.0, reveal="press")
    ref.take_lines()
    for n, (player, card) in enumerate((("Ana", "MW-A-N5"), ("Ana", "MW-A-M3"), ("Ben", "MW-B-N19"),
                                        ("Ben", "MW-B-D10")), start=1):
        ref.apply({"type": "play", "t": float(n), "player": player, "card": card, "source": "camera"})
    before = [utterance(batch) for batch in ref.take_lines()]
    assert before[-1] == ("your_turn", "Work out your results, then press CONFIRM.")
    assert not any("wins the hand" in words for _, words in before)   # the children work it out first
    ref.screen(5.0)
    ref.screen(7.0)   # the last card's own screen has had its moment: the hidden results show
    ref.press(Press("confirm"), 7.0)
    assert [utterance(batch) for batch in ref.take_lines()] == [("", "Ben wins the hand, with nineteen.")]
    ref.press(Press("confirm"), 8.0)   # the results put away: nothing is said again
    assert ref.take_lines() == []


def test_math_wars_says_a_math_war_and_the_winner_of_the_game() -> None:
    table = Played({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1, "victories_to_win": 1})
    for player, card in (("Ana", "MW-A-N5"), ("Ana", "MW-A-A2"), ("Ben", "MW-B-N6"), ("Ben", "MW-B-A1")):
        sound, words = table.act("play", player=player, card=card)
    assert (sound, words) == ("your_turn", "Math war! Ana and Ben: three cards face down, one up.")
    assert table.act("award_victory", side="Ana") == ("game_over", "Ana wins round one. Victory one of one. "
                                                                   "Ana wins the game!")


# ---- Math Rush ----------------------------------------------------------------------------------

def rush() -> Played:
    table = Played({"game": "math-rush", "players": ["Ana"], "seed": 1, "seconds": 60})
    assert table.act("goal", card="MR-A-G1", row=1) == ("", "")  # before the clock: the screen lists goals
    table.act("goal", card="MR-A-G5", row=2)
    table.act("goal", card="MR-A-G9", row=3)
    assert table.act("start") == ("your_turn", "Round one. Go!")
    return table


def test_math_rush_says_a_wrong_card_and_its_one_reason() -> None:
    table = rush()
    goals = {r["row"]: r for r in table.game.state()["rows"]}
    assert goals[1]["name"].startswith("UP")
    assert table.act("play", card="MR-A-F13", row=1, on="") == ("accepted", "")  # 3/4
    sound, words = table.act("play", card="MR-A-F10", row=1, on="")  # 3/5 after 3/4, going up
    assert (sound, words) == ("wrong", "Three fifths is less than three quarters. Out of order.")


def test_math_rush_says_a_card_that_breaks_a_same_set_once() -> None:
    table = rush()
    assert table.act("play", card="MR-A-F13", row=3, on="") == ("accepted", "")  # SAME 3: 3/4
    assert table.act("play", card="MR-A-F10", row=3, on="") == (
        "wrong", "Three fifths is not equal to three quarters.")


def test_math_rush_says_the_clock_s_warning_and_its_end() -> None:
    table = rush()
    assert table.clock() == ("time_warning", "Thirty seconds left!")
    sound, words = table.clock()
    assert sound == "time_up" and words.startswith("Time is up! Hands off. Round one: zero points.")


def test_math_rush_s_time_is_up_is_not_cut_short_by_a_card_laid_after_it(tmp_path: Path) -> None:
    """A newer line with words cuts an older one: a card laid a moment after the tone (too late)
    must not silence "Time is up! Hands off." and the round's points: it is a buzz, no words."""
    table = rush()
    table.clock()
    due = table.game.deadline()
    assert due is not None
    time_up = table.game.apply({**due.action, "t": due.at, "source": "clock"})
    late = table.game.apply({"type": "play", "t": due.at + 0.5, "card": "MR-A-F10", "row": 1, "on": ""})
    assert [e["code"] for e in late] == ["too_late"]
    said_late = table.plugin.say(late, table.game.state(), "at_once")
    assert utterance(said_late) == ("wrong", "")  # the screen says "Too late!"; the buzzer and LED too
    goal_late = table.game.apply({"type": "goal", "t": due.at + 1, "card": "MR-A-G2", "row": 4})
    assert utterance(table.plugin.say(goal_late, table.game.state(), "at_once")) == ("wrong", "")
    if shutil.which("espeak-ng") is None:
        return
    from station.hardware.audio import open_audio, read_index, words_said
    from station.speech.tts import Speech, SpeechSettings
    from station.speech.voice import Voice

    clock = Clock()
    voice = Voice(open_audio("files", folder=tmp_path / "sounds", clock=clock), Speech(SpeechSettings(), tmp_path))
    voice.say(table.plugin.say(time_up, table.game.state(), "at_once"))
    clock.now = 0.5
    voice.say(said_late)
    voice.close()
    records = read_index(tmp_path / "sounds")
    assert [r.get("cut") for r in records] == [None]
    assert words_said(records) == ["Time is up! Hands off. Round one: zero points."]


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_math_rush_says_a_refusal_with_the_screen_s_title_and_the_engine_s_reason() -> None:
    table = Played({"game": "math-rush", "players": ["Ana"], "seed": 1})
    sound, words = table.act("start")
    assert sound == "wrong" and words.startswith("Lay goals first.")


# ---- SUM ------------------------------------------------------------------------------------------

def test_sum_says_the_target_a_wrong_equation_and_a_right_one() -> None:
    table = Played({"game": "sum", "players": ["Ana", "Ben"], "seed": 1})
    assert table.act("target", card="SU-A-N7A") == ("", "The target is seven.")
    first = table.game.state()["turn"]
    sound, words = table.act("submit", player=first, cards=["SU-A-N2A", "SU-A-ADD1", "SU-A-N3A"])
    assert (sound, words) == ("wrong", f"{first}. Two plus three equals five. Not seven. Take the cards back.")
    sound, words = table.act("submit", player=first, cards=["SU-A-N2A", "SU-A-ADD1", "SU-A-N5A"])
    assert sound == "your_turn" and words.startswith(f"{first} makes seven: two plus five. Two cards won.")
    assert words.endswith("'s turn.")


# ---- Who's Counting? ---------------------------------------------------------------------------------

def test_whos_counting_says_a_score_a_broken_expression_and_whose_turn() -> None:
    table = Played({"game": "whos-counting", "players": ["Ana", "Ben"], "seed": 1})
    sound, words = table.act("submit", player="Ana", cards=["WC-A-N7A", "WC-A-MUL1", "WC-A-N6A"], blue=[])
    assert (sound, words) == ("accepted", "Seven times six is forty-two. Fifty-two points! Who's counting?")
    sound, words = table.clock()
    assert (sound, words) == ("your_turn", "Ben's turn.")  # her fifty-two points were just said: not twice
    sound, words = table.act("submit", player="Ben", cards=["WC-A-N5A", "WC-A-N3A"], blue=[])
    assert (sound, words) == ("wrong", "Ben. One to three signs. Use one to three signs. Fix it, CONFIRM.")
    assert table.act("submit", player="Ana", cards=["WC-A-N5B"], blue=[])[0] == "wrong"  # not her turn


def test_whos_counting_says_a_turn_s_score_again_only_when_a_red_card_changed_it() -> None:
    """A turn that scores what its expression scored says nothing more when the window closes (its
    points were said a moment ago); a red card's change is news: the new score is said."""
    table = Played({"game": "whos-counting", "players": ["Ana", "Ben"], "seed": 1})
    table.act("submit", player="Ana", cards=["WC-A-N7A", "WC-A-MUL1", "WC-A-N6A"], blue=[])
    assert table.act("red", player="Ben", card="WC-A-NEG1") == ("your_turn", "Ben plays a red card: Negative! Ana, stop it?")
    assert table.clock() == ("your_turn", "Ana scores negative fifty-two. Ben's turn.")


# ---- Big Bang ---------------------------------------------------------------------------------------

def test_big_bang_says_go_a_card_that_does_not_fit_and_why() -> None:
    table = Played({"game": "big-bang", "players": ["Ana"], "seed": 1})
    assert table.act("start") == ("your_turn", "Go! Play beside the star.")
    assert table.act("play", player="Ana", card="BB-A-N1A", cell=[1, 0], turn=180) == ("accepted", "")
    sound, words = table.act("play", player="Ana", card="BB-A-N7A", cell=[2, 0], turn=0)
    assert (sound, words) == ("wrong", "No fit. Neighbours are one apart. Take it back.")


@pytest.mark.parametrize("name", list(plugins()))
def test_a_game_s_lines_are_said_in_words_not_symbols(name: str) -> None:
    """Every line of a whole game of virtual players: no digit or sign left for the engine to spell."""
    game = plugins()[name]
    args = _parser().parse_args(["demo", "--game", name])
    fresh = new_game(game.demo_config(args, ["Ana", "Ben"], 7))
    said: list[Line] = []
    for _, events in game.virtual_players(fresh, 7):
        said += game.say(events, fresh.state(), "at_once")
    words = [line.words for line in said if line.words]
    assert words, f"{name} said nothing in a whole game"
    for line in words:
        assert not any(c.isdigit() or c in "<>=≠×÷/%()" for c in line), line


def test_big_bang_s_dead_hand_keeps_its_capitals_and_a_name_s() -> None:
    """``str.capitalize`` lowered the rest of the line: "Dead hand. draw three cards.", "Mckay"."""
    from station.games.big_bang.spoken import lines

    event = {"type": "dead_hand", "player": "McKay", "draw": 3}
    assert [line.words for line in lines([event], {"players": ["McKay"]}, "press")] == [
        "Dead hand. Draw three cards."]
    assert [line.words for line in lines([event], {"players": ["McKay", "Ana"]}, "press")] == [
        "McKay, dead hand. Draw three cards."]


def test_a_screen_said_keeps_its_own_stop() -> None:
    """A title that ends with "!" or "?" is not given a second stop ("Too late!. Time is up.")."""
    from station.speech.voice import say_screen

    assert say_screen("Too late!", "Time is up. This card does not count.") == (
        "Too late! Time is up. This card does not count.")
    assert say_screen("Stop it?", "3/4", "Ben") == "Ben. Stop it? Three quarters."


def test_big_bang_alone_hears_its_score_not_that_it_won() -> None:
    """Played alone, the screen says "Game over: Ana scores 26 points."; the voice said "Ana wins
    the game!" straight after "Ana is stuck", and never the score."""
    from station.games.big_bang.spoken import lines

    alone = {"type": "game_over", "scores": {"Ana": 26}, "winners": ["Ana"], "rounds": [{"Ana": 26}]}
    assert [line.words for line in lines([alone], {"players": ["Ana"]}, "press")] == [
        "Game over: Ana scores twenty-six points."]
    two = {"type": "game_over", "scores": {"Ana": 26, "Ben": 30}, "winners": ["Ben"], "rounds": []}
    assert [line.words for line in lines([two], {"players": ["Ana", "Ben"]}, "press")] == ["Ben wins the game!"]
