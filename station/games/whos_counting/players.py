"""Virtual Who's Counting? players: a real shuffled deck, real hands, and turns a table would play.

They hold real card IDs, lay the best expression their hand makes (now and then a wrong one
first, then the right one), add a Double or an Extra Turn when they have one, throw red cards at
each other in the window, answer with a Stop, trade when their hand makes nothing, and move
their cards exactly as the referee's events say (plays, draws, reshuffles). That makes a whole
seeded game for the demo, and lets tests check the engine's hand counts against a real table.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import Card, load_catalog
from engine.expressions import Op
from engine.whos_counting import WhosCounting
from engine.whos_counting.config import HAND_SIZE
from engine.whos_counting.scoring import judge

WRONG_FIRST = 0.15  # how often a player lays a wrong expression before the right one
THROW = 0.35  # how often an opponent holding a red card throws it
DECK = "all"


@dataclass
class Hands:
    """Where every physical card is: hands, the draw pile (top last) and the discard pile."""

    hands: dict[str, list[str]]
    draw: list[str]
    discard: list[str] = field(default_factory=list)


class CountingTable:
    """Plays a Who's Counting? game to the end, one action at a time, from a seed."""

    def __init__(self, game: WhosCounting, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.catalog = load_catalog()
        deck = [c.id for c in self.catalog.game("whos-counting").cards(["A"], DECK)]
        self.rng.shuffle(deck)
        players = game.seats()
        hands = {p: [deck.pop() for _ in range(HAND_SIZE)] for p in players}
        self.table = Hands(hands, deck)
        self.t = 0.0

    def actions(self) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Yield (action, events) until the game is over."""
        while not self.game.outcome().over:
            player = self.game.turns().current
            assert player is not None
            expression = self._best(player)
            if expression is None:
                yield from self._trade_or_pass(player)
                continue
            cards, wrong = expression
            if wrong is not None:
                yield self._apply({"type": "submit", "player": player, "cards": wrong, "blue": []})
            blue = self._blue(player)
            yield self._apply({"type": "submit", "player": player, "cards": cards, "blue": blue})
            yield from self._window(player)

    # ---- one turn ------------------------------------------------------------------------------

    def _best(self, player: str) -> tuple[list[str], list[str] | None] | None:
        """The best expression in the hand (real cards), and maybe a wrong order of it first."""
        hand = self.table.hands[player]
        numbers = [c for c in hand if self._face(c).kind == "number"]
        ops = [c for c in hand if self._face(c).kind == "operation"]
        best: tuple[int, list[str]] | None = None
        for size in range(2, min(4, len(numbers)) + 1):
            for chosen in itertools.permutations(numbers, size):
                for between in itertools.permutations(ops, size - 1):
                    row = [x for pair in itertools.zip_longest(chosen, between) for x in pair if x is not None]
                    judged = judge([self._token(c) for c in row], order=self.game.rules.order,
                                   bonus_counts=self.game.rules.bonus_counts)
                    if judged.ok and (best is None or judged.points > best[0]):
                        best = (judged.points, row)
        if best is None:
            return None
        row = best[1]
        wrong = None
        if self.rng.random() < WRONG_FIRST and len(row) >= 3:
            wrong = [row[1], row[0], *row[2:]]  # an operation first: judged, then corrected
        return row, wrong

    def _blue(self, player: str) -> list[str]:
        """A Double and an Extra Turn if the hand has them (a Stop is kept to answer a red card)."""
        hand = self.table.hands[player]
        chosen = []
        for effect in ("double", "extra_turn"):
            card = next((c for c in hand if self._face(c).extra.get("effect") == effect), None)
            if card is not None:
                chosen.append(card)
        return chosen

    def _window(self, player: str) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Opponents may throw a red card; the player may answer with a Stop; the window closes."""
        seats = self.game.seats()
        start = seats.index(player)
        for other in (seats[(start + k) % len(seats)] for k in range(1, len(seats))):
            red = next((c for c in self.table.hands[other] if self._face(c).kind in ("red", "goo")), None)
            if red is not None and self.rng.random() < THROW:
                _, events = step = self._apply({"type": "red", "player": other, "card": red})
                yield step
                stop = next((c for c in self.table.hands[player] if self._face(c).extra.get("effect") == "stop"), None)
                if any(e["type"] == "answer_window" for e in events) and stop is not None:
                    yield self._apply({"type": "stop", "player": player, "card": stop})
                break
        deadline = self.game.deadline()
        assert deadline is not None and deadline.action["type"] == "window_closed"
        yield self._apply({"type": "window_closed"}, at=deadline.at)

    def _trade_or_pass(self, player: str) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Nothing to lay: trade three cards (the least useful), or pass with an empty hand."""
        count = min(3, len(self.table.hands[player]))
        if count:
            yield self._apply({"type": "trade", "player": player, "count": count})
        else:
            yield self._apply({"type": "pass", "player": player})

    # ---- following the referee -----------------------------------------------------------------

    def _apply(self, action: dict[str, Any], at: float | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        self.t = round(at if at is not None else self.t + 2.0, 2)
        stamped = {**action, "t": self.t}
        events = self.game.apply(stamped)
        self._follow(stamped, events)
        return stamped, events

    def _follow(self, action: Mapping[str, Any], events: list[dict[str, Any]]) -> None:
        """Move the real cards as the referee ruled."""
        table = self.table
        for event in events:
            kind = event["type"]
            if kind == "expression_scored":
                self._play(action["player"], action["cards"] + action["blue"])
            elif kind == "red_card":
                self._play(event["player"], [event["card"]])
            elif kind == "stopped" and action["type"] == "stop":
                self._play(action["player"], [action["card"]])
            elif kind == "traded":
                hand = table.hands[event["player"]]
                traded = self._least_useful(hand, event["count"])
                for card in traded:
                    hand.remove(card)
                self._draw(event["player"], event["drawn"], discarded=traded)
            elif kind == "draw":
                self._draw(event["player"], event["cards"])

    def _play(self, player: str, cards: list[str]) -> None:
        for card in cards:
            self.table.hands[player].remove(card)
            self.table.discard.append(card)

    def _draw(self, player: str, count: int, discarded: list[str] = ()) -> None:  # type: ignore[assignment]
        table = self.table
        if len(table.draw) < count:  # the referee shuffles the discards back in, traded cards too
            pile = table.discard + list(discarded)
            self.rng.shuffle(pile)
            table.draw, table.discard, discarded = pile + table.draw, [], []
        table.hands[player].extend(table.draw.pop() for _ in range(min(count, len(table.draw))))
        table.discard.extend(discarded)

    def _least_useful(self, hand: list[str], count: int) -> list[str]:
        """Wild cards and red cards are kept; everything else goes, numbers first."""
        order = {"super": 5, "red": 4, "goo": 4, "blue": 3, "operation": 2, "number": 1}
        return sorted(hand, key=lambda c: (order.get(self._face(c).kind, 0), c))[:count]

    def _face(self, card: str) -> Any:
        return self.catalog.card(card).face

    def _token(self, card: str) -> Any:
        face = self._face(card)
        return face.number if face.kind == "number" else Op.parse(face.op)

    def card(self, card_id: str) -> Card:
        return self.catalog.card(card_id)
