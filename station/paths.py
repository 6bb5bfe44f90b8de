"""Where the station keeps what must outlive a restart: the game journal.

>>> JOURNAL_NAME
'journal.sqlite3'
"""

from __future__ import annotations

import os
from pathlib import Path

JOURNAL_NAME = "journal.sqlite3"

#: The folder systemd's ``StateDirectory=mathstation`` makes; a module constant so tests can move it.
SYSTEM_STATE_DIR = Path("/var/lib/mathstation")


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
