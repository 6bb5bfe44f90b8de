"""Math Rush's station plug-in: where its table reading, screens, settings, history and virtual
players are, for the shared parts that ask (``station.games.StationGame``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.protocol import Event, Game
from station.games import Action, Demo, StationGame
from station.settings import Key, one_of, seat_keys, yes_no
from station.table.mat import MatLayout, mat_layout
from station.games.math_rush import screens as screens
from station.games.math_rush import spoken as spoken
from station.games.math_rush import story
from station.games.math_rush.story import tell
from station.games.math_rush.words import WORDS

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene
    from station.table.adapter import TableAdapter

NAME = "math-rush"



def _timer(value: Any) -> str | None:
    if value == "auto" or (isinstance(value, int) and not isinstance(value, bool) and (value == 0 or 30 <= value <= 1800)):
        return None
    return WORDS.gettext("must be \"auto\" (3 minutes, 4 solo), 0 (no timer) or seconds from 30 to 1800, not {value}",
                         value=repr(value))


class MathRushStation(StationGame):
    name = NAME
    screens = screens
    spoken = spoken
    replayable = frozenset({"result"})
    press_through = frozenset({"verdict", "banner"})  # CONFIRM starts the clock whatever shows (a note never stops it)
    history_columns = ("points", "points_by_round", "goals_completed")
    # Translators: the game's own measures' names in the class's history ("hands 17, rounds 6")
    history_names = {"points": WORDS.lazy_gettext("points"), "points_by_round": WORDS.lazy_gettext("points by round"),
                     "goals_completed": WORDS.lazy_gettext("goals completed")}
    story_events = frozenset({"goal_laid", "round_started", "card_played", "goal_complete", "card_lifted", "put_back",
                              "help_used", "time_warning", "time_up", "round_over", "game_over", "violation"})

    def settings(self) -> dict[str, Key]:
        return {
            **seat_keys(default_players=3, most=8),
            "timer": Key("auto", _timer, WORDS.lazy_gettext(
                "seconds a round lasts: \"auto\" (180, 240 solo), 0 for no timer")),
            "advanced": Key(True, yes_no, WORDS.lazy_gettext("the Advanced cards are in the game")),
            "help": Key("cards", one_of("cards", "unlimited"), WORDS.lazy_gettext("cards: three Help cards for the game")),
            "one_goal": Key(False, yes_no, WORDS.lazy_gettext(
                "the youngest players: one goal at a time, rearranging allowed")),
        }

    def mat(self, config: Mapping[str, Any]) -> MatLayout:
        return mat_layout(NAME, 1)  # one mat for the whole team

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        from station.games.math_rush.table import MathRushTable

        return MathRushTable(config["players"])

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The demo's story in the language of the moment (``story.tell``), not the engine's English."""
        return lambda event: ["  " + tell(event)] if event["type"] in self.story_events else []

    def headline(self, game: Game) -> str:
        """The story's first line, in the language of the moment (``story.headline``)."""
        return story.headline(game.config)

    def summary(self, game: Game) -> list[str]:
        """The story's last lines, in the language of the moment (``story.summary``)."""
        return story.summary(game.state())

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        rounds = [e["points"] for e in events if e["type"] == "round_over"]
        completed = sum(1 for e in events if e["type"] == "goal_complete" and not e["broken"])
        # one team: every child completed the team's goals
        return {"points": dict(game.outcome().scores), "points_by_round": " + ".join(map(str, rounds)),
                "goals_completed": {name: completed for name in game.seats()}}

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        from station.games.math_rush.players import RushTable

        return RushTable(game, seed).actions()  # type: ignore[arg-type]

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--seconds", type=int, default=None,
                           help="Math Rush: seconds a round lasts (default 60 for the demo, 180 for --text)")

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        seconds = args.seconds if args.seconds is not None else (180 if args.text else 60)
        return {"game": NAME, "seed": seed, "players": players, "seconds": seconds}

    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        from station.games.math_rush.demo import demo_scenario

        return Demo.of(*demo_scenario(config, seed))

    def demo_scene(self, seed: int) -> Scene:
        from station.games.math_rush.demo import demo_scene

        return demo_scene(seed)


PLUGIN = MathRushStation()
