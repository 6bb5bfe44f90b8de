"""The referee: table events and button presses in; engine actions, journal lines and screens out.

It owns no hardware and no clock: the daemon (real camera, real time) and the simulator
(virtual table, scripted time) feed it the same way, so a scenario test exercises exactly the
code that runs at the table. Every action is committed to the journal *before* the screens
answer it, so a power cut can lose a screen, never a play; and a restart resumes the journal's
game at the same point by replaying its actions. Time enters a game only as actions: when the
game's ``deadline`` passes (a round's clock, a reaction window), the referee applies the action
the game asked for, stamped with the deadline's own time, so a replay of the journal is exact.

Words: a game is shown and spoken in the language its setup chose (the Language row; the
station's ``[station] language`` when none was chosen), from its start to its end: every entry
point runs in it (``speaking``), the menu and setup in the station's.
"""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from engine.errors import EngineError
from engine.rules import new_game, replay
from engine.protocol import Deadline, Game
from station.config import StationConfig
from station.game_plugin import StationGame
from station.hardware.buttons import Press
from station.game_language import LANGUAGE_NAME, GameLanguage
from station.i18n import _, ngettext, use_language
from station.i18n import language as language_now
from station.store import Journal, JournalError, JournalReset
from station.table.adapter import Note, TableAdapter
from station.table.mat import MatLayout
from station.ui.controller import Act, Controller, EndGame, StartGame, Undo
from station.ui.views import FaultView, View

log = logging.getLogger("station.referee")

MAX_DEADLINES = 100  # deadlines fired for one action at most: a game whose deadline never moves is a bug
ROOM = "room"  # the source of the class's pause and resume actions
TABLE_WAIT = 1.5  # seconds a pressed action waits for a clear frame of the table before it reads the last one
RESUME_SCREENS = 200  # actions a restart looks back at most for the screens the killed station showed
T = TypeVar("T")
Batch = tuple[list[dict[str, Any]], dict[str, Any]]  # one action's events, and the game's state after them
F = TypeVar("F", bound=Callable[..., Any])


def journal_failing() -> FaultView:
    """The fault screen while the journal cannot keep a play."""
    return FaultView(_("Can't save"), _("The SD card is full or failing"), _("Plays are not counted"))


def journal_reset() -> Note:
    """The note when the journal was found damaged and a new one started (the old one kept aside)."""
    return Note("journal", _("Journal damaged"), _("kept aside; new one started"))


def set_aside_note(count: int) -> Note:
    """The OLED's word when a restart found the game's last plays damaged in the journal."""
    return Note("journal", _("Journal damaged"), ngettext("last {n} play set aside", "last {n} plays set aside", count))


