"""Each game's look (a colour per card kind), read from ``looks/<game>.toml``: data, not code,
so giving a new game its look is one small file."""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass, field
from importlib import resources

from engine.catalog import CardFace
from engine.errors import CatalogError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (Ubuntu 22.04)
    import tomli as tomllib

DEFAULT_COLOUR = "#555555"
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True)
class Back:
    """A back's design: its colour, and the words under the game's title (the deck's name)."""

    colour: str
    text: str


@dataclass(frozen=True)
class GameLook:
    """Colours of one game's cards: ``colour(kind)`` is a ``#rrggbb`` string; ``back(face)`` is the
    design of a card's back — the kind's own colour and label unless the deck manifest gives the
    kind a shared back (a deck whose cards must all look alike from behind), drawn from
    ``[backs.<name>]``."""

    game: str
    kind_colours: dict[str, str] = field(default_factory=dict)
    backs: dict[str, Back] = field(default_factory=dict)

    def colour(self, kind: str) -> str:
        return self.kind_colours.get(kind, DEFAULT_COLOUR)

    def back(self, face: CardFace) -> Back:
        if face.back in self.backs:
            return self.backs[face.back]
        return Back(self.colour(face.kind), face.label)


@functools.cache
def look_for(game: str) -> GameLook:
    """The look of ``game``; the default look if it has no file yet."""
    file = resources.files("station.printables") / "looks" / f"{game}.toml"
    if not file.is_file():
        return GameLook(game)
    return parse_look(file.read_text(encoding="utf-8"), f"looks/{game}.toml")


def parse_look(text: str, source: str) -> GameLook:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML ({exc})") from exc
    colours: dict[str, str] = {}
    for kind, entry in data.get("kinds", {}).items():
        colour = entry.get("colour", "")
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise CatalogError(f"{source}: kinds.{kind}.colour must look like '#1f4e9c', not {colour!r}")
        colours[kind] = colour
    backs: dict[str, Back] = {}
    for name, entry in data.get("backs", {}).items():
        colour = entry.get("colour", "")
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise CatalogError(f"{source}: backs.{name}.colour must look like '#1f4e9c', not {colour!r}")
        backs[name] = Back(colour, str(entry.get("text", "")))
    return GameLook(str(data.get("game", "")), colours, backs)
