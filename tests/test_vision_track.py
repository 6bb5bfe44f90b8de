"""The table tracker: rendered frames through the pipeline and the tracker, events a game trusts."""

from __future__ import annotations

import pytest

from engine.catalog import load_catalog
from station.printed.cards import shape_of
from station.sim.virtual_table import CameraModel, Hand, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.locate import CardSighting, ForeignCode
from station.vision.pipeline import CardPipeline, FrameObservation
from station.vision.table_map import NO_MAT
from station.vision.track import CardTracker, TrackSettings

MAT = mat_layout("math-wars", 2)
TABLE = VirtualTable(CameraModel.seeing(700, 1920, 1080, mat=MAT))
ZONES = {zone.name: (zone.x + zone.w / 2, zone.y + zone.h / 2) for zone in MAT.zones}
N37 = PlacedCard("MW-A-N37", *ZONES["seat1.count-meta"], 2)
S5 = PlacedCard("MW-A-S5", *ZONES["seat1.math-crate"], 178)
FPS = 10


class Run:
    """Frames at 10 per second through the real pipeline and tracker; collects the events."""

    def __init__(self, settings: TrackSettings | None = None, mat=MAT, table=TABLE) -> None:
        self.pipeline, self.tracker = CardPipeline(), CardTracker(settings or TrackSettings())
        self.frame, self.events = 0, []
        self.mat, self.table = mat, table

    def show(self, *cards: PlacedCard, hands=(), frames: int = 1, poster: str | None = None, **scene) -> list[dict]:
        image = self.table.render(Scene(self.mat, cards, hands=hands, **scene))
        if poster:
            image = with_foreign_code(image, poster)
        new = []
        for _ in range(frames):
            new += self.tracker.update(self.pipeline.observe(image), self.frame / FPS)
            self.frame += 1
        self.events += new
        return new

    def kinds(self, card: str | None = None) -> list[str]:
        return [e["type"] for e in self.events if card is None or e.get("card") == card]


def with_foreign_code(image, text: str):
    """A QR code that is not one of our cards (a poster, a phone) lying at the image's edge."""
    import numpy as np
    import segno

    code = np.array(segno.make_qr(text, error="m").matrix, dtype=np.uint8)
    code = np.pad(1 - code, 4, constant_values=1) * 255
    big = np.kron(code, np.ones((5, 5), np.uint8))
    image = image.copy()
    image[40 : 40 + big.shape[0], 1500 : 1500 + big.shape[1]] = big[..., None]
    return image


def test_placing_cards_gives_placed_once_with_mm_positions():
    run = Run()
    run.show(N37, frames=3)
    run.show(N37, S5, frames=3)
    assert run.kinds() == ["placed", "placed"]
    placed = run.events[1]
    assert placed["card"] == "MW-A-S5" and abs(placed["x"] - S5.x) < 1 and abs(placed["y"] - S5.y) < 1


def test_a_hand_crossing_for_a_second_covers_and_uncovers_but_removes_nothing():
    run = Run()
    run.show(N37, S5, frames=3)
    for step in range(12):  # 1.2 s: an arm sweeping across the cards
        run.show(N37, S5, hands=(Hand(-40 + step * 25, N37.y + 20, length=400, angle=90),))
    run.show(N37, S5, frames=4)
    assert "removed" not in run.kinds()
    assert run.kinds("MW-A-N37").count("placed") == 1
    assert set(run.tracker.cards) == {"MW-A-N37", "MW-A-S5"}
    covered = [e for e in run.events if e["type"] == "covered"]
    assert covered and all(e.get("by") == "hand" for e in covered)
    assert run.kinds().count("uncovered") == len(covered)


def test_a_card_taken_away_is_removed_after_the_delay():
    run = Run(TrackSettings(remove_after=1.0))
    run.show(N37, S5, frames=3)
    run.show(S5, frames=15)
    assert run.kinds("MW-A-N37") == ["placed", "covered", "removed"]
    removed = next(e for e in run.events if e["type"] == "removed")
    assert abs(removed["t"] - 0.2 - 1.0) <= 0.15  # last seen at 0.2 s
    assert "resync" not in removed  # seen going: no spell of untrusted frames for the game to judge


