"""The virtual table's page: a game's mat and cards in the browser, played through the station.

Registered on the teacher's page (same server, same PIN, same anti-forgery token and policy)
only when the station runs a live virtual table (``[virtual_table] enabled``). Browsers change
the ``LiveTable`` (lay, lift, pass a hand, press a button); the station's loop renders it and
reads the pixels. Nothing here tells the station which card is where: it sees what the camera
sees. The OLED as drawn comes from the ``Board``, which the loop feeds.
"""

from __future__ import annotations

import functools
import io
import math
import threading
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from engine.catalog import load_catalog
from engine.games import GAME_TITLES
from station.printables.mat_pdf import mat_page_pdf
from station.printables.raster import rasterise, render_card
from station.printed.cards import shape_of
from station.i18n import _
from station.sim.live_table import LiveTable, TableError, known_card
from station.table.mat import MatLayout
from station.web.board import Board

CARD_DPI = 90.0   # card pictures in the browser: sharp enough to read, small enough to send a deck
MAT_DPI = 40.0    # the mat's picture (a whole mat: 1000 mm at 40 dpi is 1575 px)
SCREEN_SCALE = 4  # the OLED's 128 x 64 pixels, each drawn 4 x 4


def page_words() -> dict[str, str]:
    """The words ``static/table.js`` shows, in the page's language: the page carries them as JSON
    (the script holds no words of its own). ``{name}`` placeholders are filled there."""
    return {
        "said_no": _("The station said no ({status}): reload the page."),
        "no_answer": _("The station does not answer: is it still running?"),
        "no_answer_again": _("The station does not answer: is it still running? (the page tries again)"),
        "signed_out": _("This browser is signed out: reload the page and type the station's PIN."),
        "face_down": _("A card face down"),
        "screen": _("The station's screen: {words}"),
        "blank": _("blank"),
        "seat": _("Seat {n}"),
    }


class _Refused(ValueError):
    """A request that is no move at all (not JSON, a number that is not one): answered 400 with why."""


def table_page(live: LiveTable, board: Board) -> Blueprint:
    """The routes of the table page, over ``live``: the page, its state, pictures and moves."""
    page = Blueprint("table", __name__)
    screens = ScreenPictures()

    @page.get("/table")
    def table() -> Any:
        return render_template("table.html", words=page_words())

    @page.get("/table/state.json")
    def state() -> Any:
        mat = live.mat
        version, _image, words = board.screen()
        return {"version": live.version, "mat": {"key": mat_key(mat), "game": mat.game, "seats": mat.seats,
                                                "title": GAME_TITLES.get(mat.game, mat.game),
                                                "width": mat.width, "height": mat.height, "facing": facings(mat)},
                "cards": live.cards(), "hands": live.hands(), "screen": version, "screen_words": words, "live": board.live().as_json()}

    @page.get("/table/deck.json")
    def deck() -> Any:
        """Each seat's cards as its players hold them: a copy of their own where the game deals one
        per player, else the whole shared deck (a card on the table leaves every seat's hand)."""
        mat = live.mat
        groups = seat_cards(mat.game, mat.seats)
        return {"game": mat.game, "seats": [[card_json(card_id) for card_id in group] for group in groups]}

    @page.get("/table/card/<card_id>.png")
    def card_picture(card_id: str) -> Any:
        try:
            known = known_card(card_id)
        except TableError:
            abort(404)
        return _png(card_png(known, request.args.get("side") == "back"), cache=True)

    @page.get("/table/mat.png")
    def mat_picture() -> Any:
        return _png(mat_png(live.mat), cache=False)

    @page.get("/table/screen.png")
    def screen_picture() -> Any:
        version, image, _words = board.screen()
        if image is None:
            return Response(_("The screen has shown nothing yet."), status=404, mimetype="text/plain")
        return _png(screens.png(version, image), cache=False)

    @page.post("/table/lay")
    def lay() -> Any:
        move = _json()
        return _done(lambda: live.lay(str(move.get("id", "")), _number(move, "x"), _number(move, "y"),
                                      _number(move, "angle", 0.0), bool(move.get("face_up", True))))

    @page.post("/table/lift")
    def lift() -> Any:
        move = _json()
        if move.get("id") == "all":
            return _done(live.clear)
        return _done(lambda: live.lift(str(move.get("id", ""))))

    @page.post("/table/hand")
    def hand() -> Any:
        move = _json()
        who = str(move.get("who", "hand"))[:20]
        at = None if move.get("x") is None else (_number(move, "x"), _number(move, "y"))
        return _done(lambda: live.hand(who, at))

    @page.post("/table/press")
    def press() -> Any:
        move = _json()
        return _done(lambda: live.press(str(move.get("button", "")), bool(move.get("long", False))))

    @page.errorhandler(_Refused)
    def refused(error: _Refused) -> Any:
        return {"ok": False, "error": str(error)}, 400

    @page.post("/table/watch")
    def watch() -> Any:
        """A scenario file played on the table for everyone to watch (the form's file)."""
        from station.sim.scenario import ScenarioError, parse_scenario, tomllib

        upload = request.files.get("scenario")
        if upload is None or not upload.filename:
            flash(_("Choose a scenario file first (a .toml file, e.g. one saved from this page)."), "error")
            return redirect(url_for("table.table"))
        try:
            scenario = parse_scenario(tomllib.loads(upload.read().decode("utf-8")))
            live.watch(scenario)
        except UnicodeDecodeError:
            flash(_("{file} is not a text file: choose a scenario's .toml file.", file=upload.filename), "error")
        except tomllib.TOMLDecodeError as exc:
            flash(_("{file} is not a scenario file (not valid TOML: {why}).", file=upload.filename, why=exc), "error")
        except (ScenarioError, TableError, ValueError) as exc:
            flash(_("{file} cannot be played: {why}", file=upload.filename, why=exc), "error")
        else:
            steps = sum(1 for step in scenario.steps if step.kind in ("place", "remove", "hand", "press"))
            flash(_("Playing {title}: {steps} moves. Watch the table and the screen.", title=scenario.title or upload.filename,
                    steps=steps), "ok")
        return redirect(url_for("table.table"))

    @page.get("/table/scenario.toml")
    def scenario() -> Any:
        text = live.scenario_text()
        if text is None:
            return Response(_("No game has started on this table yet: start one with the buttons, play, then save."),
                            status=404, mimetype="text/plain")
        return Response(text, mimetype="application/toml",
                        headers={"Content-Disposition": 'attachment; filename="virtual-table-game.toml"'})

    return page


