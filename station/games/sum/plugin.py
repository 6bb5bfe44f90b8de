"""SUM's station plug-in: where its table reading, screens, settings, history and virtual players
are, for the shared parts that ask (``station.games.StationGame``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.protocol import Event, Game
from station.games import Action, Demo, Menu, StationGame, per_player
from station.settings import Key, one_of, seat_keys, yes_no
from station.games.sum import screens as screens
from station.games.sum import spoken as spoken
from station.games.sum.words import WORDS

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene
    from station.table.adapter import TableAdapter

NAME = "sum"



class SumStation(StationGame):
    name = NAME
    screens = screens
    spoken = spoken
    replayable = frozenset({"result"})
    history_columns = ("won_cards", "equations", "won_by")
    # Translators: the game's own measures' names in the class's history ("hands 17, rounds 6")
    history_names = {"won_cards": WORDS.lazy_gettext("cards won"), "equations": WORDS.lazy_gettext("equations"),
                     "won_by": WORDS.lazy_gettext("won by")}
    story_events = frozenset({"target_set", "equation_won", "violation", "turn_over", "wild_played", "target_changed",
                              "everyone_draws", "discard", "cards_passed", "numbers_out", "game_over"})

    def settings(self) -> dict[str, Key]:
        return {
            **seat_keys(default_players=3, most=6, fewest=2),
            "pairs": Key("sum", one_of("sum", "product"),
                         WORDS.lazy_gettext("two equal cards side by side: their sum or their product")),
            "order": Key("standard", one_of("standard", "left-to-right"),
                         WORDS.lazy_gettext("× and ÷ first, or strictly left to right")),
            "fractions": Key(False, yes_no, WORDS.lazy_gettext("a division may leave a fraction (judged exactly)")),
            "wild": Key(True, yes_no, WORDS.lazy_gettext("the wild cards' effects, as setup offers them first")),
        }

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        from station.games.sum.table import SumTable

        return SumTable(config["players"])

    def menu(self, state: Mapping[str, Any]) -> Menu | None:
        from engine.sum.game import hint

        return screens.menu(state, hint(state))

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        over = next((e for e in events if e["type"] == "game_over"), None)
        reason = over["reason"] if over else ""
        won_by = (WORDS.gettext("an empty hand") if reason == "empty_hand" else
                  WORDS.gettext("most cards") if reason == "numbers_out" else "")
        return {"won_cards": dict(game.outcome().scores), "equations": per_player(game, events, {"equation_won"}),
                "won_by": won_by}

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The game's sentences in the station's language, a turn's end told with what its player
        drew (the draws themselves are not told one by one: a turn would take three lines)."""
        from station.games.sum import sentences

        drawn: list[str] = []

        def tell(event: Event) -> list[str]:
            if event["type"] == "turn":
                drawn.clear()
            if event["type"] == "drew":
                drawn.append(event["deck"])
            if event["type"] == "turn_over":
                return ["  " + sentences.turn_told(event, drawn)]
            return ["  " + sentences.describe(event)] if event["type"] in self.story_events else []

        return tell

    def describe(self, game: Game, event: Event) -> str:
        """One event alone: the story's, whose turn it is and each draw (a turn's end without the
        draws before it: "Ana's turn is over.")."""
        from station.games.sum import sentences

        return sentences.describe(event) if event["type"] in self.story_events | {"turn", "drew"} else ""

    def headline(self, game: Game) -> str:
        """The story's first line in the station's language (the engine's ``game.headline()`` is English)."""
        from station.games.sum import sentences

        return sentences.headline(game.config)

    def summary(self, game: Game) -> list[str]:
        """The story's last lines in the station's language (the engine's ``game.summary()`` is English)."""
        from station.games.sum import sentences

        return sentences.summary(game.state())

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        from station.games.sum.players import SumTablePlayers

        return SumTablePlayers(game, seed).actions()  # type: ignore[arg-type]

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--pairs", choices=["sum", "product"], default="sum", help=WORDS.gettext("SUM: how a pair counts"))

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        return {"game": NAME, "seed": seed, "players": players, "pairs": args.pairs}

    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        from station.games.sum.demo import demo_scenario

        return Demo.of(*demo_scenario(config, seed))

    def demo_scene(self, seed: int) -> Scene:
        from station.games.sum.demo import demo_scene

        return demo_scene(seed)


PLUGIN = SumStation()