def test_moving_a_card_is_one_moved_event():
    run = Run()
    run.show(N37, frames=3)
    run.show(PlacedCard(N37.card_id, N37.x + 20, N37.y - 5, 20), frames=3)
    assert run.kinds() == ["placed", "moved"]
    assert run.events[1]["from"] == [round(run.events[0]["x"], 1), round(run.events[0]["y"], 1)]


def test_a_card_laid_on_another_is_stacked_on_it_and_the_one_below_stays():
    run = Run(TrackSettings(remove_after=0.5))
    run.show(N37, frames=3)
    top = PlacedCard("MW-B-N15", N37.x + 3, N37.y + 2, 5)
    run.show(N37, top, frames=12)
    stacked = [e for e in run.events if e["type"] == "stacked"]
    assert stacked == [{"type": "stacked", "t": stacked[0]["t"], "card": "MW-B-N15", "on": "MW-A-N37"}]
    assert "removed" not in run.kinds("MW-A-N37")


def test_a_card_slid_off_another_then_the_lower_card_lifted_is_removed_and_covered_by_nobody():
    """The stack is undone: once the top card slides aside and the lower card shows again, nothing
    lies on it. Lifted later, it is gone after remove_after, however long the other card stays."""
    run = Run(TrackSettings(remove_after=0.5))
    run.show(N37, frames=3)
    top = PlacedCard("MW-B-N15", N37.x + 3, N37.y + 2, 5)
    run.show(N37, top, frames=6)
    aside = PlacedCard("MW-B-N15", N37.x + 3, N37.y + 110, 5)  # slid off, into the next box
    run.show(N37, aside, frames=4)
    assert run.kinds("MW-A-N37") == ["placed", "covered", "uncovered"]
    run.show(aside, frames=12)  # N37 lifted; N15 stays
    assert run.kinds("MW-A-N37") == ["placed", "covered", "uncovered", "covered", "removed"]
    assert "by" not in [e for e in run.events if e.get("card") == "MW-A-N37"][-2]  # not "under N15"
    assert set(run.tracker.cards) == {"MW-B-N15"}


def test_the_same_card_twice_is_a_duplicate_reported_once():
    run = Run()
    twin = PlacedCard("MW-A-N37", *ZONES["seat2.count-meta"], 180)
    run.show(N37, twin, frames=4)
    assert run.kinds().count("duplicate") == 1


def test_brief_blurred_or_dark_spells_warn_and_change_nothing():
    from station.sim.virtual_table import Lighting

    run = Run()  # 1.6 s of frames that prove nothing: shorter than a removal takes (2.5 s)
    run.show(N37, frames=3)
    run.show(N37, blur_px=5.0, frames=8)
    run.show(N37, lighting=Lighting(brightness=0.1), frames=8)
    run.show(N37, frames=3)
    assert [e["type"] for e in run.events if e["type"] != "warning"] == ["placed"]
    warnings = [e["text"] for e in run.events if e["type"] == "warning"]
    assert any("blurred" in w for w in warnings) and any("too dark" in w for w in warnings)
    assert set(run.tracker.cards) == {"MW-A-N37"}


def test_an_unknown_qr_code_is_reported_once_and_is_never_a_card():
    run = Run()
    run.show(N37, poster="https://example.org/menu", frames=4)
    unknown = [e for e in run.events if e["type"] == "unknown_code"]
    assert len(unknown) == 1 and unknown[0]["text"] == "https://example.org/menu"
    assert "not a Math Card Station card" in unknown[0]["reason"]
    assert run.kinds().count("placed") == 1 and set(run.tracker.cards) == {"MW-A-N37"}


