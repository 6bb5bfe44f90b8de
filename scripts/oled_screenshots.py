"""Save the OLED screenshots in docs/img/ from the real station: a referee (real engine, a
journal in a temporary folder) driven through menus and a game, each screen as the controller
makes it. Run: .venv/bin/python scripts/oled_screenshots.py"""

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

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


def main() -> None:
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
    for name, view in shots.items():
        save_preview(render(view), OUT / f"oled-{name}.png")
        print(f"docs/img/oled-{name}.png: {type(view).__name__}")


if __name__ == "__main__":
    main()
