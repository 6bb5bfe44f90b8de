"""Virtual Big Bang players: each a real shuffled set, a real hand of 3, and a tableau to grow.

They hold real card IDs. On a turn a player lays what fits (from the hand, or the discard pile's
top), keeping the tableau close round the Black Star so it stays in the camera's view; now and
then one lays a card where it does not fit, hears the buzz and takes it back. With nothing that
fits, the whole hand goes face up on the discard pile, card by card, and three new cards are
drawn; otherwise the hand is drawn back to 3 at the end of the turn. In a race the players take
their turns side by side, a few seconds apart. The virtual table (``station.games.big_bang.demo``)
turns each action into cards on the mat; the game they play is the expected one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.big_bang import BigBang
from engine.big_bang.config import HAND_SIZE
from engine.big_bang.lattice import Cell, centroid, turns
from engine.big_bang.tableau import open_cells, places, why_not
from engine.catalog import load_catalog

MISTAKE = 0.08  # how often a player lays a card where it does not fit
THINK = (1.5, 3.5)  # seconds between a player's actions
STALL_TURNS = 2  # rounds of turns with no play before a racer lays a card past the table's edge
SIDE = 100.0  # mm: only the ratio matters here (the lattice keeps close round the star)

Step = tuple[dict[str, Any], list[dict[str, Any]]]


@dataclass
class Hands:
    """One player's physical cards: the deck (top last), the hand and the discard pile (top last)."""

    deck: list[str]
    hand: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)


