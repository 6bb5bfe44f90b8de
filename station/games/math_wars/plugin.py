"""Math Wars Meta's station plug-in: where its table reading, screens, settings, history and
virtual players are, for the shared parts that ask (``station.games.StationGame``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import ConfigError
from engine.math_wars.config import EDITIONS, read_config
from engine.protocol import Event, Game
from station.games import Action, Demo, Menu, StationGame
from station.settings import Key, one_of, seat_keys, whole
from station.table.mat import MatLayout, mat_layout
from station.games.math_wars import screens as screens
from station.games.math_wars import spoken as spoken
from station.games.math_wars import story as told
from station.games.math_wars.words import WORDS
from station.ui.views import clock_text

if TYPE_CHECKING:
    from station.sim.virtual_table import Scene
    from station.table.adapter import TableAdapter
    from station.ui.views import View

REVEAL_CHOICES = ("press", "at_once")
NAME = "math-wars"


class MathWarsStation(StationGame):
    name = NAME
    screens = screens
    spoken = spoken
    dismiss_on = {"card_played": frozenset({"hand"})}  # a new card down: the last hand's screens are done
    replayable = frozenset({"hand"})
    history_columns = ("victories", "hands", "rounds")
    # Translators: the game's own measures' names in the class's history ("hands 17, rounds 6")
    history_names = {"victories": WORDS.lazy_gettext("VICTORY! cards"), "hands": WORDS.lazy_gettext("hands"),
                     "rounds": WORDS.lazy_gettext("rounds")}
    story_events = frozenset({"hand_result", "math_war", "hand_won", "cards_paid", "knocked_out", "round_won",
                              "round_started", "round_drawn", "game_won", "violation", "spoils_reshuffled",
                              "solo_discard", "hand_redraw"})

    def settings(self) -> dict[str, Key]:
        return {
            **seat_keys(default_players=2, most=8),
            "edition": Key("mwm25", one_of(*EDITIONS)),
            "discard_option": Key(1, whole(1, 2)),
            "victories_to_win": Key(0, whole(0, 20), WORDS.lazy_gettext("0 = the edition's (4 or 5)")),
            "reveal": Key("press", one_of(*REVEAL_CHOICES),
                          WORDS.lazy_gettext("show results on a button press, or at once")),
        }


    def mat(self, config: Mapping[str, Any]) -> MatLayout:
        """The mat with a seat per player (two at the least: Solo plays on seat 1 of it)."""
        return mat_layout(NAME, max(len(read_config(config).seats), 2))

    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        from station.games.math_wars.table import MathWarsTable

        return MathWarsTable([seat.name for seat in read_config(config).seats])

    def live_view(self, state: Mapping[str, Any], seconds: float, page: int) -> View:
        return screens.live_view(state, clock_text(seconds), page)

    def menu(self, state: Mapping[str, Any]) -> Menu | None:
        votes = screens.table_votes(state)
        return Menu(WORDS.gettext("Table vote"), tuple(votes)) if votes else None

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        victories = dict(game.outcome().scores)
        return {
            "victories": victories,
            "hands": {name: sum(1 for e in events if e["type"] == "hand_result" and e.get("level") == 0
                                for r in e["results"] if r["player"] == name) for name in game.seats()},
            "rounds": 1 + sum(1 for e in events if e["type"] == "round_started") if game.actions else 0,
        }

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The game's events in the language of the moment (``story.describe``; the engine's own
        sentences stay English, for the journal), each hand headed "Round 2, hand 5"."""
        round_number = 1
        rules = game.rules  # type: ignore[attr-defined]

        def tell(event: Event) -> list[str]:
            nonlocal round_number
            heading = []
            if event["type"] == "round_started":
                round_number = event["round"]
            if event["type"] == "hand_result" and event["level"] == 0:
                heading = [told.heading(round_number, event["hand"])]
            return heading + (["  " + told.describe(event, rules)] if event["type"] in self.story_events else [])

        return tell

    def describe(self, game: Game, event: Event) -> str:
        """One event without the story's heading ("Round 2, hand 5"), a card turned up too."""
        told_events = self.story_events | {"card_played"}
        return told.describe(event, game.rules) if event["type"] in told_events else ""  # type: ignore[attr-defined]

    def headline(self, game: Game) -> str:
        return told.headline(game.rules)  # type: ignore[attr-defined]

    def summary(self, game: Game) -> list[str]:
        return told.summary(game.state())

    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        from station.games.math_wars.players import VirtualTable

        return VirtualTable(game, seed=seed).actions()  # type: ignore[arg-type]

    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--edition", choices=list(EDITIONS), default="mwm25",
                           help=WORDS.gettext("COUNT META 1-25 or 1-100"))
        group.add_argument("--victories", type=int, default=None,
                           help=WORDS.gettext("VICTORY! cards to win (default 1, a short game; --text: the edition's)"))
        group.add_argument("--team", action="append", metavar="NAME:P1,P2", dest="teams",
                           help=WORDS.gettext("Team v Team (repeat for each team; --text only)"))
        group.add_argument("--discard-option", type=int, choices=[1, 2], default=1,
                           help=WORDS.gettext("1: losers pay into their own spoils pile; 2: into the winner's"))

    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        config: dict[str, Any] = {"game": NAME, "seed": seed, "edition": args.edition,
                                  "discard_option": args.discard_option}
        if args.teams:
            teams = dict(_team(text) for text in args.teams)
            if any(not members for members in teams.values()):
                raise ConfigError(WORDS.gettext("give a team as NAME:PLAYER,PLAYER, e.g. --team Red:Ana,Ben"))
            config["teams"] = teams
        else:
            config["players"] = players
        victories = args.victories if args.victories is not None else (None if args.text else 1)
        if victories is not None:
            config["victories_to_win"] = victories
        return config

    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        from station.games.math_wars.demo import demo_scenario

        return Demo.of(*demo_scenario(config, seed, reveal=reveal))

    def demo_scene(self, seed: int) -> Scene:
        from station.games.math_wars.demo import demo_scene

        return demo_scene(seed)


def _team(text: str) -> tuple[str, list[str]]:
    name, _, players = text.partition(":")
    return name.strip(), [p.strip() for p in players.split(",") if p.strip()]


PLUGIN = MathWarsStation()
