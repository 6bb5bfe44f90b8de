"""What SUM shows on the OLED: setup choices, the live screen (the target, whose turn, hands and
won piles), and a screen for each event, in a few words. The words are the mat's (the target box,
won cards) and each screen ends on the next step: a wrong equation says what it makes, to take the
cards back and that SPARE draws."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from station.games.sum.sentences import reason
from station.games.sum.words import WORDS, effect
from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.setup import Choice, SetupOption
from station.ui import winners
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GAME = "sum"
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
EFFECTS = ("propagation", "neutralization", "radicalization", "rotation")
#: A violation's code -> the verdict screen's title (its detail is the reason, cut short).
VERDICT_TITLES = {
    "malformed": WORDS.lazy_gettext("Check the order"), "no_operation": WORDS.lazy_gettext("Use a sign"),
    "remainder": WORDS.lazy_gettext("Remainder"), "divide_by_zero": "÷ 0", "empty": WORDS.lazy_gettext("No cards"),
    "wild_in_equation": WORDS.lazy_gettext("Wild box!"), "played_before": WORDS.lazy_gettext("Played already"),
    "too_many": WORDS.lazy_gettext("Too many"), "not_your_turn": WORDS.lazy_gettext("Not your turn"),
    "no_target": WORDS.lazy_gettext("No target"), "target_taken": WORDS.lazy_gettext("Target is set"),
    "not_a_number": WORDS.lazy_gettext("Not a number"), "no_draws": WORDS.lazy_gettext("No more draws"),
    "deck_empty": WORDS.lazy_gettext("Deck empty"), "draw_first": WORDS.lazy_gettext("Draw first"),
    "not_wild": WORDS.lazy_gettext("Not a wild card"), "needs_another_card": WORDS.lazy_gettext("Need a card"),
    "wrong_game": WORDS.lazy_gettext("Other game"), "game_over": WORDS.lazy_gettext("Game over"),
}
#: Shorter words than the reason where it would not fit in two lines, or where a card must come
#: off the table: why, then the next step (``state``: the game's, for the numbers).
SHORT_DETAILS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "no_target": lambda s: WORDS.gettext("Lay a number card in the target box"),
    "not_a_number": lambda s: WORDS.gettext("The target is a number card. Take it back"),
    "no_operation": lambda s: WORDS.gettext("Use an operation card"),
    "target_taken": lambda s: WORDS.gettext("The target stays {target}. Take the new card back",
                                            target=s["target"]["value"]),
    "played_before": lambda s: WORDS.gettext("That card was played. Take it back"),
    "not_wild": lambda s: WORDS.gettext("Only wild cards go there. Take it back"),
    "wrong_game": lambda s: WORDS.gettext("Not a SUM card. Take it back"),
    "draw_first": lambda s: WORDS.ngettext("Draw {n} card first: press SPARE", "Draw {n} cards first: press SPARE",
                                           s["draws_left"]),
    "needs_another_card": lambda s: WORDS.gettext("You need another card in hand. Take it back"),
    "game_over": lambda s: WORDS.gettext("CONFIRM: new game"),
}
_AFTERTHOUGHT = re.compile(r" \([^()]*\)$")  # "… (only two equal cards side by side make a pair)"


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", WORDS.gettext("Players"), [Choice(n, str(n)) for n in range(2, 7)],
                    int(defaults.get("players", 3))),
        SetupOption("pairs", WORDS.gettext("Pairs"), [Choice("sum", WORDS.gettext("2 2 is 4")),
                                                      Choice("product", WORDS.gettext("3 3 is 9"))],
                    defaults.get("pairs", "sum")),
        SetupOption("order", WORDS.gettext("Order"), [Choice("standard", WORDS.gettext("× ÷ first")),
                                                      Choice("left-to-right", WORDS.gettext("left to right"))],
                    defaults.get("order", "standard")),
        SetupOption("wild", WORDS.gettext("Wild cards"), [Choice(True, WORDS.gettext("on")),
                                                          Choice(False, WORDS.gettext("off"))],
                    bool(defaults.get("wild", True))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    on = bool(choices["wild"])
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "pairs": choices["pairs"],
            "order": choices["order"], "fractions": bool(defaults.get("fractions", False)),
            "wild": {name: on for name in EFFECTS}}


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    turn = state["turn"]
    # "held" and "won" side by side: "10 held, 10 won" fits beside a six-letter name, "cards" would not
    # Translators: about 15 letters at most with two-digit numbers, beside a six-letter name ("10 held, 10 won")
    lines = tuple(PlayerLine(name, WORDS.gettext("{held} held, {won} won", held=state["hands"][name],
                                                 won=state["won"][name]),
                             "won" if name in state["winners"] else "waiting" if name == turn and not state["over"]
                             else "") for name in state["players"])
    if state["over"]:
        return LiveView(WORDS.gettext("Game over"), clock_text(seconds), winners.headline(state["winners"]), lines,
                        page, WORDS.gettext("CONFIRM: new game"))
    target = state["target"]
    headline = WORDS.gettext("Make {target}", target=target["value"]) if target else WORDS.gettext("Turn up a target")
    footer = WORDS.gettext("Lay cards, CONFIRM") if target else WORDS.gettext("Into the target box")
    return LiveView(_turn_of(turn), clock_text(seconds), headline, lines, page, footer)


def _turn_of(player: str) -> str:
    return WORDS.gettext("{player}'s turn", player=player)


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, events, state)


def _won(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    pile = WORDS.ngettext("{n} card to your won pile", "{n} cards to your won pile", e["numbers"])
    step = WORDS.gettext("No cards left!") if state["over"] else WORDS.gettext("Turn up a new target")
    view = BannerView(WORDS.gettext("{player} makes {target}", player=e["player"], target=e["target"]), e["equation"],
                      (pile,), step)
    return [Overlay(view, seconds=BANNER_SECONDS, signal="accepted", kind="result")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Why not, in two short lines (the player is the one whose turn it is: the live screen says
    so), and the next step: a wrong equation shows what it makes in bold, then to take the cards
    back, and SPARE to draw while the turn has draws left."""
    title = str(VERDICT_TITLES.get(e["code"]) or WORDS.gettext("Not allowed"))
    more = next((d for d in batch if d["type"] == "draw_more"), None)
    draw = WORDS.gettext("SPARE: draw {n} more", n=more["draws_left"]) if more is not None else ""
    if e["code"] == "wrong":  # "3 × 4 − 2 = 10, not 12"
        made = f"{e['equation']} = {e['made']}"
        step = _then(WORDS.gettext("Take the cards back"), draw)
        return [Overlay(VerdictView("wrong", WORDS.gettext("Not {target}", target=e["target"]), step, made),
                        seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]
    short = SHORT_DETAILS.get(e["code"])
    detail = short(state) if short is not None else _AFTERTHOUGHT.sub("", reason(e).rstrip(".!"))
    return [Overlay(VerdictView("wrong", title, _then(detail, draw)), seconds=VERDICT_SECONDS, signal="rejected",
                    kind="verdict")]


def _then(first: str, second: str) -> str:
    """Two steps in one line: "Take the cards back. SPARE: draw 2 more"."""
    return WORDS.gettext("{first}. {then}", first=first, then=second) if second else first


def _wild(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """The card's effect and what it asks of whom; the bottom line is the step."""
    lines: tuple[str, ...] = (WORDS.gettext("Not in this game"),) if not e["on"] else ()
    hint = WORDS.gettext("Put it back in the deck") if not e["on"] else ""
    for other in batch:
        if other["type"] == "everyone_draws":
            lines = (_who_draws(other["players"], len(state["players"]) - 1),)
        elif other["type"] == "discard":
            lines = (WORDS.gettext("{player}: discard a card", player=e["player"]),)
        elif other["type"] == "target_changed":
            lines = (WORDS.gettext("Target {old} is now {new}", old=other["from"], new=other["to"]),)
            hint = WORDS.gettext("Now make {target}", target=other["to"])
        elif other["type"] == "cards_passed":
            lines = (WORDS.gettext("Pass a card to the left"),)
    return [Overlay(BannerView(WORDS.gettext("Wild card"), effect(e["effect"]), lines, hint), seconds=BANNER_SECONDS,
                    signal="attention", kind="banner")]


def _who_draws(names: Sequence[str], others: int) -> str:
    """Propagation: every other player takes a number card, as long as the deck lasts."""
    if not names:
        return WORDS.gettext("The deck is empty")
    if len(names) == others:
        return WORDS.gettext("Others: take a number")
    if len(names) <= 2:
        return WORDS.gettext("{names}: take a number", names=", ".join(names))
    return WORDS.gettext("{n} players take a number", n=len(names))


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Who won and how; every player's pile is on the live screen that follows."""
    best = e["winners"]
    won = e["won"][best[0]]
    if e["reason"] == "empty_hand":
        title = WORDS.gettext("No cards left!")
        line = WORDS.ngettext("and won {n} card", "and won {n} cards", won)
    else:
        title = WORDS.gettext("Numbers used up")
        line = (WORDS.ngettext("{n} card won", "{n} cards won", won) if len(best) == 1
                else WORDS.ngettext("{n} card won each", "{n} cards won each", won))
    return [Overlay(winners.banner(title, best, line, WORDS.gettext("CONFIRM: all scores")), seconds=None,
                    signal="attention", kind="banner")]


def _target_set(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    view = BannerView(WORDS.gettext("Target"), str(e["value"]), (WORDS.gettext("Make it with your cards"),))
    return [Overlay(view, seconds=2.0, kind="banner")]


def _drew(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """DRAW was pressed: the player takes the top card of that deck; how many draws are left."""
    take = WORDS.gettext("Take a number") if e["deck"] == "numbers" else WORDS.gettext("Take an operation")
    left = (WORDS.ngettext("{n} more draw this turn", "{n} more draws this turn", e["draws_left"]) if e["draws_left"]
            else WORDS.gettext("No more draws this turn"))
    return [Overlay(VerdictView("ok", take, left, e["player"]), seconds=2.0, kind="verdict")]


def _turn_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    view = BannerView(WORDS.gettext("Turn over"), e["player"], (WORDS.gettext("No equation this time"),),
                      _next_turn(batch))
    return [Overlay(view, seconds=2.5, kind="banner")]


def _numbers_out(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    view = BannerView(WORDS.gettext("Numbers used up"), WORDS.gettext("Last turn"),
                      (WORDS.gettext("Most won cards wins"),))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


_OVERLAYS = {
    "equation_won": _won,
    "violation": _violation,
    "wild_played": _wild,
    "target_set": _target_set,
    "drew": _drew,
    "turn_over": _turn_over,
    "numbers_out": _numbers_out,
    "game_over": _game_over,
}


def _next_turn(batch: Sequence[Mapping[str, Any]]) -> str:
    """Whose turn comes after this batch of events, for the bottom line."""
    following = next((e["player"] for e in batch if e["type"] == "turn"), "")
    return WORDS.gettext("Now {player}'s turn", player=following) if following else ""


def confirm(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """CONFIRM submits the equation on the strip (once there is a target)."""
    if state["over"] or state["target"] is None:
        return None
    return {"type": "submit", "player": state["turn"], "cards": []}


def menu(state: Mapping[str, Any], hint: Mapping[str, Any] | None = None) -> Menu | None:
    """SPARE: draw from either deck (while draws are left and it has cards), end the turn, or
    (after a wrong equation) the hint."""
    if state["over"]:
        return None
    player = state["turn"]
    choices: list[tuple[str, Any]] = []
    draws = (("numbers", WORDS.gettext("Draw a number")), ("operations", WORDS.gettext("Draw an operation")))
    for deck, label in draws:
        if state["draws_left"] and state[f"{deck}_deck"]:
            choices.append((label, {"type": "draw", "player": player, "deck": deck}))
    choices.append((WORDS.gettext("End my turn"), {"type": "end_turn", "player": player}))
    if hint is not None:
        found, back = hint["equation"], WORDS.gettext("Any button: back")
        view = (BannerView(WORDS.gettext("It can be done"), str(hint["target"]), (f"= {found}",), back) if found else
                BannerView(WORDS.gettext("Not with these"), str(hint["target"]), (WORDS.gettext("Try other cards"),),
                           back))
        choices.append((WORDS.gettext("Hint"), view))
    return Menu(_turn_of(player), tuple(choices))
