"""A change counter the page's live streams wait on: the broker's thread calls ``changed`` after
each thing it keeps (a live state, a status, a record, the broker coming or going), each open
stream wakes and sends the room as it now is. Nothing is copied here: the stream reads the store.
"""

from __future__ import annotations

import threading


class ChangeBoard:
    def __init__(self) -> None:
        self.version = 0
        self._condition = threading.Condition()

    def changed(self) -> None:
        with self._condition:
            self.version += 1
            self._condition.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The version once it is past ``seen``, or ``seen`` after ``timeout`` seconds of nothing."""
        with self._condition:
            self._condition.wait_for(lambda: self.version != seen, timeout)
            return self.version
