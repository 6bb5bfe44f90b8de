"""Big Bang on the virtual table: the demo's table script (a solo game or a race, card by card,
as a scenario) and the still table the ``virtual`` camera shows.

Each player's Black Star lies in the middle of their play area before the round (a race's second
star turned a little, as a child lays it: the lattice follows the star). A card played goes in
its cell, turned as the players' referee says, edge to edge with its neighbours; a card laid
where it does not fit is taken back after the buzz; a dead hand's cards go face up on the
discard box one over the other, and the pile's top card, when played, is slid from there into
its cell. The players' own referee keeps the expected game, so the demo can say whether the
station judged every play the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.big_bang import BigBang
from engine.big_bang.lattice import Cell, centroid
from station.printed.cards import TRIANGLE
from station.games.big_bang.players import BangTable
from station.games.big_bang.words import WORDS
from station.sim.scenario import Scenario
from station.sim.table_script import TableScript
from station.sim.virtual_table import PlacedCard, Scene
from station.table.mat import MatLayout, mat_layout

SETTLE = 0.6  # seconds after a card is put down (two frames to settle, and one to judge)
REMOVAL = 2.8  # seconds the station needs to see a card gone (remove_after 2.5 s, and a frame or two)
FPS = 5.0
STAR_ANGLES = (0.0, 8.0)  # degrees: each player's star as laid
STAR_DROP_MM = TRIANGLE.width * math.sqrt(3) / 4  # half a row: rows −2 to 1 round the star fit the area
DISCARD_STEP_MM = 4.0  # a discarded card lies a little off the one under it
VIEW_BEYOND_MM = 70.0  # table the demo's camera sees beyond each side of the mat
CODE_ROOM_MM = 30.0  # a card's centre this far inside the picture keeps its code in view
RESULT_SCREEN = 5.0  # seconds each player's sum shows at the end of a round (station.games.big_bang.screens.RESULT_SECONDS)


def demo_scenario(config: Mapping[str, Any], seed: int) -> tuple[Scenario, BigBang]:
    """The scenario and the virtual players' own finished game (the expected outcome)."""
    shadow = BigBang(config)
    mat = mat_layout("big-bang", len(shadow.seats()))
    script = _Script(mat, shadow)
    players = BangTable(shadow, seed, room=script.room, reach=script.in_view)
    script.lay_stars()
    for action, events in players.actions():
        script.follow(action, events)
    script.wait(3.0)
    title = WORDS.gettext("Demo: Big Bang, a solo game, seed {seed}", seed=seed) if len(shadow.seats()) == 1 else \
        WORDS.gettext("Demo: Big Bang, a race, seed {seed}", seed=seed)
    return Scenario(title, tuple(script.steps), game=dict(config), seed=seed, fps=FPS, camera=script.camera), shadow


