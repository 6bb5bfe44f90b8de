"""The interface of a game's station side: everything the shared parts ask of a game.

The referee, the controller, the journal's history, the simulator, the demo and the printer
never name a game: the layer that chose the game (the daemon, the CLI, the simulator's runner)
finds its ``StationGame`` through the registry (``station.games.plugin``) and hands it down. A
game's station side is one package, ``station/games/<package>/``, whose ``PLUGIN`` is an
instance of this class; its data files (mat, card look, rules card) lie beside it and are found
through its registry line (``engine.games.GameInfo.station_data``).
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from engine.games import GAMES
from engine.protocol import Event, Game
from station.settings import Key
from station.ui.views import Menu

if TYPE_CHECKING:
    from station.sim.scenario import Scenario
    from station.sim.virtual_table import Scene
    from station.speech.voice import Line
    from station.table.adapter import TableAdapter
    from station.table.mat import MatLayout
    from station.ui.overlays import Overlay
    from station.ui.setup import SetupOption
    from station.ui.views import View

Action = dict[str, Any]


@dataclass(frozen=True)
class Demo:
    """A whole game for ``mathstation demo``: the table script and the virtual players' own
    finished game (what the station must agree with)."""

    scenario: Scenario
    expected: Game
    places: int  # cards the players put down

    @classmethod
    def of(cls, scenario: Scenario, expected: Game) -> Demo:
        return cls(scenario, expected, len([step for step in scenario.steps if step.kind == "place"]))


class StationGame(ABC):
    """One game's station side. Subclass it in ``station/games/<package>/plugin.py``; ``PLUGIN`` is an
    instance. Methods that need the vision or simulator stack import it themselves, so asking a
    plug-in for its settings or screens stays cheap."""

    name: str  # the registry name: "math-wars"

    @property
    def title(self) -> str:
        return GAMES[self.name].title

    # ---- config and setup -----------------------------------------------------------------

    @abstractmethod
    def settings(self) -> dict[str, Key]:
        """The station config's ``[<name>]`` section: its keys, defaults and checks."""

    #: The game's screens module (``station/games/<game>/screens.py``): unless the plug-in overrides them,
    #: ``setup_options``, ``game_config``, ``live_view``, ``overlays``, ``confirm`` and ``menu`` are
    #: its functions of the same names (``confirm`` and ``menu`` only if it has them).
    screens: ClassVar[ModuleType | None] = None

    def setup_options(self, defaults: Mapping[str, Any]) -> list[SetupOption]:
        """The setup screen's rows, starting at the config section's values."""
        return self._screen("setup_options")(defaults)  # type: ignore[no-any-return]

    def game_config(self, choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
        """The engine config for what was chosen on the setup screen."""
        return self._screen("game_config")(choices, defaults, seed)  # type: ignore[no-any-return]

    # ---- the table ------------------------------------------------------------------------

    def mat(self, config: Mapping[str, Any]) -> MatLayout:
        """The mat (or play area) a game with this engine config is played on: by default the
        game's mat with a seat per player."""
        from station.table.mat import mat_layout

        return mat_layout(self.name, len(config["players"]))

    @abstractmethod
    def table(self, config: Mapping[str, Any]) -> TableAdapter:
        """A fresh table adapter for a game with this engine config."""

    # ---- screens and buttons ----------------------------------------------------------------

    def live_view(self, state: Mapping[str, Any], seconds: float, page: int) -> View:
        """The main in-game screen at ``seconds`` of game time (``clock_text`` shows it)."""
        return self._screen("live_view")(state, seconds, page)  # type: ignore[no-any-return]

    def overlays(self, events: Sequence[Event], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
        """The screens one batch of engine events calls for, in order."""
        return self._screen("overlays")(events, state, reveal)  # type: ignore[no-any-return]

    def _screen(self, name: str) -> Callable[..., Any]:
        if self.screens is None or not hasattr(self.screens, name):
            raise NotImplementedError(f"{type(self).__name__} has no screens module with {name}(): set `screens` "
                                      f"or define {name}")
        return getattr(self.screens, name)  # type: ignore[no-any-return]

    #: event type -> overlay kinds it sweeps away while they wait for a press (a new card down
    #: ends the last hand's waiting results).
    dismiss_on: Mapping[str, frozenset[str]] = {}
    #: overlay kinds CONFIRM can show again on the live screen (the last hand's results).
    replayable: frozenset[str] = frozenset()
    #: kinds of timed overlay a CONFIRM goes through: it puts the screen away and does what it does
    #: on the live screen (a race game's CONFIRM starts the clock even while a verdict shows). A
    #: note needs no naming here: in every game, any press but BACK goes through a note.
    press_through: frozenset[str] = frozenset()

    def menu(self, state: Mapping[str, Any]) -> Menu | None:
        """What SPARE offers on the live screen (a table vote, trade, pass …); None: nothing."""
        return self.screens.menu(state) if self.screens is not None and hasattr(self.screens, "menu") else None

    def confirm(self, state: Mapping[str, Any]) -> Action | Menu | None:
        """What CONFIRM does on the live screen: an action (submit, start the clock …), a question
        to answer first (what a wild card stands for), or None: show the last result again."""
        if self.screens is not None and hasattr(self.screens, "confirm"):
            return self.screens.confirm(state)  # type: ignore[no-any-return]
        return None

    # ---- the voice ----------------------------------------------------------------------------

    #: The game's spoken module (``station/games/<game>/spoken.py``): ``lines(events, state, reveal)``
    #: says a batch of events in a few words (``station.speech.voice.Line``), and ``ahead(config)``
    #: names the lines worth rendering when a game starts. None: the game says nothing.
    spoken: ClassVar[ModuleType | None] = None

    def say(self, events: Sequence[Event], state: Mapping[str, Any], reveal: str) -> list[Line]:
        """What one batch of engine events says aloud, in order (the OLED's news in a few words)."""
        return self.spoken.lines(events, state, reveal) if self.spoken is not None else []  # type: ignore[no-any-return]

    def say_ahead(self, config: Mapping[str, Any]) -> list[str]:
        """Lines a game with this engine config will likely say (names, verdicts): rendered
        while the game starts, so saying them costs only playback."""
        if self.spoken is not None and hasattr(self.spoken, "ahead"):
            return self.spoken.ahead(config)  # type: ignore[no-any-return]
        return []

    # ---- history ----------------------------------------------------------------------------

    #: the game's own measures in ``mathstation history`` (CSV columns), in order
    history_columns: tuple[str, ...] = ()
    #: each measure's name as the history says it (a ``WORDS.lazy_gettext``, worded in the language of
    #: the moment); the CSV keeps the column's own name
    history_names: Mapping[str, Any] = {}

    def history_name(self, column: str) -> str:
        """A measure's name in the language of the moment ("hands", "manos"); by default its column's."""
        return str(self.history_names.get(column, column.replace("_", " ")))

    def history(self, game: Game, events: Sequence[Event]) -> dict[str, Any]:
        """The game's own measures of a journaled game (replayed): ``history_columns`` keys."""
        return {}

    # ---- virtual players and the demo -----------------------------------------------------

    #: event types the demo's story tells (it tells them with the engine's own sentences)
    story_events: frozenset[str] = frozenset()

    def story(self, game: Game) -> Callable[[Event], list[str]]:
        """The demo's storyteller for ``game``: the lines one event adds to the story."""
        return lambda event: ["  " + game.describe(event)] if event["type"] in self.story_events else []

    def describe(self, game: Game, event: Event) -> str:
        """One event as one sentence in the language of the moment, or "" for an event the story
        does not tell: the teacher's page's verdicts, worded for each page apart (so it may run
        in a page's thread: it reads only ``game``'s rules, never its live state). By default the
        story's own line for it."""
        return " ".join(line.strip() for line in self.story(game)(event))

    def headline(self, game: Game) -> str:
        """The story's first line: the game and its setup (a game with its own words says them in
        the language of the moment; by default the engine's English)."""
        return game.headline()

    def summary(self, game: Game) -> list[str]:
        """The story's last lines: where the game stands (by default the engine's English)."""
        return game.summary()

    @abstractmethod
    def virtual_players(self, game: Game, seed: int) -> Iterator[tuple[Action, list[Event]]]:
        """Seeded players holding real cards play ``game`` (a fresh engine game) to its end:
        yields each (action, events) as they apply it (``mathstation demo --text``)."""

    @abstractmethod
    def demo_arguments(self, group: argparse._ArgumentGroup) -> None:
        """The game's own ``mathstation demo`` options (names unique across games)."""

    @abstractmethod
    def demo_config(self, args: argparse.Namespace, players: list[str], seed: int) -> dict[str, Any]:
        """The engine config of a demo game from the command line."""

    @abstractmethod
    def demo(self, config: Mapping[str, Any], seed: int, reveal: str) -> Demo:
        """A whole game played by virtual players as a table script for the virtual table."""

    @abstractmethod
    def demo_scene(self, seed: int) -> Scene:
        """A still table of this game for the ``virtual`` camera (``scan``, ``calibrate``)."""


def per_player(game: Game, events: Sequence[Event], kinds: set[str]) -> dict[str, int]:
    """How many of these events each player's own were (their ``player``): a child's history
    counts what that child did, never the whole game's count."""
    counts = {name: 0 for name in game.seats()}
    for event in events:
        if event["type"] in kinds and event.get("player") in counts:
            counts[event["player"]] += 1
    return counts
