"""The cards' places kept for a restart (station/vision/table_memory.py): a hint that costs only
itself when it is missing, damaged or another game's."""

from __future__ import annotations

import logging

from station.vision.table_memory import TableMemory
from station.vision.track import TrackedCard


def _card(card_id: str, x: float, y: float) -> TrackedCard:
    return TrackedCard(card_id, x, y, 0.0, 0.0)


def test_the_places_kept_in_a_game_are_recalled_for_that_game_only(tmp_path):
    memory = TableMemory(tmp_path / "table-seen.json")
    memory.keep(3, [_card("MR-A-F1", 190.04, 41.0), _card("MR-A-P5", 240.0, 41.0)], {"MR-A-D5": (243.0, 44.0)})
    again = TableMemory(tmp_path / "table-seen.json")
    assert again.recall(3) == {"MR-A-F1": (190.0, 41.0), "MR-A-P5": (240.0, 41.0), "MR-A-D5": (243.0, 44.0)}
    assert again.recall(4) == {}  # another game's places are no hint for this one


def test_a_missing_or_damaged_file_is_no_hint_and_says_so(tmp_path, caplog):
    path = tmp_path / "table-seen.json"
    assert TableMemory(path).recall(1) == {}
    path.write_text('{"layout": 1, "game": 1, "cards": {"MR-A-F1": [190', encoding="utf-8")  # torn by a power cut
    with caplog.at_level(logging.WARNING, logger="station.vision"):
        assert TableMemory(path).recall(1) == {}
    assert "not read" in caplog.text


def test_a_still_table_writes_nothing(tmp_path):
    path = tmp_path / "table-seen.json"
    memory = TableMemory(path)
    memory.keep(1, [_card("MR-A-F1", 190.0, 41.0)])
    path.unlink()
    memory.keep(1, [_card("MR-A-F1", 190.02, 41.0)])  # the same to the millimetre
    assert not path.exists()
    memory.keep(1, [_card("MR-A-F1", 200.0, 41.0)])
    assert TableMemory(path).recall(1) == {"MR-A-F1": (200.0, 41.0)}
