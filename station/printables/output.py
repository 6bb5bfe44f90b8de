"""Writing an output file all or nothing: a failed or interrupted print leaves no half-written
PDF or PNG behind (the old file, if any, stays as it was)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import BinaryIO

from station.atomic_file import replacing


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
    with ExitStack() as stack:
        try:
            stream = stack.enter_context(replacing(path))
        except OSError as exc:
            raise OutputError(f"{path}: cannot create a file in {path.parent} ({exc.strerror or exc})") from exc
        yield stream