class BangTable:
    """Plays a Big Bang game to the end, one action at a time, from a seed."""

    def __init__(self, game: BigBang, seed: int, room: Callable[[str, Cell], bool] | None = None,
                 reach: Callable[[str, Cell], bool] | None = None) -> None:
        self.game = game
        self.room = room or (lambda player, cell: True)  # the cells of a player's play area
        self.reach = reach or self.room  # the cells they may still use when nothing fits in it
        self.out_of_reach: dict[str, bool] = {}  # a player whose card fits only out of reach this turn
        self.stalled = 0  # turns in a row nobody played
        self.rng = random.Random(seed)
        self.t = 0.0
        catalog = load_catalog().game("big-bang")
        self.kind = {c.id: c.face.kind for c in catalog.cards()}
        self.hands: dict[str, Hands] = {}

    # ---- the game ------------------------------------------------------------------------------

    def actions(self) -> Iterator[Step]:
        """Yield (action, events) until the game is over."""
        while not self.game.over:
            self._deal()
            yield from self._act({"type": "start"}, 2.0)
            yield from self._race()
            if not self.game.over:
                yield from self._act({"type": "next_round"}, 20.0)  # the scores read, the cards gathered

    def _deal(self) -> None:
        rules = self.game.rules
        sets = load_catalog().game("big-bang")
        for player in self.game.seats():
            cards = [c.id for c in sets.cards([rules.set_of(player)])
                     if c.face.kind == "number" or (rules.rules_cards and c.face.kind == "rules")]
            self.rng.shuffle(cards)
            self.hands[player] = Hands(cards)
            self._draw_up(player)

    def _race(self) -> Iterator[Step]:
        """Everyone's turns, side by side, until the round is over."""
        while self.game.phase == "playing":
            for player in self.game.seats():
                if self.game.phase != "playing":
                    return
                yield from self._turn(player)
                yield from self._clock(until=self.t)

    def _turn(self, player: str) -> Iterator[Step]:
        """Lay what fits (a mistake now and then); a dead hand goes on the pile; draw back to 3."""
        played = 0
        self.out_of_reach[player] = False
        while self.game.phase == "playing":
            move = self._best(player)
            if move is not None and self.rng.random() < MISTAKE:
                yield from self._mistake(player, move[0])
                if self.game.phase != "playing":
                    return
            if move is None:
                break
            card, cell, turn = move
            yield from self._play(player, card, cell, turn)
            played += 1
        if self.game.phase != "playing":
            return
        mine = self.hands[player]
        self.stalled = 0 if played else self.stalled + 1
        if not played and self.out_of_reach.pop(player, False):
            return  # in a race a card that fits only off the table waits: the others play on
        if not played and mine.hand:
            for card in list(mine.hand):  # a dead hand: every card face up on the pile
                mine.hand.remove(card)
                mine.pile.append(card)
                yield from self._act({"type": "discard", "player": player, "card": card}, 1.0)
                if self.game.phase != "playing":
                    return
        if self._replays(player):  # the deck gone: the pile shuffled back in, as the engine did
            mine.deck = mine.pile[::-1]
            mine.pile = []
        self._draw_up(player)
        if not mine.deck and not mine.hand and not played:
            yield from self._pass_time(1.0)  # nothing to do: the others play on

    def _replays(self, player: str) -> bool:
        seat = next(s for s in self.game.state()["tableaux"] if s["player"] == player)
        return not self.hands[player].deck and seat["replayed"] and bool(self.hands[player].pile) and not seat["discard"]

    # ---- one move --------------------------------------------------------------------------------

    def _best(self, player: str) -> tuple[str, Cell, int] | None:
        """A card that fits and where: hand first, then the pile's top, nearest the Black Star."""
        tableau = self.game.seats_[player].tableau
        mine = self.hands[player]
        candidates = list(mine.hand) + mine.pile[-1:]
        anywhere = [(card, cell, turn) for card in candidates for cell, turn in places(tableau, self.game.piece(card))]
        spots = [spot for spot in anywhere if self.room(player, spot[1])] or \
            [spot for spot in anywhere if self.reach(player, spot[1])]
        if not spots and anywhere:
            self.out_of_reach[player] = True  # it fits only where the table has no room: wait, if one can
            if len(self.game.seats()) == 1 or self.stalled >= STALL_TURNS * len(self.game.seats()):
                spots = anywhere  # nobody else can play on: past the table's edge, then
        if not spots:
            return None
        near = min(math.dist(centroid(cell, SIDE), (0, 0)) for _, cell, _ in spots)
        closest = [s for s in spots if math.dist(centroid(s[1], SIDE), (0, 0)) <= near + 1e-6]
        return self.rng.choice(closest)

    def _mistake(self, player: str, card: str) -> Iterator[Step]:
        """``card`` laid beside the tableau where it does not fit; the buzz; taken back."""
        tableau = self.game.seats_[player].tableau
        piece = self.game.piece(card)
        wrong = [cell for cell in open_cells(tableau)
                 if self.room(player, cell) and why_not(tableau, piece.turned(turns(cell)[0]), cell)]
        if not wrong:
            return
        cell = min(wrong, key=lambda c: math.dist(centroid(c, SIDE), (0, 0)))
        yield from self._act({"type": "play", "player": player, "card": card, "cell": list(cell),
                              "turn": turns(cell)[0]}, self.rng.uniform(*THINK))
        yield from self._act({"type": "lift", "player": player, "card": card}, 2.0)

    def _play(self, player: str, card: str, cell: Cell, turn: int) -> Iterator[Step]:
        mine = self.hands[player]
        if card in mine.hand:
            mine.hand.remove(card)
        else:
            mine.pile.remove(card)
        yield from self._act({"type": "play", "player": player, "card": card, "cell": list(cell), "turn": turn},
                             self.rng.uniform(*THINK))

    def _draw_up(self, player: str) -> None:
        mine = self.hands[player]
        while len(mine.hand) < HAND_SIZE and mine.deck:
            mine.hand.append(mine.deck.pop())

    # ---- time ----------------------------------------------------------------------------------

    def _act(self, action: dict[str, Any], seconds: float) -> Iterator[Step]:
        yield from self._pass_time(seconds)
        if self.game.phase == "playing" or action["type"] in ("start", "next_round"):
            timed = {**action, "t": self.t}
            yield timed, self.game.apply(timed)

    def _pass_time(self, seconds: float) -> Iterator[Step]:
        self.t = round(self.t + seconds, 2)
        yield from self._clock(until=self.t)

    def _clock(self, until: float) -> Iterator[Step]:
        """The referee's clock (a speed game's time limit), applied as the station applies it."""
        while (due := self.game.deadline()) is not None and due.at <= until:
            timed = {**due.action, "t": due.at}
            yield timed, self.game.apply(timed)
