"""The class dashboard in the teacher's browser's language, as the station's own page: a browser
asking for Spanish (es-MX, es-ES ...) reads every word of it in Spanish, the PIN form, the
flashes and the words its script draws the live tables with included; one asking for English,
or for a language the station has no catalog for, reads the English as it was."""

from __future__ import annotations

import html
import json
import os
import re

import pytest

from classroom_helpers import class_broker, open_dashboard
from web_helpers import at, sign_in, signed_in

#: MATHSTATION_SCREENSHOT_ES=/tmp/dashboard-es.png keeps a picture of the Spanish tables to look at
SCREENSHOT = os.environ.get("MATHSTATION_SCREENSHOT_ES")


@pytest.fixture
def dashboard(broker_factory, tmp_path):  # type: ignore[no-untyped-def]
    running = open_dashboard(class_broker(broker_factory), tmp_path / "dashboard", keepalive=0.05)
    yield running
    running.stop()


def speaking(client, accept: str):  # type: ignore[no-untyped-def]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = accept
    return client


def text(answer) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(answer.get_data(as_text=True))


def script_words(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S).group(1))


def test_the_pin_form_follows_the_browser(dashboard) -> None:  # type: ignore[no-untyped-def]
    spanish = text(speaking(at(dashboard.app), "es-MX,es;q=0.9").get("/unlock"))
    assert "Escribe el PIN del panel." in spanish and '<html lang="es">' in spanish
    wrong = sign_in(speaking(at(dashboard.app, "192.168.1.30"), "es-ES"), "000000")
    assert "Ese no es el PIN del panel." in text(wrong)
    english = text(speaking(at(dashboard.app, "192.168.1.31"), "en-GB").get("/unlock"))
    assert "Enter the dashboard's PIN." in english and '<html lang="en">' in english


def test_every_page_in_spanish_and_the_words_the_tables_are_drawn_with(dashboard) -> None:  # type: ignore[no-untyped-def]
    client = speaking(signed_in(dashboard.app), "es-ES,es;q=0.9,en;q=0.5")
    tables = text(client.get("/"))
    assert "Pausar todas las mesas" in tables and "Todas las mesas juegan." in tables
    assert "Pause every table" not in tables
    words = script_words(tables)
    assert words["states"]["playing"] == "Jugando" and words["offline_since"] == "sin conexión desde {since}"
    history = text(client.get("/history"))
    assert "Las partidas de la clase" in history and "Todavía no se ha jugado ninguna partida." in history
    roster = text(client.get("/roster"))
    assert "Olvidar a este niño o niña" in roster and "Cerrar sesión" in roster
    assert "Todas las mesas están en pausa." in text(client.post("/room/pause", follow_redirects=True))
    added = text(client.post("/roster/add", data={"name": "Ana"}, follow_redirects=True))
    assert "Ana está ahora en la lista." in added
    refused = text(client.post("/forget", data={"name": "Ana"}, follow_redirects=True))
    assert "No se ha olvidado nada: marca la casilla" in refused


def test_english_and_an_unshipped_language_read_english_as_before(dashboard) -> None:  # type: ignore[no-untyped-def]
    for accept in ("en-US,en;q=0.9", "fr-FR,fr;q=0.9"):
        client = speaking(signed_in(dashboard.app), accept)
        tables = text(client.get("/"))
        assert "Pause every table" in tables and "Every table plays." in tables
        assert script_words(tables)["states"]["playing"] == "Playing"
        assert "The class's games" in text(client.get("/history"))
        assert "Every table is paused." in text(client.post("/room/pause", follow_redirects=True))


@pytest.mark.slow
def test_the_live_tables_drawn_in_spanish_in_chromium(broker_factory, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """tables.js draws each table with the page's words: a Spanish browser reads "Jugando", "conectada"."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (bash scripts/bootstrap.sh)")
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from classroom_helpers import PIN, Station
    from station.classroom import topics
    from vt_helpers import CHROMIUM, DRIVER

    if CHROMIUM is None or DRIVER is None:
        pytest.skip("Chromium and chromedriver are not installed here (bash scripts/bootstrap.sh installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": "es-ES,es"})
    browser = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=options)
    broker = class_broker(broker_factory)
    dashboard = open_dashboard(broker, tmp_path / "dashboard")
    station = Station(broker, "table-1", "Mesa 1")
    try:
        browser.get(f"http://127.0.0.1:{dashboard.port}/")
        browser.find_element(By.ID, "pin").send_keys(PIN)
        browser.find_element(By.ID, "unlock").click()
        station.status(topics.ONLINE)
        station.live(game="sum", game_title="SUM", players=["Ana", "Ben"], turn="Ana", scores={"Ana": "0", "Ben": "0"},
                     headline="Ana", verdicts=[], clock="02:10")

        def drawn(b):  # type: ignore[no-untyped-def]
            try:
                return "SUM · Jugando" in b.find_element(By.CSS_SELECTOR, 'article[data-station="table-1"] .game').text
            except Exception:  # redrawn between finding and reading
                return False
        WebDriverWait(browser, 60).until(drawn)

        def part(b, selector: str) -> str | None:  # type: ignore[no-untyped-def]
            try:   # the table is redrawn from each message: read it again once the redraw went past
                return b.find_element(By.CSS_SELECTOR, f'article[data-station="table-1"] {selector}').text
            except StaleElementReferenceException:
                return None
        WebDriverWait(browser, 60).until(lambda b: part(b, ".status") == "conectada")
        WebDriverWait(browser, 60).until(lambda b: part(b, ".turn-clock") == "Reloj 02:10")
        assert browser.find_element(By.ID, "pause").text == "Pausar todas las mesas"
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT)
            for page in ("history", "roster"):
                browser.get(f"http://127.0.0.1:{dashboard.port}/{page}")
                browser.save_screenshot(SCREENSHOT.replace(".png", f"-{page}.png"))
    finally:
        browser.quit()
        station.stop()
        dashboard.stop()
