"""Changing a few keys of the station config file in place, checked, whole, comments kept.

The teacher's page (``station.web.settings_edit``) and the station itself (setup's Sound and
Volume rows, ``station.speaker_memory``) both change the file this one way: the line of each key
is changed (its comment kept), else the key is added under its section's header, else the section
at the end; the new text is checked exactly as ``mathstation run`` checks the file
(``check_config``), and only a text that passes replaces the file (a temp file, synced, renamed
over it: a power cut leaves the old file or the new one). A refused value raises the file's own
``ConfigFileError`` and leaves the file as it was. One lock in the process keeps the page's edit
and the station's from reading the same text and each writing its own half.
"""

from __future__ import annotations

import json
import re
import stat
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from station.atomic_file import write_atomically
from station.config import ConfigFileError, StationConfig, parse_config, schema, tomllib
from station.i18n import _

if TYPE_CHECKING:
    from station.game_plugin import StationGame

_editing = threading.Lock()


def edit_config(path: Path, changes: Mapping[tuple[str, str], Any], games: Mapping[str, StationGame]) -> StationConfig:
    """Set each ``(section, key)`` of ``changes`` in the file at ``path`` (checked with the
    sections of ``games``) and return the file's config as the daemon will read it. A value the
    key refuses, or a file that no longer passes its checks, raises ``ConfigFileError`` and the
    file is untouched; a file that cannot be read or written raises ``OSError``. Values the file
    already has are not written again (no change: the file is not touched)."""
    with _editing:
        try:
            before = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ConfigFileError(path, "", _("cannot be read: {reason}", reason=exc)) from None
        current = parse_config(before, path, games)
        text = before
        for (section, key), value in changes.items():
            if value == current[section][key]:
                continue
            reason = schema(games)[section][key].check(value)
            if reason:
                raise ConfigFileError(path, f"[{section}] {key}", reason)
            text = set_value(text, section, key, value)
        if text == before:
            return current
        checked = parse_config(text, path, games)  # the whole file, as the daemon will read it
        # the file's own mode: still readable as before (the service's umask is 0077; selftest reads it too)
        write_atomically(path, text, mode=stat.S_IMODE(path.stat().st_mode))
        return checked


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string or array of them


def set_value(text: str, section: str, key: str, value: Any) -> str:
    """``text`` with ``key = value`` in ``[section]``: the key's line replaced (its comment
    kept), else added under the section's header, else a new section at the end."""
    lines = text.splitlines(keepends=True)
    header = re.compile(r"^\s*\[\s*" + re.escape(section) + r"\s*\]\s*(#.*)?$")
    start = next((i for i, line in enumerate(lines) if header.match(line.rstrip("\r\n"))), None)
    new = f"{key} = {toml_value(value)}"
    if start is None:
        end = "" if not text or text.endswith("\n") else "\n"
        return f"{text}{end}\n[{section}]\n{new}\n"
    setting = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.lstrip().startswith("["):
            break
        if setting.match(line):
            lines[i] = new + _comment(line) + ("\r\n" if line.endswith("\r\n") else "\n")
            return "".join(lines)
    lines.insert(start + 1, new + "\n")
    return "".join(lines)


def _comment(line: str) -> str:
    """The line's trailing comment (with the spaces before it), when its value parses without it."""
    body = line.rstrip("\r\n")
    at = body.find(" #")
    while at != -1:
        try:
            tomllib.loads(body[:at])
            return body[len(body[:at].rstrip()):]
        except tomllib.TOMLDecodeError:
            at = body.find(" #", at + 1)
    return ""

