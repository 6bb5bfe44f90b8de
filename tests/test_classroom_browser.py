"""The class dashboard in a real browser (Debian's headless Chromium through chromedriver) on a
real Mosquitto: three stations' tables appear live and change as their stations publish, a
station's last will turns its table offline, the merged history shows every table's games, and
the page's Content-Security-Policy blocks nothing of its own (its script and styles are files)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from classroom_helpers import PIN, Station, class_broker, open_dashboard, played
from waiting import eventually
from station.classroom import topics

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (bash scripts/bootstrap.sh)")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium and chromedriver are not installed here (bash scripts/bootstrap.sh installs Debian's "
           "chromium and chromium-driver; CI has them)")]
PATIENCE = 60
#: MATHSTATION_SCREENSHOT=docs/img/classroom-dashboard.png keeps a picture of the tables for the docs
SCREENSHOT = os.environ.get("MATHSTATION_SCREENSHOT")


@pytest.fixture
def browser():  # type: ignore[no-untyped-def]
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def card(browser, station: str):  # type: ignore[no-untyped-def]
    found = browser.find_elements(By.CSS_SELECTOR, f'article.table[data-station="{station}"]')
    return found[0] if found else None


def shows(browser, station: str, selector: str, text: str) -> bool:  # type: ignore[no-untyped-def]
    try:
        table = card(browser, station)
        return table is not None and text in table.find_element(By.CSS_SELECTOR, selector).text
    except Exception:   # redrawn between finding and reading: look again
        return False


def test_three_tables_live_and_their_merged_history(browser, broker_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broker = class_broker(broker_factory)
    dashboard = open_dashboard(broker, tmp_path / "dashboard")
    stations = [Station(broker, f"table-{n}", f"Table {n}") for n in (1, 2, 3)]
    try:
        browser.get(f"http://127.0.0.1:{dashboard.port}/")
        browser.find_element(By.ID, "pin").send_keys(PIN)
        browser.find_element(By.ID, "unlock").click()
        wait = WebDriverWait(browser, PATIENCE)
        wait.until(lambda b: b.find_elements(By.ID, "tables") and b.find_element(By.ID, "tables").get_attribute("data-updates"))

        for station, game, players in ((stations[0], ("sum", "SUM"), ["Ana", "Ben"]),
                                       (stations[1], ("math-wars", "Math Wars Meta"), ["Cleo", "Dev"]),
                                       (stations[2], ("whos-counting", "Who's Counting?"), ["Eli", "Fay"])):
            station.status(topics.ONLINE)
            station.live(game=game[0], game_title=game[1], players=players, turn=players[0],
                         scores={p: "0 pts" for p in players}, headline=f"{players[0]} to play", verdicts=[])
        for n, first in ((1, "Ana"), (2, "Cleo"), (3, "Eli")):
            wait.until(lambda b: shows(b, f"table-{n}", ".headline", f"{first} to play"))
        # the tables are redrawn from each message: a part is read again once a redraw went past it
        wait.until(lambda b: shows(b, "table-2", ".game", "Math Wars Meta · Playing"))
        wait.until(lambda b: shows(b, "table-1", ".status", "online"))

        stations[0].live(headline="Ben to play", turn="Ben", scores={"Ana": "5 pts", "Ben": "0 pts"},
                         verdicts=["Ana: 2 + 3 = 5, 5 points"], clock="02:10")
        wait.until(lambda b: shows(b, "table-1", ".headline", "Ben to play"))
        wait.until(lambda b: shows(b, "table-1", ".verdicts", "Ana: 2 + 3 = 5, 5 points"))
        wait.until(lambda b: shows(b, "table-1", ".scores", "Ana 5 pts"))
        wait.until(lambda b: shows(b, "table-1", ".turn-clock", "Clock 02:10"))

        stations[2].client.loop_stop()          # the station's network gone, no goodbye: the broker sends its last will
        stations[2].client.socket().close()
        wait.until(lambda b: shows(b, "table-3", ".status", "offline since"))

        records = [played("table-1", "Table 1", "sum", ["Ana", "Ben"], 21),
                   played("table-2", "Table 2", "math-wars", ["Cleo", "Ana"], 22)]
        stations[0].record(records[0])
        stations[1].record(records[1])
        eventually(lambda: len(dashboard.store.records()) == 2, "both games kept")
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT)
        browser.get(f"http://127.0.0.1:{dashboard.port}/history")
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT.replace(".png", "-history.png"))
        rows = browser.find_elements(By.CSS_SELECTOR, "#games tbody tr")
        assert sorted(r.find_elements(By.TAG_NAME, "td")[1].text for r in rows) == ["Table 1", "Table 2"]
        ana = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#children tbody tr") if r.text.startswith("Ana"))
        assert [td.text for td in ana.find_elements(By.TAG_NAME, "td")][:2] == ["Ana", "2"]
        blocked = [e["message"] for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
        assert blocked == []
        assert browser.execute_script("return getComputedStyle(document.querySelector('nav a')).fontWeight") in ("700", "bold")
    finally:
        for station in stations[:2]:
            station.stop()
        stations[2].client.loop_stop()          # stopped already when the test got that far
        dashboard.stop()
