"""Toy Sum's rules: turns, an expression to a target, a point per hit, a round clock and, if
the config asks, a turn clock (a turn not played in ``turn_seconds`` passes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.catalog import load_catalog
from engine.errors import ActionError, ConfigError, EngineError
from engine.expressions import Op, evaluate, format_expression
from engine.protocol import TURNS, Deadline, Event, Game, Outcome, Turns

POINTS_TO_WIN = 3


class ToyGame(Game):
    name = "toy"
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "submit": {"player": str, "cards": list},  # the cards along the strip, in reading order
        "pass": {"player": str},
        "time_up": {},  # the round clock ran out (the referee applies it at the deadline)
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        players = self._config.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 3 or len(set(players)) != len(players):
            raise ConfigError("players must be 2 or 3 different names")
        self.target = int(self._config.setdefault("target", 10))
        self.seconds = float(self._config.setdefault("seconds", 60))
        self.turn_seconds = self._config.get("turn_seconds")  # None: turns take as long as they take
        self.turn_started = 0.0
        self.points = {name: 0 for name in players}
        self.turn = 0
        self.over = False
        self.last_cards: tuple[str, ...] = ()
        self._catalog = load_catalog()

    def seats(self) -> tuple[str, ...]:
        return tuple(self.points)

    def turns(self) -> Turns:
        return Turns(TURNS, None if self.over else self.seats()[self.turn])

    def outcome(self) -> Outcome:
        best = max(self.points.values())
        winners = tuple(n for n, p in self.points.items() if p == best) if self.over else ()
        return Outcome(self.over, winners, dict(self.points))

    def deadline(self) -> Deadline | None:
        if self.over:
            return None
        round_ends = Deadline(self.seconds, {"type": "time_up"})
        if self.turn_seconds is None or self.turn_started + self.turn_seconds >= self.seconds:
            return round_ends
        return Deadline(self.turn_started + self.turn_seconds, {"type": "pass", "player": self.seats()[self.turn]})

    def table_cards(self) -> frozenset[str]:
        return frozenset(self.last_cards)

    def on_submit(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        if self.over:
            return [self._violation(player, "game_over", "The game is over.")]
        if player != self.seats()[self.turn]:
            return [self._violation(player, "not_your_turn", f"It is {self.seats()[self.turn]}'s turn.")]
        try:
            tokens = [self._token(card) for card in action["cards"]]
        except EngineError as exc:
            raise ActionError(f"'submit' names no card: {exc}") from None
        self.last_cards = tuple(action["cards"])
        judged = evaluate(tokens, whole_numbers=True)
        shown = format_expression(tokens)
        if not judged.ok or judged.value != self.target:
            why = judged.message or f"{shown} = {judged.value}, not {self.target}"
            return [self._violation(player, "wrong", why), *self._next(action["t"])]
        self.points[player] += 1
        events: list[Event] = [{"type": "scored", "player": player, "expression": shown, "points": self.points[player]}]
        if self.points[player] >= POINTS_TO_WIN:
            self.over = True
            return events + [{"type": "game_over", "reason": "points", "winners": list(self.outcome().winners)}]
        return events + self._next(action["t"])

    def on_pass(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        if self.over or player != self.seats()[self.turn]:
            return [self._violation(player, "not_your_turn", "Wait for your turn.")]
        return self._next(action["t"])

    def on_time_up(self, action: Mapping[str, Any]) -> list[Event]:
        if self.over:
            return []
        self.over = True
        return [{"type": "game_over", "reason": "time", "winners": list(self.outcome().winners)}]

    def _next(self, t: float) -> list[Event]:
        self.turn = (self.turn + 1) % len(self.points)
        self.turn_started = t
        return [{"type": "turn", "player": self.seats()[self.turn]}]

    def _token(self, card_id: str) -> Any:
        face = self._catalog.card(card_id).face
        return Op.parse(face.op) if face.op else face.number

    def _player(self, name: str) -> str:
        if name not in self.points:
            raise ActionError(f"no player called {name!r}")
        return name

    @staticmethod
    def _violation(player: str, code: str, message: str) -> Event:
        return {"type": "violation", "player": player, "code": code, "message": message}

    def state(self) -> dict[str, Any]:
        return {"game": self.name, "target": self.target, "points": dict(self.points), "turn": self.turns().current,
                "over": self.over, "last": list(self.last_cards)}

    def describe(self, event: Mapping[str, Any]) -> str:
        if event["type"] == "scored":
            return f"{event['player']} makes {self.target} with {event['expression']}."
        if event["type"] == "turn":
            return f"{event['player']}'s turn."
        if event["type"] == "game_over":
            return f"Game over ({event['reason']}): {' & '.join(event['winners'])} won."
        return f"Not allowed: {event.get('message', event['type'])}"


RULES = ToyGame
