"""The tests' one wait: look again until something holds, never longer than needed (no timed
assertions: on a busy shared machine a wait may take long, and only a wait that never ends fails)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

PATIENCE = 60.0   # seconds a wait (for the broker, a thread, a tick) may take on a busy machine


def eventually(check: Callable[[], Any], what: str = "", patience: float = PATIENCE,
               step: Callable[[], None] | None = None) -> Any:
    """``check()``'s first true value, calling ``step`` (e.g. a main-loop tick) before each look;
    AssertionError saying ``what`` once ``patience`` runs out."""
    deadline = time.monotonic() + patience
    while True:
        if step is not None:
            step()
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened within {patience} s: {what or check}")
        time.sleep(0.02)
