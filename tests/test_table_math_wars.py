"""The Math Wars table adapter: table events in mat millimetres -> plays and notes."""

from __future__ import annotations

from engine.rules import new_game
from station.table.adapter import foreign_note
from station.table.mat import mat_layout
from station.games.math_wars.table import MathWarsTable

MAT = mat_layout("math-wars", 2)
ZONE = {zone.name: zone.center for zone in MAT.zones}


def placed(card: str, zone: str | None = None, at: tuple[float, float] | None = None, kind: str = "placed") -> dict:
    x, y = at if at is not None else ZONE[zone]
    return {"type": kind, "card": card, "x": x, "y": y, "angle": 0.0}


def reading(adapter, events, game=None, mat=MAT):
    game = game or new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    return adapter.read(events, 5.0, game.state(), mat)


def test_a_card_in_a_seats_box_is_that_players_play():
    r = reading(MathWarsTable(["Ana", "Ben"]), [placed("MW-B-N15", "seat2.count-meta")])
    assert r.actions == [{"type": "play", "t": 5.0, "player": "Ben", "card": "MW-B-N15", "source": "camera"}]
    assert r.notes == []


def test_a_card_a_little_outside_its_box_still_counts_but_one_far_away_waits():
    zone = next(z for z in MAT.zones if z.name == "seat1.count-meta")
    adapter = MathWarsTable(["Ana", "Ben"])
    near = reading(adapter, [placed("MW-A-N3", at=(zone.x - 10, zone.y + 20))])
    assert [a["player"] for a in near.actions] == ["Ana"]
    far = reading(adapter, [placed("MW-A-N4", at=(zone.x - 60, zone.y + 20))])
    assert far.actions == [] and far.notes[0].code == "outside_zones"
    slid_in = reading(adapter, [{**placed("MW-A-N4", "seat1.count-meta"), "type": "moved"}])
    assert [a["card"] for a in slid_in.actions] == ["MW-A-N4"]


def test_a_card_lifted_and_put_back_in_the_same_hand_is_no_new_play():
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    game.apply({"type": "play", "t": 1, "player": "Ana", "card": "MW-A-N21"})
    adapter = MathWarsTable(["Ana", "Ben"])
    r = reading(adapter, [placed("MW-A-N21", "seat1.count-meta")], game)
    assert r.actions == [] and r.notes == []


def test_moves_removals_and_stacking_make_no_extra_plays():
    adapter = MathWarsTable(["Ana", "Ben"])
    events = [{**placed("MW-A-N21", "seat1.count-meta"), "type": "moved"}, {"type": "removed", "card": "MW-A-N21"},
              {"type": "stacked", "card": "MW-A-N22", "on": "MW-A-N21"}]
    assert reading(adapter, events).actions == []


def test_no_mat_or_the_wrong_mat_is_said_once_and_nothing_is_played():
    adapter = MathWarsTable(["Ana", "Ben", "Cleo"])
    first = reading(adapter, [placed("MW-A-N21", "seat1.count-meta")])  # a 2-seat mat for 3 players
    assert first.actions == [] and [n.code for n in first.notes] == ["wrong_mat"]
    again = reading(adapter, [placed("MW-A-N22", "seat1.count-meta")])
    assert again.notes == []
    none = reading(adapter, [placed("MW-A-N23", "seat1.count-meta")], mat=None)
    assert [n.code for n in none.notes] == ["no_mat"] and none.actions == []


def test_unknown_codes_other_games_and_duplicates_are_notes_never_plays():
    adapter = MathWarsTable(["Ana", "Ben"])
    events = [{"type": "unknown_code", "text": "https://example.org/menu", "reason": "not a card",
               "kind": "MalformedPayload"},
              {"type": "unknown_code", "text": "MCS1-BB-A-7", "reason": "unknown game", "kind": "UnknownGame"},
              {"type": "duplicate", "card": "MW-A-N21", "positions": [[1, 2], [3, 4]]}]
    r = reading(adapter, events)
    assert r.actions == []
    assert [n.code for n in r.notes] == ["unknown_code", "other_game", "duplicate"]
    assert foreign_note("MCS1-BB-A-1", "UnknownGame").detail == "A Big Bang card: take it off"
    damaged = foreign_note("MCS1-MW-A-X99", "UnknownCard")  # our own game's code, damaged: not "another game"
    assert damaged.code == "unknown_code" and damaged.title == "Unknown card"
    assert foreign_note("MCS2-MW-A-N3", "UnknownVersion").title == "Newer card"


