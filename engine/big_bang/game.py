"""Big Bang, refereed: triangle cards laid around a Black Star, neighbours one apart.

Each player has a set of their own (player 1 set A, 2 B, 3 C) and a tableau around their own
Black Star, cell (0, 0) of their lattice (``lattice``). Every card laid in a cell is judged at once
(``tableau``): it must touch a card, and each card it touches must be one away from it (the Black
Star takes any value) and agree with the Rules cards' faces. A bad placement is answered and not
added to the tableau; the player takes it back. A dead hand goes face up on the discard pile,
whose top card may be played as if in hand (no digging); the engine judges each discarded card
(a card that fits is no dead card).

The players draw from their own shuffled deck: the engine never deals. It accepts any card of the
player's set that is not down or buried in the discard pile, and keeps count of how many cards the
hand and the deck hold (``done`` ends a turn: draw back to 3). A player's game ends when every
card is down, when nothing can come any more (everything is down or on the pile and nothing there
may be played), or when the deck is gone and the player says ``done``; in a race the first player
to end ends the round for everyone, and the clock (``minutes``) ends it too. Decisions the rule
sheet leaves open are in docs/rules/big-bang.md.

>>> game = BigBang({"game": "big-bang", "players": ["Ana"]})
>>> _ = game.apply({"type": "start", "t": 0})
>>> [game.describe(e) for e in game.apply({"type": "play", "t": 2, "player": "Ana", "card": "BB-A-N4A",
...                                        "cell": [1, 0], "turn": 180})]
['Ana plays 4 (27 cards left).']
>>> [game.describe(e) for e in game.apply({"type": "play", "t": 3, "player": "Ana", "card": "BB-A-N6A",
...                                        "cell": [2, 0], "turn": 0})]
['Ana: 6 is no play: 6 beside 4: neighbours differ by exactly 1. Take it back.']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.big_bang import text
from engine.big_bang.config import HAND_SIZE, BigBangConfig, read_config
from engine.big_bang.lattice import Cell, turns
from engine.big_bang.tableau import NUMBER, ORIGIN, RULES, STAR, Piece, fits_somewhere, open_faces, reason
from engine.catalog import Card, load_catalog
from engine.errors import ActionError
from engine.protocol import RACE, SOLO, Deadline, Event, Game, Outcome, Turns, Worded

GAME = "big-bang"
SETUP, PLAYING, ROUND_OVER, FINISHED = "setup", "playing", "round_over", "finished"
ALL_DOWN, OUT = "all_down", "out"  # why a player's game ended
RULES_POINTS = 2


@dataclass
class Seat:
    """One player's side of the table: their tableau, discard pile and what the engine has seen."""

    name: str
    set: str
    tableau: dict[Cell, Piece] = field(default_factory=dict)
    order: list[Cell] = field(default_factory=list)  # the cells in the order they were filled
    pile: list[str] = field(default_factory=list)  # the discard pile, top last
    run: list[str] = field(default_factory=list)  # discards since the last play: a dead hand in the making
    hand: int = 0  # cards in hand, as counted: draws (``done``, a dead hand) less cards played or discarded
    replayed: bool = False  # the discard pile went back in as the deck (the replay option: once a round)
    finished: str = ""  # all_down or out once their game has ended

    def place(self, cell: Cell, piece: Piece) -> None:
        self.tableau[cell] = piece
        self.order.append(cell)

    def cell_of(self, card: str) -> Cell | None:
        return next((cell for cell, piece in self.tableau.items() if piece.card == card), None)

    def down(self, kind: str) -> int:
        return sum(1 for piece in self.tableau.values() if piece.kind == kind)


