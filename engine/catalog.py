"""Every card of every game, loaded from the packaged deck manifests (``engine/decks/*.toml``).

A *face* is what a card shows (shared by every printed copy); a *card* is one physical card: a
face in a deck copy, with a stable ID (``MW-A-N37``) and a QR payload (``MCS1-MW-A-N37``).
Adding a game's cards is adding a manifest, not code: every game in the registry
(``engine.games.GAMES``) that has one contributes its deck.

>>> catalog = load_catalog()
>>> card = catalog.from_payload("MCS1-MW-B-D4")
>>> card.id, card.face.kind, card.face.op, str(card.face.number)
('MW-B-D4', 'math-crate', '÷', '4')
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from engine.errors import CatalogError, NumberFormatError, UnknownCard, UnknownGame
from engine.games import GAMES, GameInfo
from engine.numbers import ExactNumber, parse_number
from engine.payload import PayloadParts, split_payload

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (Ubuntu 22.04)
    import tomli as tomllib

OPERATIONS = ("+", "-", "×", "÷")


@dataclass(frozen=True)
class CardFace:
    """What a card shows: its kind and its values, the same on every printed copy."""

    game: str
    code: str
    kind: str
    label: str
    number: ExactNumber | None = None
    op: str | None = None
    extra: Mapping[str, str] = field(default_factory=dict)
    shape: str = "rectangle"  # the printed card's outline, by name (station.printed.cards)
    back: str = ""  # the back's design, by name: cards of one deck share it (default: the kind's own)

    def describe(self) -> str:
        """Short words for the face, e.g. ``COUNT META 37``, ``MATH CRATE ÷4`` or ``RED CARD STEAL``."""
        name = self.extra.get("name")
        if name:
            return self.label if name in self.label else f"{self.label} {name}"
        op = {"-": "−"}.get(self.op or "", self.op or "")
        number = self.number.pretty() if self.number is not None else ""
        return f"{self.label} {op}{number}".strip()


@dataclass(frozen=True)
class Card:
    """One physical card: a face in one deck copy."""

    face: CardFace
    game_code: str
    copy: str

    @property
    def id(self) -> str:
        return f"{self.game_code}-{self.copy}-{self.face.code}"

    @property
    def payload(self) -> str:
        return str(PayloadParts(self.game_code, self.copy, self.face.code))

    @property
    def game(self) -> str:
        return self.face.game


@dataclass(frozen=True)
class GameDeck:
    """One game's manifest: its faces, its deck copies and its named decks."""

    game: str
    code: str
    title: str
    copies: str
    faces: Mapping[str, CardFace]
    decks: Mapping[str, tuple[str, ...]]
    deck_titles: Mapping[str, str]
    #: what a table needs, for ``cards print --players N``: named decks each player holds in a
    #: copy of their own (``each_player``), and decks printed once for everyone (``shared``)
    each_player: tuple[str, ...] = ()
    shared: tuple[str, ...] = ()
    #: how many players one table of the game seats (``print.players``: the station's setup
    #: offers the same); ``players_why`` says in a teacher's words why no more (or fewer)
    players: tuple[int, int] | None = None
    players_why: str = ""

    @property
    def player_range(self) -> tuple[int, int | None]:
        """The fewest and most players a printed table serves: the manifest's ``print.players``,
        else one per deck copy when each player has their own (no most when all share one)."""
        if self.players is not None:
            return self.players
        return 1, len(self.copies) if self.each_player else None

    def for_players(self, players: int) -> list[list[Card]]:
        """The cards a table of ``players`` needs: each player's decks in copies A, B …, then the
        shared ones in copy A (every card of copy A when the manifest says nothing); one group per
        copy (each starts on a fresh sheet). A count the game cannot seat is a ``CatalogError``
        that says why, never a short deck."""
        least, most = self.player_range
        if players < least or (most is not None and players > most):
            why = f" ({self.players_why})" if self.players_why else ""
            seats = f"{least}–{most} players" if most is not None else f"{least} or more players"
            raise CatalogError(f"{self.title} is for {seats}{why}, not {players}")
        if not self.each_player and not self.shared:
            return [self.cards([self.copies[0]])]
        groups = [[card for deck in self.each_player for card in self.cards([copy], deck)]
                  for copy in self.copies[:players]]   # none without each_player: empty groups are dropped
        shared = [card for deck in self.shared for card in self.cards([self.copies[0]], deck)]
        return [group for group in groups + [shared] if group]

    def card(self, copy: str, code: str, *, quoted: str | None = None) -> Card:
        """The physical card ``code`` of deck ``copy``; ``quoted`` is what error messages quote."""
        quoted = quoted or f"{self.code}-{copy}-{code}"
        if len(copy) != 1 or copy not in self.copies:  # one letter: "AB" is no copy, though "ABCDEFGH" holds it
            raise UnknownCard(quoted, f"{self.title} has deck copies {self.copies[0]}–{self.copies[-1]}, not {copy!r}")
        if code not in self.faces:
            raise UnknownCard(quoted, f"{self.title} has no card {code!r}")
        return Card(self.faces[code], self.code, copy)

    def cards(self, copies: Iterable[str] | None = None, deck: str | None = None) -> list[Card]:
        """Every physical card of the given copies (all by default), optionally of one named deck."""
        if deck is not None and deck not in self.decks:
            raise CatalogError(f"{self.title} has no deck {deck!r}; decks: {', '.join(self.decks)}")
        codes = self.decks[deck] if deck is not None else tuple(self.faces)
        return [self.card(copy, code) for copy in (copies or self.copies) for code in codes]


