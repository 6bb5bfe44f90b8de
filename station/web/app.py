"""The teacher's page as a Flask app: Roster, History and Station, every request behind the PIN.

``create_app`` takes what the page may use and nothing else: the roster (its own SQLite file),
the journal's path (opened read-only per request), the config file's path (rewritten whole by
``settings_edit``), the ``Board`` the referee's loop publishes to and the state folder (where the
PIN's sessions and the cookies' signing key are kept). It never sees the referee.

Who may use it (docs/teacher.md says it for teachers) is the ``gate``'s: the PIN once per browser
for a session of its own (or in the ``X-Station-PIN`` header for scripts), wrong PINs slowed per
device, forms only from the station's own page with their token, a strict Content-Security-Policy.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, flash, redirect, render_template, request, url_for

from engine.games import GAME_TITLES
from station import history_summary, i18n
from station.config import ConfigFileError, load_config, schema
from station.i18n import _, use_language
from station.roster import Roster
from station.web import gate, history, language, settings_edit
from station.web.board import Board
from station.web.gate import HEADER  # noqa: F401 - the header scripts send the PIN in, named here as before
from station.web.roster_routes import roster_blueprint
from station.web.setup_check import SetupCheck
from station.web.snapshot import snapshot_jpeg

if TYPE_CHECKING:
    from station.game_plugin import StationGame
    from station.sim.live_table import LiveTable

KEEPALIVE_SECONDS = 15.0  # an SSE comment this often keeps proxies and browsers from closing the stream


def create_app(*, pin: str, roster: Roster, journal_file: Path, config_path: Path | None, board: Board,
               games: Mapping[str, StationGame], state_dir: Path | None = None,
               keepalive: float = KEEPALIVE_SECONDS, live_table: LiveTable | None = None) -> Flask:
    """The page; without ``state_dir`` its sessions and signing key live in memory only (a restart ends them).
    ``games`` are the playable games' plug-ins, handed down by the daemon: the history's measures
    and the settings' game sections are theirs. ``live_table``: the virtual table the station
    reads, played on ``/table`` (no such page without it)."""
    app = Flask(__name__)
    language.install(app)  # first: every answer, the PIN form too, is in the browser's language
    gate.install(app, pin=pin, state_dir=state_dir, home="station")

    @app.context_processor
    def virtual_table() -> dict[str, Any]:
        return {"has_table": live_table is not None}   # the nav links the virtual table only where there is one

    @app.get("/")
    def home() -> Any:
        return redirect(url_for("station"))

    # ---- Roster ------------------------------------------------------------------------------

    app.register_blueprint(roster_blueprint(roster))

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
            result=history_summary.result, details=lambda s: history_summary.details(s, games),
            measure=history_summary.measure_names(games), number=history_summary.number, titles=GAME_TITLES, kinds=sorted({s.game for s in everyone}),
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
        chosen = i18n.language()   # the stream runs on after the request's own words are put away

        def worded(live: Any) -> str:
            with use_language(chosen):
                return f"data: {json.dumps(live.as_json(), ensure_ascii=False)}\n\n"

        def stream() -> Iterator[str]:
            live = board.live()
            yield worded(live)
            while True:
                newer = board.wait(live.version, keepalive)
                if newer.version == live.version:
                    yield ": still here\n\n"
                    continue
                live = newer
                yield worded(live)
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
        label = settings_edit.LABELS.get((section, key)) or f"{title}: {key.replace('_', ' ')}"
        rows.append({"name": settings_edit.field_name(section, key), "label": label,
                     "value": value, "choices": choices, "help": spec.help, "boolean": isinstance(value, bool)})
    return rows


def _choices(check: Callable[[Any], str | None], value: Any) -> list[str] | None:
    """The values a one-of check allows (``settings.one_of``), for a drop-down."""
    choices = getattr(check, "choices", None)
    return list(choices) if choices else None
