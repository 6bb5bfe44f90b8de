"""Reading a game journal file: JSON lines, the game config first, then one action per line.

Blank lines are skipped. Every fault names the file and the line, so a teacher can fix it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class JournalFileError(Exception):
    """A journal file that cannot be read; the message names the file, the line and the fault."""


@dataclass(frozen=True)
class JournalFile:
    config: dict[str, Any]
    actions: list[tuple[int, dict[str, Any]]]   # (line number, action)


def read_journal_file(path: Path) -> JournalFile:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise JournalFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalFileError(f"{path}: cannot read it ({exc})") from None
    records: list[tuple[int, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise JournalFileError(f"{path}:{number}: not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not records:
        raise JournalFileError(f"{path}: empty; the first line must be the game config, e.g. "
                               '{"game": "math-wars", "players": ["Ana", "Ben"]}')
    (_, config), *actions = records
    if not isinstance(config, dict):
        raise JournalFileError(f"{path}:{records[0][0]}: the first line must be the game config (a JSON object)")
    return JournalFile(config, actions)


def write_journal_file(path: Path, config: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    """Write a game as a journal file that ``read_journal_file`` (and ``mathstation replay``) reads."""
    text = "\n".join(json.dumps(record, ensure_ascii=False) for record in [config, *actions]) + "\n"
    path.write_text(text, encoding="utf-8")
