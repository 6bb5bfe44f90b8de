"""What a class's Mosquitto needs, written by ``mathstation broker setup``: a password file (made
by Mosquitto's own ``mosquitto_passwd``, never hashed here), an ACL (each station writes only its
own topics; the teacher reads the class and writes the roster, the room and forget), a config
snippet for ``/etc/mosquitto/conf.d`` (no anonymous access, persistence on, an optional TLS
listener), and each station's ``[classroom]`` lines to paste. docs/classroom.md tells the steps.
"""

from __future__ import annotations

import secrets
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from station.classroom import topics

TEACHER = "teacher"
PASSWORDS, ACL, CONF = "passwords", "acl", "mathstation.conf"
BROKER_GROUP = "mosquitto"   # Debian's Mosquitto reads its files as this user, after dropping root


class SetupError(Exception):
    """The broker's files cannot be written; the message says what to do."""


@dataclass(frozen=True)
class Tls:
    """A TLS listener: the broker's certificate and key, and the CA that signed it (its file is
    also what each station's ``ca_file`` names)."""

    cert: Path
    key: Path
    ca: Path
    port: int = 8883


@dataclass
class Setup:
    class_name: str
    stations: list[str]
    host: str = "localhost"      # how the stations reach the broker (for their [classroom] lines)
    port: int = 1883
    teacher: str = TEACHER
    tls: Tls | None = None
    passwords: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        topics.slug(self.class_name, "class")
        if not self.stations:
            raise SetupError("name at least one station: --stations table-1,table-2")
        for station in self.stations:
            topics.slug(station, "station")
        if len(set(self.stations)) != len(self.stations):
            raise SetupError("each station needs a name of its own")
        if self.teacher in self.stations:
            raise SetupError(f"{self.teacher!r} is the teacher's user: give the station another name")
        for user in [self.teacher, *self.stations]:
            self.passwords.setdefault(user, secrets.token_urlsafe(18))


def acl(setup: Setup) -> str:
    """Mosquitto's ACL: what each user may read and write (anything else is refused)."""
    root = topics.class_root(setup.class_name)
    lines = [f"# Math Card Station, class {setup.class_name}: written by `mathstation broker setup`.",
             "# Each station writes only its own topics and reads what the teacher publishes;",
             "# the teacher reads the whole class and writes the roster, the room and forget.", "",
             f"user {setup.teacher}", f"topic read {root}/#", f"topic write {topics.roster(setup.class_name)}",
             f"topic write {topics.room(setup.class_name)}", f"topic write {topics.every_forget(setup.class_name)}"]
    for station in setup.stations:
        lines += ["", f"user {station}", f"topic write {topics.station_own(setup.class_name, station)}",
                  f"topic read {topics.roster(setup.class_name)}", f"topic read {topics.room(setup.class_name)}",
                  f"topic read {topics.every_forget(setup.class_name)}"]
    return "\n".join(lines) + "\n"


def conf(setup: Setup, folder: Path) -> str:
    """The snippet for /etc/mosquitto/conf.d/: the files in ``folder``, no anonymous access."""
    lines = ["# Math Card Station's class broker: written by `mathstation broker setup`.",
             "# Copy it to /etc/mosquitto/conf.d/ and restart Mosquitto (docs/classroom.md).",
             "per_listener_settings false", "allow_anonymous false",
             f"password_file {folder / PASSWORDS}", f"acl_file {folder / ACL}",
             "persistence true   # retained states, game records and queued messages outlive a restart",
             "# saved to disk every minute (Mosquitto's default is every 30): after a power cut, each station",
             "# sends again what the broker acknowledged in its last 3 minutes, when it connects anew",
             "autosave_interval 60",
             "", f"listener {setup.port}"]
    if setup.tls is not None:
        lines += ["", "# TLS: the stations connect here with ca_file = the CA below",
                  f"listener {setup.tls.port}", f"cafile {setup.tls.ca}", f"certfile {setup.tls.cert}",
                  f"keyfile {setup.tls.key}", "tls_version tlsv1.2"]
    return "\n".join(lines) + "\n"


def station_lines(setup: Setup, station: str, ca_file: str = "") -> str:
    """A station's ``[classroom]`` section, to paste into its /etc/mathstation/station.toml."""
    title = station.replace("-", " ").capitalize()
    tls = setup.tls is not None
    return "\n".join([
        "[classroom]", f'broker = "{setup.host}"', f"port = {setup.tls.port if setup.tls else setup.port}",
        f'class = "{setup.class_name}"', f'station = "{station}"', f'title = "{title}"', f'username = "{station}"',
        f'password = "{setup.passwords[station]}"', f"tls = {'true' if tls else 'false'}",
        f'ca_file = "{ca_file}"' if tls else 'ca_file = ""']) + "\n"


def write(setup: Setup, folder: Path, *, force: bool = False, mosquitto_passwd: str | None = None) -> list[Path]:
    """Write every file into ``folder`` (private: the passwords are in it); returns them."""
    tool = mosquitto_passwd or shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    if not Path(tool).exists():
        raise SetupError("mosquitto_passwd is not installed: sudo apt install mosquitto (it comes with it)")
    if (folder / PASSWORDS).exists() and not force:
        raise SetupError(f"{folder} already holds a class's passwords: add --force to make new ones "
                         "(every station's [classroom] password then changes)")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o750)
    passwords = folder / PASSWORDS
    passwords.unlink(missing_ok=True)
    passwords.touch(mode=0o640)
    for user, secret in setup.passwords.items():
        done = subprocess.run([tool, "-b", str(passwords), user, secret], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SetupError(f"mosquitto_passwd could not add {user}: {(done.stderr or done.stdout).strip()}")
    written = [passwords]
    for name, text in ((ACL, acl(setup)), (CONF, conf(setup, folder.resolve()))):
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    ca = f"/etc/mathstation/{setup.tls.ca.name}" if setup.tls else ""
    for station in setup.stations:
        path = folder / f"station-{station}.toml"
        path.write_text(station_lines(setup, station, ca), encoding="utf-8")
        path.chmod(0o600)
        written.append(path)
    teacher = teacher_file(setup, folder)
    teacher.write_text(setup.passwords[setup.teacher] + "\n", encoding="utf-8")   # what [broker] password_file reads
    teacher.chmod(0o600)
    return [*written, teacher]


def teacher_file(setup: Setup, folder: Path) -> Path:
    """The teacher's password alone on its first line: the dashboard's ``[broker] password_file``."""
    return folder / f"{setup.teacher}.password"


def give_to_broker(folder: Path) -> bool:
    """Let Mosquitto's group read the folder, its passwords and its ACL (Mosquitto started by root
    drops to its own user before it opens them); False when this user may not (not root)."""
    try:
        for path in (folder, folder / PASSWORDS, folder / ACL):
            shutil.chown(path, group=BROKER_GROUP)
    except (LookupError, PermissionError):
        return False
    (folder / ACL).chmod(0o640)
    return True
