"""Deck manifests, card IDs and QR payloads: every printed card must be read back as itself."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.catalog import load_catalog, parse_manifest
from engine.errors import CatalogError, MalformedPayload, PayloadError, UnknownCard, UnknownGame, UnknownVersion
from engine.games import GAME_CODES, GAME_TITLES
from engine.payload import MAX_LENGTH, PayloadParts, split_payload

QR_ALPHANUMERIC = set(string.digits + string.ascii_uppercase + " $%*+-./:")
CATALOG = load_catalog()
ALL_CARDS = [card for game in CATALOG.games for card in CATALOG.game(game).cards()]


def test_math_wars_has_count_meta_1_to_100_and_crate_volume_1_in_eight_copies() -> None:
    deck = CATALOG.game("math-wars")
    assert deck.copies == "ABCDEFGH"
    assert [c.face.number.value for c in deck.cards("A", deck="count25")] == list(range(1, 26))
    assert len(deck.cards("A", deck="count100")) == 100
    crates = deck.cards("A", deck="crate1")
    assert sorted(f"{c.face.op}{c.face.number}" for c in crates) == sorted(
        f"{op}{n}" for op in "+-×÷" for n in range(1, 11))
    assert not any(c.face.op == "÷" and c.face.number.value == 0 for c in crates)
    assert len(deck.cards()) == 8 * 140


def test_each_manifest_is_a_known_game_with_its_reserved_code() -> None:
    for name in CATALOG.games:
        assert name in GAME_TITLES
        assert CATALOG.game(name).code == GAME_CODES[name]
        assert CATALOG.game(name).title == GAME_TITLES[name]


def test_every_payload_fits_a_version_1_qr_code_and_reads_back_as_its_card() -> None:
    assert ALL_CARDS
    for card in ALL_CARDS:
        assert len(card.payload) <= MAX_LENGTH == 16
        assert set(card.payload) <= QR_ALPHANUMERIC
        assert CATALOG.from_payload(card.payload) == card
        assert CATALOG.card(card.id) == card
    assert len({c.payload for c in ALL_CARDS}) == len(ALL_CARDS)


def test_card_faces_describe_themselves_in_childrens_words() -> None:
    assert CATALOG.card("MW-A-N37").face.describe() == "COUNT META 37"
    assert CATALOG.card("MW-C-S5").face.describe() == "MATH CRATE −5"
    assert CATALOG.card("MW-C-D4").face.describe() == "MATH CRATE ÷4"


@given(st.sampled_from(ALL_CARDS))
def test_payload_round_trip(card) -> None:
    parts = split_payload(card.payload)
    assert str(parts) == card.payload
    assert (parts.game_code, parts.copy, parts.card_code) == (card.game_code, card.copy, card.face.code)


@pytest.mark.parametrize(
    ("payload", "error", "words"),
    [
        ("", MalformedPayload, "empty"),
        (None, MalformedPayload, "not text"),
        (b"MCS1-MW-A-N1", MalformedPayload, "not text"),
        ("https://example.org/menu", MalformedPayload, "not a Math Card Station card"),
        ("HELLO", MalformedPayload, "not a Math Card Station card"),
        ("MCS1-MW-A-N1234567", MalformedPayload, "not a Math Card Station card"),   # too long for our codes
        ("mcs1-mw-a-n1", MalformedPayload, "not a Math Card Station card"),
        ("MCS1-MW-A", MalformedPayload, "damaged or mistyped"),
        ("MCS1-MW-A-N1 ", MalformedPayload, "damaged or mistyped"),
        ("MCS1-MWA-N1", MalformedPayload, "damaged or mistyped"),
        ("MCS1-MW-a-N1", MalformedPayload, "damaged or mistyped"),
        ("MCS2-MW-A-N1", UnknownVersion, "payload version 2 is not known here"),
        ("MCS9-MW-A-N1", UnknownVersion, "update the station or reprint the card"),
        ("MCS1-ZZ-A-N1", UnknownGame, "game code 'ZZ' is not a game this station knows"),
        ("MCS1-MW-Z-N1", UnknownCard, "deck copies A–H, not 'Z'"),
        ("MCS1-MW-A-N101", UnknownCard, "Math Wars Meta has no card 'N101'"),
        ("MCS1-MW-A-X1", UnknownCard, "has no card 'X1'"),
    ],
)
def test_every_kind_of_bad_payload_gets_its_own_typed_error(payload, error, words) -> None:
    with pytest.raises(error, match=re.escape(words)) as caught:
        CATALOG.from_payload(payload)
    assert isinstance(caught.value, PayloadError) and isinstance(caught.value, ValueError)
    if isinstance(payload, str) and payload:
        assert repr(payload) in str(caught.value)    # the message quotes what the camera read


@given(st.text(max_size=40))
def test_no_text_makes_the_payload_parser_raise_anything_but_a_payload_error(text) -> None:
    try:
        card = CATALOG.from_payload(text)
    except PayloadError:
        return
    assert card.payload == text


def test_card_ids_that_are_not_cards_are_refused() -> None:
    for bad in ("MW-A", "MW-A-N1-X", "", "XX-A-N1", "MW-Q-N1", "MW-AB-N1", "MW-HA-N1"):
        with pytest.raises(PayloadError):
            CATALOG.card(bad)


def test_payload_parts_refuse_names_that_would_not_fit_a_qr_code() -> None:
    for args in (("M", "A", "N1"), ("MW", "AB", "N1"), ("MW", "A", "N1234567"), ("MW", "A", "n1")):
        with pytest.raises(ValueError):
            PayloadParts(*args)


def test_unknown_game_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"no game called 'poker'.*known: .*math-wars"):
        CATALOG.game("poker")


MINIMAL = """
game = "demo"
code = "DM"
title = "Demo"
copies = "AB"
[kinds.number]
label = "NUMBER"
"""


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ('[[cards]]\nkind = "number"\ncode = "N1"\nnumber = "1/0"', "bottom number cannot be 0"),
        ('[[cards]]\nkind = "colour"\ncode = "N1"', "kind 'colour', not declared"),
        ('[[cards]]\nkind = "number"\ncode = "N1"\n[[cards]]\nkind = "number"\ncode = "N1"', "appears twice"),
        ('[[cards]]\nkind = "number"\ncode = "n-1"', "must be 1–6 uppercase letters or digits"),
        ('[[cards]]\nkind = "number"\ncode = "N1"\nop = "^"', "operation '^'"),
        ('[[cards]]\nkind = "number"\ncode = "N1"\n[decks.d]\ncards = [{code = "N2"}]', "cards that do not exist: N2"),
        ("[[cards", "not valid TOML"),
    ],
)
def test_a_broken_manifest_names_the_file_and_the_fault(cards, words) -> None:
    with pytest.raises(CatalogError, match=re.escape(words)) as caught:
        parse_manifest(MINIMAL + cards, "demo.toml")
    assert str(caught.value).startswith("demo.toml: ")


def test_manifest_templates_expand_one_card_per_n() -> None:
    deck = parse_manifest(MINIMAL + '[[cards]]\nkind = "number"\nn = [3, 5]\ncode = "F{n}"\nnumber = "{n}/12"',
                          "demo.toml")
    assert [str(f.number) for f in deck.faces.values()] == ["3/12", "4/12", "5/12"]
    assert not deck.faces["F4"].number.is_reduced
