"""The teacher's page as a Flask app: Roster, History and Station, every request behind the PIN.

``create_app`` takes what the page may use and nothing else: the roster (its own SQLite file),
the journal's path (opened read-only per request), the config file's path (rewritten whole by
``settings_edit``), the ``Board`` the referee's loop publishes to and the state folder (where the
PIN's sessions and the cookies' signing key are kept). It never sees the referee.

Who may use it (docs/teacher.md says it for teachers):
- A browser types the PIN once into the form and gets a session of its own (``sessions``): a
  signed cookie (``HttpOnly``, ``SameSite=Strict``) holding a random id, never the PIN, good for
  30 days, ended by "Sign out", "Sign out everywhere" or a new PIN. Scripts send the PIN in the
  ``X-Station-PIN`` header with each request instead.
- Every PIN offered (form or header, on any path) passes the ``guard`` first: wrong PINs are
  counted per device with a wait that grows; a browser with a session is never held up.
- A state-changing request from a browser must come from the station's own page: its
  ``Origin`` (or ``Referer``) names the station, and it carries the form's token (Flask-WTF).
- Every answer carries a strict Content-Security-Policy: only the page's own inline script and
  styles, marked with a nonce made for that answer, may run.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from flask import Flask, Response, flash, g, redirect, render_template, request, session, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect

from engine.games import GAME_TITLES
from station import history_summary
from station.config import ConfigFileError, load_config, schema
from station.i18n import _
from station.roster import MAX_NAME, Roster, RosterError
from station.web import history, language, settings_edit
from station.web.board import Board
from station.web.guard import Guard, device_of, in_words
from station.web.pin import load_or_make_secret
from station.web.sessions import LIFETIME, SESSIONS_NAME, Sessions
from station.web.setup_check import SetupCheck
from station.web.snapshot import snapshot_jpeg

if TYPE_CHECKING:
    from station.game_plugin import StationGame
    from station.sim.live_table import LiveTable

COOKIE = "mathstation-session"
OLD_COOKIE = "mathstation-pin"   # held the PIN itself before sessions; deleted wherever a browser still sends it
HEADER = "X-Station-PIN"
KEEPALIVE_SECONDS = 15.0  # an SSE comment this often keeps proxies and browsers from closing the stream
MAX_UPLOAD = 1 << 20      # a class list's CSV is a few kilobytes
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
POLICY = ("default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; img-src 'self'; "
          "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin",
                    "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Resource-Policy": "same-origin"}


def create_app(*, pin: str, roster: Roster, journal_file: Path, config_path: Path | None, board: Board,
               games: Mapping[str, StationGame], state_dir: Path | None = None,
               keepalive: float = KEEPALIVE_SECONDS, live_table: LiveTable | None = None) -> Flask:
    """The page; without ``state_dir`` its sessions and signing key live in memory only (a restart ends them).
    ``games`` are the playable games' plug-ins, handed down by the daemon: the history's measures
    and the settings' game sections are theirs. ``live_table``: the virtual table the station
    reads, played on ``/table`` (no such page without it)."""
    app = Flask(__name__)
    language.install(app)  # first: every answer, the PIN form too, is in the browser's language
    secret = load_or_make_secret(state_dir) if state_dir is not None else secrets.token_bytes(32)
    app.secret_key = secret
    app.config.update(MAX_CONTENT_LENGTH=MAX_UPLOAD, SESSION_COOKIE_NAME=COOKIE, SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_SAMESITE="Strict", PERMANENT_SESSION_LIFETIME=int(LIFETIME),
                      WTF_CSRF_CHECK_DEFAULT=False,   # checked below, for requests a browser's session makes
                      WTF_CSRF_TIME_LIMIT=None)       # a token lasts as long as its session (a page left open all day)
    csrf = CSRFProtect(app)
    guard = Guard()
    sessions = Sessions(state_dir / SESSIONS_NAME if state_dir is not None else None, pin=pin, secret=secret)

    def right_pin(given: str) -> bool:
        return hmac.compare_digest(given.encode(), pin.encode())

    def has_session() -> bool:
        session_id = session.get("sid")
        if isinstance(session_id, str) and sessions.valid(session_id):
            return True
        session.pop("sid", None)       # ended or expired: the browser types the PIN again
        return False

    def pin_form(status: int, *, target: str = "", wrong: bool = False, stale: bool = False) -> Any:
        wait = guard.wait(device_of(request.remote_addr))
        page = render_template("unlock.html", wait=in_words(wait) if wait else "", wrong=wrong, stale=stale,
                               target=target)
        return page, status

    def too_many(wait: int, target: str = "") -> Any:
        page = render_template("unlock.html", wait=in_words(wait), wrong=False, stale=False, target=target)
        return page, 429, {"Retry-After": str(wait)}

    @app.before_request
    def require_pin() -> Any:
        g.csp_nonce = secrets.token_urlsafe(16)
        if request.method not in SAFE_METHODS and not from_this_station():
            return render_template("refused.html", elsewhere=True), 403
        if request.endpoint == "unlock":
            return None                                  # the form's PIN is checked there
        if has_session():
            if request.method not in SAFE_METHODS:
                csrf.protect()                           # CSRFError: answered by stale_form
            return None
        if HEADER in request.headers:
            device = device_of(request.remote_addr)
            wait = guard.wait(device)
            if wait:
                return too_many(wait)
            if not right_pin(request.headers[HEADER]):
                guard.failed(device)
                return pin_form(401, wrong=True)
            guard.passed(device)
            return None                                  # a script: no cookie, so nothing another site could borrow
        return pin_form(401, target=request.full_path if request.method == "GET" else "")

    @app.context_processor
    def nonce() -> dict[str, Any]:
        return {"csp_nonce": g.get("csp_nonce", ""), "has_table": live_table is not None}

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers["Content-Security-Policy"] = POLICY.format(nonce=g.get("csp_nonce") or secrets.token_urlsafe(16))
        response.headers.update(SECURITY_HEADERS)
        if OLD_COOKIE in request.cookies:
            response.delete_cookie(OLD_COOKIE)
        return response

    @app.errorhandler(CSRFError)
    def stale_form(error: CSRFError) -> Any:
        if request.endpoint == "unlock":
            return pin_form(400, target=local_path(request.form.get("next", "")), stale=True)
        return render_template("refused.html", elsewhere=False), 400

    @app.post("/unlock")
    def unlock() -> Any:
        device = device_of(request.remote_addr)
        target = local_path(request.form.get("next", ""))
        wait = guard.wait(device)
        if wait:
            return too_many(wait, target)
        csrf.protect()
        if not right_pin((request.form.get("pin") or "").strip()):
            guard.failed(device)
            return pin_form(401, target=target, wrong=True)
        guard.passed(device)
        session.clear()                    # a new token with the new session
        session["sid"] = sessions.open()
        session.permanent = True
        return redirect(target or url_for("station"))

    @app.post("/signout")
    def sign_out() -> Any:
        sessions.end(session.get("sid", ""))
        session.clear()
        flash(_("Signed out on this browser."), "ok")
        return redirect(url_for("station"))

    @app.post("/signout-everywhere")
    def sign_out_everywhere() -> Any:
        sessions.end_all()
        session.clear()
        flash(_("Signed out on every browser: each one needs the PIN again."), "ok")
        return redirect(url_for("station"))

    @app.get("/")
    def home() -> Any:
        return redirect(url_for("station"))

    # ---- Roster ------------------------------------------------------------------------------

    @app.get("/roster")
    def roster_page() -> Any:
        return render_template("roster.html", names=roster.names(), max_name=MAX_NAME,
                               report=None, recovered=roster.recovered)

    def roster_change(change: Callable[[], str]) -> Any:
        try:
            flash(change(), "ok")
        except RosterError as exc:
            flash(str(exc), "error")
        return redirect(url_for("roster_page"))

    @app.post("/roster/add")
    def roster_add() -> Any:
        return roster_change(lambda: _("{name} added.", name=roster.add(request.form.get("name", ""))))

    @app.post("/roster/rename")
    def roster_rename() -> Any:
        old = request.form.get("old", "")
        return roster_change(lambda: _("{old} is now {new}.", old=old, new=roster.rename(old, request.form.get("new", ""))))

    @app.post("/roster/remove")
    def roster_remove() -> Any:
        name = request.form.get("name", "")

        def remove() -> str:
            roster.remove(name)
            return _("{name} removed (games already played keep the name).", name=name)
        return roster_change(remove)

    @app.post("/roster/import")
    def roster_import() -> Any:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            flash(_("Choose a CSV file first."), "error")
            return redirect(url_for("roster_page"))
        try:
            report = roster.import_csv(upload.read())
        except RosterError as exc:
            flash(str(exc), "error")
            return redirect(url_for("roster_page"))
        return render_template("roster.html", names=roster.names(), max_name=MAX_NAME, report=report,
                               recovered=roster.recovered)

    # ---- History -----------------------------------------------------------------------------

    def chosen() -> tuple[list[Any], history.Filters, list[str], str | None]:
        summaries, damaged = history.read_games(journal_file, games)
        filters, problems = history.Filters.parse(request.args)
        return [s for s in summaries if filters.keeps(s)], filters, problems, damaged

    @app.get("/history")
    def history_page() -> Any:
        shown, filters, problems, damaged = chosen()
        everyone, _ = history.read_games(journal_file, games)
        children = history.per_child(shown)
        unknown = sum(1 for s in everyone if history.known_day(s) is None)
        return render_template(
            "history.html", games=shown, filters=filters, problems=problems, damaged=damaged,
            children=children, chart=history.chart_svg(children), when=history.when,
            result=history_summary.result, details=history_summary.details, titles=GAME_TITLES, kinds=sorted({s.game for s in everyone}),
            players=sorted({p for s in everyone for p in s.players}, key=str.casefold),
            dated_filter=bool(filters.since or filters.until), unknown=unknown, query=request.query_string.decode(),
            date_unknown=history.DATE_UNKNOWN)

    @app.get("/history.csv")
    def history_csv() -> Any:
        shown, _, _, _ = chosen()
        return Response(history.games_csv(shown, games), mimetype="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="mathstation-history.csv"'})

    # ---- Station -----------------------------------------------------------------------------

    @app.get("/station")
    def station() -> Any:
        return render_template("station.html", live=board.live(), settings=_settings(config_path, games),
                               config_path=config_path, has_sight=board.sight() is not None)

    @app.get("/station/live.json")
    def live_json() -> Any:
        return board.live().as_json()

    @app.get("/station/events")
    def live_events() -> Any:
        def stream() -> Iterator[str]:
            live = board.live()
            yield f"data: {json.dumps(live.as_json(), ensure_ascii=False)}\n\n"
            while True:
                newer = board.wait(live.version, keepalive)
                if newer.version == live.version:
                    yield ": still here\n\n"
                    continue
                live = newer
                yield f"data: {json.dumps(live.as_json(), ensure_ascii=False)}\n\n"
        return Response(stream(), mimetype="text/event-stream", headers={"X-Accel-Buffering": "no"})

    @app.get("/station/snapshot.jpg")
    def snapshot() -> Any:
        sight = board.sight()
        if sight is None:
            return Response(_("The camera has not given a picture yet."), status=404, mimetype="text/plain")
        return Response(snapshot_jpeg(sight), mimetype="image/jpeg")

    setup_check = SetupCheck(board)

    @app.get("/station/check")
    def check_setup() -> Any:
        return render_template("check.html", check=setup_check.run())

    @app.get("/station/check.jpg")
    def check_picture() -> Any:
        picture = setup_check.picture_jpeg()
        if picture is None:
            return Response(_("The camera has not given a picture yet."), status=404, mimetype="text/plain")
        return Response(picture, mimetype="image/jpeg")

    @app.post("/station/settings")
    def save_settings() -> Any:
        if config_path is None:
            flash(_("The station runs on its built-in defaults (no config file): create "
                    "/etc/mathstation/station.toml to change settings here."), "error")
        else:
            try:
                settings_edit.apply_changes(config_path, request.form, games)
                flash(_("Saved. The station uses the new settings when it next starts "
                        "(sudo systemctl restart mathstation)."), "ok")
            except ConfigFileError as exc:
                flash(_("Not saved: {reason}", reason=exc), "error")
            except OSError as exc:
                flash(_("Not saved: cannot write {path} ({problem}).", path=config_path, problem=exc.strerror or exc), "error")
        return redirect(url_for("station") + "#settings")

    if live_table is not None:
        from station.web.table import table_page

        app.register_blueprint(table_page(live_table, board))
    return app


def _settings(config_path: Path | None, games: Mapping[str, StationGame]) -> list[dict[str, Any]]:
    """The main settings as the form shows them: current value, choices when the check has a few."""
    try:
        config = load_config(config_path, games)
    except ConfigFileError:
        config = load_config(None, games)
    rows = []
    for section, key in settings_edit.main_settings(games):
        spec = schema(games)[section][key]
        value = config[section][key]
        choices = _choices(spec.check, value)
        title = GAME_TITLES.get(section, section)
        rows.append({"name": settings_edit.field_name(section, key), "label": f"{title}: {key.replace('_', ' ')}",
                     "value": value, "choices": choices, "help": spec.help, "boolean": isinstance(value, bool)})
    return rows


def _choices(check: Callable[[Any], str | None], value: Any) -> list[str] | None:
    """The values a one-of check allows (``settings.one_of``), for a drop-down."""
    choices = getattr(check, "choices", None)
    return list(choices) if choices else None


def from_this_station() -> bool:
    """A state-changing request came from the station's own page, by the origin the browser names.

    Browsers name it (``Origin``, else ``Referer``) on every form they post; a script names none,
    and is let through to the checks after this one (the PIN, the form's token)."""
    source = request.headers.get("Origin")
    if source is None:
        referer = request.headers.get("Referer")
        if referer is None:
            return True
        parts = urlsplit(referer)
        source = f"{parts.scheme}://{parts.netloc}"
    return source == request.host_url.rstrip("/")


def local_path(target: str) -> str:
    """``target`` when it is a path on this station ('/history?child=Ana'), else '' (never another site)."""
    if not target.startswith("/") or target.startswith("//") or any(c == "\\" or c.isspace() or ord(c) < 32
                                                                      for c in target):
        return ""
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else ""
