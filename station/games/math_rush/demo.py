"""Math Rush on the virtual table: the demo's table script (three rounds, card by card, as a
scenario) and the still table the ``virtual`` camera shows.

The team's Help cards lie face up in their box from the start. Goals go in the goal column,
number cards along their row (each 50 mm right of the last, over it) or on an equal card (a
stack); a mistaken card is lifted off and a Help card turned face down; a completed goal is
turned face down and a new one laid in a free row (a completed row's cards cleared first). The
clock is the station's: the scenario waits for it. Between rounds the cards are gathered (the
used Help cards stay face down) and CONFIRM deals the next round. The players' own referee keeps
the expected game, so the demo can say whether the station judged every play the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.math_rush import MathRush
from station.games.math_rush.players import RushTable
from station.games.math_rush.words import WORDS
from station.sim.scenario import Scenario
from station.sim.table_script import TableScript
from station.sim.virtual_table import PlacedCard, Scene
from station.table.mat import MatLayout, mat_layout

CARD_STEP_MM = 50.0  # from one card of a set to the next, along its row
FIRST_CARD_MM = 48.0  # the first card's centre from the row's left edge
STACK_OFFSET_MM = 3.0  # a card laid on an equal one lies a little off it, as hands put them
SETTLE = 0.6  # seconds after a card is put down
REMOVAL = 2.8  # seconds the station needs to see a card gone (remove_after 2.5 s, and a frame or two)
FPS = 5.0
GOAL_SCREEN = 4.0  # seconds each goal shows at the end of a round (station.games.math_rush.screens.GOAL_SECONDS)


def demo_scenario(config: Mapping[str, Any], seed: int) -> tuple[Scenario, MathRush]:
    """The scenario and the virtual players' own finished game (the expected outcome)."""
    shadow = MathRush(config)
    mat = mat_layout("math-rush", 1)
    script = _Script(mat)
    players = RushTable(shadow, seed)
    for index, card in enumerate(players.help_cards):
        script.place(card, help_spot(mat, index))
    for action, events in players.actions():
        script.follow(action, events, shadow)
    script.wait(3.0)
    title = WORDS.gettext("Demo: Math Rush, seed {seed}", seed=seed)
    return Scenario(title, tuple(script.steps), game=dict(config), seed=seed, fps=FPS), shadow