def test_a_hand_hovering_over_a_card_longer_than_the_removal_delay_removes_nothing():
    """A child's hand lingering over the cards (4 s, past remove_after) keeps the cards under it."""
    run = Run(TrackSettings(remove_after=2.5))
    run.show(N37, S5, frames=3)
    for step in range(40):  # the hand sways a little over N37: it moves, so the table is busy there
        sway = 10 if step % 2 else -10
        run.show(N37, S5, hands=(Hand(N37.x + sway, N37.y + 30, length=300, angle=90),))
    assert "covered" in run.kinds("MW-A-N37")
    assert "removed" not in run.kinds()
    run.show(N37, S5, frames=4)
    assert "removed" not in run.kinds() and set(run.tracker.cards) == {"MW-A-N37", "MW-A-S5"}
    assert run.kinds("MW-A-N37") == ["placed", "covered", "uncovered"]


def test_a_card_taken_away_under_a_hovering_hand_is_removed_once_the_hand_has_gone():
    run = Run(TrackSettings(remove_after=1.0))
    run.show(N37, S5, frames=3)
    for step in range(20):  # 2 s of a hand over N37, which is taken away under it
        sway = 10 if step % 2 else -10
        run.show(S5, hands=(Hand(N37.x + sway, N37.y + 30, length=300, angle=90),))
    assert "removed" not in run.kinds()
    left = run.frame / FPS
    run.show(S5, frames=20)
    removed = [e for e in run.events if e["type"] == "removed"]
    assert [e["card"] for e in removed] == ["MW-A-N37"]
    assert removed[0]["t"] >= left + 0.5 - 0.15  # its place was still and empty long enough after the hand


def test_a_card_counts_as_covered_from_its_second_frame_unseen():
    run = Run(TrackSettings(cover_after_frames=2))
    run.show(N37, S5, frames=3)
    assert run.show(S5) == []  # one frame without it: a glitch, not yet covered
    covered = run.show(S5)
    assert [(e["type"], e["card"]) for e in covered] == [("covered", "MW-A-N37")]


def test_the_cover_threshold_is_the_configured_frame_count():
    run = Run(TrackSettings(cover_after_frames=4))
    run.show(N37, S5, frames=3)
    for _ in range(3):
        assert run.show(S5) == []
    assert [e["type"] for e in run.show(S5)] == ["covered"]


# ---- a spell of frames that prove nothing (blur, darkness) longer than a removal takes --------

BLURRED = {"blur_px": 5.0}  # no code can be read, and the pipeline says the picture is blurred


def played(run: Run, card: str) -> list[str]:
    """The card's life as a game sees it: placed and removed (covered/stacked are details)."""
    return [kind for kind in run.kinds(card) if kind in ("placed", "removed")]


def test_cards_cleared_and_one_laid_again_during_a_blurred_spell_are_removed_and_placed_anew():
    """The demo's lost play: the table is cleared while the picture is blurred, and the same card
    comes back in the next hand. It must be a new placement, not an 'uncovered' card that never left."""
    run = Run()
    run.show(N37, S5, frames=3)
    run.show(frames=30, **BLURRED)  # cleared, 3 s, nothing readable
    run.show(N37, **BLURRED)
    sharp = run.frame / FPS
    run.show(N37, frames=4)  # sharp again: N37 laid again where it was, S5 gone
    assert played(run, "MW-A-N37") == ["placed", "removed", "placed"]
    assert played(run, "MW-A-S5") == ["placed", "removed"]
    assert all(e.get("resync") for e in run.events if e["type"] == "removed")
    # a card is covered before it is removed, as a game sees every card go: both once the picture is sharp
    gone = [e for e in run.events if e.get("card") == "MW-A-S5"][1:]
    assert [(e["type"], e.get("resync")) for e in gone] == [("covered", True), ("removed", True)]
    assert sharp <= gone[0]["t"] == gone[1]["t"]
    assert set(run.tracker.cards) == {"MW-A-N37"}


