"""The teacher's page through Flask's test client: the PIN guards every page (who may use it, in
detail: tests/test_web_auth.py); the roster, the
history (filters, per-child figures, chart, CSV, honest dates), the live game and the settings
(the file's checks, written whole). Real journal, roster and config files."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import stat
from pathlib import Path

import pytest

from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.store import Journal
from station.web.app import HEADER
from web_helpers import CONFIG, PIN, Station, holding, journal_template, sign_in, signed_in, station  # noqa: F401

flask = pytest.importorskip("flask")


@pytest.fixture
def client(station: Station):
    """A browser that has typed the PIN (and sends its page's token with each form)."""
    return signed_in(station.app())


ROUTES = [("get", "/"), ("get", "/roster"), ("get", "/history"), ("get", "/history.csv"), ("get", "/station"),
          ("get", "/station/live.json"), ("get", "/station/events"), ("get", "/station/snapshot.jpg"),
          ("post", "/roster/add"), ("post", "/roster/rename"), ("post", "/roster/remove"), ("post", "/roster/import"),
          ("post", "/station/settings"), ("get", "/no-such-page")]


@pytest.mark.parametrize(("method", "route"), ROUTES)
@pytest.mark.parametrize("given", [None, "header", "pin-cookie", "forged-session"])
def test_every_request_without_the_pin_is_refused_and_shows_nothing(station: Station, method: str, route: str,
                                                                    given: str | None) -> None:
    app = station.app()
    c = {"pin-cookie": lambda: holding(app, ("mathstation-pin", PIN)),
         "forged-session": lambda: holding(app, ("mathstation-session", '{"sid": "x"}'))}.get(given, app.test_client)()
    headers = {HEADER: "000000"} if given == "header" else {}
    answer = getattr(c, method)(route, data={"name": "Mallory", "old": "Ana", "new": "X", "station.game": "sum"},
                                headers=headers)
    assert answer.status_code == 401
    page = answer.get_data(as_text=True)
    assert "Enter the station's PIN" in page and "Ana" not in page and "Ben" not in page
    assert station.roster.names() == ["Ana", "Ben", "Cleo"]
    assert station.config_path.read_text(encoding="utf-8") == CONFIG


@pytest.mark.parametrize("near", [PIN[:-1], PIN + "0", "", " " + PIN])
def test_a_pin_that_is_nearly_right_is_refused(station: Station, near: str) -> None:
    assert station.app().test_client().get("/roster", headers={HEADER: near}).status_code == 401


def test_the_right_pin_opens_every_page_by_form_or_header(station: Station) -> None:
    c = station.app().test_client()
    opened = sign_in(c, next_path="/roster")
    assert opened.status_code == 302 and opened.headers["Location"].endswith("/roster")
    assert "SameSite=Strict" in opened.headers["Set-Cookie"] and "HttpOnly" in opened.headers["Set-Cookie"]
    assert "Cleo" in c.get("/roster").get_data(as_text=True)
    plain = station.app().test_client()
    assert plain.get("/history", headers={HEADER: PIN}).status_code == 200
    assert plain.post("/roster/add", data={"name": "Dev"}, headers={HEADER: PIN}).status_code == 302  # a script
    assert "Dev" in station.roster.names()


def test_the_roster_is_edited_and_imported_with_a_reason_for_each_bad_row(client, station: Station) -> None:
    page = client.post("/roster/add", data={"name": "  Zoë "}, follow_redirects=True).get_data(as_text=True)
    assert "Zoë added." in page
    page = client.post("/roster/add", data={"name": "ana"}, follow_redirects=True).get_data(as_text=True)
    assert "ana is already on the list (as Ana)" in page
    client.post("/roster/rename", data={"old": "Ben", "new": "Ben O."})
    client.post("/roster/remove", data={"name": "Cleo"})
    assert station.roster.names() == ["Ana", "Ben O.", "Zoë"]
    data = {"file": (io.BytesIO("Name,Age\nDev,8\n,9\nEli,7\nAna,8\n".encode()), "class.csv")}
    page = client.post("/roster/import", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert "2 names added; 2 rows left out (see below)." in page
    assert "row 3: a name cannot be empty" in page and "row 5: Ana is already on the list" in page
    assert station.roster.names() == ["Ana", "Ben O.", "Dev", "Eli", "Zoë"]
    page = client.post("/roster/import", data={"file": (io.BytesIO(b"\x00\x01PK"), "x.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True).get_data(as_text=True)
    assert "this is not a CSV file" in page


def test_history_shows_every_game_per_child_figures_a_chart_and_honest_dates(client) -> None:
    page = client.get("/history").get_data(as_text=True)
    for title in ("Math Wars Meta", "SUM", "Who&#39;s Counting?"):
        assert title in page
    assert "2026-03-02 09:00" in page and "date unknown" in page and "2001-01-01" not in page
    assert "<svg" in page and "Games played and won by each child" in page
    assert "Ana: 2 played" in page and "Dev: 1 played" in page
    assert "VICTORY! cards" in page and "equations" in page and "best expression" in page
    games = page.split('id="games"')[1]                          # each game's own measures in its row
    assert re.search(r"<td>hands Ana \d+ Ben \d+, rounds \d+</td>", games)
    assert re.search(r"<td>equations Ana \d+ Ben \d+ Cleo \d+(, won by (most cards|an empty hand))?</td>", games)


def test_history_says_which_game_lost_actions_to_damage_in_the_journal(client, station: Station) -> None:
    """One action row damaged (a card's digit changed): the page lists every game and names the
    damage, before the station has set the damaged actions aside and after."""
    db = sqlite3.connect(station.journal_file)
    db.execute("UPDATE actions SET action = replace(action, '-N', '-X') WHERE game_id = 1 AND seq = 3")
    db.commit()
    db.close()
    page = client.get("/history").get_data(as_text=True)
    assert "The game journal is damaged (game 1&#39;s action 3 is not what was written)" in page
    rows = page.split('id="games"')[1].split("<tr>")[1:]
    assert len(rows) == 4 and "actions set aside after action 2: the journal was damaged there" in rows[-1]
    Journal(station.journal_file).close()   # the station starts: the damaged actions go aside
    page = client.get("/history").get_data(as_text=True)
    assert "The game journal is damaged" not in page
    rows = page.split('id="games"')[1].split("<tr>")[1:]
    assert len(rows) == 4 and "actions set aside after action 2: the journal was damaged there" in rows[-1]


def test_history_filters_by_child_game_and_date(client) -> None:
    only_cleo = client.get("/history?child=Cleo").get_data(as_text=True)
    assert "Cleo: 2 played" in only_cleo and "Math Wars Meta</td>" not in only_cleo
    sums = client.get("/history?game=sum").get_data(as_text=True)
    assert "SUM</td>" in sums and "Math Wars Meta</td>" not in sums
    dated = client.get("/history?from=2026-03-01&to=2026-03-31").get_data(as_text=True)
    assert "Dev" not in dated.split("Each child")[1]
    assert "1 game with an unknown date" in dated
    bad = client.get("/history?from=March").get_data(as_text=True)
    assert "&#39;March&#39; is not a date like 2026-03-14" in bad


def test_the_csv_download_has_every_game_and_says_date_unknown(client) -> None:
    answer = client.get("/history.csv")
    assert answer.mimetype == "text/csv" and "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [r["game"] for r in rows] == ["Who's Counting?", "SUM", "Math Wars Meta"]
    assert rows[0]["started"] == "date unknown" and rows[2]["started"] == "2026-03-02 09:00:00"
    assert [r["game"] for r in csv.DictReader(io.StringIO(client.get("/history.csv?child=Dev").get_data(as_text=True)))] \
        == ["Who's Counting?"]


def test_the_live_game_follows_the_referee(client, station: Station, tmp_path: Path) -> None:
    assert client.get("/station/live.json").get_json()["game"] == ""
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "live.sqlite3"), games=plugins(), seed=lambda: 7,
                      log_event=lambda record: station.board.record(record, referee.game))
    referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    station.board.publish(referee)
    live = client.get("/station/live.json").get_json()
    assert live["title"] == "Math Wars Meta" and [p["name"] for p in live["players"]] == ["Ana", "Ben"]
    referee.apply({"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21"})
    station.board.publish(referee)
    later = client.get("/station/live.json").get_json()
    assert later["version"] > live["version"] and any("Ana" in line for line in later["verdicts"])
    stream = client.get("/station/events")
    first = next(iter(stream.response)).decode()
    stream.close()
    assert first.startswith("data: ") and json.loads(first[6:])["version"] == later["version"]
    page = client.get("/station").get_data(as_text=True)
    assert "Math Wars Meta" in page and "EventSource" in page


def test_settings_are_checked_like_the_file_and_written_whole(client, station: Station) -> None:
    page = client.post("/station/settings", data={"display.contrast": "300"}, follow_redirects=True).get_data(as_text=True)
    assert "Not saved: station.toml: [display] contrast: must be a whole number from 0 to 255, not 300" in page
    assert station.config_path.read_text(encoding="utf-8") == CONFIG
    page = client.post("/station/settings", data={"display.contrast": "12x"}, follow_redirects=True).get_data(as_text=True)
    assert "not &#39;12x&#39;" in page
    page = client.post("/station/settings", data={"display.contrast": "90", "station.game": "sum", "sum.players": "4"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Saved." in page
    text = station.config_path.read_text(encoding="utf-8")
    assert "# the teacher's own comment stays" in text and 'game = "sum"   # the game the menu offers first' in text
    config = load_config(station.config_path, plugins())
    assert config["display"]["contrast"] == 90 and config["station"]["game"] == "sum" and config["sum"]["players"] == 4
    assert not [p for p in station.folder.iterdir() if p.name.endswith(".tmp")]


def test_a_saved_config_stays_readable_by_everyone_who_could_read_it(client, station: Station) -> None:
    """The service writes with umask 0077: a new file renamed over the old one was left readable by
    the service alone, and `mathstation selftest` run by the teacher could no longer read it."""
    station.config_path.chmod(0o644)
    before = os.umask(0o077)
    try:
        page = client.post("/station/settings", data={"display.contrast": "90"}, follow_redirects=True)
    finally:
        os.umask(before)
    assert "Saved." in page.get_data(as_text=True)
    assert stat.S_IMODE(station.config_path.stat().st_mode) == 0o644


def test_the_speaker_s_volume_beeps_only_and_off_are_settings_a_teacher_reads(client, station: Station) -> None:
    page = client.get("/station").get_data(as_text=True)
    for label in ("Speaker: volume (percent)", "Speaker: beeps only, no spoken words",
                  "Speaker: off (the buzzer still beeps)"):
        assert label in page, label
    assert re.search(r'<input id="sound.volume" name="sound.volume" value="80">', page)
    assert re.search(r'<input type="checkbox" id="sound.quiet" name="sound.quiet" value="true" >', page)  # not ticked
    page = client.post("/station/settings", data={"sound.volume": "140", "sound.quiet": "true"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Not saved: station.toml: [sound] volume: must be a whole number from 0 to 100, not 140" in page
    assert station.config_path.read_text(encoding="utf-8") == CONFIG
    page = client.post("/station/settings", data={"sound.volume": "40", "sound.quiet": "true"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Saved." in page and 'name="sound.quiet" value="true" checked>' in page and 'value="40">' in page
    sound = load_config(station.config_path, plugins())["sound"]
    assert (sound["volume"], sound["quiet"], sound["muted"]) == (40, True, False)
    assert "# the teacher's own comment stays" in station.config_path.read_text(encoding="utf-8")


def test_the_page_shows_the_sound_setup_chose_on_the_station(client, station: Station) -> None:
    """Setup's Sound and Volume rows write the same file the same way (station.speaker_memory):
    the page shows what the station plays."""
    from station.speaker_memory import SpeakerMemory
    from station.ui.setup import Speaker

    config = load_config(station.config_path, plugins()).with_overrides({"station": {"state_dir": str(station.folder)}})
    SpeakerMemory(config).keep(Speaker("off", 60))
    page = client.get("/station").get_data(as_text=True)
    assert 'name="sound.muted" value="true" checked>' in page and 'name="sound.volume" value="60">' in page
    assert 'name="sound.quiet" value="true" >' in page  # off keeps quiet as it was, for when it is on again


def test_the_oled_menu_shows_the_page_and_its_pin_when_it_is_on(tmp_path: Path) -> None:
    from station.ui.views import MenuView, VerdictView

    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "j.sqlite3"), games=plugins())
    games = len(referee.screen(0.0).items)
    referee.controller.teacher_page = lambda: VerdictView("info", "Teacher page", f"192.168.1.20:8080 PIN {PIN}")
    menu = referee.screen(0.0)
    assert isinstance(menu, MenuView) and menu.items[-1] == "Teacher page" and len(menu.items) == games + 1
    for _ in range(games - referee.controller.menu_index):
        referee.press(Press("select"), 0.0)
    referee.press(Press("confirm"), 0.0)
    shown = referee.screen(0.1)
    assert isinstance(shown, VerdictView) and PIN in shown.detail
    referee.press(Press("back"), 0.2)
    assert isinstance(referee.screen(0.3), MenuView)


def test_a_note_reads_as_two_sentences_on_the_page_and_no_game_shows_no_empty_scores(client, station: Station,
                                                                                       tmp_path: Path) -> None:
    """"Wrong mat. Print this game's mat." — never "Wrong mat Print this game's mat"; and with no game
    running the page says so, with no "Scores:" left empty."""
    page = client.get("/station").get_data(as_text=True)
    assert "No game being played" in page and '<p id="live-scores-line" hidden>' in page  # no "Scores:" shown
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "live.sqlite3"), games=plugins(), seed=lambda: 7)
    station.board.record({"type": "note", "title": "Wrong mat", "detail": "Print this game's mat"}, None)
    station.board.record({"type": "note", "title": "Too late!", "detail": "The round is over"}, None)
    station.board.publish(referee)
    assert client.get("/station/live.json").get_json()["verdicts"] == ["Wrong mat. Print this game's mat.",
                                                                        "Too late! The round is over."]
    referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    station.board.publish(referee)
    page = client.get("/station").get_data(as_text=True)
    assert re.search(r'<p id="live-scores-line">Scores: <span id="live-scores">Ana 0, Ben 0</span></p>', page)


def test_a_file_too_big_to_import_says_so_in_the_page_s_words_and_changes_nothing(client, station: Station) -> None:
    """A school's whole export chosen instead of the class list: the answer says what to do, in the
    page's own look (it was Werkzeug's bare 'Request Entity Too Large' page)."""
    before = station.roster.names()
    big = b"Name\n" + b"Someone\n" * (1 << 18)      # 2 MiB
    answer = client.post("/roster/import", data={"file": (io.BytesIO(big), "school.csv")},
                         content_type="multipart/form-data")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 413
    assert "Nothing was changed: that file is too big" in page and "Request Entity Too Large" not in page
    assert 'id="refused"' in page and station.roster.names() == before
