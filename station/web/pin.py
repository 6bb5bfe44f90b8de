"""The teacher page's secrets, kept in the state folder (readable by the station's user only): the
PIN (six digits made once, shown on the OLED on request) and the key that signs the browsers'
session cookies (made once, so a restart keeps teachers signed in)."""

from __future__ import annotations

import secrets
from pathlib import Path

from station.atomic_file import write_atomically

PIN_NAME = "web-pin"
SECRET_NAME = "web-secret"
DIGITS = 6
SECRET_BYTES = 32


def load_or_make_pin(state_dir: Path) -> str:
    """The stored PIN, or a new one (written atomically, mode 0600) when there is none or it is not six digits."""
    path = Path(state_dir) / PIN_NAME
    try:
        pin = path.read_text(encoding="utf-8").strip()
        if len(pin) == DIGITS and pin.isdigit():
            return pin
    except (OSError, UnicodeDecodeError):
        pass
    pin = f"{secrets.randbelow(10 ** DIGITS):0{DIGITS}d}"
    write_private(path, pin + "\n")
    return pin


def load_or_make_secret(state_dir: Path) -> bytes:
    """The stored signing key, or a new one when there is none or it is damaged (every session then ends)."""
    path = Path(state_dir) / SECRET_NAME
    try:
        secret = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(secret) == SECRET_BYTES:
            return secret
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    secret = secrets.token_bytes(SECRET_BYTES)
    write_private(path, secret.hex() + "\n")
    return secret


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` whole with ``text``, readable by this user only."""
    write_atomically(path, text, mode=0o600)
