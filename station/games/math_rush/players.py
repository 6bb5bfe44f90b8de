"""Virtual Math Rush players: a real shuffled deck, real hands, and a team that rushes.

They hold real card IDs, lay goals from the goal pile into free rows, start the clock, and then,
one after another a second or two apart, play a card that fits a goal (or lies on an equal card
of a set); now and then one plays a card out of order by mistake, and the team mostly lifts it
off and turns a Help card over to clear it. A completed goal is flipped and a new one laid in a
free row; a hand that fits nothing is redrawn with a Help card now and then. They draw back up
after every play, stop a few seconds before the time is up, and play three rounds. The virtual
table (``station.games.math_rush.demo``) turns each action into cards on the mat; the game they
play is the expected one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import load_catalog
from engine.math_rush import MathRush
from engine.math_rush.config import GOALS_IN_PLAY, ROUNDS
from engine.math_rush.goals import Goal

MISTAKE = 0.07  # how often a player lays a card that does not fit
FIX_MISTAKE = 0.7  # how often the team clears a broken set with a Help card (when it has one)
REDRAW = 0.3  # how often a team whose hands fit nothing uses a Help card to redraw
STACK = 0.5  # how often a card equal to one in a set is stacked on it rather than kept
ROWS = 4  # rows on the mat
STOP_BEFORE_END = 10.0  # seconds before time is up when the team stops playing (no card in the air)
THINK = (1.2, 3.0)  # seconds between plays
CLEAR_OF_CLOCK = 1.5  # seconds kept between a play and the clock's warning
PLAYS_WITHOUT_TIMER = 14  # plays a round lasts when there is no clock


@dataclass
class Piles:
    """Where every physical card is: hands, the draw piles (top last), the discards."""

    hands: dict[str, list[str]]
    numbers: list[str]
    goals: list[str]
    discard: list[str] = field(default_factory=list)


class RushTable:
    """Plays a Math Rush game to the end, one action at a time, from a seed."""

    def __init__(self, game: MathRush, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        deck = load_catalog().game("math-rush").cards(["A"])
        advanced = game.rules.advanced
        self.number_cards = [c.id for c in deck if c.face.kind == "number" or (advanced and c.face.kind == "advanced")]
        self.goal_cards = [c.id for c in deck if c.face.kind == "goal" or (advanced and c.face.kind == "advanced-goal")]
        self.help_cards = [c.id for c in deck if c.face.kind == "help"]
        self.helps_used = 0
        self.value = {c.id: c.face.number for c in deck if c.face.number is not None}
        self.goal_of = {c.id: Goal.from_face(c.face) for c in deck if c.face.kind in ("goal", "advanced-goal")}
        self.piles = Piles({}, [], [])
        self.t = 0.0
        self.turn = 0

    # ---- the game ------------------------------------------------------------------------------

    def actions(self) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Yield (action, events) until the game is over."""
        if self.game.rules.help == "cards":   # laid face up in their box first: the camera tells the game so
            for card in self.help_cards:
                yield from self._act({"type": "help_card", "card": card}, 0.6)
        for round_number in range(1, ROUNDS + 1):
            self._deal()
            for row in range(1, (1 if self.game.rules.one_goal else GOALS_IN_PLAY) + 1):
                yield from self._act({"type": "goal", "card": self.piles.goals.pop(), "row": row}, 2.0)
            yield from self._act({"type": "start"}, 1.0)
            yield from self._rush()
            if self.game.rules.timer:
                yield from self._clock(until=None)
            else:
                yield from self._act({"type": "end_round"}, 1.0)
            if round_number < ROUNDS:
                yield from self._act({"type": "next_round"}, 20.0)  # the round's scores shown, cards gathered

    def _deal(self) -> None:
        numbers, goals = list(self.number_cards), list(self.goal_cards)
        self.rng.shuffle(numbers)
        self.rng.shuffle(goals)
        size = self.game.rules.hand_size
        hands = {p: [numbers.pop() for _ in range(size)] for p in self.game.seats()}
        self.piles = Piles(hands, numbers, goals)

    def _rush(self) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        rules = self.game.rules
        end = self.game.started_at + rules.seconds - STOP_BEFORE_END
        plays = 0
        while (self.t + THINK[1] < end) if rules.timer else plays < PLAYS_WITHOUT_TIMER:
            yield from self._pass_time(self.rng.uniform(*THINK))
            player = self.game.seats()[self.turn % len(self.game.seats())]
            self.turn += 1
            play = self._choose(player)
            if play is None:
                yield from self._stuck()
                continue
            plays += 1
            yield from self._play(player, *play)

    def _pass_time(self, seconds: float) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Time goes by: the clock's deadlines on the way are applied first, and nobody acts just as
        the tone sounds (within ``CLEAR_OF_CLOCK`` of it), so the station sees the same order."""
        self.t += seconds
        due = self.game.deadline()
        if due is not None and abs(self.t - due.at) < CLEAR_OF_CLOCK:
            self.t = due.at + CLEAR_OF_CLOCK
        yield from self._clock(until=self.t)

    def _clock(self, until: float | None) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The referee's clock: every deadline due by ``until`` (all of them when None), as the station
        applies them before the next play."""
        while (due := self.game.deadline()) is not None and (until is None or due.at <= until):
            self.t = max(self.t, due.at)
            timed = {**due.action, "t": due.at}
            yield timed, self.game.apply(timed)

    def _choose(self, player: str) -> tuple[str, int, str] | None:
        """(card, row, card beneath or "") a player lays: one that fits, or now and then a mistake."""
        hand = self.piles.hands[player]
        rows = [r for r in self.game.state()["rows"] if not r["complete"]]
        if not rows or not hand:
            return None
        fits = [(card, r["row"], on) for card in hand for r in rows for on in self._spots(card, r)]
        if self.rng.random() < MISTAKE:
            wrong = [(card, r["row"], "") for card in hand for r in rows if "" not in self._spots(card, r)]
            if wrong:
                return self.rng.choice(wrong)
        if not fits:
            return None
        stacks = [f for f in fits if f[2]]
        if stacks and self.rng.random() < STACK:
            return self.rng.choice(stacks)
        ends = [f for f in fits if not f[2]] or fits
        return self.rng.choice(ends)

    def _spots(self, card: str, row: dict[str, Any]) -> list[str]:
        """Where ``card`` may go in ``row``: "" at the set's end, or the ID of an equal card to lie on."""
        goal = self.goal_of[row["goal"]]
        in_set = [p["card"] for p in row["cards"] if not p["lifted"]]
        number = self.value[card]
        spots = [""] if not goal.why_not(number, [self.value[c] for c in in_set], None) else []
        on_top = {p["on"] for p in row["cards"]}  # a card already covered is not laid on again
        spots += [c for c in in_set if c not in on_top and self.value[c].value == number.value
                  and not goal.why_not(number, [], self.value[c])]
        return spots

    def _play(self, player: str, card: str, row: int, on: str) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        self.piles.hands[player].remove(card)
        self._draw_up(player)
        action = {"type": "play", "t": self.t, "card": card, "row": row, "on": on}
        events = self.game.apply(action)
        yield action, events
        completed = any(e["type"] == "goal_complete" for e in events)  # a full set is final, broken or not
        for event in events:
            if event["type"] == "card_played" and not event["ok"] and not completed and self._fix_it():
                yield from self._act({"type": "lift", "card": card}, 3.0)
                self.piles.discard.append(card)
                if self.game.rules.help == "cards" and not self.game.rules.one_goal:  # else the lift took it away
                    yield from self._act(self._help("clear"), 3.0)
            if event["type"] == "goal_complete":
                yield from self._new_goal(event["row"])

    def _help(self, use: str) -> dict[str, Any]:
        """A Help action; with Help cards, it names the next one turned over, as the camera does."""
        if self.game.rules.help != "cards":
            return {"type": "help", "use": use}
        card = self.help_cards[self.helps_used]
        self.helps_used += 1
        return {"type": "help", "use": use, "card": card}

    def _fix_it(self) -> bool:
        help_left = self.game.help_left
        return (help_left is None or help_left > 0) and self.rng.random() < FIX_MISTAKE

    def _new_goal(self, done_row: int) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The completed goal is flipped; a new one goes in a free row (an empty one first, else
        the oldest completed row, whose cards are cleared away)."""
        state = self.game.state()
        taken = {r["row"] for r in state["rows"]}
        empty = [row for row in range(1, ROWS + 1) if row not in taken]
        complete = [r["row"] for r in state["rows"] if r["complete"]]
        active = len(state["rows"]) - len(complete)
        if active >= (1 if self.game.rules.one_goal else GOALS_IN_PLAY) or not self.piles.goals:
            return
        row = empty[0] if empty else next((r for r in complete if r != done_row), complete[0])
        cleared = 0 if empty else len(next(r for r in state["rows"] if r["row"] == row)["cards"])
        yield from self._act({"type": "goal", "card": self.piles.goals.pop(), "row": row}, 2.0 + 0.3 * cleared)

    def _stuck(self) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Nothing in anyone's hand fits: a Help card to redraw, now and then (else they wait)."""
        help_left = self.game.help_left
        if (help_left is None or help_left > 0) and self.rng.random() < REDRAW:
            yield from self._act(self._help("redraw"), 3.0)
            for player, hand in self.piles.hands.items():
                self.piles.discard += hand
                hand.clear()
                self._draw_up(player)

    def _draw_up(self, player: str) -> None:
        hand = self.piles.hands[player]
        while len(hand) < self.game.rules.hand_size:
            if not self.piles.numbers:
                if not self.piles.discard:
                    return
                self.rng.shuffle(self.piles.discard)
                self.piles.numbers, self.piles.discard = self.piles.discard, []
            hand.append(self.piles.numbers.pop())

    def _act(self, action: dict[str, Any], seconds: float) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        yield from self._pass_time(seconds)
        timed = {**action, "t": self.t}
        yield timed, self.game.apply(timed)
