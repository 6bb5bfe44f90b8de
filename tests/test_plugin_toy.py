"""A game is a plug-in: Toy Sum (tests/toy_game) joins the station through its one registry line
and is refereed, journaled, resumed, summed up in the history, simulated on rendered frames and
demonstrated, without a line of engine/ or station/ naming it — and without Math Wars."""

from __future__ import annotations

from pathlib import Path

import pytest
import toy_game

from engine.catalog import load_catalog
from engine.games import GAMES
from engine.rules import new_game, replay
from station.cli import main
from station.config import check_config
from station.games import playable, plugin, plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.store import Journal, summarise
from station.table.mat import identify_mat, mat_layout
from station.ui.views import LiveView, MenuView, SetupView

CONFIRM, SELECT = Press("confirm"), Press("select")


@pytest.fixture
def toy():
    GAMES.register(toy_game.INFO)
    try:
        yield plugin("toy")
    finally:
        GAMES.unregister("toy")


class Lying:
    """A card the tracker reports lying on the table."""

    def __init__(self, card_id: str, x: float, y: float) -> None:
        self.card_id, self.x, self.y, self.angle, self.covered = card_id, x, y, 0.0, False


def referee(tmp_path: Path, **station: object) -> Referee:
    config = check_config({"station": {"game": "toy", **station}}, Path("(test)"), plugins())
    return Referee(config, Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 5)


