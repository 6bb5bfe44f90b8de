"""The virtual table played in a real browser: a station started as a user starts it
(``mathstation run --config`` with firmware_config/virtual-table.toml's settings), Debian's headless
Chromium driven through chromedriver, and the moves a player makes with the mouse (tests of
tests/test_virtual_table_browser.py)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PATIENCE = 90  # seconds a wait may take on a busy machine before the test fails (it never waits longer than needed)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium and chromedriver are not installed here (bash scripts/bootstrap.sh installs Debian's "
           "chromium and chromium-driver; CI has them)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RunningStation:
    """``mathstation run --config`` on a virtual table, in a process of its own, as a user starts it."""

    def __init__(self, folder: Path, game: str, extra: str = "") -> None:
        self.folder = folder
        self.port = free_port()
        template = (ROOT / "firmware_config" / "virtual-table.toml").read_text(encoding="utf-8")
        config = (template.replace("~/.local/state/mathstation-virtual-table", str(folder / "state"))
                  .replace("port = 8080", f"port = {self.port}").replace('bind = "0.0.0.0"', 'bind = "127.0.0.1"')
                  .replace("[station]\n", f'[station]\ngame = "{game}"\n'))
        self.config = folder / "virtual-table.toml"
        self.config.write_text(config + "\n" + extra, encoding="utf-8")
        self.log = (folder / "station.log").open("w", encoding="utf-8")
        self.process = subprocess.Popen([sys.executable, "-m", "station", "run", "--config", str(self.config)],
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.process.stdout is not None
        line = self.process.stdout.readline()   # the station says where to go first
        found = re.search(r"open (http://\S+/table) in a browser \(PIN (\d+)\)", line)
        if found is None:
            self.stop()
            raise AssertionError(f"the station did not say where its table is: {line!r}\n{self.errors()}")
        self.url, self.pin = found.group(1), found.group(2)

    def errors(self) -> str:
        self.log.flush()
        return (self.folder / "station.log").read_text(encoding="utf-8")[-4000:]

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


def make_browser(downloads: Path, languages: str | None = None) -> Any:
    """Headless Chromium saving its downloads in ``downloads``; ``languages`` its Accept-Language ("es-ES,es")."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1600,1700"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False,
                                              **({"intl.accept_languages": languages} if languages else {})})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


