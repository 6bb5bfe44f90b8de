"""The Station page's settings: the config's main keys, changed with the file's own checks and
written whole.

The form's texts become the keys' values here; ``station.config_edit`` changes the file (the
line of each key, its comment kept), checks the new text exactly as ``mathstation run`` checks the
file, and only a text that passes replaces the file. A refused value gives the file's own message
and leaves the file as it was. The daemon reads the file when it starts: changes apply at the next
restart, and the page says so. The station writes the same file the same way when setup's Sound
and Volume rows change (``station.speaker_memory``), so the page shows what the station plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from station.config import StationConfig, schema
from station.config_edit import edit_config
from station.i18n import lazy_gettext

if TYPE_CHECKING:
    from station.game_plugin import StationGame

#: (section, key) pairs the page offers; each game's "players" is added from the plug-ins handed down.
MAIN_SETTINGS = [("station", "game"), ("station", "language"), ("station", "log_level"), ("camera", "source"), ("camera", "fps"),
                 ("display", "rotate"), ("display", "contrast"), ("signals", "buzzer"),
                 ("sound", "volume"), ("sound", "quiet"), ("sound", "muted"), ("web", "port")]

#: The page's words for keys a teacher reads as a sentence rather than as the file's key; the
#: others are shown as "section: key", as the file names them.
LABELS = {("sound", "volume"): lazy_gettext("Speaker: volume (percent)"),
          ("sound", "quiet"): lazy_gettext("Speaker: beeps only, no spoken words"),
          ("sound", "muted"): lazy_gettext("Speaker: off (the buzzer still beeps)")}


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
    file is untouched. A checkbox the form leaves out is off, as browsers send it."""
    changes = {}
    for section, key in main_settings(games):
        name = field_name(section, key)
        if name not in form and not isinstance(schema(games)[section][key].default, bool):
            continue
        changes[(section, key)] = parse(section, key, form.get(name), games)
    return edit_config(path, changes, games)
