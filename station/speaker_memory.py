"""Setup's Sound and Volume choice, kept for the next start (a power cut, a restart).

A teacher who turns a table's station to "beeps only" must not hear it speak again after the
next power cut. The choice is written where the teacher's page and the file say the same thing:
the station config's ``[sound]`` keys (``quiet``, ``muted``, ``volume``), through the same
checked, whole, comment-keeping edit the page uses (``station.config_edit``).

Only the keys setup changed are written: a teacher's edit of the others (the volume, on the
page) since the start stays. Where the file cannot be written (a station started without a
config file, a file made read-only, a file since broken by hand), the
choice holds for this run, the log says why once, and a copy goes to the state folder
(``speaker.json``), which the service can always write. The copy names the file's ``[sound]``
values it was made over: at the next start it counts only while the file still says those, so a
teacher's later edit of the file (the newer word) wins over an older choice at the setup screen.
Nothing of this is shown to the children: the speaker sounds as chosen either way.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from station.atomic_file import write_atomically
from station.config import ConfigFileError, StationConfig
from station.config_edit import edit_config
from station.ui.setup import SOUND_MODES, Speaker

log = logging.getLogger("station.sound")

SPEAKER_NAME = "speaker.json"
"""The state folder's copy of setup's choice, when the config file could not take it."""
KEYS = ("quiet", "muted", "volume")
"""The ``[sound]`` keys that say how the speaker sounds."""


def sound_keys(speaker: Speaker, before: dict[str, Any]) -> dict[str, Any]:
    """The ``[sound]`` keys that say ``speaker``. Off is ``muted``; ``quiet`` keeps what it was
    (``before``) under off, so turning the sound on again comes back as it was."""
    return {"quiet": before["quiet"] if speaker.mode == "off" else speaker.mode == "quiet",
            "muted": speaker.mode == "off", "volume": speaker.volume}


class SpeakerMemory:
    """Where setup's speaker choice is kept: the config file, else the state folder."""

    def __init__(self, config: StationConfig) -> None:
        self.config = config
        self.path: Path | None = config.path
        self.copy = config.state_dir() / SPEAKER_NAME
        self.file_keys = {key: config["sound"][key] for key in KEYS}  # what the file said at start
        self._kept: Speaker | None = None
        self._told = False

    def recall(self) -> Speaker:
        """How the speaker starts: the config's ``[sound]``, or the state folder's copy of a later
        choice while the file still says what it said when the copy was made."""
        speaker = self._read_copy() or Speaker.of(self.file_keys)
        self._kept = speaker
        return speaker

    def keep(self, speaker: Speaker) -> None:
        """Keep setup's choice for the next start (nothing when it is the one kept already)."""
        if speaker == self._kept:
            return
        before = sound_keys(self._kept, self.file_keys) if self._kept is not None else {}
        self._kept = speaker
        every = sound_keys(speaker, self.file_keys)
        keys = {key: value for key, value in every.items() if before.get(key) != value}  # what setup changed
        if self.path is None or not self.path.is_file():
            self._tell("no config file to write it in")
        else:
            try:
                written = edit_config(self.path, {("sound", key): value for key, value in keys.items()},
                                      self.config.games)
            except ConfigFileError as exc:
                self._tell(str(exc))
            except OSError as exc:
                self._tell(f"cannot write {self.path} ({exc.strerror or exc})")
            else:
                self.file_keys = {key: written["sound"][key] for key in KEYS}
                self._forget_copy()
                log.info("setup's sound kept in %s: %s", self.path.name, _shown(keys))
                return
        self._write_copy(speaker)

    def _tell(self, why: str) -> None:
        if not self._told:
            self._told = True
            log.warning("setup's sound is not written to the config (%s): it holds for this run, and %s "
                        "keeps it for the next start", why, self.copy)

    def _forget_copy(self) -> None:
        """The file says it now: an older copy must not come back at the next start."""
        try:
            self.copy.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("%s cannot be removed (%s)", self.copy, exc.strerror or exc)

    def _write_copy(self, speaker: Speaker) -> None:
        record = {"mode": speaker.mode, "volume": speaker.volume, "over": self.file_keys}
        try:
            self.copy.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.copy, json.dumps(record) + "\n")
        except OSError as exc:
            log.error("setup's sound cannot be kept in %s either (%s): the next start takes the config's",
                      self.copy, exc.strerror or exc)

    def _read_copy(self) -> Speaker | None:
        try:
            record = json.loads(self.copy.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            log.warning("%s cannot be read (%s): the speaker starts as the config says", self.copy, exc)
            return None
        modes = [mode for mode, _label in SOUND_MODES]
        if (not isinstance(record, dict) or record.get("mode") not in modes or type(record.get("volume")) is not int
                or not 0 <= record["volume"] <= 100):
            log.warning("%s is not a speaker choice: the speaker starts as the config says", self.copy)
            return None
        if record.get("over") != self.file_keys:
            log.info("the config's [sound] changed since setup's choice in %s: the config's is used", self.copy)
            return None
        return Speaker(record["mode"], record["volume"])


def _shown(keys: dict[str, Any]) -> str:
    return ", ".join(f"{key} = {json.dumps(value)}" for key, value in keys.items())