class Catalog:
    """All games' cards, looked up by name, ID or payload."""

    def __init__(self, games: Iterable[GameDeck]) -> None:
        self._by_name = {g.game: g for g in games}
        self._by_code = {g.code: g for g in self._by_name.values()}

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def game(self, name: str) -> GameDeck:
        try:
            return self._by_name[name]
        except KeyError:
            known = ", ".join(self._by_name) or "none"
            raise UnknownGame(name, f"no game called {name!r} has cards here (known: {known})") from None

    def from_payload(self, payload: object) -> Card:
        """The card a QR payload names; a typed ``PayloadError`` for anything else."""
        parts = split_payload(payload)
        game = self._by_code.get(parts.game_code)
        if game is None:
            raise UnknownGame(str(parts), f"game code {parts.game_code!r} is not a game this station knows")
        return game.card(parts.copy, parts.card_code, quoted=str(parts))

    def card(self, card_id: str) -> Card:
        """The card with this stable ID (``MW-A-N37``)."""
        pieces = card_id.split("-") if isinstance(card_id, str) else []
        if len(pieces) != 3 or not all(pieces):
            raise UnknownCard(str(card_id), "a card ID looks like MW-A-N37 (game, copy, card)")
        game = self._by_code.get(pieces[0])
        if game is None:
            raise UnknownGame(card_id, f"game code {pieces[0]!r} is not a game this station knows")
        return game.card(pieces[1], pieces[2])  # quoted as "MW-A-N37": the card ID itself


def load_catalog() -> Catalog:
    """The catalog of every registered game's manifest (read once per registry: it never changes)."""
    return _catalog(GAMES.version)


@functools.cache
def _catalog(registry_version: int) -> Catalog:
    return Catalog(deck for deck in map(_registered_deck, GAMES.values()) if deck is not None)


def _registered_deck(entry: GameInfo) -> GameDeck | None:
    """A registered game's deck, checked against its registry line; None if it has no cards yet."""
    package, name = entry.deck_resource
    try:
        file = resources.files(package) / name
    except ModuleNotFoundError as exc:
        raise CatalogError(f"{entry.name}: the deck's package {package!r} cannot be found ({exc})") from None
    if not file.is_file():
        return None
    deck = parse_manifest(file.read_text(encoding="utf-8"), name)
    if (deck.game, deck.code, deck.title) != (entry.name, entry.code, entry.title):
        raise CatalogError(f"{name}: game {deck.game!r}, code {deck.code!r}, title {deck.title!r} do not match the "
                           f"registry line ({entry.name!r}, {entry.code!r}, {entry.title!r}) in engine/games.py")
    return deck


