"""The teacher's page in the browser's language: Spanish for a browser that asks for it (every
template text and the Python messages the page shows), the station's own language for one that
asks for a language the station has no catalog for; and no text in a template outside the
translation layer."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from station.i18n import set_language
from station.web.app import HEADER
from web_helpers import Station, at, journal_template, signed_in, station  # noqa: F401 - fixtures

flask = pytest.importorskip("flask")
TEMPLATES = Path(__file__).resolve().parent.parent / "station" / "web" / "templates"
SPANISH = {"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"}


@pytest.fixture
def spanish(station: Station):  # type: ignore[no-untyped-def]
    """A browser set to Spanish that has typed the PIN."""
    client = signed_in(station.app())
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = SPANISH["Accept-Language"]
    return client


@pytest.fixture
def station_in_spanish():  # type: ignore[no-untyped-def]
    set_language("es")
    yield
    set_language("en")


def test_a_spanish_browser_reads_every_page_in_spanish(spanish) -> None:  # type: ignore[no-untyped-def]
    station_page = spanish.get("/station")
    assert station_page.headers["Content-Language"] == "es" and "Accept-Language" in station_page.headers["Vary"]
    page = station_page.get_data(as_text=True)
    assert '<html lang="es">' in page
    for words in ("Estación", "Lista de clase", "Historial", "Cerrar sesión", "La estación ahora",
                  "No se está jugando ninguna partida", "Lo que ve la cámara", "Ajustes", "Guardar los ajustes",
                  '<a id="check-setup" href="/station/check">Comprobar la instalación</a>: ¿está la mesa lista'):
        assert words in page, words
    assert "The station now" not in page and "Settings" not in page
    for words in ("Altavoz: volumen (por ciento)", "Altavoz: solo pitidos, sin palabras",
                  "Altavoz: apagado (el zumbador sigue pitando)", "lo cambia la fila Sonido de la pantalla"):
        assert words in page, words
    history = spanish.get("/history").get_data(as_text=True)
    assert "Cada niño" in history and "Descargar como CSV" in history and "Todas las partidas" in history
    assert "oscuro: ganadas, claro: jugadas" in history  # the chart drawn in Python
    roster = spanish.get("/roster").get_data(as_text=True)
    assert "Lista de la clase" in roster and "Añadir un niño o una niña" in roster and "Importar" in roster
    check = spanish.get("/station/check").get_data(as_text=True)
    assert "¿Está la mesa lista para jugar?" in check and "Volver a la estación" in check
    assert spanish.get("/station/snapshot.jpg").get_data(as_text=True) == "La cámara todavía no ha dado ninguna imagen."


def test_the_python_messages_the_page_shows_are_spanish_too(spanish, station: Station) -> None:  # type: ignore[no-untyped-def]
    page = spanish.post("/roster/add", data={"name": "  Zoë "}, follow_redirects=True).get_data(as_text=True)
    assert "Zoë está ahora en la lista." in page
    page = spanish.post("/roster/add", data={"name": "ana"}, follow_redirects=True).get_data(as_text=True)
    assert "ana ya está en la lista (como Ana): no se podría distinguir a dos niños con el mismo nombre" in page
    data = {"file": (io.BytesIO("Name,Age\nDev,8\n,9\nEli,7\nAna,8\n".encode()), "class.csv")}
    page = spanish.post("/roster/import", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert "2 nombres añadidos; 2 filas no se han añadido (ver abajo)." in page
    assert "fila 3: un nombre no puede estar vacío" in page and "fila 5: Ana ya está en la lista" in page
    page = spanish.get("/history?from=14/03/2026").get_data(as_text=True)
    assert "«14/03/2026» no es una fecha como 2026-03-14" in page


def test_the_pin_form_and_its_wait_are_in_the_browser_s_language(station: Station) -> None:
    app = station.app()
    browser = at(app)
    browser.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es-ES"
    page = browser.get("/roster").get_data(as_text=True)
    assert "Escribe el PIN de la estación" in page and "<b>Página docente</b>" in page and ">Entrar</button>" in page
    for _ in range(5):
        browser.post("/roster", headers={HEADER: "000000"})
    answer = browser.get("/roster", headers={HEADER: "000000"})
    assert answer.status_code == 429
    waits = re.findall(r"vuelve a intentarlo dentro de (\d+) (segundos?)\.", answer.get_data(as_text=True))
    assert waits and waits[0][1] == ("segundo" if waits[0][0] == "1" else "segundos")


def test_a_language_the_station_has_no_catalog_for_gets_the_station_s_own(station: Station) -> None:
    client = signed_in(station.app())
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr-FR,fr;q=0.9"
    page = client.get("/station").get_data(as_text=True)
    assert '<html lang="en">' in page and "The station now" in page


def test_on_a_spanish_station_a_browser_without_a_language_we_speak_reads_spanish(station: Station,
                                                                                  station_in_spanish) -> None:
    client = signed_in(station.app())
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr-FR"
    assert "La estación ahora" in client.get("/station").get_data(as_text=True)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en-GB,en;q=0.8"
    assert "The station now" in client.get("/station").get_data(as_text=True)


# --- no words outside the layer -----------------------------------------------------------------

BRAND = ("Math Card Station", "CSV")  # the product's name and signs, the same in every language


def _loose_words(template: str) -> list[str]:
    """Text a reader sees in a template that does not go through ``_``/``ngettext``."""
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", template, flags=re.S)
    attributes = re.findall(r'\b(?:alt|title|aria-label|placeholder)="([^"]*)"', text)
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", "\n", text)
    pieces = [piece.strip() for piece in text.splitlines()] + [a for a in attributes if "{{" not in a]
    return [p for p in pieces if re.search(r"[A-Za-z]", re.sub("|".join(map(re.escape, BRAND)), "", p))]


def test_a_planted_word_is_found() -> None:
    assert _loose_words('<p class="note">{{ _("Saved.") }} Press here</p><img alt="The table">') == \
        ["Press here", "The table"]
    assert _loose_words("<b>{{ name }}</b> {% if x %}{{ _('Add') }}{% endif %}") == []


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("*.html")))
def test_every_word_of_the_page_s_templates_goes_through_the_translation_layer(template: str) -> None:
    assert _loose_words((TEMPLATES / template).read_text(encoding="utf-8")) == []


def test_a_name_put_into_a_translated_sentence_is_escaped_in_every_language(spanish, station: Station) -> None:  # type: ignore[no-untyped-def]
    station.roster.add('<i>Zo</i>"x')
    for language, label in (("es", "Nuevo nombre para"), ("en", "New name for")):
        spanish.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        page = spanish.get("/roster").get_data(as_text=True)
        assert "<i>Zo</i>" not in page and f'aria-label="{label} &lt;i&gt;Zo&lt;/i&gt;&#34;x"' in page


def test_the_chart_counts_one_game_in_the_singular_in_spanish(spanish) -> None:  # type: ignore[no-untyped-def]
    """A screen reader reads each bar: 'Dev: 1 partida jugada', not 'Dev: 1 jugadas'."""
    history = spanish.get("/history").get_data(as_text=True)
    assert "Dev: 1 partida jugada" in history and "Ana: 2 partidas jugadas" in history
    assert not re.search(r": 1 (jugadas|ganadas)\b", history)
