"""The virtual table's routes on the teacher's page (station/web/table.py), without a browser:
off unless the station runs a live table; behind the PIN; each move needs the page's token; a
move the table cannot make is refused with why and changes nothing; the pictures the page draws."""

from __future__ import annotations

import html
import io

from PIL import Image

from station.games import plugins
from station.hardware.buttons import ScriptedButtons
from station.sim.live_table import LiveTable
from station.table.mat import mat_layout
from station.ui.screens import render
from station.ui.views import VerdictView
from station.web.app import create_app
from web_helpers import PIN, at, cookie_of, holding, journal_template, signed_in, station  # noqa: F401 - fixtures


def table_app(station, live: LiveTable):  # type: ignore[no-untyped-def]
    app = create_app(pin=PIN, roster=station.roster, journal_file=station.journal_file,
                     config_path=station.config_path, board=station.board, games=plugins(),
                     state_dir=station.folder, keepalive=0.05, live_table=live)
    app.testing = True
    return app


def test_no_table_page_unless_the_station_runs_one(station) -> None:  # type: ignore[no-untyped-def]
    browser = signed_in(station.app())
    assert browser.get("/table").status_code == 404
    assert browser.post("/table/lay", json={"id": "MW-A-N21", "x": 90, "y": 200}).status_code == 404
    assert 'id="table-link"' not in browser.get("/station").get_data(as_text=True)


def test_the_table_is_behind_the_pin_and_each_move_needs_the_page_token(station) -> None:  # type: ignore[no-untyped-def]
    live = LiveTable(mat_layout("math-wars", 2))
    app = table_app(station, live)
    stranger = at(app, "192.168.1.66")
    assert stranger.get("/table/state.json").status_code == 401
    assert stranger.post("/table/lay", json={"id": "MW-A-N21", "x": 90, "y": 200}).status_code == 401
    player = signed_in(app)
    page = player.get("/table").get_data(as_text=True)
    assert 'id="table-link"' in page and 'name="csrf-token"' in page
    assert "<script>" not in page and 'src="/static/table.js"' in page     # no inline script: the policy holds
    del player.environ_base["HTTP_X_CSRFTOKEN"]
    assert player.post("/table/lay", json={"id": "MW-A-N21", "x": 90, "y": 200}).status_code == 400
    assert live.cards() == []                                            # a forged move changes nothing


def test_moves_change_the_table_and_bad_ones_say_why(station) -> None:  # type: ignore[no-untyped-def]
    buttons = ScriptedButtons()
    live = LiveTable(mat_layout("math-wars", 2), press=buttons.press)
    player = signed_in(table_app(station, live))
    assert player.post("/table/lay", json={"id": "MW-A-N21", "x": 92, "y": 218.5, "angle": 0}).get_json() == {"ok": True}
    assert player.post("/table/lay", json={"id": "MW-B-N15", "x": 92, "y": 123.5, "angle": 180,
                                           "face_up": False}).status_code == 200
    answer = player.post("/table/lay", json={"id": "MW-A-N21", "x": "left", "y": 3})
    assert answer.status_code == 400 and "x must be a number" in answer.get_json()["error"]
    answer = player.post("/table/lay", json={"id": "NOT-A-CARD", "x": 1, "y": 3})
    assert answer.status_code == 400 and "not one of the printed cards" in answer.get_json()["error"]
    answer = player.post("/table/lay", data="x", content_type="text/plain")
    assert answer.status_code == 400 and "JSON" in answer.get_json()["error"]
    assert player.post("/table/press", json={"button": "confirm", "long": True}).status_code == 200
    assert player.post("/table/hand", json={"who": "seat1", "x": 30, "y": 40}).status_code == 200
    state = player.get("/table/state.json").get_json()
    assert [(c["id"], c["face_up"]) for c in state["cards"]] == [("MW-A-N21", True), ("MW-B-N15", False)]
    assert state["hands"] == [{"who": "seat1", "x": 30.0, "y": 40.0, "angle": 90.0}]
    assert state["mat"]["facing"] == [0.0, 180.0]
    assert [(p.button, p.long) for p in buttons.presses()] == [("confirm", True)]
    assert player.post("/table/lift", json={"id": "all"}).status_code == 200
    assert player.get("/table/state.json").get_json()["cards"] == []


