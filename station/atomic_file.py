"""Replacing a file whole: what the station keeps (the roster copy, the PIN, the lens, the mat's
markers, a printed PDF, the settings) is written to a temp file in the same folder and renamed
over the old one, so a crash or a power cut leaves the old file or the new one, never half of one.

One place for the steps, because each is easy to forget: a temp name no other writer shares, the
permissions a plain ``open()`` would give (or the caller's, e.g. 0600 for a secret), flush and
fsync before the rename, fsync of the folder after it so the rename itself survives a power cut.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


@contextmanager
def replacing(path: Path, *, mode: int | None = None, durable: bool = True) -> Iterator[BinaryIO]:
    """A binary file that becomes ``path`` only when the block ends without an error (else it is
    removed and ``path`` stays as it was). ``mode``: the file's permissions exactly, whatever the
    umask (a file replaced keeps its own: the service's umask is 0077); without it, what a plain
    ``open()`` gives (0o666 under the umask). ``durable=False`` skips the fsyncs,
    for a file that is only a hint and is written often (a half-written one must then read as
    damaged)."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{path.name}.{secrets.token_hex(6)}.tmp"
    # O_EXCL: a name no other writer holds; the kernel applies the umask to the mode, as open() does
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
    if mode is not None:
        os.fchmod(handle, mode)   # before the rename: a power cut never leaves it with the umask's
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    if durable:
        sync_folder(folder)


def write_atomically(path: Path, data: str | bytes, *, mode: int | None = None, durable: bool = True) -> None:
    """Replace ``path`` whole with ``data`` (text is written as UTF-8, line ends as they are);
    ``mode`` and ``durable`` as for :func:`replacing`."""
    with replacing(path, mode=mode, durable=durable) as stream:
        stream.write(data.encode("utf-8") if isinstance(data, str) else data)


def sync_folder(folder: Path) -> None:
    """Put ``folder``'s entries on disk: a rename or a new file in it survives a power cut."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
