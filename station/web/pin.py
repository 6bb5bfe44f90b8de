"""The teacher page's PIN: six digits made once, kept in the state folder (readable by the
station's user only), shown on the OLED on request; every request must carry it."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

PIN_NAME = "web-pin"
DIGITS = 6


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
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{PIN_NAME}.tmp")
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(pin + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, path)
    return pin
