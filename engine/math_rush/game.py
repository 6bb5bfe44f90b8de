"""Math Rush, refereed: a cooperative race of fractions, decimals and percents against the clock.

Goals lie in a column, one per row of the play area; number cards are laid to the right of a
goal, into its set, by everyone at once. Every card is judged the moment it lands: in order
against every card of the set (or on top of an equal card), and within the goal's restriction.
A card that breaks the set stays (the set will score 0) unless a Help card takes it away: the
players lift it off, then use a Help card. A set that holds its goal's count completes the goal:
flip it and lay a new one. When the round's clock runs out (a deadline the referee turns into
``time_up``) each completed, unbroken goal scores its stars. Three rounds; unused Help cards score
a bonus at the end. Decisions the rule sheet leaves open are in docs/rules/math-rush.md.

>>> game = MathRush({"game": "math-rush", "players": ["Ana", "Ben"]})
>>> _ = game.apply({"type": "goal", "t": 1, "card": "MR-A-G1", "row": 1})
>>> _ = game.apply({"type": "start", "t": 2})
>>> [game.describe(e) for e in game.apply({"type": "play", "t": 3, "card": "MR-A-F5", "row": 1, "on": ""})]
['1/4 goes on UP 3 (1 of 3).']
>>> [game.describe(e) for e in game.apply({"type": "play", "t": 4, "card": "MR-A-D2", "row": 1, "on": ""})]
['0.125 breaks UP 3: 0.125 < 1/4: out of order.']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.catalog import Card, load_catalog
from engine.errors import ActionError
from engine.math_rush import text
from engine.math_rush.config import GOALS_IN_PLAY, HELP_BONUS, HELP_CARDS, ROUNDS, MathRushConfig, read_config
from engine.math_rush.goals import ORDER, Goal, Why
from engine.numbers import ExactNumber
from engine.protocol import SIMULTANEOUS, SOLO, Deadline, Event, Game, Outcome, Turns, Worded

GAME = "math-rush"
SETUP, PLAYING, ROUND_OVER, FINISHED = "setup", "playing", "round_over", "finished"
WARNING_SECONDS = 30  # a tone this long before the end of the round
TEAM = "Team"  # the players score together


@dataclass
class Played:
    card: str
    number: ExactNumber
    on: str = ""  # the card it lies on (a stack of equal cards), "" at the set's end
    lifted: bool = False  # taken off the table, waiting for a Help card (or to be put back)


@dataclass
class Row:
    """A goal and its set, in one row of the play area."""

    row: int
    goal_card: str
    goal: Goal
    name: str
    cards: list[Played] = field(default_factory=list)
    complete: bool = False
    broken: str = ""  # why the set breaks its goal, "" while it does not
    because: Why | None = None  # the same as data, for the station's words

    @property
    def because_json(self) -> dict[str, str] | None:
        return self.because.as_json() if self.because else None

    def in_set(self) -> list[Played]:
        return [p for p in self.cards if not p.lifted]

    def as_json(self) -> dict[str, Any]:
        return {"row": self.row, "goal": self.goal_card, "name": self.name, "count": self.goal.count,
                "stars": self.goal.stars, "direction": self.goal.direction, "restriction": self.goal.restriction(),
                "cards": [{"card": p.card, "shown": p.number.pretty(), "on": p.on, "lifted": p.lifted}
                          for p in self.cards],
                "placed": len(self.in_set()), "complete": self.complete, "broken": self.broken,
                "because": self.because_json}


class MathRush(Worded, Game):
    name = GAME
    words = text
    ACTIONS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "goal": {"card": str, "row": int},  # a goal card laid in a row's goal slot
        "start": {},  # CONFIRM: the round's clock starts
        "play": {"card": str, "row": int, "on": str},  # a number card laid in a row's set ("on": the equal card beneath)
        "lift": {"card": str},  # a played card taken off its set
        "help": {"use": str},  # a Help card: "clear" (take the lifted cards away) or "redraw"
        "help_card": {"card": str},  # a Help card seen lying face up in its box (ready for use)
        "warning": {},  # the referee's clock: 30 seconds left
        "time_up": {},  # the referee's clock: the round is over
        "end_round": {},  # no timer: the players end the round
        "next_round": {},  # CONFIRM after a round's scores: the next round is set up
    }
    OPTIONAL: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "help": {"card": str},  # the Help card turned over (from the camera; a button names none)
    }

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.rules: MathRushConfig = read_config(self._config)
        self._config = self.rules.as_json()
        self._catalog = load_catalog()
        self.round = 1
        self.phase = SETUP
        self.rows: dict[int, Row] = {}
        self.done: list[Row] = []  # goals completed and cleared away this round (their sets were judged)
        self.used_goals: set[str] = set()  # goal cards laid this round
        self.started_at = 0.0
        self.warned = False
        self.help_used = 0
        self.help_box: set[str] = set()  # Help cards lying face up in their box, as the camera saw them laid
        self.round_points: list[int] = []
        self.over = False
        self.final: dict[str, int] = {}

    # ---- the station's questions ---------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        return self.rules.players

    def turns(self) -> Turns:
        return Turns(SOLO if len(self.rules.players) == 1 else SIMULTANEOUS)

    def outcome(self) -> Outcome:
        winners = self.rules.players if self.over else ()
        return Outcome(self.over, winners, {TEAM: self.total}, "points")

    def deadline(self) -> Deadline | None:
        if self.phase != PLAYING or not self.rules.timer:
            return None
        end = self.started_at + self.rules.seconds
        if not self.warned and self.rules.seconds > WARNING_SECONDS:
            return Deadline(end - WARNING_SECONDS, {"type": "warning"})
        return Deadline(end, {"type": "time_up"})

    def table_cards(self) -> frozenset[str]:
        """The goals and every card of their sets; once the round is over, also the cards that
        landed after the tone (judged too late, they lie in the rows until gathered); and the
        Help cards lying face up in their box (turned over while the station was down, one is
        used). A card refused during the round goes back into a hand: laid after a restart, it
        is a new play."""
        cards = {p.card for row in self.rows.values() for p in row.cards} | {r.goal_card for r in self.rows.values()}
        late = self.judged_cards() if self.phase == ROUND_OVER else frozenset()
        return frozenset(cards) | late | self.help_box

    @property
    def total(self) -> int:
        return sum(self.round_points) + self.final.get("help_bonus", 0)

    @property
    def help_left(self) -> int | None:
        return None if self.rules.help == "unlimited" else HELP_CARDS - self.help_used

    # ---- actions -------------------------------------------------------------------------------

    def on_goal(self, action: Mapping[str, Any]) -> list[Event]:
        card, row = self._card(action["card"]), action["row"]
        if card.face.kind not in ("goal", "advanced-goal") or card.game != GAME:
            return [self._violation("not_a_goal", text.not_a_goal(card), card.id)]
        problem = self._closed(card.id) or self._advanced(card)
        if problem:
            return [problem]
        if card.id in self.used_goals:
            return [self._violation("goal_used", text.goal_used(), card.id)]
        here = self.rows.get(row)
        if here is not None and not here.complete:
            return [self._violation("row_taken", text.row_taken(row, here.name), card.id, row=row, name=here.name)]
        active = [r for r in self.rows.values() if not r.complete]
        most = 1 if self.rules.one_goal else GOALS_IN_PLAY
        if len(active) >= most:
            return [self._violation("too_many_goals", text.too_many_goals(most), card.id, most=most)]
        if here is not None:
            self.done.append(here)  # a completed goal cleared away: its set was judged when it completed
        goal = Goal.from_face(card.face)
        self.rows[row] = Row(row, card.id, goal, str(card.face.extra.get("name", card.face.label)))
        self.used_goals.add(card.id)
        limit = goal.limit()
        return [{"type": "goal_laid", "row": row, "card": card.id, "name": self.rows[row].name, "count": goal.count,
                 "stars": goal.stars, "restriction": goal.restriction(), "limit": limit.as_json() if limit else None}]

    def on_start(self, action: Mapping[str, Any]) -> list[Event]:
        if self.over:
            return [self._game_over()]
        if self.phase != SETUP:
            return [self._violation("started", text.started(self.phase), None, phase=self.phase)]
        if not self.rows:
            return [self._violation("no_goals", text.no_goals(), None)]
        self.phase, self.started_at = PLAYING, action["t"]  # the warning was reset when the round was set up
        return [{"type": "round_started", "round": self.round, "seconds": self.rules.seconds if self.rules.timer else None,
                 "goals": len(self.rows)}]

    def on_play(self, action: Mapping[str, Any]) -> list[Event]:
        card = self._card(action["card"])
        number = card.face.number
        if card.game != GAME or card.face.kind not in ("number", "advanced") or number is None:
            return [self._violation("not_a_number", text.not_a_number(card), card.id)]
        problem = self._not_playing(card.id) or self._advanced(card)
        if problem:
            return [problem]
        where = self._row_of(card.id)
        if where is not None:
            played = next(p for p in where.cards if p.card == card.id)
            if played.lifted and where.row == action["row"]:  # put back where it was: judged again in its place
                played.lifted = False
                self._rejudge(where)
                return [{"type": "put_back", "card": card.id, "row": where.row, "broken": where.broken,
                         "because": where.because_json},
                        *self._check_complete(where)]
            return [self._violation("played_already", text.played_already(where.row), card.id, row=where.row)]
        row = self.rows.get(action["row"])
        if row is None:
            return [self._violation("no_goal", text.no_goal(action["row"]), card.id, row=action["row"])]
        if row.complete:
            return [self._violation("goal_done", text.goal_done(row.name), card.id, name=row.name)]
        beneath = next((p for p in row.in_set() if p.card == action["on"]), None)
        why = self._judge(row, number, [p.number for p in row.in_set()], beneath)
        row.cards.append(Played(card.id, number, beneath.card if beneath else ""))
        events: list[Event] = [{"type": "card_played", "card": card.id, "shown": number.pretty(), "row": row.row,
                                "goal": row.name, "on": beneath.card if beneath else "", "ok": why is None,
                                "reason": why.text() if why else "", "because": why.as_json() if why else None,
                                "placed": len(row.in_set()), "count": row.goal.count}]
        if why and not row.broken:
            row.broken, row.because = why.text(), why
        return events + self._check_complete(row)

    def on_lift(self, action: Mapping[str, Any]) -> list[Event]:
        card = self._card(action["card"])
        row = self._row_of(card.id)
        if row is None or self.phase != PLAYING:
            return []  # a card that was never in a set (or after the round): nothing to judge
        played = next(p for p in row.cards if p.card == card.id)
        if row.complete or played.lifted:
            return []  # the players clear a completed goal's set away: it was judged when it completed
        if self.rules.help == "unlimited" or self.rules.one_goal:
            row.cards.remove(played)
            self._rejudge(row)
            return [{"type": "card_removed", "card": card.id, "row": row.row, "broken": row.broken,
                     "because": row.because_json}]
        played.lifted = True
        return [{"type": "card_lifted", "card": card.id, "row": row.row, "help_left": self.help_left}]

    def on_help_card(self, action: Mapping[str, Any]) -> list[Event]:
        """A Help card lies face up in its box: the game counts it on the table (no event: it is
        no play), so a restart knows it is there, and turned over while the station was down,
        that it was used."""
        card = self._card(action["card"])
        if card.face.kind != "help" or card.game != GAME:
            raise ActionError(f"'help_card' is a Help card of {GAME}, not {card.id}")
        self.help_box.add(card.id)
        return []

    def on_help(self, action: Mapping[str, Any]) -> list[Event]:
        use = action["use"]
        if use not in ("clear", "redraw"):
            raise ActionError(f"'help' use is 'clear' or 'redraw', not {use!r}")
        self.help_box.discard(action.get("card", ""))  # turned over: out of the box's face-up cards
        if self.over:
            return [self._game_over()]
        if self.help_left == 0:
            return [self._violation("no_help", text.no_help(), None)]
        if use == "clear":
            rows = [r for r in self.rows.values() if any(p.lifted for p in r.cards)]
            if not rows:
                return [self._violation("nothing_lifted", text.nothing_lifted(), None)]
            if len(rows) > 1:
                return [self._violation("one_set", text.one_set(), None)]
            row = rows[0]
            taken = [p.card for p in row.cards if p.lifted]
            row.cards = row.in_set()
            self._rejudge(row)
            self.help_used += 1
            return [{"type": "help_used", "use": use, "row": row.row, "cards": taken, "broken": row.broken,
                     "because": row.because_json, "left": self.help_left}] + self._check_complete(row)
        self.help_used += 1
        return [{"type": "help_used", "use": use, "left": self.help_left}]

    def on_warning(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != PLAYING or self.warned:
            return []
        self.warned = True
        return [{"type": "time_warning", "seconds": WARNING_SECONDS}]

    def on_time_up(self, action: Mapping[str, Any]) -> list[Event]:
        if self.phase != PLAYING:
            return []
        return [{"type": "time_up", "round": self.round}] + self._score_round()

    def on_end_round(self, action: Mapping[str, Any]) -> list[Event]:
        if self.over:
            return [self._game_over()]
        if self.phase != PLAYING:
            return [self._violation("not_playing", text.not_playing(self.phase), None, phase=self.phase)]
        return self._score_round()

    def on_next_round(self, action: Mapping[str, Any]) -> list[Event]:
        if self.over:
            return [self._game_over()]
        if self.phase != ROUND_OVER:
            return [self._violation("round_on", text.round_on(self.phase), None, phase=self.phase)]
        self.round += 1
        self.phase, self.rows, self.done, self.used_goals, self.warned = SETUP, {}, [], set(), False
        self._forget_judged()
        return [{"type": "round_ready", "round": self.round}]

    # ---- judging ---------------------------------------------------------------------------------

    def _game_over(self, card: str | None = None) -> Event:
        """After the third round every action gets the same answer (not a round's)."""
        return self._violation("game_over", text.game_over(), card)

    def _closed(self, card: str) -> Event | None:
        """Why no goal may be laid now (the card named, so the screen can say which), or None."""
        if self.over:
            return self._game_over(card)
        if self.phase == ROUND_OVER:
            return self._violation("round_over", text.round_over(), card)
        return None

    def _not_playing(self, card: str) -> Event | None:
        """Why no number card may be played now, or None."""
        if self.over:
            return self._game_over(card)
        if self.phase == SETUP:
            return self._violation("not_started", text.not_started(), card)
        if self.phase == ROUND_OVER:
            return self._violation("too_late", text.too_late(), card)
        return None

    def _advanced(self, card: Card) -> Event | None:
        if not self.rules.advanced and card.face.kind in ("advanced", "advanced-goal"):
            return self._violation("advanced", text.advanced(), card.id)
        return None

    def _row_of(self, card_id: str) -> Row | None:
        return next((r for r in self.rows.values() if any(p.card == card_id for p in r.cards)), None)

    def _rejudge(self, row: Row) -> None:
        """A set after cards were taken away: judged again card by card, as it was laid."""
        row.broken, row.because = "", None
        kept: list[Played] = []
        for played in row.in_set():
            beneath = next((p for p in kept if p.card == played.on), None)
            why = self._judge(row, played.number, [p.number for p in kept], beneath)
            if why and not row.broken:
                row.broken, row.because = why.text(), why
            kept.append(played)

    def _judge(self, row: Row, number: ExactNumber, before: list[ExactNumber], beneath: Played | None) -> Why | None:
        """Why the card breaks the row's set, or None; the youngest players (one goal at a time)
        may rearrange their cards: the order is theirs to fix."""
        why = row.goal.judge(number, before, beneath.number if beneath else None)
        return None if why is not None and self.rules.one_goal and why.code == ORDER else why

    def _check_complete(self, row: Row) -> list[Event]:
        if row.complete or len(row.in_set()) < row.goal.count:
            return []
        row.complete = True
        return [{"type": "goal_complete", "row": row.row, "goal": row.name, "broken": row.broken,
                 "because": row.because_json, "stars": 0 if row.broken else row.goal.stars}]

    def _score_round(self) -> list[Event]:
        goals = []
        for row in [*self.done, *sorted(self.rows.values(), key=lambda r: r.row)]:
            if not row.complete:
                why = f"{len(row.in_set())} of {row.goal.count} cards"
                stars = 0
            else:
                why, stars = (row.broken, 0) if row.broken else ("", row.goal.stars)
            goals.append({"goal": row.name, "row": row.row, "stars": stars, "why": why, "complete": row.complete,
                          "placed": len(row.in_set()), "count": row.goal.count, "because": row.because_json})
        points = sum(g["stars"] for g in goals)
        self.round_points.append(points)
        self.phase = ROUND_OVER
        events: list[Event] = [{"type": "round_over", "round": self.round, "goals": goals, "points": points,
                                "total": sum(self.round_points)}]
        if self.round >= ROUNDS:
            events += self._finish()
        return events

    def _finish(self) -> list[Event]:
        left = self.help_left
        bonus = HELP_BONUS[left] if left is not None else 0
        self.final = {"rounds": sum(self.round_points), "help_bonus": bonus}
        self.over, self.phase = True, FINISHED
        return [{"type": "game_over", "rounds": list(self.round_points), "help_left": left, "help_bonus": bonus,
                 "total": self.total}]

    # ---- helpers -------------------------------------------------------------------------------


    @staticmethod
    def _violation(code: str, message: str, card: str | None, **values: Any) -> Event:
        """A refusal: its ``code`` and the ``values`` its words need (a row, a goal's name …) for
        the station to word it; ``message`` is the English, as the journal keeps it."""
        return {"type": "violation", "code": code, "message": message, "card": card, **values}

    def state(self) -> dict[str, Any]:
        return {
            "game": self.name, "over": self.over, "players": list(self.rules.players), "round": self.round,
            "rounds": ROUNDS, "phase": self.phase, "rows": [self.rows[r].as_json() for r in sorted(self.rows)],
            "done": [r.as_json() for r in self.done], "started_at": self.started_at,
            "seconds": self.rules.seconds if self.rules.timer else None, "help_left": self.help_left,
            "round_points": list(self.round_points), "total": self.total, "final": dict(self.final),
            "hand_size": self.rules.hand_size, "one_goal": self.rules.one_goal, "help_box": sorted(self.help_box),
        }


