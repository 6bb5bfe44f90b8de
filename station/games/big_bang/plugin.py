"""Big Bang's station plug-in: where its table reading, screens, settings, history and virtual
players are, for the shared parts that ask (``station.games.StationGame``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import ConfigError
from engine.protocol import Event, Game
from station.games import Action, Demo, StationGame
from station.settings import Key, seat_keys, whole, yes_no
from station.games.big_bang import screens as screens
from station.games.big_bang import spoken as spoken
from station.games.big_bang import story
from station.games.big_bang.story import describe
from station.games.big_bang.words import WORDS

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene
    from station.table.adapter import TableAdapter

NAME = "big-bang"


class BigBangStation(StationGame):
    name = NAME
    screens = screens
    spoken = spoken
    replayable = frozenset({"result"})
    press_through = frozenset({"verdict", "banner"})  # CONFIRM starts the round whatever shows (a note never stops it)
    history_columns = ("points", "cards_left", "minutes")
    # Translators: the game's own measures' names in the class's history ("hands 17, rounds 6")
    history_names = {"points": WORDS.lazy_gettext("points"), "cards_left": WORDS.lazy_gettext("cards left"),
                     "minutes": WORDS.lazy_gettext("minutes")}
    story_events = frozenset({"round_started", "card_played", "discarded", "dead_hand", "reshuffled", "player_done",
                              "time_up", "round_over", "game_over", "violation"})

    def settings(self) -> dict[str, Key]:
        return {
            **seat_keys(default_players=1, most=2),  # the mat has play areas for two
            "rules_cards": Key(False, yes_no,
                               WORDS.lazy_gettext("the six Rules triangles are in the game (2 points each)")),
            "replay": Key(False, yes_no,
                          WORDS.lazy_gettext("a dead hand's cards are shuffled back in when the deck runs out")),
            "minutes": Key(0, whole(0, 60), WORDS.lazy_gettext("a speed game's time limit in minutes, 0 for none")),
            "rounds": Key(1, whole(1, 10), WORDS.lazy_gettext("rounds in a game")),
            "stolen": Key(False, yes_no,
                          WORDS.lazy_gettext("a race's winner scores the cards the others have left, the others 0")),
        }

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The demo's story in the game's own words, in the language of the moment."""
        return lambda event: ["  " + describe(event)] if event["type"] in self.story_events else []

    def headline(self, game: Game) -> str:
        """The demo's first line, the game as set up, in the language of the moment (the engine's
        ``game.headline()`` stays English for logs)."""
        return story.headline(game.config)

    def summary(self, game: Game) -> list[str]:
        """The demo's last lines, where the game stands, in the language of the moment."""
        return story.summary(game.state())

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        from station.games.big_bang.table import BigBangTable

        return BigBangTable(config["players"])

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        ends = [e for e in events if e["type"] == "round_over"]
        left = {name: s["unplayed"] for name, s in ends[-1]["scores"].items()} if ends else {}
        seconds = sum(e["seconds"] for e in ends)
        return {"points": dict(game.outcome().scores), "cards_left": left, "minutes": round(seconds / 60, 1)}

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        from station.games.big_bang.players import BangTable

        return BangTable(game, seed).actions()  # type: ignore[arg-type]

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--race", action="store_true",
                           help=WORDS.gettext("Big Bang: two players race, each with their own set"))

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        seats = 2 if args.race else 1
        if args.players is not None and len(players) != seats:
            raise ConfigError(WORDS.gettext("Big Bang is played by one child, or two with --race: you named {n} ({players})",
                                            n=len(players), players=", ".join(players)))
        return {"game": NAME, "seed": seed, "players": players[:seats]}

    def demo(self, config: Any, seed: int, reveal: str) -> Demo:
        from station.games.big_bang.demo import demo_scenario

        return Demo.of(*demo_scenario(config, seed))

    def demo_scene(self, seed: int) -> Scene:
        from station.games.big_bang.demo import demo_scene

        return demo_scene(seed)


PLUGIN = BigBangStation()
