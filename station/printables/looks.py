"""Each game's look, read from its folder's ``<game>.look.toml``: data, not code, so giving a new game its look
is one small file. Per card kind: a colour, an optional badge (a drawn mark beside the kind's
name, e.g. Math Rush's Advanced bolt) and optionally what its panels show instead of a value
(a drawn sign, big digits, stars and words, filled from the card's fields), and for a card cut
to another outline than a rectangle (a triangle) what its face shows in its corners and along its
sides. Per back design: a colour, words, and optionally per-card words in its corners
(``{value_letter}``)."""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass, field
from importlib import resources

from engine.catalog import CardFace
from engine.errors import CatalogError
from engine.games import GAMES
from station.printables.signs import BADGES, CORNER_SIGNS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (Ubuntu 22.04)
    import tomli as tomllib

DEFAULT_COLOUR = "#555555"
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True)
class Back:
    """A back's design: its colour, the words under the game's title (the deck's name), and a
    template of per-card words for its corners (Math Rush: the self-check letter), or ""."""

    colour: str
    text: str
    corners: str = ""


@dataclass(frozen=True)
class PanelFields:
    """What a kind's value panels show instead of a value, each a template of the card's fields
    (``station.printables.card_words``); an empty one is left out."""

    sign: str = ""  # a drawn sign: "up" (rising steps), "down" (falling steps) or "equal" (=)
    big: str = ""  # digits, as large as the panel allows
    stars: str = ""  # how many stars to draw
    words: str = ""  # one line of plain words under them


@dataclass(frozen=True)
class ShapedFace:
    """The face of a card cut to an outline other than a rectangle (``station.printed.cards``),
    drawn round its codes: their quiet zones stay white, and every mark faces out of the card
    so that it reads from beyond the corner or side it stands by. Templates are filled per card."""

    fill: bool = False  # the whole card in the kind's colour (the codes on white); else white, marks in colour
    rim: float = 0.0  # mm: a band of the kind's colour along the cut, showing the outline on a white table
    corners: str = ""  # words in every corner, facing away from it (read from the opposite side)
    corner_size: float = 0.0  # the corner words' capitals at most this tall (mm); 0: as large as fits
    corner_sign: str = ""  # a drawn sign in every corner instead ("star")
    sides: tuple[str, ...] = ()  # words along each side, clockwise from the bottom one; one entry: every side
    side_size: float = 2.5  # the side words' capitals at most this tall (mm)
    dead: str = ""  # a side whose words are exactly this is drawn grey and empty ("dead": nothing may touch it)

    def side_template(self, index: int) -> str:
        if not self.sides:
            return ""
        return self.sides[0] if len(self.sides) == 1 else self.sides[index]


@dataclass(frozen=True)
class GameLook:
    """Colours of one game's cards: ``colour(kind)`` is a ``#rrggbb`` string; ``back(face)`` is the
    design of a card's back — the kind's own colour and label unless the deck manifest gives the
    kind a shared back (a deck whose cards must all look alike from behind), drawn from
    ``[backs.<name>]``."""

    game: str
    kind_colours: dict[str, str] = field(default_factory=dict)
    backs: dict[str, Back] = field(default_factory=dict)
    badges: dict[str, str] = field(default_factory=dict)
    panels: dict[str, PanelFields] = field(default_factory=dict)
    shaped: dict[str, ShapedFace] = field(default_factory=dict)

    def colour(self, kind: str) -> str:
        return self.kind_colours.get(kind, DEFAULT_COLOUR)

    def badge(self, kind: str) -> str:
        """The mark drawn beside the kind's name ("bolt"), or ""."""
        return self.badges.get(kind, "")

    def panel(self, kind: str) -> PanelFields | None:
        """What the kind's panels show instead of its value, or None (the value, typeset)."""
        return self.panels.get(kind)

    def shaped_face(self, kind: str) -> ShapedFace:
        """How a card of ``kind`` cut to a non-rectangular outline shows its face."""
        return self.shaped.get(kind, ShapedFace())

    def back(self, face: CardFace) -> Back:
        if face.back in self.backs:
            return self.backs[face.back]
        return Back(self.colour(face.kind), face.label)


