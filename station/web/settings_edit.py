"""The Station page's settings: the config's main keys, changed with the file's own checks and
written whole.

A change is made to the file's text (the line of that key, its comment kept), the new text is
checked exactly as ``mathstation run`` checks the file (``check_config``), and only a text that
passes replaces the file (a temp file renamed over it). A refused value gives the file's own
message and leaves the file as it was. The daemon reads the file when it starts: changes apply
at the next restart, and the page says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from station.atomic_file import write_atomically
from station.config import ConfigFileError, StationConfig, check_config, schema, tomllib

if TYPE_CHECKING:
    from station.game_plugin import StationGame

#: (section, key) pairs the page offers; each game's "players" is added from the plug-ins handed down.
MAIN_SETTINGS = [("station", "game"), ("station", "language"), ("station", "log_level"), ("camera", "source"), ("camera", "fps"),
                 ("display", "rotate"), ("display", "contrast"), ("signals", "buzzer"), ("web", "port")]


def main_settings(games: Mapping[str, StationGame]) -> list[tuple[str, str]]:
    return MAIN_SETTINGS + [(name, "players") for name in games]


def field_name(section: str, key: str) -> str:
    return f"{section}.{key}"


def parse(section: str, key: str, text: str | None, games: Mapping[str, StationGame]) -> Any:
    """A form's text as the key's type (its default's); text that is not that type is returned
    as it is, so the key's check refuses it with the file's message."""
    default = schema(games)[section][key].default
    if isinstance(default, bool):
        return text is not None and text not in ("", "0", "false", "off")
    if text is None:
        return ""
    text = text.strip()
    try:
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        return text
    return text


def apply_changes(path: Path, form: Mapping[str, str], games: Mapping[str, StationGame]) -> StationConfig:
    """Change the main settings in ``form`` in the file at ``path`` (checked with the sections of
    ``games``); ``ConfigFileError`` (the file's message) when a value is refused, and then the
    file is untouched."""
    text = path.read_text(encoding="utf-8")
    current = check_config(tomllib.loads(text), path, games)
    for section, key in main_settings(games):
        name = field_name(section, key)
        if name not in form and not isinstance(schema(games)[section][key].default, bool):
            continue
        value = parse(section, key, form.get(name), games)
        if value == current[section][key]:
            continue
        reason = schema(games)[section][key].check(value)
        if reason:
            raise ConfigFileError(path, f"[{section}] {key}", reason)
        text = set_value(text, section, key, value)
    checked = check_config(tomllib.loads(text), path, games)  # the whole file, as the daemon will read it
    write_atomically(path, text)
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
