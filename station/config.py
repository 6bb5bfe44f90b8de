"""The station config: one TOML file, checked whole at start.

A teacher or maker edits ``/etc/mathstation/station.toml`` by hand, so every mistake gets one
line that names the file, the key and the reason (``station.toml: [display] i2c_address: must be
a whole number from 3 to 119, not "3C"``), and a typo'd key is refused with a suggestion rather
than silently ignored. Every key has a default (``firmware_config/station.toml`` lists them all
with comments), so an empty file is a valid config. One kind of mistake does not stop the
station: a seat's name that breaks the rule every name follows (``station.names``) is set aside
for a stand-in and kept as a ``ConfigWarning`` (``StationConfig.warnings``), which the daemon
logs and shows on the OLED.

The schema is data: one table of sections and keys below. The vision thresholds come straight
from the pipeline's and tracker's settings dataclasses, so a new threshold needs no edit here,
and each game adds its own ``[<game>]`` section from its plug-in, so a new game needs none
either: the layer that chose the games (the daemon, the CLI, the simulator) hands their plug-ins
to ``load_config``; this module names no game.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from station.i18n import _, language_problem, languages, lazy_gettext
from station.classroom.topics import BadSlug, slug
from station.paths import default_state_dir, folder_problem
from station.settings import Check, Key, number, one_of, shown, text, whole, yes_no
from station.vision.pipeline import PipelineSettings
from station.vision.track import TrackSettings

if TYPE_CHECKING:
    from station.game_plugin import StationGame

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

BUTTON_NAMES = ("select", "confirm", "back", "spare")


class ConfigFileError(ValueError):
    """The station config cannot be used; the message names the file, the key and the reason."""

    def __init__(self, path: Path | str, key: str, reason: str) -> None:
        self.path, self.key, self.reason = Path(path), key, reason
        where = f"{key}: " if key else ""
        super().__init__(f"{Path(path).name}: {where}{reason}")

    @property
    def short(self) -> str:
        """The same for a 128x64 screen: the key and the reason, no path."""
        return f"{self.key}: {self.reason}" if self.key else self.reason


@dataclasses.dataclass(frozen=True)
class ConfigWarning:
    """A value set aside for one the station can use: it starts all the same, and says so."""

    path: Path
    key: str
    reason: str
    brief: str  # the reason in a few words

    def __str__(self) -> str:
        return f"{self.path.name}: {self.key}: {self.reason}"

    @property
    def short(self) -> str:
        """For a 128x64 screen: the key and the reason in a few words, no path."""
        return f"{self.key}: {self.brief}"


def _state_dir(value: Any) -> str | None:
    if not isinstance(value, str):
        return text(value)
    return folder_problem(Path(value)) if value else None


def _record(value: Any) -> str | None:
    """A folder for PNG frames, or a .gif file (whose folder must be one a file system can hold)."""
    if not isinstance(value, str):
        return text(value)
    if not value:
        return None
    path = Path(value)
    return folder_problem(path.parent, path.name) if path.suffix.lower() == ".gif" else folder_problem(path, "frame-00001.png")


def _camera_source(value: Any) -> str | None:
    if not isinstance(value, str):
        return text(value)
    from station.hardware.camera import BadCameraSpec, parse_spec

    try:
        parse_spec(value)
    except BadCameraSpec as exc:
        return str(exc)
    return None


def _address(value: Any) -> str | None:
    """An IP address of this machine to listen on: "0.0.0.0" every network, "127.0.0.1" this one only."""
    import ipaddress

    if not isinstance(value, str):
        return text(value)
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return _("must be an IP address such as \"0.0.0.0\" (every network) or \"127.0.0.1\" (this machine), not "
                 "{value}", value=shown(value))
    return None


def _language(value: Any) -> str | None:
    """A language with catalogs shipped (``station.i18n``): the message names those there are."""
    return language_problem(value)


_language.choices = languages()  # type: ignore[attr-defined]  # the teacher's page offers them as a list


def _slug_or_none(what: str) -> Check:
    """A class's or station's name as one topic level (``station.classroom.topics.slug``), or ""."""
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return text(value)
        if value == "":
            return None
        try:
            slug(value, what)
        except BadSlug:
            return _("use 1 to 40 lower-case letters, digits and dashes (like room-12), not {value}", value=shown(value))
        return None
    return check


def _file_or_none(value: Any) -> str | None:
    """A file the station reads at start (a password, a CA certificate), or "" for none."""
    if not isinstance(value, str):
        return text(value)
    if not value:
        return None
    try:   # (a ~user that does not exist, a name too long for the file system: no such file either)
        found = Path(value).expanduser().is_file()
    except (OSError, RuntimeError, ValueError):
        found = False
    return None if found else _("no such file: {value} (give the full path, or \"\" for none)", value=shown(value))


def _optional_pin(value: Any) -> str | None:
    if value == "":
        return None
    return whole(2, 27)(value) and _("must be a BCM pin number from 2 to 27 (or \"\" for none), not {value}",
                                     value=shown(value))


def _alsa_device(value: Any) -> str | None:
    if not isinstance(value, str):
        return text(value)
    if not value or any(c.isspace() for c in value):
        return _("must be an ALSA device name such as \"default\" or \"plughw:CARD=Headphones\", not {value}",
                 value=shown(value))
    return None


def _voice_name(value: Any) -> str | None:
    if not isinstance(value, str):
        return text(value)
    if not value or not all(c.isalnum() or c in "-_+" for c in value):
        return _("must be a voice name such as \"en-us\" or \"en-gb\", not {value}", value=shown(value))
    return None


def _sound_folder(value: Any) -> str | None:
    if not isinstance(value, str):
        return text(value)
    return folder_problem(Path(value), "sounds.jsonl") if value else None


#: Thresholds whose generous range would break the pipeline (a step or a period of 0 divides by
#: zero every frame) or mean nothing (a share above 1, a grey level above 255, a half turn and more).
THRESHOLD_RANGES: dict[str, tuple[float, float]] = {
    "downscale": (1, 16), "change_level": (1, 255), "full_pass_every": (1, 10_000), "margin_px": (0, 2_000),
    "disturbed_share": (0.01, 1), "blur_drop": (0, 1), "turn_deg": (0, 90), "cover_after_frames": (1, 10_000),
}


def _from_dataclass(settings: type) -> dict[str, Key]:
    """Keys for a settings dataclass: the default sets the type; the range is ``THRESHOLD_RANGES``'s
    or a generous one."""
    keys = {}
    for f in dataclasses.fields(settings):
        default = f.default
        low, high = THRESHOLD_RANGES.get(f.name, (0, 10_000))
        check = whole(int(low), int(high)) if isinstance(default, int) else number(low, high)
        keys[f.name] = Key(default, check)
    return keys


#: section -> key -> Key, for the station itself; a nested table (``[buttons.pins]``) is a section
#: named with a dot. ``schema(games)`` adds a section per game.
STATION_SCHEMA: dict[str, dict[str, Key]] = {
    "station": {
        "state_dir": Key("", _state_dir, "where the game journal lives; \"\" = systemd's StateDirectory or ~/.local/state"),
        "log_level": Key("info", one_of("debug", "info", "warning", "error")),
        "language": Key("en", _language, lazy_gettext("the language the station speaks: \"en\" English, \"es\" Spanish")),
    },
    "camera": {
        "source": Key("picamera2", _camera_source,
                      lazy_gettext("picamera2, picamera2:N, usb:N, usb:/dev/videoN, folder:PATH, file:PATH, virtual")),
        "width": Key(1920, whole(160, 4656)),
        "height": Key(1080, whole(120, 3496)),
        "fps": Key(10, number(0.5, 60)),
        "retry_every": Key(2.0, number(0.2, 60), "seconds between tries to get a lost camera back"),
    },
    "display": {
        "backend": Key("ssd1306", one_of("ssd1306", "sh1106", "terminal", "dummy", "none")),
        "i2c_port": Key(1, whole(0, 20)),
        "i2c_address": Key(0x3C, whole(3, 119), "0x3C for most modules, 0x3D for some"),
        "rotate": Key(0, lambda v: None if type(v) is int and v in (0, 2) else
                      _("must be 0 or 2 (the screens are landscape; 2 = upside down), not {value}", value=shown(v)),
                      lazy_gettext("2 turns the picture upside down")),
        "contrast": Key(255, whole(0, 255)),
        "record": Key("", _record, "a folder for PNG frames or a .gif file; \"\" records nothing"),
    },
    "buttons": {
        "backend": Key("gpio", one_of("gpio", "keyboard", "none")),
        "pin_factory": Key("", text, "gpiozero pin factory: \"\" = its default (lgpio on a Pi), \"mock\" for tests"),
        "bounce_time": Key(0.05, number(0, 1)),
        "hold_time": Key(1.0, number(0.3, 5), "seconds held for a long press"),
    },
    "buttons.pins": {name: Key(pin, _optional_pin) for name, pin in zip(BUTTON_NAMES, (17, 27, 22, 23))},
    "signals": {
        "backend": Key("gpio", one_of("gpio", "terminal", "none")),
        "buzzer": Key("active", one_of("active", "tonal")),
        "buzzer_pin": Key(12, _optional_pin),
        "led_pin": Key(25, _optional_pin),
    },
    "sound": {
        "backend": Key("none", one_of("alsa", "files", "none"),
                       "alsa: a speaker (docs/sound.md); files: WAV files and sounds.jsonl in folder; none: the buzzer only"),
        "device": Key("default", _alsa_device, "the ALSA device: \"default\", or one `aplay -L` lists"),
        "volume": Key(80, whole(0, 100), lazy_gettext("0-100: how loud the speaker is; setup's Volume row changes it")),
        "quiet": Key(False, yes_no, lazy_gettext("the six sounds only, no spoken words; setup's Sound row changes it")),
        "muted": Key(False, yes_no, lazy_gettext("nothing from the speaker at all (the buzzer still beeps); "
                                                 "setup's Sound row changes it")),
        "engine": Key("espeak-ng", one_of("espeak-ng", "festival")),
        "voice": Key("en-us", _voice_name, "espeak-ng's voice (espeak-ng --voices)"),
        "voice_es": Key("es-419", _voice_name, "espeak-ng's voice for Spanish: \"es-419\" Latin America, \"es\" Spain"),
        "speed": Key(150, whole(80, 300), "words a minute"),
        "folder": Key("", _sound_folder, "backend files: where the WAV files go"),
    },
    "vision": {"decoder": Key("auto", one_of("auto", "zxing-cpp", "pyzbar")), **_from_dataclass(PipelineSettings)},
    "vision.tracking": _from_dataclass(TrackSettings),
    "web": {
        "enabled": Key(False, yes_no, "serve the teacher's page (docs/teacher.md); off: no port is opened"),
        "port": Key(8080, whole(1024, 65535)),
        "bind": Key("0.0.0.0", _address, "\"0.0.0.0\": the local network; \"127.0.0.1\": this machine only"),
    },
    "virtual_table": {
        "enabled": Key(False, yes_no, "play by hand in a browser (docs/virtual-table.md): the camera sees the table "
                                      "the page lays out, and the teacher's page serves it on /table"),
        "blur_px": Key(0.0, number(0, 5), "the virtual camera's lens blur (Gaussian sigma, px)"),
        "noise": Key(0.0, number(0, 30), "the virtual camera's sensor noise (sigma, grey levels)"),
    },
    "classroom": {
        "broker": Key("", text, "the class's MQTT broker (host name or IP); \"\" = this station plays alone"),
        "port": Key(1883, whole(1, 65535), "1883, or 8883 with TLS"),
        "class": Key("", _slug_or_none("class"), "the class's name: lower-case letters, digits and dashes"),
        "station": Key("", _slug_or_none("station"), "this station's name in the class, e.g. table-3"),
        "title": Key("", text, "what the dashboard calls it (\"Table 3\"); \"\" = its name"),
        "username": Key("", text, "its broker user; \"\" = its name"),
        "password": Key("", text, "its broker password (or password_file)"),
        "password_file": Key("", _file_or_none, "a file whose first line is the password"),
        "tls": Key(False, yes_no, "talk to the broker over TLS"),
        "ca_file": Key("", _file_or_none, "the CA certificate the broker's is signed by; \"\" = the system's"),
    },
}


def schema(games: Mapping[str, StationGame]) -> dict[str, dict[str, Key]]:
    """The whole schema: the station's sections and one per game of ``games`` (name -> plug-in,
    in menu order), from its plug-in."""
    return _schema(tuple(games.items()))


@functools.cache
def _schema(games: tuple[tuple[str, StationGame], ...]) -> dict[str, dict[str, Key]]:
    names = [name for name, _ in games]
    first = Key(next(iter(names), ""), one_of(*names), lazy_gettext("the game the menu offers first"))
    station = {**STATION_SCHEMA["station"], "game": first}
    return {**STATION_SCHEMA, "station": station, **{name: game.settings() for name, game in games}}


@dataclasses.dataclass(frozen=True)
class ClassroomSettings:
    """The ``[classroom]`` section of a station that joins a class (docs/classroom.md)."""

    host: str
    port: int
    class_name: str
    station: str
    title: str
    username: str
    password: str = dataclasses.field(repr=False)
    tls: bool = False
    ca_file: str | None = None


class StationConfig:
    """A checked config: ``config["display"]["backend"]``, every key present."""

    def __init__(self, values: dict[str, dict[str, Any]], games: Mapping[str, StationGame], path: Path | None = None,
                 warnings: tuple[ConfigWarning, ...] = ()) -> None:
        self._values = values
        self.games = games  # the plug-ins whose sections it was checked with
        self.path = path
        self.warnings = warnings  # values set aside; the station started with stand-ins for them

    def __getitem__(self, section: str) -> dict[str, Any]:
        return dict(self._values[section])

    def __contains__(self, section: object) -> bool:
        return section in self._values

    def as_dict(self) -> dict[str, dict[str, Any]]:
        return {section: dict(keys) for section, keys in self._values.items()}

    def state_dir(self) -> Path:
        """The journal's folder: the config's, else systemd's StateDirectory or the user's."""
        configured = self._values["station"]["state_dir"]
        return Path(configured).expanduser() if configured else default_state_dir()

    def pipeline_settings(self) -> PipelineSettings:
        vision = {k: v for k, v in self._values["vision"].items() if k != "decoder"}
        return PipelineSettings(**vision)

    def track_settings(self) -> TrackSettings:
        return TrackSettings(**self._values["vision.tracking"])

    def classroom(self) -> ClassroomSettings | None:
        """How this station joins its class, or None when it plays alone (no ``broker``)."""
        keys = self._values["classroom"]
        if not keys["broker"]:
            return None
        password = keys["password"]
        if keys["password_file"]:
            lines = Path(keys["password_file"]).expanduser().read_text(encoding="utf-8").splitlines()
            password = lines[0].strip() if lines else ""
        return ClassroomSettings(host=keys["broker"], port=keys["port"], class_name=keys["class"],
                                 station=keys["station"], title=keys["title"] or keys["station"],
                                 username=keys["username"] or keys["station"], password=password,
                                 tls=keys["tls"] or bool(keys["ca_file"]),
                                 ca_file=str(Path(keys["ca_file"]).expanduser()) if keys["ca_file"] else None)

    def with_overrides(self, overrides: Mapping[str, Mapping[str, Any]]) -> StationConfig:
        """A copy with some keys replaced (checked like the file): ``mathstation demo`` uses it."""
        raw = self.as_dict()
        for section, keys in overrides.items():
            raw.setdefault(section, {}).update(keys)
        return check_config(_nest(raw), self.path or Path("(overrides)"), self.games)


def load_config(path: Path | str | None, games: Mapping[str, StationGame]) -> StationConfig:
    """Read and check a config file, with a section for each of ``games`` (name -> plug-in, in
    menu order); ``None`` gives the defaults."""
    if path is None:
        return check_config({}, Path("(defaults)"), games)
    path = Path(path)
    try:
        content = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigFileError(path, "", _("no such file (copy firmware_config/station.toml there to start)")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigFileError(path, "", _("cannot be read: {reason}", reason=exc)) from None
    return parse_config(content, path, games)


def parse_config(content: str, path: Path, games: Mapping[str, StationGame]) -> StationConfig:
    """The text of a config file (``path`` names it in messages), parsed and checked."""
    try:
        raw = tomllib.loads(content)
    except tomllib.TOMLDecodeError as exc:
        twice = _section_twice(content)
        if twice is not None:
            section, first, second = twice
            raise ConfigFileError(path, f"[{section}]", _(
                "written twice (lines {first} and {second}): keep one, with the values you want (lines "
                "pasted from `mathstation broker setup` replace the [classroom] that was there)",
                first=first, second=second)) from None
        raise ConfigFileError(path, "", _("not valid TOML: {reason}", reason=exc)) from None
    except RecursionError:  # the parser recurses once per level: thousands of [ or { exhaust the stack
        raise ConfigFileError(path, _deepest_key(content), _("nested too deeply (hundreds of [ or { inside each other): "
                                                            "a station config never nests")) from None
    return check_config(raw, path, games)


def _section_twice(text: str) -> tuple[str, int, int] | None:
    """The first ``[section]`` header written twice, and its two line numbers (a section pasted
    in where one was already: TOML refuses it in words a teacher cannot act on)."""
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.fullmatch(r"\s*\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?", line)
        if header is None:
            continue
        if header.group(1) in seen:
            return header.group(1), seen[header.group(1)], number
        seen[header.group(1)] = number
    return None


def _deepest_key(text: str) -> str:
    """``[section] key`` of the line that opens the most brackets, for a file too deep to parse."""
    lines = text.splitlines() or [""]
    number = max(range(len(lines)), key=lambda i: lines[i].count("[") + lines[i].count("{"))
    key = lines[number].partition("=")[0].strip()
    header = next((line.strip() for line in reversed(lines[:number]) if line.strip().startswith("[")), "")
    where = f"{header} {key}" if header and len(header) < 40 and "=" not in header else key
    return where if key and len(key) < 40 and "[" not in key else f"line {number + 1}"


def check_config(raw: Mapping[str, Any], path: Path, games: Mapping[str, StationGame]) -> StationConfig:
    """Every key checked (each of ``games`` has its section), defaults filled in; the first
    problem raises ``ConfigFileError``."""
    values: dict[str, dict[str, Any]] = {}
    warnings: list[ConfigWarning] = []
    sections = schema(games)
    for section, keys in sections.items():
        table = _table(raw, section, path)
        values[section] = {}
        for name, key in keys.items():
            value = table.get(name, key.default)
            if key.repair is not None:
                value, problems = key.repair(value)
                warnings += [ConfigWarning(path, f"[{section}] {name}", reason, brief) for reason, brief in problems]
            reason = key.check(value)
            if reason:
                raise ConfigFileError(path, f"[{section}] {name}", reason)
            values[section][name] = list(value) if isinstance(value, list) else value
        for name in table:
            if name not in keys and f"{section}.{name}" not in sections:
                raise ConfigFileError(path, f"[{section}] {name}", _("unknown key") + _suggest(name, keys))
    for name, value in raw.items():
        if name not in sections and not isinstance(value, Mapping):
            raise ConfigFileError(path, name, _("a key outside any [section]: put it under the section it belongs to"))
        if name not in sections:
            raise ConfigFileError(path, f"[{name}]", _("unknown section") + _suggest(name, sections))
    for name, value in raw.items():
        for sub in value if isinstance(value, Mapping) else ():
            if isinstance(value[sub], Mapping) and f"{name}.{sub}" not in sections and sub not in sections.get(name, {}):
                # (a key of the section given as a table was checked, or repaired, as that key above)
                raise ConfigFileError(path, f"[{name}.{sub}]", _("unknown section") + _suggest(f"{name}.{sub}", sections))
    _check_classroom(values["classroom"], path)
    pins = [(k, p) for k, p in values["buttons.pins"].items() if p != ""]
    pins += [(k, p) for k, p in values["signals"].items() if k.endswith("_pin") and p != ""]
    seen: dict[int, str] = {}
    for name, pin in pins:
        if pin in seen:
            raise ConfigFileError(path, "pins", _("{one} and {other} are both on pin {pin}", one=seen[pin], other=name,
                                                  pin=pin))
        seen[pin] = name
    if values["sound"]["backend"] == "files" and not values["sound"]["folder"]:
        raise ConfigFileError(path, "[sound] folder", _("backend \"files\" writes WAV files: give it a folder"))
    return StationConfig(values, games, path, tuple(warnings))


def _check_classroom(keys: Mapping[str, Any], path: Path) -> None:
    """A station in a class (``broker`` set) needs the class, its own name and a password."""
    if not keys["broker"]:
        return
    for name in ("class", "station"):
        if not keys[name]:
            raise ConfigFileError(path, f"[classroom] {name}", _("is needed with a broker (lower-case letters, digits "
                                                                 "and dashes; `mathstation broker setup` prints it)"))
    if bool(keys["password"]) == bool(keys["password_file"]):
        raise ConfigFileError(path, "[classroom] password", _("give the broker password or a password_file, one of them"))
    if keys["password_file"]:
        try:
            Path(keys["password_file"]).expanduser().read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigFileError(path, "[classroom] password_file", _("cannot be read: {reason}", reason=exc)) from None


def _table(raw: Mapping[str, Any], section: str, path: Path) -> Mapping[str, Any]:
    table: Any = raw
    for part in section.split("."):
        table = table.get(part, {}) if isinstance(table, Mapping) else {}
        if not isinstance(table, Mapping):
            raise ConfigFileError(path, f"[{section}]", _("must be a table of keys ([section] with key = value lines)"))
    return table


def _nest(flat: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """``{"buttons.pins": {...}}`` back to ``{"buttons": {"pins": {...}}}``, as the file has it."""
    nested: dict[str, Any] = {}
    for section, keys in flat.items():
        table = nested
        for part in section.split("."):
            table = table.setdefault(part, {})
        table.update(keys)
    return nested


def _suggest(name: str, known: Any) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return " " + _("(did you mean {name}?)", name=repr(close[0])) if close else ""
