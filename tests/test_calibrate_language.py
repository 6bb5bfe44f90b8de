"""The set-up check's words in the reader's language, chosen when shown: one check read by an
English terminal and a Spanish page says the same measures, each in its words, the numbers as
each language writes them (a decimal comma in Spanish); the English as it was."""

from __future__ import annotations

import html
import json

from station.i18n import use_language
from test_calibrate import GOOD, check
from web_helpers import journal_template, station  # noqa: F401 - fixtures


def test_one_check_reads_in_english_and_in_spanish():
    result = check(blur_px=2.0)
    (blurred,) = [advice for advice in result.advice if "blurred" in str(advice)]
    english = result.report()
    assert "Fix these first:" in english and any(line.startswith("Focus: blur 2.") for line in english)
    with use_language("es"):
        spanish = result.report()
        assert "Arregla esto primero:" in spanish
        focus = next(line for line in spanish if line.startswith("Enfoque: desenfoque de "))
        assert focus.startswith("Enfoque: desenfoque de 2,") and "(hace falta 1 o menos)" in focus
        assert str(blurred).startswith("La foto está desenfocada (2,") and "gira la lente para enfocar" in str(blurred)
        said = json.loads(json.dumps(result.as_json()))["advice"]
        assert any(advice.startswith("La foto está desenfocada") for advice in said)
        assert any("(2,6 px por cuadradito de código en la esquina de arriba a la derecha del tapete" in advice
                   for advice in said)
    assert str(blurred).startswith("The picture is blurred (2.")          # the same advice, back in English


def test_a_ready_table_and_where_the_glare_is_in_spanish():
    with use_language("es"):
        assert check(GOOD).report()[-1] == "Lista para jugar."
        assert any(line.startswith("Tapete: Math Wars Meta para 2 jugadores, se ven 4 de los 4 cuadrados")
                   for line in check(GOOD).report())
    assert check(GOOD).report()[-1] == "Ready to play."


def test_the_station_page_s_set_up_check_in_a_spanish_browser(station, tmp_path):  # type: ignore[no-untyped-def]
    from station.web.app import HEADER
    from test_web_scenario import play_until, scenario
    from web_helpers import PIN

    run = scenario("normal-hand", station.board, tmp_path)
    client = station.app().test_client()
    play_until(run, 5)
    spanish = html.unescape(client.get("/station/check", headers={HEADER: PIN, "Accept-Language": "es-ES,es"})
                            .get_data(as_text=True))
    assert "Arregla esto primero:" in spanish and "Los códigos salen demasiado pequeños en la foto (" in spanish
    assert "Tapete: Math Wars Meta para 2 jugadores, se ven 4 de los 4 cuadrados de las esquinas" in spanish
    measures = spanish.split('<ul id="measures">')[1].split("</ul>")[0]
    assert "Arregla esto primero:" not in measures and "Foto: 1280x720" in measures   # the verdict is not a measure
    english = html.unescape(client.get("/station/check", headers={HEADER: PIN, "Accept-Language": "en"})
                            .get_data(as_text=True))
    assert "Mat: Math Wars Meta for 2 players, 4 of 4 corner squares seen" in english
    assert "The codes are too small in the picture" in english
