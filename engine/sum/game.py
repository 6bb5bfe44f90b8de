"""SUM, refereed: equations to the target, draws, wild cards, hand counts and both ways to win.

The camera sees the target land in its box, the equation on the strip when the player presses
CONFIRM, and wild cards played into the wild box; hands are hidden, so the engine counts them
from the deal, the draws (a button), the cards played and the wild cards' effects. A correct
equation wins its number cards into the player's pile, its operation cards go back into the
Operations deck, the turn ends and a new target is turned up. A wrong one is answered with the
reason ("3 × 4 − 2 = 10, not 12"); the player takes the cards back and may draw on. Decisions the
rule sheet leaves open are in docs/rules/sum.md.

>>> game = Sum({"game": "sum", "players": ["Ana", "Ben"]})
>>> _ = game.apply({"type": "target", "t": 1, "card": "SU-A-N12A"})
>>> events = game.apply({"type": "submit", "t": 5, "player": "Ana",
...                      "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]})
>>> [game.describe(e) for e in events]
['Ana makes 12: 3 × 4 = 12, and wins 2 number cards.', "Ben's turn. Turn up a new target."]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.catalog import Card, load_catalog
from engine.errors import ActionError
from engine.expressions import Op
from engine.protocol import TURNS, Event, Game, Outcome, Turns, Worded
from engine.sum import text
from engine.sum.config import (
    DRAWS_PER_TURN,
    NUMBERS_DEALT,
    NUMBERS_DECK,
    OPERATIONS_DEALT,
    OPERATIONS_DECK,
    SumConfig,
    read_config,
)
from engine.sum.equation import Judged, judge, solve

GAME = "sum"
NUMBER, OPERATION, WILD = "number", "operation", "wild"
NEEDS_ANOTHER_CARD = ("neutralization", "rotation")


class Sum(Worded, Game):
    name = GAME
    words = text
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "target": {"card": str},  # a number card turned up into the target box
        "draw": {"player": str, "deck": str},  # DRAW: "numbers" or "operations"
        "submit": {"player": str, "cards": list},  # CONFIRM: the strip's cards in reading order
        "wild": {"player": str, "card": str},  # a wild card played into the wild box
        "end_turn": {"player": str},  # no equation after the draws: the turn is over
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules: SumConfig = read_config(self._config)
        self._config = self.rules.as_json()
        players = self.rules.players
        self.hands = {name: NUMBERS_DEALT + OPERATIONS_DEALT for name in players}
        self.won = {name: 0 for name in players}  # number cards in each player's pile
        self.won_cards: set[str] = set()
        self.numbers_deck = NUMBERS_DECK - NUMBERS_DEALT * len(players)
        self.operations_deck = OPERATIONS_DECK - OPERATIONS_DEALT * len(players)
        self.target: dict[str, Any] | None = None  # {card, value}: None until a target is turned up
        self.used_targets: set[str] = set()
        self.current = players[0]
        self.draws = 0  # cards drawn this turn
        self.wild_played = False  # a wild card this turn: the two draws are owed before the turn ends
        self.last_wrong: dict[str, Any] | None = None  # the last wrong equation, for the hint
        self.last_cards: frozenset[str] = frozenset()  # the last equation's cards, lying there until taken
        self.last_turn = False  # the Numbers deck is empty: this turn is the last
        self.targets_seen: set[str] = set()  # every card turned up into the target box, judged or not
        self.wilds_laid: set[str] = set()  # wild cards laid in the wild box this turn, judged or not
        self.wilds_laid_before: set[str] = set()  # ... and in the last turn
        self.wilds_out: set[str] = set()  # wild cards played that no hand can hold yet (see _wild_again)
        self.wilds_drawable: set[str] = set()  # of those, ones an Operations draw this turn may have taken
        self.over = False
        self.winners: tuple[str, ...] = ()
        self.end_reason = ""

    # ---- the station's questions ---------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        return self.rules.players

    def turns(self) -> Turns:
        return Turns(TURNS, None if self.over else self.current)

    def outcome(self) -> Outcome:
        return Outcome(self.over, self.winners, dict(self.won), "number cards won")

    def table_cards(self) -> frozenset[str]:
        """Every card turned up into the target box (a won target stays there until the next
        covers it or someone sets it aside; nor can a target be played again), the wild cards
        laid in the wild box this turn and the last (then shuffled back, as the rules say), the
        won piles, and the last equation."""
        return frozenset(self.targets_seen | self.wilds_laid | self.wilds_laid_before | self.won_cards | self.last_cards)

    # ---- actions -------------------------------------------------------------------------------

    def on_target(self, action: Mapping[str, Any]) -> list[Event]:
        card = self._card(action["card"])
        self.targets_seen.add(card.id)
        if self.over:
            return [self._violation(None, "game_over", text.game_over(self.winners), winners=list(self.winners))]
        if card.game != GAME or card.face.kind != NUMBER or card.face.number is None:
            return [self._violation(None, "not_a_number", text.target_not_number(card), **_face(card))]
        if self.target is not None:
            return [self._violation(None, "target_taken", text.target_taken(self.target["value"]),
                                    target=self.target["value"])]
        if card.id in self.won_cards or card.id in self.used_targets:
            return [self._violation(None, "played_before", text.played_before(card), **_face(card))]
        if self.numbers_deck == 0:
            return [self._violation(None, "deck_empty", text.deck_empty("numbers"), deck="numbers")]
        self.numbers_deck -= 1
        self.target = {"card": card.id, "value": int(card.face.number.value)}
        self.used_targets.add(card.id)
        events: list[Event] = [{"type": "target_set", "card": card.id, "value": self.target["value"],
                                "numbers_left": self.numbers_deck}]
        return events + self._deck_check()

    def on_draw(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        deck = action["deck"]
        if deck not in ("numbers", "operations"):
            raise ActionError(f"'draw' deck is 'numbers' or 'operations', not {deck!r}")
        problem = self._not_now(player)
        if problem:
            return [problem]
        if self.draws >= DRAWS_PER_TURN:
            return [self._violation(player, "no_draws", text.no_draws())]
        left = self.numbers_deck if deck == "numbers" else self.operations_deck
        if left == 0:
            return [self._violation(player, "deck_empty", text.deck_empty(deck), deck=deck)]
        if deck == "numbers":
            self.numbers_deck -= 1
        else:
            self.operations_deck -= 1
            self.wilds_drawable |= self.wilds_out  # perhaps drawn: it may be played from the next turn on
        self.draws += 1
        self.hands[player] += 1
        events: list[Event] = [{"type": "drew", "player": player, "deck": deck, "draws_left": DRAWS_PER_TURN - self.draws}]
        return events + self._deck_check()

    def on_submit(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        cards = [self._card(c) for c in action["cards"]]
        problem = self._not_now(player) or self._no_target(player) or self._cards_problem(player, cards)
        if problem:
            return [problem]
        tokens = [self._token(card) for card in cards]
        assert self.target is not None
        judged = judge(tokens, target=self.target["value"], pairs=self.rules.pairs, order=self.rules.order,
                       fractions=self.rules.fractions)
        if not judged.ok:
            return self._wrong(player, cards, judged)
        return self._won(player, cards, judged)

    def on_wild(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        card = self._card(action["card"])
        self.wilds_laid.add(card.id)
        problem = self._not_now(player)
        if problem:
            return [problem]
        if card.game != GAME or card.face.kind != WILD:
            return [self._violation(player, "not_wild", text.not_wild(card), **_face(card))]
        effect = str(card.face.extra.get("effect"))
        if card.id in self.wilds_out:
            return [self._violation(player, "played_before", text.wild_played_before(effect), **_face(card),
                                    effect=effect)]
        if self.hands[player] < 1:
            return [self._violation(player, "too_many", text.too_many(1, 0), laid=1, hand=0)]
        if effect in NEEDS_ANOTHER_CARD and self.hands[player] < 2:
            return [self._violation(player, "needs_another_card", text.needs_another_card(effect), effect=effect)]
        self.hands[player] -= 1
        self.operations_deck += 1  # it goes back into the Operations deck
        self.wild_played = True
        self.wilds_out.add(card.id)
        events: list[Event] = [{"type": "wild_played", "player": player, "card": card.id, "effect": effect,
                                "on": self.rules.wild[effect]}]
        if self.rules.wild[effect]:
            events += self._wild_effect(player, effect)
        if self.hands[player] == 0:  # the last card discarded: no cards left wins
            return events + self._end("empty_hand", (player,))
        return events + self._deck_check()

    def on_end_turn(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        problem = self._not_now(player)
        if problem:
            return [problem]
        owed = DRAWS_PER_TURN - self.draws
        if owed > 0 and (self.numbers_deck or self.operations_deck):
            return [self._violation(player, "draw_first", text.draw_first(owed, self.wild_played), owed=owed,
                                    wild=self.wild_played)]
        return [{"type": "turn_over", "player": player, "reason": "no_equation"}] + self._next_turn()

    # ---- judging -------------------------------------------------------------------------------

    def _not_now(self, player: str) -> Event | None:
        if self.over:
            return self._violation(player, "game_over", text.game_over(self.winners), winners=list(self.winners))
        if player != self.current:
            return self._violation(player, "not_your_turn", text.not_your_turn(self.current), turn=self.current)
        return None

    def _no_target(self, player: str) -> Event | None:
        return None if self.target is not None else self._violation(player, "no_target", text.no_target())

    def _cards_problem(self, player: str, cards: list[Card]) -> Event | None:
        for card in cards:
            if card.game != GAME:
                return self._violation(player, "wrong_game", text.wrong_game(card), **_face(card),
                                       card_game=card.game)
            if card.face.kind == WILD:
                return self._violation(player, "wild_in_equation", text.wild_in_equation())
            if card.id in self.won_cards or (self.target and card.id == self.target["card"]):
                return self._violation(player, "played_before", text.played_before(card), **_face(card))
        if len(cards) > self.hands[player]:
            return self._violation(player, "too_many", text.too_many(len(cards), self.hands[player]),
                                   laid=len(cards), hand=self.hands[player])
        return None

    def _token(self, card: Card) -> Any:
        return Op.parse(card.face.op) if card.face.kind == OPERATION and card.face.op else card.face.number

    def _wrong(self, player: str, cards: list[Card], judged: Judged) -> list[Event]:
        self.last_wrong = {"player": player, "cards": [c.id for c in cards], "equation": judged.shown}
        events: list[Event] = [self._violation(player, judged.code, judged.message, equation=judged.shown,
                                               **judged.values,
                                               **({"problem": judged.problem.as_json()} if judged.problem else {}))]
        if self.draws >= DRAWS_PER_TURN:
            events += [{"type": "turn_over", "player": player, "reason": "two_draws"}] + self._next_turn()
        else:
            events.append({"type": "draw_more", "player": player, "draws_left": DRAWS_PER_TURN - self.draws})
        return events

    def _won(self, player: str, cards: list[Card], judged: Judged) -> list[Event]:
        numbers = [c for c in cards if c.face.kind == NUMBER]
        self.won[player] += len(numbers)
        self.won_cards |= {c.id for c in numbers}
        self.operations_deck += len(cards) - len(numbers)  # shuffled back into the Operations deck
        self.hands[player] -= len(cards)
        self.last_cards = frozenset(c.id for c in cards)
        self.last_wrong = None
        assert self.target is not None
        events: list[Event] = [{"type": "equation_won", "player": player, "equation": judged.shown,
                                "target": self.target["value"], "numbers": len(numbers),
                                "operations": len(cards) - len(numbers), "won": self.won[player]}]
        self.target = None  # a new one is turned up
        if self.hands[player] == 0:
            return events + self._end("empty_hand", (player,))
        return events + self._next_turn()

    def _wild_effect(self, player: str, effect: str) -> list[Event]:
        if effect == "propagation":
            drawn = []
            for other in self.rules.players:
                if other != player and self.numbers_deck:
                    self.numbers_deck -= 1
                    self.hands[other] += 1
                    drawn.append(other)
            return [{"type": "everyone_draws", "players": drawn}]
        if effect == "neutralization":
            self.hands[player] -= 1
            return [{"type": "discard", "player": player}]
        if effect == "radicalization" and self.target is not None:
            old = self.target["value"]
            root = math.isqrt(old)
            new = root if root * root == old else old * old
            self.target["value"] = new
            return [{"type": "target_changed", "from": old, "to": new, "root": root * root == old}]
        if effect == "rotation":
            return [{"type": "cards_passed", "players": list(self.rules.players)}]
        return []

    def _deck_check(self) -> list[Event]:
        """The Numbers deck ran out: this turn is the last."""
        if self.numbers_deck == 0 and not self.last_turn:
            self.last_turn = True
            return [{"type": "numbers_out"}]
        return []

    def _next_turn(self) -> list[Event]:
        if self.last_turn:
            best = max(self.won.values())
            return self._end("numbers_out", tuple(n for n, w in self.won.items() if w == best))
        seats = self.rules.players
        self.current = seats[(seats.index(self.current) + 1) % len(seats)]
        self.draws, self.wild_played = 0, False
        self.wilds_out -= self.wilds_drawable  # "a wild card cannot be used on the turn it is drawn"
        self.wilds_drawable = set()
        self.wilds_laid_before, self.wilds_laid = self.wilds_laid, set()
        self.last_wrong = None  # the hint is the player's own: those cards went back into a hidden hand
        return [{"type": "turn", "player": self.current, "needs_target": self.target is None}]

    def _end(self, reason: str, winners: tuple[str, ...]) -> list[Event]:
        self.over, self.end_reason, self.winners = True, reason, winners
        return [{"type": "game_over", "reason": reason, "winners": list(winners), "won": dict(self.won)}]

    # ---- helpers -------------------------------------------------------------------------------

    def hint(self) -> dict[str, Any] | None:
        """After a wrong equation: an equation from the same cards that makes the target, if any."""
        return hint(self.state())

    def _player(self, name: str) -> str:
        if name not in self.hands:
            raise ActionError(f"no player called {name!r} (players: {', '.join(self.hands)})")
        return name


    @staticmethod
    def _violation(player: str | None, code: str, message: str, **more: Any) -> Event:
        return {"type": "violation", "player": player, "code": code, "message": message, **more}

    def state(self) -> dict[str, Any]:
        return {
            "game": self.name, "over": self.over, "winners": list(self.winners), "end": self.end_reason,
            "players": list(self.rules.players), "hands": dict(self.hands), "won": dict(self.won),
            "numbers_deck": self.numbers_deck, "operations_deck": self.operations_deck,
            "target": dict(self.target) if self.target else None, "turn": self.current, "draws": self.draws,
            "draws_left": DRAWS_PER_TURN - self.draws, "wild_played": self.wild_played,
            "last_wrong": self.last_wrong, "last_cards": sorted(self.last_cards), "last_turn": self.last_turn,
            "rules": {"pairs": self.rules.pairs, "order": self.rules.order.value, "fractions": self.rules.fractions},
        }



def _face(card: Card) -> dict[str, str]:
    """A violation's card, for its words: its ID and its face as printed (``"SUM ×"``, ``"SUM 7"``)."""
    return {"card": card.id, "face": card.face.describe()}


def hint(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """After a wrong equation (``state["last_wrong"]``): an equation from the same cards — all or
    some of them, in any order — that makes the target, or ``None`` for ``equation`` when there is
    none; ``None`` when no wrong equation is waiting. Pure: the hint button calls it on demand."""
    wrong, target = state.get("last_wrong"), state.get("target")
    if not wrong or not target:
        return None
    catalog = load_catalog()
    faces = [catalog.card(card).face for card in wrong["cards"]]
    tokens = [Op.parse(f.op) if f.kind == OPERATION and f.op else f.number for f in faces if f.kind != WILD]
    rules = state["rules"]
    found = solve(tokens, target=target["value"], pairs=rules["pairs"], order=rules["order"],
                  fractions=rules["fractions"])
    return {"equation": found.shown if found else None, "target": target["value"]}
