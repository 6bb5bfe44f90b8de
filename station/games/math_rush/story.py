"""The demo's story of a Math Rush game (``mathstation demo --text``, and the running commentary
of the demo on the virtual table): its first line (``headline``), one line per event (``tell``)
and where the game stands at its end (``summary``), in the language of the moment. The engine
tells the same in English for the journal and the logs (``engine.math_rush.text``); these are the
words a person reads, from the game's own catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games import GAME_TITLES
from engine.math_rush import read_config
from station.games.math_rush.words import WORDS, goal_why, limit, refusal, why

_ = WORDS.gettext


def _goal_laid(e: Mapping[str, Any]) -> str:
    restriction = limit(e)
    if restriction:
        return WORDS.ngettext("Goal in row {row}: {name}, {limit} ({n} star).",
                              "Goal in row {row}: {name}, {limit} ({n} stars).", e["stars"],
                              row=e["row"], name=e["name"], limit=restriction[:1].lower() + restriction[1:])
    return WORDS.ngettext("Goal in row {row}: {name} ({n} star).", "Goal in row {row}: {name} ({n} stars).",
                          e["stars"], row=e["row"], name=e["name"])


def _played(e: Mapping[str, Any]) -> str:
    if not e["ok"]:
        return _("{card} breaks {goal}: {reason}.", card=e["shown"], goal=e["goal"],
                 reason=why(e.get("because"), e["reason"]))
    if e["on"]:
        return _("{card} goes on {goal} on an equal card ({placed} of {count}).", card=e["shown"], goal=e["goal"],
                 placed=e["placed"], count=e["count"])
    return _("{card} goes on {goal} ({placed} of {count}).", card=e["shown"], goal=e["goal"], placed=e["placed"],
             count=e["count"])


def _complete(e: Mapping[str, Any]) -> str:
    if e["broken"]:
        return _("{goal} is complete but broken ({reason}): 0 stars.", goal=e["goal"],
                 reason=why(e.get("because"), e["broken"]))
    return WORDS.ngettext("{goal} is complete: {n} star. Flip it, lay a new goal!",
                          "{goal} is complete: {n} stars. Flip it, lay a new goal!", e["stars"], goal=e["goal"])


def _put_back(e: Mapping[str, Any]) -> str:
    if e.get("broken"):
        return _("The card is back in row {row}: {reason}.", row=e["row"], reason=why(e.get("because"), e["broken"]))
    return _("The card is back in row {row}.", row=e["row"])


def _help_used(e: Mapping[str, Any]) -> str:
    done = _("Help: the lifted cards are gone.") if e["use"] == "clear" else _("Help: everyone discards and draws again.")
    if e["left"] is None:
        return done
    return done + " " + WORDS.ngettext("{n} Help card left.", "{n} Help cards left.", e["left"])


def _round_over(e: Mapping[str, Any]) -> str:
    goals = "; ".join(_("{goal}: {stars} ({why})", goal=g["goal"], stars=g["stars"], why=goal_why(g)) if g["why"]
                      else _("{goal}: {stars}", goal=g["goal"], stars=g["stars"]) for g in e["goals"])
    return WORDS.ngettext("Round {round}: {n} point ({goals}). Total {total}.",
                          "Round {round}: {n} points ({goals}). Total {total}.", e["points"],
                          round=e["round"], goals=goals, total=e["total"])


def _game_over(e: Mapping[str, Any]) -> str:
    rounds = " + ".join(map(str, e["rounds"]))
    if e["help_bonus"]:
        rounds += " " + WORDS.ngettext("+ {bonus} for {n} unused Help card", "+ {bonus} for {n} unused Help cards",
                                       e["help_left"], bonus=e["help_bonus"])
    return WORDS.ngettext("Game over: {rounds} = {n} point together!", "Game over: {rounds} = {n} points together!",
                          e["total"], rounds=rounds)


_TELLERS: dict[str, Any] = {
    "goal_laid": _goal_laid,
    "round_started": lambda e: (_("Round {round} starts: {seconds} seconds!", round=e["round"], seconds=e["seconds"])
                                if e["seconds"] else _("Round {round} starts!", round=e["round"])),
    "card_played": _played,
    "goal_complete": _complete,
    "card_lifted": lambda e: _("A card is taken off row {row}: use a Help card, or put it back.", row=e["row"]),
    "card_removed": lambda e: _("A card is taken off row {row}.", row=e["row"]),
    "put_back": _put_back,
    "help_used": _help_used,
    "time_warning": lambda e: WORDS.ngettext("{n} second left!", "{n} seconds left!", e["seconds"]),
    "time_up": lambda e: _("Time is up!"),
    "round_over": _round_over,
    "round_ready": lambda e: _("Round {round}: shuffle, draw your hands, lay three goals.", round=e["round"]),
    "game_over": _game_over,
    "violation": lambda e: _("Not yet: {reason}", reason=refusal(e)),
}


def tell(event: Mapping[str, Any]) -> str:
    """One event as a line of the story; an event these words do not know, as the engine's data."""
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def headline(config: Mapping[str, Any]) -> str:
    """The game and its setup: "Math Rush · Ana, Ben · 5 cards each · 180 s rounds"."""
    rules = read_config(config)
    parts = [GAME_TITLES["math-rush"], ", ".join(rules.players),
             WORDS.ngettext("{n} card each", "{n} cards each", rules.hand_size),
             _("{seconds} s rounds", seconds=rules.seconds) if rules.timer else _("no timer")]
    young = [words for words, on in ((_("no Advanced cards"), not rules.advanced),
                                     (_("unlimited Help"), rules.help == "unlimited"),
                                     (_("one goal at a time"), rules.one_goal)) if on]
    return " · ".join(parts + ([", ".join(young)] if young else []))


def summary(state: Mapping[str, Any]) -> list[str]:
    """Where the game stands: the round (or the points at its end), each goal in play, the rounds'
    points and the Help cards left."""
    if state["over"]:
        lines = [WORDS.ngettext("Game over: {n} point.", "Game over: {n} points.", state["total"])]
    elif state["phase"] == "playing":
        lines = [_("Round {round}, playing.", round=state["round"])]
    elif state["phase"] == "round_over":
        lines = [_("Round {round}, round over.", round=state["round"])]
    else:
        lines = [_("Round {round}, setup.", round=state["round"])]
    for row in state["rows"]:
        values = {"row": row["row"], "name": row["name"], "placed": row["placed"]}
        if row["broken"]:
            line = WORDS.ngettext("row {row}: {name}, {placed} of {n} card (broken)",
                                  "row {row}: {name}, {placed} of {n} cards (broken)", row["count"], **values)
        elif row["complete"]:
            line = WORDS.ngettext("row {row}: {name}, {placed} of {n} card (complete)",
                                  "row {row}: {name}, {placed} of {n} cards (complete)", row["count"], **values)
        else:
            line = WORDS.ngettext("row {row}: {name}, {placed} of {n} card", "row {row}: {name}, {placed} of {n} cards",
                                  row["count"], **values)
        lines.append("  " + line)
    rounds = " + ".join(map(str, state["round_points"])) or _("none yet")
    left = _("any") if state["help_left"] is None else str(state["help_left"])
    lines.append(_("Rounds: {rounds}; Help cards left: {left}.", rounds=rounds, left=left))
    return lines
