"""The teacher's page in a real browser: Debian's headless Chromium driven by selenium through
chromedriver, against the station's own server on a loopback port. Roster edit, a game set up
on the OLED from the roster the page edited, a live game advancing as it is played, the CSV
download, signing out everywhere; and nothing the page needs is blocked by its own
Content-Security-Policy (the inline styles and script, the live stream). CI's bootstrap installs Chromium; locally the tests skip, saying why, only when it is
missing."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine.rules import new_game
from station.config import load_config
from station.games import plugin, plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.sim.scenario import load_scenario
from station.simulate import ScenarioRun
from station.store import Journal
from station.web.server import WebServer
from web_helpers import PIN, journal_template, station  # noqa: F401 - fixtures

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (bash scripts/bootstrap.sh)")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium and chromedriver are not installed here (bash scripts/bootstrap.sh installs Debian's "
           "chromium and chromium-driver; CI has them)")]
ROOT = Path(__file__).resolve().parent.parent
PATIENCE = 60  # seconds a wait may take on a busy machine before the test fails (it never waits longer than needed)


@pytest.fixture
def server(station):  # type: ignore[no-untyped-def]
    (station.folder / "web-pin").write_text(PIN + "\n")
    web = WebServer(bind="127.0.0.1", port=0, state_dir=station.folder, roster=station.roster,
                    journal_file=station.journal_file, config_path=station.config_path, board=station.board,
                    games=plugins())
    web.start()
    yield web
    web.stop()


@pytest.fixture
def browser(tmp_path: Path):  # type: ignore[no-untyped-def]
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})   # the console, where CSP reports what it blocks
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    yield driver
    driver.quit()


def open_page(browser, server, path: str) -> None:  # type: ignore[no-untyped-def]
    """Open a page, typing the PIN into the form the station answers with first."""
    browser.get(f"http://127.0.0.1:{server.port}{path}")
    if browser.find_elements(By.ID, "pin"):   # the browser does not hold the PIN yet
        browser.find_element(By.ID, "pin").send_keys(PIN)
        submit(browser, browser.find_element(By.ID, "unlock"))
    assert not browser.find_elements(By.ID, "pin")
    assert_nothing_blocked(browser)


def assert_nothing_blocked(browser) -> None:  # type: ignore[no-untyped-def]
    """The page's Content-Security-Policy blocked none of its own styles or scripts (read from the console)."""
    blocked = [e["message"] for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
    assert blocked == []
    weight = browser.execute_script("return getComputedStyle(document.querySelector('nav a')).fontWeight")
    assert weight in ("700", "bold")                    # the inline stylesheet applied


def submit(browser, button) -> None:  # type: ignore[no-untyped-def]
    """Click a form's button and wait for the page it leads to, loaded.

    The old page is marked from its own script and the wait is for a loaded document without the
    mark: asking the driver whether an element of the old page is stale races the navigation
    (Chromium answered "Node with given id does not belong to the document" in CI)."""
    browser.execute_script("window.__theOldPage = true")
    button.click()
    WebDriverWait(browser, PATIENCE, ignored_exceptions=(WebDriverException,)).until(
        lambda driver: driver.execute_script(
            "return !window.__theOldPage && document.readyState === 'complete'"))


def live_drawn(browser, board) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's live part shows the board's latest version: its script redraws the
    players' rows from each message of the stream (the first one too, over the rows the server
    wrote), so a row read before then may be replaced while it is read."""
    version = str(board.live().version)
    WebDriverWait(browser, PATIENCE).until(
        lambda b: b.find_element(By.ID, "live").get_attribute("data-version") == version)


def roster_names(browser) -> list[str]:  # type: ignore[no-untyped-def]
    return [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#names td.name")]


def test_the_teacher_edits_the_roster(browser, server, station) -> None:  # type: ignore[no-untyped-def]
    open_page(browser, server, "/roster")
    assert roster_names(browser) == ["Ana", "Ben", "Cleo"]
    browser.find_element(By.ID, "new-name").send_keys("Zoë")
    submit(browser, browser.find_element(By.ID, "add"))
    assert "Zoë added." in browser.find_element(By.CSS_SELECTOR, "p.ok").text
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#names tbody tr") if r.text.startswith("Ben"))
    field = row.find_element(By.NAME, "new")
    field.clear()
    field.send_keys("Ben O.")
    submit(browser, row.find_element(By.CLASS_NAME, "rename"))
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#names tbody tr") if r.text.startswith("Cleo"))
    submit(browser, row.find_element(By.CLASS_NAME, "remove"))
    assert roster_names(browser) == ["Ana", "Ben O.", "Zoë"]
    browser.find_element(By.ID, "new-name").send_keys("ANA")
    submit(browser, browser.find_element(By.ID, "add"))
    assert "ANA is already on the list (as Ana)" in browser.find_element(By.CSS_SELECTOR, "p.error").text
    assert station.roster.names() == ["Ana", "Ben O.", "Zoë"]
    assert_nothing_blocked(browser)
    submit(browser, browser.find_element(By.ID, "sign-out-everywhere"))
    assert "Signed out on every browser" in browser.find_element(By.CSS_SELECTOR, "p.ok").text
    browser.get(f"http://127.0.0.1:{server.port}/roster")
    assert browser.find_elements(By.ID, "pin")         # the session is over: the PIN again


def test_the_rename_box_shows_the_accent_of_a_capital(browser, server, station) -> None:  # type: ignore[no-untyped-def]
    """"Élodie" in the rename box, not "Elodie" with its accent clipped by a box too short for it:
    the accent (where "Élodie" drawn differs from "Elodie" drawn) is as tall in the box as in a
    line of the same font outside any box."""
    station.roster.add("Élodie")
    open_page(browser, server, "/roster")
    field = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#names tbody tr")
                 if r.text.startswith("Élodie")).find_element(By.NAME, "new")
    line = browser.execute_script("var s = document.createElement('span'); s.style.font = getComputedStyle(arguments[0]).font;"
                                  "s.style.padding = '1em'; s.style.display = 'inline-block';"
                                  "document.body.appendChild(s); return s;", field)

    def accent(element, write: str) -> tuple[int, int, int, int] | None:
        drawn = {}
        for name in ("Élodie", "Elodie"):
            browser.execute_script(f"arguments[0].{write} = arguments[1]; arguments[0].blur();", element, name)
            drawn[name] = Image.open(io.BytesIO(element.screenshot_as_png)).convert("L")
        return ImageChops.difference(drawn["Élodie"], drawn["Elodie"]).getbbox()

    boxed, free = accent(field, "value"), accent(line, "textContent")
    assert boxed is not None and free is not None
    assert boxed[3] - boxed[1] == free[3] - free[1], (boxed, free)


def test_a_game_set_up_from_the_roster_shows_live_and_advances_as_it_is_played(browser, server, station,
                                                                                  tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    open_page(browser, server, "/roster")
    browser.find_element(By.ID, "new-name").send_keys("Mia")
    submit(browser, browser.find_element(By.ID, "add"))
    assert "Mia" in roster_names(browser)
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "live.sqlite3"), games=plugins(), seed=lambda: 7,
                      roster=station.roster.names,
                      log_event=lambda record: station.board.record(record, referee.game))
    for button in ("confirm", "select", "spare", "spare"):   # Math Wars Meta; seat 1 steps back: the guest, then Mia
        referee.press(Press(button), 0.0)
    rows = referee.screen(0.0).rows
    seats = [value for label, value in rows if label.startswith("Seat")]
    assert seats == ["Mia", "Ben"]        # the child the page just added, seated with the buttons
    for _ in range(len(rows) - 2):
        referee.press(Press("select"), 0.0)
    referee.press(Press("confirm"), 0.0)
    assert referee.game is not None
    station.board.publish(referee)

    open_page(browser, server, "/station")
    live_drawn(browser, station.board)
    assert browser.find_element(By.ID, "live-title").text == "Math Wars Meta"
    names = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#live-players td:first-child")]
    assert names == seats
    shadow = new_game(referee.game.config)   # the virtual players choose each play on their own copy
    played = 0
    for action, _ in plugin("math-wars").virtual_players(shadow, 5):
        referee.apply(dict(action))
        station.board.publish(referee)
        played += 1
        if played in (1, 4):    # the page follows without a reload
            version = station.board.live().version
            WebDriverWait(browser, PATIENCE).until(
                lambda b: b.find_element(By.ID, "live").get_attribute("data-version") == str(version))
            verdicts = browser.find_element(By.ID, "live-verdicts").text
            assert seats[0] in verdicts or seats[1] in verdicts
        if played == 4:
            break
    assert browser.find_element(By.ID, "live-verdicts").find_elements(By.TAG_NAME, "li")


def test_a_scenario_played_on_the_virtual_table_advances_live_and_the_set_up_is_checked(browser, server, station,
                                                                                     tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A scenario file played frame by frame through the whole station (virtual camera, vision,
    tracker, referee): the page follows each verdict as the station makes it, without a reload."""
    (tmp_path / "state").mkdir()
    run = ScenarioRun(load_scenario(ROOT / "scenarios" / "normal-hand.toml"), tmp_path / "state", board=station.board)
    run.station.refresh(run.now)
    run.frames(0.2)                            # the first frame: the station publishes the game it started
    open_page(browser, server, "/station")
    title = browser.find_element(By.ID, "live-title")
    WebDriverWait(browser, PATIENCE).until(lambda b: title.text == "Math Wars Meta")
    shown = 0
    for step in run.scenario.steps:
        getattr(run, f"_{step.kind}")(step)
        if step.kind != "expect":
            continue
        record = next(r for r in reversed(run.records) if r.get("type") == step.value["type"])
        said = run.station.referee.game.describe(record)
        version = station.board.live().version
        WebDriverWait(browser, PATIENCE).until(
            lambda b: b.find_element(By.ID, "live").get_attribute("data-version") == str(version))
        assert said in browser.find_element(By.ID, "live-verdicts").text
        shown += 1
    assert_nothing_blocked(browser)                   # the live stream and its script ran under the policy
    assert shown == 3                          # the hand judged, Ben's win, Ana's payment: each as it happened
    live_drawn(browser, station.board)         # the scenario's last steps published too: read the page once it has them
    names = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#live-players td:first-child")]
    assert names == ["Ana", "Ben"]

    open_page(browser, server, "/station")     # the camera's picture, then the set-up check on it
    snapshot = browser.find_element(By.ID, "snapshot")
    WebDriverWait(browser, PATIENCE).until(lambda b: b.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", snapshot) == 1280)
    submit(browser, browser.find_element(By.ID, "check-setup"))
    verdict = browser.find_element(By.ID, "verdict").text
    assert verdict == "Fix these first:"       # the scenario's 1280x720 camera makes the codes too small
    assert "The codes are too small in the picture" in browser.find_element(By.ID, "advice").text
    picture = browser.find_element(By.ID, "check-picture")
    WebDriverWait(browser, PATIENCE).until(lambda b: b.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", picture) == 1280)


def test_the_history_downloads_as_csv(browser, server) -> None:  # type: ignore[no-untyped-def]
    open_page(browser, server, "/history?child=Ana")
    assert "date unknown" not in browser.find_element(By.ID, "games").text
    browser.find_element(By.ID, "csv").click()
    done = browser.downloads / "mathstation-history.csv"
    WebDriverWait(browser, PATIENCE).until(lambda b: done.exists() and done.stat().st_size > 0)
    rows = list(csv.DictReader(done.open(encoding="utf-8", newline="")))
    assert [r["game"] for r in rows] == ["SUM", "Math Wars Meta"]
    assert all("Ana" in r["players"] for r in rows)


@pytest.fixture
def spanish_browser():  # type: ignore[no-untyped-def]
    """Chromium set to Spanish (Spain), as a teacher's laptop in a Spanish school is: it asks for es-ES first."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=es-ES"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"intl.accept_languages": "es-ES,es"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def test_a_spanish_browser_sees_the_page_in_spanish(spanish_browser, server) -> None:  # type: ignore[no-untyped-def]
    browser = spanish_browser
    browser.get(f"http://127.0.0.1:{server.port}/station")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert "Escribe el PIN de la estación" in browser.find_element(By.TAG_NAME, "body").text
    browser.find_element(By.ID, "pin").send_keys(PIN)
    assert browser.find_element(By.ID, "unlock").text == "Entrar"
    submit(browser, browser.find_element(By.ID, "unlock"))
    assert_nothing_blocked(browser)
    assert [link.text for link in browser.find_elements(By.CSS_SELECTOR, "nav a")] == ["Estación", "Lista de clase",
                                                                                       "Historial"]
    assert browser.find_element(By.TAG_NAME, "h1").text == "La estación ahora"
    WebDriverWait(browser, PATIENCE).until(  # the live stream has run the page's script, which writes the title
        lambda b: b.find_element(By.ID, "live").get_attribute("data-version") is not None)
    assert browser.find_element(By.ID, "live-title").text == "No se está jugando ninguna partida"
    assert browser.find_element(By.ID, "save").text == "Guardar los ajustes"
    browser.find_element(By.ID, "sign-out").click()
    WebDriverWait(browser, PATIENCE).until(lambda b: "Sesión cerrada en este navegador." in b.page_source)


def test_a_spanish_and_an_english_browser_follow_the_same_game_each_in_its_language(
        spanish_browser, browser, server, station, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """One station publishes once; each page's live stream words the verdicts in its own browser's language."""
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "live.sqlite3"), games=plugins(), seed=lambda: 7,
                      log_event=lambda record: station.board.record(record, referee.game))
    referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    station.board.publish(referee)
    open_page(spanish_browser, server, "/station")
    open_page(browser, server, "/station")
    referee.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21"})
    referee.apply({"type": "play", "t": 2.0, "player": "Ana", "card": "MW-A-N21"})
    station.board.publish(referee)      # pushed to both pages while they are open: no reload
    version = str(station.board.live().version)
    for page, verdict, headline in ((spanish_browser, "No vale: Esa carta COUNT META 21 ya está en la mesa.",
                                     "¡Cartas a la mesa!"),
                                    (browser, "Not allowed: That COUNT META 21 card is already on the table.",
                                     "Play your cards!")):
        WebDriverWait(page, PATIENCE).until(
            lambda b: b.find_element(By.ID, "live").get_attribute("data-version") == version)
        lines = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#live-verdicts li")]
        assert lines[-1] == verdict and page.find_element(By.ID, "live-headline").text == headline
