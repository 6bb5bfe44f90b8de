"""A game is ``state + action -> events``; this module holds what every game shares.

Actions and events are JSON-ready dicts with a ``type``. Actions carry their own timestamp ``t``
(seconds since the game began): the engine has no clock, so the same config and actions always
give the same events, and a journal of actions replays a game exactly. A play that breaks a rule
is *judged* (a ``violation`` event says what was wrong); only a *malformed* action — unknown type,
missing or mistyped field, unknown player — raises ``ActionError``.

Each game declares its actions as data (``ACTIONS``: type -> field -> expected type) and handles
each one in a method ``on_<type>``. What the station reads of every game, without knowing which
game it is, is small and documented here: who sits where (``seats``), how turns go (``turns``),
whether it is over and who won (``outcome``), when the rules want time to pass as an action
(``deadline``), and which cards the game believes lie on the table (``table_cards``).
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import ActionError, ConfigError, EngineError

if TYPE_CHECKING:
    from engine.catalog import Card

Action = dict[str, Any]
Event = dict[str, Any]

#: Field types an action may declare. ``"number"`` is an int or float timestamp-like value;
#: ``list`` is a list of texts (card IDs in the order they lie, say); ``"cell"`` is a lattice
#: cell, ``[col, row]`` (two whole numbers, as JSON has them: a list).
_TYPE_CHECKS = {
    str: lambda v: isinstance(v, str),
    int: lambda v: isinstance(v, int) and not isinstance(v, bool),
    bool: lambda v: isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    list: lambda v: isinstance(v, list) and all(isinstance(item, str) for item in v),
    "cell": lambda v: isinstance(v, list) and len(v) == 2 and all(_TYPE_CHECKS[int](item) for item in v),
}
_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", "number": "a number",
               list: "a list of texts", "cell": "a cell [col, row] (two whole numbers)"}

#: Fields every action may carry besides its own: ``t`` (required) and ``source`` (who sent it:
#: "camera", "button", "replay" ... — kept in the journal, ignored by the rules).
COMMON_FIELDS: Mapping[str, Any] = {"type": str, "t": "number"}
OPTIONAL_FIELDS: Mapping[str, Any] = {"source": str}
#: Actions every game takes besides its own: a teacher's "pause every table" and its end. The
#: referee stops the game's time between them (no deadline falls, no one loses time), so they
#: change no rule; they are journaled so a replay, a restart and the class's record agree that
#: the game was paused (``Game.paused``). They cause no event.
COMMON_ACTIONS: Mapping[str, Mapping[str, Any]] = {"pause": {}, "resume": {}}


#: How the players take part (``Turns.style``).
SIMULTANEOUS, TURNS, SOLO, RACE = "simultaneous", "turns", "solo", "race"


@dataclass(frozen=True)
class Turns:
    """How play goes now: ``style`` is one of simultaneous (Math Wars, Math Rush), turns (SUM,
    Who's Counting?), solo or race (Big Bang); ``current`` is whose turn it is (turn-based games)."""

    style: str
    current: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What the station reads to know a game is over and who won, instead of guessing at state
    keys. ``winners`` is empty until the game is over (several on a tie); ``scores`` maps each
    side (player or team) to its score in the game's own measure (VICTORY! cards, points ...)."""

    over: bool
    winners: tuple[str, ...] = ()
    scores: Mapping[str, int] = field(default_factory=dict)
    measure: str = "points"  # what the scores count, for a table heading: "VICTORY! cards", "points"


@dataclass(frozen=True)
class Deadline:
    """A moment at which the rules want an action without anyone doing anything: the end of a
    round's clock, of a reaction window. The referee applies ``action`` stamped ``t = at`` once
    the game's time reaches ``at`` (before any later action), so a journal replays it exactly."""

    at: float
    action: Mapping[str, Any]


class Game(ABC):
    """Base class of every game: validates actions, keeps the action log, stamps events."""

    #: The name users type (``math-wars``).
    name: ClassVar[str]
    #: action type -> {field: expected type}; fields listed here are required.
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]]
    #: action type -> {field: expected type} an action of that type may carry besides its own
    OPTIONAL: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def __init__(self, config: Mapping[str, Any]) -> None:
        if not isinstance(config, Mapping):
            raise ConfigError(f"a game config is a JSON object, not {type(config).__name__}")
        if config.get("game") != self.name:
            raise ConfigError(f"config is for game {config.get('game')!r}, not {self.name!r}")
        seed = config.get("seed", 0)
        if not _TYPE_CHECKS[int](seed):
            raise ConfigError(f"seed must be a whole number, not {seed!r}")
        self._config: dict[str, Any] = {**copy.deepcopy(dict(config)), "seed": seed}
        self._actions: list[Action] = []
        self._last_t: float = 0
        self._judged: set[str] = set()  # cards of plays judged wrong that may still lie there (judged_cards)
        self._ended_at: float | None = None
        self._paused = False

    @property
    def config(self) -> dict[str, Any]:
        """The config as given (with defaults filled in), JSON-ready."""
        return copy.deepcopy(self._config)

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, in order: with the config, this *is* the game."""
        return copy.deepcopy(self._actions)

    @property
    def last_t(self) -> float:
        """The time of the last action applied (0 before the first)."""
        return self._last_t

    @property
    def ended_at(self) -> float | None:
        """The time of the action that ended the game (None while it goes on): a finished
        game's clock stands there, however long its last screen stays up."""
        return self._ended_at

    @property
    def paused(self) -> bool:
        """Paused by the room (a ``pause`` action with no ``resume`` after it)."""
        return self._paused

    def on_pause(self, action: Mapping[str, Any]) -> list[Event]:
        self._paused = True
        return []

    def on_resume(self, action: Mapping[str, Any]) -> list[Event]:
        self._paused = False
        return []

    def apply(self, action: Mapping[str, Any]) -> list[Event]:
        """Apply one action and return the events it caused (each stamped with the action's ``t``)."""
        checked = self.check_action(action)
        events = getattr(self, "on_" + checked["type"].replace("-", "_"))(checked)
        card = checked.get("card")
        if isinstance(card, str):
            if checked["type"] != "lift" and any(_judged_wrong(event) for event in events):
                self._judged.add(card)
            else:
                self._judged.discard(card)  # played right, or (a ``lift``) known to be taken away
        self._actions.append(checked)
        self._last_t = checked["t"]
        if self._ended_at is None and self.outcome().over:
            self._ended_at = checked["t"]
        return [{**event, "t": checked["t"]} for event in events]

    def check_action(self, action: Mapping[str, Any]) -> Action:
        """A validated copy of ``action``, or an ``ActionError`` naming what is wrong."""
        if not isinstance(action, Mapping):
            raise ActionError(f"an action is a JSON object with a 'type', not {action!r}")
        kind = action.get("type")
        actions = {**COMMON_ACTIONS, **self.ACTIONS}
        if not isinstance(kind, str) or kind not in actions:
            known = ", ".join(sorted(actions))
            raise ActionError(f"unknown action type {kind!r} for {self.name} (known: {known})")
        spec = {**COMMON_FIELDS, **actions[kind]}
        for name, expected in spec.items():
            if name not in action:
                raise ActionError(f"{kind!r} action is missing {name!r}: {json.dumps(dict(action), ensure_ascii=False)}")
            if not _TYPE_CHECKS[expected](action[name]):
                raise ActionError(f"{kind!r} action field {name!r} must be {_TYPE_NAMES[expected]}, not {action[name]!r}")
        optional = {**OPTIONAL_FIELDS, **self.OPTIONAL.get(kind, {})}
        for name, value in action.items():
            if name in spec:
                continue
            if name not in optional:
                raise ActionError(f"{kind!r} action has an unknown field {name!r}")
            if not _TYPE_CHECKS[optional[name]](value):
                raise ActionError(f"{kind!r} action field {name!r} must be {_TYPE_NAMES[optional[name]]}")
        if action["t"] < 0:
            raise ActionError(f"{kind!r} action has t={action['t']}: times are seconds since the game began, never negative")
        if action["t"] < self._last_t:
            raise ActionError(f"{kind!r} action at t={action['t']} is earlier than the previous one (t={self._last_t})")
        return copy.deepcopy(dict(action))

    # ---- what the station reads of every game ----------------------------------------------

    @abstractmethod
    def seats(self) -> tuple[str, ...]:
        """Every player's name in seating order (seat 1 first): the mat's seats and the screens'."""

    def turns(self) -> Turns:
        """How play goes now (default: everyone plays at once)."""
        return Turns(SIMULTANEOUS)

    @abstractmethod
    def outcome(self) -> Outcome:
        """Over or not, the winners and every side's score."""

    def deadline(self) -> Deadline | None:
        """The next moment the rules act on their own, if any (default: none: no clock)."""
        return None

    def table_cards(self) -> frozenset[str]:
        """Cards the game believes may still lie on the table: after a restart, a card seen there
        that is one of these stands (it was played before); any other is a new play. Default:
        every card named in an action so far."""
        return frozenset(a["card"] for a in self._actions if isinstance(a.get("card"), str))

    def judged_cards(self) -> frozenset[str]:
        """Cards of plays judged wrong ("take it back") that may still lie where they were laid:
        not played right since, nor known to be taken away (a ``lift``), nor forgotten at the end
        of the game's turn, hand or round (``_forget_judged``). A game counts them in its
        ``table_cards``: after a restart such a card is no new play, and gets no second verdict."""
        return frozenset(self._judged)

    def _forget_judged(self) -> None:
        """A new turn, hand or round: a card judged wrong before it is back in a hand by now, so
        laid after a restart it is a new play (never a lost one)."""
        self._judged = set()

    @staticmethod
    def _card(card_id: str) -> Card:
        """The catalog card an action names; ``ActionError`` when there is none (such an action is
        malformed: a table only reports cards the catalog knows)."""
        from engine.catalog import load_catalog

        try:
            return load_catalog().card(card_id)
        except EngineError as exc:
            raise ActionError(f"no such card: {exc}") from None

    @abstractmethod
    def state(self) -> dict[str, Any]:
        """A JSON-ready snapshot of everything the rules know now."""

    @abstractmethod
    def describe(self, event: Mapping[str, Any]) -> str:
        """One event in words a child can read (for the replay, the log and later the screens)."""

    def headline(self) -> str:
        """One line naming the game and its setup, for the top of a replay or log."""
        return self.name

    def summary(self) -> list[str]:
        """The state as a few readable lines (scores, piles), for the end of a replay."""
        return [json.dumps(self.state(), ensure_ascii=False)]

    @classmethod
    def replay(cls, config: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]) -> tuple[Game, list[Event]]:
        """Rebuild a game from its config and actions; returns it and every event, in order."""
        game = cls(config)
        events: list[Event] = []
        for action in actions:
            events.extend(game.apply(action))
        return game, events


def _judged_wrong(event: Mapping[str, Any]) -> bool:
    """A verdict against a play: a violation, or a play judged not to fit (``"ok": false``)."""
    return event["type"] == "violation" or event.get("ok") is False


class Worded:
    """For a game whose words live in a module of their own (``engine/<game>/text.py``, with
    ``describe(event)``, ``headline(rules)`` and ``summary(state)``), so wording can change (or
    be translated) without touching the rules: mix it in before ``Game`` and set ``words``."""

    words: ClassVar[ModuleType]
    rules: Any

    def describe(self, event: Mapping[str, Any]) -> str:
        return self.words.describe(event)  # type: ignore[no-any-return]

    def headline(self) -> str:
        return self.words.headline(self.rules)  # type: ignore[no-any-return]

    def summary(self) -> list[str]:
        return self.words.summary(self.state())  # type: ignore[attr-defined,no-any-return]
