"""QR payload limits a bug would quietly move: the version a station reads and the longest text.

Written against what the camera hands over and what the catalog answers (a card, or a typed
``PayloadError``), not against how the parser is built."""

from __future__ import annotations

import pytest

from engine.catalog import load_catalog
from engine.errors import PayloadError
from engine.payload import PayloadParts, split_payload

CATALOG = load_catalog()


@pytest.mark.parametrize("text", ["MCS0-MW-A-N37", "MCS2-MW-A-N37", "MCS9-MW-A-N37", "MCS10-MW-A-N7"])
def test_a_card_of_another_payload_version_is_never_read_as_a_card(text):
    """Version 0 (or any version but this station's) may mean other fields: never trusted."""
    with pytest.raises(PayloadError, match="MCS"):
        split_payload(text)
    with pytest.raises(PayloadError):
        CATALOG.from_payload(text)


def test_the_longest_payload_a_version_1_qr_code_holds_is_read():
    longest = "MCS1-MW-A-N12345"   # 16 characters: a 1-Q QR code's alphanumeric capacity
    assert len(longest) == 16
    assert split_payload(longest) == PayloadParts("MW", "A", "N12345")
    assert str(PayloadParts("MW", "A", "N12345")) == longest


@pytest.mark.parametrize("text", ["MCS01-MW-A-N12345", "MCS1-MW-A-N123456", "MCS1-MW-A-N12345-"])
def test_one_character_more_than_a_version_1_qr_code_holds_is_refused(text):
    assert len(text) == 17
    with pytest.raises(PayloadError):
        split_payload(text)


@pytest.mark.parametrize(("parts", "named"), [
    (("M", "A", "N1"), "game code 'M'"),
    (("mw", "A", "N1"), "game code 'mw'"),
    (("MW", "AB", "N1"), "deck copy 'AB'"),
    (("MW", "a", "N1"), "deck copy 'a'"),
    (("MW", "A", "N1234567"), "card code 'N1234567'"),
    (("MW", "A", ""), "card code ''"),
])
def test_a_payload_that_cannot_be_printed_names_the_part(parts, named):
    """Printing builds payloads from parts: a bad part is refused by name before a card is printed."""
    with pytest.raises(ValueError, match=named):
        PayloadParts(*parts)


@pytest.mark.parametrize("read", [b"MCS1-MW-A-N1", 37, None, ""])
def test_a_payload_that_is_not_text_or_is_empty_is_quoted_in_the_message(read):
    """What the camera handed over is named, so a log says what was read, not just that it failed."""
    with pytest.raises(PayloadError) as caught:
        split_payload(read)
    assert repr(read) in str(caught.value)


@pytest.mark.parametrize(("read", "reason"), [
    (37, "not text"),
    ("", "empty"),
    ("https://example.org/poster", "not a Math Card Station card"),
    ("MCS1-MW-A-N1" + "9" * 10, "not a Math Card Station card"),
    ("MCS1-MW-A-n1", "looks like ours but is damaged or mistyped"),
    ("MCS2-MW-A-N1", "payload version 2 is not known here (this station reads version 1); "
                     "update the station or reprint the card"),
])
def test_each_refused_payload_says_why_in_words_the_station_s_note_shows(read, reason):
    """The reason is what the OLED's and the log's note says about a code that is not a card."""
    with pytest.raises(PayloadError) as caught:
        split_payload(read)
    assert caught.value.reason == reason
    assert str(caught.value) == f"QR code {read if isinstance(read, str) else repr(read)!r}: {reason}"
