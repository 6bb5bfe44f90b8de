"""Shared by the teacher page's tests: a journal of real games played by the virtual players,
a roster, a config file, and the app around them (nothing mocked but the clock's sync flag)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from engine.rules import new_game
from station.games import plugin, plugins
from station.roster import ROSTER_NAME, Roster
from station.store import Journal
from station.web.app import create_app
from station.web.board import Board

PIN = "482915"
CONFIG = """# the teacher's own comment stays
[station]
game = "math-wars"   # the game the menu offers first

[display]
contrast = 200
"""


@dataclass
class Station:
    folder: Path
    roster: Roster
    journal_file: Path
    config_path: Path
    board: Board

    def app(self, pin: str = PIN):  # type: ignore[no-untyped-def]
        """The page as the station serves it, its sessions and key kept in this station's folder."""
        app = create_app(pin=pin, roster=self.roster, journal_file=self.journal_file, config_path=self.config_path,
                         board=self.board, games=plugins(), state_dir=self.folder, keepalive=0.05)
        app.testing = True
        return app


def at(app, address: str = "192.168.1.20"):  # type: ignore[no-untyped-def]
    """A browser on a device of the school's network (each device is its own client)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def holding(app, cookie: tuple[str, str], address: str = "192.168.1.99"):  # type: ignore[no-untyped-def]
    """A browser on another device that holds ``cookie`` (name, value), e.g. one copied from another browser."""
    client = at(app, address)
    if hasattr(client, "get_cookie"):
        client.set_cookie(*cookie)                   # Werkzeug 2.3 and later
    else:
        client.set_cookie("localhost", *cookie)      # Werkzeug 2.2 (Debian bookworm): the server name first
    return client


def cookie_of(client, name: str) -> str | None:  # type: ignore[no-untyped-def]
    """The value of the cookie ``name`` the browser ``client`` holds now (None when it holds none)."""
    if hasattr(client, "get_cookie"):
        held = client.get_cookie(name)               # Werkzeug 2.3 and later
        return held.value if held is not None else None
    return next((c.value for c in client.cookie_jar if c.name == name), None)   # Werkzeug 2.2


def form_token(page: str) -> str | None:
    """The anti-forgery token a page's forms carry (None when the page has none)."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    return found.group(1) if found else None


def sign_in(client, pin: str = PIN, next_path: str = ""):  # type: ignore[no-untyped-def]
    """Type ``pin`` into the form the station answers with, as a browser does (with the form's token)."""
    data = {"pin": pin, "next": next_path}
    token = form_token(client.get("/roster").get_data(as_text=True))
    if token:
        data["csrf_token"] = token
    return client.post("/unlock", data=data)


def signed_in(app, address: str = "192.168.1.20"):  # type: ignore[no-untyped-def]
    """A browser that has typed the PIN once and sends its page's token with every form, as the page's forms do."""
    client = at(app, address)
    assert sign_in(client).status_code == 302
    token = form_token(client.get("/roster").get_data(as_text=True))
    if token:
        client.environ_base["HTTP_X_CSRFTOKEN"] = token
    return client


def session_cookie(answer) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The name and value of the cookie a response gives the browser (the page sets one)."""
    for header in answer.headers.getlist("Set-Cookie"):
        name, _, rest = header.partition("=")
        value = rest.split(";", 1)[0]
        if value:
            return name, value
    raise AssertionError(f"no cookie set: {answer.headers}")


def play(journal: Journal, name: str, players: list[str], seed: int) -> int:
    """A whole game by the virtual players, journaled as the referee would."""
    game = new_game({"game": name, "seed": seed, "players": players})
    game_id = journal.start_game(game.config)
    for action, _ in plugin(name).virtual_players(game, seed):
        journal.append(game_id, action)
    journal.finish(game_id)
    return game_id


def make_journal(journal_file: Path) -> None:
    """Two games on a synced clock, then one on a Pi without a network clock."""
    with Journal(journal_file, clock=lambda: datetime(2026, 3, 2, 9, 0).astimezone(), clock_synced=lambda: True) as j:
        play(j, "math-wars", ["Ana", "Ben"], 1)
        play(j, "sum", ["Ana", "Ben", "Cleo"], 2)
    with Journal(journal_file, clock=lambda: datetime(2001, 1, 1, 0, 0).astimezone(), clock_synced=lambda: False) as j:
        play(j, "whos-counting", ["Cleo", "Dev"], 3)   # a Pi without a network clock


@pytest.fixture(scope="module")
def journal_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One journal of games per test module (playing them takes a few seconds); each test copies it."""
    path = tmp_path_factory.mktemp("template") / "journal.sqlite3"
    make_journal(path)
    return path


@pytest.fixture
def station(tmp_path: Path, journal_template: Path) -> Iterator[Station]:
    yield from make_station(tmp_path, journal_template)


def make_station(folder: Path, journal_template: Path) -> Iterator[Station]:
    """A station folder: a copy of the template journal, a roster of three and a config file."""
    journal_file = folder / "journal.sqlite3"
    shutil.copyfile(journal_template, journal_file)
    config_path = folder / "station.toml"
    config_path.write_text(CONFIG, encoding="utf-8")
    roster = Roster(folder / ROSTER_NAME)
    for name in ("Ana", "Ben", "Cleo"):
        roster.add(name)
    try:
        yield Station(folder, roster, journal_file, config_path, Board())
    finally:
        roster.close()
