"""Math Wars Meta, refereed: every hand, MATH WAR, payment, knock-out, round and game.

Players turn up a COUNT META card and a MATH CRATE card each hand (the station sees them land on
the battle piles); when every player in the showdown has both, the engine works out each result,
finds the highest, starts a MATH WAR on a tie, and settles the hand: losers give
(highest − own result) cards from their draw pile plus their battle pile, to their own spoils
(Option 1) or the winner's (Option 2). A player who cannot pay, or has no card left to turn up,
is out; the last player or team standing wins the round and a VICTORY! card.

Decisions the rule sheet leaves open are in docs/rules/math-wars-meta.md.

>>> game = MathWars({"game": "math-wars", "players": ["Ana", "Ben"]})
>>> for card, player in [("MW-A-N21", "Ana"), ("MW-A-S5", "Ana"), ("MW-B-N15", "Ben"), ("MW-B-A6", "Ben")]:
...     events = game.apply({"type": "play", "t": 1, "player": player, "card": card})
>>> [game.describe(e) for e in events if e["type"] in ("hand_won", "cards_paid")]
['Ben wins the hand with 21.', 'Ana gives 6 cards to their own spoils pile (5 from the draw pile + 1 battle card).']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.catalog import Card, load_catalog
from engine.errors import ActionError, EngineError
from engine.expressions import Op, evaluate
from engine.math_wars import text
from engine.math_wars.config import CRATE_CARDS, MathWarsConfig, Mode, Seat, read_config
from engine.math_wars.piles import Piles
from engine.protocol import SIMULTANEOUS, SOLO, Event, Game, Outcome, Turns

COUNT = "count-meta"
CRATE = "math-crate"


@dataclass
class Showdown:
    """One turn-up within a hand: level 0 is the hand itself, level k the k-th MATH WAR."""

    level: int
    contenders: tuple[str, ...]
    count: dict[str, str] = field(default_factory=dict)   # player -> face-up COUNT META card ID
    crate: dict[str, str] = field(default_factory=dict)   # player -> MATH CRATE card ID

    @property
    def face_down(self) -> int:
        """Face-down cards each player adds under a MATH WAR's face-up card: 3, then 5, 7 ..."""
        return 2 * self.level + 1 if self.level else 0

    def complete(self) -> bool:
        return all(p in self.count and p in self.crate for p in self.contenders)

    def as_json(self) -> dict[str, Any]:
        return {"level": self.level, "face_down": self.face_down, "contenders": list(self.contenders),
                "count": dict(self.count), "crate": dict(self.crate)}


