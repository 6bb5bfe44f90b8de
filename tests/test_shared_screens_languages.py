"""The shared screens (menu, setup, questions, pause, faults, notes, winners, time up, the station's
address) in every language the station speaks, whole and with every glyph; and the setup's
Language row: a game in the language chosen for it, the menu in the station's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from screen_helpers import unreadable_in_every_language
from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press, ScriptedButtons
from station.hardware.display import open_display
from station.hardware.signals import open_signals
from station.i18n import set_language
from station.mainloop import Station, camera_lost
from station.network import Address, Page, address_view, teacher_page_view
from station.paths import journal_path
from station.referee import Referee, journal_failing, journal_reset, set_aside_note
from station.store import Journal
from station.table.adapter import Note, foreign_note, problem_note
from station.ui import rounds, winners
from station.ui.controller import paused_view
from station.ui.setup import Speaker
from station.ui.views import LiveView, MenuView, SetupView, VerdictView, View

SELECT, CONFIRM, BACK = Press("select"), Press("confirm"), Press("back")
LONG_BACK = Press("back", long=True)
ROSTER = ("Ángel", "Begoña", "Maximiliano")


def referee(tmp_path, roster: tuple[str, ...] = ()) -> Referee:
    ref = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 7,
                  roster=lambda: roster, address=lambda: address_view([Address("wlan0", "192.168.1.20")], None))
    ref.controller.teacher_page = lambda: teacher_page_view([Address("wlan0", "192.168.100.200")],
                                                           Page("0.0.0.0", 8080), "123456")
    ref.controller.speaker = Speaker()
    return ref


def note(made: Note) -> VerdictView:
    """A note as the controller shows it."""
    return VerdictView("info", *made.words())


def many(made: Note, count: int = 5) -> VerdictView:
    for _n in range(count - 1):
        made = made.merged(made)
    return note(made)


SCREENS: dict[str, Callable[[], View]] = {
    "paused": paused_view,
    "camera lost": camera_lost,
    "journal failing": journal_failing,
    "journal reset": lambda: note(journal_reset()),
    "one play set aside": lambda: note(set_aside_note(1)),
    "plays set aside": lambda: note(set_aside_note(12)),
    "unknown code": lambda: note(foreign_note("https://ex.org/a")),
    "unknown codes": lambda: many(foreign_note("https://ex.org/a")),
    "unknown card": lambda: many(foreign_note("MW1:Z:99", "UnknownCard")),
    "newer card": lambda: note(foreign_note("MW9:A:1", "UnknownVersion")),
    "other game": lambda: many(foreign_note("XX1:A:1", "UnknownGame")),
    "no mat": lambda: note(problem_note("no_mat")),
    "wrong mat": lambda: note(problem_note("wrong_mat")),
    "a winner": lambda: winners.banner("SUM", ["Maximiliano"], "12", "CONFIRM"),
    "a tie of two": lambda: winners.banner("SUM", ["Ángel", "Begoña"], "12", "CONFIRM"),
    "a tie of four": lambda: winners.banner("SUM", ["Ana", "Ben", "Cleo", "Dani"], "12", "CONFIRM"),
    "the winner's headline": lambda: LiveView("SUM", "04:37", winners.headline(["Maximiliano"]), ()),
    "a tie's headline": lambda: LiveView("SUM", "04:37", winners.headline(["Ana", "Ben"]), ()),
    "time is up": lambda: rounds.time_up(4.0).view,
    "teacher page": lambda: teacher_page_view([Address("wlan0", "192.168.100.200")], Page("0.0.0.0", 8080), "123456"),
    "teacher page, this station only": lambda: address_view([], Page("127.0.0.1", 8080)),
    "teacher page at one address": lambda: address_view([], Page("192.168.1.20", 8080)),
    "no network": lambda: address_view([], None),
    "teacher page off": lambda: address_view([Address("wlan0", "192.168.1.20")], None),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_each_shared_screen_reads_whole_in_every_language(name: str) -> None:
    assert unreadable_in_every_language(SCREENS[name]) == {}


def test_the_menu_and_its_questions_read_whole_in_every_language(tmp_path) -> None:
    ref = referee(tmp_path)

    def menu_at(item: int) -> View:
        ref.controller.menu_index = item
        return ref.screen(0.0)

    items = len(menu_at(0).items)
    for item in range(items):   # the games, then Station address and Teacher page, each selected
        assert unreadable_in_every_language(lambda: menu_at(item)) == {}
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)

    def question(*presses: Press) -> View:
        ref.controller.question = None
        for p in presses:
            ref.press(p, 0.0)
        return ref.screen(0.0)

    for presses in [(LONG_BACK,), (LONG_BACK, SELECT), (Press("spare", long=True),), (Press("spare", long=True), SELECT)]:
        assert unreadable_in_every_language(lambda: question(*presses)) == {}


def setup_rows() -> list[tuple[str, int]]:
    return [(name, row) for name, game in plugins().items()
            for row in range(len(game.setup_options({})) + len(ROSTER) + 4)]  # seats, Language, Sound, Volume, Start


@pytest.mark.parametrize("game, row", setup_rows())
def test_every_game_s_setup_with_the_station_s_rows_reads_whole_in_every_language(tmp_path, game: str, row: int) -> None:
    ref = referee(tmp_path, ROSTER)
    ref.controller.menu_index = list(plugins()).index(game)

    def setup() -> View:   # opened in the language of now: its rows are made as it opens
        ref.controller.screen = "menu"
        ref.press(CONFIRM, 0.0)
        for _n in range(row):
            ref.press(SELECT, 0.0)
        return ref.screen(0.0)

    view = setup()
    assert isinstance(view, SetupView)
    if row < len(view.rows):
        assert unreadable_in_every_language(setup) == {}


# ---- the Language row ---------------------------------------------------------------------------


def open_setup(ref: Referee) -> SetupView:
    ref.controller.screen = "menu"
    ref.press(CONFIRM, 0.0)
    view = ref.screen(0.0)
    assert isinstance(view, SetupView)
    return view


def to_row(ref: Referee, label: str) -> None:
    for _n in range(len(ref.screen(0.0).rows)):
        if ref.screen(0.0).rows[ref.screen(0.0).selected][0] == label:
            return
        ref.press(SELECT, 0.0)
    raise AssertionError(f"no row {label!r} in {ref.screen(0.0).rows}")


def test_the_language_row_starts_at_the_station_s_language_each_named_in_its_own(tmp_path) -> None:
    ref = referee(tmp_path)
    assert ("Language", "English") in open_setup(ref).rows
    set_language("es")
    try:
        rows = open_setup(ref).rows
    finally:
        set_language("en")
    assert ("Idioma", "Español") in rows and ("Empezar", "") == rows[-1]
    open_setup(ref)
    to_row(ref, "Language")
    ref.press(CONFIRM, 0.0)
    assert ("Language", "Español") in ref.screen(0.0).rows   # a Spanish speaker finds their language in English


def test_a_game_set_up_in_spanish_shows_spanish_and_the_menu_after_it_the_station_s(tmp_path) -> None:
    ref = referee(tmp_path)
    open_setup(ref)
    to_row(ref, "Language")
    ref.press(CONFIRM, 0.0)                     # English -> Español
    to_row(ref, "Start")
    ref.press(CONFIRM, 0.0)
    assert ref.game is not None and ref.language == "es"
    ref.table_events([{"type": "placed", "card": "MW-A-N21", "x": 0.0, "y": 0.0, "angle": 0.0}], None, 1.0)
    assert (ref.screen(1.0).title, ref.screen(1.0).detail) == ("No veo el tapete", "Pon el tapete bajo la cámara")
    ref.press(BACK, 1.0)                        # the note goes
    ref.press(LONG_BACK, 1.0)
    question = ref.screen(1.0)
    assert isinstance(question, MenuView) and question.title == "¿Terminar el juego?"
    assert question.items == ("No, seguir", "Sí, terminar") and question.hint == "SELECT, luego CONFIRM"
    ref.press(SELECT, 1.0), ref.press(CONFIRM, 1.0)
    assert ref.game is None and ref.screen(1.0).title == "Choose a game"   # the station's language again
    assert ("Language", "Español") in open_setup(ref).rows                 # the game's last choice is kept


def test_a_game_started_in_english_on_a_spanish_station_stays_english(tmp_path) -> None:
    ref = referee(tmp_path)
    set_language("es")
    try:
        open_setup(ref)
        to_row(ref, "Idioma")
        ref.press(CONFIRM, 0.0)                 # Español -> English
        to_row(ref, "Empezar")
        ref.press(CONFIRM, 0.0)
        ref.press(LONG_BACK, 0.0)
        assert ref.screen(0.0).title == "End game?"
    finally:
        set_language("en")


def test_the_camera_lost_mid_game_is_said_in_the_game_s_language(tmp_path) -> None:
    from station.games.math_wars.demo import demo_scene
    from station.sim.virtual_camera import VirtualCamera
    from station.vision.decode import make_decoder

    config = load_config(None, plugins()).with_overrides({"station": {"state_dir": str(tmp_path)}})
    ref = Referee(config, Journal(journal_path(tmp_path)), games=plugins())
    camera = VirtualCamera(demo_scene(0), width=320, height=180)
    station = Station.from_config(config, ref, camera, open_display("none"), ScriptedButtons(), open_signals("none"),
                                  make_decoder())
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, language="es")
    camera.failed = True
    station.tick(1.0)
    assert station.last_view is not None and station.last_view.title == "Sin cámara"
    assert station.last_view.detail == "Revisa su cable"


def test_a_game_set_up_in_spanish_comes_back_in_spanish_after_a_restart(tmp_path) -> None:
    """The Language row's choice is the game's to its end: a power cut mid-game brought it back in
    the station's language (the journal keeps only the engine's config)."""
    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, language="es")
    ref.journal.close()
    again = referee(tmp_path)
    assert again.resume(10.0)
    assert again.language == "es"
    again.press(LONG_BACK, 10.0)
    assert again.screen(10.0).title == "¿Terminar el juego?"


def test_a_damaged_or_unshipped_game_language_brings_the_game_back_in_the_station_s(tmp_path) -> None:
    from station.game_language import LANGUAGE_NAME

    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0, language="es")
    ref.journal.close()
    kept = tmp_path / LANGUAGE_NAME
    for damaged in ('{"game": 1, "language": "fr"}', "{not json", ""):
        kept.write_text(damaged, encoding="utf-8")
        again = referee(tmp_path)
        assert again.resume(10.0) and again.language == "en"   # the game goes on, in the station's language
        again.journal.close()


def test_a_game_written_into_a_new_journal_after_damage_still_comes_back_in_its_language(tmp_path) -> None:
    """The journal found damaged mid-game starts afresh and writes the game in play into it, under
    a new number: the kept language must follow it (it named the old number, and a restart brought
    the Spanish game back in English)."""
    import sqlite3

    ref = referee(tmp_path)
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)   # game 1, ended: the next is game 2
    ref.end()
    ref.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 1.0, language="es")
    for n, (player, card) in enumerate([("Ana", "MW-A-N21"), ("Ben", "MW-B-N15")], start=2):
        ref.apply({"type": "play", "t": float(n), "player": player, "card": card, "source": "camera"})
    old_id = ref.game_id
    db = sqlite3.connect(tmp_path / "journal.sqlite3")
    db.execute(f"UPDATE actions SET action = 'garbled' WHERE game_id = {old_id} AND seq = 2")
    db.commit()
    db.close()
    ref.undo()   # reads the damaged action: the journal is kept aside, the game goes on in a new one
    assert ref.game_id != old_id
    ref.journal.close()
    again = referee(tmp_path)
    assert again.resume(10.0)
    assert again.language == "es"