class BigBang(Worded, Game):
    name = GAME
    words = text
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "start": {},  # CONFIRM: the Black Stars are down, hands drawn; the clock starts
        "play": {"player": str, "card": str, "cell": "cell", "turn": int},  # a card laid in a cell of their tableau
        "discard": {"player": str, "card": str},  # a card laid face up in their discard box
        "lift": {"player": str, "card": str},  # a card taken off the tableau or the discard box
        "done": {"player": str},  # the player's turn is over: draw back to 3 (the deck gone: their game is over)
        "time_up": {},  # the referee's clock: the round is over
        "next_round": {},  # CONFIRM after a round's scores
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules: BigBangConfig = read_config(self._config)
        self._config = self.rules.as_json()
        self._catalog = load_catalog()
        kinds = (NUMBER, RULES) if self.rules.rules_cards else (NUMBER,)
        self._sets = {copy: [card.id for card in self._catalog.game(GAME).cards([copy]) if card.face.kind in kinds]
                      for copy in map(self.rules.set_of, self.rules.players)}
        self.round = 1
        self.phase = SETUP
        self.started_at = 0.0
        self.seats_: dict[str, Seat] = {}
        self.results: list[dict[str, dict[str, int]]] = []  # each round's breakdown per player
        self.game_scores = {name: 0 for name in self.rules.players}
        self.over = False
        self.winners: tuple[str, ...] = ()
        self._deal()

    def _deal(self) -> None:
        """A fresh round: each player's Black Star alone in the centre of their tableau."""
        self.seats_ = {}
        for name in self.rules.players:
            seat = Seat(name, self.rules.set_of(name), hand=min(HAND_SIZE, self.rules.in_play))
            seat.place(ORIGIN, Piece(self._star(seat.set), STAR, None, 0))
            self.seats_[name] = seat

    # ---- the station's questions ---------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        return self.rules.players

    def turns(self) -> Turns:
        return Turns(SOLO if len(self.rules.players) == 1 else RACE)

    def outcome(self) -> Outcome:
        return Outcome(self.over, self.winners, dict(self.game_scores), "points")

    def deadline(self) -> Deadline | None:
        if self.phase != PLAYING or not self.rules.minutes:
            return None
        return Deadline(self.started_at + self.rules.minutes * 60, {"type": "time_up"})

    def table_cards(self) -> frozenset[str]:
        return frozenset(piece.card for seat in self.seats_.values() for piece in seat.tableau.values()) | \
            frozenset(card for seat in self.seats_.values() for card in seat.pile) | self.judged_cards()

    # ---- actions -------------------------------------------------------------------------------

    def on_start(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != SETUP:
            return [self._violation(None, *self._closed({PLAYING: ("started", text.started())}), None)]
        self.phase, self.started_at = PLAYING, action["t"]
        return [{"type": "round_started", "round": self.round, "rounds": self.rules.rounds,
                 "players": [{"player": s.name, "set": s.set} for s in self.seats_.values()],
                 "seconds": self.rules.minutes * 60 or None, "hand": HAND_SIZE, "cards": self.rules.in_play}]

    def on_play(self, action: Mapping[str, Any]) -> list[Event]:
        seat, card = self._seat(action["player"]), self._card(action["card"])
        cell = (action["cell"][0], action["cell"][1])
        if action["turn"] not in turns(cell):
            raise ActionError(f"a card in cell {list(cell)} lies turned {text.listed(turns(cell), 'or')}°, "
                              f"not {action['turn']}°")
        problem = self._not_now(seat, card) or self._not_theirs(seat, card)
        if problem:
            return [problem]
        where = seat.cell_of(card.id)
        if where is not None:
            if where == cell and seat.tableau[where].turn == action["turn"]:
                return []  # the same card seen again where it lies
            return [self._violation(seat.name, "played_stays", text.played_stays(), card.id)]
        events: list[Event] = []
        source = "hand"
        if card.id in seat.pile:
            if card.id == seat.pile[-1]:
                source = "discard"
            elif self._may_replay(seat) and self._outside(seat) <= HAND_SIZE:  # the deck may be gone: replayed
                events += self._reshuffle(seat)
            else:
                top = self.piece(seat.pile[-1])
                return [self._violation(seat.name, "no_digging", text.no_digging(top.shown()), card.id,
                                        top={"kind": top.kind, "value": top.value})]
        piece = self.piece(card.id).turned(action["turn"])
        why = reason(seat.tableau, piece, cell)
        if why is None:
            if source == "discard":
                seat.pile.pop()
            else:
                self._from_hand(seat)
            seat.place(cell, piece)
            seat.run = []
        events.append({"type": "card_played", "player": seat.name, "card": card.id, "kind": piece.kind,
                       "value": piece.value, "cell": list(cell), "turn": piece.turn, "from": source, "ok": why is None,
                       "reason": text.reason(why) if why else "", "why": why, "score": self._points(seat), "left": self._left(seat)})
        return events + self._check_end(seat, action["t"])

    def on_discard(self, action: Mapping[str, Any]) -> list[Event]:
        seat, card = self._seat(action["player"]), self._card(action["card"])
        problem = self._not_now(seat, card) or self._not_theirs(seat, card)
        if problem:
            return [problem]
        if seat.cell_of(card.id) is not None:
            return [self._violation(seat.name, "played_stays", text.played_stays(), card.id)]
        piece = self.piece(card.id)
        if card.id in seat.pile:  # lifted and laid back: it lies on top now (it was judged when first discarded)
            if card.id == seat.pile[-1]:
                return []
            seat.pile.remove(card.id)
            seat.pile.append(card.id)
            return [self._discarded(seat, piece, again=True)]
        if fits_somewhere(seat.tableau, piece) is not None:
            return [self._violation(seat.name, "fits", text.fits(piece.shown()), card.id, **self._named(piece))]
        dead = min(HAND_SIZE, self._outside(seat) + len(seat.run))  # the hand this discard run empties
        self._from_hand(seat)
        seat.pile.append(card.id)
        seat.run.append(card.id)
        events = [self._discarded(seat, piece, again=False)]
        if len(seat.run) >= dead:
            seat.hand = min(HAND_SIZE, self._outside(seat))  # a new hand is drawn
            events.append({"type": "dead_hand", "player": seat.name, "cards": list(seat.run),
                           "values": [self.piece(c).value for c in seat.run], "pile": len(seat.pile),
                           "draw": seat.hand, "deck": self._deck(seat)})
            seat.run = []
        return events + self._check_end(seat, action["t"])

    def on_lift(self, action: Mapping[str, Any]) -> list[Event]:
        seat, card = self._seat(action["player"]), self._card(action["card"])
        if self.phase == PLAYING and seat.cell_of(card.id) is not None:
            return [self._violation(seat.name, "played_stays", text.played_stays(), card.id)]
        # Anything else is taken back: a refused card, or the discard pile's top on its way to be
        # played (the pile keeps it until it is played: no digging under it meanwhile).
        return []

    def on_done(self, action: Mapping[str, Any]) -> list[Event]:
        seat = self._seat(action["player"])
        problem = self._not_now(seat, None)
        if problem:
            return [problem]
        if self._deck(seat) > 0:
            return [self._draw(seat)] + self._check_end(seat, action["t"])
        if self._may_replay(seat) and seat.pile:
            return self._reshuffle(seat) + self._check_end(seat, action["t"])
        # The deck is gone, so the hand is every card not down nor on the pile, and something
        # still fits (or the player's game would be over): say what.
        piece = self._playable(seat)
        if piece is None:  # pragma: no cover - _check_end ended the game after the last change
            return self._check_end(seat, action["t"])
        if piece.card in seat.pile:
            return [self._violation(seat.name, "top_fits", text.top_fits(piece.shown()), piece.card, **self._named(piece))]
        return [self._violation(seat.name, "hand_fits", text.hand_fits(piece.shown()), piece.card, **self._named(piece))]

    def on_time_up(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != PLAYING:
            return []  # a stale clock: the round ended before it
        return [{"type": "time_up", "round": self.round}] + self._end_round(action["t"], None)

    def on_next_round(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != ROUND_OVER:
            return [self._violation(None, *self._closed({SETUP: ("not_started", text.start_first()),
                                                         PLAYING: ("round_on", text.round_on())}), None)]
        self.round += 1
        self.phase = SETUP
        self._deal()
        self._forget_judged()
        return [{"type": "round_ready", "round": self.round}]

    # ---- judging ---------------------------------------------------------------------------------

    def _closed(self, own: Mapping[str, tuple[str, str]]) -> tuple[str, str]:
        """The violation code and message for an action out of its moment: ``own`` says what an
        action has to say in some phases, the rest is the same for all."""
        if self.over:
            return "game_over", text.game_over()
        usual = {SETUP: ("not_started", text.not_started()), ROUND_OVER: ("round_over", text.round_over())}
        return {**usual, **own}[self.phase]

    def _not_now(self, seat: Seat, card: Card | None) -> Event | None:
        """Why the player cannot play now, or None."""
        if self.phase == PLAYING:
            return None
        return self._violation(seat.name, *self._closed({}), card.id if card else None)

    def _not_theirs(self, seat: Seat, card: Card) -> Event | None:
        """Why the card is not one the player may play, or None."""
        if card.game != GAME:
            return self._violation(seat.name, "wrong_game", text.wrong_game(card.game), card.id, game=card.game)
        if card.copy != seat.set:
            owner = next((s.name for s in self.seats_.values() if s.set == card.copy), None)
            return self._violation(seat.name, "not_your_set", text.not_your_set(card.copy, owner, seat.set), card.id,
                                   set=card.copy, owner=owner, own=seat.set)
        if card.face.kind == RULES and not self.rules.rules_cards:
            return self._violation(seat.name, "rules_off", text.rules_off(), card.id)
        return None

    def _outside(self, seat: Seat) -> int:
        """The player's cards neither on the tableau nor on the discard pile: in hand or in the deck."""
        return self.rules.in_play - self._down(seat) - len(seat.pile)

    def _deck(self, seat: Seat) -> int:
        """Cards left in the player's deck, as counted."""
        return self._outside(seat) - seat.hand

    def _from_hand(self, seat: Seat) -> None:
        """A card leaves the hand. Counted empty, the player drew without saying ``done``: the
        count catches up (a hand is drawn back to 3) before the card leaves it."""
        if seat.hand == 0:
            seat.hand = min(HAND_SIZE, self._outside(seat))
        seat.hand -= 1

    def _draw(self, seat: Seat) -> Event:
        """The end of a turn: the hand drawn back to 3 (as far as the deck goes)."""
        draw = min(HAND_SIZE - seat.hand, self._deck(seat))
        seat.hand += draw
        return {"type": "drawn", "player": seat.name, "draw": draw, "hand": seat.hand, "deck": self._deck(seat)}

    def _may_replay(self, seat: Seat) -> bool:
        return self.rules.replay and not seat.replayed

    def _reshuffle(self, seat: Seat) -> list[Event]:
        """With replay, once the deck is gone: the discard pile is shuffled back in as the deck
        (once a round), and the hand drawn back to 3 from it."""
        back = len(seat.pile)
        seat.pile, seat.run, seat.replayed = [], [], True
        return [{"type": "reshuffled", "player": seat.name, "cards": back}, self._draw(seat)]

    def _check_end(self, seat: Seat, t: float) -> list[Event]:
        """End the player's game (and so the round) when every card is down, or when nothing can
        come any more: the deck is gone and nothing in hand or on the pile may be played."""
        if self.phase != PLAYING:
            return []
        if self._down(seat) == self.rules.in_play:
            seat.finished = ALL_DOWN
        elif self._deck(seat) == 0 and self._playable(seat) is None:
            seat.finished = OUT
        else:
            return []
        return [{"type": "player_done", "player": seat.name, "reason": seat.finished}] + \
            self._end_round(t, seat.name)

    def _playable(self, seat: Seat) -> Piece | None:
        """Once the deck is gone, a card that may still be played, or None: one in hand (the cards
        neither down nor on the pile), the pile's top, or any of the pile (replay still to come)."""
        placed = {piece.card for piece in seat.tableau.values()} | set(seat.pile)
        hand = [card for card in self._sets[seat.set] if card not in placed]
        pile = seat.pile[::-1] if self._may_replay(seat) else seat.pile[-1:]
        pieces = (self.piece(card) for card in [*hand, *pile])
        return next((piece for piece in pieces if fits_somewhere(seat.tableau, piece) is not None), None)

    def _end_round(self, t: float, ended_by: str | None) -> list[Event]:
        scores = {name: self._breakdown(seat) for name, seat in self.seats_.items()}
        best = max(s["score"] for s in scores.values())
        winners = [name for name, s in scores.items() if s["score"] == best]
        if self.rules.stolen:
            stolen = sum(s["unplayed"] for name, s in scores.items() if name not in winners)
            for name, s in scores.items():
                s["points"] = stolen if name in winners else 0
        for name, s in scores.items():
            self.game_scores[name] += s["points"]
        self.results.append(scores)
        self.phase = ROUND_OVER
        events: list[Event] = [{"type": "round_over", "round": self.round, "seconds": t - self.started_at,
                                "ended_by": ended_by, "scores": scores, "stolen": self.rules.stolen, "winners": winners,
                                "game_scores": dict(self.game_scores)}]
        if self.round >= self.rules.rounds:
            top = max(self.game_scores.values())
            self.winners = tuple(name for name, score in self.game_scores.items() if score == top)
            self.over, self.phase = True, FINISHED
            events.append({"type": "game_over", "scores": dict(self.game_scores),
                           "rounds": [{name: s["points"] for name, s in r.items()} for r in self.results],
                           "winners": list(self.winners)})
        return events

    @staticmethod
    def _discarded(seat: Seat, piece: Piece, *, again: bool) -> Event:
        return {"type": "discarded", "player": seat.name, "card": piece.card, "kind": piece.kind, "value": piece.value,
                "pile": len(seat.pile), "again": again}

    # ---- counting ----------------------------------------------------------------------------------

    def _down(self, seat: Seat) -> int:
        """The player's cards on the tableau (the Black Star aside)."""
        return seat.down(NUMBER) + seat.down(RULES)

    def _points(self, seat: Seat) -> int:
        """1 per number card down, 2 per Rules card, 0 for the Black Star."""
        return seat.down(NUMBER) + RULES_POINTS * seat.down(RULES)

    def _left(self, seat: Seat) -> int:
        return self.rules.in_play - self._down(seat)

    def _breakdown(self, seat: Seat) -> dict[str, int]:
        """The round's score: points for the cards down, less one per card not down; ``points``
        is what the round scores in the game (the score itself, but for stolen scoring)."""
        score = self._points(seat) - self._left(seat)
        return {"numbers": seat.down(NUMBER), "rules": seat.down(RULES), "unplayed": self._left(seat),
                "score": score, "points": score}

    # ---- helpers -------------------------------------------------------------------------------

    def _seat(self, player: str) -> Seat:
        if player not in self.seats_:
            raise ActionError(f"unknown player {player!r} (players: {', '.join(self.rules.players)})")
        return self.seats_[player]

    def _star(self, copy: str) -> str:
        return self._catalog.game(GAME).card(copy, "STAR").id

    def piece(self, card_id: str) -> Piece:
        """A card as the rules see it, lying unturned."""
        face = self._catalog.card(card_id).face
        if face.kind == RULES:
            return Piece(card_id, RULES, None, 0, (face.extra["face0"], face.extra["face1"], face.extra["face2"]))
        value = int(face.number.value) if face.number is not None else None
        return Piece(card_id, face.kind, value, 0)

    @staticmethod
    def _violation(player: str | None, code: str, message: str, card: str | None, **values: Any) -> Event:
        """A refusal: its ``code``, the English ``message`` (journals and logs), and the values
        the station's words in any language need (``set``, ``owner``, ``kind``, ``value`` ...)."""
        return {"type": "violation", "player": player, "code": code, "message": message, "card": card, **values}

    @staticmethod
    def _named(piece: Piece) -> dict[str, Any]:
        """The card a violation names, as its words need it."""
        return {"kind": piece.kind, "value": piece.value}

    def state(self) -> dict[str, Any]:
        return {
            "game": self.name, "over": self.over, "players": list(self.rules.players), "round": self.round,
            "rounds": self.rules.rounds, "phase": self.phase, "started_at": self.started_at,
            "seconds": self.rules.minutes * 60 or None, "rules_cards": self.rules.rules_cards,
            "replay": self.rules.replay, "stolen": self.rules.stolen, "hand_size": HAND_SIZE,
            "tableaux": [self._seat_json(seat) for seat in self.seats_.values()],
            "results": [{name: dict(s) for name, s in r.items()} for r in self.results],
            "game_scores": dict(self.game_scores), "winners": list(self.winners),
        }

    def _seat_json(self, seat: Seat) -> dict[str, Any]:
        return {"player": seat.name, "set": seat.set,
                "cells": [seat.tableau[cell].as_json(cell) for cell in seat.order],
                "last": list(seat.order[-1]) if len(seat.order) > 1 else None,
                "discard": [self.piece(c).as_json(None) for c in seat.pile],
                "numbers": seat.down(NUMBER), "rules": seat.down(RULES), "score": self._points(seat),
                "in_play": self.rules.in_play, "left": self._left(seat), "hand": seat.hand,
                "deck": self._deck(seat), "replayed": seat.replayed, "open_faces": open_faces(seat.tableau),
                "finished": seat.finished}

