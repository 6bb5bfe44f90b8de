"""Station config keys as data: a default and a check that says, in a teacher's words, why a
value is wrong. ``station.config`` assembles its schema from these, and each game's plug-in
declares its own ``[<game>]`` section with them (so the config never names a game).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from station.i18n import _, lazy_gettext
from station.names import BadName, check_name, same_name

Check = Callable[[Any], "str | None"]
#: A problem found in a value the station can still use: the log's sentence, the OLED's few words.
Problem = tuple[str, str]
Repair = Callable[[Any], "tuple[Any, list[Problem]]"]
MAX_SEATS = 8  # the most players any mat seats

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxlevel = 40, 40, 4, 4, 3


def shown(value: Any) -> str:
    """A value as a message quotes it: cut short, whatever its size or depth (one line for a teacher)."""
    return _SHORT.repr(value)


@dataclass(frozen=True)
class Key:
    """One config key: its default, and a check that returns the reason a value is wrong (or None)."""

    default: Any
    check: Check
    help: str = ""
    #: For a key whose mistake must not stop the station (a seat's name): the value it can use
    #: and what was set aside; ``check_config`` then warns instead of refusing the file.
    repair: Repair | None = None


def whole(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return _("must be a whole number from {low} to {high}, not {value}", low=low, high=high, value=shown(value))
        return None
    return check


def number(low: float, high: float) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            return _("must be a number from {low} to {high}, not {value}", low=format(low, "g"), high=format(high, "g"),
                     value=shown(value))
        return None
    return check


def one_of(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        if value not in choices:
            return _("must be one of {choices}, not {value}", choices=", ".join(repr(c) for c in choices),
                     value=shown(value))
        return None
    check.choices = choices  # type: ignore[attr-defined]  # the teacher's page offers them as a list
    return check


def text(value: Any) -> str | None:
    return None if isinstance(value, str) else _("must be text in quotes, not {value}", value=shown(value))


def yes_no(value: Any) -> str | None:
    return None if isinstance(value, bool) else _("must be true or false, not {value}", value=shown(value))


def repair_names(value: Any) -> tuple[list[str], list[Problem]]:
    """The seat names a config gives, by the one rule for a name (``station.names``): a bad or
    repeated name is set aside and its seat called P2 (as a seat past the list is) until the
    file is fixed; a value that is no list gives no names. Each problem says which seat."""
    if not isinstance(value, list):
        return [], [(_("must be a list of names in quotes, e.g. [\"Ana\", \"Ben\"], not {value}; "
                       "the seats are called P1, P2 … until it is", value=shown(value)), "not a list")]
    problems: list[Problem] = []
    if len(value) > MAX_SEATS:
        problems.append((_("at most {most} names (one per seat), not {count}; the ones after seat {most} are left out",
                           most=MAX_SEATS, count=len(value)), f"over {MAX_SEATS} names"))
    kept: list[str] = []
    for seat, given in enumerate(value[:MAX_SEATS], 1):
        try:
            name = check_name(given)
            first = next((n for n, known in enumerate(kept, 1) if same_name(known, name)), None)
            if first is not None:
                raise BadName(_("{name} is seat {seat}'s name too (two players with one name could not be told "
                                "apart)", name=name, seat=first), f"same as seat {first}")
        except BadName as exc:
            stand_in = next(f"P{n}" for n in range(seat, seat + MAX_SEATS + 1)
                            if not any(same_name(f"P{n}", known) for known in kept))
            problems.append((_("seat {seat}: {reason}; seat {seat} is called {stand_in} until it is fixed", seat=seat,
                               reason=exc, stand_in=stand_in),
                             f"seat {seat} {exc.short}"))
            name = stand_in
        kept.append(name)
    return kept, problems


def names(value: Any) -> str | None:
    """The first problem ``repair_names`` finds (for a form that changes the key), or None."""
    problems = repair_names(value)[1]
    return problems[0][0] if problems else None


DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]


def seat_keys(default_players: int, most: int, fewest: int = 1) -> dict[str, Key]:
    """The two keys every game's section starts with: how many players setup offers first (no
    fewer than the game can be played by), and the seat names (seat 1 first)."""
    return {
        "players": Key(default_players, whole(fewest, most), lazy_gettext("players the setup screen offers first")),
        "names": Key(list(DEFAULT_NAMES), names, "seat names, seat 1 first", repair=repair_names),
    }


def seat_names(settings: dict[str, Any] | Any, count: int) -> list[str]:
    """``count`` seat names from a game's settings (``names``), made up (P3, P4 …) past the list."""
    given: Sequence[str] = list(settings.get("names", []))[:count]
    return [*given, *(f"P{n}" for n in range(len(given) + 1, count + 1))]
