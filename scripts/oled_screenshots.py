"""Save the OLED screenshots in docs/img/ from the real station: a referee (real engine, a
journal in a temporary folder) driven through menus and a game, each screen as the controller
makes it: Math Wars Meta (oled-*.png), Who's Counting? (oled-wc-*.png), SUM (oled-sum-*.png),
Math Rush (oled-mr-*.png) and Big Bang (oled-bb-*.png).
Run: .venv/bin/python scripts/oled_screenshots.py"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.hardware.display import save_preview
from station.mainloop import camera_lost
from station.referee import Referee
from station.store import Journal
from station.ui.screens import render
from station.ui.views import BannerView, MenuView, View

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


class Driver:
    """A referee and its clock, driven as the station drives it: plays stamped with the time,
    screens asked for as time passes (they come and go), the game's deadlines applied."""

    def __init__(self, ref: Referee) -> None:
        self.ref, self.t = ref, 0.0

    def screen(self) -> View:
        return self.ref.screen(self.t)

    def press(self, button: str) -> View:
        self.ref.press(Press(button), self.t)
        return self.screen()

    def act(self, after: float = 0.1, **action: Any) -> View:
        """Apply ``action`` now, show its first screen, then let ``after`` seconds pass."""
        self.ref.apply({**action, "t": self.t})
        shown = self.screen()
        self.t = round(self.t + after, 2)
        return shown

    def wait(self, seconds: float, step: float = 0.5) -> View:
        """Let ``seconds`` pass in steps of ``step``: screens show one after another and the
        game's deadlines (a round's tone, a countdown's end) fire on the way."""
        end = round(self.t + seconds, 2)
        while self.t < end:
            self.t = min(round(self.t + step, 2), end)
            self.ref.advance(self.t)
            self.screen()
        return self.screen()

    def until(self, t: float, step: float = 0.25) -> View:
        """The screen at game time ``t``, time passing there as on the station."""
        return self.wait(max(t - self.t, 0.0), step)

    def set_up(self, title: str, config: dict[str, Any]) -> View:
        """The game menu's ``title`` chosen (SELECT until it is offered), its setup screen (returned),
        and the game ``config`` started at time 0, as the setup's Start would."""
        for _ in range(10):
            menu = self.screen()
            assert isinstance(menu, MenuView)
            if menu.items[menu.selected] == title:
                setup = self.press("confirm")
                self.ref.start(config, self.t)
                return setup
            self.press("select")
        raise LookupError(f"the game menu does not offer {title!r}")


@contextmanager
def station() -> Iterator[Driver]:
    """A fresh station (the default config, a journal in a temporary folder), at time 0."""
    with tempfile.TemporaryDirectory() as scratch:
        yield Driver(Referee(load_config(None, plugins()), Journal(Path(scratch) / "journal.sqlite3"), games=plugins(), seed=lambda: 1))


def math_wars_shots() -> dict[str, View]:
    with station() as table:
        shots = {"menu": table.screen()}
        table.press("confirm")
        shots["setup"] = table.press("confirm")  # 3 players
        for _ in range(5):
            table.press("select")
        shots["live"] = table.press("confirm")  # Start
        table.t = 1.0
        for player, card in (("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N4"), ("Ben", "MW-B-M3"),
                             ("Cleo", "MW-C-N18")):
            table.act(type="play", player=player, card=card, after=2.0)
        shots["live-waiting"] = table.screen()
        shots["verdict-wrong"] = table.act(type="play", player="Cleo", card="MW-A-D2", after=6.0)
        table.screen()
        shots["verdict-ok"] = table.act(type="play", player="Cleo", card="MW-C-D2", after=2.0)
        shots["hand-hidden"] = table.screen()
        shots["hand-revealed"] = table.press("confirm")
        shots["banner"] = table.press("confirm")
        table.ref.set_fault(camera_lost())
        shots["fault"] = table.screen()
    return shots


