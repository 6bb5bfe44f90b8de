"""Who's Counting?, refereed: expressions, the operations bonus, blue and red cards, the reaction
window, hand counts, and the end at the target score or the time limit.

A turn: the player lays an expression on the strip and blue cards in the blue box, then submits
it (CONFIRM). A scoring expression opens the "Who's Counting?" window (a deadline the referee
turns into ``window_closed``): the first red card an opponent plays in it counts, and after a red
card the player has the same window again to answer with a Stop (never against Green Goo). When
the window closes the turn is scored, the player draws back to seven, and the next player (or
the same one, after an Extra Turn or all seven cards played) goes. Decisions the rule sheet
leaves open are in docs/rules/whos-counting.md.

>>> game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
>>> events = game.apply({"type": "submit", "t": 5, "player": "Ana", "blue": [],
...                      "cards": ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]})
>>> [game.describe(e) for e in events]
['Ana: 3 × 6 − 2 = 16, + 25 for 2 operations = 41. Who’s Counting?']
>>> [game.describe(e) for e in game.apply({"type": "window_closed", "t": 10})][:2]
['Ana scores 41 (now 41).', 'Ana draws 5.']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.catalog import Card, load_catalog
from engine.errors import ActionError
from engine.expressions import Op
from engine.protocol import TURNS, Deadline, Event, Game, Outcome, Turns, Worded
from engine.whos_counting import text
from engine.whos_counting.config import DECK_SIZE, HAND_SIZE, WhosCountingConfig, read_config
from engine.whos_counting.scoring import Judged, best, judge

GAME = "whos-counting"
NUMBER, OPERATION, BLUE, RED, GOO, SUPER = "number", "operation", "blue", "red", "goo", "super"
BLUE_EFFECTS = ("double", "extra_turn", "stop")  # what a Super may stand for in the blue box
RED_EFFECTS = ("steal", "negative", "zero", "split")
NUMBER_VALUES = tuple(str(n) for n in range(1, 13))
OP_VALUES = ("+", "-", "×", "÷")
LAYING, WINDOW, ANSWER = "laying", "window", "answer"


@dataclass
class Turn:
    """The turn in play: who, where it stands, and what has been laid and declared."""

    player: str
    phase: str = LAYING  # laying, window (red cards may come), answer (the player may Stop)
    declared: dict[str, str] = field(default_factory=dict)  # Choice / Super card -> what it stands for
    cards: list[str] = field(default_factory=list)  # the expression, as submitted
    blue: list[str] = field(default_factory=list)  # the blue box, as submitted
    judged: Judged | None = None
    score: int = 0  # the expression's score with its bonus and Doubles
    until: float = 0.0  # when the window (or the answer window) closes
    red: dict[str, Any] | None = None  # {player, card, effect, goo}
    stopped_by: str | None = None
    stop_ready: bool = False  # a Stop was laid in the blue box before any red card came
    extra_turns: int = 0  # Extra Turn cards in the blue box
    asking: dict[str, Any] | None = None  # the wild card waiting to be named: {player, card, kind, choices}

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "phase": self.phase, "declared": dict(self.declared), "cards": list(self.cards),
                "blue": list(self.blue), "score": self.score, "until": self.until, "red": self.red,
                "stopped_by": self.stopped_by, "expression": self.judged.shown if self.judged else None,
                "asking": self.asking}


class WhosCounting(Worded, Game):
    name = GAME
    words = text
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # the expression on the strip in reading order, and the blue box, when the player submits
        "submit": {"player": str, "cards": list, "blue": list},
        # what a Choice or Super card stands for ("7", "+", "double", "steal" ...)
        "declare": {"player": str, "card": str, "value": str},
        # an opponent's red card seen in their red box
        "red": {"player": str, "card": str},
        # the player's Stop laid in the blue box after a red card
        "stop": {"player": str, "card": str},
        "trade": {"player": str, "count": int},
        "pass": {"player": str},
        "window_closed": {},  # the referee's clock: the (answer) window ran out
        "time_up": {},  # the referee's clock: the game's minutes ran out
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules: WhosCountingConfig = read_config(self._config)
        self._config = self.rules.as_json()
        self._catalog = load_catalog()
        players = self.rules.players
        self.scores = {name: 0 for name in players}
        self.hands = {name: HAND_SIZE for name in players}
        self.draw_pile = DECK_SIZE - HAND_SIZE * len(players)
        self.discards: set[str] = set()  # cards played since the last reshuffle: not in anyone's hand
        self.traded = 0  # traded cards on the discard pile (unseen by the camera)
        self.turn = Turn(players[0])
        self.last_cards: frozenset[str] = frozenset()  # the last turn's cards, lying there until cleared
        self.thrown: set[str] = set()  # red cards and Stops laid in a box this turn, judged or not
        self.best_expression: dict[str, Any] | None = None  # the hint for the last scored turn
        self.clock_out = False  # the time ran out during a turn: the game ends when it is scored
        self.over = False
        self.winners: tuple[str, ...] = ()
        self.end_reason = ""
        self.turns_played = 0
        self.extra_left = 0  # extra turns still owed to the player whose turn it is

    # ---- the station's questions ---------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        return self.rules.players

    def turns(self) -> Turns:
        return Turns(TURNS, None if self.over else self.turn.player)

    def outcome(self) -> Outcome:
        return Outcome(self.over, self.winners, dict(self.scores), "points")

    def deadline(self) -> Deadline | None:
        if self.over:
            return None
        waiting = [d for d in (self._window_deadline(), self._clock_deadline()) if d is not None]
        return min(waiting, key=lambda d: d.at, default=None)

    def _window_deadline(self) -> Deadline | None:
        if self.turn.phase in (WINDOW, ANSWER) and not self._undeclared_red():
            return Deadline(self.turn.until, {"type": "window_closed"})
        return None

    def _clock_deadline(self) -> Deadline | None:
        if self.rules.minutes and not self.clock_out:
            return Deadline(self.rules.minutes * 60, {"type": "time_up"})
        return None

    def table_cards(self) -> frozenset[str]:
        """The cards of the turn in play and of the last one, and every red card and Stop laid in
        a box this turn, judged or not (a red card too late lies in its box until taken back; by
        the next turn it is back in a hand, so laid again after a restart it is a new play)."""
        return self.last_cards | self._played_now() | self.thrown

    def _played_now(self) -> frozenset[str]:
        """The cards this turn has played: its expression, its blue box, its red card and Stop."""
        red = {self.turn.red["card"]} if self.turn.red else set()
        stop = {self.turn.stopped_by} if self.turn.stopped_by else set()
        return frozenset(set(self.turn.cards) | set(self.turn.blue) | red | stop)

    # ---- actions -------------------------------------------------------------------------------

    def on_submit(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        cards = [self._card(c) for c in action["cards"]]
        blue = [self._card(c) for c in action["blue"]]
        problem = self._not_now(player) or self._not_ours(cards + blue) or self._played_before(cards + blue)
        if problem:
            return [problem]
        undeclared = [c for c in cards + blue if c.face.kind in (SUPER, "blue") and c.face.extra.get("effect")
                      in ("super", "choice") and c.id not in self.turn.declared]
        if undeclared:
            card = undeclared[0]
            where = "box" if card in blue else "strip"
            return [self._ask(player, card, list(self._choices(card, where)))]
        tokens = self._expression(player, cards)
        if isinstance(tokens, dict):
            return [tokens]
        boxed = self._blue_box(player, blue)
        if isinstance(boxed, dict):
            return [boxed]
        judged = judge(tokens, order=self.rules.order, bonus_counts=self.rules.bonus_counts)
        if not judged.ok:
            problem = {"problem": judged.problem.as_json()} if judged.problem else {}
            return [self._violation(player, judged.code, judged.message, expression=judged.shown, **judged.values,
                                    **problem)]
        doubles, extra, stop_ready = boxed
        turn = self.turn
        turn.cards, turn.blue, turn.judged = [c.id for c in cards], [c.id for c in blue], judged
        turn.score = judged.points * 2 ** doubles
        turn.extra_turns, turn.stop_ready = extra, stop_ready
        turn.phase, turn.until = WINDOW, action["t"] + self.rules.window
        return [{"type": "expression_scored", "player": player, "expression": judged.shown, "value": int(judged.value or 0),
                 "operations": judged.operations, "bonus": judged.bonus, "doubles": doubles, "score": turn.score,
                 "window": self.rules.window}]

    def on_declare(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        card = self._card(action["card"])
        value = action["value"]
        effect = card.face.extra.get("effect")
        if effect not in ("choice", "super"):
            return [self._violation(player, "not_wild", text.not_wild(card), card=card.id)]
        allowed = self._choices(card, "any")
        if value not in allowed:
            return [self._violation(player, "bad_declaration", text.bad_declaration(card, allowed), card=card.id,
                                    choices=list(allowed))]
        self.turn.declared[card.id] = value
        if self.turn.asking and self.turn.asking["card"] == card.id:
            self.turn.asking = None
        events: list[Event] = [{"type": "declared", "player": player, "card": card.id, "value": value}]
        red = self.turn.red
        if red and red["card"] == card.id and red["effect"] is None:  # a Super played as a red card
            if value not in RED_EFFECTS:
                del self.turn.declared[card.id]
                self._ask(player, card, list(RED_EFFECTS))  # asked again
                return [self._violation(player, "bad_declaration", text.super_red(), card=card.id,
                                        choices=list(RED_EFFECTS), red=True)]
            red["effect"] = value
            events.extend(self._red_lands(action["t"]))
        return events

    def on_red(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        card = self._card(action["card"])
        turn = self.turn
        kind = card.face.kind
        self.thrown.add(card.id)
        if card.game != GAME:
            return [self._violation(player, "wrong_game", text.wrong_game(card), card=card.id)]
        if kind not in (RED, GOO, SUPER):
            return [self._violation(player, "not_red", text.not_red(card), card=card.id)]
        if card.id in self.discards:
            return [self._violation(player, "played_before", text.played_before(card), card=card.id)]
        if self.over:
            return [self._violation(player, "game_over", text.game_over(self.winners), winners=list(self.winners))]
        if turn.phase == LAYING:
            return [self._violation(player, "too_late" if self.turns_played else "no_expression",
                                    text.red_too_late() if self.turns_played else text.red_no_expression())]
        if player == turn.player:
            return [self._violation(player, "own_turn", text.red_own_turn())]
        if turn.red is not None:
            return [self._violation(player, "one_red", text.one_red())]
        self.hands[player] = max(self.hands[player] - 1, 0)
        effect = card.face.extra.get("effect") if kind != SUPER else self.turn.declared.get(card.id)
        turn.red = {"player": player, "card": card.id, "effect": effect if effect in RED_EFFECTS else None,
                    "goo": kind == GOO}
        if turn.red["effect"] is None:  # a Super: the window waits for it to be named
            return [self._ask(player, card, list(RED_EFFECTS))]
        return self._red_lands(action["t"])

    def _red_lands(self, t: float) -> list[Event]:
        turn = self.turn
        assert turn.red is not None
        events: list[Event] = [{"type": "red_card", "player": turn.red["player"], "card": turn.red["card"],
                                "effect": turn.red["effect"], "goo": turn.red["goo"], "against": turn.player}]
        if turn.red["goo"]:
            return events
        if turn.stop_ready:  # a Stop already lay in the blue box
            turn.stopped_by = next(c for c in turn.blue if self._stands_for(c) == "stop")
            return events + [{"type": "stopped", "player": turn.player, "card": turn.stopped_by}]
        turn.phase, turn.until = ANSWER, t + self.rules.window
        return events + [{"type": "answer_window", "player": turn.player, "window": self.rules.window}]

    def on_stop(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        card = self._card(action["card"])
        turn = self.turn
        is_stop = card.face.extra.get("effect") == "stop" or card.face.kind == SUPER
        self.thrown.add(card.id)
        if not is_stop:
            return [self._violation(player, "not_stop", text.not_stop(card), card=card.id)]
        if card.id in self.discards:
            return [self._violation(player, "played_before", text.played_before(card), card=card.id)]
        if player != turn.player or turn.red is None or turn.phase not in (WINDOW, ANSWER):
            return [self._violation(player, "nothing_to_stop", text.nothing_to_stop())]
        if turn.red["goo"]:
            return [self._violation(player, "goo", text.goo_unstoppable())]
        if turn.stopped_by is not None:
            return [self._violation(player, "stopped_already", text.stopped_already())]
        turn.stopped_by = card.id
        if card.face.kind == SUPER:
            turn.declared[card.id] = "stop"
        return [{"type": "stopped", "player": player, "card": card.id}]

    def on_window_closed(self, action: Mapping[str, Any]) -> list[Event]:
        turn = self.turn
        if turn.phase not in (WINDOW, ANSWER):
            return []
        return self._score_turn()

    def on_trade(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        problem = self._not_now(player)
        if problem:
            return [problem]
        count = action["count"]
        if not 1 <= count <= self.hands[player]:
            return [self._violation(player, "bad_trade", text.bad_trade(self.hands[player]), hand=self.hands[player])]
        self.traded += count
        drawn = self._draw(count)
        return [{"type": "traded", "player": player, "count": count, "drawn": drawn}] + self._next_turn()

    def on_pass(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        problem = self._not_now(player)
        if problem:
            return [problem]
        return [{"type": "passed", "player": player}] + self._next_turn()

    def on_time_up(self, action: Mapping[str, Any]) -> list[Event]:
        if self.over or self.clock_out:
            return []
        self.clock_out = True
        events: list[Event] = [{"type": "time_up", "minutes": self.rules.minutes}]
        if self.turn.phase in (WINDOW, ANSWER):
            return events  # the turn in play is scored first
        return events + self._end("time")

    # ---- judging ---------------------------------------------------------------------------------

    def _not_now(self, player: str) -> Event | None:
        if self.over:
            return self._violation(player, "game_over", text.game_over(self.winners), winners=list(self.winners))
        if player != self.turn.player:
            return self._violation(player, "not_your_turn", text.not_your_turn(self.turn.player),
                                   turn=self.turn.player)
        if self.turn.phase != LAYING:
            return self._violation(player, "wait_window", text.wait_window())
        return None

    def _not_ours(self, cards: list[Card]) -> Event | None:
        stranger = next((c for c in cards if c.game != GAME), None)
        if stranger is None:
            return None
        return self._violation(self.turn.player, "wrong_game", text.wrong_game(stranger), card=stranger.id)

    def _played_before(self, cards: list[Card]) -> Event | None:
        again = next((c for c in cards if c.id in self.discards), None)
        if again is not None:
            return self._violation(self.turn.player, "played_before", text.played_before(again), card=again.id)
        return None

    def _expression(self, player: str, cards: list[Card]) -> list[Any] | Event:
        """The strip's cards as numbers and ``Op``s, or the violation a card of the wrong kind is."""
        tokens: list[Any] = []
        for card in cards:
            kind, face = card.face.kind, card.face
            if kind == NUMBER and face.number is not None:
                tokens.append(face.number)
            elif kind == OPERATION and face.op is not None:
                tokens.append(Op.parse(face.op))
            elif face.extra.get("effect") in ("choice", "super"):
                value = self.turn.declared[card.id]
                if value in NUMBER_VALUES:
                    tokens.append(int(value))
                elif value in OP_VALUES:
                    tokens.append(Op.parse(value))
                else:
                    return self._violation(player, "wild_not_in_sum", text.wild_not_in_sum(card, value), card=card.id,
                                           value=value)
            else:
                return self._violation(player, "not_in_sum", text.not_in_sum(card), card=card.id)
        if not tokens:
            return self._violation(player, "empty", text.empty_strip())
        return tokens

    def _blue_box(self, player: str, blue: list[Card]) -> tuple[int, int, bool] | Event:
        """(Doubles, Extra Turns, a Stop ready) from the blue box, or the violation a card there is."""
        effects = []
        for card in blue:
            effect = self._stands_for(card.id)
            if effect not in BLUE_EFFECTS:
                return self._violation(player, "not_blue", text.not_blue(card), card=card.id)
            effects.append(effect)
        return effects.count("double"), effects.count("extra_turn"), "stop" in effects

    def _ask(self, player: str, card: Card, choices: list[str]) -> Event:
        """A wild card must be named before it counts: the station asks (``turn.asking``)."""
        self.turn.asking = {"player": player, "card": card.id, "kind": card.face.kind,
                            "name": card.face.extra.get("name", card.face.label), "choices": choices}
        return {"type": "needs_declaration", **self.turn.asking}

    def _stands_for(self, card_id: str) -> str | None:
        """A blue card's effect, or what a Choice or Super was declared to be."""
        face = self._catalog.card(card_id).face
        effect = face.extra.get("effect")
        return self.turn.declared.get(card_id) if effect in ("choice", "super") else effect

    def _choices(self, card: Card, where: str) -> tuple[str, ...]:
        """What a Choice (a number or an operation) or a Super (anything but Green Goo) may be."""
        if card.face.extra.get("effect") == "choice":
            return NUMBER_VALUES + OP_VALUES
        if where == "strip":
            return NUMBER_VALUES + OP_VALUES
        if where == "box":
            return BLUE_EFFECTS
        return NUMBER_VALUES + OP_VALUES + BLUE_EFFECTS + RED_EFFECTS

    def _undeclared_red(self) -> bool:
        return self.turn.red is not None and self.turn.red["effect"] is None

    # ---- the end of a turn ----------------------------------------------------------------------

    def _score_turn(self) -> list[Event]:
        turn = self.turn
        player, score = turn.player, turn.score
        changes = {player: score}
        red = turn.red if turn.red and not turn.stopped_by else None
        if red is not None:
            changes = self._red_effect(red, player, score)
        for name, delta in changes.items():
            self.scores[name] += delta
        laid = self._played_now() - self.last_cards
        # a Stop laid in the blue box before the red card came is one of the blue cards: count it once
        played = len({*turn.cards, *turn.blue, *([turn.stopped_by] if turn.stopped_by else [])})
        all_seven = played >= HAND_SIZE
        self.hands[player] = max(self.hands[player] - played, 0)
        self.discards |= laid
        self.last_cards = laid
        self.turns_played += 1
        values = [self._value(c) for c in turn.cards + turn.blue if self._value(c) is not None]
        hint = best(values, order=self.rules.order, bonus_counts=self.rules.bonus_counts)
        self.best_expression = {"player": player, "expression": hint.shown, "points": hint.points} if hint else None
        drawn = self._draw(HAND_SIZE - self.hands[player], player)
        events: list[Event] = [{"type": "turn_scored", "player": player, "expression": turn.judged.shown if turn.judged else "",
                                "score": changes.get(player, 0), "red": red["effect"] if red else None,
                                "changes": changes, "scores": dict(self.scores)},
                               {"type": "draw", "player": player, "cards": drawn}]
        self.extra_left += turn.extra_turns + (1 if all_seven else 0)
        if all_seven:
            events.append({"type": "extra_turn", "player": player, "reason": "all_seven"})
        if turn.extra_turns:
            events.append({"type": "extra_turn", "player": player, "reason": "card"})
        reached = [name for name, points in self.scores.items() if self.rules.target and points >= self.rules.target]
        if reached:
            return events + self._end("target")
        if self.clock_out:
            return events + self._end("time")
        return events + self._next_turn()

    def _red_effect(self, red: Mapping[str, Any], player: str, score: int) -> dict[str, int]:
        effect = red["effect"]
        if effect == "negative":
            return {player: -score}
        if effect == "zero":
            return {player: 0}
        if effect == "steal":
            return {self._lowest_other(player): score}
        half = score // 2 if self.rules.split_rounds == "down" else -(-score // 2)
        return {player: half, red["player"]: half}

    def _lowest_other(self, player: str) -> str:
        """Who gets stolen points: the lowest score but the player's, the first clockwise on a tie."""
        seats = self.rules.players
        start = seats.index(player)
        others = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
        return min(others, key=lambda name: self.scores[name])

    def _value(self, card_id: str) -> Any:
        face = self._catalog.card(card_id).face
        if face.kind == NUMBER:
            return face.number
        if face.kind == OPERATION and face.op:
            return Op.parse(face.op)
        declared = self.turn.declared.get(card_id)
        if declared in NUMBER_VALUES:
            return int(declared)
        return Op.parse(declared) if declared in OP_VALUES else None

    def _draw(self, count: int, player: str | None = None) -> int:
        """Take ``count`` cards off the draw pile (the discards shuffled back when it runs out)."""
        if self.draw_pile < count:
            self.draw_pile += len(self.discards) + self.traded
            self.discards, self.traded = set(), 0
        drawn = min(count, self.draw_pile)
        self.draw_pile -= drawn
        if player is not None:
            self.hands[player] += drawn
        return drawn

    def _next_turn(self) -> list[Event]:
        """The same player again while extra turns are owed, else the next one clockwise."""
        seats = self.rules.players
        player = self.turn.player
        if self.extra_left:
            following, self.extra_left = player, self.extra_left - 1
        else:
            following = seats[(seats.index(player) + 1) % len(seats)]
        self.turn = Turn(following)
        self.thrown = set()
        return [{"type": "turn", "player": following, "extra": following == player}]

    def _end(self, reason: str) -> list[Event]:
        self.over, self.end_reason = True, reason
        best_score = max(self.scores.values())
        self.winners = tuple(name for name, points in self.scores.items() if points == best_score)
        self.turn.phase = LAYING
        return [{"type": "game_over", "reason": reason, "winners": list(self.winners), "scores": dict(self.scores)}]

    # ---- helpers -------------------------------------------------------------------------------

    def _player(self, name: str) -> str:
        if name not in self.scores:
            raise ActionError(f"no player called {name!r} (players: {', '.join(self.scores)})")
        return name


    @staticmethod
    def _violation(player: str, code: str, message: str, **more: Any) -> Event:
        """A play judged wrong: its ``code``, the English ``message`` (journals and logs keep it) and
        the values the station's words need (``card``, ``turn``, ``problem`` ...)."""
        return {"type": "violation", "player": player, "code": code, "message": message, **more}

    def state(self) -> dict[str, Any]:
        return {
            "game": self.name, "over": self.over, "winners": list(self.winners), "end": self.end_reason,
            "players": list(self.rules.players), "scores": dict(self.scores), "hands": dict(self.hands),
            "draw_pile": self.draw_pile, "turn": self.turn.as_json(), "last_cards": sorted(self.last_cards),
            "thrown": sorted(self.thrown),
            "best": self.best_expression, "target": self.rules.target, "minutes": self.rules.minutes,
            "clock_out": self.clock_out, "turns_played": self.turns_played,
        }