def test_a_new_card_after_a_blurred_clearing_is_not_stacked_on_the_cards_that_left():
    run = Run()
    run.show(N37, S5, frames=3)
    run.show(frames=30, **BLURRED)
    n21 = PlacedCard("MW-A-N21", N37.x, N37.y, N37.angle)
    run.show(n21, frames=4)
    assert "stacked" not in run.kinds()
    order = [(e["type"], e["card"]) for e in run.events if e["type"] in ("placed", "removed")]
    assert order[2:] in ([("removed", "MW-A-N37"), ("removed", "MW-A-S5"), ("placed", "MW-A-N21")],
                         [("removed", "MW-A-S5"), ("removed", "MW-A-N37"), ("placed", "MW-A-N21")])  # gone first
    run.show(n21, PlacedCard("MW-A-N37", *ZONES["seat2.count-meta"], 180), frames=4)  # N37 laid again later

    assert played(run, "MW-A-N37") == ["placed", "removed", "placed"]


def test_a_card_under_another_that_stands_through_a_long_spell_is_still_under_it():
    run = Run()
    run.show(N37, frames=3)
    top = PlacedCard("MW-B-N15", N37.x + 3, N37.y + 2, 5)
    run.show(N37, top, frames=4)
    run.show(N37, top, frames=30, **BLURRED)
    run.show(N37, top, frames=4)
    assert played(run, "MW-A-N37") == ["placed"]  # never removed: it lies under N15, which stands
    assert set(run.tracker.cards) == {"MW-A-N37", "MW-B-N15"}
    assert run.tracker.cards["MW-A-N37"].under == "MW-B-N15"


def test_cards_that_stand_through_a_long_spell_simply_stand():
    """A blur longer than a removal takes, with nothing taken away: the table is as it was."""
    run = Run()
    run.show(N37, S5, frames=3)
    run.show(N37, S5, frames=30, **BLURRED)
    run.show(N37, S5, frames=4)
    assert played(run, "MW-A-N37") == played(run, "MW-A-S5") == ["placed"]
    assert set(run.tracker.cards) == {"MW-A-N37", "MW-A-S5"}
    run.show(S5, frames=30)  # and afterwards the cards are tracked as before: N37 taken away is removed
    assert played(run, "MW-A-N37") == ["placed", "removed"]


def test_when_a_spell_hid_a_clearing_the_cards_back_in_their_places_were_laid_again():
    """One card gone means hands were at the table: the one back where it was may have been
    lifted and laid again (the next hand's first card in the same box). It is announced again,
    flagged, for the game to judge (Math Wars: a card already down this hand is no new play)."""
    run = Run()
    run.show(N37, S5, frames=3)
    run.show(N37, frames=30, **BLURRED)  # S5 taken away while nothing could be read
    run.show(N37, frames=4)
    assert played(run, "MW-A-S5") == ["placed", "removed"]
    assert played(run, "MW-A-N37") == ["placed", "removed", "placed"]
    assert [e.get("resync") for e in run.events if e.get("card") == "MW-A-N37" and e["type"] in ("removed", "placed")] \
        == [None, True, True]


def test_a_card_moved_during_a_long_spell_is_removed_and_placed_where_it_now_lies():
    run = Run()
    run.show(N37, frames=3)
    moved = PlacedCard("MW-A-N37", *ZONES["seat2.count-meta"], 180)
    run.show(moved, frames=30, **BLURRED)
    run.show(moved, frames=4)
    assert played(run, "MW-A-N37") == ["placed", "removed", "placed"]
    last = [e for e in run.events if e["type"] == "placed"][-1]
    assert abs(last["x"] - moved.x) < 1 and abs(last["y"] - moved.y) < 1 and last["resync"] is True


