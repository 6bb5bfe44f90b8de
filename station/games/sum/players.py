"""Virtual SUM players: real shuffled Numbers and Operations decks, real hands, and turns a table
would play.

They hold real card IDs, turn up the target from the top of the Numbers deck whenever the game
needs one, lay an honest equation from their hand that makes it (now and then a wrong one first:
judged, then a draw and the right one), draw through the DRAW menu (at most two a turn), play a
wild card now and then, end their turn after two draws without an equation, and move their
cards exactly as the referee's events say: number cards won to the player's pile, operation and
wild cards shuffled back into the Operations deck, the cards each wild card moves. That makes a
whole seeded game for the demo, and lets tests check the engine's hidden-hand counts against a
real table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import CardFace, load_catalog
from engine.expressions import Op
from engine.expressions import solve as search_rows
from engine.sum import Sum
from engine.sum.config import NUMBERS_DEALT, OPERATIONS_DEALT
from engine.sum.equation import judge

WRONG_FIRST = 0.2  # how often a player lays a wrong equation before the right one (draws left)
WILD = 0.4  # how often a player holding a wild card plays it at the start of a turn
NUMBERS_FIRST = 0.6  # how often a draw is from the Numbers deck (when both have cards)
MAX_CARDS = 8  # the longest equation a player lays: what fits along the mat's strip
BUDGET = 3_000  # partial rows the bounded solver looks at per try, so a turn stays fast
FOUND = 12  # equations collected per try before the longest is chosen

Step = tuple[dict[str, Any], list[dict[str, Any]]]


@dataclass
class SumCards:
    """Where every physical card is. Decks have their top card last; ``out`` holds the targets
    already won and the cards discarded by Neutralization, out of the game."""

    hands: dict[str, list[str]]
    numbers: list[str]
    operations: list[str]
    won: dict[str, list[str]]
    target: str | None = None
    out: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Pair:
    """Two equal number cards side by side, standing as one number for the solver."""

    card: int  # the value printed on each card
    value: int  # what the pair is worth: their sum, or their product

    def pretty(self) -> str:
        return f"({self.card} {self.card})"


class SumTablePlayers:
    """Plays a SUM game to the end, one action at a time, from a seed."""

    def __init__(self, game: Sum, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.catalog = load_catalog()
        deck = self.catalog.game("sum")
        numbers = [c.id for c in deck.cards(["A"], "numbers")]
        operations = [c.id for c in deck.cards(["A"], "operations")]
        self.rng.shuffle(numbers)
        self.rng.shuffle(operations)
        players = game.seats()
        hands = {p: [numbers.pop() for _ in range(NUMBERS_DEALT)] + [operations.pop() for _ in range(OPERATIONS_DEALT)]
                 for p in players}
        self.cards = SumCards(hands, numbers, operations, {p: [] for p in players})
        self.t = 0.0
        self.meant_wrong: list[float] = []  # when an equation was laid wrong on purpose

    def actions(self) -> Iterator[Step]:
        """Yield (action, events) until the game is over."""
        while not self.game.outcome().over:
            if self.game.state()["target"] is None:
                yield self._apply({"type": "target", "card": self.cards.numbers[-1]})
                continue
            player = self.game.turns().current
            assert player is not None
            yield from self._turn(player)

    # ---- one turn ------------------------------------------------------------------------------

    def _turn(self, player: str) -> Iterator[Step]:
        wild = self._wild_to_play(player)  # only cards held since before this turn: none drawn yet
        if wild is not None:
            yield self._apply({"type": "wild", "player": player, "card": wild})
        tried_wrong = False
        while self._playing(player):
            found = self._equation(player)
            draws_left = self.game.state()["draws_left"]
            if found is not None:
                slip = not tried_wrong and draws_left and self.rng.random() < WRONG_FIRST
                wrong = self._wrong(player, found) if slip else None
                if wrong is None:
                    yield self._apply({"type": "submit", "player": player, "cards": found})
                    continue
                tried_wrong = True
                self.meant_wrong.append(round(self.t + 2.0, 2))
                yield self._apply({"type": "submit", "player": player, "cards": wrong})
            deck = self._deck_to_draw() if draws_left else None
            if deck is None:
                yield self._apply({"type": "end_turn", "player": player})
            else:
                yield self._apply({"type": "draw", "player": player, "deck": deck})

    def _playing(self, player: str) -> bool:
        return not self.game.outcome().over and self.game.turns().current == player

    def _deck_to_draw(self) -> str | None:
        """Numbers more often than not; the other deck when one is empty; None when both are."""
        state = self.game.state()
        have = [deck for deck in ("numbers", "operations") if state[f"{deck}_deck"]]
        if len(have) < 2:
            return have[0] if have else None
        return "numbers" if self.rng.random() < NUMBERS_FIRST else "operations"

    def _wild_to_play(self, player: str) -> str | None:
        """Now and then a wild card from the hand, when it may be played (Neutralization and
        Rotation need another card in the hand)."""
        hand = self.cards.hands[player]
        wilds = [c for c in hand if self._face(c).kind == "wild"]
        if not wilds or self.rng.random() >= WILD:
            return None
        card = self.rng.choice(wilds)
        needs_another = self._face(card).extra.get("effect") in ("neutralization", "rotation")
        return None if needs_another and len(hand) < 2 else card

    # ---- finding an equation -------------------------------------------------------------------

    def _equation(self, player: str) -> list[str] | None:
        """An equation from the hand (real cards, in reading order) that makes the target: the
        whole hand if it can (an empty hand wins), else the longest the bounded search finds."""
        hand = self.cards.hands[player]
        numbers = [c for c in hand if self._face(c).kind == "number"]
        operations = [c for c in hand if self._face(c).kind == "operation"]
        if not numbers or not operations:
            return None
        if len(numbers) + len(operations) == len(hand) <= MAX_CARDS:
            whole = self._rows(numbers, operations, every_card=True)
            if whole:
                return whole[0]
        rows = self._rows(numbers, operations, every_card=False)
        return max(rows, key=len) if rows else None

    def _rows(self, numbers: list[str], operations: list[str], *, every_card: bool) -> list[list[str]]:
        """Rows of these cards that make the target, found by the engine's bounded solver with each
        possible pair standing as one number. The players trust their own arithmetic: the referee
        judges the row only when it is laid, so a referee that got a rule wrong is caught."""
        rules, target = self.game.rules, self.game.state()["target"]["value"]
        values = [int(self._face(c).number.value) for c in numbers]  # type: ignore[union-attr]
        ops = [Op.parse(self._face(c).op) for c in operations]  # type: ignore[arg-type]
        found: list[list[str]] = []
        for tokens in self._with_pairs(values, rules.pairs):
            terms = len(tokens)
            result = search_rows(tokens, target, ops=ops, order=rules.order, whole_numbers=not rules.fractions,
                                 min_ops=1, min_numbers=terms if every_card else 1,
                                 max_numbers=terms if every_card else None,
                                 accept=(lambda row: sum(isinstance(t, Op) for t in row) == len(ops)) if every_card
                                 else None, max_solutions=1 if every_card else FOUND, budget=BUDGET)
            for solution in result.solutions:
                row = self._cards_for(solution.tokens, numbers, operations)
                if len(row) <= MAX_CARDS:
                    found.append(row)
        return found

    @staticmethod
    def _with_pairs(values: list[int], pairs: str) -> list[list[Any]]:
        """The hand's numbers as they are, and with each pair of equal cards as one number."""
        variants: list[list[Any]] = [list(values)]
        for value in sorted({v for v in values if values.count(v) >= 2}):
            rest = list(values)
            rest.remove(value)
            rest.remove(value)
            variants.append([_Pair(value, value * value if pairs == "product" else value + value), *rest])
        return variants

    def _cards_for(self, tokens: Sequence[Any], numbers: list[str], operations: list[str]) -> list[str]:
        """The hand's real cards for a solver's row of values and signs."""
        numbers, operations = list(numbers), list(operations)
        row: list[str] = []

        def take(pool: list[str], wanted: Any) -> str:
            card = next(c for c in pool if self._token(c) == wanted)
            pool.remove(card)
            return card

        for token in tokens:
            if isinstance(token, Op):
                row.append(take(operations, token))
            elif isinstance(token, _Pair):
                row += [take(numbers, token.card), take(numbers, token.card)]
            else:
                row.append(take(numbers, token))
        return row

    def _wrong(self, player: str, row: list[str]) -> list[str] | None:
        """A slip a child makes: the same numbers in another order, or another operation card from
        the hand in place of one, that the referee judges to make another value (a row that cannot
        be read if no such slip turns up); None when every slip tried is right after all."""
        spare_ops = [c for c in self.cards.hands[player] if self._face(c).kind == "operation" and c not in row]
        slots = [i for i, c in enumerate(row) if self._face(c).kind == "operation"]
        broken = None
        for attempt in range(12):
            tried = list(row)
            if attempt % 2 and spare_ops and slots:
                tried[self.rng.choice(slots)] = self.rng.choice(spare_ops)
            else:
                tried = self.rng.sample(row, len(row))
            judged = self._judged(tried)
            if judged.code == "wrong":
                return tried
            if not judged.ok and broken is None:
                broken = tried
        return broken

    def _judged(self, row: list[str]) -> Any:
        rules = self.game.rules
        return judge([self._token(c) for c in row], target=self.game.state()["target"]["value"], pairs=rules.pairs,
                     order=rules.order, fractions=rules.fractions)

    # ---- following the referee -----------------------------------------------------------------

    def _apply(self, action: dict[str, Any]) -> Step:
        self.t = round(self.t + 2.0, 2)
        stamped = {**action, "t": self.t}
        events = self.game.apply(stamped)
        unplanned = [e for e in events if e["type"] == "violation" and self.t not in self.meant_wrong]
        if unplanned:
            raise RuntimeError(f"the referee refused an honest play {stamped}: {unplanned[0]['message']}")
        self._follow(stamped, events)
        return stamped, events

    def _follow(self, action: Mapping[str, Any], events: list[dict[str, Any]]) -> None:
        """Move the real cards as the referee ruled."""
        cards = self.cards
        for event in events:
            kind = event["type"]
            if kind == "target_set":
                cards.target = cards.numbers.pop()
                assert cards.target == event["card"], (cards.target, event)
            elif kind == "drew":
                deck = cards.numbers if event["deck"] == "numbers" else cards.operations
                cards.hands[event["player"]].append(deck.pop())
            elif kind == "equation_won":
                self._won(event["player"], action["cards"])
            elif kind == "wild_played":
                cards.hands[event["player"]].remove(event["card"])
                self._shuffle_back([event["card"]])
            elif kind == "everyone_draws":
                for player in event["players"]:
                    cards.hands[player].append(cards.numbers.pop())
            elif kind == "discard":
                hand = cards.hands[event["player"]]
                card = self._least_useful(hand)
                hand.remove(card)
                cards.out.append(card)
            elif kind == "cards_passed":
                self._pass_left(event["players"])

    def _won(self, player: str, row: list[str]) -> None:
        cards = self.cards
        numbers = [c for c in row if self._face(c).kind == "number"]
        for card in row:
            cards.hands[player].remove(card)
        cards.won[player] += numbers
        self._shuffle_back([c for c in row if c not in numbers])
        assert cards.target is not None
        cards.out.append(cards.target)  # the target won goes out of the game; a new one is turned up
        cards.target = None

    def _shuffle_back(self, operations: list[str]) -> None:
        self.cards.operations += operations
        self.rng.shuffle(self.cards.operations)

    def _pass_left(self, players: list[str]) -> None:
        """Everyone picks a card at once, then hands it to the next player in turn order."""
        hands = self.cards.hands
        passed = {player: self.rng.choice(hands[player]) for player in players}
        for index, player in enumerate(players):
            hands[player].remove(passed[player])
            hands[players[(index + 1) % len(players)]].append(passed[player])

    def _least_useful(self, hand: list[str]) -> str:
        """Neutralization's discard: a wild card first (it is never in an equation), else the
        biggest number, else an operation."""
        def keep(card: str) -> tuple[int, int]:
            face = self._face(card)
            if face.kind == "wild":
                return (0, 0)
            if face.kind == "number":
                return (1, -int(face.number.value))  # type: ignore[union-attr]
            return (2, 0)
        return min(hand, key=keep)

    def _face(self, card: str) -> CardFace:
        return self.catalog.card(card).face

    def _token(self, card: str) -> Any:
        face = self._face(card)
        if face.kind == "operation" and face.op:
            return Op.parse(face.op)
        return int(face.number.value)  # type: ignore[union-attr]
