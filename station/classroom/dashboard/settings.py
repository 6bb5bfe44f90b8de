"""The class dashboard's config file (firmware_config/classroom.toml documents every key): where
the broker is and who the teacher is on it, which class, where the page listens and where the
dashboard keeps its store. Every key is checked at start; the first problem is named by its
``[section] key`` with what to write instead.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10 (Raspberry Pi OS bookworm has 3.11)
    import tomli as tomllib  # type: ignore[no-redef]

from station.classroom.topics import BadSlug, slug
from station.i18n import _
from station.paths import default_state_dir

DEFAULT_PATH = Path("/etc/mathstation/classroom.toml")
STATE_SUBFOLDER = "classroom"   # beside a station's own journal, never mixed with its roster or PIN


class SettingsError(ValueError):
    """A config the dashboard cannot start with: ``where`` is the file and key, the message says what to do."""

    def __init__(self, path: Path, key: str, reason: str) -> None:
        super().__init__(f"{path}: {key + ': ' if key else ''}{reason}")
        self.path, self.key, self.reason = path, key, reason


@dataclass(frozen=True)
class Settings:
    class_name: str
    host: str
    port: int
    user: str
    password: str = ""
    tls_ca: Path | None = None
    bind: str = "0.0.0.0"
    page_port: int = 8090
    state_dir: Path = Path(".")

    @property
    def client_id(self) -> str:
        """Fixed, so the broker keeps the dashboard's session (and queues its records) while it is closed."""
        return f"mathstation-dashboard-{self.class_name}"


def load_settings(path: Path) -> Settings:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SettingsError(path, "", _("no such file (copy firmware_config/classroom.toml there and fill it in)")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(path, "", _("cannot be read: {reason}", reason=exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(path, "", _("not valid TOML: {reason}", reason=exc)) from None
    return check_settings(raw, path)


def check_settings(raw: dict[str, Any], path: Path) -> Settings:
    known = {"classroom": {"class", "state_dir"},
             "broker": {"host", "port", "user", "password", "password_file", "tls_ca"},
             "page": {"bind", "port"}}
    for section, value in raw.items():
        if section not in known:
            raise SettingsError(path, f"[{section}]", _("not a section of this file (it has {sections})",
                                                         sections=", ".join(known)))
        if not isinstance(value, dict):
            raise SettingsError(path, section, _("must be a section: {section}", section="[" + section + "]"))
        for key in value:
            if key not in known[section]:
                raise SettingsError(path, f"[{section}] {key}", _("not a key of {section} (it has {keys})",
                                                                  section="[" + section + "]",
                                                                  keys=", ".join(sorted(known[section]))))

    def text(section: str, key: str, default: str | None = None) -> str:
        value = raw.get(section, {}).get(key, default)
        if value is None:
            raise SettingsError(path, f"[{section}] {key}", _("missing: the file must say it"))
        if not isinstance(value, str):
            raise SettingsError(path, f"[{section}] {key}", _("must be text in quotes, not {value}", value=repr(value)))
        return value.strip()

    def port(section: str, key: str, default: int) -> int:
        value = raw.get(section, {}).get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 65535:
            raise SettingsError(path, f"[{section}] {key}", _("must be a port number from 1 to 65535, not {value}",
                                                              value=repr(value)))
        return value

    try:
        class_name = slug(text("classroom", "class"), "class")
    except BadSlug as exc:
        raise SettingsError(path, "[classroom] class", str(exc)) from None
    host = text("broker", "host")
    if not host:
        raise SettingsError(path, "[broker] host", _("empty: write the broker's address, like \"192.168.1.10\""))
    user = text("broker", "user", "teacher")
    password = text("broker", "password", "")
    password_file = text("broker", "password_file", "")
    if password and password_file:
        raise SettingsError(path, "[broker] password", _("give the password or a password_file, not both"))
    if password_file:
        try:
            password = Path(password_file).expanduser().read_text(encoding="utf-8").splitlines()[0].strip()
        except (OSError, UnicodeDecodeError, IndexError) as exc:
            raise SettingsError(path, "[broker] password_file", _("{file} cannot be read ({reason})", file=password_file,
                                reason=getattr(exc, "strerror", None) or exc or _("empty"))) from None
    tls_ca = text("broker", "tls_ca", "")
    if tls_ca and not Path(tls_ca).expanduser().is_file():
        raise SettingsError(path, "[broker] tls_ca", _("{file} is not a file: name the CA certificate (ca.crt) that "
                                                       "signed the broker's certificate", file=tls_ca))
    bind = text("page", "bind", "0.0.0.0")
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        raise SettingsError(path, "[page] bind", _("{bind} is not an address: \"0.0.0.0\" (every network) or this "
                                                   "machine's address on the school's network", bind=repr(bind))) from None
    folder = text("classroom", "state_dir", "")
    state_dir = Path(folder).expanduser() if folder else default_state_dir() / STATE_SUBFOLDER
    return Settings(class_name=class_name, host=host, port=port("broker", "port", 8883 if tls_ca else 1883),
                    user=user, password=password, tls_ca=Path(tls_ca).expanduser() if tls_ca else None,
                    bind=bind, page_port=port("page", "port", 8090), state_dir=state_dir)
