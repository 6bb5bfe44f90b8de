"""The setup screen's rows as data: each option, its choices and the one chosen.

A game's UI module lists its options (players, edition, teams …); the controller shows them the
same way for every game: SELECT moves to the next row, CONFIRM steps the row's value (SPARE steps
it back), and the last row, Start, starts the game. When the station has a class roster, the
controller adds a "Seat N" row per player after the players row, each offering the roster's names
(``seat_rows``), so the game's config carries the children's real names. The station's own
rows come last: Language (``language_row``: the game's screens and spoken lines in the language
chosen, the station's ``[station] language`` at first), and Sound and Volume on a station with a
speaker. Their keys start with one of ``STATION_ROWS``: they are the station's, never the game's config.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel import Locale, UnknownLocaleError

from station.i18n import _, languages, lazy_gettext

SEAT = "seat:"  # a seat row's key: "seat:1" is seat 1


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str


@dataclass
class SetupOption:
    key: str
    label: str
    choices: list[Choice]
    value: Any

    def __post_init__(self) -> None:
        """A value the row does not offer (station.toml's ``minutes = 7`` where the row offers 10,
        15, 20 …) becomes the row's first choice, labelled like the others ("7 min"): the config's
        checks already let it in, and setup must not drop it without a word."""
        if self.value not in [c.value for c in self.choices]:
            if self.value is None:
                self.value = self.choices[0].value
            else:
                self.choices = [Choice(self.value, _label_like(self.choices, self.value)), *self.choices]

    @property
    def shown(self) -> str:
        return next(c.label for c in self.choices if c.value == self.value)

    def step(self, by: int = 1, skip: Sequence[Any] = ()) -> None:
        """The next choice (``by`` -1: the one before), passing over the values in ``skip``."""
        values = [c.value for c in self.choices]
        at = values.index(self.value)
        for _step in values:
            at = (at + by) % len(values)
            if values[at] not in skip:
                break
        self.value = values[at]


def _label_like(choices: Sequence[Choice], value: Any) -> str:
    """``value`` worded as the row words its numbers: "7 min" beside "10 min", else plainly."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    for choice in choices:
        shown = str(choice.value)
        if not isinstance(choice.value, bool) and isinstance(choice.value, (int, float)) and choice.label.startswith(shown):
            return text + choice.label[len(shown):]
    return text


def guest(seat: int) -> str:
    """The name of a seat nobody on the roster takes (a visitor): the same as the config's P3, P4 …"""
    return f"P{seat}"


def seat_rows(options: list[SetupOption], roster: Sequence[str], configured: Sequence[str]) -> list[SetupOption]:
    """``options`` with one "Seat N" row per player after the players row, each offering the
    roster's names and a guest; a seat keeps the name it had, else takes the configured seat's
    name when it is on the roster, else the first name no other seat has. No roster, or a game
    without a players row: the options as they are."""
    kept = [o for o in options if not o.key.startswith(SEAT)]
    players = next((i for i, o in enumerate(kept) if o.key == "players"), None)
    if not roster or players is None:
        return kept
    before = {o.key: o.value for o in options if o.key.startswith(SEAT)}
    taken: list[str] = []
    seats = []
    for n in range(1, int(kept[players].value) + 1):
        choices = [Choice(name, name) for name in roster] + [Choice(guest(n), _("{name} (guest)", name=guest(n)))]
        wanted = [before.get(f"{SEAT}{n}")] + ([configured[n - 1]] if n <= len(configured) else []) + list(roster)
        value = next((name for name in wanted if name is not None and name not in taken
                      and (name in roster or name == guest(n))), guest(n))
        taken.append(value)
        seats.append(SetupOption(f"{SEAT}{n}", _("Seat {n}", n=n), choices, value))
    return kept[:players + 1] + seats + kept[players + 1:]


def seated(options: Sequence[SetupOption]) -> list[str]:
    """The names the seat rows hold, seat 1 first (empty without seat rows)."""
    return [o.value for o in options if o.key.startswith(SEAT)]


SOUND = "sound."
"""Setup rows of the station's speaker (not the game's): their keys start with this."""
LANGUAGE = "station.language"
"""The Language row's key: the station's row, not the game's config."""
STATION_ROWS = (SOUND, LANGUAGE)
"""The keys of the rows that are the station's, not the game's (Language, Sound, Volume) start with these."""
SOUND_MODES = (("on", lazy_gettext("voice")), ("quiet", lazy_gettext("beeps only")), ("off", lazy_gettext("off")))
VOLUMES = (20, 40, 60, 80, 100)


@dataclass(frozen=True)
class Speaker:
    """How the speaker sounds, as setup last left it: ``mode`` on (voice and sounds), quiet (sounds
    only) or off; ``volume`` in percent."""

    mode: str = "on"
    volume: int = 80

    @classmethod
    def of(cls, sound: Mapping[str, Any]) -> Speaker:
        """As a config's ``[sound]`` section starts it: off (``muted``), quiet or on, at its volume."""
        return cls("off" if sound.get("muted") else "quiet" if sound["quiet"] else "on", int(sound["volume"]))


def speaker_rows(speaker: Speaker) -> list[SetupOption]:
    """The setup screen's Sound and Volume rows (shown only on a station with a speaker)."""
    modes = [Choice(value, str(label)) for value, label in SOUND_MODES]
    return [SetupOption(f"{SOUND}mode", _("Sound"), modes, speaker.mode),
            SetupOption(f"{SOUND}volume", _("Volume"), [Choice(v, f"{v}%") for v in VOLUMES], speaker.volume)]


def speaker_of(options: Sequence[SetupOption], before: Speaker) -> Speaker:
    """The speaker as the setup rows now say (``before`` where a row is missing)."""
    values = {o.key[len(SOUND):]: o.value for o in options if o.key.startswith(SOUND)}
    return Speaker(values.get("mode", before.mode), values.get("volume", before.volume))


def language_name(code: str) -> str:
    """A language as its speakers write it ("English", "Español"): a child finds their own
    language on the row whichever language the screen is in."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:]


def language_row(chosen: str) -> list[SetupOption]:
    """The setup screen's Language row, at ``chosen`` (the station's language); none when the
    station speaks one language only."""
    shipped = languages()
    if len(shipped) < 2:
        return []
    return [SetupOption(LANGUAGE, _("Language"), [Choice(code, language_name(code)) for code in shipped],
                        chosen if chosen in shipped else shipped[0])]


def language_of(options: Sequence[SetupOption], before: str) -> str:
    """The language the Language row says (``before`` without one)."""
    return next((o.value for o in options if o.key == LANGUAGE), before)
