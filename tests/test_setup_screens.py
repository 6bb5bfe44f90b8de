"""Every game's setup screen as the station shows it (every row, Start last, a scrollbar when they
do not fit), each row with every value it offers: label and value both whole ("Results  on
CONFIRM", never "Resu…  on CONFIRM")."""

from __future__ import annotations

import pytest

from screen_helpers import unreadable
from station.games import plugins
from station.ui.controller import CHANGE_HINT
from station.ui.views import SetupView


def every_row() -> list[tuple[str, int, int]]:
    return [(name, row, index) for name, game in plugins().items()
            for row, option in enumerate(game.setup_options({})) for index in range(len(option.choices))]


@pytest.mark.parametrize("game, row, index", every_row())
def test_every_setup_row_reads_whole_with_each_of_its_values(game, row, index):
    options = plugins()[game].setup_options({})
    rows = [(o.label, o.shown) for o in options] + [("Start", "")]
    rows[row] = (options[row].label, options[row].choices[index].label)
    view = SetupView(plugins()[game].title, tuple(rows), row, CHANGE_HINT)
    assert not unreadable(view), rows[row]


def test_a_roster_name_keeps_the_accent_of_its_capital_on_the_seat_row():
    """"Élodie" on the OLED, selected or not, never "Elodie": the accent above the capital is drawn."""
    for selected in (0, 1):
        view = SetupView("SUM", (("Player 1", "Élodie"), ("Player 2", "Ben"), ("Start", "")), selected, CHANGE_HINT)
        assert not unreadable(view)
