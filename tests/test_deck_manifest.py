"""A game's deck manifest read into cards (engine/catalog.py): every field of a face, named
decks and the print plan, what a table of N players needs, and the catalog of every registered
game's deck, rebuilt when the registry changes. The packaged Math Wars deck is read once and
cached, so these tests read manifests of their own."""

from __future__ import annotations

import re

import pytest
import toy_game
from conftest import registered

from engine.catalog import Catalog, CardFace, load_catalog, parse_manifest
from engine.errors import CatalogError, UnknownCard, UnknownGame
from engine.games import GameInfo
from engine.numbers import parse_number

DEMO = """
game = "demo"
code = "DM"
title = "Demo"
copies = "ABC"

[kinds.number]
label = "NUMBER"

[kinds.wild]
label = "WILD"
shape = "triangle"

[[cards]]
kind = "number"
n = [1, 3]
code = "N{n}"
number = "{n}/4"
op = "-"
points = 2

[[cards]]
kind = "wild"
code = "W"
colour = "red"

[decks.low]
title = "Low numbers"
cards = [{ n = [1, 2], code = "N{n}" }]

[decks.wilds]
cards = [{ code = "W" }]
"""


def deck(extra: str = "", text: str = DEMO):
    return parse_manifest(text + extra, "demo.toml")


def test_every_field_of_a_face_comes_from_its_manifest_entry():
    faces = deck().faces
    assert list(faces) == ["N1", "N2", "N3", "W"]
    assert faces["N2"] == CardFace("demo", "N2", "number", "NUMBER", parse_number("2/4"), "-", {"points": 2}, "rectangle", "number")
    assert faces["W"] == CardFace("demo", "W", "wild", "WILD", None, None, {"colour": "red"}, "triangle", "wild")  # a back by its kind unless named
    assert faces["N2"].describe() == "NUMBER −2/4" and faces["W"].describe() == "WILD"


def test_the_deck_keeps_its_name_copies_named_decks_and_their_titles():
    demo = deck()
    assert (demo.game, demo.code, demo.title, demo.copies) == ("demo", "DM", "Demo", "ABC")
    assert demo.decks == {"low": ("N1", "N2"), "wilds": ("W",)}
    assert demo.deck_titles == {"low": "Low numbers", "wilds": "wilds"}   # untitled: its name
    assert [c.id for c in demo.cards(["B"], "low")] == ["DM-B-N1", "DM-B-N2"]
    assert [c.payload for c in demo.cards(deck="wilds")] == ["MCS1-DM-A-W", "MCS1-DM-B-W", "MCS1-DM-C-W"]


def test_a_table_gets_each_players_decks_in_their_copy_and_the_shared_ones_once():
    demo = deck('[print]\neach_player = ["low"]\nshared = ["wilds"]\n')
    assert (demo.each_player, demo.shared) == (("low",), ("wilds",))
    assert [[c.id for c in group] for group in demo.for_players(2)] == [
        ["DM-A-N1", "DM-A-N2"], ["DM-B-N1", "DM-B-N2"], ["DM-A-W"]]
    assert [[c.id for c in group] for group in demo.for_players(3)][2] == ["DM-C-N1", "DM-C-N2"]
    assert [[c.id for c in group] for group in demo.for_players(1)] == [["DM-A-N1", "DM-A-N2"], ["DM-A-W"]]
    for players in (0, 4):
        with pytest.raises(CatalogError) as caught:
            demo.for_players(players)
        assert str(caught.value) == f"Demo is for 1–3 players, not {players}"


def test_a_table_of_shared_decks_only_gets_them_once_and_no_plan_means_copy_a():
    shared = deck('[print]\nshared = ["low", "wilds"]\n')
    assert [[c.id for c in group] for group in shared.for_players(5)] == [["DM-A-N1", "DM-A-N2", "DM-A-W"]]
    assert [[c.id for c in group] for group in deck().for_players(2)] == [["DM-A-N1", "DM-A-N2", "DM-A-N3", "DM-A-W"]]


def test_a_one_copy_deck_is_a_deck():
    assert deck(text=DEMO.replace('copies = "ABC"', 'copies = "A"')).copies == "A"


def test_templates_fill_in_only_texts_and_leave_no_n_behind():
    faces = deck().faces
    assert faces["N3"].extra == {"points": 2} and str(faces["N3"].number) == "3/4"