def _json() -> dict[str, Any]:
    move = request.get_json(silent=True)
    if not isinstance(move, dict):
        raise _Refused(_("send the move as a JSON object"))
    return move


def _number(move: Mapping[str, Any], key: str, default: float | None = None) -> float:
    value = move.get(key, default)
    try:
        number = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else math.nan
    except OverflowError:   # a whole number too long for a float (JSON allows 400 digits)
        number = math.nan
    if not math.isfinite(number):
        raise _Refused(_("{key} must be a number, not {value}", key=key, value=repr(value)[:40]))
    return number


def _done(move: Any) -> Any:
    """Make the move; a move the table cannot make is answered 400 with why, and changes nothing."""
    try:
        move()
    except (TableError, _Refused) as exc:
        return {"ok": False, "error": str(exc)}, 400
    return {"ok": True}


def _png(data: bytes, *, cache: bool) -> Response:
    response = Response(data, mimetype="image/png")
    if cache:
        response.headers["Cache-Control"] = "private, max-age=86400"   # a card's picture never changes
    return response


def mat_key(mat: MatLayout) -> str:
    """A name for the mat's picture that changes when another mat is laid (the browser reloads it)."""
    return f"{mat.game}-{mat.seats}-{mat.width:g}x{mat.height:g}"


def facings(mat: MatLayout) -> list[float]:
    """How each seat's cards are turned as they lie in its own boxes (a card laid from a hand faces its player)."""
    return [next((float(zone.facing) for zone in mat.zones if zone.name.startswith(f"seat{seat}.")), 0.0)
            for seat in range(1, mat.seats + 1)]


def seat_cards(game: str, seats: int) -> list[list[str]]:
    """The card IDs each seat holds: its own copy's where the game gives each player one, else
    every card of the shared deck."""
    deck = load_catalog().game(game)
    try:
        groups = deck.for_players(max(seats, deck.player_range[0]))
    except Exception:  # noqa: BLE001 - a mat seats more than a deck serves: every seat gets the whole deck
        groups = [deck.cards([deck.copies[0]])]
    own, shared = (groups[:seats], groups[seats:]) if deck.each_player else ([], groups)
    common = [card.id for group in shared for card in group]
    if not own:
        return [common for _ in range(seats)]
    return [[card.id for card in group] + common for group in own]


@functools.lru_cache(maxsize=1024)
def card_json(card_id: str) -> dict[str, Any]:
    card = load_catalog().card(card_id)
    shape = shape_of(card)
    return {"id": card.id, "label": card.face.describe(), "width": shape.width, "height": shape.height,
            "centre": list(shape.centre), "outline": [list(point) for point in shape.outline]}


@functools.lru_cache(maxsize=1024)
def card_png(card_id: str, back: bool) -> bytes:
    image = render_card(load_catalog().card(card_id), CARD_DPI, back=back)
    return _encode(image)


@functools.lru_cache(maxsize=8)
def mat_png(mat: MatLayout) -> bytes:
    return _encode(next(rasterise(mat_page_pdf(mat), MAT_DPI)))


class ScreenPictures:
    """The OLED's pictures as the page shows them, each drawn once however many browsers ask."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: tuple[int, bytes] = (-1, b"")

    def png(self, version: int, image: Any) -> bytes:
        from station.hardware.display import preview

        with self._lock:
            if self._last[0] != version:
                self._last = (version, _encode(preview(image, SCREEN_SCALE)))
            return self._last[1]


def _encode(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