class MathWars(Game):
    name = "math-wars"
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # A card turned up onto a player's battle pile (the pile follows from the card's kind).
        "play": {"player": str, "card": str},
        # A VICTORY! card given by vote (the sheet's "splash" penalty); the round restarts.
        "award_victory": {"side": str},
        # Start the round again with full decks, no VICTORY! card given (a splashed table).
        "reset_round": {},
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules: MathWarsConfig = read_config(self._config)
        self._config = self.rules.as_json()
        self._catalog = load_catalog()
        self._seats: dict[str, Seat] = {s.name: s for s in self.rules.seats}
        self.victories: dict[str, int] = {side: 0 for side in self.rules.sides}
        self.round = 0
        self.winner: str | None = None
        self._on_table: set[str] = set()   # card IDs on battle piles this hand
        self._last_hand: frozenset[str] = frozenset()
        self._start_round()

    # ---- round and hand bookkeeping -------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.hand = 1
        edition = self.rules.edition
        self.piles: dict[str, Piles] = {n: Piles.full(edition.count_cards, CRATE_CARDS) for n in self._seats}
        self._used: set[str] = set()       # COUNT META cards played this round (Option 1: never twice)
        self._new_hand()

    def _new_hand(self) -> None:
        # the last hand's cards lie on the table until the players clear them away
        self._last_hand = frozenset(self._on_table)
        self._on_table = set()   # card IDs on battle piles this hand
        self._forget_judged()
        self._pending: list[tuple[str, int]] = []   # (player, cards owed) for sides already beaten
        alive = tuple(n for n in self._seats if not self.piles[n].out)
        self.showdown = Showdown(0, alive)

    def _may_reshuffle(self) -> bool:
        return self.rules.discard_option == 2

    def _alive_sides(self) -> list[str]:
        return [s for s in self.rules.sides if any(not self.piles[n].out for n in self._members(s))]

    def _members(self, side: str) -> list[str]:
        return [n for n, seat in self._seats.items() if seat.side == side]

    # ---- actions ----------------------------------------------------------------------------

    def on_play(self, action: Mapping[str, Any]) -> list[Event]:
        player = self._player(action["player"])
        try:
            card = self._catalog.card(action["card"])
        except EngineError as exc:
            raise ActionError(f"'play' action names no card: {exc}") from None
        problem = self._judge_play(player, card)
        if problem is not None:
            code, message, values = problem
            return [{"type": "violation", "player": player, "card": card.id, "code": code, "message": message,
                     **values}]
        return self._accept_play(player, card)

    def on_award_victory(self, action: Mapping[str, Any]) -> list[Event]:
        side = action["side"]
        if side not in self.victories:
            raise ActionError(f"'award_victory' names {side!r}, who is not playing (sides: {', '.join(self.victories)})")
        if self.winner is not None:
            return [self._violation_game_over(side)]
        return self._win_round(side, reason="vote")

    def on_reset_round(self, action: Mapping[str, Any]) -> list[Event]:
        if self.winner is not None:
            return [self._violation_game_over(None)]
        self._start_round()
        return [{"type": "round_started", "round": self.round, "reason": "reset"}]

    def _player(self, name: str) -> str:
        if name not in self._seats:
            raise ActionError(f"no player called {name!r} (players: {', '.join(self._seats)})")
        return name

    # ---- judging a play ---------------------------------------------------------------------

    def _judge_play(self, player: str, card: Card) -> tuple[str, str, dict[str, Any]] | None:
        """The rule this play breaks, as (code, message for a child, the values its words need
        beyond the player and the card), or None when it is fine."""
        seat, face = self._seats[player], card.face
        if self.winner is not None:
            return "game_over", text.game_over(self.winner), {"winner": self.winner}
        if card.game != self.name:
            return "wrong_game", text.wrong_game(card), {}
        if self.piles[player].out:
            return "player_out", text.player_out(player), {}
        if player not in self.showdown.contenders:
            return ("not_in_war", text.not_in_war(player, self.showdown.contenders),
                    {"contenders": list(self.showdown.contenders)})
        if face.kind == COUNT and face.number is not None and face.number.value > self.rules.edition.count_cards:
            return ("not_in_edition", text.not_in_edition(face.number.value, self.rules.edition),
                    {"highest": self.rules.edition.count_cards})
        # Cards change hands only under Option 2, and only COUNT META cards.
        if card.copy != seat.copy and (face.kind == CRATE or self.rules.discard_option == 1):
            return "not_your_deck", text.not_your_deck(player, card.copy, seat.copy), {"own_deck": seat.copy}
        if card.id in self._on_table:
            return "card_on_table", text.card_on_table(face), {}
        if face.kind == COUNT and self.rules.discard_option == 1 and card.id in self._used:
            return "card_already_used", text.card_already_used(face), {}
        pile = self.showdown.count if face.kind == COUNT else self.showdown.crate
        if player in pile:
            return "already_played", text.already_played(player, face.label), {}
        return None

    def _accept_play(self, player: str, card: Card) -> list[Event]:
        piles = self.piles[player]
        event: Event = {"type": "card_played", "player": player, "card": card.id, "kind": card.face.kind,
                        "face": card.face.describe()}
        events: list[Event] = []
        if card.face.kind == COUNT:
            # Under a MATH WAR's face-up card go 3 (then 5 ...) face-down ones, as many as the player has.
            face_down = max(min(self.showdown.face_down, piles.available(self._may_reshuffle()) - 1), 0)
            taken, reshuffled = piles.take(face_down + 1, self._may_reshuffle())
            piles.battle += max(taken, 1)  # the face-up card is on the table even if our count says 0
            event["face_down"] = face_down
            self.showdown.count[player] = card.id
            self._used.add(card.id)
        else:
            reshuffled = piles.take_crate()
            self.showdown.crate[player] = card.id
        self._on_table.add(card.id)
        if reshuffled:
            kind = "spoils_reshuffled" if card.face.kind == COUNT else "crates_reshuffled"
            events.append({"type": kind, "player": player, "cards": reshuffled})
        events.append(event)
        if self.showdown.complete():
            events.extend(self._resolve_solo() if self.rules.mode is Mode.SOLO else self._resolve())
        return events

    # ---- resolving a showdown ---------------------------------------------------------------

    def _result(self, player: str) -> tuple[dict[str, Any], str]:
        """A player's solution: COUNT META (op) MATH CRATE when whole, else the COUNT META card alone.

        Returns the result record for events and, when the MATH CRATE card is ignored, why.
        """
        count = self._catalog.card(self.showdown.count[player]).face
        crate = self._catalog.card(self.showdown.crate[player]).face
        assert count.number is not None and crate.number is not None and crate.op is not None
        n, m = count.number.value, crate.number.value
        verdict = evaluate([n, Op.parse(crate.op), m], whole_numbers=True)
        result = verdict.value if verdict.value is not None else n
        note = "" if verdict.ok else text.count_alone(verdict.message)
        record = {"player": player, "count": int(n), "op": crate.op, "crate": int(m),
                  "result": int(result), "note": note}
        if not verdict.ok:
            assert verdict.problem is not None
            record["note_code"] = verdict.verdict.value   # "remainder": why the MATH CRATE card is left out
            record["problem"] = verdict.problem.as_json()  # the same as its code and values, for its words
        return record, verdict.message

    def _resolve(self) -> list[Event]:
        show = self.showdown
        results = [self._result(p)[0] for p in show.contenders]
        by_player = {r["player"]: r["result"] for r in results}
        side_totals: dict[str, int] = {}
        for p in show.contenders:
            side = self._seats[p].side
            side_totals[side] = side_totals.get(side, 0) + by_player[p]
        highest = max(side_totals.values())
        top = [s for s, total in side_totals.items() if total == highest]
        event: Event = {"type": "hand_result", "hand": self.hand, "level": show.level, "results": results,
                        "highest": highest, "top": top}
        if self.rules.mode is Mode.TEAMS:
            event["teams"] = side_totals
        events = [event]
        for side, total in side_totals.items():
            if total < highest:
                self._pending.extend((p, highest - total) for p in show.contenders if self._seats[p].side == side)
        if len(top) == 1:
            return events + self._settle(top[0], self._best_player(top[0], by_player), highest)
        return events + self._math_war(top, highest, by_player)

    def _best_player(self, side: str, by_player: Mapping[str, int]) -> str:
        """Who collects a side's winnings under Option 2: its best result, first in seating order on a tie."""
        return max((p for p in self.showdown.contenders if self._seats[p].side == side), key=lambda p: by_player[p])

    def _math_war(self, tied: list[str], highest: int, by_player: Mapping[str, int]) -> list[Event]:
        level = self.showdown.level + 1
        able = tuple(p for side in tied for p in self._members(side)
                     if not self.piles[p].out and self.piles[p].available(self._may_reshuffle()) > 0)
        events: list[Event] = []
        stuck = [side for side in tied if not any(self._seats[p].side == side for p in able)]
        for side in stuck:   # a tied side with no card left to turn up cannot fight: it is out
            for p in self._members(side):
                if not self.piles[p].out:
                    events += self._knock_out(p, "no_cards_for_war")
        live = [side for side in tied if side not in stuck]
        if len(live) == 1:   # the only side still able to fight wins without a MATH WAR
            return events + self._settle(live[0], self._best_player(live[0], by_player), highest)
        if not live:
            return events + self._settle(None, None, None)
        self.showdown = Showdown(level, able)
        events.insert(0, {"type": "math_war", "hand": self.hand, "level": level, "sides": live,
                          "players": list(able), "face_down": self.showdown.face_down})
        return events

    def _settle(self, side: str | None, receiver: str | None, highest: int | None) -> list[Event]:
        """Pay the hand: losers give what they owe (+ battle cards), winners keep their battle cards."""
        events: list[Event] = []
        if side is not None:
            events.append({"type": "hand_won", "hand": self.hand, "side": side, "highest": highest})
        losers = dict(self._pending)
        for player in self._seats:
            piles = self.piles[player]
            if player in losers:
                owed = losers[player]
                paid, reshuffled = piles.take(owed, self._may_reshuffle())
                if reshuffled:
                    events.append({"type": "spoils_reshuffled", "player": player, "cards": reshuffled})
                to = receiver if self.rules.discard_option == 2 and receiver is not None else player
                battle, piles.battle = piles.battle, 0
                self.piles[to].spoils += paid + battle
                events.append({"type": "cards_paid", "player": player, "owed": owed, "paid": paid,
                               "battle": battle, "to": to})
                if paid < owed:
                    events += self._knock_out(player, "could_not_pay")
            elif piles.battle:   # the winners', and a tied side's that ran out in a MATH WAR
                piles.spoils += piles.battle
                piles.battle = 0
            piles.crate_discard += piles.crate_battle
            piles.crate_battle = 0
        for player, piles in self.piles.items():
            if not piles.out and piles.available(self._may_reshuffle()) == 0 and self._seats[player].side != side:
                events += self._knock_out(player, "out_of_cards")
        return events + self._after_hand(side)

    def _knock_out(self, player: str, reason: str) -> list[Event]:
        self.piles[player].out = True
        return [{"type": "knocked_out", "player": player, "reason": reason}]

    def _after_hand(self, hand_winner: str | None) -> list[Event]:
        events: list[Event] = []
        if hand_winner is not None and len(self._alive_sides()) > 1:
            # A hand winner left with no card to turn up is out too, unless nobody else is left.
            for p in self._members(hand_winner):
                if not self.piles[p].out and self.piles[p].available(self._may_reshuffle()) == 0:
                    events += self._knock_out(p, "out_of_cards")
        alive = self._alive_sides()
        if not alive and hand_winner is not None:
            alive = [hand_winner]
        if len(alive) == 1:
            return events + self._win_round(alive[0], reason="last_standing")
        if not alive:
            self._start_round()
            return events + [{"type": "round_drawn", "round": self.round - 1},
                             {"type": "round_started", "round": self.round, "reason": "draw"}]
        self.hand += 1
        self._new_hand()
        return events

    def _resolve_solo(self) -> list[Event]:
        (player,) = self.showdown.contenders
        result, why = self._result(player)
        piles = self.piles[player]
        events: list[Event] = [{"type": "hand_result", "hand": self.hand, "level": 0, "results": [result],
                                "highest": result["result"], "top": [player]}]
        if result["note"]:
            events.append({"type": "hand_redraw", "hand": self.hand, "player": player, "reason": why,
                           "code": result["note_code"], "count": result["count"], "op": result["op"],
                           "crate": result["crate"], "problem": result["problem"]})
            discarded = 0
        else:
            discarded, _ = piles.take(max(result["result"], 0), may_reshuffle=False)
            events.append({"type": "solo_discard", "hand": self.hand, "player": player,
                           "owed": max(result["result"], 0), "paid": discarded})
        piles.spoils += discarded + piles.battle
        piles.battle = 0
        piles.crate_discard += piles.crate_battle
        piles.crate_battle = 0
        if piles.draw == 0:
            return events + self._win_round(player, reason="deck_cleared")
        self.hand += 1
        self._new_hand()
        return events

    def _win_round(self, side: str, reason: str) -> list[Event]:
        self.victories[side] += 1
        events: list[Event] = [{"type": "round_won", "round": self.round, "side": side, "reason": reason,
                                "victories": self.victories[side], "needed": self.rules.victories_to_win}]
        if self.victories[side] >= self.rules.victories_to_win:
            self.winner = side
            events.append({"type": "game_won", "side": side, "victories": dict(self.victories)})
            return events
        self._start_round()
        return events + [{"type": "round_started", "round": self.round, "reason": "next"}]

    def _violation_game_over(self, side: str | None) -> Event:
        return {"type": "violation", "player": side, "card": None, "code": "game_over",
                "message": text.game_over(self.winner or ""), "winner": self.winner}

    # ---- reading the game -------------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        return tuple(self._seats)

    def turns(self) -> Turns:
        return Turns(SOLO if self.rules.mode is Mode.SOLO else SIMULTANEOUS)

    def outcome(self) -> Outcome:
        winners = (self.winner,) if self.winner is not None else ()
        return Outcome(self.winner is not None, winners, dict(self.victories), "VICTORY! cards")

    def table_cards(self) -> frozenset[str]:
        """This hand's battle-pile cards and the last hand's, which lie there until cleared."""
        return frozenset(self._on_table) | self._last_hand | self.judged_cards()

    def state(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "edition": self.rules.edition.name,
            "mode": self.rules.mode.value,
            "discard_option": self.rules.discard_option,
            "round": self.round,
            "hand": self.hand,
            "over": self.winner is not None,
            "winner": self.winner,
            "victories": dict(self.victories),
            "victories_to_win": self.rules.victories_to_win,
            "players": {n: {"copy": s.copy, "team": s.team, **self.piles[n].as_json()} for n, s in self._seats.items()},
            "showdown": self.showdown.as_json(),
            "owed": [{"player": p, "cards": n} for p, n in self._pending],
            "used_cards": sorted(self._used),
            "on_table": sorted(self._on_table),   # this hand's battle-pile cards: a card lifted and put back is no new play
        }

    def describe(self, event: Mapping[str, Any]) -> str:
        return text.describe(event, self.rules)

    def headline(self) -> str:
        return text.headline(self.rules)

    def summary(self) -> list[str]:
        return text.summary(self.state())

