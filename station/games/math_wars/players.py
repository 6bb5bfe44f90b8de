"""Virtual Math Wars Meta players: shuffled physical decks that follow the referee's rulings.

The engine only counts cards; these players hold real card IDs in real order, turn up the top
card of each pile, and move cards exactly as the engine's events say (payments, reshuffles,
new rounds). That makes a whole seeded game for the demo, and lets tests check that the engine's
counts always match a real table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import load_catalog
from engine.math_wars import MathWars
from engine.math_wars.config import CRATE_DECK


@dataclass
class PlayerCards:
    """One player's cards, top of each pile last."""

    draw: list[str] = field(default_factory=list)
    battle: list[str] = field(default_factory=list)
    spoils: list[str] = field(default_factory=list)
    crate_draw: list[str] = field(default_factory=list)
    crate_battle: list[str] = field(default_factory=list)
    crate_discard: list[str] = field(default_factory=list)


class VirtualTable:
    """Plays a Math Wars Meta game to the end, one action at a time, from a seed."""

    def __init__(self, game: MathWars, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.cards: dict[str, PlayerCards] = {}
        self.clock = 0.0
        self._deal()

    def _deal(self) -> None:
        deck = load_catalog().game("math-wars")
        edition = self.game.rules.edition
        for seat in self.game.rules.seats:
            draw = [c.id for c in deck.cards([seat.copy], deck=edition.deck)]
            crates = [c.id for c in deck.cards([seat.copy], deck=CRATE_DECK)]
            self.rng.shuffle(draw)
            self.rng.shuffle(crates)
            self.cards[seat.name] = PlayerCards(draw=draw, crate_draw=crates)

    def actions(self) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Yield (action, events) until the game is won."""
        while self.game.winner is None:
            show = self.game.showdown
            for player in show.contenders:
                yield self._apply(self._turn_up_count(player, show.face_down))
                yield self._apply(self._turn_up_crate(player))

    def _apply(self, action: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        hand_before = self._hand()
        events = self.game.apply(action)
        self._follow(events, hand_over=self._hand() != hand_before)
        return action, events

    def _next_t(self) -> float:
        self.clock = round(self.clock + 1.5, 1)
        return self.clock

    def _turn_up_count(self, player: str, face_down: int) -> dict[str, Any]:
        cards = self.cards[player]
        reshuffle = self.game.rules.discard_option == 2
        if not cards.draw and reshuffle:
            self._reshuffle(cards)
        available = len(cards.draw) + (len(cards.spoils) if reshuffle else 0)
        for _ in range(max(min(face_down, available - 1), 0)):
            if not cards.draw:
                self._reshuffle(cards)
            cards.battle.append(cards.draw.pop())
        if not cards.draw:
            self._reshuffle(cards)
        card = cards.draw.pop()
        cards.battle.append(card)
        return {"type": "play", "t": self._next_t(), "player": player, "card": card}

    def _turn_up_crate(self, player: str) -> dict[str, Any]:
        cards = self.cards[player]
        if not cards.crate_draw:
            cards.crate_draw, cards.crate_discard = cards.crate_discard, []
            self.rng.shuffle(cards.crate_draw)
        card = cards.crate_draw.pop()
        cards.crate_battle.append(card)
        return {"type": "play", "t": self._next_t(), "player": player, "card": card}

    def _reshuffle(self, cards: PlayerCards) -> None:
        cards.draw, cards.spoils = cards.draw + cards.spoils, []
        self.rng.shuffle(cards.draw)

    def _hand(self) -> tuple[int, int]:
        return self.game.round, self.game.hand

    def _follow(self, events: list[dict[str, Any]], hand_over: bool) -> None:
        """Move the real cards as the referee ruled."""
        for event in events:
            if event["type"] == "cards_paid":
                payer, to = self.cards[event["player"]], self.cards[event["to"]]
                for _ in range(event["paid"]):
                    if not payer.draw:
                        self._reshuffle(payer)
                    to.spoils.append(payer.draw.pop())
                to.spoils.extend(payer.battle)
                payer.battle.clear()
            elif event["type"] == "solo_discard":
                cards = self.cards[event["player"]]
                cards.spoils.extend(cards.draw.pop() for _ in range(event["paid"]))
        if any(e["type"] == "round_started" for e in events):
            self._deal()
        elif hand_over or self.game.winner is not None:   # clear the table for the next hand
            self._clear_battle_piles()

    def _clear_battle_piles(self) -> None:
        for cards in self.cards.values():
            cards.spoils.extend(cards.battle)   # winners keep their own battle cards
            cards.battle.clear()
            cards.crate_discard.extend(cards.crate_battle)
            cards.crate_battle.clear()