def whos_counting_shots() -> dict[str, View]:
    """A short Who's Counting? game to 100 points: a scored turn and its countdown, a broken
    expression, a red card answered with a Stop, a Choice card named, and the game's end."""
    with station() as table:
        table.ref.start({"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"], "target": 100}, 0)
        shots: dict[str, View] = {}

        def submit(t: float, player: str, *cards: str) -> None:
            table.until(t)
            table.act(type="submit", player=player, cards=[f"WC-A-{c}" for c in cards], blue=[], source="button",
                      after=0.0)

        def lay(t: float, kind: str, player: str, card: str) -> None:
            table.until(t)
            table.act(type=kind, player=player, card=f"WC-A-{card}", source="camera", after=0.0)

        submit(10, "Ana", "N3A", "MUL1", "N6A", "SUB1", "N2A")  # 3 × 6 − 2 = 16, + 25 = 41
        shots["wc-scored"] = table.until(10)
        shots["wc-counting"] = table.until(13)
        shots["wc-turn-scored"] = table.until(15.5)  # the window closed at 15
        submit(30, "Ben", "N12A", "DIV1", "N5A", "ADD1", "N3B")  # 12 ÷ 5 leaves a remainder
        shots["wc-verdict"] = table.until(30)
        submit(40, "Ben", "N12A", "ADD1", "N5A", "SUB2", "N3B")  # 12 + 5 − 3 = 14, + 25 = 39
        lay(43, "red", "Cleo", "STL1")  # a Steal: Ben's points would go to the lowest score
        shots["wc-red"] = table.until(43)
        shots["wc-answer"] = table.until(45.25)  # the answer window closes at 48
        lay(45.5, "stop", "Ben", "STOP1")
        shots["wc-stopped"] = table.until(45.5)
        shots["wc-stopped-wait"] = table.until(47.6)
        shots["wc-live"] = table.until(60)  # Ben kept his 39; Cleo's turn
        submit(70, "Cleo", "N10A", "MUL2", "CHO1", "ADD2", "N7A")  # 10 × Choice + 7
        shots["wc-question"] = table.until(70)
        table.until(71)
        table.press("confirm")
        for _ in range(10):
            table.press("select")
        shots["wc-question-menu"] = table.screen()
        table.until(72)
        shots["wc-declared"] = table.press("confirm")  # the Choice is 10
        submit(73, "Cleo", "N10A", "MUL2", "CHO1", "ADD2", "N7A")  # 10 × 10 + 7 = 107, + 25 = 132
        shots["wc-game-over"] = table.until(90)  # the window closed at 78: Cleo reached 100
        shots["wc-live-over"] = table.press("confirm")
    return shots


def sum_shots() -> dict[str, View]:
    """SUM: setup, the live screen, the target, a wrong equation, the SPARE menu and its hint, a
    draw, a won equation, a wild card, the last turn and the game's end."""
    with station() as table:
        shots = {"sum-setup": table.set_up("SUM", {"game": "sum", "players": ["Ana", "Ben", "Cleo"]})}
        table.t = 1.0
        shots["sum-turn-up"] = table.screen()
        shots["sum-target"] = table.act(type="target", card="SU-A-N12A")
        shots["sum-live"] = table.wait(30)
        wrong = ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A", "SU-A-SUB1", "SU-A-N2A"]  # 3 × 4 − 2 = 10
        shots["sum-wrong"] = table.act(type="submit", player="Ana", cards=wrong)
        table.wait(30)
        shots["sum-menu"] = table.press("spare")
        for _ in range(4):
            table.press("select")
        shots["sum-hint"] = table.press("confirm")
        table.press("confirm")
        shots["sum-drew"] = table.act(type="draw", player="Ana", deck="numbers")
        table.wait(30)
        shots["sum-won"] = table.act(type="submit", player="Ana", cards=["SU-A-N2A", "SU-A-N2B", "SU-A-MUL1", "SU-A-N3A"])
        table.wait(30)
        table.act(type="target", card="SU-A-N9A")
        table.wait(30)
        shots["sum-wild"] = table.act(type="wild", player="Ben", card="SU-A-RAD1")
        table.wait(30)
        for _ in range(2):
            table.act(type="draw", player="Ben", deck="operations")
        table.act(type="end_turn", player="Ben")
        table.wait(30)
        while True:  # everyone draws two number cards a turn, until the Numbers deck is used up
            state = table.ref.state()
            assert state is not None
            player = state["turn"]
            table.act(type="draw", player=player, deck="numbers" if state["numbers_deck"] else "operations")
            if table.ref.state()["last_turn"]:  # type: ignore[index]
                break
            table.act(type="draw", player=player, deck="numbers")
            if table.ref.state()["last_turn"]:  # type: ignore[index]
                break
            table.act(type="end_turn", player=player)
            table.wait(30)
        shots["sum-last-turn"] = table.wait(2.5)
        while table.ref.state()["draws_left"]:  # type: ignore[index]
            table.act(type="draw", player=player, deck="operations")
        table.act(type="end_turn", player=player)
        shots["sum-game-over"] = table.wait(30)
    return shots


