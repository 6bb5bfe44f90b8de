"""Who's Counting? on the virtual table: the demo's table script (a whole game, turn by turn, as a
scenario) and the still table the ``virtual`` camera shows.

Each virtual player's expression is laid card by card along the strip, in the direction the
cards face the player (each card a little over the last, its top-left code in view), blue cards
in the blue box, then CONFIRM; an opponent's red card lands in their red box during the window,
a Stop in the blue box; the cards are cleared when the turn is scored. Trades and passes are the
SPARE button's menu. The players' own referee keeps the expected game, so the demo can say
whether the station judged every play the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.whos_counting import WhosCounting
from station.sim.scenario import Scenario, Step
from station.sim.strips import strip_spots
from station.sim.virtual_table import PlacedCard, Scene
from station.games.whos_counting.players import CountingTable
from station.games.whos_counting.words import WORDS
from station.table.mat import MatLayout, mat_layout

SETTLE = 0.8  # seconds after each card is put down


def demo_scenario(config: Mapping[str, Any], seed: int) -> tuple[Scenario, WhosCounting]:
    """The scenario and the virtual players' own finished game (the expected outcome)."""
    shadow = WhosCounting(config)
    seats = {name: index + 1 for index, name in enumerate(shadow.seats())}
    mat = mat_layout("whos-counting", len(seats))
    window = float(shadow.rules.window)
    steps: list[Step] = []

    def add(kind: str, value: Any, **options: Any) -> None:
        steps.append(Step(kind, value, options, len(steps) + 1))

    for action, events in CountingTable(shadow, seed).actions():
        kind = action["type"]
        if kind == "submit":
            facing = mat.seat_zones(seats[action["player"]])[0].facing
            for card, (x, y) in zip(action["cards"], strip_spots(mat, facing, len(action["cards"]))):
                add("place", card, at=(x, y), angle=facing, settle=SETTLE)
            for index, card in enumerate(action["blue"]):
                add("place", card, at=_blue_spot(mat, index), angle=facing, settle=SETTLE)
            add("press", "confirm", settle=0.6)
            if any(e["type"] == "violation" for e in events):
                add("remove", "all", settle=3.0)  # taken back to be laid again, right this time
                add("wait", 2.0)
        elif kind == "red":
            zone = mat.zone(f"seat{seats[action['player']]}.red")
            add("place", action["card"], at=zone.center, angle=zone.facing, settle=SETTLE)
        elif kind == "stop":
            add("place", action["card"], at=_blue_spot(mat, 3), angle=0.0, settle=SETTLE)
        elif kind == "window_closed":
            add("wait", window + 0.5)
            add("remove", "all")  # the turn is scored: the cards are cleared
            add("wait", 4.0)  # the scores show
        elif kind in ("trade", "pass"):
            add("press", "spare", settle=0.4)
            for _ in range(1 + (action["count"] if kind == "trade" else 0)):  # Cancel, Pass, Trade 1, Trade 2 …
                add("press", "select", settle=0.2)
            add("press", "confirm", settle=0.6)
            add("wait", 4.5)
    add("wait", 3.0)
    title = WORDS.gettext("Demo: Who's Counting?, seed {seed}", seed=seed)
    return Scenario(title, tuple(steps), game=dict(config), seed=seed), shadow


def _blue_spot(mat: MatLayout, index: int) -> tuple[float, float]:
    box = mat.zone("blue")
    x, y = box.center
    return x + 3 * index, y + 3 * index


def demo_scene(seed: int = 0) -> Scene:
    """The 3-seat mat mid-turn: an expression on the strip, a Double in the blue box, and a red
    card in Ben's box."""
    mat = mat_layout("whos-counting", 3)
    cards = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]
    placed = [PlacedCard(card, x, y) for card, (x, y) in zip(cards, strip_spots(mat, 0, len(cards)))]
    blue = mat.zone("blue").center
    red = mat.zone("seat2.red")
    placed += [PlacedCard("WC-A-DBL1", *blue), PlacedCard("WC-A-SPL1", *red.center, red.facing)]
    return Scene(mat, tuple(placed), seed=seed)
