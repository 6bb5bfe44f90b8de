"""Toy Sum's station plug-in: its table reading, screens, history, virtual players and demo."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.protocol import Event, Game
from station.games import Action, Demo, Menu, StationGame
from station.settings import Key, one_of, seat_keys, seat_names
from station.table.adapter import Note, Reading, TableAdapter, strip_order
from station.table.mat import MatLayout, mat_layout
from station.ui.overlays import Overlay
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, LiveView, PlayerLine, VerdictView, View, clock_text

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene

NAME = "toy"
STRIP_X = (110.0, 210.0, 310.0)  # where the three cards of an expression lie along the strip (mm)


class ToyTable(TableAdapter):
    """Cards lie along the strip until CONFIRM: then the strip, read left to right, is submitted."""

    game = NAME

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        zone = self.zone_of(mat, event.get("x", -1e9), event.get("y", -1e9)) if event["type"] != "removed" else None
        if event["type"] == "placed" and zone is None:
            reading.notes.append(Note("outside_zones", "Not on the strip", "Lay cards on the strip", event["card"]))

    def complete(self, action: Action, state: Mapping[str, Any]) -> Action:
        if action["type"] != "submit" or self.mat is None:
            return action
        strip = self.mat.zone("strip")
        cards = strip_order(self.cards_in(strip, self.snapshot), strip.facing)
        return {**action, "cards": [card.card_id for card in cards]}


class ToyStation(StationGame):
    name = NAME
    history_columns = ("points", "turns")
    story_events = frozenset({"scored", "violation", "game_over"})

    def settings(self) -> dict[str, Key]:
        return {**seat_keys(default_players=2, most=3), "target": Key(10, one_of(10, 12))}

    def setup_options(self, defaults: Mapping[str, Any]) -> list[SetupOption]:
        return [SetupOption("players", "Players", [Choice(n, str(n)) for n in (2, 3)], defaults.get("players", 2)),
                SetupOption("target", "Target", [Choice(n, str(n)) for n in (10, 12)], defaults.get("target", 10))]

    def game_config(self, choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
        return {"game": NAME, "seed": seed, "players": seat_names(defaults, choices["players"]),
                "target": choices["target"]}

    def mat(self, config: Mapping[str, Any]) -> MatLayout:
        return mat_layout(NAME, len(config["players"]))

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        return ToyTable(config["players"])

    def live_view(self, state: Mapping[str, Any], seconds: float, page: int) -> View:
        lines = tuple(PlayerLine(name, f"{points} pt", "waiting" if name == state["turn"] else "")
                      for name, points in state["points"].items())
        headline = "Game over" if state["over"] else f"{state['turn']}: make {state['target']}"
        return LiveView(f"Make {state['target']}", clock_text(seconds), headline, lines, page, "CONFIRM: check")

    def overlays(self, events: Sequence[Event], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
        shown = []
        for event in events:
            if event["type"] == "scored":
                shown.append(Overlay(VerdictView("ok", event["player"], event["expression"]), 2.0, signal="accepted",
                                     kind="verdict"))
            elif event["type"] == "violation":
                shown.append(Overlay(VerdictView("wrong", "Not yet", event["message"], event["player"]), 3.0,
                                     signal="rejected", kind="verdict"))
            elif event["type"] == "game_over":
                shown.append(Overlay(BannerView("Game over", " & ".join(event["winners"]), (), "CONFIRM: new game"),
                                     None, signal="attention", kind="banner"))
        return shown

    def confirm(self, state: Mapping[str, Any]) -> Action | None:
        return None if state["over"] else {"type": "submit", "player": state["turn"], "cards": []}

    def menu(self, state: Mapping[str, Any]) -> Menu | None:
        return None if state["over"] else Menu("Your turn", (("Pass", {"type": "pass", "player": state["turn"]}),))

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        return {"points": dict(game.outcome().scores), "turns": sum(1 for e in events if e["type"] == "turn")}

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        rng, t = random.Random(seed), 0.0
        while not game.outcome().over:
            t += 5.0
            player = game.turns().current
            action = {"type": "submit", "t": t, "player": player, "cards": _expression(rng, game.state()["target"])}
            yield action, game.apply(action)

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--toy-target", type=int, choices=[10, 12], default=10, help="the number to make")

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        return {"game": NAME, "seed": seed, "players": players, "target": args.toy_target, "seconds": 600}

    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        from engine.rules import new_game
        from station.sim.scenario import Scenario, Step

        expected = new_game(config)
        steps: list[Step] = []
        for action, _ in self.virtual_players(expected, seed):
            for card, x in zip(action["cards"], STRIP_X):
                steps.append(Step("place", card, {"at": (x, 100.0)}, len(steps) + 1))
            steps.append(Step("press", "confirm", {"settle": 1.0}, len(steps) + 1))
            steps.append(Step("remove", "all", {}, len(steps) + 1))
        scenario = Scenario("Demo: Toy Sum", tuple(steps), game=dict(config), seed=seed)
        return Demo(scenario, expected, sum(1 for s in steps if s.kind == "place"))

    def demo_scene(self, seed: int) -> Scene:
        from station.sim.virtual_table import PlacedCard, Scene

        cards = tuple(PlacedCard(card, x, 100.0) for card, x in zip(["TY-A-N4", "TY-A-PLUS", "TY-A-N6"], STRIP_X))
        return Scene(mat_layout(NAME, 2), cards, seed=seed)


def _expression(rng: random.Random, target: int) -> list[str]:
    """Two different numbers and a plus: right most of the time, a near miss now and then."""
    first = rng.choice([n for n in range(1, 10) if 1 <= target - n <= 9 and target - n != n])
    second = target - first if rng.random() < 0.75 else (target - first) % 9 + 1
    if second == first:
        second = target - first
    return [f"TY-A-N{first}", "TY-A-PLUS", f"TY-A-N{second}"]


PLUGIN = ToyStation()
