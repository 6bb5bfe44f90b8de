"""SUM on the virtual table: the demo's table script (a whole game, turn by turn, as a scenario)
and the still table the ``virtual`` camera shows.

The target is put in the target box when the game needs one. A player's equation is laid card by
card along the strip in the direction the cards face them (each card a little over the last, its
top-left code in view), then CONFIRM; a wrong one is taken back into the hand, a right one's
cards leave the table (its number cards to the player's pile, its operations into the deck) with
the target it won. A wild card lands in the wild box and goes back into the deck. DRAW and End
turn are the SPARE button's menu. Every press waits until the screens of the last play have
shown. The players' own referee keeps the expected game, so the demo can say whether the station
judged every play the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.sum import Sum
from station.sim.scenario import Scenario, Step
from station.sim.strips import strip_spots
from station.games.sum.players import SumTablePlayers
from station.sim.virtual_table import PlacedCard, Scene
from station.table.mat import MatLayout, mat_layout
from station.games.sum import screens as screens
from station.games.sum.words import WORDS

SETTLE = 0.8  # seconds after a card is put down in a box: the camera sees it land
LAY = 0.4  # seconds after each card of an equation
SPILL_MM = 38.0  # the last card of a long equation may lie a little over the box beside the strip
AFTER_SCREENS = 0.6  # seconds of slack after the screens a play calls for, before the next press


class _Script:
    """The steps of a scenario, numbered as they are added."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, kind: str, value: Any, **options: Any) -> None:
        self.steps.append(Step(kind, value, options, len(self.steps) + 1))

    def clear(self, cards: list[str]) -> None:
        """Take cards off the table; the last removal waits until the camera is sure they are gone."""
        for index, card in enumerate(cards):
            self.add("remove", card, settle=3.5 if index == len(cards) - 1 else 0.2)

    def menu(self, choice: int) -> None:
        """SPARE, then SELECT down to the menu's answer ``choice`` (0 is Cancel), then CONFIRM."""
        self.add("press", "spare", settle=0.4)
        for _ in range(choice):
            self.add("press", "select", settle=0.2)
        self.add("press", "confirm", settle=0.6)


def demo_scenario(config: Mapping[str, Any], seed: int) -> tuple[Scenario, Sum]:
    """The scenario and the virtual players' own finished game (the expected outcome)."""
    shadow = Sum(config)
    seats = {name: index + 1 for index, name in enumerate(shadow.seats())}
    mat = mat_layout("sum", len(seats))
    script = _Script()
    target: str | None = None
    before = shadow.state()
    for action, events in SumTablePlayers(shadow, seed).actions():
        kind = action["type"]
        facing = mat.seat_zones(seats[action["player"]])[0].facing if "player" in action else 0
        if kind == "target":
            target = action["card"]
            script.add("place", target, zone="target", settle=SETTLE)
        elif kind == "submit":
            cards = action["cards"]
            for card, (x, y) in zip(cards, strip_spots(mat, facing, len(cards), spill=SPILL_MM)):
                script.add("place", card, at=[x, y], angle=facing, settle=LAY)
            script.add("press", "confirm", settle=0.6)
        elif kind == "wild":
            script.add("place", action["card"], zone="wild", angle=facing, settle=SETTLE)
        else:  # draw, end_turn: the SPARE menu
            script.menu(_menu_answer(before, action))
        script.add("wait", _screens_seconds(events, shadow.state()) + AFTER_SCREENS)
        if kind == "submit" and any(e["type"] == "equation_won" for e in events):
            assert target is not None
            script.clear([*action["cards"], target])  # to the player's pile, into the deck; the target is won
            target = None
        elif kind == "submit":
            script.clear(action["cards"])  # taken back into the hand
        elif kind == "wild":
            script.clear([action["card"]])  # back into the Operations deck
        before = shadow.state()
    script.add("wait", 3.0)
    return Scenario(WORDS.gettext("Demo: SUM, seed {seed}", seed=seed), tuple(script.steps), game=dict(config), seed=seed), shadow


def _menu_answer(state: Mapping[str, Any], action: Mapping[str, Any]) -> int:
    """Where the SPARE menu offers ``action`` when the game is at ``state`` (0 is Cancel)."""
    menu = screens.menu(state)
    assert menu is not None, "no menu when the game is over"
    wanted = {key: value for key, value in action.items() if key != "t"}
    for index, (_, answer) in enumerate(menu.choices, start=1):
        if answer == wanted:
            return index
    raise ValueError(f"the SPARE menu does not offer {wanted} ({[label for label, _ in menu.choices]})")


def _screens_seconds(events: list[dict[str, Any]], state: Mapping[str, Any]) -> float:
    """How long the screens these events call for stay up, one after another (the game's last
    screen waits for a press: it counts as nothing here)."""
    return sum(o.seconds or 0.0 for o in screens.overlays(events, state, "press"))


def demo_scene(seed: int = 0) -> Scene:
    """The 3-seat mat mid-turn: the target 12 in its box, "2 2 × 3" laid on the strip (a pair),
    a Rotation in the wild box, and a card in Ana's pile of won cards."""
    mat = mat_layout("sum", 3)
    equation = ["SU-A-N2A", "SU-A-N2B", "SU-A-MUL1", "SU-A-N3A"]
    placed = [PlacedCard("SU-A-N12A", *mat.zone("target").center)]
    placed += [PlacedCard(card, x, y) for card, (x, y) in zip(equation, strip_spots(mat, 0, len(equation)))]
    placed += [PlacedCard("SU-A-ROT1", *mat.zone("wild").center), PlacedCard("SU-A-N7C", *_won_pile(mat, 1))]
    return Scene(mat, tuple(placed), seed=seed)


def _won_pile(mat: MatLayout, seat: int) -> tuple[float, float]:
    return mat.zone(f"seat{seat}.won").center
