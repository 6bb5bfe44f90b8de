"""Scenario files: a table script played through the *whole* station on rendered frames.

A scenario says what happens at the table — cards put down in a seat's box or at millimetre
positions, cards taken away, a hand sweeping over, buttons pressed, time passing, the camera
unplugged, the station killed and started again — and what must come of it. This module reads
and checks the file; ``station.simulate.ScenarioRun`` plays it through the whole station (real
decoding, tracking, the table adapter, the engine, the journal and the OLED screens). The format
is documented in docs/scenarios.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

STEP_KINDS = ("place", "remove", "hand", "press", "wait", "camera", "restart", "expect", "expect_none", "expect_screen")
VIEW_BORDER_MM = 10.0  # table seen beyond each side of the mat by default
_STEP_KEYS = {
    "place": {"zone", "at", "angle", "offset", "face_up", "text", "settle"},
    "remove": {"settle"},
    "hand": {"from", "to", "seconds"},
    "press": {"long", "settle"},
    "wait": set(),
    "camera": {"settle"},
    "restart": {"taken", "laid"},
    "expect": set(),
    "expect_none": {"since"},
    "expect_screen": set(),
}


class ScenarioError(ValueError):
    """A scenario file that cannot be played: the message names the step and the problem."""


class ScenarioFailed(AssertionError):
    """A scenario's ``expect`` did not come true."""


@dataclass(frozen=True)
class Step:
    kind: str
    value: Any
    options: Mapping[str, Any] = field(default_factory=dict)
    number: int = 0

    def where(self) -> str:
        return f"step {self.number} ({self.kind} = {self.value!r})"


@dataclass(frozen=True)
class Scenario:
    title: str
    steps: tuple[Step, ...]
    game: dict[str, Any] | None = None  # the engine config to start; None: resume the journal's game
    mat: dict[str, Any] = field(default_factory=dict)  # {game, seats}: the mat on the table (default: the game's)
    station: dict[str, dict[str, Any]] = field(default_factory=dict)  # station config overrides
    seed: int = 0
    fps: float = 5.0
    camera: dict[str, Any] = field(default_factory=dict)  # width, height, table_mm, blur_px, noise
    reveal: str | None = None


def load_scenario(path: Path | str) -> Scenario:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not valid TOML: {exc}") from None
    try:
        return parse_scenario(data)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None


def parse_scenario(data: Mapping[str, Any]) -> Scenario:
    known = {"title", "seed", "fps", "camera", "game", "mat", "station", "reveal", "step"}
    unknown = set(data) - known
    if unknown:
        raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))}: a scenario has {', '.join(sorted(known))}")
    steps = []
    for number, raw in enumerate(data.get("step", []), start=1):
        kinds = [k for k in STEP_KINDS if k in raw]
        if len(kinds) != 1:
            raise ScenarioError(f"step {number}: give exactly one of {', '.join(STEP_KINDS)} (found {kinds or 'none'})")
        kind = kinds[0]
        extra = set(raw) - {kind} - _STEP_KEYS[kind]
        if extra:
            raise ScenarioError(f"step {number} ({kind}): unknown key(s) {', '.join(sorted(extra))}")
        step = Step(kind, raw[kind], {k: v for k, v in raw.items() if k != kind}, number)
        _check_expectation(step)
        _check_restart(step)
        steps.append(step)
    fps = data.get("fps", 5.0)
    if not isinstance(fps, (int, float)) or not 0.5 <= fps <= 30:
        raise ScenarioError(f"fps must be a number from 0.5 to 30, not {fps!r}")
    mat = data.get("mat", {})
    if not isinstance(mat, Mapping) or set(mat) - {"game", "seats"}:
        raise ScenarioError(f"mat is a table with game and seats, e.g. {{ game = \"math-wars\", seats = 2 }}, not {mat!r}")
    return Scenario(str(data.get("title", "")), tuple(steps), data.get("game"), dict(mat),
                    dict(data.get("station", {})), int(data.get("seed", 0)), float(fps), dict(data.get("camera", {})),
                    data.get("reveal"))


def default_table_mm(mat: Any) -> float:
    """How much of the table the scenario's camera sees across (mm): 650 for a mat of two seats,
    700 for more, and always the whole mat with a border, so its corner markers are in view (the
    SUM mat is 660 mm wide whatever the seats)."""
    return max(650.0 if mat.seats <= 2 else 700.0, mat.width + 2 * VIEW_BORDER_MM)


