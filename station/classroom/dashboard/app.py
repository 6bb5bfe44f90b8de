"""The class dashboard's page (Flask): Tables (every table live, pushed by server-sent events),
History (every station's games merged, per-child figures, CSV), Roster (the class list every
station seats from, and "Forget this child"), and the room's buttons (pause every table, two
minutes left).

It stands behind the station page's own ``gate`` (the PIN once per browser, sessions, wrong PINs
slowed, forms only from this page with their token) with a stricter policy still: no inline
script or style at all (``static/``), and no answer to an address outside the school's network
(``school_network``).
"""

from __future__ import annotations

import ipaddress
import json
import uuid
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.dates import format_datetime
from flask import Flask, Response, flash, redirect, render_template, request, url_for

from engine.games import GAME_TITLES
from station import history_summary, i18n
from station.classroom import topics
from station.classroom.dashboard.board import ChangeBoard
from station.classroom.dashboard.history import MergedHistory, games_csv
from station.classroom.dashboard.link import ClassLink
from station.classroom.dashboard.store import ClassStore, ended_before, now
from station.i18n import _, ngettext, use_language
from station.names import same_name
from station.roster import Roster
from station.web import gate, history, language
from station.web.roster_routes import roster_blueprint

if TYPE_CHECKING:
    from station.game_plugin import StationGame

KEEPALIVE_SECONDS = 15.0
TWO_MINUTES = timedelta(minutes=2)
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
          "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


