"""This station as a member of its class: what the main loop does with the link at each tick.

Everything here runs in the main loop's thread, between two frames, and never waits: it marks
sent the records the broker acknowledged, hands the link the next ended games of the journal's
outbox (oldest first, a few at a time), republishes the live state when it changed (and at least
every minute), and carries out what the teacher published: the roster (kept on disk for a start
without the broker), the room (pause every table, a notice on every OLED) and "forget this
child". The journal is only ever touched from this thread, as the referee touches it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from station.atomic_file import write_atomically
from station.classroom import topics
from station.classroom.link import Link
from station.classroom.live import game_record, live_state
from station.i18n import _, lazy_gettext
from station.names import BadName, check_name, same_name
from station.table.adapter import Note

log = logging.getLogger("station.classroom")

CLASS_ROSTER_NAME = "class-roster.json"
FORGETS_DONE_NAME = "class-forgets.json"   # the teacher's forget requests already carried out here
LIVE_EVERY = 60.0     # seconds: the live state is republished at least this often
LIVE_AT_MOST = 1.0    # seconds between two live states (a clock ticking is a change)
OUTBOX_EVERY = 0.5    # seconds between two looks at the outbox while records wait
#: seconds: a record the broker acknowledged this recently is sent again when the station connects
#: anew. The broker keeps what it receives in memory and saves it to disk every minute
#: (``autosave_interval 60`` in the config ``mathstation broker setup`` writes): a broker that
#: loses its power (or is killed) has lost the last minute's records, which the station had
#: marked sent. Sent again, a record the dashboard has already is stored once.
RESEND_WITHIN = 180.0


def _local_now() -> datetime:
    return datetime.now().astimezone()


#: The teacher's notices a station words itself, in its own language, by their ``kind``: a
#: Spanish table reads "¡Quedan 2 minutos!" whichever language the teacher's browser is in.
NOTICE_WORDS = {"two_minutes": lazy_gettext("Two minutes left!")}


class ClassRoster:
    """The last class list the teacher published, kept beside the journal (a JSON file replaced
    whole), so a station that starts without the broker still seats the class."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def names(self) -> list[str] | None:
        """The kept names, or None when no list was ever received (or the file cannot be read)."""
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("the class list kept at %s cannot be read (%s): setup uses the station's own", self.path, exc)
            return None
        names = kept.get("names") if isinstance(kept, dict) else None
        return [name for name in names if isinstance(name, str)] if isinstance(names, list) else None

    def keep(self, names: list[str], at: str) -> None:
        write_atomically(self.path, json.dumps({"v": topics.VERSION, "names": names, "at": at}, ensure_ascii=False))

    def without(self, name: str) -> None:
        names = self.names()
        if names is not None and any(same_name(known, name) for known in names):
            self.keep([known for known in names if not same_name(known, name)], _local_now().isoformat(timespec="seconds"))