def lay(ref: Referee, now: float, *cards: tuple[str, float]) -> None:
    """The tracker sees ``cards`` lying along the strip (card, x mm), placed this frame."""
    snapshot = [Lying(card, x, 100.0) for card, x in cards]
    events = [{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": 0.0} for c in snapshot]
    ref.table_events(events, mat_layout("toy", 2), now, snapshot)


def test_one_registry_line_makes_every_shared_part_know_the_game(toy):
    assert playable()[-1] == "toy"
    assert [c.id for c in load_catalog().game("toy").cards()][:2] == ["TY-A-N1", "TY-A-N2"]
    config = check_config({"station": {"game": "toy"}, "toy": {"target": 12}}, Path("(test)"), plugins())
    assert config["toy"]["target"] == 12 and config["toy"]["names"][:2] == ["Ana", "Ben"]
    assert identify_mat([161 + 4]) == ("toy", 2) and mat_layout("toy", 3).zone("strip").role == "strip"


def test_without_its_line_the_game_is_unknown_everywhere():
    assert "toy" not in playable()
    with pytest.raises(ValueError, match="unknown game 'toy'"):
        new_game({"game": "toy", "players": ["Ana", "Ben"]})
    assert identify_mat([165]) is None


def test_a_plug_in_goes_with_its_registry_line():
    GAMES.register(toy_game.INFO)
    try:
        assert plugin("toy").title == "Toy Sum"
    finally:
        GAMES.unregister("toy")
    with pytest.raises(ValueError, match="unknown game 'toy'"):
        plugin("toy")   # not the plug-in found while the line was there


def test_the_demo_story_tells_the_games_own_events_in_its_own_sentences(toy):
    tell = toy.story(new_game({"game": "toy", "players": ["Ana", "Ben"]}))
    assert tell({"type": "scored", "player": "Ana", "expression": "4 + 6", "points": 1, "t": 3}) == [
        "  Ana makes 10 with 4 + 6."]
    assert tell({"type": "turn", "player": "Ben", "t": 3}) == []   # not one of its story events


def test_from_the_menu_to_game_over_the_strip_is_read_in_the_order_the_cards_lie(toy, tmp_path):
    ref = referee(tmp_path)
    menu = ref.screen(0.0)
    assert isinstance(menu, MenuView) and menu.items[menu.selected] == "Toy Sum"
    ref.press(CONFIRM, 0.0)
    assert isinstance(ref.screen(0.0), SetupView)
    ref.press(SELECT, 0.0), ref.press(SELECT, 0.0), ref.press(SELECT, 0.0), ref.press(CONFIRM, 0.0)  # to Start (past Language), start
    assert ref.game is not None and ref.game.seats() == ("Ana", "Ben")
    live = ref.screen(0.5)
    assert isinstance(live, LiveView) and live.headline == "Ana: make 10"
    # laid right to left: the strip is still read left to right
    lay(ref, 1.0, ("TY-A-N6", 310.0), ("TY-A-PLUS", 210.0), ("TY-A-N4", 110.0))
    ref.press(CONFIRM, 2.0)
    submitted = ref.journal.current_game().actions[-1]
    assert submitted == {"type": "submit", "t": 2.0, "player": "Ana", "cards": ["TY-A-N4", "TY-A-PLUS", "TY-A-N6"],
                         "source": "button"}
    assert ref.game.outcome().scores == {"Ana": 1, "Ben": 0}
    assert ref.screen(2.0).title == "Ana"  # the verdict: Ana made it
    assert ref.screen(4.5).headline == "Ben: make 10"
    ref.press(Press("spare"), 4.5)  # the game's menu: Pass
    assert ref.screen(4.5).title == "Your turn"
    ref.press(SELECT, 4.5), ref.press(CONFIRM, 4.5)
    assert ref.game.turns().current == "Ana"


def test_the_round_clock_is_an_action_journaled_at_its_own_time(toy, tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=100.0)
    ref.advance(120.0)
    assert not ref.game.outcome().over
    ref.advance(150.5)  # 50.5 s of play: the clock ran out at 30
    stored = ref.journal.current_game() or ref.journal.games()[0]
    assert stored.actions == [{"type": "time_up", "t": 30, "source": "clock"}]
    assert ref.game.outcome().over
    again, _ = replay(stored.config, stored.actions)
    assert again.outcome() == ref.game.outcome()


def test_an_action_after_the_deadline_comes_after_the_clock_in_the_journal(toy, tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=0.0)
    lay(ref, 1.0, ("TY-A-N4", 110.0), ("TY-A-PLUS", 210.0), ("TY-A-N6", 310.0))
    ref.press(CONFIRM, 31.0)  # pressed after the time was up, before a tick noticed
    actions = ref.journal.games()[0].actions
    assert [a["type"] for a in actions] == ["time_up", "submit"] and actions[0]["t"] == 30
    assert ref.game.outcome().scores == {"Ana": 0, "Ben": 0}


def test_a_restart_resumes_the_game_its_clock_and_what_lies_on_the_strip(toy, tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "toy", "players": ["Ana", "Ben"], "seconds": 30}, now=0.0)
    lay(ref, 1.0, ("TY-A-N4", 110.0), ("TY-A-PLUS", 210.0), ("TY-A-N6", 310.0))
    ref.press(CONFIRM, 5.0)
    ref.journal.close()
    back = referee(tmp_path)
    assert back.resume(now=1000.0) and back.game.outcome().scores == {"Ana": 1, "Ben": 0}
    assert back.game_time(1010.0) == 15.0  # the game's clock goes on from the last action
    assert back.adapter._standing == {"TY-A-N4", "TY-A-PLUS", "TY-A-N6"}  # the strip the game knows stands
    back.advance(1026.0)
    assert back.game.outcome().over and back.journal.games()[0].actions[-1]["t"] == 30


def test_the_history_sums_up_the_game_with_its_own_measures(toy, tmp_path):
    with Journal(tmp_path / "journal.sqlite3") as journal:
        game = new_game({"game": "toy", "players": ["Ana", "Ben"]})
        game_id = journal.start_game(game.config)
        for action, _ in toy.virtual_players(game, seed=3):
            journal.append(game_id, action)
        journal.finish(game_id)
        summary = summarise(journal.game(game_id), plugins())
    assert summary.winner == "Ana" and summary.scores == {"Ana": 3, "Ben": 2}
    assert summary.measures == {"points": {"Ana": 3, "Ben": 2}, "turns": 4}
    assert summary.players == ["Ana", "Ben"] and summary.problem is None


def test_undo_takes_back_the_last_action_not_the_first(toy, tmp_path):
    ref = referee(tmp_path)
    ref.start({"game": "toy", "players": ["Ana", "Ben"]}, now=0.0)
    ref.apply({"type": "submit", "t": 1.0, "player": "Ana", "cards": ["TY-A-N4", "TY-A-PLUS", "TY-A-N6"]})
    ref.apply({"type": "pass", "t": 2.0, "player": "Ben"})
    ref.undo()
    assert [a["type"] for a in ref.journal.current_game().actions] == ["submit"]
    assert ref.game.turns().current == "Ben" and ref.game.outcome().scores["Ana"] == 1


def test_the_demo_plays_the_toy_game_on_rendered_frames_and_agrees_with_its_players(toy, capsys):
    assert main(["demo", "--game", "toy", "--quiet", "--pace", "0", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Demo: Toy Sum" in out and "Ana makes 10 with 4 + 6." in out
    assert "read and judged all 5 plays exactly as the players' own referee did" in out
    assert main(["demo", "--game", "toy", "--text", "--seed", "3"]) == 0
    assert "Game over (points): Ana won." in capsys.readouterr().out


def test_a_recorded_demo_keeps_the_games_own_pace_and_ends_on_its_last_screen(toy, tmp_path, capsys):
    from PIL import Image, ImageChops, ImageSequence

    from station.hardware.display import preview
    from station.ui.screens import render
    from station.ui.views import BannerView

    gif = tmp_path / "demo.gif"
    assert main(["demo", "--game", "toy", "--quiet", "--pace", "0", "--seed", "3", "--screens", str(gif)]) == 0
    assert f"saved in {gif}" in capsys.readouterr().out
    frames = list(ImageSequence.Iterator(Image.open(gif)))
    seconds = sum(frame.info["duration"] for frame in frames[:-1]) / 1000
    assert seconds > 25  # five turns of laying three cards, confirming and clearing, at the table's pace
    final = preview(render(BannerView("Game over", "Ana", (), "CONFIRM: new game"))).convert("RGB")
    assert ImageChops.difference(frames[-1].convert("RGB"), final).getbbox() is None
