"""What the station shows the teacher's page, published by the referee's loop and read by the
web server's threads: a copy taken under a lock, so a page never touches the live game and the
loop never waits for a page.

Values flow one way: the loop calls ``publish`` (after each tick) and ``record`` (for each event
the referee logs); the page calls ``live``, ``wait`` and ``snapshot``.

The board keeps data, not words: the game's state and the events, with the plug-in that words
them. The loop publishes once for every browser, so each page words them when it asks, in its own
language (``Live.headline``, ``players``, ``verdicts`` and ``as_json`` word them in the language
of the moment: the request's on the page, the station's in the loop).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.games import GAME_TITLES
from engine.protocol import Game
from station.i18n import lazy_gettext
from station.ui.views import LiveView, PlayerLine
from station.vision.images import PixelFormat

if TYPE_CHECKING:
    from station.game_plugin import StationGame

log = logging.getLogger("station.web")
VERDICTS = 8  # the last verdicts the page lists
KEPT = 4 * VERDICTS  # the last lines the referee logged, kept to find them (not every event is told)
#: a player's status on the OLED (an icon there) in words on the page
_STATUSES = {"played": lazy_gettext("played"), "waiting": lazy_gettext("waiting"), "out": lazy_gettext("out"),
             "top": lazy_gettext("highest"), "won": lazy_gettext("won")}
_ENDS = {"undone": lazy_gettext("The last play was undone."), "game_ended": lazy_gettext("The game ended.")}


@dataclass(frozen=True)
class Told:
    """One line the referee logged, with what words it (the game's engine and plug-in, when a game
    was on): worded when a page asks, in the page's language."""

    record: Mapping[str, Any]
    game: Game | None = None
    plugin: StationGame | None = None

    def words(self) -> str:
        """The line in the language of the moment ("" for a record the page does not tell)."""
        record, kind = self.record, self.record.get("type")
        if kind == "note":
            return _sentences(str(record.get("title", "")), str(record.get("detail", "")))
        if kind in _ENDS:
            return str(_ENDS[str(kind)])
        if kind in ("action", "resumed", "game_started", None) or self.game is None:
            return ""
        try:
            if self.plugin is None:
                return self.game.describe(record)
            return self.plugin.describe(self.game, record)
        except Exception:  # noqa: BLE001 - a sentence the page cannot make must never touch the game
            log.exception("the teacher's page cannot word a %s event", kind)
            return str(kind)


@dataclass(frozen=True)
class Live:
    """The current game as the page shows it (``game`` "" when none is being played)."""

    version: int = 0
    game: str = ""
    title: str = ""
    game_id: int | None = None
    scores: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    screen: Callable[[], Any] | None = None  # the OLED's live view, drawn in the language of the moment
    told: tuple[Told, ...] = ()  # the last lines logged, oldest first

    @property
    def headline(self) -> str:
        """The OLED's own line: "Ben to play", "Round 2" (in the language of the moment)."""
        view = self._view()
        return _headline(view) if view is not None else ""

    @property
    def players(self) -> list[dict[str, str]]:
        """Name, detail and status as the OLED lists them."""
        view = self._view()
        return _players(view) if view is not None else []

    def _view(self) -> Any:
        """The live screen in the language of the moment; None without a game, or when the game
        cannot draw it (logged: a page must not fail for it)."""
        if self.screen is None:
            return None
        try:
            return self.screen()
        except Exception:  # noqa: BLE001 - the page shows the rest
            log.exception("the teacher's page cannot draw this game's screen")
            return None

    @property
    def verdicts(self) -> list[str]:
        """The last verdicts, newest last."""
        return _verdicts(self.told)

    def as_json(self) -> dict[str, Any]:
        """The live game worded in the language of the moment (the OLED's screen drawn once)."""
        view = self._view()
        return {"version": self.version, "game": self.game, "title": self.title, "game_id": self.game_id,
                "headline": _headline(view) if view is not None else "", "scores": self.scores,
                "players": _players(view) if view is not None else [], "verdicts": self.verdicts, "over": self.over}


@dataclass(frozen=True)
class Sight:
    """The last frame the station looked at, and the cards it believes lie on the table."""

    image: Any                   # the camera's array (never written to after capture)
    pixel_format: PixelFormat   # as the camera gave it: BGR or YUV420
    table: Any                   # station.vision.table_map.TableMap: table units back to pixels
    cards: tuple[Any, ...]       # TrackedCards (card_id, x, y, angle in table units)


