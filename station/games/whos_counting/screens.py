"""What Who's Counting? shows on the OLED: setup choices, the live screen (whose turn, scores,
the clock, and the "Who's Counting?" countdown), and a screen for each event, in a few words, in
the language of the moment (``words.WORDS``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.games.whos_counting.words import EFFECTS, WORDS, shown, signed
from station.settings import seat_names
from station.ui import winners
from station.ui.overlays import Overlay, by_event
from station.ui.problem_words import problem_words
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GREEN_GOO = "Green Goo!"  # the red card's name, as printed: the same in every language
_ = WORDS.gettext
GAME = "whos-counting"
SCORED_SECONDS = 2.5
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
#: A violation's code -> the verdict screen's title (the reason, in a word or two).
VERDICT_TITLES = {
    "remainder": WORDS.lazy_gettext("Remainder"), "not_whole": WORDS.lazy_gettext("Not whole"),
    "below_zero": WORDS.lazy_gettext("Below zero"), "two_times": WORDS.lazy_gettext("One × only"),
    "numbers": WORDS.lazy_gettext("2 to 4 numbers"), "operations": WORDS.lazy_gettext("1 to 3 signs"),
    "malformed": WORDS.lazy_gettext("Check the order"), "empty": WORDS.lazy_gettext("No cards"),
    "division_by_zero": "÷ 0", "not_in_sum": WORDS.lazy_gettext("Not on the strip"),
    "not_blue": WORDS.lazy_gettext("Blue box"), "wild_not_in_sum": WORDS.lazy_gettext("Not on the strip"),
    "played_before": WORDS.lazy_gettext("Played already"), "not_your_turn": WORDS.lazy_gettext("Not your turn"),
    "wait_window": WORDS.lazy_gettext("Wait"), "one_red": WORDS.lazy_gettext("One red only"),
    "too_late": WORDS.lazy_gettext("Too late!"), "no_expression": WORDS.lazy_gettext("Too early"),
    "own_turn": WORDS.lazy_gettext("Your own turn"), "goo": GREEN_GOO,
    "not_stop": WORDS.lazy_gettext("Not a Stop"), "nothing_to_stop": WORDS.lazy_gettext("Nothing to stop"),
    "stopped_already": WORDS.lazy_gettext("Stopped already"), "bad_trade": WORDS.lazy_gettext("Trade 1 to 7"),
    "bad_declaration": WORDS.lazy_gettext("Not allowed"), "not_wild": WORDS.lazy_gettext("Not a wild card"),
    "not_red": WORDS.lazy_gettext("Not a red card"), "wrong_game": WORDS.lazy_gettext("Other game"),
    "game_over": WORDS.lazy_gettext("Game over"),
}


def fix(why: str) -> str:
    """A broken expression is fixed on the strip and laid again (the rules: it is still your
    turn): the reason, then "Fix it, CONFIRM" on a line of its own."""
    step = _("Fix it, CONFIRM")
    return f"{why}. {step}"


def take_back(why: str) -> str:
    """A card in the wrong place or at the wrong time: the reason, then "Take it back"."""
    step = _("Take it back")
    return f"{why}. {step}"


def take_off(why: str) -> str:
    """A card that is no number or sign on the strip: the reason, then "Take it off"."""
    step = _("Take it off")
    return f"{why}. {step}"


#: A violation's code -> the verdict's detail below the player's name: why, in words that fit two
#: lines, then the next step (the engine's sentences are for the journal).
VERDICT_DETAILS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "remainder": lambda e: fix(_problem(e)), "division_by_zero": lambda e: fix(_problem(e)),
    "not_whole": lambda e: fix(_("The answer is not whole")),
    "below_zero": lambda e: fix(_("{expression} is less than 0", expression=e.get("expression", ""))),
    "two_times": lambda e: fix(_("Use one × only")), "numbers": lambda e: fix(_("Use 2 to 4 number cards")),
    "operations": lambda e: fix(_("Use 1 to 3 signs")), "malformed": lambda e: fix(_("Numbers and signs take turns")),
    "empty": lambda e: _("Lay cards on the strip, then CONFIRM"),
    "not_in_sum": lambda e: take_off(_("Only numbers and signs there")),
    "wild_not_in_sum": lambda e: take_off(_("Only numbers and signs there")),
    "not_blue": lambda e: take_back(_("Only blue cards there")),
    "played_before": lambda e: take_back(_("That card was played")),
    "wait_window": lambda e: _("Wait for the score"),
    "one_red": lambda e: take_back(_("One red card a turn")),
    "too_late": lambda e: take_back(_("The count is over")),
    "no_expression": lambda e: _("Wait for Who's Counting?"),
    "own_turn": lambda e: take_back(_("Red cards are for others' turns")),
    "goo": lambda e: take_back(_("No Stop against Green Goo")),
    "not_stop": lambda e: take_back(_("Only a Stop answers a red card")),
    "nothing_to_stop": lambda e: take_back(_("No red card to stop")),
    "stopped_already": lambda e: take_back(_("One Stop is enough")),
    "bad_declaration": lambda e: _("Choose again"), "not_wild": lambda e: _("That card is what it says"),
    "not_red": lambda e: take_back(_("Only red cards there")),
    "wrong_game": lambda e: take_back(_("Not a card of this game")),
    "game_over": lambda e: _("CONFIRM: new game"),
    "not_your_turn": lambda e: _("It is {player}'s turn", player=e["turn"]) if "turn" in e else _sentence(e),
    "bad_trade": lambda e: (WORDS.ngettext("Trade 1 card", "Trade 1 to {n} cards", e["hand"]) if "hand" in e
                            else _sentence(e)),
}


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", _("Players"), [Choice(n, str(n)) for n in range(2, 7)], int(defaults.get("players", 3))),
        SetupOption("order", _("Order"),
                    [Choice("standard", _("× ÷ first")), Choice("left-to-right", _("left to right"))],
                    defaults.get("order", "standard")),
        SetupOption("target", _("Win at"),
                    [Choice(n, str(n)) for n in (500, 300, 200, 100)] + [Choice(0, _("no target"))],
                    int(defaults.get("target", 500))),
        SetupOption("minutes", _("Time"), [Choice(n, _("{n} min", n=n)) for n in (20, 10, 15, 30)]
                    + [Choice(0, _("no clock"))], int(defaults.get("minutes", 20))),
        SetupOption("window", _("Counting"), [Choice(n, _("{n} s", n=n)) for n in (5, 8, 10, 3)],
                    defaults.get("window", 5)),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    target, minutes = choices["target"], choices["minutes"]
    if not target and not minutes:
        minutes = 20  # a game needs an end
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "order": choices["order"],
            "target": target, "minutes": minutes, "window": choices["window"],
            "bonus_counts": defaults.get("bonus_counts", "cards"), "split_rounds": defaults.get("split_rounds", "down")}


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    turn = state["turn"]
    if turn.get("asking") and not state["over"]:
        return _question(turn["asking"])
    if turn["phase"] in ("window", "answer") and not state["over"]:
        left = str(max(math.ceil(round(turn["until"] - seconds, 2)), 0))  # game times are in 0.01 s: 35.2 − 6.2 is 29
        red = turn["red"]
        if red and (turn["stopped_by"] or red["goo"]):  # nothing more can happen: a second red card is refused
            return BannerView(_("Stopped!") if turn["stopped_by"] else GREEN_GOO, left, (_red_line(turn),),
                              _("Wait for the score"))
        if turn["phase"] == "answer":
            return BannerView(_("{player}: Stop?", player=turn["player"]), left, (_red_line(turn),),
                              _("Stop in the blue box"))
        return BannerView(_("Who's Counting?"), left, (_("{player}: {score} points", player=turn["player"],
                                                        score=turn["score"]),),
                          _("Red card in your box!"))
    clock = _time_left(state, seconds)
    if state["over"]:
        lines = tuple(PlayerLine(name, signed(state["scores"][name]), "won" if name in state["winners"] else "")
                      for name in state["players"])
        return LiveView(_("Game over"), clock, winners.headline(state["winners"]), lines, page, _("CONFIRM: new game"))
    lines = tuple(PlayerLine(name, signed(state["scores"][name]), "waiting" if name == turn["player"] else "")
                  for name in state["players"])
    headline = _declared_line(turn["declared"]) if turn["declared"] else _("Lay cards, CONFIRM")
    goal = _("First to {target} wins", target=state["target"]) if state["target"] else _("Most points wins")
    return LiveView(_("{player}'s turn", player=turn["player"]), clock, headline, lines, page, goal)


def _question(asking: Mapping[str, Any]) -> View:
    """A wild card waits to be named: the live screen itself asks, so CONFIRM opens the question
    (over a timed screen, CONFIRM would only have put that screen away)."""
    return BannerView(_("{player}: {card} card", player=asking["player"], card=_wild_name(asking["card"])), "?",
                      (_("What is it?"),), _("CONFIRM: choose"))


def _declared_line(declared: Mapping[str, str]) -> str:
    """The wild card named last, and what to do now: lay the expression (CONFIRM). A blue card's
    name says enough on its own ("Double: CONFIRM"); a number or a sign says which card it is."""
    card, value = list(declared.items())[-1]
    if value in EFFECTS:
        return _("{effect}: CONFIRM", effect=shown(value))
    return _("{card} is {value}: CONFIRM", card=_wild_name(card), value=shown(value))


def _wild_name(card: str) -> str:
    """The wild card's printed name: Choice or Super."""
    effect = load_catalog().card(card).face.extra.get("effect")
    return "Choice" if effect == "choice" else "Super"


