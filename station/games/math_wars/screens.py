"""What Math Wars Meta shows on the OLED: setup choices, the live screen, and each event as a
screen that says it in a few words (the engine's sentences are for the log and `replay`).

Children compute first: a hand's card pairs come up with "?" for the results, and CONFIRM
reveals them (or they show at once, by the ``reveal`` option). Then who won, who pays how many
cards to whose spoils pile, MATH WAR, knock-outs and VICTORY! counts. Words are a child's: the
edition is the numbers it plays with, a MATH CRATE card that leaves a remainder is said in words
(a "*" after a result would read as wrong maths), and the bottom line says what to do next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.catalog import load_catalog
from engine.math_wars.config import EDITIONS
from engine.math_wars.game import COUNT
from station.settings import seat_names
from station.ui.overlays import Overlay
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, HandView, LiveView, PlayerLine, VerdictView

GAME = "math-wars"
_SIGNS = {"+": "+", "-": "−", "×": "×", "÷": "÷"}
BANNER_SECONDS = 4.0
PLAY_SECONDS = 1.5
VERDICT_SECONDS = 5.0
PAYERS_PER_SCREEN = 2  # a banner holds two lines above its bottom line: more payers, more screens

#: A violation's code -> the verdict screen's title (the detail says whose and which card).
VERDICT_TITLES = {
    "not_your_deck": "Not your deck",
    "card_already_used": "Used already",
    "already_played": "Played already",
    "card_on_table": "On the table",
    "not_in_edition": "Not in game",
    "not_in_war": "Wait: MATH WAR",
    "player_out": "Out this round",
    "wrong_game": "Other game",
    "game_over": "Game over",
}
#: A violation's code -> why and the next step (``{face}``: the card, as on the screen).
VERDICT_STEPS = {
    "card_already_used": "{face} was played this round. Take it back",
    "already_played": "One {kind} card each. Take it back",
    "card_on_table": "{face} is down already. Take it back",
    "player_out": "Wait for the next round",
    "wrong_game": "Not a Math Wars card. Take it back",
    "game_over": "CONFIRM: new game",
}
_OUT = {"could_not_pay": "not enough cards to pay", "out_of_cards": "no cards left to play",
        "no_cards_for_war": "no cards for the war"}


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    """The setup screen's rows, starting at the station config's ``[math-wars]`` values."""
    players = int(defaults.get("players", 2))
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(1, 9)], players),
        SetupOption("teams", "Teams", [Choice(0, "no"), Choice(2, "of 2"), Choice(3, "of 3"), Choice(4, "of 4")], 0),
        SetupOption("edition", "Numbers", [Choice("mwm25", "1 to 25"), Choice("mwm100", "1 to 100")],
                    defaults.get("edition", "mwm25")),
        SetupOption("discard_option", "Losers pay", [Choice(1, "own pile"), Choice(2, "winner")],
                    int(defaults.get("discard_option", 1))),
        SetupOption("reveal", "Results", [Choice("press", "on CONFIRM"), Choice("at_once", "at once")],
                    defaults.get("reveal", "press")),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The engine config for what was chosen; seat names come from the station config.

    Teams fill seats in order (duos: seats 1-2 are team 1 ...), so teammates sit side by side."""
    names = seat_names(defaults, choices["players"])
    config: dict[str, Any] = {"game": GAME, "seed": seed, "edition": choices["edition"],
                              "discard_option": choices["discard_option"]}
    if defaults.get("victories_to_win"):
        config["victories_to_win"] = defaults["victories_to_win"]
    size = choices.get("teams", 0)
    if size and choices["players"] % size == 0 and choices["players"] // size >= 2:
        config["teams"] = {f"Team {i + 1}": names[i * size:(i + 1) * size] for i in range(choices["players"] // size)}
    else:
        config["players"] = names
    return config


def live_view(state: Mapping[str, Any], clock: str, page: int) -> LiveView:
    show = state["showdown"]
    lines = []
    for name, p in state["players"].items():
        if p["out"]:
            status, detail = "out", "out"
        else:
            played = name in show["count"] and name in show["crate"]
            contender = name in show["contenders"]
            status = "played" if played else "waiting" if contender else ""
            detail = f"{p['draw']} cards"
        lines.append(PlayerLine(name, detail, status))
    counts = "-".join(str(n) for n in state["victories"].values())
    footer = f"VICTORY {counts}" if len(state["victories"]) <= 4 else f"Wins {counts}"  # room for the page marker
    if state["over"]:
        headline, footer = f"{state['winner']} won!", "CONFIRM: new game"
    elif show["level"]:
        headline = f"{show['face_down']} face down, 1 up"
    else:
        waiting = [n for n in show["contenders"] if n not in show["count"] or n not in show["crate"]]
        headline = "Play your cards!" if len(waiting) == len(show["contenders"]) else f"Waiting: {', '.join(waiting)}"
    title = f"MATH WAR {show['level']}" if show["level"] else f"Hand {state['hand']}"
    return LiveView(title, clock, headline, tuple(lines), page, footer)


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    """The screens one batch of engine events calls for, in order."""
    ctx = _Context(events, reveal, state)
    shown: list[Overlay] = []
    for event in events:
        make = _OVERLAYS.get(event["type"])
        if make is not None:
            shown.extend(make(event, ctx))
    return shown


@dataclass(frozen=True)
class _Context:
    events: Sequence[Mapping[str, Any]]
    reveal: str
    state: Mapping[str, Any]


def _played(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    down = f" +{event['face_down']} down" if event.get("face_down") else ""
    view = VerdictView("ok", event["player"], _short_face(event["face"]) + down)
    return [Overlay(view, seconds=PLAY_SECONDS, signal="accepted", kind="play")]


def _violation(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    title = VERDICT_TITLES.get(event["code"], "Not allowed")
    view = VerdictView("wrong", title, _violation_detail(event, ctx.state), who=event["player"] or "")
    return [Overlay(view, seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _violation_detail(event: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """Why, in a few words, and what to do: the engine's sentence is for the log, and says
    "MWM25" where a child knows "1 to 25"."""
    code, card = event["code"], event.get("card")
    face = _short_face(load_catalog().card(card).face.describe()) if card else ""
    if code == "not_your_deck":
        return f"That is deck {load_catalog().card(card).copy}, yours is {state['players'][event['player']]['copy']}. " \
               "Take it back"
    if code == "not_in_edition":
        return f"{face} is not in 1 to {EDITIONS[state['edition']].count_cards}. Take it back"
    if code == "not_in_war":
        return f"Only {', '.join(state['showdown']['contenders'])} fight. Take it back"
    kind = load_catalog().card(card).face.kind if card else ""
    return VERDICT_STEPS.get(code, "Take it back").format(face=face, kind="COUNT META" if kind == COUNT else "MATH CRATE")


def _hand(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """The card pairs, then their results. A MATH CRATE card that leaves a remainder does not
    count: its row then reads "only 14 = 14" once revealed, and the bottom line says why."""
    hidden_rows, shown_rows, results, remainders = [], [], [], []
    for r in event["results"]:
        pair = f"{_number(r['count'])} {_SIGNS.get(r['op'], r['op'])} {r['crate']}"
        side = ctx.state["players"][r["player"]]["team"] or r["player"]
        top = "top" if side in event["top"] else ""
        hidden_rows.append(PlayerLine(r["player"], pair))  # no winner mark yet
        shown_rows.append(PlayerLine(r["player"], f"only {_number(r['count'])}" if r["note"] else pair, top))
        results.append(_number(r["result"]))
        if r["note"]:
            remainders.append(pair)
    title = f"MATH WAR {event['level']}" if event["level"] else f"Hand {event['hand']}"
    if len(remainders) == 1:
        why = f"{remainders[0]} has a remainder"
    elif remainders:
        why = "Remainder: crate left out"
    else:
        why = "CONFIRM: next" if ctx.reveal == "press" else ""
    hidden = HandView(title, tuple(hidden_rows), None, "CONFIRM: show")
    shown = HandView(title, tuple(shown_rows), tuple(results), why)
    if ctx.reveal == "press":
        return [Overlay(hidden, seconds=None, revealed=shown, kind="hand")]
    return [Overlay(shown, seconds=BANNER_SECONDS, kind="hand")]


def _math_war(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView("MATH WAR!", " v ".join(event["sides"]),
                      (f"{event['face_down']} face down, 1 up", "+ a new MATH CRATE"), "Then the highest wins")
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _hand_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Who won, and each loser's payment: how many cards (their played cards among them) onto
    whose spoils pile. Two payers to a screen, so eight players still read whole."""
    pays = [_payment(e) for e in ctx.events if e["type"] == "cards_paid"]
    chunks = [pays[i:i + PAYERS_PER_SCREEN] for i in range(0, len(pays), PAYERS_PER_SCREEN)] or [[]]
    title = f"Hand {event['hand']} won"
    return [Overlay(BannerView(title if len(chunks) == 1 else f"{title} {i + 1}/{len(chunks)}", event["side"],
                               tuple(chunk), "Played cards count too" if chunk else "Clear your cards"),
                    seconds=BANNER_SECONDS, kind="banner")
            for i, chunk in enumerate(chunks)]


def _payment(event: Mapping[str, Any]) -> str:
    """"Ben: 6 to own spoils" (discard option 1) or "Ben: 6 to Ana" (option 2, the receiver)."""
    where = "own spoils" if event["to"] == event["player"] else event["to"]
    return f"{event['player']}: {event['paid'] + event['battle']} to {where}"


def _knocked_out(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView("Knocked out", event["player"], (_OUT.get(event["reason"], event["reason"]),),
                      "Wait for the next round")
    return [Overlay(view, seconds=BANNER_SECONDS, signal="rejected", kind="banner")]


def _round_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """A round's VICTORY! card; the next step is a new round, unless this one wins the game."""
    last = any(e["type"] == "game_won" for e in ctx.events)
    view = BannerView(f"Round {event['round']} won", event["side"],
                      (f"VICTORY! {event['victories']} of {event['needed']}",),
                      "and the game!" if last else "Next: a new round")
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _round_drawn(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    return [Overlay(BannerView(f"Round {event['round']}", "Draw", ("Nobody can fight",), "Play the round again"),
                    seconds=BANNER_SECONDS, kind="banner")]


def _round_started(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    return [Overlay(BannerView("New round", f"Round {event['round']}", ("Shuffle your full decks",),
                               "Then play your cards"), seconds=BANNER_SECONDS, kind="banner")]


def _game_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    counts = tuple(f"{side} {n}" for side, n in event["victories"].items())
    view = BannerView("VICTORY!", event["side"], counts, "CONFIRM: go on")
    return [Overlay(view, seconds=None, signal="attention", kind="banner")]


def _solo_discard(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Solo: the result is how many cards go from the draw pile to the spoils pile."""
    moved = event["paid"]
    view = BannerView(f"Hand {event['hand']}", f"Move {moved}",
                      (f"card{'s' if moved != 1 else ''} from deck to spoils",), "Then clear your cards")
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


def _hand_redraw(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    """Solo: a remainder costs nothing; both cards are discarded and drawn again."""
    view = BannerView("Remainder", "Draw again", ("Discard both cards",), "No cards to move")
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


_OVERLAYS = {
    "card_played": _played,
    "violation": _violation,
    "hand_result": _hand,
    "math_war": _math_war,
    "hand_won": _hand_won,
    "knocked_out": _knocked_out,
    "round_won": _round_won,
    "round_drawn": _round_drawn,
    "round_started": _round_started,
    "game_won": _game_won,
    "solo_discard": _solo_discard,
    "hand_redraw": _hand_redraw,
}


def table_votes(state: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The SPARE button's menu: the sheet's splash vote (a VICTORY! card by vote) or a fresh round."""
    if state["over"]:
        return []
    votes = [(f"VICTORY: {side}", {"type": "award_victory", "side": side}) for side in state["victories"]]
    return votes + [("Restart round", {"type": "reset_round"})]


def _number(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _short_face(face: str) -> str:
    """"COUNT META 21" -> "21"; "MATH CRATE −5" stays whole (the sign is the news)."""
    return face.replace("COUNT META ", "") if face.startswith("COUNT META") else face.replace("MATH ", "")
