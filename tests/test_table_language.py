"""The virtual table's page in the player's browser's language: its template's words and the words
its script shows (handed to it as JSON by the page, none written in table.js), and the reasons a
move is refused; the English unchanged. A real Flask test client, and headless Chromium asking
for Spanish against a running station."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

import pytest

from station.sim.live_table import LiveTable
from station.table.mat import mat_layout
from test_web_table import table_app
from web_helpers import journal_template, signed_in, station  # noqa: F401 - fixtures

#: MATHSTATION_SCREENSHOT_ES=/tmp/table-es.png keeps a picture of the Spanish page to look at
SCREENSHOT = os.environ.get("MATHSTATION_SCREENSHOT_ES")
JS = Path(__file__).resolve().parent.parent / "station" / "web" / "static" / "table.js"


def page_words(page: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="table-words"[^>]*>(.*?)</script>', page, re.S)
    assert found, "the page hands its script no words"
    return json.loads(found.group(1))


def player(station, accept: str):  # type: ignore[no-untyped-def]
    client = signed_in(table_app(station, LiveTable(mat_layout("math-wars", 2))))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = accept
    return client


def test_a_spanish_browser_reads_the_table_and_its_script_s_words_in_spanish(station) -> None:  # type: ignore[no-untyped-def]
    client = player(station, "es-MX,es;q=0.9")
    page = html.unescape(client.get("/table").get_data(as_text=True))
    assert "Mesa virtual" in page and "Pasar una mano" in page
    words = page_words(page)
    assert words["seat"] == "Puesto {n}" and words["face_down"] == "Una carta boca abajo"
    assert words["signed_out"].startswith("Este navegador ha cerrado la sesión")
    refused = client.post("/table/lay", json={"id": "NOT-A-CARD", "x": 1, "y": 3})
    assert refused.status_code == 400 and "no es ninguna de las cartas impresas" in refused.get_json()["error"]
    refused = client.post("/table/lay", json={"id": "MW-A-N21", "x": "left", "y": 3})
    assert "x tiene que ser un número" in refused.get_json()["error"]


def test_an_english_browser_reads_them_in_english(station) -> None:  # type: ignore[no-untyped-def]
    client = player(station, "en-GB,en;q=0.9")
    page = html.unescape(client.get("/table").get_data(as_text=True))
    assert "Virtual table" in page
    assert page_words(page)["seat"] == "Seat {n}"
    refused = client.post("/table/lay", json={"id": "NOT-A-CARD", "x": 1, "y": 3})
    assert "is not one of the printed cards" in refused.get_json()["error"]


def test_table_js_holds_no_words_of_its_own() -> None:
    """Every text the script sets comes from the page's words (or the station's state): no English
    sentence is written in it."""
    code = re.sub(r"//[^\n]*", "", JS.read_text(encoding="utf-8"))
    sentences = [s for s in re.findall(r'"([^"\\]*)"', code) if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", s)]
    assert set(sentences) <= {"use strict", "signed out"}   # the mode, and a token between two of its functions


@pytest.mark.slow
def test_the_seats_and_the_screen_s_description_in_spanish_in_chromium(tmp_path: Path) -> None:
    pytest.importorskip("selenium.webdriver", reason="selenium is not installed (bash scripts/bootstrap.sh)")
    from vt_helpers import CHROMIUM, DRIVER, RunningStation, TablePage, make_browser

    if CHROMIUM is None or DRIVER is None:
        pytest.skip("Chromium and chromedriver are not installed here (bash scripts/bootstrap.sh installs them)")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser = make_browser(downloads, languages="es-ES,es")
    running = RunningStation(tmp_path, "math-wars")
    try:
        table = TablePage(browser, running)
        by = table.by
        table.until(lambda b: [o.text for o in b.find_elements(by.CSS_SELECTOR, "#seat option")][:2]
                    == ["Puesto 1", "Puesto 2"], "the seats named in Spanish")
        assert browser.find_element(by.ID, "oled").get_attribute("alt").startswith("La pantalla de la estación: ")
        assert browser.find_element(by.ID, "clear-table").text == "Vaciar la mesa"
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT)
    finally:
        browser.quit()
        assert running.stop() == 0, running.errors()
