"""The classroom's topics and messages: the one contract stations and the class dashboard share.

Every topic lives under ``mathstation/<class>/``; a class and a station are named by a *slug*
(lower-case letters, digits and dashes), so a name can never add a topic level or a wildcard.
Every message is a JSON object with ``"v": 1`` (the contract's version); a reader ignores, with a
logged line, a message it cannot read or of a newer ``v``, and never stops for one.

| topic (under ``mathstation/<class>/``) | who writes | retained | QoS | what |
| --- | --- | --- | --- | --- |
| ``stations/<station>/status`` | the station (and its last will) | yes | 1 | ``online`` / ``offline``, plain text |
| ``stations/<station>/live`` | the station | yes | 0 | ``LiveState``: what its table shows now |
| ``stations/<station>/games/<uid>`` | the station | yes | 1 | ``GameRecord``: one ended game, replayable; an empty retained message clears it |
| ``roster`` | the teacher | yes | 1 | ``Roster``: the class list every station seats from |
| ``room`` | the teacher | yes | 1 | ``Room``: pause every table, a notice on every OLED |
| ``forget/<request>`` | the teacher | yes | 1 | ``Forget``: remove a child's games everywhere |

Records are retained as well as sent with QoS 1, so a dashboard that opens for the first time a
week later still receives every game; a record received twice is stored once (``uid`` is unique
across stations). The status follows Home Assistant's MQTT availability convention.
"""

from __future__ import annotations

import re
from typing import Literal, NotRequired, TypedDict

VERSION = 1
ROOT = "mathstation"
ONLINE, OFFLINE = "online", "offline"

_SLUG = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?")


class BadSlug(ValueError):
    """A class or station name that cannot be a topic level."""


def slug(name: str, what: str = "name") -> str:
    """``name`` checked as one topic level: 1–40 of a-z, 0-9 and inner dashes."""
    if not _SLUG.fullmatch(name):
        raise BadSlug(f"{what} {name!r}: use 1 to 40 lower-case letters, digits and dashes (like room-12)")
    return name


def class_root(class_name: str) -> str:
    return f"{ROOT}/{slug(class_name, 'class')}"


def station_status(class_name: str, station: str) -> str:
    return f"{class_root(class_name)}/stations/{slug(station, 'station')}/status"


def station_live(class_name: str, station: str) -> str:
    return f"{class_root(class_name)}/stations/{slug(station, 'station')}/live"


def station_game(class_name: str, station: str, uid: str) -> str:
    return f"{class_root(class_name)}/stations/{slug(station, 'station')}/games/{slug(uid, 'game uid')}"


def roster(class_name: str) -> str:
    return f"{class_root(class_name)}/roster"


def room(class_name: str) -> str:
    return f"{class_root(class_name)}/room"


def forget(class_name: str, request: str) -> str:
    return f"{class_root(class_name)}/forget/{slug(request, 'request')}"


# Subscriptions (MQTT wildcards): what the dashboard and the stations listen to.
def every_station(class_name: str) -> str:
    """All of every station's topics: status, live and game records."""
    return f"{class_root(class_name)}/stations/#"


def every_forget(class_name: str) -> str:
    return f"{class_root(class_name)}/forget/+"


def station_own(class_name: str, station: str) -> str:
    """The only topics a station's broker user may write (the ACL's ``topic write`` line)."""
    return f"{class_root(class_name)}/stations/{slug(station, 'station')}/#"


class LiveState(TypedDict):
    """What a station's table shows now, republished on every change (and at least every minute)."""
    v: int
    station: str             # its slug
    title: str               # its display name ("Table 3")
    at: str                  # the station's local time, ISO 8601, when this was made
    state: Literal["idle", "setup", "playing", "paused", "over"]
    game: str | None         # the game's key ("sum"), None when idle
    game_title: str | None   # "SUM"
    players: list[str]
    scores: dict[str, str]   # as the OLED says them ("3 pts", "10 held, 10 won")
    turn: str | None         # whose turn, where the game has turns
    clock: str | None        # the clock as shown ("01:23"), None without one
    headline: str            # the OLED's first line now
    verdicts: list[str]      # the last verdicts, newest first, at most 5, in words a child reads
    language: NotRequired[str]  # the language those words are in, the station's ("es"); added later: a
                                # station that does not say it left them unmarked


class GameRecord(TypedDict):
    """One ended game: the journal's game whole, so it replays anywhere (``engine.rules.replay``)."""
    v: int
    uid: str                 # unique across stations: a uuid4's 32 hex digits, kept in the journal
    station: str
    title: str
    config: dict             # the game's config as journaled
    actions: list[dict]      # its actions as journaled, in order
    started: str             # local time, ISO 8601
    ended: str
    status: Literal["finished", "stopped"]
    clock_synced: bool | None  # both times came from a clock set from the network (None: unknown)


class Roster(TypedDict):
    v: int
    names: list[str]         # each by station.names' rule, unique whatever the case
    at: str                  # when the teacher changed it


class Notice(TypedDict):
    id: str                  # a uuid4 hex: a station shows each notice once
    text: str                # "Two minutes left!", in the sending teacher's language
    kind: NotRequired[str]   # "two_minutes": each station words it in its own language (``text`` for one that does not know the kind)
    until: str               # ISO 8601: after this the notice is stale and not shown


class Room(TypedDict):
    v: int
    paused: bool             # every table's game paused (its clocks stopped) until False again
    notice: Notice | None
    at: str


class Forget(TypedDict):
    v: int
    name: str                # the child: every game they played is removed, on every station
    at: str