def test_a_card_stacked_on_an_early_card_of_a_row_covers_the_next_one_which_is_not_removed():
    """Math Rush rows: cards 50 mm apart, each over the last. An equal card laid on the first card
    of a row lies over the second card's top-left code, whose other code is under the third: the
    second card is hidden whole, but it is under a card, not taken away."""
    mat = mat_layout("math-rush", 1)
    run = Run(TrackSettings(remove_after=1.0), mat, VirtualTable(CameraModel.seeing(700, 1920, 1080, mat=mat)))
    row = mat.zone("row1.set")
    y = row.y + row.h / 2
    first, second, third = (PlacedCard(card, row.x + 48 + k * 50, y) for k, card in
                            enumerate(("MR-A-F5", "MR-A-F9", "MR-A-F13")))
    run.show(first, frames=2)
    run.show(first, second, frames=2)
    run.show(first, second, third, frames=3)
    on_first = PlacedCard("MR-A-D5", first.x + 3, first.y + 3)  # 0.25 on 1/4
    run.show(first, second, third, on_first, frames=25)  # 2.5 s: more than remove_after
    assert "removed" not in run.kinds()
    assert {"type": "stacked", "card": "MR-A-D5", "on": "MR-A-F9"} in [
        {k: e[k] for k in ("type", "card", "on")} for e in run.events if e["type"] == "stacked"]
    assert set(run.tracker.cards) == {"MR-A-F5", "MR-A-F9", "MR-A-F13", "MR-A-D5"}
    run.show(first, third, frames=25)  # the stack and the second card taken away: both removed in time
    assert run.kinds("MR-A-D5")[-1] == "removed" and run.kinds("MR-A-F9")[-1] == "removed"


def test_a_card_slid_along_its_box_during_a_long_spell_is_placed_where_it_now_lies():
    run = Run()
    run.show(N37, frames=3)
    slid = PlacedCard("MW-A-N37", N37.x + 25, N37.y, N37.angle)  # sideways only: 25 mm, more than move_mm
    run.show(slid, frames=30, **BLURRED)
    run.show(slid, frames=4)
    assert played(run, "MW-A-N37") == ["placed", "removed", "placed"]
    assert abs(run.tracker.cards["MW-A-N37"].x - slid.x) < 1


def test_a_card_taken_away_under_a_hand_while_another_is_laid_across_the_table_is_still_removed():
    """The new card lies nowhere near it: the card under the hand is not under the new one."""
    run = Run(TrackSettings(remove_after=1.0))
    run.show(N37, frames=3)
    far = PlacedCard("MW-B-N15", *ZONES["seat2.count-meta"], 180)
    for step in range(10):  # N37 taken away under a hand while Ben lays his card
        sway = 10 if step % 2 else -10
        run.show(far, hands=(Hand(N37.x + sway, N37.y + 30, length=300, angle=90),))
    run.show(far, frames=25)
    assert "stacked" not in run.kinds()
    assert played(run, "MW-A-N37") == ["placed", "removed"]


# ---- exact positions: where a millimetre or a degree decides ------------------------------------
# Rendering and decoding place a card to within a millimetre or so. Where the tracker's rule turns
# on less (a threshold, a code's edge under a neighbour), these tests hand it the sightings that
# locate() makes of a frame, at exact table positions.

CATALOG = load_catalog()


def seen(card_id: str, x: float, y: float, angle: float = 0.0) -> CardSighting:
    card = CATALOG.card(card_id)
    return CardSighting(card.id, card.payload, card.game, card.face.describe(), x, y, angle, 1,
                        period=360 / shape_of(card).symmetry)


STEP = 0.125  # seconds between exact frames: a binary fraction, so times add up exactly


class Exact:
    """Frames of exact sightings, 8 per second, through the real tracker."""

    def __init__(self, settings: TrackSettings | None = None) -> None:
        self.tracker, self.frame, self.events = CardTracker(settings or TrackSettings()), 0, []

    def show(self, *cards: CardSighting, frames: int = 1, trustworthy: bool = True, busy=(), foreign=(),
             warnings=()) -> list[dict]:
        new = []
        for _ in range(frames):
            observation = FrameObservation(self.frame, cards, tuple(foreign), tuple(busy), NO_MAT, tuple(warnings),
                                           trustworthy=trustworthy)
            new += self.tracker.update(observation, self.frame * STEP)
            self.frame += 1
        self.events += new
        return new

    def kinds(self, card: str | None = None) -> list[str]:
        return [e["type"] for e in self.events if card is None or e.get("card") == card]

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["type"] == kind]