class ForgetsDone:
    """The forget requests this station has carried out, kept beside the journal. A request stays
    retained on the broker for the stations that were away, so it comes again at every connection:
    carried out again, it would take the games, the seat in the game in play and the name of a
    child given the same name later."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def requests(self) -> set[str]:
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return set()
        except (OSError, ValueError) as exc:
            log.warning("the forgets kept at %s cannot be read (%s): each is carried out again", self.path, exc)
            return set()
        done = kept.get("requests") if isinstance(kept, dict) else None
        return {request for request in done if isinstance(request, str)} if isinstance(done, list) else set()

    def add(self, request: str) -> None:
        done = sorted(self.requests() | {request})
        write_atomically(self.path, json.dumps({"v": topics.VERSION, "requests": done}, ensure_ascii=False))


class Member:
    """Call ``tick(referee, live, now)`` from the main loop; ``start`` and ``stop`` around it."""

    def __init__(self, link: Link, journal: Any, *, title: str, roster: ClassRoster,
                 local_roster: Any = None, wall: Callable[[], datetime] = _local_now) -> None:
        self.link, self.journal, self.title = link, journal, title
        self.roster, self.local_roster = roster, local_roster   # the class's list kept; the station's own (station.roster)
        self.forgets_done = ForgetsDone(roster.path.with_name(FORGETS_DONE_NAME))
        self.wall = wall
        self._after = 0                        # the outbox's last row handed to the link
        self._recovered = journal.recovered    # (a journal that starts afresh numbers its outbox from 1 again)
        self._outbox_at = float("-inf")
        self._live: dict[str, Any] | None = None
        self._live_at = float("-inf")
        self._notices: set[str] = set()
        self._room_paused: bool | None = None
        self._connects = 0                     # the link's connections seen so far

    @property
    def status(self) -> str:
        """A few words for systemd and the log: "Class online", "Class offline"."""
        if self.link.connected:
            return "Class online"
        return "Class offline" if self.link.refused is None else "Class refused"

    def status_words(self) -> str:
        """The same, as the OLED says it: in the station's language."""
        if self.link.connected:
            return _("Class online")
        return _("Class offline") if self.link.refused is None else _("Class refused")

    def start(self) -> None:
        queued = self.journal.queue_ended()
        if queued:
            log.info("%d earlier game%s queued for the class", queued, "s" if queued != 1 else "")
        self.link.start()

    def stop(self) -> None:
        self.link.stop()

    def names(self) -> list[str] | None:
        return self.roster.names()

    # ---- each tick ------------------------------------------------------------------------------

    def tick(self, referee: Any, live: Any, now: float) -> None:
        for uid in self.link.acked():
            self.journal.mark_sent(uid)
        if self.link.connects != self._connects:   # connected (anew): the broker may have restarted
            self._connects = self.link.connects
            self._resend_recent()
        for topic, payload in self.link.messages():
            try:
                self._received(topic, payload, referee, now)
            except Exception:   # noqa: BLE001 - a teacher's message the station cannot use never stops a game
                log.exception("class message on %s not used", topic)
        if self.link.room > 0 and now - self._outbox_at >= OUTBOX_EVERY:
            self._outbox_at = now
            self._send_outbox()
        self._publish_live(referee, live, now)

    def _resend_recent(self) -> None:
        """Queue again the records acknowledged within ``RESEND_WITHIN`` (by the journal's record
        of when, so a station restarted meanwhile does it too): a broker that went down since
        may not have saved them."""
        again = self.journal.requeue_since(self.wall() - timedelta(seconds=RESEND_WITHIN))
        if again:
            self._after = 0
            log.info("%d record%s the broker acknowledged lately sent again", again, "s" if again != 1 else "")

    def _send_outbox(self) -> None:
        if self.journal.recovered != self._recovered:   # a damaged journal was started afresh: its outbox too
            self._recovered, self._after = self.journal.recovered, 0
        for seq, game in self.journal.outbox(limit=self.link.room, after=self._after):
            if game.uid and self.link.send(game.uid, game_record(game, self.link.station, self.title)):
                log.info("game %s sent to the class (%s)", game.id, game.uid)
            self._after = seq

    def _publish_live(self, referee: Any, live: Any, now: float) -> None:
        if now - self._live_at < LIVE_AT_MOST:
            return
        state = live_state(self.link.station, self.title, referee, live, now, self.wall())
        same = self._live is not None and {**self._live, "at": ""} == {**state, "at": ""}
        if same and now - self._live_at < LIVE_EVERY:
            return
        self._live, self._live_at = dict(state), now
        self.link.publish_live(state)

    # ---- the teacher's messages -----------------------------------------------------------------

    def _received(self, topic: str, payload: bytes, referee: Any, now: float) -> None:
        if not payload:
            return   # a retained message cleared
        message = json.loads(payload)
        if not isinstance(message, dict) or not isinstance(message.get("v"), int) or message["v"] > topics.VERSION:
            log.warning("class message on %s not used: not a version %d message", topic, topics.VERSION)
            return
        root = topics.class_root(self.link.class_name)
        if topic == topics.roster(self.link.class_name):
            self._roster(message)
        elif topic == topics.room(self.link.class_name):
            self._room(message, referee, now)
        elif topic.startswith(f"{root}/forget/"):
            self._forget(topic.rsplit("/", 1)[1], message, referee)

    def _roster(self, message: Mapping[str, Any]) -> None:
        names: list[str] = []
        for given in message.get("names", []):
            try:
                name = check_name(given)
            except BadName as exc:
                log.warning("class list: %r left out: %s", given, exc)
                continue
            if not any(same_name(name, known) for known in names):
                names.append(name)
        self.roster.keep(names, str(message.get("at", "")))
        log.info("class list received: %d names", len(names))

    def _room(self, message: Mapping[str, Any], referee: Any, now: float) -> None:
        paused = message.get("paused") is True
        if paused != self._room_paused or paused != referee.paused:
            referee.set_room(paused, now)
            self._room_paused = paused
        notice = message.get("notice")
        if isinstance(notice, dict) and isinstance(notice.get("text"), str) and notice.get("id") not in self._notices:
            self._notices.add(str(notice.get("id")))
            try:   # (a time without its offset is the station's local time)
                stale = datetime.fromisoformat(str(notice.get("until"))).astimezone() < self.wall()
            except ValueError:
                stale = False
            if not stale:
                known = NOTICE_WORDS.get(str(notice.get("kind", "")))
                with referee.speaking():   # in the game's language: its setup may have chosen another
                    title = str(known) if known is not None else notice["text"][:40]
                    referee.tell(Note("room", title, _("from your teacher")), at_once=True)

    def _forget(self, request: str, message: Mapping[str, Any], referee: Any) -> None:
        name = message.get("name")
        if not isinstance(name, str) or not name.strip() or request in self.forgets_done.requests():
            return
        game = referee.game
        if game is not None and any(same_name(seat, name) for seat in game.seats()):
            referee.end()   # the game in play ends, and is forgotten with the rest
        for uid in self.journal.forget(name, same_name):
            self.link.clear_game(uid)
        self.roster.without(name)
        if self.local_roster is not None and name in self.local_roster:
            self.local_roster.remove(name)
        self.forgets_done.add(request)
        log.info("forgot %s, as the teacher asked", name)
