"""A short game of every game played by hand on the virtual table, in headless Chromium, against
the station a user starts with ``mathstation run --config firmware_config/virtual-table.toml``:
cards dragged from a hand onto the mat, the station's buttons pressed on the page, and the
verdicts read where a player reads them (the OLED's picture on the page, the page's list). The
station reads only the pixels its virtual camera renders. CI's bootstrap installs Chromium;
locally the tests skip, saying why, only when it is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from station.table.mat import mat_layout
from vt_helpers import RunningStation, TablePage, journal_events, make_browser, needs_chromium, simulate

pytest.importorskip("selenium.webdriver", reason="selenium is not installed (bash scripts/bootstrap.sh)")
pytestmark = [pytest.mark.slow, needs_chromium]


@pytest.fixture
def browser(tmp_path: Path):  # type: ignore[no-untyped-def]
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = make_browser(downloads)
    driver.downloads = downloads
    yield driver
    driver.quit()


@pytest.fixture
def start(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Start a station on a virtual table for a game; stopped (and checked it stopped cleanly) after."""
    running: list[RunningStation] = []

    def start(game: str, extra: str = "") -> RunningStation:
        running.append(RunningStation(tmp_path, game, extra))
        return running[-1]

    yield start
    for station in running:
        assert station.stop() == 0, station.errors()


def centre(game: str, seats: int, zone: str) -> tuple[float, float]:
    return next(z.center for z in mat_layout(game, seats).zones if z.name == zone)


def test_math_wars_a_hand_played_by_dragging_cards_saved_and_replayed(browser, start, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Ana 21 − 5 = 16, Ben 15 + 6 = 21 (Ben across the table, his cards turned to face him):
    the station judges the hand from its camera, shows the results on CONFIRM, and Ben wins. The
    game saved from the page replays with ``mathstation simulate`` to the same events."""
    station = start("math-wars", "\n[math-wars]\nplayers = 2\nreveal = \"press\"\n")
    page = TablePage(browser, station)
    page.start_game(setup_rows=5)
    page.shows("Hand 1")
    page.seat(1)
    page.lay("MW-A-N21", *centre("math-wars", 2, "seat1.count-meta"))
    page.lay("MW-A-S5", *centre("math-wars", 2, "seat1.math-crate"))
    page.seat(2)
    page.lay("MW-B-N15", *centre("math-wars", 2, "seat2.count-meta"))
    page.lay("MW-B-A6", *centre("math-wars", 2, "seat2.math-crate"))
    page.shows("CONFIRM: show")                  # the results hidden: the children work them out first
    page.press("confirm")
    page.shows("16")
    page.shows("21")
    page.press("confirm")
    page.said("Ben")
    assert "Ben" in page.verdicts() and "5" in page.verdicts()
    page.clear()                                 # the cards are collected: the next hand
    page.shows("Hand 2")
    saved = page.save_scenario()
    assert station.stop() == 0, station.errors()
    played = journal_events(tmp_path / "state")
    kinds = [e["type"] for e in played]
    assert kinds.index("hand_result") < kinds.index("hand_won") < kinds.index("cards_paid"), kinds

    run = simulate(saved, tmp_path / "replayed")
    assert run.returncode == 0, run.stderr[-3000:]
    assert journal_events(tmp_path / "replayed") == played