@pytest.mark.parametrize(("dx", "turn", "stood"), [
    (8.0, 0.0, True), (0.0, 12.0, True),  # as far as move_mm and turn_deg: the same place
    (8.5, 0.0, False), (0.0, 12.5, False), (0.0, 178.0, True),  # a rectangle turned by a half turn looks the same
])
def test_a_card_back_after_a_long_spell_stood_only_if_it_is_within_move_mm_and_turn_deg(dx, turn, stood):
    run = Exact()
    run.show(seen("MW-A-N37", 100.0, 100.0, 10.0), frames=3)
    run.show(frames=30, trustworthy=False)  # 3 s of frames that prove nothing
    run.show(seen("MW-A-N37", 100.0 + dx, 100.0, (10.0 + turn) % 180), frames=2)
    assert run.kinds("MW-A-N37") == (["placed"] if stood else ["placed", "covered", "removed", "placed"])


# A hidden rectangle at (200, 200), upright: its codes' centres are 24.1 mm left and 11.2 mm up
# of its centre (top-left), and as far right and down (bottom-right). The new card lies more than
# stack_mm (45 mm) from it, so only lying over one of those codes makes it a stack (or, nearer, lying
# within stack_mm of its centre).
HIDDEN_RECTANGLE = ("MW-A-N37", 200.0, 200.0, 0.0)
# A hidden triangle at (200, 200), pointing up: its one code is at its centre. A triangle's point
# reaches 57.7 mm from its centre, its sides 28.9 mm.
HIDDEN_TRIANGLE = ("BB-A-N1A", 200.0, 200.0, 0.0)


@pytest.mark.parametrize(("hidden", "top", "stacked"), [
    (HIDDEN_RECTANGLE, ("MW-A-S5", 136.0, 175.0, 0.0), True),  # its right end over the top-left code only
    (HIDDEN_RECTANGLE, ("MW-A-S5", 264.1, 198.2, 0.0), True),  # its left end over the bottom-right code only
    (HIDDEN_RECTANGLE, ("MW-A-S5", 136.0, 240.0, 0.0), False),  # beside it, below the top-left code
    (HIDDEN_RECTANGLE, ("MW-A-S5", 165.0, 222.0, 0.0), True),  # clear of its codes, but within stack_mm (41 mm)
    (HIDDEN_RECTANGLE, ("MW-A-S5", 235.0, 178.0, 0.0), True),  # the same on the other side
    (HIDDEN_RECTANGLE, ("MW-A-S5", 173.0, 236.0, 0.0), True),  # clear of its codes, exactly stack_mm away
    (HIDDEN_RECTANGLE, ("MW-A-S5", 140.0, 168.0, 30.0), True),  # turned 30°, its corner over the top-left code
    (HIDDEN_TRIANGLE, ("BB-A-N2A", 200.0, 250.0, 0.0), True),  # its point over the code, 50 mm up
    (HIDDEN_TRIANGLE, ("BB-A-N2A", 197.0, 248.0, 0.0), True),  # 3 mm off its middle, inside its slanted sides
    (HIDDEN_TRIANGLE, ("BB-A-N2A", 192.0, 248.0, 0.0), False),  # 8 mm off: past its right side
    (HIDDEN_TRIANGLE, ("BB-A-N2A", 230.0, 240.0, 0.0), False),  # the code left of its left side
    (HIDDEN_TRIANGLE, ("BB-A-N2A", 200.0, 250.0, 180.0), False),  # pointing down: its flat side is 29 mm up
])
def test_a_card_laid_over_a_hidden_cards_code_is_stacked_on_it_and_one_beside_it_is_not(hidden, top, stacked):
    run = Exact(TrackSettings(remove_after=1.0))
    run.show(seen(*hidden), frames=3)
    run.show(seen(*top), frames=15)  # the hidden card's codes are seen no more, for 1.5 s
    assert (["placed", "stacked"] if stacked else ["placed"]) == [
        kind for kind in run.kinds(top[0]) if kind in ("placed", "stacked")]
    # under a card that stands it stays; beside one, it was taken away
    assert run.kinds(hidden[0]) == (["placed", "covered"] if stacked else ["placed", "covered", "removed"])


