"""What every game's table adapter shares: table events in, engine actions and notes out.

The tracker says what happened on the table (``placed``, ``moved``, ``removed`` …, in mat
millimetres); an adapter knows how its game lies on the mat and says which engine action that
is. Everything that is *not* a play — an unknown QR code, a card of another game, the same card
seen twice, a card outside every zone, the wrong mat — becomes a ``Note``: a short message for
the screen, never an action. So a wrong read can cost a message, not a wrong play.

Besides the frame's events, an adapter gets the tracker's snapshot of every card lying on the
table, so a game that reads a whole row of cards at once (an expression along a strip) reads
it from there, in the order the cards lie (``strip_order``).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.catalog import load_catalog
from engine.errors import EngineError, PayloadError
from engine.games import GAMES
from engine.payload import split_payload
from station.i18n import _
from station.table.mat import MatLayout, Zone

Action = dict[str, Any]
SAME_SLOT_MM = 20.0  # a card this close to another lies in its place along a strip
ZONE_SLACK_MM = 20.0  # a card this far outside a zone's box still counts as in it: children are not exact
SETTLE_FRAMES = 5  # frames of the right mat after a restart before a known card not seen is taken for gone
HAND_REACH_MM = 30.0  # a moving area (a hand) this close to a card's place may be over it (as the tracker says)
Place = tuple[float, float]


class Lying(Protocol):
    """A card the tracker knows to lie on the table (``station.vision.track.TrackedCard``)."""

    card_id: str
    x: float
    y: float
    angle: float
    covered: bool


@dataclass(frozen=True)
class Note:
    """Something the players should know that is not a play: ``title`` fits the OLED's big line.

    Notes of one kind (the same code and title) merge into one that says how many (``many``: its
    title and a detail with ``{n}``), so six stray codes are one note, not six in a row."""

    code: str  # unknown_code, other_game, duplicate, outside_zones, wrong_mat, no_mat, empty_seat, warning
    title: str
    detail: str = ""
    card: str | None = None
    many: tuple[str, str] = ()  # (title, detail with {n}) for a note that stands for n like it
    count: int = 1  # how many notes of its kind this one stands for
    said: str = ""  # the detail as the voice says it, where the screen's would be read out badly (a quoted code)

    def as_json(self) -> dict[str, Any]:
        return {"type": "note", "code": self.code, "title": self.title, "detail": self.detail,
                **({"card": self.card} if self.card else {})}

    def same_kind(self, other: Note) -> bool:
        return (self.code, self.title) == (other.code, other.title)

    def merged(self, newer: Note) -> Note:
        """One note for this one and ``newer``, of the same kind: the newer one, counting both."""
        return replace(newer, count=self.count + newer.count)

    def words(self) -> tuple[str, str]:
        """Title and detail as the screen shows them: for several notes, how many (in ``many``'s
        words; a kind without them shows the newest note's words)."""
        if self.count > 1 and self.many:
            return self.many[0], self.many[1].format(n=self.count)
        return self.title, self.detail


@dataclass
class Reading:
    """An adapter's answer to one batch of table events."""

    actions: list[Action] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


class TableAdapter(ABC):
    """One game's reading of the table. ``seats`` names the player at each mat seat, seat 1 first."""

    game: str

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = tuple(seats)
        self._mat_problem: str | None = None
        self._standing: set[str] = set()  # cards the game knew before a restart, not seen since
        self._unseen: dict[str, int] = {}  # of those, the ones not seen at all since the restart: frames missed in plain view
        self._places: dict[str, Place] = {}  # before a restart: where the standing cards lay (mm), as far as known
        self._laid_by: dict[str, str] = {}  # before a restart: the player who last laid each card
        self.snapshot: tuple[Lying, ...] = ()  # the table as the last frame left it
        self.mat: MatLayout | None = None  # the mat the last frame saw
        self._told_leftovers: object = None  # the turn whose leftover cards were pointed out
        self._last_turn: frozenset[str] = frozenset()  # the game's last turn's cards (its state's last_cards)
        self._taken_up: set[str] = set()  # of those, the ones taken away or laid anew since: no leftovers

    def resumed(self, known: Collection[str], laid_by: Mapping[str, str] | None = None,
                places: Mapping[str, Place] | None = None) -> None:
        """The station restarted in the middle of a game. The tracker starts afresh, so every card
        on the table is reported placed: one the game already knows (``known``: played earlier,
        and by the rules it may still lie there) stands, and is no new play until it has been
        taken away and put down again; any other card is a new play, however soon it comes.

        A known card not seen once the table has settled (``SETTLE_FRAMES`` of the right mat) was
        taken away while the station was down: it stands no more, and its removal is read as
        the players made it (a lift, where the game needs to know), unless the game says it may
        lie hidden under a card in view (``may_hide``: a stack, a pile); such a card stands
        while the game still counts it on the table (``still_known``). A frame where a hand may
        be over a card's place (a moving area near it; anywhere, if its place is not known) does
        not count: a card under a hand is covered, not gone. ``laid_by``: who last laid each card,
        by the journal (a removal the adapter never saw laid still names its player). ``places``:
        where the cards lay when the station last saw them (``last_place``), if it knows."""
        self._standing = set(known)
        self._unseen = dict.fromkeys(known, 0)
        self._laid_by = dict(laid_by or {})
        self._places = {card: place for card, place in (places or {}).items() if card in self._standing}

    def still_known(self, known: Collection[str]) -> None:
        """The game's cards on the table after an action: a standing card the game no longer
        counts there (back in a hand by the rules' account) stands no more, so laid again it is
        a play, never silently ignored."""
        self._standing &= set(known)
        self._unseen = {card: n for card, n in self._unseen.items() if card in self._standing}

    @property
    def standing(self) -> frozenset[str]:
        """The cards that stand after a restart (none in a game that was not restarted)."""
        return frozenset(self._standing)

    def last_place(self, card: str) -> Place | None:
        """Where a standing card lay when the station last saw it before the restart, if known."""
        return self._places.get(card) if card in self._standing else None

    def hidden_places(self) -> dict[str, Place]:
        """The standing cards not in view, where they lay: a station that restarts again must
        still know where the cards it never saw lie (``station.vision.table_memory``)."""
        seen = {card.card_id for card in self.snapshot}
        return {card: place for card, place in self._places.items() if card in self._standing and card not in seen}

    def may_hide(self, card: str, state: Mapping[str, Any], snapshot: Sequence[Lying]) -> bool:
        """Whether a card the game knows, not seen after a restart, may lie hidden under a card in
        view (default: no card of the game lies on another). A game with stacks or piles says so."""
        return False

    def read(self, events: Sequence[Mapping[str, Any]], t: float, state: Mapping[str, Any],
             mat: MatLayout | None, snapshot: Sequence[Lying] = (),
             busy: Sequence[tuple[float, float, float, float]] = ()) -> Reading:
        """Turn one frame's table events into actions (stamped ``t``) and notes; ``snapshot`` is
        every card lying on the table after this frame, ``busy`` its moving areas (mm boxes)."""
        reading = Reading()
        self.snapshot, self.mat = tuple(snapshot), mat
        problem = self._check_mat(mat)
        if problem and problem != self._mat_problem:
            reading.notes.append(problem_note(problem))
        self._mat_problem = problem
        self._follow_last_turn(state.get("last_cards", ()))
        if mat is not None and not problem:
            events = [*events, *self._settle(t, state, busy)]
        for event in events:
            kind = event["type"]
            card = event.get("card")
            if card is not None and self._stands(kind, card):
                continue
            if kind in ("placed", "removed") and card in self._last_turn:
                self._taken_up.add(card)  # an operation card shuffled back in, drawn and laid again
            if kind == "unknown_code":
                reading.notes.append(foreign_note(event["text"], event.get("kind")))
            elif kind == "duplicate":
                reading.notes.append(Note("duplicate", _("Seen twice!"),
                                          _("{card} twice? Take one away", card=card_words(event["card"])), event["card"],
                                          many=(_("Seen twice!"), _("{n} cards seen twice? Take one of each away"))))
            elif kind in ("placed", "stacked", "moved", "removed") and mat is not None and not problem:
                other = _other_game(card, self.game)
                if other is None:
                    self.on_card_event(event, t, state, mat, reading)
                elif kind in ("placed", "stacked"):  # told once, when it lands; it plays no part
                    reading.notes.append(Note("other_game", _("Other game"), _("A {game} card: take it off", game=other), card,
                                              many=other_games()))
        if mat is not None and not problem:
            self.on_table(snapshot, t, state, mat, reading)
        return reading

    def _settle(self, t: float, state: Mapping[str, Any], busy: Sequence[tuple[float, float, float, float]]
                ) -> list[dict[str, Any]]:
        """After a restart, once a known card not seen since has been missed in ``SETTLE_FRAMES``
        frames with no hand over its place: a ``removed`` event for it unless it may be hidden
        (it stands no more); a hidden one goes on standing."""
        for card in self.snapshot:
            self._unseen.pop(card.card_id, None)
        if not self._unseen:
            return []
        for card in self._unseen:
            if not self._under_hand(card, busy):
                self._unseen[card] += 1
        settled = {card for card, missed in self._unseen.items() if missed >= SETTLE_FRAMES}
        gone = sorted(card for card in settled if not self.may_hide(card, state, self.snapshot))
        for card in settled:
            del self._unseen[card]
        self._standing -= set(gone)
        return [{"type": "removed", "t": t, "card": card, "resync": True, "unseen": True} for card in gone]

    def _under_hand(self, card: str, busy: Sequence[tuple[float, float, float, float]]) -> bool:
        """Whether a moving area (a hand) may be over the card's place this frame: near its last
        place, or anywhere when its place is not known."""
        place = self._places.get(card)
        if place is None:
            return bool(busy)
        x, y = place
        return any(x0 - HAND_REACH_MM <= x <= x1 + HAND_REACH_MM and y0 - HAND_REACH_MM <= y <= y1 + HAND_REACH_MM
                   for x0, y0, x1, y1 in busy)

    def _follow_last_turn(self, cards: Collection[str]) -> None:
        """A new last turn (a game whose turn's cards stay on the table until cleared names them
        ``last_cards`` in its state): none of its cards has been taken up yet."""
        if frozenset(cards) != self._last_turn:
            self._last_turn, self._taken_up = frozenset(cards), set()

    def _stands(self, kind: str, card: str) -> bool:
        """A known card's first sightings after a restart are no play; its removal ends that."""
        if card not in self._standing:
            return False
        if kind == "removed":
            self._standing.discard(card)
            return False  # taken away: from now on it is a card like any other
        return kind in ("placed", "stacked", "moved", "covered", "uncovered")

    def _check_mat(self, mat: MatLayout | None) -> str | None:
        if mat is None:
            return "no_mat"
        if not self.fits(mat):
            return "wrong_mat"
        return None

    def fits(self, mat: MatLayout) -> bool:
        """Whether this game can be played on ``mat`` (its own game's, with a seat for everyone)."""
        return mat.game == self.game and mat.seats >= len(self.seats)

    def zone_of(self, mat: MatLayout, x: float, y: float) -> Zone | None:
        """The zone a card lies in, forgiving a card a little outside its box: the first zone
        at the least distance (inside one, that is the one ``mat.zone_at`` names). Every mat has
        a zone (``mat.py`` refuses a mat file without one)."""
        nearest = min(mat.zones, key=lambda zone: _gap(zone, x, y))
        return nearest if _gap(nearest, x, y) <= ZONE_SLACK_MM else None

    def player_at(self, zone: Zone) -> str | None:
        return self.seats[zone.seat - 1] if 1 <= zone.seat <= len(self.seats) else None

    @abstractmethod
    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        """A card was placed, stacked, moved or removed on the right mat: add actions or notes."""

    def on_table(self, snapshot: Sequence[Lying], t: float, state: Mapping[str, Any], mat: MatLayout,
                 reading: Reading) -> None:
        """After each frame's events: the whole table as it lies now (default: nothing to do)."""

    def reads_table(self, action: Action) -> bool:
        """Whether ``complete`` fills ``action`` in from the table: the station then completes it
        from a frame taken after the press, so a card laid just before CONFIRM is part of it
        (default: no action reads the table)."""
        return False

    def complete(self, action: Action, state: Mapping[str, Any]) -> Action:
        """A button's action with what the table says filled in (the cards lying along a strip
        when CONFIRM submits them), from the last frame; default: unchanged."""
        return action

    def cards_in(self, zone: Zone, snapshot: Sequence[Lying]) -> list[Lying]:
        """The cards of the snapshot lying in ``zone`` (with the usual slack)."""
        return [card for card in snapshot if _gap(zone, card.x, card.y) <= ZONE_SLACK_MM]

    def facing_of(self, player: str) -> float:
        """The way a player reads the mat: their seat's zones face them (0 when they have none)."""
        if self.mat is None or player not in self.seats:
            return 0
        zones = self.mat.seat_zones(self.seats.index(player) + 1)
        return zones[0].facing if zones else 0

    def leftovers(self, zone: Zone, known: Collection[str], turn: object) -> Note | None:
        """Cards of the last turn (``known``) still lying in ``zone`` when a new one is laid
        there: "Clear the strip", said once per ``turn``. A card of the last turn that has been
        taken away or laid again since is no leftover."""
        old = {card.card_id for card in self.cards_in(zone, self.snapshot)} & set(known) - self._taken_up
        if not old or self._told_leftovers == turn:
            return None
        self._told_leftovers = turn
        return Note("clear", _("Clear the {zone}", zone=zone.name), _("Last turn's cards are still there"))


def strip_order(cards: Sequence[Lying], facing: float) -> list[Lying]:
    """Cards laid side by side, in reading order for a player who faces ``facing`` degrees (0:
    sitting at the near side, reading left to right; 180: the far side, right to left on the mat;
    90: the right-hand side, reading along the mat's y axis). A hidden card with a card in view
    lying in its very place is not read: a card laid in a slot replaces the one it was laid on
    (which the camera cannot see go, if it was slid out from under its neighbours)."""
    a = math.radians(facing)
    across = (math.cos(a), math.sin(a))  # the reader's left-to-right, on the mat
    read = [card for card in cards if not (card.covered and any(
        not other.covered and math.dist((other.x, other.y), (card.x, card.y)) < SAME_SLOT_MM for other in cards))]
    return sorted(read, key=lambda card: card.x * across[0] + card.y * across[1])


def _gap(zone: Zone, x: float, y: float) -> float:
    """How far a point lies outside a zone's box (0 inside)."""
    dx = max(zone.x - x, 0.0, x - (zone.x + zone.w))
    dy = max(zone.y - y, 0.0, y - (zone.y + zone.h))
    return math.hypot(dx, dy)


def _other_game(card: str | None, game: str) -> str | None:
    """The title of another game whose card this is, or None for this game's cards."""
    if card is None:
        return None
    entry = GAMES.by_code(card.split("-", 1)[0])  # a card's id starts with its game's code
    return entry.title if entry is not None and entry.name != game else None


def card_words(card_id: str) -> str:
    """A card as the children and the teacher read it ("COUNT META 21", "BLACK STAR"), else its ID."""
    try:
        return load_catalog().card(card_id).face.describe()
    except EngineError:
        return card_id


def other_games() -> tuple[str, str]:
    """The words of a note standing for several cards of other games ({n}: how many)."""
    return _("Other game"), _("{n} cards of other games: take them off")


def foreign_note(text: str, kind: str | None = None) -> Note:
    """A QR code that is no card of this game, told by the catalog's verdict (``kind``: the
    name of its ``PayloadError``; any other, or none, is a code that is no card at all)."""
    if kind == "UnknownGame":
        try:
            entry = GAMES.by_code(split_payload(text).game_code)
        except PayloadError:
            entry = None
        title = entry.title if entry is not None else ""
        return Note("other_game", _("Other game"), _("A {game} card: take it off", game=title) if title
                    else _("Not a card of this game: take it off"), many=other_games())
    if kind == "UnknownCard":
        return Note("unknown_code", _("Unknown card"), _("Its code may be damaged: reprint it"),
                    many=(_("Unknown cards"), _("{n} codes may be damaged: reprint them")))
    if kind == "UnknownVersion":
        return Note("unknown_code", _("Newer card"), _("Update the station"),
                    many=(_("Newer cards"), _("Update the station")))
    shown = text if len(text) <= 18 else text[:17] + "…"
    return Note("unknown_code", _("Unknown code"), _("QR {code} is not a card", code=repr(shown)),
                many=(_("Not this game"), _("{n} codes not from this game: take them off")),
                said=_("That code is not a card: take it off"))


def problem_note(problem: str) -> Note:
    """The note for a mat the camera cannot use: none seen, or another game's."""
    words = {"no_mat": (_("No mat seen"), _("Lay the mat under the camera")),
             "wrong_mat": (_("Wrong mat"), _("Print this game's mat"))}
    return Note(problem, *words[problem])