def _time_left(state: Mapping[str, Any], seconds: float) -> str:
    if not state["minutes"]:
        return clock_text(seconds)
    return clock_text(max(state["minutes"] * 60 - seconds, 0))


def _red_line(turn: Mapping[str, Any]) -> str:
    red = turn["red"] or {}
    effect = EFFECTS.get(red.get("effect") or "") or _("red card")
    return f"{red.get('player', '?')}: {effect}"


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, events)


def _scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    bonus = WORDS.ngettext("+{bonus} for {n} sign", "+{bonus} for {n} signs", e["operations"], bonus=e["bonus"])
    doubled = f" ×{2 ** e['doubles']}" if e["doubles"] else ""
    lines = (f"{e['expression']} = {e['value']}", bonus + doubled)
    return [Overlay(BannerView(e["player"], str(e["score"]), lines), seconds=SCORED_SECONDS, signal="accepted",
                    kind="scored")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The reason as the title; below it, up to three lines: who, what exactly, and on a line
    of its own what to do now ("Ben: 12 ÷ 5 leaves a remainder." / "Fix it, CONFIRM")."""
    title = str(VERDICT_TITLES.get(e["code"]) or _("Not allowed"))
    words = VERDICT_DETAILS.get(e["code"])
    detail = words(e) if words else _sentence(e)  # a code this station does not know: the engine's sentence
    if e.get("player") and e["code"] != "game_over":  # "Ben: it is Cleo's turn"; "Ben: 12 ÷ 5 leaves …" stays
        detail = f"{e['player']}: {detail[:1].lower() + detail[1:] if detail[1:2].islower() else detail}"
    return [Overlay(VerdictView("wrong", title, detail), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _problem(e: Mapping[str, Any]) -> str:
    """An expression's own problem ("12 ÷ 5 leaves a remainder") in the language of the moment;
    an event journaled before problems were data gives its English sentence."""
    return (problem_words(e["problem"]) if e.get("problem") else "") or _sentence(e)


def _sentence(e: Mapping[str, Any]) -> str:
    return str(e.get("message", "")).rstrip(".!")


def _red(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    lines = (_("{player} is counting!", player=e["player"]),
             _("No Stop can help!") if e["goo"] else _("{player}: Stop?", player=e["against"]))
    return [Overlay(BannerView(GREEN_GOO if e["goo"] else _("Red card"), EFFECTS[e["effect"]], lines), seconds=2.0,
                    signal="attention", kind="banner")]


def _turn_scored(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The turn's points, everyone else's change, and how many cards the player draws."""
    player, changes = e["player"], e["changes"]
    mine = changes.get(player, 0)
    lines = tuple(_("{player} gets {points}", player=name, points=delta) if delta >= 0
                  else _("{player} loses {points}", player=name, points=-delta)
                  for name, delta in changes.items() if name != player)
    lines += (_("{player} now {score}", player=player, score=signed(e["scores"][player])),)
    drawn = next((d["cards"] for d in batch if d["type"] == "draw" and d["player"] == player), 0)
    hint = _("Draw {n}, clear cards", n=drawn) if drawn else _("Clear the cards")
    big = f"+{mine}" if mine > 0 else signed(mine)
    return [Overlay(BannerView(_("{player} scores", player=player), big, lines, hint), seconds=BANNER_SECONDS,
                    kind="result")]


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    """The winner and their points; everyone's scores are one CONFIRM away (six do not fit here)."""
    best = e["winners"]
    score = signed(e["scores"][best[0]])
    points = _("{score} points each", score=score) if len(best) > 1 else _("{score} points", score=score)
    title = _("Target reached!") if e["reason"] == "target" else _("Time is up!")
    return [Overlay(winners.banner(title, best, points, _("CONFIRM: all scores")), seconds=None, signal="attention",
                    kind="banner")]


def _next_player(batch: Sequence[Mapping[str, Any]]) -> str:
    """Whose turn it is after this batch of events, for the bottom line."""
    following = next((e["player"] for e in batch if e["type"] == "turn"), "")
    return _("Now {player}'s turn", player=following) if following else ""


def _stopped(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    return [Overlay(VerdictView("ok", _("Stopped!"), _("Red card does nothing. Wait for the score"), e["player"]),
                    seconds=2.0, signal="accepted", kind="verdict")]


def _extra_turn(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    why = (_("All seven cards!"),) if e["reason"] == "all_seven" else ()
    return [Overlay(BannerView(_("Extra turn"), e["player"], why, _("Play again")), seconds=BANNER_SECONDS,
                    signal="attention", kind="banner")]


def _traded(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    return [Overlay(BannerView(_("{player} trades", player=e["player"]), _("Draw {n}", n=e["count"]),
                               (_("Discard {n} first", n=e["count"]),), _next_player(batch)),
                    seconds=BANNER_SECONDS, kind="banner")]


def _passed(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    return [Overlay(VerdictView("info", _("Pass"), _next_player(batch), e["player"]), seconds=2.0, kind="verdict")]


def _time_up(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]]) -> list[Overlay]:
    return [Overlay(BannerView(_("Time is up"), _("Last turn"), (), _("Finish this turn")), seconds=BANNER_SECONDS,
                    signal="attention", kind="banner")]


_OVERLAYS = {
    "expression_scored": _scored,
    "violation": _violation,
    "red_card": _red,
    "stopped": _stopped,
    "turn_scored": _turn_scored,
    "extra_turn": _extra_turn,
    # needs_declaration and declared have no screen of their own: the live screen asks the question
    # and then says what the card was named, so CONFIRM always reaches the game
    "traded": _traded,
    "passed": _passed,
    "time_up": _time_up,
    "game_over": _game_over,
}


def confirm(state: Mapping[str, Any]) -> dict[str, Any] | Menu | None:
    """CONFIRM: say what a wild card stands for when one is waiting, else submit the strip."""
    turn = state["turn"]
    asking = turn.get("asking")
    if asking:
        return Menu(_("{card} is…", card=_wild_name(asking["card"])), tuple(
            (shown(value), {"type": "declare", "player": asking["player"], "card": asking["card"], "value": value})
            for value in asking["choices"]))
    if state["over"] or turn["phase"] != "laying":
        return None
    return {"type": "submit", "player": turn["player"], "cards": [], "blue": []}


def menu(state: Mapping[str, Any]) -> Menu | None:
    """SPARE: pass, trade some cards, or the best expression the last turn's cards could make."""
    if state["over"]:
        return None
    turn = state["turn"]
    choices: list[tuple[str, Any]] = []
    if turn["phase"] == "laying":
        player = turn["player"]
        choices.append((_("Pass"), {"type": "pass", "player": player}))
        hand = state["hands"][player]
        choices += [(_("Trade {n}", n=n), {"type": "trade", "player": player, "count": n}) for n in range(1, hand + 1)]
    best = state.get("best")
    if best:
        choices.append((_("Best last turn"), BannerView(_("Could have made"), str(best["points"]),
                                                         (best["expression"],), _("Any button: back"))))
    return Menu(_("Your turn"), tuple(choices)) if choices else None