@pytest.mark.parametrize("extra, words", [
    ('[[cards]]\nkind = "number"\ncode = "X"\nop = "^"', "card 'X' has operation '^'; use one of + - × ÷"),
    ('[decks.many]\ncards = [{ n = [1, 9], code = "Z{n}" }]', "deck 'many' lists cards that do not exist: Z1, Z2, Z3, Z4, Z5"),
    ('[print]\neach_player = ["low", "high"]\nshared = ["odd"]', "print.each_player names decks that do not exist: high"),
    ('[print]\nshared = ["odd", "even"]', "print.shared names decks that do not exist: odd, even"),
])
def test_a_manifest_mistake_is_named_with_the_file(extra, words):
    with pytest.raises(CatalogError) as caught:
        deck("\n" + extra + "\n")
    assert str(caught.value) == f"demo.toml: {words}"


def test_a_manifest_without_a_source_says_so():
    with pytest.raises(CatalogError, match=re.escape("<manifest>: not valid TOML")):
        parse_manifest("[[cards")


# ---- looking cards up ------------------------------------------------------------------------------

CATALOG = Catalog([deck()])


@pytest.mark.parametrize("card_id, error, words", [
    ("DM-A", UnknownCard, "QR code 'DM-A': a card ID looks like MW-A-N37 (game, copy, card)"),
    (37, UnknownCard, "QR code '37': a card ID looks like MW-A-N37 (game, copy, card)"),
    ("XX-A-N1", UnknownGame, "QR code 'XX-A-N1': game code 'XX' is not a game this station knows"),
    ("DM-Q-N1", UnknownCard, "QR code 'DM-Q-N1': Demo has deck copies A–C, not 'Q'"),
    ("DM-A-N9", UnknownCard, "QR code 'DM-A-N9': Demo has no card 'N9'"),
])
def test_a_card_id_that_is_no_card_is_refused_with_the_reason(card_id, error, words):
    with pytest.raises(error) as caught:
        CATALOG.card(card_id)
    assert str(caught.value) == words


def test_unknown_games_and_decks_list_what_there_is():
    with pytest.raises(UnknownGame) as caught:
        CATALOG.game("poker")
    assert str(caught.value) == "QR code 'poker': no game called 'poker' has cards here (known: demo)"
    with pytest.raises(UnknownGame, match=re.escape("(known: demo, other)")):
        Catalog([deck(), deck(text=DEMO.replace('"demo"', '"other"').replace('"DM"', '"OT"'))]).game("poker")
    with pytest.raises(UnknownGame, match=re.escape("(known: none)")):
        Catalog([]).game("poker")
    with pytest.raises(CatalogError) as caught:
        CATALOG.game("demo").cards(deck="high")
    assert str(caught.value) == "Demo has no deck 'high'; decks: low, wilds"


# ---- the catalog of the registered games --------------------------------------------------------------

def test_a_game_registered_later_brings_its_cards_and_takes_them_away_again():
    assert "toy" not in load_catalog().games
    with registered(toy_game.INFO):
        card = load_catalog().card("TY-A-N4")
        assert (card.game, card.face.describe()) == ("toy", "NUMBER 4")
        assert load_catalog().from_payload("MCS1-TY-A-PLUS").id == "TY-A-PLUS"
    assert "toy" not in load_catalog().games and "math-wars" in load_catalog().games


def test_a_registered_game_without_a_deck_yet_has_no_cards():
    before = load_catalog().games
    with registered(GameInfo("snap", "Snap", "SN")):
        assert load_catalog().games == before and "snap" not in before


@pytest.mark.parametrize("line, words", [
    (GameInfo("snap", "Snap", "SN", deck=("toy_game", "toy.mat.toml")), "toy.mat.toml: 'title'"),   # a mat, not a deck
    (GameInfo("snap", "Snap", "SN", deck=("no_such_package", "snap.toml")),
     "snap: the deck's package 'no_such_package' cannot be found (No module named 'no_such_package')"),
    (GameInfo("snap", "Snap", "SN", deck=("toy_game", "deck.toml")),
     "deck.toml: game 'toy', code 'TY', title 'Toy Sum' do not match the registry line ('snap', 'SN', 'Snap') in "
     "engine/games.py"),
])
def test_a_registered_deck_that_cannot_be_read_or_does_not_match_its_line_is_refused(line, words):
    with registered(line), pytest.raises(CatalogError) as caught:
        load_catalog()
    assert str(caught.value) == words