def test_a_seat_beyond_the_players_is_empty():
    adapter = MathWarsTable(["Ana"])  # solo on a 2-seat mat
    r = reading(adapter, [placed("MW-A-N21", "seat2.count-meta")],
                new_game({"game": "math-wars", "players": ["Ana"]}))
    assert r.actions == [] and r.notes[0].code == "empty_seat"


def test_after_a_restart_a_card_the_game_knows_stands_and_any_other_is_played_at_once():
    """What stands is decided from the journal, not by a blanket settling time: a new card laid
    in the very first frame after a restart is a play."""
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    game.apply({"type": "play", "t": 1, "player": "Ana", "card": "MW-A-N21"})
    adapter = MathWarsTable(["Ana", "Ben"])
    adapter.resumed(game.table_cards())
    first = adapter.read([placed("MW-A-N21", "seat1.count-meta"), placed("MW-B-N15", "seat2.count-meta")], 0.1,
                         game.state(), MAT)
    assert [(a["player"], a["card"]) for a in first.actions] == [("Ben", "MW-B-N15")]
    # the standing card is taken away and laid again: from then on it is a card like any other
    adapter.read([{"type": "removed", "card": "MW-A-N21"}], 3.0, game.state(), MAT)
    again = adapter.read([placed("MW-A-N21", "seat1.count-meta")], 4.0, new_game(
        {"game": "math-wars", "players": ["Ana", "Ben"]}).state(), MAT)
    assert [a["card"] for a in again.actions] == ["MW-A-N21"]


def test_the_cards_a_math_wars_game_knows_are_this_hands_and_the_last_ones():
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    hand = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"), ("Ben", "MW-B-A6")]
    for t, (player, card) in enumerate(hand, 1):
        game.apply({"type": "play", "t": t, "player": player, "card": card})
    assert game.table_cards() == {card for _, card in hand}  # settled, still lying there
    game.apply({"type": "play", "t": 9, "player": "Ana", "card": "MW-A-N3"})
    assert game.table_cards() == {card for _, card in hand} | {"MW-A-N3"}


def test_the_notes_say_what_the_screen_shows_and_which_card():
    adapter = MathWarsTable(["Ana"])
    zone = next(z for z in MAT.zones if z.name == "seat1.count-meta")
    outside = reading(adapter, [placed("MW-A-N4", at=(zone.x - 60, zone.y + 20))]).notes
    assert [n.as_json() for n in outside] == [{"type": "note", "code": "outside_zones", "title": "Not in a box",
                                               "detail": "Put cards in your boxes", "card": "MW-A-N4"}]
    empty = reading(adapter, [placed("MW-A-N21", "seat2.count-meta")],
                    new_game({"game": "math-wars", "players": ["Ana"]})).notes
    assert [n.as_json() for n in empty] == [{"type": "note", "code": "empty_seat", "title": "Empty seat",
                                             "detail": "Nobody plays at seat 2", "card": "MW-A-N21"}]


def test_a_card_outside_the_boxes_is_told_once_until_it_is_taken_away_or_played():
    adapter = MathWarsTable(["Ana", "Ben"])
    zone = next(z for z in MAT.zones if z.name == "seat1.count-meta")
    far = placed("MW-A-N4", at=(zone.x - 60, zone.y + 20))
    assert [n.code for n in reading(adapter, [far]).notes] == ["outside_zones"]
    assert reading(adapter, [{**far, "type": "moved"}]).notes == []   # still out: said already
    reading(adapter, [{"type": "removed", "card": "MW-A-N4"}])
    assert [n.code for n in reading(adapter, [far]).notes] == ["outside_zones"]   # put down outside again
    slid_in = reading(adapter, [{**placed("MW-A-N4", "seat1.count-meta"), "type": "moved"}])
    assert [a["card"] for a in slid_in.actions] == ["MW-A-N4"]
    nudged = {**placed("MW-A-N4", at=(zone.center[0] + 15, zone.center[1])), "type": "moved"}
    assert reading(adapter, [nudged]).actions == []   # a played card nudged in its box is no new play