def test_a_form_s_message_survives_the_page_s_poll_answered_after_it(station) -> None:  # type: ignore[no-untyped-def]
    """The page asks the station for the table every 300 ms. A poll sent just before the player
    sends a form, and answered just after it, must not take the form's message away: each answer
    wrote the browser's cookie again with the session its request had carried, the one without
    the message, and the page came back without "Playing …" or "… is not a scenario file"."""
    from station.web.gate import COOKIE

    app = table_app(station, LiveTable(mat_layout("math-wars", 2)))
    player = signed_in(app)
    player.get("/table")
    before = cookie_of(player, COOKIE)
    assert before
    polling = holding(app, (COOKIE, before), "192.168.1.20")     # the poll in flight: it carries the cookie of before
    sent = player.post("/table/watch", data={"scenario": (io.BytesIO(b"title = [not toml"), "README.md")},
                       content_type="multipart/form-data")
    assert sent.status_code == 302
    answer = polling.get("/table/state.json")
    assert answer.status_code == 200
    for header in answer.headers.getlist("Set-Cookie"):         # the poll's answer lands in the same browser
        name, _, rest = header.partition("=")
        if hasattr(player, "get_cookie"):
            player.set_cookie(name, rest.split(";", 1)[0])             # Werkzeug 2.3 and later
        else:
            player.set_cookie("localhost", name, rest.split(";", 1)[0])  # Werkzeug 2.2
    page = html.unescape(player.get("/table").get_data(as_text=True))
    assert "README.md is not a scenario file" in page


def test_the_page_draws_the_printed_cards_the_mat_and_the_screen(station) -> None:  # type: ignore[no-untyped-def]
    live = LiveTable(mat_layout("sum", 3))
    player = signed_in(table_app(station, live))
    deck = player.get("/table/deck.json").get_json()
    assert len(deck["seats"]) == 3 and deck["seats"][0] == deck["seats"][2]   # SUM: one shared deck
    assert {"id": "SU-A-N12A", "label": "NUMBER 12"}.items() <= next(
        c for c in deck["seats"][0] if c["id"] == "SU-A-N12A").items()
    card = Image.open(io.BytesIO(player.get("/table/card/SU-A-N12A.png").data))
    assert card.size[0] > card.size[1] > 200                              # a landscape card, readable
    assert player.get("/table/card/SU-Z-N99.png").status_code == 404
    mat = Image.open(io.BytesIO(player.get("/table/mat.png").data))
    assert abs(mat.size[0] / mat.size[1] - 660 / 290) < 0.02
    assert player.get("/table/screen.png").status_code == 404             # nothing shown yet
    station.board.show(render(VerdictView("ok", "Right!", "12 = 12")), VerdictView("ok", "Right!", "12 = 12"))
    assert Image.open(io.BytesIO(player.get("/table/screen.png").data)).size == (512, 256)
    assert "Right!" in player.get("/table/state.json").get_json()["screen_words"]


def test_math_wars_seats_hold_their_own_copies(station) -> None:  # type: ignore[no-untyped-def]
    player = signed_in(table_app(station, LiveTable(mat_layout("math-wars", 2))))
    seats = player.get("/table/deck.json").get_json()["seats"]
    assert {c["id"][:4] for c in seats[0]} == {"MW-A"} and {c["id"][:4] for c in seats[1]} == {"MW-B"}


def test_a_number_too_big_for_a_float_is_refused_not_a_server_error(station) -> None:  # type: ignore[no-untyped-def]
    live = LiveTable(mat_layout("math-wars", 2))
    player = signed_in(table_app(station, live))
    answer = player.post("/table/lay", data='{"id": "MW-A-N21", "x": 1' + "0" * 400 + ', "y": 3}',
                         content_type="application/json")
    assert answer.status_code == 400 and "x must be a number" in answer.get_json()["error"]
    assert live.cards() == []
