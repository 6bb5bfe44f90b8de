"""What arrives from the broker, checked against the contract (``station.classroom.topics``)
before the dashboard keeps any of it: a message it cannot read, or of a newer version, raises
``BadMessage`` with a line for the log, and the dashboard skips it and goes on.

The topic is the broker's word for who wrote a message (each station may write only its own
topics), so a payload that names another station or another game than its topic is refused.
"""

from __future__ import annotations

import json
import re
from typing import Any

from station.classroom.topics import (ONLINE, OFFLINE, ROOT, VERSION, BadSlug, Forget, GameRecord, LiveState,
                                      Roster, Room, slug)

MAX_VERDICTS = 5
STATES = ("idle", "setup", "playing", "paused", "over")


class BadMessage(ValueError):
    """A message that does not follow the contract: the message says what is wrong."""


def topic_parts(class_name: str, topic: str) -> list[str] | None:
    """The levels under ``mathstation/<class>/``, or None for another class's topic."""
    head = f"{ROOT}/{class_name}/"
    return topic[len(head):].split("/") if topic.startswith(head) else None


def json_object(payload: bytes) -> dict[str, Any]:
    """A contract message: a JSON object of version ``VERSION``."""
    try:
        value = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadMessage(f"not JSON ({exc})") from None
    if not isinstance(value, dict):
        raise BadMessage("not a JSON object")
    version = value.get("v")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadMessage(f"no version number (\"v\": {version!r})")
    if version > VERSION:
        raise BadMessage(f"version {version} is newer than this dashboard reads ({VERSION}): update mathstation "
                         "on the dashboard's machine")
    if version < 1:
        raise BadMessage(f"version {version} is not a version of the contract")
    return value


def _field(message: dict[str, Any], key: str, kinds: type | tuple[type, ...], *, optional: bool = False) -> Any:
    if key not in message:
        if optional:
            return None
        raise BadMessage(f"no {key!r}")
    value = message[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise BadMessage(f"{key!r} is {value!r}")
    if not isinstance(value, kinds):
        raise BadMessage(f"{key!r} is {type(value).__name__}, not what the contract says")
    return value


def _texts(message: dict[str, Any], key: str) -> list[str]:
    value = _field(message, key, list)
    if not all(isinstance(item, str) for item in value):
        raise BadMessage(f"{key!r} holds something that is not text")
    return value


def status(payload: bytes) -> str:
    text = payload.decode("utf-8", errors="replace").strip()
    if text not in (ONLINE, OFFLINE):
        raise BadMessage(f"status {text[:40]!r} is neither {ONLINE!r} nor {OFFLINE!r}")
    return text


#: a language as a station names it ("es", "pt-BR"): put in the page's ``lang`` attributes, nothing else
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")


def live_state(payload: bytes, station: str) -> LiveState:
    message = json_object(payload)
    if _field(message, "station", str) != station:
        raise BadMessage(f"names station {message['station']!r} on {station!r}'s topic")
    state = _field(message, "state", str)
    if state not in STATES:
        raise BadMessage(f"state {state!r} is not one of {', '.join(STATES)}")
    scores = _field(message, "scores", dict)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in scores.items()):
        raise BadMessage("'scores' must map each side to a text")
    said_in = _field(message, "language", str, optional=True)
    language = {"language": said_in} if said_in and LANGUAGE_TAG.fullmatch(said_in) else {}
    return LiveState(v=message["v"], station=station, title=_field(message, "title", str),
                     at=_field(message, "at", str), state=state,  # type: ignore[typeddict-item]
                     game=_field(message, "game", str, optional=True),
                     game_title=_field(message, "game_title", str, optional=True),
                     players=_texts(message, "players"), scores=scores,
                     turn=_field(message, "turn", str, optional=True),
                     clock=_field(message, "clock", str, optional=True),
                     headline=_field(message, "headline", str), verdicts=_texts(message, "verdicts")[:MAX_VERDICTS],
                     **language)  # type: ignore[typeddict-item]


def game_record(payload: bytes, station: str, uid: str) -> GameRecord:
    message = json_object(payload)
    if _field(message, "station", str) != station:
        raise BadMessage(f"names station {message['station']!r} on {station!r}'s topic")
    if _field(message, "uid", str) != uid:
        raise BadMessage(f"holds game {message['uid']!r} on game {uid!r}'s topic")
    actions = _field(message, "actions", list)
    if not all(isinstance(action, dict) for action in actions):
        raise BadMessage("'actions' holds something that is not an action")
    record_status = _field(message, "status", str)
    if record_status not in ("finished", "stopped"):
        raise BadMessage(f"status {record_status!r} is neither 'finished' nor 'stopped'")
    return GameRecord(v=message["v"], uid=uid, station=station, title=_field(message, "title", str),
                      config=_field(message, "config", dict), actions=actions,
                      started=_field(message, "started", str), ended=_field(message, "ended", str),
                      status=record_status,  # type: ignore[typeddict-item]
                      clock_synced=_field(message, "clock_synced", bool, optional=True))


def roster(payload: bytes) -> Roster:
    message = json_object(payload)
    return Roster(v=message["v"], names=_texts(message, "names"), at=_field(message, "at", str))


def room(payload: bytes) -> Room:
    message = json_object(payload)
    notice = _field(message, "notice", dict, optional=True)
    if notice is not None:
        for key in ("id", "text", "until"):
            _field(notice, key, str)
    return Room(v=message["v"], paused=_field(message, "paused", bool), notice=notice,  # type: ignore[typeddict-item]
                at=_field(message, "at", str))


def forget(payload: bytes) -> Forget:
    message = json_object(payload)
    return Forget(v=message["v"], name=_field(message, "name", str), at=_field(message, "at", str))


def station_of(level: str) -> str:
    """A topic level as a station's slug, or ``BadMessage``."""
    try:
        return slug(level, "station")
    except BadSlug as exc:
        raise BadMessage(str(exc)) from None