class _Script(TableScript):
    """The table script, kept in step with the players' own clock."""

    def __init__(self, mat: MatLayout, shadow: BigBang) -> None:
        super().__init__(FPS)
        self.mat = mat
        self.shadow = shadow
        self.lying: set[str] = set()
        self.piles: dict[str, list[str]] = {player: [] for player in shadow.seats()}

    @property
    def camera(self) -> dict[str, Any]:
        """A 1080p camera seeing the mat and a band of table round it (a tableau may grow past
        its play area's edge), at about 3 px a QR module."""
        return {"width": 1920, "height": 1080, "table_mm": self.mat.width + 2 * VIEW_BEYOND_MM}

    def in_view(self, player: str, cell: Cell) -> bool:
        """Whether a card in ``cell`` has its code well inside the camera's picture, clear of the
        draw piles and discard boxes and of the other players' play areas."""
        cx, cy = self.spot(player, cell)
        clear = CODE_ROOM_MM + 20.0  # the boxes' slack (station.table.adapter.ZONE_SLACK_MM) and half a card
        seat = self.shadow.seats().index(player) + 1
        if any(z.x - clear <= cx <= z.x + z.w + clear and z.y - clear <= cy <= z.y + z.h + clear
               for z in self.mat.zones if z.role != "area" or z.seat != seat):  # boxes, and the others' areas
            return False
        width = self.mat.width + 2 * VIEW_BEYOND_MM
        height = width * 9 / 16
        left, top = (self.mat.width - width) / 2, (self.mat.height - height) / 2
        return left + CODE_ROOM_MM <= cx <= left + width - CODE_ROOM_MM and top + CODE_ROOM_MM <= cy <= top + height - CODE_ROOM_MM

    def area(self, player: str) -> Any:
        return self.mat.zone(f"seat{self.shadow.seats().index(player) + 1}.tableau")

    def room(self, player: str, cell: Cell) -> bool:
        """Whether a card in ``cell`` lies wholly inside the player's play area (the players keep
        the tableau where the camera reads it)."""
        area = self.area(player)
        cx, cy = self.spot(player, cell)
        reach = TRIANGLE.width / (2 * math.sqrt(3))  # the inradius: its code and most of it in the area
        return area.x + reach <= cx <= area.x + area.w - reach and area.y + reach <= cy <= area.y + area.h - reach

    def star(self, player: str) -> tuple[float, float, float]:
        """The star a little below the area's middle, so four rows fit: two above it, one below."""
        x, y = self.area(player).center
        return x, y + STAR_DROP_MM, STAR_ANGLES[self.shadow.seats().index(player) % len(STAR_ANGLES)]

    def spot(self, player: str, cell: Cell) -> tuple[float, float]:
        sx, sy, angle = self.star(player)
        dx, dy = centroid(cell, TRIANGLE.width)
        a = math.radians(angle)
        return sx + dx * math.cos(a) - dy * math.sin(a), sy + dx * math.sin(a) + dy * math.cos(a)

    # ---- moves -------------------------------------------------------------------------------

    def place(self, card: str, at: tuple[float, float], angle: float, seconds: float = SETTLE) -> None:
        self.add("place", card, seconds, at=at, angle=angle)
        self.lying.add(card)

    def remove(self, card: str, seconds: float) -> None:
        self.add("remove", card, seconds)
        self.lying.discard(card)

    def lay_stars(self) -> None:
        for seat in self.shadow.state()["tableaux"]:
            x, y, angle = self.star(seat["player"])
            self.place(seat["cells"][0]["card"], (x, y), angle, 0.4)

    # ---- the players' actions ------------------------------------------------------------------

    def follow(self, action: Mapping[str, Any], events: list[Mapping[str, Any]]) -> None:
        kind = action["type"]
        t = self.shadow.actions[-1]["t"]
        if kind == "play":
            self.until(t - SETTLE)
            player, card = action["player"], action["card"]
            pile = self.piles[player]
            if card in pile:
                pile.remove(card)
            _, _, angle = self.star(player)
            self.place(card, self.spot(player, (action["cell"][0], action["cell"][1])), angle + action["turn"])
        elif kind == "lift":
            self.until(t - REMOVAL)
            self.remove(action["card"], REMOVAL)
        elif kind == "discard":
            self.until(t - SETTLE)
            player = action["player"]
            box = self.mat.zone(f"seat{self.shadow.seats().index(player) + 1}.discard")
            pile = self.piles[player]
            shift = DISCARD_STEP_MM * (len(pile) % 4)
            pile.append(action["card"])
            self.place(action["card"], (box.center[0] + shift, box.center[1] + shift), 0.0)
        elif kind in ("start", "next_round"):
            if kind == "next_round":
                stars = {s["cells"][0]["card"] for s in self.shadow.state()["tableaux"]}
                for card in sorted(self.lying - stars):
                    self.remove(card, 0.2)
                self.piles = {player: [] for player in self.shadow.seats()}
            self.until(t - 0.6)
            self.add("press", "confirm", 0.6)
        if any(e["type"] == "round_over" for e in events):
            self.until(t + 0.5)
            players = len(self.shadow.seats())
            self.wait(3.0 + RESULT_SCREEN * players + 1.0)  # the last banner, then each player's sum
            if not self.shadow.over:
                self.add("press", "confirm", 0.6)  # the sums put away: the next CONFIRM deals


def demo_scene(seed: int = 0) -> Scene:
    """A solo tableau a few turns in: the Black Star and five cards round it, two on the pile."""
    mat = mat_layout("big-bang", 1)
    area = mat.zone("seat1.tableau")
    box = mat.zone("seat1.discard")
    sx, sy = area.center
    laid = {"BB-A-STAR": ((0, 0), 0), "BB-A-N4A": ((1, 0), 180), "BB-A-N5A": ((2, 0), 0),
            "BB-A-N3A": ((-1, 0), 60), "BB-A-N6A": ((3, 0), 300), "BB-A-N4B": ((0, 1), 180)}
    placed = []
    for card, (cell, turn) in laid.items():
        dx, dy = centroid(cell, TRIANGLE.width)
        placed.append(PlacedCard(card, sx + dx, sy + dy, float(turn)))
    placed += [PlacedCard("BB-A-N1A", *box.center), PlacedCard("BB-A-N7A", box.center[0] + 4, box.center[1] + 4)]
    return Scene(mat, tuple(placed), seed=seed)
