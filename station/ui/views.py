"""What a screen says, as plain values: the UI controller builds them from the game state and
``station.ui.screens.render`` draws them. No drawing here, so a view can be compared, logged and
tested without pixels, and the same view always gives the same screen.
"""

from __future__ import annotations

from dataclasses import dataclass

# PlayerLine.status values; the screens draw one small glyph for each.
STATUSES = ("", "played", "waiting", "out", "top", "won")
# VerdictView.kind values.
VERDICT_KINDS = ("ok", "wrong", "info")


@dataclass(frozen=True)
class MenuView:
    """A list to choose from: the game menu, or the values of one setup option."""

    title: str
    items: tuple[str, ...]
    selected: int
    hint: str = ""


@dataclass(frozen=True)
class SetupView:
    """Rows of "label: value" with one selected, e.g. ("Players", "3"), ("Start", "")."""

    title: str
    rows: tuple[tuple[str, str], ...]
    selected: int
    hint: str = ""


@dataclass(frozen=True)
class PlayerLine:
    """One player on a list: ``detail`` is e.g. "12 cards" or a card pair "21 − 5"."""

    name: str
    detail: str
    status: str = ""  # one of STATUSES

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"player {self.name!r}: unknown status {self.status!r}; use one of {STATUSES}")


@dataclass(frozen=True)
class LiveView:
    """The main in-game screen: title "Hand 3", clock "04:37", headline "Ben to play", the players
    (paged by ``page`` when they do not fit) and a footer such as "VICTORY 1-0"."""

    title: str
    clock: str
    headline: str
    players: tuple[PlayerLine, ...]
    page: int = 0
    footer: str = ""


@dataclass(frozen=True)
class HandView:
    """A hand's card pairs. ``results`` is None until revealed, so children compute first; each
    row then shows "?" in place of its result."""

    title: str
    rows: tuple[PlayerLine, ...]
    results: tuple[str, ...] | None
    hint: str = ""
    page: int = 0

    def __post_init__(self) -> None:
        if self.results is not None and len(self.results) != len(self.rows):
            raise ValueError(f"hand {self.title!r}: {len(self.rows)} rows but {len(self.results)} results")


@dataclass(frozen=True)
class VerdictView:
    """One judged play in a few words: accepted ("ok"), what was wrong ("wrong"), or a note ("info")."""

    kind: str
    title: str
    detail: str = ""
    who: str = ""

    def __post_init__(self) -> None:
        if self.kind not in VERDICT_KINDS:
            raise ValueError(f"verdict {self.title!r}: unknown kind {self.kind!r}; use one of {VERDICT_KINDS}")


@dataclass(frozen=True)
class BannerView:
    """A big moment: MATH WAR!, round won, VICTORY!, game over."""

    title: str
    big: str
    lines: tuple[str, ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class TimerView:
    """A race against the clock: the time left in big digits at the left, what is in play beside
    it (a goal and its cards placed / needed, marked broken or done), what to do at the bottom."""

    title: str
    clock: str
    rows: tuple[PlayerLine, ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class Tile:
    """One card on a triangle tableau's map: its lattice cell (``engine.big_bang.lattice``), what
    it shows ("4", "*" for the Black Star, "R" for a Rules card) and whether it was laid last."""

    cell: tuple[int, int]
    label: str
    last: bool = False


@dataclass(frozen=True)
class MapView:
    """A triangle tableau in small: every card where it lies, the last one filled in, so a child
    can match the screen to the table; beside it a few short lines (score, cards left, time)."""

    title: str
    tiles: tuple[Tile, ...]
    lines: tuple[str, ...] = ()
    clock: str = ""
    hint: str = ""


@dataclass(frozen=True)
class FaultView:
    """Something needs a grown-up: the camera is lost, the configuration is wrong."""

    title: str
    detail: str
    hint: str = ""


View = MenuView | SetupView | LiveView | HandView | VerdictView | BannerView | TimerView | MapView | FaultView


@dataclass(frozen=True)
class Menu:
    """A game's question on the live screen (SPARE's menu, or what CONFIRM asks first): a title
    and its answers, each an action to take (a JSON-ready dict) or a screen to show (a hint)."""

    title: str
    choices: tuple[tuple[str, dict | View], ...]


def clock_text(seconds: float) -> str:
    """Game time as the title bar shows it: ``04:37``, or ``1h05`` past 100 minutes."""
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes:02d}:{secs:02d}" if minutes < 100 else f"{minutes // 60}h{minutes % 60:02d}"
