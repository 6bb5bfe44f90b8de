"""Save the OLED screenshots in docs/img/ from the real station: a referee (real engine, a
journal in a temporary folder) driven through menus and a game, each screen as the controller
makes it: Math Wars Meta (oled-*.png), Who's Counting? (oled-wc-*.png), SUM (oled-sum-*.png) and
Math Rush (oled-mr-*.png) and Big Bang (oled-bb-*.png).
Run: .venv/bin/python scripts/oled_screenshots.py"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from station.config import load_config
from station.hardware.buttons import Press
from station.hardware.display import save_preview
from station.mainloop import CAMERA_LOST
from station.referee import Referee
from station.store import Journal
from station.ui.screens import render
from station.ui.views import BannerView, MenuView, View

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


def math_wars_shots() -> dict[str, View]:
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        shots = {}
        shots["menu"] = ref.screen(0)
        ref.press(Press("confirm"), 0)
        ref.press(Press("confirm"), 0)  # 3 players
        shots["setup"] = ref.screen(0)
        for _ in range(5):
            ref.press(Press("select"), 0)
        ref.press(Press("confirm"), 0)  # Start
        shots["live"] = ref.screen(0)
        t = 1.0
        plays = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N4"), ("Ben", "MW-B-M3"), ("Cleo", "MW-C-N18")]
        for player, card in plays:
            ref.apply({"type": "play", "t": t, "player": player, "card": card})
            ref.screen(t)
            t += 2
        shots["live-waiting"] = ref.screen(t)
        ref.apply({"type": "play", "t": t, "player": "Cleo", "card": "MW-A-D2"})
        shots["verdict-wrong"] = ref.screen(t)
        t += 6
        ref.screen(t)
        ref.apply({"type": "play", "t": t, "player": "Cleo", "card": "MW-C-D2"})
        shots["verdict-ok"] = ref.screen(t)
        t += 2
        shots["hand-hidden"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        shots["hand-revealed"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        shots["banner"] = ref.screen(t)
        ref.set_fault(CAMERA_LOST)
        shots["fault"] = ref.screen(t)
    return shots


def whos_counting_shots() -> dict[str, View]:
    """A short Who's Counting? game to 100 points: a scored turn and its countdown, a broken
    expression, a red card answered with a Stop, a Choice card named, and the game's end."""
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        ref.start({"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"], "target": 100}, 0)
        shots: dict[str, View] = {}
        clock = [0.0]

        def at(t: float) -> View:
            """The screen at ``t``, time running there as on the station (screens come and go,
            the game's deadlines fire)."""
            while clock[0] < t:
                clock[0] = min(round(clock[0] + 0.25, 2), t)
                ref.advance(clock[0])
                ref.screen(clock[0])
            return ref.screen(t)

        def submit(t: float, player: str, *cards: str) -> None:
            at(t)
            ref.apply({"type": "submit", "t": t, "player": player, "cards": [f"WC-A-{c}" for c in cards], "blue": [],
                       "source": "button"})

        def lay(t: float, kind: str, player: str, card: str) -> None:
            at(t)
            ref.apply({"type": kind, "t": t, "player": player, "card": f"WC-A-{card}", "source": "camera"})

        def press(t: float, button: str) -> None:
            at(t)
            ref.press(Press(button), t)

        submit(10, "Ana", "N3A", "MUL1", "N6A", "SUB1", "N2A")  # 3 × 6 − 2 = 16, + 25 = 41
        shots["wc-scored"] = at(10)
        shots["wc-counting"] = at(13)
        shots["wc-turn-scored"] = at(15.5)  # the window closed at 15
        submit(30, "Ben", "N12A", "DIV1", "N5A", "ADD1", "N3B")  # 12 ÷ 5 leaves a remainder
        shots["wc-verdict"] = at(30)
        submit(40, "Ben", "N12A", "ADD1", "N5A", "SUB2", "N3B")  # 12 + 5 − 3 = 14, + 25 = 39
        lay(43, "red", "Cleo", "STL1")  # a Steal: Ben's points would go to the lowest score
        shots["wc-red"] = at(43)
        shots["wc-answer"] = at(45.25)  # the answer window closes at 48
        lay(45.5, "stop", "Ben", "STOP1")
        shots["wc-stopped"] = at(45.5)
        shots["wc-stopped-wait"] = at(47.6)
        shots["wc-live"] = at(60)  # Ben kept his 39; Cleo's turn
        submit(70, "Cleo", "N10A", "MUL2", "CHO1", "ADD2", "N7A")  # 10 × Choice + 7
        shots["wc-question"] = at(70)
        press(71, "confirm")
        for _ in range(10):
            press(71, "select")
        shots["wc-question-menu"] = at(71)
        press(72, "confirm")  # the Choice is 10
        shots["wc-declared"] = at(72)
        submit(73, "Cleo", "N10A", "MUL2", "CHO1", "ADD2", "N7A")  # 10 × 10 + 7 = 107, + 25 = 132
        shots["wc-game-over"] = at(90)  # the window closed at 78: Cleo reached 100
        press(90, "confirm")
        shots["wc-live-over"] = at(90)
    return shots


