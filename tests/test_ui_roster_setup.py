"""Setup seats the class roster's children with the buttons, so the journal says who played
(real referee, real roster and journal files; only the buttons are scripted)."""

from __future__ import annotations

from pathlib import Path

from station.config import load_config
from station.games import plugins
from station.hardware.buttons import Press
from station.referee import Referee
from station.roster import Roster
from station.store import Journal
from station.ui.screens import render
from station.ui.views import SetupView

SELECT, CONFIRM, BACK, SPARE = Press("select"), Press("confirm"), Press("back"), Press("spare")


def station(tmp_path: Path, names: list[str]) -> tuple[Referee, Roster]:
    roster = Roster(tmp_path / "roster.sqlite3")
    for name in names:
        roster.add(name)
    return Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(), seed=lambda: 7, roster=roster.names), roster


def rows(ref: Referee) -> tuple[tuple[str, str], ...]:
    view = ref.screen(0.0)
    assert isinstance(view, SetupView) and render(view).size == (128, 64)
    return view.rows


def press(ref: Referee, *presses: Press) -> None:
    for p in presses:
        ref.press(p, 0.0)


def test_seats_offer_the_roster_and_the_journal_keeps_the_chosen_names(tmp_path: Path) -> None:
    ref, _ = station(tmp_path, ["Zoë", "Mia", "Ana", "Tom"])
    press(ref, CONFIRM)                                   # Math Wars Meta's setup
    assert rows(ref)[:3] == (("Players", "2"), ("Seat 1", "Ana"), ("Seat 2", "Mia"))  # the config's Ana, then the list
    press(ref, SELECT, CONFIRM)                           # seat 1: Ana -> Tom (Mia is taken by seat 2)
    assert rows(ref)[1] == ("Seat 1", "Tom")
    press(ref, CONFIRM)                                   # Tom -> Zoë
    press(ref, SPARE)                                     # and back to Tom
    assert rows(ref)[1] == ("Seat 1", "Tom")
    press(ref, BACK, CONFIRM)                             # players 2 -> 3: a third seat appears, Ana is free
    assert rows(ref)[:4] == (("Players", "3"), ("Seat 1", "Tom"), ("Seat 2", "Mia"), ("Seat 3", "Ana"))
    press(ref, *[SELECT] * (len(rows(ref)) - 1), CONFIRM)  # down to Start
    assert ref.game is not None and list(ref.game.state()["players"]) == ["Tom", "Mia", "Ana"]
    assert [seat["name"] for seat in ref.journal.current_game().config["players"]] == ["Tom", "Mia", "Ana"]


def test_more_seats_than_children_seats_a_guest_and_no_roster_keeps_the_config_names(tmp_path: Path) -> None:
    ref, _ = station(tmp_path, ["Ana"])
    press(ref, CONFIRM)
    assert rows(ref)[:3] == (("Players", "2"), ("Seat 1", "Ana"), ("Seat 2", "P2 (guest)"))
    press(ref, SELECT, SELECT, CONFIRM)                   # seat 2: the only other choice is taken, so the guest stays
    assert rows(ref)[2] == ("Seat 2", "P2 (guest)")
    plain = Referee(load_config(None, plugins()), Journal(tmp_path / "other.sqlite3"), games=plugins(), seed=lambda: 7, roster=lambda: [])
    press(plain, CONFIRM)
    assert not any(label.startswith("Seat") for label, _ in rows(plain))


def test_a_name_added_on_the_roster_shows_the_next_time_setup_opens(tmp_path: Path) -> None:
    ref, roster = station(tmp_path, ["Ana", "Ben"])
    press(ref, CONFIRM)
    press(ref, BACK)                                      # back to the menu
    roster.add("Aaron")
    press(ref, CONFIRM, SELECT, SPARE)                    # seat 1 steps back from Ana to the newcomer
    assert rows(ref)[1] == ("Seat 1", "Aaron")
