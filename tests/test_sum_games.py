"""Whole SUM games between seeded virtual players: the engine's counts must match a real table,
and its rulings the rule sheet.

The virtual players hold real card IDs and move them only as the referee's events say; after
every action the engine's hand counts, deck counts and won piles must equal the cards the
players really hold, no card may appear, vanish or lie in two places, and no play may be judged
a violation unless the player laid it wrong on purpose. ``SheetCheck`` works every equation out
again from its cards as the rule sheet says (pairs, a minus in front, the order of operations),
so a right equation judged wrong, or a wrong one judged right, fails the game it happens in.
"""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from engine.catalog import CardFace, load_catalog
from engine.rules import replay
from engine.sum import Sum
from station.games.sum.players import SumTablePlayers

CATALOG = load_catalog()
EVERY_CARD = sorted(c.id for deck in ("numbers", "operations") for c in CATALOG.game("sum").cards(["A"], deck))
CONFIGS = [
    {"players": ["Ana", "Ben"]},
    {"players": ["Ana", "Ben", "Cleo"], "pairs": "product"},
    {"players": ["Ana", "Ben", "Cleo", "Dev", "Eve", "Fay"], "order": "left-to-right"},
    {"players": ["Ana", "Ben", "Cleo", "Dev"], "fractions": True, "wild": {"rotation": False, "propagation": False}},
]
SEEDS = range(8)


def check_table(players: SumTablePlayers) -> None:
    """The engine's counts are the real cards, and every card is in exactly one place."""
    state, cards = players.game.state(), players.cards
    assert state["hands"] == {name: len(hand) for name, hand in cards.hands.items()}
    assert (state["numbers_deck"], state["operations_deck"]) == (len(cards.numbers), len(cards.operations))
    assert state["won"] == {name: len(pile) for name, pile in cards.won.items()}
    assert (state["target"] or {}).get("card") == cards.target
    everywhere = [*cards.numbers, *cards.operations, *cards.out, *([cards.target] if cards.target else [])]
    everywhere += [card for hand in cards.hands.values() for card in hand]
    everywhere += [card for pile in cards.won.values() for card in pile]
    assert sorted(everywhere) == EVERY_CARD


def sheet_value(faces: list[CardFace], pairs: str, order: str, whole: bool) -> Fraction | None:
    """An equation's value worked out as the rule sheet says: two equal number cards side by
    side are a pair (their sum, or their product), a minus card in front of a number makes it
    negative, at least one operation; None for a row that is no equation, or (``whole``) whose
    division leaves a remainder."""
    operands: list[Fraction] = []
    ops: list[str] = []
    sign, i = 1, 0
    while i < len(faces):
        face = faces[i]
        if face.kind == "operation" and (i == 0 or faces[i - 1].kind == "operation"):
            if face.op != "-" or i + 1 == len(faces) or faces[i + 1].kind != "number":
                return None  # only a minus goes in front of a number
            sign, i = -1, i + 1
            continue
        if face.kind == "operation":
            ops.append(str(face.op))
            i += 1
            continue
        value = Fraction(face.number.value)  # type: ignore[union-attr]
        if i + 1 < len(faces) and faces[i + 1].kind == "number":
            partner = Fraction(faces[i + 1].number.value)  # type: ignore[union-attr]
            if partner != value or (i + 2 < len(faces) and faces[i + 2].kind == "number"):
                return None  # only two equal cards make a pair
            value = value * value if pairs == "product" else value + value
            i += 1
        operands.append(sign * value)
        sign, i = 1, i + 1
    if not any(f.kind == "operation" for f in faces) or len(operands) != len(ops) + 1:
        return None  # no operation card, or a sign at the end

    def divide(a: Fraction, b: Fraction) -> Fraction | None:
        return None if whole and (a / b).denominator != 1 else a / b

    apply = {"+": Fraction.__add__, "-": Fraction.__sub__, "×": Fraction.__mul__, "÷": divide}
    if order == "left-to-right":
        value: Fraction | None = operands[0]
        for op, operand in zip(ops, operands[1:]):
            value = apply[op](value, operand) if value is not None else None
        return value
    terms: list[Fraction | None] = [operands[0]]  # × and ÷ first, within each term
    signs = [1]
    for op, operand in zip(ops, operands[1:]):
        if op in "×÷":
            terms[-1] = apply[op](terms[-1], operand) if terms[-1] is not None else None
        else:
            terms.append(operand)
            signs.append(1 if op == "+" else -1)
    if any(t is None for t in terms):
        return None
    return sum((s * t for s, t in zip(signs, terms) if t is not None), Fraction(0))