def school_network(address: str | None) -> bool:
    """An address of a school's own network: private (10/8, 172.16/12, 192.168/16, fc00::/7),
    link-local or this machine; never one from the internet."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_private or ip.is_loopback or ip.is_link_local


def create_app(*, pin: str, class_name: str, store: ClassStore, link: ClassLink, roster: Roster,
               board: ChangeBoard, games: Mapping[str, StationGame], state_dir: Path | None = None,
               keepalive: float = KEEPALIVE_SECONDS,
               allowed: Callable[[str | None], bool] | None = school_network) -> Flask:
    """The page; ``games`` are the plug-ins handed down by the command that started it."""
    app = Flask(__name__)
    language.install(app)  # first: every answer, the PIN form too, in the browser's language (as the station's page)
    gate.install(app, pin=pin, state_dir=state_dir, home="tables", policy=POLICY, allowed=allowed,
                 open_endpoints=frozenset({"static"}))
    merged = MergedHistory(store, games)

    @app.context_processor
    def class_words() -> dict[str, Any]:
        return {"class_name": class_name}

    def snapshot() -> dict[str, Any]:
        room = store.kept("room") or {}
        notice = current_notice()
        return {"broker": {"online": link.online, "since": shown_time(link.offline_since),
                           "problem": link.problem},
                "room": {"paused": bool(room.get("paused")), "notice": notice["text"] if notice else None},
                "tables": [table_view(row) for row in store.stations()]}

    # ---- Tables ------------------------------------------------------------------------------

    @app.get("/")
    def tables() -> Any:
        return render_template("tables.html", live=snapshot(), words=tables_words())

    @app.get("/live.json")
    def live_json() -> Any:
        return snapshot()

    @app.get("/events")
    def live_events() -> Any:
        chosen = i18n.language()   # the stream runs on after the request's own words are put away

        def worded() -> str:
            with use_language(chosen):
                return f"data: {json.dumps(snapshot(), ensure_ascii=False)}\n\n"

        def stream() -> Iterator[str]:
            seen = board.version
            yield worded()
            while True:
                newer = board.wait(seen, keepalive)
                if newer == seen:
                    yield ": still here\n\n"
                    continue
                seen = newer
                yield worded()
        return Response(stream(), mimetype="text/event-stream", headers={"X-Accel-Buffering": "no"})

    def send_room(paused: bool, notice: topics.Notice | None, said: str) -> Any:
        message = topics.Room(v=topics.VERSION, paused=paused, notice=notice, at=now())
        store.keep("room", message)
        link.publish(topics.room(class_name), message)
        board.changed()
        flash(said if link.online else _("{done} The broker is away: every table gets it when it is back.", done=said),
              "ok")
        return redirect(url_for("tables"))

    def current_notice() -> topics.Notice | None:
        """The room's notice while it is still shown (until its ``until``)."""
        notice = (store.kept("room") or {}).get("notice")
        return notice if notice and not ended_before(notice.get("until"), now()) else None

    @app.post("/room/pause")
    def pause_all() -> Any:
        return send_room(True, current_notice(), _("Every table is paused."))

    @app.post("/room/resume")
    def resume_all() -> Any:
        return send_room(False, current_notice(), _("Every table plays on."))

    @app.post("/room/two-minutes")
    def two_minutes() -> Any:
        until = (datetime.now().astimezone() + TWO_MINUTES).isoformat(timespec="seconds")
        # its kind is what each station words in its own language; the text is the teacher's words
        text = _("Two minutes left!")
        notice = topics.Notice(id=uuid.uuid4().hex, text=text, until=until, kind="two_minutes")
        return send_room(bool((store.kept("room") or {}).get("paused")), notice,
                         _("Every table shows: {notice}", notice=text))

    # ---- History -----------------------------------------------------------------------------

    def chosen() -> tuple[list[Any], list[Any], history.Filters, list[str], str]:
        everyone = merged.played()
        filters, problems = history.Filters.parse(request.args)
        station = (request.args.get("station") or "").strip()
        shown = [p for p in everyone if filters.keeps(p.summary) and (not station or p.station == station)]
        return everyone, shown, filters, problems, station

    @app.get("/history")
    def history_page() -> Any:
        everyone, shown, filters, problems, station = chosen()
        children = history.per_child([p.summary for p in shown if not p.unreadable])
        unknown = sum(1 for p in everyone if history.known_day(p.summary) is None)
        tables_seen = {p.station: p.table for p in everyone}
        return render_template(
            "history.html", played=shown, filters=filters, problems=problems, children=children,
            chart=history.chart_svg(children), when=history.when, result=history_summary.result,
            details=lambda s: history_summary.details(s, games),
            measure=history_summary.measure_names(games), number=history_summary.number, titles=GAME_TITLES, kinds=sorted({p.summary.game for p in everyone}),
            players=sorted({n for p in everyone for n in p.summary.players}, key=str.casefold),
            stations=sorted(tables_seen.items()), station=station, dated_filter=bool(filters.since or filters.until),
            unknown=unknown, query=request.query_string.decode())

    @app.get("/history.csv")
    def history_csv() -> Any:
        _, shown, _, _, _ = chosen()
        return Response(games_csv(shown, games), mimetype="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="mathstation-class-history.csv"'})

    # ---- Roster and forgetting ---------------------------------------------------------------

    def publish_roster() -> None:
        message = topics.Roster(v=topics.VERSION, names=roster.names(), at=now())
        store.keep("roster_at", message["at"])
        link.publish(topics.roster(class_name), message)

    def roster_words() -> dict[str, Any]:
        children = sorted({n for p in merged.played() for n in p.summary.players} | set(roster.names()),
                          key=str.casefold)
        return {"children": children, "forgets": store.forgets()}

    def say(done: str) -> str:
        return done if link.online else _("{done} The broker is away: every station gets the list when it is back.",
                                          done=done)

    app.register_blueprint(roster_blueprint(roster, page_words=roster_words, after_change=publish_roster, say=say))

    @app.post("/forget")
    def forget_child() -> Any:
        name = (request.form.get("name") or "").strip()
        if not name:
            flash(_("Choose the child to forget first."), "error")
            return redirect(url_for("roster.page"))
        if request.form.get("sure") != "yes":
            flash(_("Nothing was forgotten: tick the box to say you are sure about {name}.", name=name), "error")
            return redirect(url_for("roster.page"))
        request_id = uuid.uuid4().hex
        message = topics.Forget(v=topics.VERSION, name=name, at=now())
        gone = store.forget(request_id, name, message["at"])
        link.publish(topics.forget(class_name, request_id), message)
        listed = next((known for known in roster.names() if same_name(known, name)), None)
        if listed is not None:
            roster.remove(listed)
            publish_roster()
        board.changed()
        removed = ngettext("{n} game removed here", "{n} games removed here", gone)
        if listed:
            removed = _("{games}, and the name taken off the list", games=removed)
        flash(_("{name} is forgotten: {games}; every station removes theirs.", name=name, games=removed) if link.online
              else _("{name} is forgotten: {games}; every station removes theirs when the broker is back.", name=name,
                     games=removed), "ok")
        return redirect(url_for("roster.page"))

    return app


def tables_words() -> dict[str, Any]:
    """The words ``static/tables.js`` shows, in the page's language (the page carries them as JSON:
    the script holds no words of its own). ``{name}`` placeholders are filled there."""
    return {
        "broker_offline": _("Broker offline since {since}{problem}. The tables below are as they last were; "
                            "the dashboard catches up when the broker is back."),
        "paused": _("Every table is paused."),
        "plays": _("Every table plays."),
        "notice": _("Shown on every table: {notice}"),
        "no_station": _("No station has reported yet: each one appears here when it joins the class."),
        "online": _("online"),
        "offline_since": _("offline since {since}"),
        "not_heard": _("not heard from"),
        "turn": _("Turn: {name}"),
        "clock": _("Clock {clock}"),
        "as_of": _("as of {time}"),
        "states": {"idle": _("No game"), "setup": _("Setting up"), "playing": _("Playing"), "paused": _("Paused"),
                   "over": _("Game over")},
    }


def adopt_roster(roster: Roster, store: ClassStore, message: topics.Roster) -> None:
    """The class list from the broker, when it is newer than the dashboard's own (another
    dashboard, or this one's earlier life on another machine, changed it)."""
    mine = store.kept("roster_at")
    if mine is not None and ended_before(message["at"], mine):   # as old as ours, or older
        return
    wanted = list(message["names"])
    for name in roster.names():
        if not any(same_name(name, other) for other in wanted):
            roster.remove(name)
    for name in wanted:
        if name not in roster:
            try:
                roster.add(name)
            except RosterError:
                continue
    store.keep("roster_at", message["at"])


def shown_time(stamp: str | None) -> str | None:
    """A time as the page says it: "14:02" today, "Mon 24 Nov 14:02" another day ("lun 24 nov 14:02"
    in Spanish: the day and month in the page's language)."""
    if stamp is None:
        return None
    try:
        then = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    today = datetime.now(then.tzinfo).date()
    return then.strftime("%H:%M") if then.date() == today else format_datetime(
        then, "EEE dd MMM HH:mm", locale=i18n.language())


def table_view(row: Any) -> dict[str, Any]:
    """One station's table as the page draws it."""
    live = row.live or {}
    return {"station": row.station, "title": live.get("title") or row.station,
            "status": row.status or "unknown", "status_since": shown_time(row.status_at),
            "state": live.get("state", "idle"), "game": live.get("game_title") or "",
            "players": live.get("players", []), "scores": [[side, said] for side, said in live.get("scores", {}).items()],
            "turn": live.get("turn"), "clock": live.get("clock"), "headline": live.get("headline", ""),
            "verdicts": live.get("verdicts", []), "at": shown_time(live.get("at")),
            "language": live.get("language", "").replace("_", "-")}   # the table's words are in it (lang="es")
