"""Save the OLED screenshots in docs/img/ from the real station: a referee (real engine, a
journal in a temporary folder) driven through menus and a game, each screen as the controller
makes it. Run: .venv/bin/python scripts/oled_screenshots.py"""

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
from station.ui.views import MenuView, View

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        ref = Referee(load_config(None), Journal(Path(scratch) / "journal.sqlite3"), seed=lambda: 1)
        shots = {}
        choose(ref, "Math Wars Meta")
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
    save(shots)
    sum_screens()


def choose(ref: Referee, title: str) -> None:
    """SELECT on the game menu until it offers ``title`` (the menu starts at the station's game)."""
    for _ in range(10):
        menu = ref.screen(0)
        assert isinstance(menu, MenuView)
        if menu.items[menu.selected] == title:
            return
        ref.press(Press("select"), 0)
    raise LookupError(f"the game menu does not offer {title!r}")


def save(shots: dict[str, View]) -> None:
    for name, view in shots.items():
        save_preview(render(view), OUT / f"oled-{name}.png")
        print(f"docs/img/oled-{name}.png: {type(view).__name__}")


def sum_screens() -> None:
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
    save(shots)


if __name__ == "__main__":
    main()