class TablePage:
    """One browser at the table: what a player does with the mouse, and what the page shows."""

    def __init__(self, browser: Any, station: RunningStation) -> None:
        from selenium.webdriver.common.by import By

        self.browser, self.station, self.by = browser, station, By
        browser.get(station.url)
        if browser.find_elements(By.ID, "pin"):
            browser.find_element(By.ID, "pin").send_keys(station.pin)
            browser.find_element(By.ID, "unlock").click()
        self.until(lambda b: b.find_element(By.ID, "board").get_attribute("data-version") is not None)
        self.until(lambda b: b.find_element(By.ID, "oled").get_attribute("data-version") is not None)

    # ---- waiting ------------------------------------------------------------------------------

    def until(self, condition: Any, message: str = "") -> Any:
        from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait

        # the page redraws its parts as the station pushes news: an element found a moment ago
        # may have been replaced by the time its text is read, which is no answer yet
        ignored = (NoSuchElementException, StaleElementReferenceException)
        try:
            return WebDriverWait(self.browser, PATIENCE, poll_frequency=0.2, ignored_exceptions=ignored).until(condition)
        except Exception as exc:
            raise AssertionError(f"{message or condition}: the page shows {self.screen()!r} and verdicts "
                                 f"{self.verdicts()!r}\nstation log:\n{self.station.errors()}") from exc

    def keep_card_counts(self) -> None:
        """From the next page on, the page itself notes each number of cards it has drawn on the
        table (``cards_drawn``): a scenario's cards lie there a few seconds, which a test polling
        from outside a busy machine can miss while the page did show them."""
        self.browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__cardsDrawn = [];
            new MutationObserver(function () {
              var n = document.querySelectorAll("#board img.card").length;
              if (window.__cardsDrawn.indexOf(n) < 0) { window.__cardsDrawn.push(n); }
            }).observe(document, {childList: true, subtree: true});"""})

    def cards_drawn(self) -> list[int]:
        """Each number of cards the page has drawn on the table since it loaded (see ``keep_card_counts``)."""
        return list(self.browser.execute_script("return window.__cardsDrawn || []"))

    def settled(self) -> None:
        """Every move made so far has reached the station."""
        self.until(lambda b: b.find_element(self.by.ID, "board").get_attribute("data-pending") in (None, "0"))

    def screen(self) -> str:
        """The words of the OLED's picture as the page shows it (its alt text)."""
        return str(self.browser.find_element(self.by.ID, "oled").get_attribute("alt"))

    def verdicts(self) -> str:
        return str(self.browser.find_element(self.by.ID, "verdicts").text)

    def shows(self, words: str) -> None:
        """Wait until the OLED's picture shows ``words``."""
        self.until(lambda b: words in self.screen(), f"the screen never showed {words!r}")

    def said(self, words: str) -> None:
        """Wait until the page's verdicts list ``words``."""
        self.until(lambda b: words in self.verdicts(), f"the page never said {words!r}")

    # ---- the buttons --------------------------------------------------------------------------

    def press(self, *buttons: str, long: bool = False) -> None:
        for button in buttons:
            if long:
                self.browser.find_element(self.by.ID, "long-press").click()
            self.browser.find_element(self.by.ID, f"button-{button}").click()
            self.settled()

    def start_game(self, setup_rows: int) -> None:
        """From the station's first screen: away with its page's address, CONFIRM the game the menu
        offers, SELECT down past ``setup_rows`` rows (the game's and the seats') and the station's
        Language row to Start, CONFIRM."""
        self.until(lambda b: "Teacher page" in self.screen(), "the station never said where its page is")
        first = self.screen()
        self.press("confirm")
        self.until(lambda b: self.screen() != first, "the address stayed after a press")
        self.press("confirm")
        self.shows("Start")
        self.press(*["select"] * (setup_rows + 1))
        self.press("confirm")

    # ---- the cards ----------------------------------------------------------------------------

    def seat(self, number: int) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.browser.find_element(self.by.ID, "seat")).select_by_value(str(number - 1))

    def take(self, card_id: str) -> None:
        """Take a card from the seat's cards into the hand."""
        from selenium.common.exceptions import StaleElementReferenceException

        def taken(browser: Any) -> bool:
            if browser.find_elements(self.by.CSS_SELECTOR, f'#fan img[data-id="{card_id}"]'):
                return True
            try:   # the seat's cards are drawn again when a game lays its own mat
                browser.find_element(self.by.CSS_SELECTOR, f'#deck-box button[data-id="{card_id}"]').click()
            except StaleElementReferenceException:
                pass
            return False
        self.until(taken, f"{card_id} never came into the hand")

    def _board_offset(self, x: float, y: float) -> tuple[int, int]:
        board = self.browser.find_element(self.by.ID, "board")
        scale = float(board.get_attribute("data-scale"))
        border = float(board.get_attribute("data-border"))
        return (round((x + border) * scale - board.size["width"] / 2),
                round((y + border) * scale - board.size["height"] / 2))

    def lay(self, card_id: str, x: float, y: float, *, face_down: bool = False, turned: int = 0) -> None:
        """Take ``card_id`` into the hand and drag it from the fan onto the table, its centre at
        ``x``, ``y`` mm on the mat, ``turned`` degrees from facing its player."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import Select

        self.take(card_id)
        Select(self.browser.find_element(self.by.ID, "lay-turn")).select_by_value(str(turned))
        box = self.browser.find_element(self.by.ID, "face-down")
        if box.is_selected() != face_down:
            box.click()
        card = self.browser.find_element(self.by.CSS_SELECTOR, f'#fan img[data-id="{card_id}"]')
        board = self.browser.find_element(self.by.ID, "board")
        dx, dy = self._board_offset(x, y)
        ActionChains(self.browser).click_and_hold(card).move_to_element_with_offset(board, dx // 2, dy // 2) \
            .move_to_element_with_offset(board, dx, dy).release().perform()
        self.settled()
        self.until(lambda b: b.find_elements(self.by.CSS_SELECTOR, f'#board img[data-id="{card_id}"]'))

    def slide(self, card_id: str, x: float, y: float) -> None:
        """Drag a card on the table so that the point gripped (its centre) goes to ``x``, ``y``."""
        from selenium.webdriver.common.action_chains import ActionChains

        card = self.browser.find_element(self.by.CSS_SELECTOR, f'#board img[data-id="{card_id}"]')
        board = self.browser.find_element(self.by.ID, "board")
        dx, dy = self._board_offset(x, y)
        ActionChains(self.browser).click_and_hold(card).move_by_offset(5, 5) \
            .move_to_element_with_offset(board, dx, dy).release().perform()
        self.settled()

    def pick(self, card_id: str) -> None:
        """Click a card on the table: the card's tools act on it."""
        self.browser.find_element(self.by.CSS_SELECTOR, f'#board img[data-id="{card_id}"]').click()
        self.until(lambda b: b.find_element(self.by.ID, "card-tools").is_displayed())

    def tool(self, name: str) -> None:
        self.browser.find_element(self.by.ID, name).click()
        self.settled()

    def save_scenario(self) -> Path:
        """Click "Save this game as a scenario" and wait for the file."""
        downloads = Path(self.browser.downloads)
        self.browser.find_element(self.by.ID, "save").click()
        done = downloads / "virtual-table-game.toml"
        self.until(lambda b: done.exists() and done.stat().st_size > 0, "the scenario was never saved")
        return done

    def clear(self) -> None:
        self.browser.find_element(self.by.ID, "clear-table").click()
        self.settled()
        self.until(lambda b: not b.find_elements(self.by.CSS_SELECTOR, "#board img.card"))

    def pass_hand(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        """Drag the hand over the table from ``start`` to ``end`` (mm), then let go."""
        from selenium.webdriver.common.action_chains import ActionChains

        tool = self.browser.find_element(self.by.ID, "hand-tool")
        board = self.browser.find_element(self.by.ID, "board")
        chain = ActionChains(self.browser).click_and_hold(tool)
        for index in range(steps + 1):
            share = index / steps
            chain = chain.move_to_element_with_offset(board, *self._board_offset(
                start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)).pause(0.2)
        chain.release().perform()
        self.settled()


def journal_events(state_dir: Path) -> list[dict[str, Any]]:
    """The engine's events of the last game in a station's journal, as its actions replay them
    (without their times: a replay's frames come when its script says, not to the millisecond)."""
    from engine.rules import replay
    from station.paths import journal_path
    from station.store import Journal

    with Journal(journal_path(state_dir)) as journal:
        stored = journal.games()[-1]
    _, events = replay(stored.config, stored.actions)
    return [{key: value for key, value in event.items() if key != "t"} for event in events]


def simulate(scenario: Path, state_dir: Path) -> subprocess.CompletedProcess[str]:
    """``mathstation simulate SCENARIO --state-dir STATE`` as a developer runs it."""
    return subprocess.run([sys.executable, "-m", "station", "simulate", str(scenario), "--state-dir", str(state_dir)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
