"""A short game of every game played by hand on the virtual table, in headless Chromium, against
the station a user starts with ``mathstation run --config firmware_config/virtual-table.toml``:
cards dragged from a hand onto the mat, the station's buttons pressed on the page, and the
verdicts read where a player reads them (the OLED's picture on the page, the page's list). The
station reads only the pixels its virtual camera renders. CI's bootstrap installs Chromium;
locally the tests skip, saying why, only when it is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from station.sim.scenario import load_scenario
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
def second_browser(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Another player's device at the same table."""
    downloads = tmp_path / "downloads-2"
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


def test_math_wars_a_hand_played_from_two_browsers_saved_and_replayed(browser, second_browser, start,
                                                                      tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Ana 21 − 5 = 16 from one browser, Ben 15 + 6 = 21 from another (across the table, his cards
    turned to face him): the station judges the hand from its camera, shows the results on
    CONFIRM, and Ben wins. The game saved from the page replays with ``mathstation simulate`` to
    the same events."""
    station = start("math-wars", "\n[math-wars]\nplayers = 2\nreveal = \"press\"\n")
    page = TablePage(browser, station)
    page.start_game(setup_rows=5)
    page.shows("Hand 1")
    page.seat(1)
    page.lay("MW-A-N21", *centre("math-wars", 2, "seat1.count-meta"))
    page.lay("MW-A-S5", *centre("math-wars", 2, "seat1.math-crate"))
    ben = TablePage(second_browser, station)
    ben.seat(2)
    ben.lay("MW-B-N15", *centre("math-wars", 2, "seat2.count-meta"))
    ben.lay("MW-B-A6", *centre("math-wars", 2, "seat2.math-crate"))
    page.until(lambda b: len(b.find_elements(page.by.CSS_SELECTOR, "#board img.card")) == 4,
               "Ben's cards never showed in Ana's browser")
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


def test_sum_an_equation_laid_along_the_strip(browser, start) -> None:  # type: ignore[no-untyped-def]
    """The target 12 turned up in its box; Ana lays 3 × 4 along the strip and presses CONFIRM:
    the station reads the strip in her order and she makes 12."""
    station = start("sum", "\n[sum]\nplayers = 2\n")
    page = TablePage(browser, station)
    page.start_game(setup_rows=4)
    page.lay("SU-A-N12A", *centre("sum", 2, "target"))
    page.shows("12")
    page.shows("Make 12")
    page.lay("SU-A-N3A", 198, 145)
    page.lay("SU-A-MUL1", 254, 145)
    page.lay("SU-A-N4A", 310, 145)
    page.pass_hand((120, 100), (340, 190))          # a hand reaches over the strip: no play
    page.press("confirm")
    page.shows("Ana makes 12")
    page.shows("3 × 4")
    page.said("Ana")
    assert "Not yet" not in page.verdicts() and "hand" not in page.verdicts().lower()
    hands = [step for step in load_scenario(page.save_scenario()).steps if step.kind == "hand"]
    assert len(hands) == 1 and hands[0].value["from"][0] < 150 < 300 < hands[0].value["to"][0]   # it did pass over


def test_whos_counting_a_scored_turn(browser, start) -> None:  # type: ignore[no-untyped-def]
    """Ana lays 3 × 6 − 2 along the strip and presses CONFIRM: 16, + 25 for two signs = 41; nobody
    plays a red card, and when the window closes she scores."""
    station = start("whos-counting", "\n[whos-counting]\nplayers = 2\n")
    page = TablePage(browser, station)
    page.start_game(setup_rows=5)
    page.shows("Lay cards, CONFIRM")
    for card, x in (("WC-A-N3A", 90), ("WC-A-MUL1", 146), ("WC-A-N6A", 202), ("WC-A-SUB1", 258), ("WC-A-N2A", 314)):
        page.lay(card, x, 145)
    page.press("confirm")
    page.shows("3 × 6 − 2 = 16")
    page.shows("Ana scores")
    page.shows("+41")
    page.said("Ana")


def test_math_rush_a_card_out_of_order_is_flagged(browser, start) -> None:  # type: ignore[no-untyped-def]
    """Row 1 is UP 3: after 1/3, a 0.25 lands: "0.25 < 1/3: out of order" on the OLED and the page."""
    station = start("math-rush")
    page = TablePage(browser, station)
    page.start_game(setup_rows=5)
    for card, y in (("MR-A-H1", 79), ("MR-A-H2", 152), ("MR-A-H3", 225)):
        page.lay(card, 542, y)
    page.lay("MR-A-G1", *centre("math-rush", 1, "row1.goal"))
    page.said("Goal in row 1: UP 3")                # seen by the camera: now the clock may start
    page.press("confirm")
    page.until(lambda b: "CONFIRM: go!" not in page.screen(), "the round never started")
    page.lay("MR-A-F6", 190, 41)
    page.lay("MR-A-D5", 240, 41)
    page.shows("0.25 < 1/3: out of order")
    page.said("out of order")


def test_big_bang_triangles_laid_off_the_grid_are_snapped_by_the_station(browser, start) -> None:  # type: ignore[no-untyped-def]
    """The Black Star, then a 4 beside its right face and a 5 beside the 4, each dropped a few
    millimetres off its cell (the page snaps to nothing): the station finds the cells and counts both."""
    station = start("big-bang")
    page = TablePage(browser, station)
    page.start_game(setup_rows=6)
    page.lay("BB-A-STAR", 317.0, 243.3)
    page.press("confirm")
    page.shows("28")                                  # the round's cards left to lay
    page.lay("BB-A-N4A", 369.5, 212.0, turned=180)   # cell (1, 0) is at 367.0, 214.4, pointing down
    page.shows("1 down")
    page.lay("BB-A-N5A", 415.0, 245.5)                # cell (2, 0) is at 417.0, 243.3
    page.shows("2 down")
    assert "not" not in page.verdicts().lower()


def test_a_scenario_loaded_on_the_page_plays_on_the_table_to_watch(browser, start) -> None:  # type: ignore[no-untyped-def]
    """scenarios/normal-hand.toml loaded from the page: its game starts, its cards land on the
    table for everyone to see, and the station judges them from its camera as it did in simulate."""
    from vt_helpers import ROOT

    station = start("math-wars")
    page = TablePage(browser, station)
    page.keep_card_counts()                       # the cards lie a few seconds: the page notes that it drew them
    browser.find_element(page.by.ID, "scenario-file").send_keys(str(ROOT / "scenarios" / "normal-hand.toml"))
    browser.find_element(page.by.ID, "watch").click()
    page.until(lambda b: "Playing A normal hand: 7 moves" in b.find_element(page.by.CSS_SELECTOR, "p.ok").text)
    page.until(lambda b: 4 in page.cards_drawn(), "the cards never landed")
    page.said("Ben")
    page.shows("Hand 2")
    browser.find_element(page.by.ID, "scenario-file").send_keys(str(ROOT / "README.md"))
    browser.find_element(page.by.ID, "watch").click()
    page.until(lambda b: "README.md is not a scenario file" in b.find_element(page.by.CSS_SELECTOR, "p.error").text)
