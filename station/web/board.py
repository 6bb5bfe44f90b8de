"""What the station shows the teacher's page, published by the referee's loop and read by the
web server's threads: a copy taken under a lock, so a page never touches the live game and the
loop never waits for a page.

Values flow one way: the loop calls ``publish`` (after each tick) and ``record`` (for each event
the referee logs); the page calls ``live``, ``wait`` and ``snapshot``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.games import GAME_TITLES
from engine.protocol import Game
from station.i18n import _
from station.ui.views import LiveView, PlayerLine
from station.vision.images import PixelFormat

log = logging.getLogger("station.web")
VERDICTS = 8  # the last verdicts the page lists


@dataclass(frozen=True)
class Live:
    """The current game as the page shows it (``game`` "" when none is being played)."""

    version: int = 0
    game: str = ""
    title: str = ""
    game_id: int | None = None
    headline: str = ""          # the OLED's own line: "Ben to play", "Round 2"
    scores: dict[str, Any] = field(default_factory=dict)
    players: list[dict[str, str]] = field(default_factory=list)  # name, detail, status as the OLED lists them
    verdicts: list[str] = field(default_factory=list)            # newest last
    over: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"version": self.version, "game": self.game, "title": self.title, "game_id": self.game_id,
                "headline": self.headline, "scores": self.scores, "players": self.players,
                "verdicts": self.verdicts, "over": self.over}


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
        self._verdicts: deque[str] = deque(maxlen=VERDICTS)
        self._seen: tuple[Any, Any, int] = (None, None, 0)   # game id, state object, lines recorded
        self._recorded = 0
        self._failed = False
        self._sight: Sight | None = None
        self._screen: tuple[int, Any, str] = (0, None, "")   # how many pictures the OLED has shown, the last, its words

    # ---- the referee's loop ----------------------------------------------------------------

    def record(self, record: Mapping[str, Any], game: Game | None) -> None:
        """One line the referee logged: engine events in the game's own sentences, notes by title."""
        if record.get("type") == "game_started":
            self._verdicts.clear()
            self._recorded += 1
        line = _verdict(record, game)
        if line:
            self._verdicts.append(line)
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
        if game is not None and state is not None:
            outcome = game.outcome()
            view = referee.games[game.name].live_view(state, referee.clock_time(now), 0)
            live = Live(version=live.version, game=game.name, title=GAME_TITLES.get(game.name, game.name),
                        game_id=referee.game_id, headline=_headline(view),
                        scores={str(side): _plain(score) for side, score in outcome.scores.items()},
                        players=[{"name": p.name, "detail": p.detail, "status": p.status} for p in _rows(view)],
                        verdicts=list(self._verdicts), over=outcome.over)
        elif self._verdicts:
            live = Live(version=live.version, verdicts=list(self._verdicts))
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


def _verdict(record: Mapping[str, Any], game: Game | None) -> str:
    kind = record.get("type")
    if kind == "note":
        return _sentences(str(record.get("title", "")), str(record.get("detail", "")))
    if kind in ("action", "resumed", "game_started", "game_ended", "undone", None) or game is None:
        return {"undone": _("The last play was undone."), "game_ended": _("The game ended.")}.get(str(kind), "")
    try:
        return game.describe(record)
    except Exception:  # noqa: BLE001 - a sentence the page cannot make must never touch the game
        return str(kind)


def _sentences(title: str, detail: str) -> str:
    """A note's title and detail, two lines on the OLED, as one line of sentences: "Wrong mat.
    Print this game's mat." (run together they read "Wrong mat Print this game's mat")."""
    parts = [part.strip() for part in (title, detail) if part.strip()]
    return " ".join(part if part[-1] in ".!?" else f"{part}." for part in parts)


def _plain(value: Any) -> Any:
    """A score as JSON shows it (Fractions as text)."""
    return value if isinstance(value, (int, float, str)) and not isinstance(value, bool) else str(value)
