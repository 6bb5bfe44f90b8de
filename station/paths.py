"""Where the station keeps what must outlive a restart: the game journal.

>>> JOURNAL_NAME
'journal.sqlite3'
"""

from __future__ import annotations

import os
from pathlib import Path

from station.i18n import _

JOURNAL_NAME = "journal.sqlite3"

#: The folder systemd's ``StateDirectory=mathstation`` makes; a module constant so tests can move it.
SYSTEM_STATE_DIR = Path("/var/lib/mathstation")
SYSTEM_CONFIG = Path("/etc/mathstation/station.toml")  # the station config the daemon and the CLI read by default


def default_state_dir(*, writable: bool = True) -> Path:
    """The folder of the game journal when the config names none.

    The order follows who is asking. Under systemd, ``$STATE_DIRECTORY`` is the folder systemd
    made and owns for the service (it may list several, colon-separated: the first is ours), so
    it always wins. Run by hand on a Pi, the station and ``mathstation history`` must still find
    the service's journal in ``/var/lib/mathstation``. On a laptop, with no such folder, the
    XDG base directory spec puts state in ``$XDG_STATE_HOME`` (``~/.local/state``).

    ``writable=False`` is for readers such as ``mathstation history``: a teacher's account can
    read the service's journal without being able to write beside it, and must not be sent to an
    empty journal of its own.
    """
    listed = os.environ.get("STATE_DIRECTORY", "")
    first = listed.split(":")[0]
    if first:
        return Path(first)
    wanted = os.W_OK | os.X_OK if writable else os.R_OK | os.X_OK
    if SYSTEM_STATE_DIR.is_dir() and os.access(SYSTEM_STATE_DIR, wanted):
        return SYSTEM_STATE_DIR
    xdg = os.environ.get("XDG_STATE_HOME", "")
    if xdg and Path(xdg).is_absolute():   # the spec says to ignore a relative path
        return Path(xdg) / "mathstation"
    return Path.home() / ".local" / "state" / "mathstation"


def journal_path(state_dir: Path | None = None, *, writable: bool = True) -> Path:
    """The journal file in ``state_dir`` (default: ``default_state_dir()``)."""
    return (state_dir if state_dir is not None else default_state_dir(writable=writable)) / JOURNAL_NAME


#: The longest name the journal's folder must hold: a damaged journal kept aside, with its log.
LONGEST_NAME = f"{JOURNAL_NAME}.damaged-20260101-000000-99-wal"


def folder_problem(folder: Path, longest_name: str = LONGEST_NAME) -> str | None:
    """Why ``folder`` cannot be made to hold a file called ``longest_name`` (by default the
    journal's longest), judged without creating anything, or None.

    The config check asks this so that a folder the file system cannot hold (a name longer than
    it allows, a path under a file, a NUL) stops the station with a config error at start, not
    with a failure to open the journal that systemd would restart in a loop. Permissions are not
    judged here: they are fixed with chown, not in the config, and the journal says how."""
    text = str(folder)
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        return _("holds a control character (a stray \\n or \\0?)")
    folder = folder.expanduser().absolute()
    existing = folder
    while not _exists(existing) and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return _("{path} is a file, not a folder: no folder can be made inside it", path=existing)
    name_max, path_max = _limits(existing)
    longest = max(folder.parts, key=lambda part: len(os.fsencode(part)))
    if len(os.fsencode(longest)) > name_max:
        return _("a folder name is longer than the file system allows ({length} bytes, at most {most})",
                 length=len(os.fsencode(longest)), most=name_max)
    if len(os.fsencode(str(folder / longest_name))) >= path_max:
        return _("the path is longer than the file system allows ({length} bytes; paths stop at {most})",
                 length=len(os.fsencode(text)), most=path_max)
    return None


def _exists(path: Path) -> bool:
    """Like ``Path.exists``, but a name too long to look up is simply not there."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _limits(folder: Path) -> tuple[int, int]:
    """The file system's longest name and path, in bytes (POSIX's usual values where it will not say)."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX"), os.pathconf(folder, "PC_PATH_MAX")
    except (OSError, ValueError, AttributeError):
        return 255, 4096