def test_a_card_up_to_the_slack_beyond_any_side_of_a_box_counts_and_one_further_is_outside():
    """Seat 1's boxes are 100 mm wide (x 42-142); its MATH CRATE box ends at y 336, seat 2's
    starts at y 6. A child's card 20 mm off (ZONE_SLACK_MM) still counts; 30 mm off it waits."""
    crate1 = next(z for z in MAT.zones if z.name == "seat1.math-crate")
    crate2 = next(z for z in MAT.zones if z.name == "seat2.math-crate")
    middle = crate1.x + crate1.w / 2
    counts = {"right of Ana's box": ("MW-A-N3", (crate1.x + crate1.w + 20, crate1.y + 30), "Ana"),
              "below Ana's box": ("MW-A-N4", (middle, crate1.y + crate1.h + 20), "Ana"),
              "just below Ana's box": ("MW-A-N5", (middle, crate1.y + crate1.h + 10), "Ana"),
              "above Ben's box": ("MW-B-N3", (middle, crate2.y - 20), "Ben")}
    for where, (card, at, player) in counts.items():
        r = reading(MathWarsTable(["Ana", "Ben"]), [placed(card, at=at)])
        assert [(a["player"], a["card"]) for a in r.actions] == [(player, card)], where
    waits = {"right of Ana's box": (crate1.x + crate1.w + 30, crate1.y + 30),
             "below Ana's box": (middle, crate1.y + crate1.h + 30),
             "above Ben's box": (middle, crate2.y - 30)}
    for where, at in waits.items():
        r = reading(MathWarsTable(["Ana", "Ben"]), [placed("MW-A-N6", at=at)])
        assert r.actions == [] and [n.code for n in r.notes] == ["outside_zones"], where


def test_after_a_restart_the_cards_of_a_finished_hand_still_lying_there_are_no_plays():
    """The hand was paid before the power cut; its four cards still lie in their boxes. Read
    again, they are neither new plays nor "already played" violations; a card laid now is."""
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    hand = [("Ana", "MW-A-N21", "seat1.count-meta"), ("Ana", "MW-A-S5", "seat1.math-crate"),
            ("Ben", "MW-B-N15", "seat2.count-meta"), ("Ben", "MW-B-A6", "seat2.math-crate")]
    for t, (player, card, _) in enumerate(hand, 1):
        game.apply({"type": "play", "t": t, "player": player, "card": card})
    assert game.state()["on_table"] == []   # the hand is over: only the restart rule keeps them
    adapter = MathWarsTable(["Ana", "Ben"])
    adapter.resumed(game.table_cards())
    seen = [placed(card, zone) for _, card, zone in hand]
    first = adapter.read([*seen, placed("MW-A-N3", "seat1.count-meta")], 0.1, game.state(), MAT)
    assert [(a["player"], a["card"]) for a in first.actions] == [("Ana", "MW-A-N3")] and first.notes == []


def test_the_mat_notes_say_what_to_do():
    adapter = MathWarsTable(["Ana", "Ben"])
    none = reading(adapter, [], mat=None).notes
    assert [n.as_json() for n in none] == [{"type": "note", "code": "no_mat", "title": "No mat seen",
                                            "detail": "Lay the mat under the camera"}]
    wrong = reading(MathWarsTable(["Ana", "Ben", "Cleo"]), []).notes
    assert [n.as_json() for n in wrong] == [{"type": "note", "code": "wrong_mat", "title": "Wrong mat",
                                             "detail": "Print this game's mat"}]


def test_a_card_seen_in_two_places_is_named_on_the_screen():
    r = reading(MathWarsTable(["Ana", "Ben"]), [{"type": "duplicate", "card": "MW-A-N21", "positions": [[1, 2], [3, 4]]}])
    assert [n.as_json() for n in r.notes] == [{"type": "note", "code": "duplicate", "title": "Seen twice!",
                                               "detail": "COUNT META 21 twice? Take one away", "card": "MW-A-N21"}]


def test_every_other_games_card_in_every_zone_is_a_note_never_a_play():
    """Every kind of card of every other game, laid in each zone (COUNT META and MATH CRATE boxes) at moments of a
    whole game and taken away again: "Other game: take it off", and no play."""
    from other_deck_check import plays_made

    assert plays_made({"game": "math-wars", "seed": 1, "players": ["Ana", "Ben"], "edition": "mwm25", "discard_option": 1, "victories_to_win": 1}) == []
