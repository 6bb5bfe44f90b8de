"""Save the OLED screenshots in docs/img/ from the real station: a referee (real engine, a
journal in a temporary folder) driven through menus and a game, each screen as the controller
makes it: Math Wars Meta (oled-*.png) and Who's Counting? (oled-wc-*.png).
Run: .venv/bin/python scripts/oled_screenshots.py"""

from __future__ import annotations

import tempfile
from pathlib import Path

from station.config import load_config
from station.hardware.buttons import Press
from station.hardware.display import save_preview
from station.mainloop import CAMERA_LOST
from station.referee import Referee
from station.store import Journal
from station.ui.screens import render
from station.ui.views import View

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


def main() -> None:
    for name, view in {**math_wars_shots(), **whos_counting_shots()}.items():
        save_preview(render(view), OUT / f"oled-{name}.png")
        print(f"docs/img/oled-{name}.png: {type(view).__name__}")


if __name__ == "__main__":
    main()
