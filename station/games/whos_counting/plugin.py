"""Who's Counting?'s station plug-in: where its table reading, screens, settings, history and
virtual players are, for the shared parts that ask (``station.games.StationGame``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.protocol import Event, Game
from station.games import Action, Demo, StationGame, per_player
from station.settings import Key, number, one_of, seat_keys, whole
from station.games.whos_counting import screens as screens
from station.games.whos_counting import spoken as spoken
from station.games.whos_counting.words import WORDS

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene
    from station.table.adapter import TableAdapter

NAME = "whos-counting"


class WhosCountingStation(StationGame):
    name = NAME
    screens = screens
    spoken = spoken
    replayable = frozenset({"result"})
    history_columns = ("points", "best_expression", "turns")
    # Translators: the game's own measures' names in the class's history ("hands 17, rounds 6")
    history_names = {"points": WORDS.lazy_gettext("points"), "best_expression": WORDS.lazy_gettext("best expression"),
                     "turns": WORDS.lazy_gettext("turns")}
    story_events = frozenset({"expression_scored", "violation", "red_card", "stopped", "turn_scored", "extra_turn",
                              "traded", "passed", "time_up", "game_over"})

    def settings(self) -> dict[str, Key]:
        return {
            **seat_keys(default_players=3, most=6, fewest=2),
            "order": Key("standard", one_of("standard", "left-to-right"),
                         WORDS.lazy_gettext("× and ÷ first, or strictly left to right")),
            "target": Key(500, whole(0, 100_000), WORDS.lazy_gettext("the score that wins (0: none, the clock alone)")),
            "minutes": Key(20, whole(0, 600),
                           WORDS.lazy_gettext("minutes a game lasts (0: no clock, the target alone)")),
            "window": Key(5, number(1, 60),
                          WORDS.lazy_gettext("seconds to play a red card after Who's Counting?, and to answer it")),
            "bonus_counts": Key("cards", one_of("cards", "kinds"),
                                WORDS.lazy_gettext("cards: every operation card counts for the bonus")),
            "split_rounds": Key("down", one_of("down", "up"),
                                WORDS.lazy_gettext("an odd score split: round each half down or up")),
        }

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The demo's story in the language of the moment (``story.tell``), not the engine's English."""
        from station.games.whos_counting.story import tell

        return lambda event: ["  " + tell(event)] if event["type"] in self.story_events else []

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        from station.games.whos_counting.table import WhosCountingTable

        return WhosCountingTable(config["players"])

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        scored = [e for e in events if e["type"] == "expression_scored"]
        best = max(scored, key=lambda e: e["score"], default=None)
        return {"points": dict(game.outcome().scores),
                "best_expression": f"{best['player']}: {_best(best)}" if best else "",
                "turns": per_player(game, events, {"turn_scored", "traded", "passed"})}

    def headline(self, game: Game) -> str:
        """The story's first line in the station's language (the engine's ``game.headline()`` is English)."""
        from station.games.whos_counting import story

        return story.headline(game)

    def summary(self, game: Game) -> list[str]:
        """The story's last lines in the station's language (the engine's ``game.summary()`` is English)."""
        from station.games.whos_counting import story

        return story.summary(game.state())

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        from station.games.whos_counting.players import CountingTable

        return CountingTable(game, seed).actions()  # type: ignore[arg-type]

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--target", type=int, default=None,
                           help="Who's Counting?: the score that wins (default 300 for the demo, 500 for --text)")

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        target = args.target if args.target is not None else (500 if args.text else 300)
        return {"game": NAME, "seed": seed, "players": players, "target": target, "minutes": 0}

    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        from station.games.whos_counting.demo import demo_scenario

        return Demo.of(*demo_scenario(config, seed))

    def demo_scene(self, seed: int) -> Scene:
        from station.games.whos_counting.demo import demo_scene

        return demo_scene(seed)


PLUGIN = WhosCountingStation()


def _best(scored: Event) -> str:
    """``12 × 10 = 120, 130 points``: the maths as it is, then the points it scored (bonuses and
    doubles make them differ, and "12 × 10 = 130" would read as wrong maths). The points come last:
    the history keeps each child's best by that last number."""
    return WORDS.gettext("{expression} = {value}, {score} points", expression=scored["expression"],
                         value=scored["value"], score=scored["score"])
