"""What SUM shows on the OLED: setup choices, the live screen (the target, whose turn, hands and
won piles, the decks), and a screen for each event, in a few words."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GAME = "sum"
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
EFFECTS = {"propagation": "Propagation", "neutralization": "Neutralization", "radicalization": "Radicalization",
           "rotation": "Rotation"}
#: A violation's code -> the verdict screen's title (its detail is the engine's sentence, cut short).
VERDICT_TITLES = {
    "malformed": "Check the order", "no_operation": "Use a sign", "remainder": "Remainder", "divide_by_zero": "÷ 0",
    "empty": "No cards", "wild_in_equation": "Wild box!", "played_before": "Played already", "too_many": "Too many",
    "not_your_turn": "Not your turn", "no_target": "No target", "target_taken": "Target is set",
    "not_a_number": "Not a number", "no_draws": "No more draws", "deck_empty": "Deck empty", "draw_first": "Draw first",
    "not_wild": "Not a wild card", "needs_another_card": "Need a card", "wrong_game": "Other game",
    "game_over": "Game over",
}
#: Shorter words than the engine's sentence where it would not fit in two lines.
SHORT_DETAILS = {
    "no_target": "Lay a number card in the target box",
    "not_a_number": "The target is a number card",
    "no_operation": "Use an operation card",
}
FIRST_CLAUSE = {"too_many"}  # the rest of the sentence says what the title says
_AFTERTHOUGHT = re.compile(r" \([^()]*\)$")  # "… (only two equal cards side by side make a pair)"


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(2, 7)], int(defaults.get("players", 3))),
        SetupOption("pairs", "Pairs", [Choice("sum", "2 2 is 4"), Choice("product", "3 3 is 9")],
                    defaults.get("pairs", "sum")),
        SetupOption("order", "Order", [Choice("standard", "× ÷ first"), Choice("left-to-right", "left to right")],
                    defaults.get("order", "standard")),
        SetupOption("wild", "Wild cards", [Choice(True, "on"), Choice(False, "off")], bool(defaults.get("wild", True))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    on = bool(choices["wild"])
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "pairs": choices["pairs"],
            "order": choices["order"], "fractions": bool(defaults.get("fractions", False)),
            "wild": {effect: on for effect in EFFECTS}}


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    turn = state["turn"]
    lines = tuple(PlayerLine(name, f"{state['hands'][name]} · won {state['won'][name]}",
                             "won" if name in state["winners"] else "waiting" if name == turn and not state["over"]
                             else "") for name in state["players"])
    if state["over"]:
        return LiveView("Game over", clock_text(seconds), f"{' & '.join(state['winners'])} won!", lines, page,
                        "CONFIRM: new game")
    target = state["target"]
    headline = f"Make {target['value']}" if target else "Turn up a target"
    draws = state["draws_left"]
    left = f"{draws} draw{'s' if draws != 1 else ''} left" if draws else "no draws"
    footer = f"Numbers {state['numbers_deck']} · {left}" if target else "Number card in the box"
    return LiveView(f"{turn}'s turn", clock_text(seconds), headline, lines, page, footer)


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, events, state)


def _won(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    cards = f"{e['numbers']} card{'s' if e['numbers'] != 1 else ''}"
    view = BannerView(f"{e['player']} makes {e['target']}", e["equation"], (f"Wins {cards}: to your pile",),
                      "New target in the box")
    return [Overlay(view, seconds=BANNER_SECONDS, signal="accepted", kind="result")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Why not, in two short lines (the player is the one whose turn it is: the live screen says
    so), and whether they may draw on."""
    title = VERDICT_TITLES.get(e["code"], "Not allowed")
    if e["code"] == "wrong":
        title = f"Not {e['message'].rsplit('not ', 1)[-1]}"
    detail = SHORT_DETAILS.get(e["code"]) or _AFTERTHOUGHT.sub("", str(e.get("message", "")).rstrip(".!"))
    if e["code"] in FIRST_CLAUSE:
        detail = detail.split(": ")[0]  # "3 cards laid, but only 2 in your hand"
    if e["code"] == "wrong":
        detail = detail.rsplit(",", 1)[0]  # "3 × 4 − 2 = 10"
    more = next((d for d in batch if d["type"] == "draw_more"), None)
    if more is not None:
        detail += f". Draw {more['draws_left']} more?"
    return [Overlay(VerdictView("wrong", title, detail), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _wild(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    effect = EFFECTS[e["effect"]]
    lines: tuple[str, ...] = ("Effect off: back in deck",) if not e["on"] else ()
    for other in batch:
        if other["type"] == "everyone_draws":
            lines = (_who_draws(other["players"], len(state["players"]) - 1),)
        elif other["type"] == "discard":
            lines = (f"{e['player']}: discard a card",)
        elif other["type"] == "target_changed":
            lines = (f"Target {other['from']} is now {other['to']}",)
        elif other["type"] == "cards_passed":
            lines = ("Pass a card to the left",)
    return [Overlay(BannerView("Wild card", effect, lines), seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _who_draws(names: Sequence[str], others: int) -> str:
    """Propagation: every other player takes a number card, as long as the deck lasts."""
    if not names:
        return "The deck is empty"
    if len(names) == others:
        return "Others: take a number"
    return f"{', '.join(names)}: take a number" if len(names) <= 2 else f"{len(names)} players take a number"


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Who won and how; every player's pile is on the live screen that follows."""
    winners = e["winners"]
    won = e["won"][winners[0]]
    if e["reason"] == "empty_hand":
        title, line = "No cards left!", f"and won {won} card{'s' if won != 1 else ''}"
    else:
        title, line = "Numbers used up", f"{won} cards won{' each' if len(winners) > 1 else ''}"
    return [Overlay(BannerView(title, " & ".join(winners), (line,), "CONFIRM ×2: new game"), seconds=None,
                    signal="attention", kind="banner")]


_OVERLAYS = {
    "equation_won": _won,
    "violation": _violation,
    "wild_played": _wild,
    "target_set": lambda e, b, s: [Overlay(BannerView("Target", str(e["value"]), ("Make it with your cards",)),
                                           seconds=2.0, kind="banner")],
    "drew": lambda e, b, s: [Overlay(VerdictView("ok", _take(e["deck"]), _draws_left(e["draws_left"]), e["player"]),
                                     seconds=2.0, kind="verdict")],
    "turn_over": lambda e, b, s: [Overlay(BannerView("Turn over", e["player"], ("No equation",)), seconds=2.5,
                                          kind="banner")],
    "numbers_out": lambda e, b, s: [Overlay(BannerView("Numbers used up", "Last turn", ("Then the most cards win",)),
                                            seconds=BANNER_SECONDS, signal="attention", kind="banner")],
    "game_over": _game_over,
}


def _take(deck: str) -> str:
    """DRAW was pressed: the player takes the top card of that deck."""
    return "Take a number" if deck == "numbers" else "Take an operation"


def _draws_left(left: int) -> str:
    return f"{left} more draw{'s' if left != 1 else ''} this turn" if left else "No more draws this turn"


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
    for deck, label in (("numbers", "Draw a number"), ("operations", "Draw an operation")):
        if state["draws_left"] and state[f"{deck}_deck"]:
            choices.append((label, {"type": "draw", "player": player, "deck": deck}))
    choices.append(("End my turn", {"type": "end_turn", "player": player}))
    if hint is not None:
        found = hint["equation"]
        view = (BannerView("It can be done", str(hint["target"]), (f"= {found}",), "Any button: back") if found else
                BannerView("Not with these", str(hint["target"]), ("Try other cards",), "Any button: back"))
        choices.append(("Hint", view))
    return Menu(f"{player}'s turn", tuple(choices))