def test_a_card_taken_away_is_covered_at_its_second_frame_unseen_and_removed_as_remove_after_ends():
    run = Exact(TrackSettings(remove_after=1.0))
    run.show(seen("MW-A-N37", 100.0, 100.0), frames=3)  # last seen at 0.25 s
    run.show(frames=12)
    assert run.of("covered") == [{"type": "covered", "t": 0.5, "card": "MW-A-N37"}]  # nothing over it: no "by"
    assert run.of("removed") == [{"type": "removed", "t": 1.25, "card": "MW-A-N37"}]  # 1.0 s after it was last seen


def test_after_a_hand_hovered_over_a_card_taken_away_its_place_must_be_still_half_remove_after():
    run = Exact(TrackSettings(remove_after=1.0))
    card = seen("MW-A-N37", 100.0, 100.0)
    run.show(card, frames=3)
    run.show(frames=18, busy=[(80.0, 80.0, 140.0, 160.0)])  # 2.25 s of a hand over its place; last at 2.5 s
    assert [(e["type"], e.get("by")) for e in run.events] == [("placed", None), ("covered", "hand")]
    run.show(frames=8)
    assert [e["t"] for e in run.of("removed")] == [3.0]  # half of remove_after after the hand left


@pytest.mark.parametrize(("area", "over"), [
    ((130.0, 60.0, 200.0, 140.0), True), ((0.0, 60.0, 70.0, 140.0), True),  # right and left, as far as HAND_REACH
    ((60.0, 130.0, 140.0, 200.0), True), ((60.0, 0.0, 140.0, 70.0), True),  # below and above, as far as HAND_REACH
    ((110.0, 60.0, 200.0, 140.0), True), ((0.0, 60.0, 90.0, 140.0), True),  # over the card's centre's side
    ((60.0, 110.0, 140.0, 200.0), True), ((60.0, 0.0, 140.0, 90.0), True),
    ((131.0, 60.0, 200.0, 140.0), False), ((0.0, 60.0, 69.0, 140.0), False),  # a millimetre further
    ((60.0, 131.0, 140.0, 200.0), False), ((60.0, 0.0, 140.0, 69.0), False),
    ((60.0, 300.0, 140.0, 400.0), False), ((300.0, 60.0, 400.0, 140.0), False),  # in its column or row, far off
])
def test_a_moving_area_within_hand_reach_of_a_cards_centre_holds_its_removal(area, over):
    run = Exact(TrackSettings(remove_after=1.0))
    run.show(seen("MW-A-N37", 100.0, 100.0), frames=3)
    run.show(frames=16, busy=[area])  # 2 s: longer than remove_after
    covered = run.of("covered")
    assert [e.get("by") for e in covered] == (["hand"] if over else [None])
    assert run.kinds("MW-A-N37") == (["placed", "covered"] if over else ["placed", "covered", "removed"])


def test_a_covered_card_seen_again_is_uncovered_and_a_turn_alone_is_a_move():
    run = Exact()
    run.show(seen("MW-A-N37", 100.0, 100.0, 10.0), frames=3)
    run.show(frames=2)
    run.show(seen("MW-A-N37", 100.0, 100.0, 10.0))
    assert run.kinds() == ["placed", "covered", "uncovered"]
    run.show(seen("MW-A-N37", 101.0, 100.0, 40.0))  # turned 30°, hardly shifted
    assert run.events[-1] == {"type": "moved", "t": 0.75, "card": "MW-A-N37", "x": 101.0, "y": 100.0, "angle": 40.0,
                              "from": [100.0, 100.0]}
    run.show(seen("MW-A-N37", 101.0, 100.0, 40.0), frames=2)
    assert run.kinds()[-1] == "moved"  # once


