"""Writing an output file all or nothing: a failed or interrupted print leaves no half-written
PDF or PNG behind (the old file, if any, stays as it was)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class OutputError(OSError):
    """The output path cannot be written; the message says why and names the path."""


def check_writable(path: Path) -> None:
    """Fail early, before minutes of rendering, if ``path`` cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name, e.g. {path / 'deck.pdf'}")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{path}: {folder} is a file, not a folder")
    if not folder.is_dir():
        raise OutputError(f"{path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: cannot write in folder {folder} (permission denied)")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"{path}: the file exists and is read-only")


@contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """A binary file that becomes ``path`` only when the block ends without an error."""
    check_writable(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise OutputError(f"{path}: cannot create a file in {folder} ({exc.strerror or exc})") from exc
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # what a plain open() would have given
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