def math_rush_shots() -> dict[str, View]:
    """Math Rush: setup, the goals laid, the race, a wrong card, a goal completed, a Help card,
    the 30-second warning, the time up, a goal's score, the round's points and the game's end."""
    with station() as table:
        shots = {"mr-setup": table.set_up("Math Rush", {"game": "math-rush", "players": ["Ana", "Ben", "Cleo"]})}
        table.t = 1.0
        shots["mr-lay-goals"] = table.screen()
        for card, row in (("MR-A-G1", 1), ("MR-A-G11", 2), ("MR-A-G9", 3)):
            table.act(type="goal", card=card, row=row)
        shots["mr-ready"] = table.screen()
        table.press("confirm")
        table.wait(2.0)
        for card, row in (("MR-A-F1", 1), ("MR-A-F5", 1), ("MR-A-D3", 2), ("MR-A-F6", 3)):
            table.act(type="play", card=card, row=row, on="")
        shots["mr-wrong"] = table.act(type="play", card="MR-A-F2", row=2, on="")  # a fraction on "Decimals only"
        shots["mr-live"] = table.wait(4.0)
        table.act(type="lift", card="MR-A-F2")
        table.wait(4.0)
        shots["mr-help"] = table.act(type="help", use="clear")
        table.wait(4.0)
        shots["mr-complete"] = table.act(type="play", card="MR-A-F9", row=1, on="")
        table.wait(4.0)
        table.act(type="play", card="MR-A-D6", row=3, on="")
        shots["mr-live-later"] = table.wait(4.0)
        state = table.ref.state()
        assert state is not None
        shots["mr-warning"] = table.until(state["started_at"] + state["seconds"] - 30, step=0.5)
        while table.ref.state()["phase"] == "playing":  # type: ignore[index]
            table.wait(0.5)
        shots["mr-time-up"] = table.screen()
        shots["mr-goal-scored"] = table.wait(3.5)

        def through_the_scores() -> View:
            """CONFIRM through the round's screens, up to its points (the game's total at the end)."""
            while not (isinstance(view := table.screen(), BannerView) and view.big.endswith(("point", "points"))):
                table.press("confirm")
            return view

        shots["mr-round-points"] = through_the_scores()
        for _ in range(2):  # two more rounds: a goal each, the clock run out
            table.press("confirm")  # the points put away
            table.press("confirm")  # the next round
            table.wait(4.0)
            table.act(type="goal", card="MR-A-G5", row=1)
            table.press("confirm")
            for card in ("MR-A-F14", "MR-A-D12", "MR-A-P9"):
                table.act(type="play", card=card, row=1, on="")
            while table.ref.state()["phase"] == "playing":  # type: ignore[index]
                table.wait(5.0)
            through_the_scores()
        shots["mr-rounds"] = table.press("confirm")  # the last round's points: then the rounds and the Help bonus
        shots["mr-game-over"] = table.press("confirm")
    return shots


