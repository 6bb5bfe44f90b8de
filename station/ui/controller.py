"""Which screen the OLED shows and what each button means there.

Four buttons, one map per screen (docs/screens.md has it as a table):

============  =====================  =======================  ==================  ====================
screen        SELECT                 CONFIRM                  BACK                SPARE
============  =====================  =======================  ==================  ====================
menu          next game              set the game up (or      --                  --
                                     show the address)
setup         next row               change the row / Start   previous row        change the row back
live          next page of players   the game's action, or    hold: end game      the game's menu
                                     the last result again                        (a table vote …);
                                                                                  hold: undo
overlay       next page              reveal / dismiss         dismiss             --
a note        as on the screen       as on the screen         dismiss             as on the screen
              beneath (it goes)      beneath (it goes)                            beneath (it goes)
a question    next answer            choose                   cancel              --
============  =====================  =======================  ==================  ====================

A note (a stray code, a card outside its box …) tells, it never takes a press: BACK puts it
away, any other button puts it away and does what it does on the screen beneath. Notes of one
kind merge into one that counts them (``Note.merged``). Over the menu or setup, any button
dismisses a note.

The controller never touches a game: a press becomes an *intent* (start this game, apply this
action, undo, end) that the station carries out, so the same presses replay the same game. What
a game shows and offers comes from its plug-in (``station.game_plugin.StationGame``): the controller
names no game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from station.hardware.buttons import Press
from station.i18n import _, language, lazy_gettext
from station.speech.voice import Line
from station.table.adapter import Note
from station.ui.overlays import Overlay
from station.ui.setup import (
    SEAT,
    STATION_ROWS,
    SetupOption,
    Speaker,
    language_of,
    language_row,
    seat_rows,
    seated,
    speaker_of,
    speaker_rows,
)
from station.ui.views import FaultView, HandView, LiveView, Menu, MenuView, SetupView, VerdictView, View

if TYPE_CHECKING:
    from station.game_plugin import StationGame

NOTE_SECONDS = 4.0
#: The bottom lines of the shared screens: what to press next, in the order a child presses it.
#: The buttons keep their printed names (SELECT, CONFIRM) in every language.
CHOOSE_HINT = lazy_gettext("SELECT, then CONFIRM")  # a menu or a question: move to an answer, then take it
CHANGE_HINT = lazy_gettext("CONFIRM: change")  # a setup row: step its value
START_HINT = lazy_gettext("CONFIRM: start")  # setup's last row


def paused_view() -> VerdictView:
    """The screen while the teacher has paused every table (the game's clock stands still)."""
    return VerdictView("info", _("Paused"), _("Paused by your teacher"))


def _no_roster() -> Sequence[str]:
    return ()


@dataclass(frozen=True)
class StartGame:
    config: dict[str, Any]
    reveal: str
    language: str | None = None  # the setup's Language row: the game's screens and spoken lines; None: the station's


@dataclass(frozen=True)
class Act:
    action: dict[str, Any]  # without "t": the station stamps it


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class EndGame:
    then_setup: bool = False  # straight on to the setup screen (CONFIRM after a game is won)


Intent = StartGame | Act | Undo | EndGame


#: Notes for the grown-up who keeps the station (a damaged journal, a name in the config, a
#: missing button board, a refused action's exception): shown, never said aloud to the table.
UNSPOKEN_NOTES = frozenset({"journal", "config", "buttons", "sound", "web", "setup", "refused"})


def spoken_note(note: Note) -> str:
    """A note's title and detail as the voice says them: two sentences ("Other game. A SUM
    card: take it off.")."""
    title, detail = note.words()
    if note.count == 1 and note.said:   # e.g. a quoted code the screen shows and a voice would spell out
        detail = note.said
    return " ".join(_sentence(part) for part in (title, detail) if part.strip())


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def _note_overlay(note: Note, overlay: Overlay) -> Overlay:
    """``overlay`` showing ``note`` in its words (how many, for a merged note)."""
    title, detail = note.words()
    return replace(overlay, view=VerdictView("info", title, detail), note=note)


@dataclass
class _Question:
    """A small menu over the live screen: the game's menu (a table vote …), or "end the game?"."""

    title: str
    answers: list[tuple[str, Intent | View | None]]
    selected: int = 0


@dataclass
class Controller:
    """Holds the screen state; ``press`` answers a button, ``view`` says what to draw now."""

    games: Mapping[str, StationGame]  # game name -> its plug-in
    defaults: Mapping[str, Mapping[str, Any]]  # game name -> the station config's [<game>] table
    seed: Callable[[], int]  # a fresh shuffle seed for each new game
    roster: Callable[[], Sequence[str]] = _no_roster  # the class list's names, read when setup opens
    teacher_page: Callable[[], View] | None = None  # when the page is on: the menu's last item shows how to open it and its PIN
    screen: str = "menu"  # menu, setup, game
    game: str = ""
    reveal: str = "press"
    menu_index: int = 0
    setup: list[SetupOption] = field(default_factory=list)
    setup_row: int = 0
    names: list[str] = field(default_factory=list)  # the roster as setup opened with it
    page: int = 0
    overlays: deque[Overlay] = field(default_factory=deque)
    last_result: Overlay | None = None  # the last replayable overlay (a hand's results): CONFIRM shows it again
    question: _Question | None = None
    fault: FaultView | None = None
    signals: list[str] = field(default_factory=list)  # patterns to give, drained by the station
    lines: list[Any] = field(default_factory=list)  # batches of spoken lines to say, drained by the station
    _note_said: dict[tuple[str, str], list[Any]] = field(default_factory=dict)  # a note kind's batch not yet drained
    address: Callable[[], View] | None = None  # the station's address screen: the menu's last item
    speaker: Speaker | None = None  # a station with a speaker: setup's Sound and Volume rows, read by the loop
    classroom: Callable[[], tuple[str, View]] | None = None  # in a class: the menu's item ("Class online") and its screen
    paused: bool = False  # the game is paused by the teacher: the screen says so, only "End game?" is taken
    languages: dict[str, str] = field(default_factory=dict)  # game name -> the language its setup last chose

    # ---- what the station tells the controller ------------------------------------------------

    def game_started(self, game: str, reveal: str) -> None:
        self.screen, self.game, self.reveal, self.page = "game", game, reveal, 0
        self.overlays.clear()
        self.last_result = self.question = None

    def game_ended(self) -> None:
        self.screen, self.question, self.last_result = "menu", None, None
        self.overlays.clear()

    def show_events(self, events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], *, again: bool = False) -> None:
        """The screens and spoken lines one batch of events calls for; ``again``: shown once more
        after a restart, quietly (their sounds and words were given when they came)."""
        plugin = self.games[self.game]
        said = plugin.say(events, state, self.reveal)
        now_said = [line for line in said if not getattr(line, "on_reveal", False)]
        if now_said and not again:
            self.lines.append(now_said)
        shown = plugin.overlays(events, state, self.reveal)
        if again:
            shown = [replace(overlay, signal="") for overlay in shown]
        held = tuple(line for line in said if getattr(line, "on_reveal", False))
        hidden = next((n for n, overlay in enumerate(shown) if overlay.revealed is not None), None)
        if held and hidden is not None:   # the result's words wait with its hidden screen, and go with it
            shown = [*shown[:hidden], replace(shown[hidden], said_on_reveal=held), *shown[hidden + 1:]]
        done = {kind for e in events for kind in plugin.dismiss_on.get(e["type"], ())}
        if done:  # e.g. a new card on the table: the last hand's waiting screens have done their job
            self.overlays = deque(o for o in self.overlays if not (o.kind in done and o.seconds is None))
        for overlay in shown:
            if overlay.kind in plugin.replayable:
                self.last_result = replace(overlay.reveal() if overlay.revealed else overlay, seconds=None)
            self._queue(overlay)

    def show_again(self, batches: Sequence[tuple[Sequence[Mapping[str, Any]], Mapping[str, Any]]]) -> None:
        """After a restart: the screens the game's last moments left up, again. ``batches``: the
        events of the last actions, each with the state after it, oldest first. From the last batch
        that called for a screen waiting for a press or a result (a round's results, a hand's, the
        game's end), every screen comes back in order, as the killed station queued them: the
        players read what they may have missed, and their CONFIRM steps through it instead of
        dealing the next round. Screens they had already stepped through come back too: the
        journal keeps plays, not presses. Screens a later event put away (a new card down ends a
        hand's results) mean the players went on: then none comes back."""
        plugin = self.games[self.game]

        def held(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> bool:
            return any(o.seconds is None or o.kind in plugin.replayable for o in plugin.overlays(events, state, self.reveal))

        start = next((i for i in range(len(batches) - 1, -1, -1) if held(*batches[i])), None)
        for events, state in batches[start:] if start is not None else ():
            self.show_events(events, state, again=True)
        if not any(o.seconds is None or o.kind in plugin.replayable for o in self.overlays):
            self.overlays.clear()  # put away since (a new card down ends a hand's results): the players went on

    def show_note(self, note: Note, signal: str = "rejected", *, at_once: bool = False) -> None:
        """A note for ``NOTE_SECONDS``; one of a kind already waiting or showing counts this one
        in (its time runs on, and it beeps once, and is said once), so a table full of stray
        codes is one note. A note the players act on is said as the screen shows it.
        ``at_once`` (the teacher's notice) shows it now, in front of a screen that waits for a
        button (the address at start, a hand's results), which comes back after it."""
        for i, overlay in enumerate(self.overlays):
            if overlay.note is not None and overlay.note.same_kind(note):
                merged = overlay.note.merged(note)
                self.overlays[i] = _note_overlay(merged, overlay)
                batch = self._note_said.get((note.code, note.title))
                if batch is not None and any(pending is batch for pending in self.lines):
                    batch[:] = [Line(spoken_note(merged))]   # not said yet: say what the screen now shows
                return
        shown = _note_overlay(note, Overlay(VerdictView("info", ""), seconds=NOTE_SECONDS, signal=signal, kind="note"))
        if at_once:
            self.overlays.appendleft(shown)
            self.page = 0
        else:
            self._queue(shown)
        if note.code not in UNSPOKEN_NOTES:
            batch = [Line(spoken_note(note))]
            self._note_said[(note.code, note.title)] = batch
            self.lines.append(batch)

    def undone(self, note: Note) -> None:
        """The last action was taken back: screens about it go, and the last hand's too."""
        self.overlays.clear()
        self.last_result, self.page = None, 0
        self.show_note(note, signal="")

    def open_setup(self) -> None:
        self.menu_index = min(self.menu_index, len(self.games) - 1)
        self._menu(Press("confirm"))

    def set_fault(self, fault: FaultView | None) -> None:
        self.fault = fault

    def _queue(self, overlay: Overlay) -> None:
        if overlay.kind == "play":  # the newest play replaces one still waiting or showing: no backlog
            self.overlays = deque(o for o in self.overlays if o.kind != "play")
        self.overlays.append(overlay)

    # ---- buttons ---------------------------------------------------------------------------

    def press(self, press: Press, now: float, state: Mapping[str, Any] | None, over: bool = False) -> list[Intent]:
        """Answer one button press (``over``: the game is over); returns what the station should do."""
        if self.fault is not None:
            return []  # nobody can see what a press would do: wait for the fault to clear
        if self.paused and self.screen == "game":   # only a grown-up's long BACK: end the game
            if self.question is not None:
                return self._answer(press)
            if press.button == "back" and press.long:
                self.question = _Question(_("End game?"), [(_("No, wait"), None), (_("Yes, end it"), EndGame())])
            return []
        if self.screen != "game" and self._current_overlay(now) is not None:
            self.overlays.popleft()  # a note over the menu or setup: any button dismisses it
            return []
        if self.question is not None:
            return self._answer(press)
        if self.screen == "menu":
            return self._menu(press)
        if self.screen == "setup":
            return self._setup_press(press)
        overlay = self._current_overlay(now)
        if overlay is not None and overlay.kind == "note" and not (press.button == "back" and not press.long):
            self.overlays.popleft()  # a note never takes a press: it goes, and the press counts beneath it
            self.page = 0
            return self.press(press, now, state, over)
        if (overlay is not None and press.button == "confirm" and not press.long and overlay.seconds is not None
                and overlay.kind in self.games[self.game].press_through):
            self.overlays.popleft()
            self.page = 0
            return self._live(press, state, over)
        if overlay is not None and not (press.long and press.button in ("back", "spare")):
            return self._overlay_press(press, overlay, now)
        return self._live(press, state, over)

    def show_address(self) -> None:
        """The station's address and how to open its page, over the menu until a button is pressed."""
        if self.address is not None:
            self._queue(Overlay(self.address(), seconds=None, kind="note"))

    def _menu_extras(self) -> list[tuple[str, Callable[[], None]]]:
        """The menu's items after the games: the station's address, the teacher's page (each when
        the station has one), with what CONFIRM does on them."""
        extras: list[tuple[str, Callable[[], None]]] = []
        if self.address is not None:
            extras.append((_("Station address"), self.show_address))
        if self.teacher_page is not None:
            page = self.teacher_page
            extras.append((_("Teacher page"), lambda: self._queue(Overlay(page(), seconds=None, kind="hint"))))
        if self.classroom is not None:
            status, view = self.classroom()
            extras.append((status, lambda: self._queue(Overlay(view, seconds=None, kind="hint"))))
        return extras

    def _menu(self, press: Press) -> list[Intent]:
        names = list(self.games)
        extras = self._menu_extras()
        items = len(names) + len(extras)
        if press.button == "select":
            self.menu_index = (self.menu_index + 1) % items
        elif press.button == "confirm" and self.menu_index >= len(names):
            extras[self.menu_index - len(names)][1]()
        elif press.button == "confirm":
            self.game = names[self.menu_index]
            defaults = self.defaults.get(self.game, {})
            self.setup = self.games[self.game].setup_options(defaults)
            self.names = list(self.roster())
            self.setup = seat_rows(self.setup, self.names, list(defaults.get("names", [])))
            self.setup += language_row(self.languages.get(self.game, language()))
            if self.speaker is not None:
                self.setup += speaker_rows(self.speaker)
            self.setup_row, self.screen = 0, "setup"
        return []

    def _setup_press(self, press: Press) -> list[Intent]:
        rows = len(self.setup) + 1  # + Start
        if press.button == "select":
            self.setup_row = (self.setup_row + 1) % rows
        elif press.button == "back":
            if self.setup_row == 0 or press.long:
                self.screen = "menu"
            else:
                self.setup_row -= 1
        elif press.button in ("confirm", "spare"):
            if self.setup_row < len(self.setup):
                self._step_row(self.setup[self.setup_row], -1 if press.button == "spare" else 1)
            elif press.button == "confirm":
                return [self._start()]
        return []

    def _step_row(self, option: SetupOption, by: int) -> None:
        """Change a row; a seat passes over names other seats hold, and a new number of players
        adds or drops seat rows."""
        if option.key.startswith(SEAT):
            option.step(by, skip=[o.value for o in self.setup if o.key.startswith(SEAT) and o is not option])
            return
        option.step(by)
        if option.key == "players":
            self.setup = seat_rows(self.setup, self.names, list(self.defaults.get(self.game, {}).get("names", [])))

    def _start(self) -> StartGame:
        choices = {option.key: option.value for option in self.setup if not option.key.startswith((SEAT, *STATION_ROWS))}
        chosen = language_of(self.setup, "")
        if chosen:
            self.languages[self.game] = chosen
        if self.speaker is not None:
            self.speaker = speaker_of(self.setup, self.speaker)
        defaults = dict(self.defaults.get(self.game, {}))
        names = seated(self.setup)
        if names:  # the roster's children in their seats, in place of the config's names
            defaults["names"] = names
        config = self.games[self.game].game_config(choices, defaults, self.seed())
        return StartGame(config, choices.get("reveal", "press"), chosen or None)

    def _overlay_press(self, press: Press, overlay: Overlay, now: float) -> list[Intent]:
        if press.button == "select":
            self.page += 1
        elif press.button == "confirm" and overlay.revealed is not None:
            self.overlays[0] = replace(overlay.reveal(), shown_at=now, seconds=None)
            if overlay.said_on_reveal:
                self.lines.append(list(overlay.said_on_reveal))
        elif press.button in ("confirm", "back"):
            self.overlays.popleft()
            self.page = 0
        return []

    def _live(self, press: Press, state: Mapping[str, Any] | None, over: bool) -> list[Intent]:
        plugin = self.games[self.game]
        if press.button == "select":
            self.page += 1
        elif press.button == "confirm" and over:
            return [EndGame(then_setup=True)]
        elif press.button == "confirm":
            answer = plugin.confirm(state) if state is not None else None
            if isinstance(answer, Menu):
                self._ask(answer)
            elif answer is not None:
                return [Act(answer)]
            elif self.last_result is not None:
                self._queue(self.last_result)
        elif press.button == "back" and press.long:
            self.question = _Question(_("End game?"), [(_("No, play on"), None), (_("Yes, end it"), EndGame())])
        elif press.button == "spare" and press.long:
            self.question = _Question(_("Undo last play?"), [(_("No"), None), (_("Yes, undo"), Undo())])
        elif press.button == "spare" and state is not None:
            menu = plugin.menu(state)
            if menu is not None:
                self._ask(menu)
        return []

    def _ask(self, menu: Menu) -> None:
        """A game's question: each answer an action to take, or a screen to show (a hint)."""
        answers: list[tuple[str, Intent | View | None]] = [(_("Cancel"), None)]
        answers += [(label, answer if isinstance(answer, View) else Act(answer)) for label, answer in menu.choices]
        self.question = _Question(menu.title, answers)

    def _answer(self, press: Press) -> list[Intent]:
        question = self.question
        assert question is not None
        if press.button == "select":
            question.selected = (question.selected + 1) % len(question.answers)
        elif press.button == "back":
            self.question = None
        elif press.button == "confirm":
            self.question = None
            answer = question.answers[question.selected][1]
            if answer is not None and not isinstance(answer, (StartGame, Act, Undo, EndGame)):
                self._queue(Overlay(answer, seconds=None, kind="hint"))  # a screen to read: any press goes on
                return []
            return [answer] if answer is not None else []
        return []

    # ---- what to draw ----------------------------------------------------------------------

    def _current_overlay(self, now: float) -> Overlay | None:
        while self.overlays:
            overlay = self.overlays[0]
            if overlay.shown_at is None:
                self.overlays[0] = overlay = replace(overlay, shown_at=now)
                self.page = 0
                if overlay.signal:
                    self.signals.append(overlay.signal)
            if not overlay.expired(now):
                return overlay
            self.overlays.popleft()
            self.page = 0
        return None

    def view(self, now: float, state: Mapping[str, Any] | None, seconds: float) -> View:
        """The screen to show at ``now``; advances timed overlays (and queues their signals)."""
        if self.fault is not None:
            return self.fault
        if self.question is not None:
            q = self.question
            return MenuView(q.title, tuple(label for label, _answer in q.answers), q.selected, str(CHOOSE_HINT))
        if self.paused and self.screen == "game":   # a note (the teacher's notice) still shows, then the pause
            overlay = self._current_overlay(now)
            return overlay.view if overlay is not None and overlay.kind == "note" else paused_view()
        if self.screen != "game":
            note = self._current_overlay(now)  # e.g. "Journal damaged" at start, "Cannot start" in setup
            if note is not None:
                return note.view
        if self.screen == "menu":
            titles = tuple(game.title for game in self.games.values()) + tuple(title for title, _do in self._menu_extras())
            return MenuView(_("Choose a game"), titles, self.menu_index, str(CHOOSE_HINT))
        if self.screen == "setup":
            title = self.games[self.game].title
            rows = tuple((str(o.label), str(o.shown)) for o in self.setup) + ((_("Start"), ""),)
            hint = str(START_HINT if self.setup_row == len(self.setup) else CHANGE_HINT)
            return SetupView(title, rows, self.setup_row, hint)
        overlay = self._current_overlay(now)
        if overlay is not None:
            view = overlay.view
            return replace(view, page=self.page) if isinstance(view, (HandView, LiveView)) else view
        assert state is not None
        return self.games[self.game].live_view(state, seconds, self.page)

    @property
    def busy(self) -> bool:
        """Screens are still queued to come and go on their own (a banner that shows for 4 s)."""
        return any(overlay.seconds is not None for overlay in self.overlays)

    def take_signals(self) -> list[str]:
        signals, self.signals = self.signals, []
        return signals

    def take_lines(self) -> list[Any]:
        """The batches of spoken lines (``station.speech.voice.Line``) since the last call, oldest first."""
        lines, self.lines = self.lines, []
        self._note_said.clear()
        return lines