class Board:
    """Thread-safe: one writer (the referee's loop), any number of readers (page requests)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._live = Live()
        self._told: deque[tuple[Mapping[str, Any], Game | None]] = deque(maxlen=KEPT)
        self._seen: tuple[Any, Any, int] = (None, None, 0)   # game id, state object, lines recorded
        self._recorded = 0
        self._failed = False
        self._sight: Sight | None = None
        self._screen: tuple[int, Any, str] = (0, None, "")   # how many pictures the OLED has shown, the last, its words

    # ---- the referee's loop ----------------------------------------------------------------

    def record(self, record: Mapping[str, Any], game: Game | None) -> None:
        """One line the referee logged, kept as it is: each page words it (engine events in the
        game's own sentences, notes by title)."""
        if record.get("type") == "game_started":
            self._told.clear()
        elif record.get("type") in ("action", "resumed"):
            return
        self._told.append((record, game))
        self._recorded += 1

    def publish(self, referee: Any, frame: Any = None, observation: Any = None, cards: Sequence[Any] = (),
                now: float | None = None) -> None:
        """After a tick at ``now`` (the loop's clock): the game's state as the OLED shows it (only
        when it changed), and the frame. Never raises: a page that cannot be fed must not count
        as a failed tick."""
        try:
            self._publish(referee, frame, observation, cards, time.monotonic() if now is None else now)
        except Exception:  # noqa: BLE001 - logged; the referee goes on
            if not self._failed:
                log.exception("the teacher's page cannot show this game (logged once)")
            self._failed = True

    def _publish(self, referee: Any, frame: Any, observation: Any, cards: Sequence[Any], now: float) -> None:
        if frame is not None and observation is not None:
            self._sight = Sight(frame.image, frame.pixel_format, observation.table, tuple(cards))
        game = referee.game
        state = referee.state()
        last_id, last_state, last_recorded = self._seen
        if referee.game_id == last_id and state is last_state and self._recorded == last_recorded:
            return   # the state object is the referee's cache: a new one means the game moved
        self._seen = (referee.game_id, state, self._recorded)
        live = Live(version=self._live.version + 1)
        plugins: Mapping[str, StationGame] = referee.games
        told = tuple(Told(record, engine, plugins.get(engine.name) if engine is not None else None)
                     for record, engine in self._told)
        if game is not None and state is not None:
            outcome = game.outcome()
            plugin, seconds = plugins[game.name], referee.clock_time(now)
            live = Live(version=live.version, game=game.name, title=GAME_TITLES.get(game.name, game.name),
                        game_id=referee.game_id,
                        scores={str(side): _plain(score) for side, score in outcome.scores.items()},
                        over=outcome.over, screen=lambda: plugin.live_view(state, seconds, 0), told=told)
        elif told:
            live = Live(version=live.version, told=told)
        with self._changed:
            self._live = live
            self._changed.notify_all()

    def show(self, image: Any, view: Any = None) -> None:
        """The OLED's new picture (a 128 x 64 1-bit image, never changed after) and the view it
        draws: the virtual table's page shows the picture, with the view's words for its alt text."""
        from station.sim.scenario import view_texts

        words = " · ".join(text for text in view_texts(view) if text) if view is not None else ""
        with self._changed:
            self._screen = (self._screen[0] + 1, image, words)

    # ---- the page --------------------------------------------------------------------------

    def screen(self) -> tuple[int, Any, str]:
        """The OLED's picture as last shown, its number and its words (0, None and "" before the first)."""
        with self._changed:
            return self._screen

    def live(self) -> Live:
        with self._changed:
            return self._live

    def wait(self, after: int, timeout: float) -> Live:
        """The live game once its version is past ``after`` (or as it is when ``timeout`` passes)."""
        with self._changed:
            self._changed.wait_for(lambda: self._live.version > after, timeout=timeout)
            return self._live

    def sight(self) -> Sight | None:
        return self._sight


def _headline(view: Any) -> str:
    """The in-game screen's main line, whichever view a game shows: a LiveView's headline
    ("Ben to play"); else its title with its big value, clock and lines ("Round 1 · 04:12 · 3 points")."""
    if isinstance(view, LiveView):
        return view.headline
    parts = [view.title, getattr(view, "big", ""), getattr(view, "clock", ""), *getattr(view, "lines", ())]
    return " · ".join(str(part) for part in parts if part)


def _rows(view: Any) -> tuple[PlayerLine, ...]:
    """The players' lines the screen lists (a LiveView's players, a TimerView's goals), if any."""
    return tuple(getattr(view, "players", None) or getattr(view, "rows", None) or ())


def _players(view: Any) -> list[dict[str, str]]:
    return [{"name": p.name, "detail": p.detail, "status": str(_STATUSES.get(p.status, p.status))} for p in _rows(view)]


def _verdicts(told: Sequence[Told]) -> list[str]:
    """The last ``VERDICTS`` lines worth telling, newest last, in the language of the moment."""
    lines: list[str] = []
    for line in reversed(told):
        words = line.words()
        if words:
            lines.append(words)
            if len(lines) == VERDICTS:
                break
    return lines[::-1]


def _sentences(title: str, detail: str) -> str:
    """A note's title and detail, two lines on the OLED, as one line of sentences: "Wrong mat.
    Print this game's mat." (run together they read "Wrong mat Print this game's mat")."""
    parts = [part.strip() for part in (title, detail) if part.strip()]
    return " ".join(part if part[-1] in ".!?" else f"{part}." for part in parts)


def _plain(value: Any) -> Any:
    """A score as JSON shows it (Fractions as text)."""
    return value if isinstance(value, (int, float, str)) and not isinstance(value, bool) else str(value)