def big_bang_shots() -> dict[str, View]:
    """Big Bang: setup, ready, the map after a few cards, a card that does not fit, a dead hand,
    the hint, a bigger tableau, a race's map, the time up and a round's sum."""
    with station() as table:
        shots = {"bb-setup": table.set_up("Big Bang", {"game": "big-bang", "players": ["Ana"], "minutes": 5})}
        shots["bb-ready"] = table.screen()
        table.press("confirm")
        table.t = 2.0

        def play(card: str, cell: tuple[int, int], turn: int, player: str = "Ana") -> View:
            table.wait(3.0, step=3.0)
            return table.act(type="play", player=player, card=card, cell=list(cell), turn=turn, after=0.0)

        for card, cell, turn in (("BB-A-N1A", (1, 0), 180), ("BB-A-N2A", (-1, 0), 180), ("BB-A-N3A", (0, 1), 180)):
            play(card, cell, turn)
        shots["bb-live"] = table.wait(0.5)
        shots["bb-no-fit"] = play("BB-A-N6A", (2, 0), 0)
        table.wait(4.0, step=4.0)
        for card in ("BB-A-N7A", "BB-A-N6A", "BB-A-N5A"):
            table.wait(1.0, step=1.0)
            table.act(type="discard", player="Ana", card=card, after=0.0)
        shots["bb-dead-hand"] = table.screen()
        table.wait(4.0, step=4.0)
        table.press("spare")
        shots["bb-menu"] = table.press("select")  # past Cancel: the hint
        shots["bb-hint"] = table.press("confirm")
        table.press("confirm")
        for card, cell, turn in (("BB-A-N4A", (1, 1), 0), ("BB-A-N5A", (2, 1), 180), ("BB-A-N6B", (3, 1), 0),
                                 ("BB-A-N2B", (1, -1), 0), ("BB-A-N3B", (0, -1), 180), ("BB-A-N4B", (0, -2), 0),
                                 ("BB-A-N5B", (1, -2), 180), ("BB-A-N3C", (-2, 0), 0)):
            play(card, cell, turn)
        shots["bb-live-later"] = table.wait(0.5)
        while table.ref.state()["phase"] == "playing":  # type: ignore[index]
            table.wait(1.0, step=1.0)
        shots["bb-time-up"] = table.screen()
        shots["bb-round-sum"] = table.wait(3.5, step=3.5)
        table.wait(6.5, step=6.5)
        table.ref.start({"game": "big-bang", "players": ["Ana", "Ben"]}, table.t)
        table.press("confirm")
        table.t += 2.0
        for card, cell, turn, player in (("BB-A-N4A", (1, 0), 180, "Ana"), ("BB-B-N4A", (1, 0), 180, "Ben"),
                                         ("BB-B-N5A", (2, 0), 0, "Ben"), ("BB-A-N3A", (-1, 0), 180, "Ana")):
            play(card, cell, turn, player)
        shots["bb-race"] = table.wait(0.5)
    return shots


def address_shots() -> dict[str, View]:
    """The first-boot screen: what to type for the teacher's page (a made-up network), the page
    open on the station only, the page off, and no network."""
    from station.network import Address, Page, address_view

    here = [Address("wlan0", "192.168.1.23")]
    return {"address": address_view(here, Page("0.0.0.0", 8080)),
            "address-local": address_view(here, Page("127.0.0.1", 8080)),
            "address-page-off": address_view(here, None),
            "address-offline": address_view([], Page("0.0.0.0", 8080))}


def main() -> None:
    shots = {**address_shots(), **math_wars_shots(), **whos_counting_shots(), **sum_shots(), **math_rush_shots(),
             **big_bang_shots()}
    for name, view in shots.items():
        save_preview(render(view), OUT / f"oled-{name}.png")
        print(f"docs/img/oled-{name}.png: {type(view).__name__}")


if __name__ == "__main__":
    main()