def _replayed(config: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> tuple[Game, list[Batch]]:
    """The journal's game rebuilt from its actions, with the events of its last moments, each
    batch with the state after it (what the screens were made from): the actions since the last
    one pressed on a button (the players were on the live screen then), ``RESUME_SCREENS`` at most."""
    pressed = max((i for i, action in enumerate(actions) if action.get("source") == "button"), default=0)
    first = max(pressed, len(actions) - RESUME_SCREENS)
    game = new_game(config)
    last: list[Batch] = []
    for number, action in enumerate(actions):
        events = game.apply(action)
        if number >= first:
            last.append((events, game.state()))
    return game, last


def _speaking(method: F) -> F:
    """``method`` with its words (screens, notes, spoken lines) in the game's language."""
    @functools.wraps(method)
    def run(self: Referee, *args: Any, **options: Any) -> Any:
        with self.speaking():
            return method(self, *args, **options)
    return run  # type: ignore[return-value]


class Referee:
    """Feed it ``table_events``, ``press`` and ``screen`` calls with a monotonic ``now`` (seconds).
    ``games`` are the plug-ins of the games it may referee, in menu order: the layer that chose
    them (the daemon, the simulator) hands them down; the referee never looks a game up."""

    def __init__(self, config: StationConfig, journal: Journal, *, games: Mapping[str, StationGame],
                 seed: Callable[[], int] | None = None,
                 log_event: Callable[[dict[str, Any]], None] | None = None,
                 roster: Callable[[], Sequence[str]] | None = None,
                 address: Callable[[], View] | None = None) -> None:
        self.config = config
        self.journal = journal
        self.log_event = log_event or (lambda record: None)
        self.games = dict(games)
        defaults = {name: config[name] for name in games if name in config}
        self.controller = Controller(self.games, defaults, seed or (lambda: random.randrange(1_000_000)), address=address)
        if roster is not None:  # the class list: setup seats its names (station.roster)
            self.controller.roster = roster
        self.game: Game | None = None
        self.game_id: int | None = None
        self.adapter: TableAdapter | None = None
        self._state: dict[str, Any] | None = None  # game.state(), cached: it changes only when the game does
        first = config["station"]["game"]
        self.controller.menu_index = list(games).index(first) if first in games else 0
        self._t_base = 0.0  # game time at self._now_base
        self._resets = 0  # times the journal was found damaged in use and started afresh
        self._now_base = 0.0
        self._stuck: Deadline | None = None  # a deadline the game did not take: its clock has stopped
        self.room_paused = False  # the class's room says: every table paused (station.classroom)
        self._frozen: float | None = None  # the game's time while it is paused: it stands still
        self._held: list[Mapping[str, Any]] = []  # table events seen while paused: read at the resume
        self._held_sight: tuple[MatLayout | None, Sequence[Any]] = (None, ())
        self._waiting: tuple[dict[str, Any], float] | None = None  # a pressed action that reads the table, and when
        self.language: str | None = None  # the game's language while one is played (None: the station's)
        self._kept_language = GameLanguage(Path(journal.path).parent / LANGUAGE_NAME)  # for a restart
        self._failing: FaultView | None = None  # the journal's fault screen, while it shows
        if journal.recovered:
            self.tell(journal_reset())

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """Words in the game's language inside the ``with`` (the station's with no game)."""
        if self.language is None:
            yield
            return
        with use_language(self.language):
            yield

    # ---- game lifetime -------------------------------------------------------------------

    @_speaking
    def resume(self, now: float, places: Callable[[int], Mapping[str, tuple[float, float]]] | None = None) -> bool:
        """Come back into the journal's unfinished game, if there is one. ``places``: where the
        cards of a game (by its journal id) lay when the station last saw them, if it knows."""
        try:
            stored = self.journal.current_game()
        except JournalReset as exc:  # the game could not be read back: the file is kept aside
            log.error("%s", exc)
            self.tell(journal_reset())
            return False
        if stored is None:
            return False
        try:
            game, last = _replayed(stored.config, stored.actions)
        except (EngineError, ValueError) as exc:
            log.error("the journal's game %s cannot be replayed (%s): it is stopped", stored.id, exc)
            try:
                self.journal.stop(stored.id)
            except JournalReset as reset:  # the old game went aside with the file
                log.error("%s", reset)
            self.tell(Note("journal", _("Old game lost"), _("it could not be replayed")))
            return False
        configured = self.config[game.name].get("reveal", "press") if game.name in self.config else "press"
        reveal = self._kept_language.recall_reveal(stored.id) or configured   # as the game was set up
        self._begin(game, stored.id, now, t=stored.actions[-1]["t"] if stored.actions else 0.0, reveal=reveal,
                    language=self._kept_language.recall(stored.id))
        if game.paused:   # paused when the station went down: it comes back paused, its time still
            self._frozen = game.last_t
            self.controller.paused = True
        with self.speaking():   # in the game's language, now that it is known
            self.controller.show_again(last)   # a round's results, the game's end: what the killed station showed
        assert self.adapter is not None
        laid_by = {a["card"]: a["player"] for a in game.actions if isinstance(a.get("card"), str) and "player" in a}
        self.adapter.resumed(game.table_cards(), laid_by, places(stored.id) if places is not None else None)
        log.info("resumed game %s at action %d", stored.id, len(stored.actions))
        self.log_event({"type": "resumed", "game_id": stored.id, "actions": len(stored.actions)})
        if stored.id in self.journal.set_aside:   # damaged in the file: the game goes on from before the damage
            count = self.journal.set_aside[stored.id][0]
            log.error("game %s resumed at action %d: the journal was damaged there, and the last %d actions "
                      "were set aside", stored.id, len(stored.actions), count)
            self.tell(set_aside_note(count))
        return True

    def start(self, config: Mapping[str, Any], now: float, reveal: str = "press", language: str | None = None) -> None:
        """A new game; ``language``: its words (the setup's Language row), else the language of now."""
        game = new_game(config)
        game_id = self._write(lambda: self.journal.start_game(game.config))
        assert game_id is not None
        self._begin(game, game_id, now, t=0.0, reveal=reveal, language=language)
        self._kept_language.keep(game_id, self.language or language_now(), reveal)
        self.log_event({"type": "game_started", "game_id": game_id, "config": game.config})
        if self.room_paused:   # a game started while every table is paused waits with the rest
            self.pause(now)

    def _begin(self, game: Game, game_id: int, now: float, *, t: float, reveal: str, language: str | None = None) -> None:
        self.game, self.game_id, self._state, self._stuck = game, game_id, None, None
        self.language = language or language_now()
        self._frozen, self._held, self.controller.paused, self._waiting = None, [], False, None
        self.adapter = self.games[game.name].table(game.config)
        self._t_base, self._now_base = t, now
        self.controller.game_started(game.name, reveal)

    def end(self) -> None:
        if self.game is not None and self.game_id is not None:
            if self.game.outcome().over:
                self._write(lambda: self.journal.finish(self._game_id()))
            else:
                self._write(lambda: self.journal.stop(self._game_id()))
            self.log_event({"type": "game_ended", "game_id": self.game_id})
        self.game = self.game_id = self.adapter = self._state = None
        self._frozen, self._held, self.controller.paused, self._waiting = None, [], False, None
        self.language = None
        self.controller.game_ended()

    def hidden_places(self) -> dict[str, tuple[float, float]]:
        """Where the cards that stand after a restart, not in view, lay before it (the adapter's)."""
        return self.adapter.hidden_places() if self.adapter is not None else {}

    def game_time(self, now: float) -> float:
        """Seconds of play: the journal's clock, carried on across restarts, standing still while paused."""
        if self._frozen is not None:
            return self._frozen
        return round(self._t_base + max(now - self._now_base, 0.0), 2)

    # ---- the room: every table paused by the teacher -------------------------------------

    @property
    def paused(self) -> bool:
        return self._frozen is not None

    @_speaking
    def set_room(self, paused: bool, now: float) -> None:
        """What the class's room says now: the game in play (and any started) pauses or goes on."""
        self.room_paused = paused
        if paused:
            self.pause(now)
        else:
            self.resume_play(now)

    @_speaking
    def pause(self, now: float, source: str = ROOM) -> None:
        """Stop the game's time: the deadlines due by now fall first, then a journaled ``pause``;
        from here no deadline falls and the clock stands (a child loses no time)."""
        if self.game is None or self.paused or self.game.outcome().over:
            return
        self._complete_waiting()  # a CONFIRM pressed just before counts, from the table as last seen
        t = self.game_time(now)
        self._fire_deadlines(t)
        if self.game is None:
            return
        t = max(t, self.game.last_t)
        if self.apply({"type": "pause", "t": t, "source": source}) == [] and self.game.paused:
            self._frozen = t
            self.controller.paused = True
            log.info("game %s paused at %.2f s", self.game_id, t)

    @_speaking
    def resume_play(self, now: float, source: str = ROOM) -> None:
        """Go on from where the game's time stood: a journaled ``resume`` at that same time; the
        table events seen while paused are read now."""
        if self.game is None or self._frozen is None:
            return
        t = self._frozen
        self.apply({"type": "resume", "t": t, "source": source})
        self._frozen, self.controller.paused = None, False
        self._t_base, self._now_base = t, now
        log.info("game %s resumed at %.2f s", self.game_id, t)
        held, self._held = self._held, []
        if held:
            mat, snapshot = self._held_sight
            self.table_events(held, mat, now, snapshot)

    def clock_time(self, now: float) -> float:
        """The time the screens and the page show: the game's own, stopped when the game is over."""
        t = self.game_time(now)
        ended = self.game.ended_at if self.game is not None else None
        return t if ended is None else min(t, ended)

    # ---- inputs --------------------------------------------------------------------------

    @_speaking
    def advance(self, now: float) -> None:
        """Let the game's own clock act: apply every deadline that has passed by ``now``."""
        if self.game is not None:
            self._fire_deadlines(self.game_time(now))

    @_speaking
    def table_events(self, events: Sequence[Mapping[str, Any]], mat: MatLayout | None, now: float,
                     snapshot: Sequence[Any] = (), busy: Sequence[tuple[float, float, float, float]] = ()) -> None:
        """One frame's tracker events (already debounced) with the mat the camera sees, the
        tracker's snapshot of every card lying there (``TrackedCard``s) and the frame's moving
        areas (a hand over the table: mm boxes)."""
        if self.game is None or self.adapter is None:
            return
        if self.paused:   # nothing counts while the room is paused: what was laid counts at the resume
            self._held.extend(events)
            self._held_sight = (mat, snapshot)
            return
        t = self.game_time(now)
        self._fire_deadlines(t)
        reading = self.adapter.read(events, t, self.state() or {}, mat, snapshot, busy)
        for note in reading.notes:
            self.tell(note, t)
        for action in reading.actions:
            self.apply(action)

    def press(self, press: Press, now: float) -> None:
        over = self.game is not None and self.game.outcome().over
        with self.speaking():
            intents = self.controller.press(press, now, self.state(), over)
        for intent in intents:   # each in the language of its moment: a game ended, setup is the station's again
            if isinstance(intent, StartGame):
                try:
                    self.start(intent.config, now, intent.reveal, intent.language)
                except EngineError as exc:  # e.g. a team size the player count cannot make
                    log.warning("cannot start %s: %s", intent.config, exc)
                    self.tell(Note("setup", _("Cannot start"), str(exc)[:60]))
            elif isinstance(intent, Act) and self.adapter is not None:
                action = {**intent.action, "t": self.game_time(now), "source": "button"}
                if not self.adapter.reads_table(action):
                    self.apply(self.adapter.complete(action, self.state() or {}))
                elif self._waiting is None:  # pressed twice before the table was read: one play
                    self._waiting = (action, now)
            elif isinstance(intent, Undo):
                self.undo()
            elif isinstance(intent, EndGame):
                self.end()
                if intent.then_setup:
                    self.controller.open_setup()

    @_speaking
    def table_seen(self, taken: float | None, now: float, hand_over: bool = False) -> None:
        """The station has read a frame taken at ``taken`` (None: no frame this time). A pressed
        action that reads the table (CONFIRM submitting the strip) is completed from the first
        frame taken after its press with no hand over the table: a card laid as the button went
        down is part of it. After ``TABLE_WAIT`` seconds it is completed from what was seen last,
        whatever the camera does (a hand that stays, a camera lost)."""
        if self._waiting is None:
            return
        pressed = self._waiting[1]
        if (taken is not None and taken >= pressed and not hand_over) or now - pressed >= TABLE_WAIT:
            self._complete_waiting()

    def _complete_waiting(self) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is None or self.game is None or self.adapter is None:
            return
        action = {**waiting[0], "t": max(waiting[0]["t"], self.game.last_t)}  # the clock may have acted since
        self.apply(self.adapter.complete(action, self.state() or {}))

    @_speaking
    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Judge one action: journal it first (committed), then screens and signals. The journal
        and the game never disagree: an action the engine refuses is taken out again, and one
        the journal cannot keep is not played (the screen says the journal is failing)."""
        assert self.game is not None and self.game_id is not None
        if action.get("source") != "clock":
            self._fire_deadlines(action["t"])  # the clock ran out before this action came
        try:
            checked = self.game.check_action(action)  # a malformed action must not reach the journal
        except EngineError as exc:
            log.error("a malformed action was not played: %s", exc)
            self.tell(Note("refused", _("Not understood"), str(exc)[:60]), action.get("t"))
            return []
        try:
            self._write(lambda: self.journal.append(self._game_id(), checked))
        except JournalError as exc:
            log.error("the journal cannot keep a play: %s", exc)
            self._failing = journal_failing()
            self.controller.set_fault(self._failing)
            return []
        try:
            events = self.game.apply(checked)
        except EngineError as exc:
            self._write(lambda: self.journal.drop_last(self._game_id()), again=False)  # rewritten without it
            log.error("the engine refused %s: %s", checked, exc)
            self.tell(Note("refused", _("Not understood"), str(exc)[:60]), checked["t"])
            return []
        self._state = None
        if self.adapter is not None and self.adapter.standing:  # after a restart: what still stands
            self.adapter.still_known(self.game.table_cards())
        if self._failing is not None and self.controller.fault is self._failing:
            self.controller.set_fault(None)
        self._failing = None
        self.log_event({"type": "action", "action": checked})
        for event in events:
            self.log_event(event)
        self.controller.show_events(events, self.state() or {})
        return events

    def _fire_deadlines(self, t: float) -> None:
        """Apply the game's deadlines that fall at or before ``t``, each at its own time. A
        deadline the game does not take (its action changes nothing, or is refused) is a bug of
        the game's: it is applied once, and the clock stays stopped until the game asks for
        another, so the journal does not fill with the same action at every frame."""
        game = self.game
        if game is None:
            return
        if self._waiting is not None:  # a play pressed before them still waits for its frame: it comes first
            t = min(t, self._waiting[0]["t"])
        for _ in range(MAX_DEADLINES):
            due = game.deadline()
            if due is None or due.at > t or due == self._stuck:
                return
            self.apply({**due.action, "t": max(due.at, game.last_t), "source": "clock"})
            if game.deadline() == due:
                log.error("the game's deadline %s was not taken: its clock stops here", due)
                self._stuck = due
                return
        log.error("more than %d deadlines fell due at once: the rest wait for the next frame", MAX_DEADLINES)

    @_speaking
    def undo(self) -> None:
        """Take back the last action (a misread card): the game is replayed without it."""
        if self.game is None or self.game_id is None:
            return
        if self.game.actions and self.game.actions[-1]["type"] in ("pause", "resume"):
            self.tell(Note("undone", _("Nothing to undo"), _("since the pause")))   # the room's time is no play
            return
        resets = self._resets
        dropped = self._write(lambda: self.journal.drop_last(self._game_id()))
        if dropped is None:
            return
        self.game, _events = replay(self.game.config, self.game.actions[:-1])
        self._state = None
        self.log_event({"type": "undone", "action": dropped})
        what = dropped.get("card") or dropped["type"]
        self.controller.undone(Note("undone", _("Undone"), f"{dropped.get('player', '')} {what}".strip()))
        if self._resets != resets:  # undone clears the screens: the players must still hear of the journal
            self.tell(journal_reset())

    def _write(self, write: Callable[[], T], *, again: bool = True) -> T | None:
        """One journal write. If the journal finds itself damaged, it keeps the file aside and
        starts a new one (``JournalReset``): the game in play is written into the new one, whole,
        the players are told, and the write is made again there (unless ``again`` is False: the
        game as played already is what the journal needs). Nothing played is lost."""
        try:
            return write()
        except JournalReset as exc:
            log.error("%s: the game in play goes on in the new journal", exc)
            self._resets += 1
            self.tell(journal_reset())
            if self.game is not None:
                self.game_id = self.journal.start_game(self.game.config)
                for action in self.game.actions:
                    self.journal.append(self.game_id, action)
                self._kept_language.keep(self.game_id, self.language or language_now(),  # its new number
                                         self.controller.reveal)
            return write() if again else None

    def _game_id(self) -> int:
        assert self.game_id is not None
        return self.game_id

    def set_fault(self, fault: FaultView | None) -> None:
        self.controller.set_fault(fault)

    @_speaking
    def tell(self, note: Note, t: float | None = None, *, at_once: bool = False) -> None:
        """Show a note, and log it: the log holds everything the players were told. ``at_once``:
        in front of whatever screen waits for a button (the teacher's notice cannot wait)."""
        self.log_event({"t": t, **note.as_json()})
        self.controller.show_note(note, at_once=at_once)

    # ---- outputs -------------------------------------------------------------------------

    def state(self) -> dict[str, Any] | None:
        """The game's state, computed once per change (screens ask for it every frame)."""
        if self.game is not None and self._state is None:
            self._state = self.game.state()
        return self._state

    @_speaking
    def screen(self, now: float) -> View:
        return self.controller.view(now, self.state(), self.clock_time(now) if self.game else 0.0)

    def take_signals(self) -> list[str]:
        return self.controller.take_signals()

    def take_lines(self) -> list[Any]:
        """The batches of spoken lines the events since the last call gave, oldest first."""
        return self.controller.take_lines()