SCREEN_KEYS = {"view", "field", "is", "has"}


def _check_restart(step: Step) -> None:
    """A restart's ``taken`` is a list of cards; its ``laid`` a list of place steps (without
    ``settle``): what the players did while the station was down."""
    if step.kind != "restart":
        return
    taken = step.options.get("taken", [])
    if not isinstance(taken, list) or not all(isinstance(card, str) for card in taken):
        raise ScenarioError(f"{step.where()}: taken is a list of cards, e.g. [\"BB-A-N6A\"]")
    allowed = _STEP_KEYS["place"] - {"settle"}
    for laid in step.options.get("laid", []):
        if not isinstance(laid, Mapping) or "place" not in laid or set(laid) - {"place"} - allowed:
            raise ScenarioError(f"{step.where()}: laid is a list of tables like {{ place = \"MR-A-H1\", at = [542, 79], "
                                f"face_up = false }} (keys: place, {', '.join(sorted(allowed))}), not {laid!r}")


def _check_expectation(step: Step) -> None:
    """An ``expect_none`` window and an ``expect_screen`` table are checked before anything runs."""
    if step.kind in ("expect", "expect_none") and not isinstance(step.value, Mapping):
        raise ScenarioError(f"{step.where()}: give a table of fields, e.g. {{ type = \"violation\" }}")
    if step.kind == "expect_none" and step.options.get("since", "start") not in ("start", "last_expect"):
        raise ScenarioError(f"{step.where()}: since is \"start\" (the default: the whole run so far) or \"last_expect\"")
    if step.kind != "expect_screen":
        return
    if isinstance(step.value, str):
        return
    if not isinstance(step.value, Mapping) or set(step.value) - SCREEN_KEYS or ("is" in step.value) == ("has" in step.value):
        raise ScenarioError(f"{step.where()}: give a text, or a table with view, field and one of is, has "
                            "(e.g. { view = \"HandView\", field = \"results\", has = \"16\" })")
    from station.ui import views

    name = step.value.get("view")
    if name is not None:
        view_class = getattr(views, str(name), None)
        if not hasattr(view_class, "__dataclass_fields__"):
            names = ", ".join(kind.__name__ for kind in get_args(views.View))
            raise ScenarioError(f"{step.where()}: no view {name!r} (views: {names})")
        field_name = step.value.get("field")
        if field_name is not None and field_name not in view_class.__dataclass_fields__:  # type: ignore[union-attr]
            raise ScenarioError(f"{step.where()}: {name} has no field {field_name!r} "
                                f"(fields: {', '.join(view_class.__dataclass_fields__)})")  # type: ignore[union-attr]


def _matches(record: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    return all(record.get(k) == v for k, v in wanted.items())


def screen_shows(view: Any, wanted: Mapping[str, Any]) -> bool:
    """Whether ``view`` is the wanted view and its field (with no field: any of its texts) ``is``
    the value (a whole text, or the whole field) or ``has`` it (a part of one of its texts)."""
    if view is None or ("view" in wanted and type(view).__name__ != wanted["view"]):
        return False
    value = view
    if "field" in wanted:
        if wanted["field"] not in getattr(view, "__dataclass_fields__", {}):
            return False
        value = getattr(view, wanted["field"])
    texts = view_texts(value)
    if "is" in wanted:
        return wanted["is"] in texts or ("field" in wanted and _plain(value) == wanted["is"])
    return any(str(wanted["has"]) in text for text in texts)


def _plain(value: Any) -> Any:
    """A view field as TOML would write it: tuples as lists, player lines as their texts."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return view_texts(value)
    return value


def view_texts(view: Any) -> list[str]:
    """Every text a view (or one of its fields) shows, each whole: a title, a result, a player's name."""
    if view is None:
        return []
    if isinstance(view, str):
        return [view]
    if isinstance(view, (tuple, list)):
        return [text for item in view for text in view_texts(item)]
    if hasattr(view, "__dataclass_fields__"):
        return [text for name in view.__dataclass_fields__ if name != "status" for text in view_texts(getattr(view, name))]
    return []


def _describe_view(view: Any) -> str:
    """A view for a failure message: its kind and every field."""
    if view is None:
        return "nothing yet"
    fields = ", ".join(f"{name}={getattr(view, name)!r}" for name in view.__dataclass_fields__)
    return f"{type(view).__name__}({fields})"
