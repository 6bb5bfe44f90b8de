"""Who may use the teacher's page, through Flask's test client: wrong PINs are limited per device on
every path that takes one (form, header, any page), with a wait that grows; a stranger cannot lock
the teacher out; a browser holds a session of its own (never the PIN) that expires and can be ended
everywhere; forms from another site change nothing; the PIN form never sends the browser off the
station; every page carries a strict Content-Security-Policy. Real roster, journal and config files;
only the wall clock is moved by hand."""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

import pytest

from station.games import plugins
from station.web.app import HEADER
from web_helpers import (CONFIG, PIN, Station, at, form_token, holding, journal_template,  # noqa: F401
                         session_cookie, sign_in, signed_in, station)

flask = pytest.importorskip("flask")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The wall clock, moved by the test (limits' windows and the sessions' expiry both read time.time)."""
    now = [time.time()]   # starts at the real time: Werkzeug 2.2's cookie jar dates a cookie's expiry by the real one
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


def wrong(n: int) -> str:
    return f"{(int(PIN) + 1 + n) % 10 ** 6:06d}"


# ---- guessing the PIN ------------------------------------------------------------------------

def test_wrong_pins_in_the_header_are_limited_per_device_and_the_wait_grows(station: Station, clock) -> None:
    app = station.app()
    guesser = at(app, "192.168.1.66")
    for n in range(5):
        assert guesser.get("/roster", headers={HEADER: wrong(n)}).status_code == 401
    refused = guesser.get("/roster", headers={HEADER: PIN})          # even the right PIN waits now
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "Ana" not in page
    assert "Too many wrong PINs from this device: try again in 60 seconds" in page
    assert refused.headers["Retry-After"] == "60"
    assert at(app, "192.168.1.20").get("/roster", headers={HEADER: PIN}).status_code == 200   # another device
    clock[0] += 61
    for n in range(5, 10):
        assert guesser.get("/roster", headers={HEADER: wrong(n)}).status_code == 401
    longer = guesser.get("/roster", headers={HEADER: PIN})         # 10 in a quarter of an hour: a longer wait
    assert longer.status_code == 429 and "try again in 14 minutes" in longer.get_data(as_text=True)
    clock[0] += 14 * 60
    assert guesser.get("/roster", headers={HEADER: PIN}).status_code == 200


def test_guesses_on_every_path_count_together(station: Station, clock) -> None:
    guesser = at(station.app(), "192.168.1.66")
    assert guesser.get("/no-such-page", headers={HEADER: wrong(0)}).status_code == 401
    assert guesser.get("/history.csv", headers={HEADER: wrong(1)}).status_code == 401
    assert guesser.post("/roster/add", data={"name": "M"}, headers={HEADER: wrong(2)}).status_code == 401
    assert sign_in(guesser, wrong(3)).status_code == 401
    assert sign_in(guesser, wrong(4)).status_code == 401
    assert sign_in(guesser, PIN).status_code == 429
    assert guesser.get("/no-such-page", headers={HEADER: PIN}).status_code == 429   # no oracle on unknown pages
    assert station.roster.names() == ["Ana", "Ben", "Cleo"]


def test_a_stranger_cannot_lock_the_teacher_out(station: Station, clock) -> None:
    app = station.app()
    teacher = signed_in(app, "192.168.1.20")
    stranger = at(app, "192.168.1.66")
    for n in range(40):
        sign_in(stranger, wrong(n))
        stranger.get("/station", headers={HEADER: wrong(n)})
    assert sign_in(stranger, PIN).status_code == 429
    assert "Cleo" in teacher.get("/roster").get_data(as_text=True)            # the signed-in browser goes on
    assert sign_in(at(app, "192.168.1.21"), PIN).status_code == 302           # and so does a new device
    script = at(app, "192.168.1.20")                                          # wrong PINs from the teacher's
    for n in range(10):                                                       # own address, without the session
        script.get("/roster", headers={HEADER: wrong(n)})
    assert teacher.get("/roster").status_code == 200                          # never lock the session out


def test_a_right_pin_forgets_the_devices_earlier_typos(station: Station, clock) -> None:
    app = station.app()
    teacher = at(app)
    for n in range(4):
        assert sign_in(teacher, wrong(n)).status_code == 401
    assert sign_in(teacher, PIN).status_code == 302
    other = at(app)                                          # same device, another browser
    for n in range(4):
        assert sign_in(other, wrong(n)).status_code == 401
    assert sign_in(other, PIN).status_code == 302


# ---- sessions --------------------------------------------------------------------------------

def test_the_browser_keeps_a_session_of_its_own_never_the_pin(station: Station, clock) -> None:
    app = station.app()
    answer = sign_in(at(app))
    assert answer.status_code == 302
    name, value = session_cookie(answer)
    assert value != PIN and PIN not in json.dumps(app.session_interface.get_signing_serializer(app).loads(value))
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    old = holding(app, ("mathstation-pin", PIN))           # what the page used to give a browser: the PIN itself
    refused = old.get("/roster")
    assert refused.status_code == 401
    assert any(c.startswith("mathstation-pin=;") for c in refused.headers.getlist("Set-Cookie"))   # and deletes it
    assert holding(app, (name, value)).get("/roster").status_code == 200   # the session opens the pages


def test_sign_out_everywhere_ends_every_browsers_session(station: Station, clock) -> None:
    app = station.app()
    laptop, phone = at(app, "192.168.1.20"), at(app, "192.168.1.21")
    cookie = session_cookie(sign_in(laptop))
    assert sign_in(phone).status_code == 302
    token = form_token(phone.get("/station").get_data(as_text=True))
    assert phone.post("/signout-everywhere", data={"csrf_token": token}).status_code == 302
    assert laptop.get("/roster").status_code == 401 and phone.get("/roster").status_code == 401
    assert holding(app, cookie).get("/roster").status_code == 401          # a copied cookie is ended too
    assert sign_in(laptop).status_code == 302 and laptop.get("/roster").status_code == 200


def test_sign_out_ends_this_browsers_session_only(station: Station, clock) -> None:
    app = station.app()
    laptop, phone = signed_in(app, "192.168.1.20"), signed_in(app, "192.168.1.21")
    assert phone.post("/signout").status_code == 302
    assert phone.get("/roster").status_code == 401 and laptop.get("/roster").status_code == 200


def test_a_session_expires_after_30_days_and_outlives_a_restart_but_not_a_new_pin(station: Station, clock) -> None:
    cookie = session_cookie(sign_in(at(station.app())))
    clock[0] += 29 * 24 * 3600
    assert holding(station.app(), cookie).get("/roster").status_code == 200              # the station restarted
    assert holding(station.app(pin="271828"), cookie).get("/roster").status_code == 401  # a new PIN: all end
    assert holding(station.app(), cookie).get("/roster").status_code == 401              # and stay ended
    cookie = session_cookie(sign_in(at(station.app())))
    clock[0] += 30 * 24 * 3600 + 1
    assert holding(station.app(), cookie).get("/roster").status_code == 401


def test_the_sessions_file_is_the_stations_own(station: Station, clock) -> None:
    sign_in(at(station.app()))
    kept = station.folder / "web-sessions.json"
    assert kept.stat().st_mode & 0o777 == 0o600 and (station.folder / "web-secret").stat().st_mode & 0o777 == 0o600
    assert PIN not in kept.read_text()


# ---- forms from elsewhere --------------------------------------------------------------------

def test_a_form_posted_from_another_site_changes_nothing(station: Station, clock) -> None:
    app = station.app()
    teacher = at(app)
    sign_in(teacher)
    token = form_token(teacher.get("/roster").get_data(as_text=True))
    assert token
    elsewhere = teacher.post("/roster/add", data={"name": "Mallory", "csrf_token": token},
                             headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403
    assert "another site" in elsewhere.get_data(as_text=True)
    assert teacher.post("/roster/add", data={"name": "Mallory", "csrf_token": token},
                        headers={"Referer": "http://evil.example/page.html"}).status_code == 403
    untokened = teacher.post("/roster/add", data={"name": "Mallory"})
    assert untokened.status_code == 400 and "reload the page" in untokened.get_data(as_text=True)
    assert teacher.post("/station/settings", data={"display.contrast": "9"}).status_code == 400
    assert teacher.post("/signout-everywhere").status_code == 400
    assert station.roster.names() == ["Ana", "Ben", "Cleo"]
    assert station.config_path.read_text(encoding="utf-8") == CONFIG
    assert teacher.get("/roster").status_code == 200
    same_site = teacher.post("/roster/add", data={"name": "Zoë", "csrf_token": token},
                             headers={"Origin": "http://localhost"})
    assert same_site.status_code == 302 and "Zoë" in station.roster.names()


def test_another_sites_page_cannot_try_pins_in_the_teachers_browser(station: Station, clock) -> None:
    browser = at(station.app())
    for n in range(10):
        answer = browser.post("/unlock", data={"pin": wrong(n)}, headers={"Origin": "http://evil.example"})
        assert answer.status_code == 403
    assert browser.post("/unlock", data={"pin": PIN}).status_code == 400       # no token: no try at all
    assert sign_in(browser).status_code == 302                                 # none of those counted


def test_every_form_of_every_page_carries_the_token(station: Station, clock) -> None:
    teacher = signed_in(station.app())
    for path in ("/roster", "/station", "/history", "/station/check"):
        page = teacher.get(path).get_data(as_text=True)
        for form in re.findall(r"<form[^>]*method=\"post\".*?</form>", page, flags=re.S):
            assert form_token(form), (path, form[:80])
    assert form_token(at(station.app(), "192.168.1.30").get("/").get_data(as_text=True))   # the PIN form too


@pytest.mark.parametrize("elsewhere", ["https://elsewhere.example/", "//elsewhere.example/x", "/\\elsewhere.example",
                                       "http:elsewhere.example", "/\t/elsewhere.example", "javascript:alert(1)"])
def test_the_pin_form_never_sends_the_browser_off_the_station(station: Station, clock, elsewhere: str) -> None:
    answer = sign_in(at(station.app()), next_path=elsewhere)
    assert answer.status_code == 302
    location = answer.headers["Location"]
    assert "elsewhere" not in location and "javascript" not in location and urlsplit(location).path == "/station"


def test_the_pin_form_returns_to_the_page_asked_for(station: Station, clock) -> None:
    answer = sign_in(at(station.app()), next_path="/history?child=Ana")
    assert answer.headers["Location"].endswith("/history?child=Ana")


# ---- what the browser may run ----------------------------------------------------------------

def test_every_page_has_a_strict_content_security_policy(station: Station, clock) -> None:
    app = station.app()
    teacher = signed_in(app)
    answers = [teacher.get(p) for p in ("/station", "/roster", "/history", "/station/check")]
    answers.append(at(app, "192.168.1.30").get("/roster"))                 # the PIN form
    nonces = set()
    for answer in answers:
        policy = dict(d.strip().split(" ", 1) for d in answer.headers["Content-Security-Policy"].split(";"))
        assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
        assert policy["form-action"] == "'self'" and policy["connect-src"] == "'self'"
        assert "unsafe" not in answer.headers["Content-Security-Policy"]
        nonce = re.fullmatch(r"'nonce-([A-Za-z0-9_-]+)'", policy["script-src"]).group(1)
        assert policy["style-src"] == f"'nonce-{nonce}'"
        nonces.add(nonce)
        page = answer.get_data(as_text=True)
        for tag in re.findall(r"<(?:script|style)\b[^>]*>", page):
            assert f'nonce="{nonce}"' in tag
        assert not re.search(r"\son[a-z]+=|\sstyle=", page)                # no inline handlers or style attributes
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["X-Frame-Options"] == "DENY"
        assert answer.headers["Referrer-Policy"] == "same-origin"
    assert len(nonces) == len(answers)                                       # a new nonce for every page


def test_the_station_keeps_the_pages_sessions_in_its_state_folder(station: Station) -> None:
    from station.web.server import WebServer

    (station.folder / "web-pin").write_text(PIN + "\n")
    web = WebServer(bind="127.0.0.1", port=0, state_dir=station.folder, roster=station.roster,
                    journal_file=station.journal_file, config_path=station.config_path, board=station.board,
                    games=plugins())
    web.start()
    try:
        assert sign_in(at(web.app)).status_code == 302
    finally:
        web.stop()
    assert len(json.loads((station.folder / "web-sessions.json").read_text())["sessions"]) == 1