@functools.cache
def look_for(game: str) -> GameLook:
    """The look of ``game``; the default look if it has no file yet."""
    package = GAMES[game].station_data if game in GAMES else None
    file = resources.files(package) / f"{game}.look.toml" if package else None
    if file is None or not file.is_file():
        return GameLook(game)
    return parse_look(file.read_text(encoding="utf-8"), f"{str(package).replace('.', '/')}/{game}.look.toml")


def parse_look(text: str, source: str) -> GameLook:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML ({exc})") from exc
    colours: dict[str, str] = {}
    badges: dict[str, str] = {}
    panels: dict[str, PanelFields] = {}
    shaped: dict[str, ShapedFace] = {}
    for kind, entry in data.get("kinds", {}).items():
        colours[kind] = _colour(entry, f"{source}: kinds.{kind}")
        if "badge" in entry:
            if entry["badge"] not in BADGES:
                raise CatalogError(f"{source}: kinds.{kind}.badge must be one of {', '.join(BADGES)}, "
                                   f"not {entry['badge']!r}")
            badges[kind] = entry["badge"]
        if "panel" in entry:
            panels[kind] = _panel(entry["panel"], f"{source}: kinds.{kind}.panel")
        if "face" in entry:
            shaped[kind] = _shaped(entry["face"], f"{source}: kinds.{kind}.face")
    backs: dict[str, Back] = {}
    for name, entry in data.get("backs", {}).items():
        backs[name] = Back(_colour(entry, f"{source}: backs.{name}"), str(entry.get("text", "")),
                           str(entry.get("corners", "")))
    return GameLook(str(data.get("game", "")), colours, backs, badges, panels, shaped)


def _colour(entry: dict[str, object], where: str) -> str:
    colour = entry.get("colour", "")
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
        raise CatalogError(f"{where}.colour must look like '#1f4e9c', not {colour!r}")
    return colour


def _panel(entry: object, where: str) -> PanelFields:
    allowed = set(PanelFields.__dataclass_fields__)
    if not isinstance(entry, dict) or not set(entry) <= allowed or not all(isinstance(v, str) for v in entry.values()):
        raise CatalogError(f"{where} takes text templates for {', '.join(sorted(allowed))}, not {entry!r}")
    return PanelFields(**entry)


def _shaped(entry: object, where: str) -> ShapedFace:
    """A ``[kinds.<kind>.face]`` table, every key checked by its type."""
    if not isinstance(entry, dict):
        raise CatalogError(f"{where} must be a table, not {entry!r}")
    allowed = set(ShapedFace.__dataclass_fields__)
    if not set(entry) <= allowed:
        raise CatalogError(f"{where} has unknown keys {', '.join(sorted(set(entry) - allowed))} "
                           f"(known: {', '.join(sorted(allowed))})")
    kinds = {"fill": bool, "corners": str, "corner_sign": str, "dead": str, "corner_size": (int, float),
             "side_size": (int, float), "rim": (int, float)}
    for key, value in entry.items():
        if key == "sides":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CatalogError(f"{where}.sides is a list of text templates, not {value!r}")
        elif not isinstance(value, kinds[key]) or (kinds[key] != bool and isinstance(value, bool)):
            raise CatalogError(f"{where}.{key} has the wrong type: {value!r}")
    if entry.get("corner_sign", "") not in ("", *CORNER_SIGNS):
        raise CatalogError(f"{where}.corner_sign must be one of {', '.join(CORNER_SIGNS)}, not {entry['corner_sign']!r}")
    if entry.get("corner_sign") and entry.get("corners"):
        raise CatalogError(f"{where}: a corner shows words or a sign, not both")
    return ShapedFace(**{**entry, "sides": tuple(entry.get("sides", ()))})