def parse_manifest(text: str, source: str = "<manifest>") -> GameDeck:
    """Build one game's deck from manifest text; a ``CatalogError`` names the file and the fault."""
    try:
        data = tomllib.loads(text)
        return _build(data)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML: {exc}") from None
    except (KeyError, TypeError, ValueError, NumberFormatError) as exc:
        raise CatalogError(f"{source}: {exc}") from None


def _build(data: Mapping[str, Any]) -> GameDeck:
    game, title = data["game"], data["title"]
    kinds = data["kinds"]
    faces: dict[str, CardFace] = {}
    for entry in _expand(data["cards"]):
        kind = entry.pop("kind")
        code = entry.pop("code")
        if kind not in kinds:
            raise ValueError(f"card {code!r} has kind {kind!r}, not declared under [kinds]")
        if code in faces:
            raise ValueError(f"card code {code!r} appears twice")
        number = parse_number(entry.pop("number")) if "number" in entry else None
        op = entry.pop("op", None)
        if op is not None and op not in OPERATIONS:
            raise ValueError(f"card {code!r} has operation {op!r}; use one of {' '.join(OPERATIONS)}")
        faces[code] = CardFace(game, code, kind, kinds[kind]["label"], number, op, dict(entry),
                               str(kinds[kind].get("shape", "rectangle")), str(kinds[kind].get("back", kind)))
    decks: dict[str, tuple[str, ...]] = {}
    for name, deck in data.get("decks", {}).items():
        codes = tuple(e["code"] for e in _expand(deck["cards"]))
        unknown = [c for c in codes if c not in faces]
        if unknown:
            raise ValueError(f"deck {name!r} lists cards that do not exist: {', '.join(unknown[:5])}")
        decks[name] = codes
    plan = data.get("print", {})
    needs = {key: tuple(plan.get(key, ())) for key in ("each_player", "shared")}
    for key, names in needs.items():
        unknown = [n for n in names if n not in decks]
        if unknown:
            raise ValueError(f"print.{key} names decks that do not exist: {', '.join(unknown)}")
    seats = _player_range(plan.get("players"), data["copies"], needs["each_player"])
    result = GameDeck(game, data["code"], title, data["copies"], faces, decks,
                      {n: d.get("title", n) for n, d in data.get("decks", {}).items()}, **needs,
                      players=seats, players_why=str(plan.get("players_why", "")))
    for code in faces:  # every code must fit a payload: PayloadParts checks the alphabet and length
        PayloadParts(result.code, result.copies[0], code)
    return result


def _player_range(value: Any, copies: str, each_player: tuple[str, ...]) -> tuple[int, int] | None:
    """``print.players = [fewest, most]``, checked: each player's own decks need a copy each."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                   for v in value) or not 1 <= value[0] <= value[1]):
        raise ValueError(f"print.players must be [fewest, most], two whole numbers from 1 up, not {value!r}")
    if each_player and value[1] > len(copies):
        raise ValueError(f"print.players allows {value[1]} players but there are only {len(copies)} deck copies")
    return value[0], value[1]


#: Template variables of a manifest entry: ``n`` and ``k`` are ranges ``[first, last]``, ``letter``
#: a string of letters, one entry each (``n = [1, 12], letter = "ABCDEF"``: six copies of 1 to 12).
_TEMPLATES = ("n", "k", "letter")


def _expand(entries: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Expand templates into one entry per value (every combination), with ``{n}``, ``{k}`` and
    ``{letter}`` filled in."""
    for entry in entries:
        ranges = []
        for name in _TEMPLATES:
            if name in entry:
                value = entry[name]
                values = list(value) if name == "letter" else list(range(value[0], value[1] + 1))
                ranges.append((name, values))
        combos: list[dict[str, Any]] = [{}]
        for name, values in ranges:
            combos = [{**combo, name: value} for combo in combos for value in values]
        for combo in combos:
            filled = {k: v for k, v in entry.items() if k not in _TEMPLATES}
            for name, value in combo.items():
                filled = {k: v.replace("{" + name + "}", str(value)) if isinstance(v, str) else v
                          for k, v in filled.items()}
            yield filled