class SheetCheck:
    """Follows a game's events with the rule sheet in hand."""

    def __init__(self, game: Sum) -> None:
        self.game = game
        self.target: int | None = None
        self.seen: Counter[str] = Counter()
        self.log: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def follow(self, action: dict[str, Any], events: list[dict[str, Any]], meant_wrong: bool) -> None:
        self.log.append((action, events))
        rules = self.game.rules
        kinds = [e["type"] for e in events]
        if action["type"] == "submit":
            faces = [CATALOG.card(c).face for c in action["cards"]]
            value = sheet_value(faces, rules.pairs, rules.order.value, not rules.fractions)
            right = value == self.target
            assert right != meant_wrong, (action, events)
            assert ("equation_won" in kinds) == right, (action, value, self.target, events)
            if right:
                (won,) = [e for e in events if e["type"] == "equation_won"]
                assert won["numbers"] == sum(f.kind == "number" for f in faces) and won["target"] == self.target
                self.seen["pair"] += any(a.kind == b.kind == "number" for a, b in zip(faces, faces[1:]))
                self.seen["minus in front"] += faces[0].op == "-" or any(
                    a.kind == b.kind == "operation" for a, b in zip(faces, faces[1:]))
                self.target = None
        for event in events:
            kind = event["type"]
            self.seen[kind] += 1
            if kind == "target_set":
                self.target = int(CATALOG.card(event["card"]).face.number.value)  # type: ignore[union-attr]
                assert event["value"] == self.target
            elif kind == "target_changed":
                assert self.target is not None and event["from"] == self.target
                root = round(self.target ** 0.5)
                self.target = root if root * root == self.target else self.target ** 2
                assert event["to"] == self.target
            elif kind == "everyone_draws":
                others = [p for p in self.game.seats() if p != action["player"]]
                assert event["players"] == others[:len(event["players"])]
            elif kind == "wild_played":
                self.seen[event["effect"]] += 1
            elif kind == "game_over":
                self.seen[event["reason"]] += 1


def play(config: dict[str, Any], seed: int) -> tuple[SumTablePlayers, SheetCheck]:
    game = Sum({"game": "sum", "seed": seed, **config})
    players, sheet = SumTablePlayers(game, seed), SheetCheck(game)
    for action, events in players.actions():
        sheet.follow(action, events, action["t"] in players.meant_wrong)
        check_table(players)
    return players, sheet


@functools.cache
def played(index: int, seed: int) -> tuple[SumTablePlayers, SheetCheck]:
    return play(CONFIGS[index], seed)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=lambda i: ",".join(f"{k}" for k in CONFIGS[i])
                         + f"-{len(CONFIGS[i]['players'])}")
@pytest.mark.parametrize("seed", SEEDS)
def test_virtual_games_keep_the_engine_and_the_table_in_step(index, seed) -> None:
    players, _ = played(index, seed)
    game, cards = players.game, players.cards
    state = game.state()
    assert state["over"] and state["winners"]
    if state["end"] == "empty_hand":
        (winner,) = state["winners"]
        assert cards.hands[winner] == []
    else:
        assert state["end"] == "numbers_out" and cards.numbers == []
        most = max(len(pile) for pile in cards.won.values())
        assert state["winners"] == [name for name, pile in cards.won.items() if len(pile) == most]
    rebuilt, _ = replay(game.config, game.actions)  # the journal replays to the same game
    assert rebuilt.state() == state


def test_many_games_meet_every_rule_the_consistency_test_is_about() -> None:
    """The test above is only as good as the situations it meets: make sure it meets them."""
    seen: Counter[str] = Counter()
    for index in range(len(CONFIGS)):
        for seed in SEEDS:
            seen.update(played(index, seed)[1].seen)
    for kind in ("empty_hand", "numbers_out", "propagation", "neutralization", "radicalization", "rotation",
                 "target_changed", "everyone_draws", "cards_passed", "discard", "pair", "minus in front",
                 "draw_more", "turn_over"):
        assert seen[kind] > 0, kind
    assert seen["violation"] > 0, "no equation was laid wrong first"


def test_players_draw_at_most_two_a_turn_and_end_a_turn_only_after_both() -> None:
    for index in range(len(CONFIGS)):
        players, sheet = played(index, 0)
        draws = 0
        for action, events in sheet.log:
            if action["type"] == "draw":
                draws += 1
                assert draws <= 2
            elif action["type"] == "end_turn":
                assert draws == 2, action
            if any(e["type"] == "turn" for e in events):
                draws = 0


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = play(CONFIGS[1], 3)
    again, _ = play(CONFIGS[1], 3)
    other, _ = play(CONFIGS[1], 4)
    assert first.game.actions == again.game.actions != other.game.actions