def test_a_duplicate_names_both_places_and_is_told_again_only_after_the_twin_left():
    run = Exact()
    one, twin = seen("MW-A-N37", 100.04, 100.0), seen("MW-A-N37", 300.0, 250.06)
    run.show(one, twin, frames=3)
    assert run.of("duplicate") == [{"type": "duplicate", "t": 0.0, "card": "MW-A-N37",
                                     "positions": [[100.0, 100.0], [300.0, 250.1]]}]
    run.show(one, frames=2)
    run.show(one, twin)
    assert len(run.of("duplicate")) == 2
    assert set(run.tracker.cards) == {"MW-A-N37"} and run.tracker.cards["MW-A-N37"].x == 100.04  # the one it knew


def test_an_unknown_code_and_a_warning_are_told_once_while_they_last_and_again_when_they_come_back():
    run = Exact()
    poster = ForeignCode("https://example.org", "not a Math Card Station card", 12.34, 56.78, "MalformedPayload")
    run.show(foreign=[poster], warnings=["too dark"], frames=3)
    run.show(frames=2)
    run.show(foreign=[poster], warnings=["too dark"])
    assert run.of("unknown_code") == [{"type": "unknown_code", "t": t, "text": "https://example.org",
                                       "reason": "not a Math Card Station card", "kind": "MalformedPayload",
                                       "x": 12.3, "y": 56.8} for t in (0.0, 0.625)]
    assert [(e["t"], e["text"]) for e in run.of("warning")] == [(0.0, "too dark"), (0.625, "too dark")]


@pytest.mark.parametrize("away", ["slid", "lifted"])
def test_a_stack_undone_leaves_the_lower_card_free_to_go(away):
    """Stacked, then the top card slid aside (or lifted, and laid back elsewhere): the lower card,
    seen again, lies under nothing. Lifted in turn it is covered by nobody and removed once its
    place has been empty for remove_after, while the other card lies on beside it."""
    run = Exact(TrackSettings(remove_after=1.0))
    run.show(seen("MW-A-N37", 100.0, 100.0), frames=3)
    run.show(seen("MW-B-N15", 103.0, 102.0), frames=4)  # laid on it
    assert [(e["card"], e["on"]) for e in run.of("stacked")] == [("MW-B-N15", "MW-A-N37")]
    assert run.tracker.cards["MW-A-N37"].under == "MW-B-N15"
    if away == "lifted":
        run.show(seen("MW-A-N37", 100.0, 100.0), frames=2)  # the top card up in a hand ...
    run.show(seen("MW-A-N37", 100.0, 100.0), seen("MW-B-N15", 103.0, 180.0), frames=2)  # ... and beside it
    assert run.kinds("MW-A-N37") == ["placed", "covered", "uncovered"]
    lifted = run.frame * STEP
    run.show(seen("MW-B-N15", 103.0, 180.0), frames=12)  # the lower card lifted: 1.5 s
    gone = [e for e in run.events if e.get("card") == "MW-A-N37"][3:]
    assert [(e["type"], e.get("by")) for e in gone] == [("covered", None), ("removed", None)]
    assert gone[1]["t"] - lifted <= 1.0 + STEP  # last seen one frame before
    assert set(run.tracker.cards) == {"MW-B-N15"}


@pytest.mark.parametrize(("settled", "after"), [(40, 7), (40, 8), (2, 7), (2, 8)])
def test_a_card_moved_during_a_spell_as_long_as_a_removal_is_laid_anew_and_during_a_shorter_one_moved(settled, after):
    """Unseen from its last sighting for remove_after (1 s, 8 frames) or more, it may have left and
    come back: removed and placed anew. Less, and it only moved, however late in the game."""
    run = Exact(TrackSettings(remove_after=1.0))
    run.show(seen("MW-A-N37", 100.0, 100.0), frames=settled)
    run.show(frames=after - 1, trustworthy=False)
    run.show(seen("MW-A-N37", 130.0, 100.0))  # the first frame that proves something, `after` frames on
    assert run.events[0] == {"type": "placed", "t": 0.0, "card": "MW-A-N37", "x": 100.0, "y": 100.0, "angle": 0.0}
    assert run.kinds()[1:] == (["covered", "removed", "placed"] if after >= 8 else ["moved"])