class _Script(TableScript):
    """The table script, kept in step with the players' own clock: each action's physical move is
    made so that the station sees it when the players' referee did."""

    def __init__(self, mat: MatLayout) -> None:
        super().__init__(FPS)
        self.mat = mat
        self.where: dict[str, tuple[float, float]] = {}  # cards lying on the table
        self.face_down: list[str] = []  # completed goals turned over: gathered with the round's cards
        self.help_used = 0
        self.help_cards: list[str] = []

    # ---- moves -------------------------------------------------------------------------------

    def place(self, card: str, at: tuple[float, float], face_up: bool = True, seconds: float = SETTLE) -> None:
        self.add("place", card, seconds, at=at, face_up=face_up)
        if face_up:
            self.where[card] = at
            if card.split("-")[-1].startswith("H"):
                self.help_cards.append(card)
        else:
            self.where.pop(card, None)

    def remove(self, card: str, seconds: float) -> None:
        self.add("remove", card, seconds)
        self.where.pop(card, None)

    # ---- the players' actions ------------------------------------------------------------------

    def follow(self, action: Mapping[str, Any], events: list[Mapping[str, Any]], shadow: MathRush) -> None:
        kind = action["type"]
        t = shadow.actions[-1]["t"]
        if kind == "goal":
            self.until(t - SETTLE / 2)
            row = action["row"]
            for card in self._lying_in_row(row):  # a completed goal's set, cleared for the new goal
                self.remove(card, 0.2)
            self.place(action["card"], self.mat.zone(f"row{row}.goal").center)
        elif kind == "play":
            self.until(t - SETTLE / 2)
            self.place(action["card"], self._spot(action["row"], action["on"]))
            for event in events:
                if event["type"] == "goal_complete":  # turned face down
                    goal = shadow.rows[event["row"]].goal_card
                    self.place(goal, self.mat.zone(f"row{event['row']}.goal").center, face_up=False, seconds=0.4)
                    self.face_down.append(goal)
        elif kind in ("lift", "help"):
            self.until(t - REMOVAL)
            if kind == "lift":
                self.remove(action["card"], REMOVAL)
            else:
                card = self.help_cards[self.help_used]
                self.help_used += 1
                self.place(card, self.where[card], face_up=False, seconds=REMOVAL)
        elif kind in ("start", "next_round"):
            if kind == "next_round":
                for card in [*(c for c in self.where if c not in self.help_cards), *self.face_down]:
                    self.remove(card, 0.2)
                self.face_down = []
            self.until(t - 0.5)
            self.add("press", "confirm", 0.6)
        elif kind == "end_round":  # no timer: CONFIRM asks, SELECT moves past Cancel, CONFIRM answers
            self.until(t - 1.0)
            for button in ("confirm", "select", "confirm"):
                self.add("press", button, 0.2)
        if kind in ("time_up", "end_round"):
            self.until(t + 0.5)
            goals = next(len(e["goals"]) for e in events if e["type"] == "round_over")
            self.wait((3.0 if kind == "time_up" else 0.0) + GOAL_SCREEN * goals + 1.0)  # "Time is up!", each goal
            if not shadow.outcome().over:
                self.add("press", "confirm", 0.6)  # the round's points put away: the next CONFIRM deals
        # warnings come from the station's clock: nothing to do on the table

    def _lying_in_row(self, row: int) -> list[str]:
        zone = self.mat.zone(f"row{row}.set")
        return [card for card, (x, y) in self.where.items()
                if zone.x <= x <= zone.x + zone.w and zone.y <= y <= zone.y + zone.h]

    def _spot(self, row: int, on: str) -> tuple[float, float]:
        if on:
            x, y = self.where[on]
            return x + STACK_OFFSET_MM, y + STACK_OFFSET_MM
        zone = self.mat.zone(f"row{row}.set")
        ends = {round(x) for x, _ in (self.where[c] for c in self._lying_in_row(row))}
        index = 0
        while round(zone.x + FIRST_CARD_MM + index * CARD_STEP_MM) in ends:
            index += 1
        return zone.x + FIRST_CARD_MM + index * CARD_STEP_MM, zone.y + zone.h / 2


def help_spot(mat: MatLayout, index: int) -> tuple[float, float]:
    """The Help cards lie one under another in their box."""
    box = mat.zone("help")
    step = box.h / 3
    return box.x + box.w / 2, box.y + step * (index + 0.5)


def demo_scene(seed: int = 0) -> Scene:
    """The mat mid-round: three goals, sets growing (one with a stack), the Help cards in their box."""
    mat = mat_layout("math-rush", 1)
    goals = {1: "MR-A-G1", 2: "MR-A-G5", 3: "MR-A-G9"}
    sets = {1: ["MR-A-F1", "MR-A-P5", "MR-A-D9"], 2: ["MR-A-F14", "MR-A-D12"], 3: ["MR-A-F6", "MR-A-D6"]}
    placed = [PlacedCard(card, *mat.zone(f"row{row}.goal").center) for row, card in goals.items()]
    for row, cards in sets.items():
        zone = mat.zone(f"row{row}.set")
        placed += [PlacedCard(card, zone.x + FIRST_CARD_MM + k * CARD_STEP_MM, zone.y + zone.h / 2)
                   for k, card in enumerate(cards)]
    placed += [PlacedCard(f"MR-A-H{k + 1}", *help_spot(mat, k)) for k in range(3)]
    return Scene(mat, tuple(placed), seed=seed)