def choose(ref: Referee, title: str) -> None:
    """SELECT on the game menu until it offers ``title`` (the menu starts at the station's game)."""
    for _ in range(10):
        menu = ref.screen(0)
        assert isinstance(menu, MenuView)
        if menu.items[menu.selected] == title:
            return
        ref.press(Press("select"), 0)
    raise LookupError(f"the game menu does not offer {title!r}")


def sum_shots() -> dict[str, View]:
    """SUM: setup, the live screen, the target, a wrong equation, the SPARE menu and its hint, a
    draw, a won equation, a wild card, the last turn and the game's end."""
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        shots: dict[str, View] = {}
        choose(ref, "SUM")
        ref.press(Press("confirm"), 0)
        shots["sum-setup"] = ref.screen(0)
        ref.start({"game": "sum", "players": ["Ana", "Ben", "Cleo"]}, 0)
        t = 1.0

        def play(action: dict[str, Any]) -> None:
            nonlocal t
            ref.apply({**action, "t": t})
            ref.screen(t)  # the play's first screen starts showing
            t += 0.1

        def later(seconds: float = 30.0) -> View:
            """Let the screens queued so far show, one after another."""
            nonlocal t
            for _ in range(int(seconds * 2)):
                t += 0.5
                ref.screen(t)
            return ref.screen(t)

        shots["sum-turn-up"] = ref.screen(t)
        play({"type": "target", "card": "SU-A-N12A"})
        shots["sum-target"] = ref.screen(t)
        shots["sum-live"] = later()
        wrong = ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A", "SU-A-SUB1", "SU-A-N2A"]  # 3 × 4 − 2 = 10
        play({"type": "submit", "player": "Ana", "cards": wrong})
        shots["sum-wrong"] = ref.screen(t)
        later()
        ref.press(Press("spare"), t)
        shots["sum-menu"] = ref.screen(t)
        for _ in range(4):
            ref.press(Press("select"), t)
        ref.press(Press("confirm"), t)
        shots["sum-hint"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        play({"type": "draw", "player": "Ana", "deck": "numbers"})
        shots["sum-drew"] = ref.screen(t)
        later()
        play({"type": "submit", "player": "Ana", "cards": ["SU-A-N2A", "SU-A-N2B", "SU-A-MUL1", "SU-A-N3A"]})
        shots["sum-won"] = ref.screen(t)
        later()
        play({"type": "target", "card": "SU-A-N9A"})
        later()
        play({"type": "wild", "player": "Ben", "card": "SU-A-RAD1"})
        shots["sum-wild"] = ref.screen(t)
        later()
        for _ in range(2):
            play({"type": "draw", "player": "Ben", "deck": "operations"})
        play({"type": "end_turn", "player": "Ben"})
        later()
        while True:  # everyone draws two number cards a turn, until the Numbers deck is used up
            state = ref.state()
            assert state is not None
            player = state["turn"]
            play({"type": "draw", "player": player, "deck": "numbers" if state["numbers_deck"] else "operations"})
            if ref.state()["last_turn"]:  # type: ignore[index]
                break
            play({"type": "draw", "player": player, "deck": "numbers"})
            if ref.state()["last_turn"]:  # type: ignore[index]
                break
            play({"type": "end_turn", "player": player})
            later()
        shots["sum-last-turn"] = later(2.5)
        while ref.state()["draws_left"]:  # type: ignore[index]
            play({"type": "draw", "player": player, "deck": "operations"})
        play({"type": "end_turn", "player": player})
        shots["sum-game-over"] = later()
    return shots


def math_rush_shots() -> dict[str, View]:
    """Math Rush: setup, the goals laid, the race, a wrong card, a goal completed, a Help card,
    the 30-second warning, the time up, a goal's score, the round's points and the game's end."""
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        shots: dict[str, View] = {}
        choose(ref, "Math Rush")
        ref.press(Press("confirm"), 0)
        shots["mr-setup"] = ref.screen(0)
        ref.start({"game": "math-rush", "players": ["Ana", "Ben", "Cleo"]}, 0)
        t = 1.0

        def play(action: dict[str, Any]) -> None:
            nonlocal t
            ref.apply({**action, "t": t})
            ref.screen(t)
            t = round(t + 0.1, 2)

        def later(seconds: float) -> View:
            nonlocal t
            for _ in range(int(seconds * 2)):
                t = round(t + 0.5, 2)
                ref.advance(t)  # the game's clock: the warning and the time up come from here
                ref.screen(t)
            return ref.screen(t)

        shots["mr-lay-goals"] = ref.screen(t)
        for card, row in (("MR-A-G1", 1), ("MR-A-G11", 2), ("MR-A-G9", 3)):
            play({"type": "goal", "card": card, "row": row})
        shots["mr-ready"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        later(2.0)
        for card, row in (("MR-A-F1", 1), ("MR-A-F5", 1), ("MR-A-D3", 2), ("MR-A-F6", 3)):
            play({"type": "play", "card": card, "row": row, "on": ""})
        play({"type": "play", "card": "MR-A-F2", "row": 2, "on": ""})  # a fraction on "Decimals only"
        shots["mr-wrong"] = ref.screen(t)
        shots["mr-live"] = later(4.0)
        play({"type": "lift", "card": "MR-A-F2"})
        later(4.0)
        play({"type": "help", "use": "clear"})
        shots["mr-help"] = ref.screen(t)
        later(4.0)
        play({"type": "play", "card": "MR-A-F9", "row": 1, "on": ""})
        shots["mr-complete"] = ref.screen(t)
        later(4.0)
        play({"type": "play", "card": "MR-A-D6", "row": 3, "on": ""})
        shots["mr-live-later"] = later(4.0)
        state = ref.state()
        assert state is not None
        warning_at = state["started_at"] + state["seconds"] - 30
        while t < warning_at:
            later(0.5)
        shots["mr-warning"] = ref.screen(t)
        while ref.state()["phase"] == "playing":  # type: ignore[index]
            later(0.5)
        shots["mr-time-up"] = ref.screen(t)
        shots["mr-goal-scored"] = later(3.5)

        def through_the_scores() -> View:
            """CONFIRM through the round's screens, up to its points (the game's total at the end)."""
            while not (isinstance(view := ref.screen(t), BannerView) and view.big.endswith(("point", "points"))):
                ref.press(Press("confirm"), t)
            return view

        shots["mr-round-points"] = through_the_scores()
        for _ in range(2):  # two more rounds: a goal each, the clock run out
            ref.press(Press("confirm"), t)  # the points put away
            ref.press(Press("confirm"), t)  # the next round
            later(4.0)
            play({"type": "goal", "card": "MR-A-G5", "row": 1})
            ref.press(Press("confirm"), t)
            for card in ("MR-A-F14", "MR-A-D12", "MR-A-P9"):
                play({"type": "play", "card": card, "row": 1, "on": ""})
            while ref.state()["phase"] == "playing":  # type: ignore[index]
                later(5.0)
            through_the_scores()
        ref.press(Press("confirm"), t)  # the last round's points: then the rounds and the Help bonus
        shots["mr-rounds"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        shots["mr-game-over"] = ref.screen(t)
    return shots


def big_bang_shots() -> dict[str, View]:
    """Big Bang: setup, ready, the map after a few cards, a card that does not fit, a dead hand,
    the hint, a bigger tableau, a race's map, the time up and a round's sum."""
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        shots: dict[str, View] = {}
        choose(ref, "Big Bang")
        ref.press(Press("confirm"), 0)
        shots["bb-setup"] = ref.screen(0)
        ref.start({"game": "big-bang", "players": ["Ana"], "minutes": 5}, 0)
        shots["bb-ready"] = ref.screen(0)
        ref.press(Press("confirm"), 0)
        t = 2.0

        def play(card: str, cell: tuple[int, int], turn: int, player: str = "Ana") -> View:
            nonlocal t
            t = round(t + 3.0, 2)
            ref.apply({"type": "play", "t": t, "player": player, "card": card, "cell": list(cell), "turn": turn})
            return ref.screen(t)

        for card, cell, turn in (("BB-A-N1A", (1, 0), 180), ("BB-A-N2A", (-1, 0), 180), ("BB-A-N3A", (0, 1), 180)):
            play(card, cell, turn)
        shots["bb-live"] = ref.screen(t + 0.5)
        shots["bb-no-fit"] = play("BB-A-N6A", (2, 0), 0)
        t += 4.0
        for card in ("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"):
            t += 1.0
            ref.apply({"type": "discard", "t": t, "player": "Ana", "card": card})
        shots["bb-dead-hand"] = ref.screen(t)
        t += 4.0
        ref.screen(t)
        ref.press(Press("spare"), t)
        ref.press(Press("select"), t)  # past Cancel: the hint
        shots["bb-menu"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        shots["bb-hint"] = ref.screen(t)
        ref.press(Press("confirm"), t)
        for card, cell, turn in (("BB-A-N4A", (1, 1), 0), ("BB-A-N5A", (2, 1), 180), ("BB-A-N6B", (3, 1), 0),
                                 ("BB-A-N2B", (1, -1), 0), ("BB-A-N3B", (0, -1), 180), ("BB-A-N4B", (0, -2), 0),
                                 ("BB-A-N5B", (1, -2), 180), ("BB-A-N3C", (-2, 0), 0)):
            play(card, cell, turn)
        shots["bb-live-later"] = ref.screen(t + 0.5)
        while ref.state()["phase"] == "playing":  # type: ignore[index]
            t += 1.0
            ref.advance(t)
            ref.screen(t)
        shots["bb-time-up"] = ref.screen(t)
        shots["bb-round-sum"] = ref.screen(t + 3.5)
        ref.start({"game": "big-bang", "players": ["Ana", "Ben"]}, t + 10)
        ref.press(Press("confirm"), t + 10)
        t += 12.0
        for card, cell, turn, player in (("BB-A-N4A", (1, 0), 180, "Ana"), ("BB-B-N4A", (1, 0), 180, "Ben"),
                                         ("BB-B-N5A", (2, 0), 0, "Ben"), ("BB-A-N3A", (-1, 0), 180, "Ana")):
            play(card, cell, turn, player)
        shots["bb-race"] = ref.screen(t + 0.5)
    return shots


def address_shots() -> dict[str, View]:
    """The first-boot screen: the station's address (a made-up network) and with no network."""
    from station.network import Address, address_view

    return {"address": address_view([Address("wlan0", "192.168.1.23")], "mathstation"),
            "address-offline": address_view([], "mathstation")}


def main() -> None:
    shots = {**address_shots(), **math_wars_shots(), **whos_counting_shots(), **sum_shots(), **math_rush_shots(), **big_bang_shots()}
    for name, view in shots.items():
        save_preview(render(view), OUT / f"oled-{name}.png")
        print(f"docs/img/oled-{name}.png: {type(view).__name__}")


if __name__ == "__main__":
    main()
