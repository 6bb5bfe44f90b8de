"""What Math Wars Meta shows on the OLED: setup choices, the live screen, and each event as a
screen that says it in a few words (the engine's sentences are for the log and `replay`).

Children compute first: a hand's card pairs come up with "?" for the results, and CONFIRM
reveals them (or they show at once, by the ``reveal`` option). Then who won, who pays how many
cards, MATH WAR, knock-outs and VICTORY! counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.catalog import load_catalog
from station.settings import seat_names
from station.ui.overlays import Overlay
from station.ui.setup import Choice, SetupOption
from station.ui.views import BannerView, HandView, LiveView, PlayerLine, VerdictView

GAME = "math-wars"
_SIGNS = {"+": "+", "-": "−", "×": "×", "÷": "÷"}
BANNER_SECONDS = 4.0
PLAY_SECONDS = 1.5
VERDICT_SECONDS = 5.0

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
_OUT = {"could_not_pay": "could not pay", "out_of_cards": "no cards left", "no_cards_for_war": "no cards for war"}


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    """The setup screen's rows, starting at the station config's ``[math-wars]`` values."""
    players = int(defaults.get("players", 2))
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(1, 9)], players),
        SetupOption("teams", "Teams", [Choice(0, "no"), Choice(2, "duos"), Choice(3, "trios"), Choice(4, "quads")], 0),
        SetupOption("edition", "Edition", [Choice("mwm25", "MWM25"), Choice("mwm100", "MWM100")],
                    defaults.get("edition", "mwm25")),
        SetupOption("discard_option", "Discard", [Choice(1, "own pile"), Choice(2, "winner's")],
                    int(defaults.get("discard_option", 1))),
        SetupOption("reveal", "Results", [Choice("press", "on press"), Choice("at_once", "at once")],
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
    if state["over"]:
        headline = f"{state['winner']} won!"
    elif show["level"]:
        headline = f"MATH WAR: {show['face_down']} down"
    else:
        waiting = [n for n in show["contenders"] if n not in show["count"] or n not in show["crate"]]
        headline = "Play your cards!" if len(waiting) == len(show["contenders"]) else f"Waiting: {', '.join(waiting)}"
    title = f"MATH WAR {show['level']}" if show["level"] else f"Hand {state['hand']}"
    footer = "VICTORY " + "-".join(str(n) for n in state["victories"].values())
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
    if event["code"] == "not_your_deck":
        card_copy = load_catalog().card(event["card"]).copy
        return f"deck {card_copy}, not {state['players'][event['player']]['copy']}"
    return str(event.get("message", "")).split(":")[0].split(".")[0]


def _hand(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    rows = []
    results = []
    for r in event["results"]:
        pair = f"{_number(r['count'])} {_SIGNS.get(r['op'], r['op'])} {r['crate']}"
        side = ctx.state["players"][r["player"]]["team"] or r["player"]
        rows.append(PlayerLine(r["player"], pair, "top" if side in event["top"] else ""))
        results.append(_number(r["result"]) + ("*" if r["note"] else ""))
    title = f"MATH WAR {event['level']}" if event["level"] else f"Hand {event['hand']}"
    hidden = HandView(title, tuple(PlayerLine(r.name, r.detail) for r in rows), None, "CONFIRM: show")  # no winner mark yet
    shown = HandView(title, tuple(rows), tuple(results), "*: crate not used" if any(r["note"] for r in event["results"])
                     else "")
    if ctx.reveal == "press":
        return [Overlay(hidden, seconds=None, revealed=shown, kind="hand")]
    return [Overlay(shown, seconds=BANNER_SECONDS, kind="hand")]


def _math_war(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView("MATH WAR!", " v ".join(event["sides"]),
                      (f"{event['face_down']} down, 1 up", "+ a MATH CRATE card"))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _hand_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    pays = tuple(f"{e['player']} pays {e['paid'] + e['battle']}" for e in ctx.events if e["type"] == "cards_paid")
    view = BannerView(f"Hand {event['hand']} won", event["side"], pays)
    return [Overlay(view, seconds=BANNER_SECONDS, kind="banner")]


def _knocked_out(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView("Knocked out", event["player"], (_OUT.get(event["reason"], event["reason"]),))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="rejected", kind="banner")]


def _round_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    view = BannerView(f"Round {event['round']} won", event["side"],
                      (f"VICTORY! {event['victories']} of {event['needed']}",))
    return [Overlay(view, seconds=BANNER_SECONDS, signal="attention", kind="banner")]


def _round_drawn(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    return [Overlay(BannerView(f"Round {event['round']}", "Draw", ("Nobody can fight",)), seconds=BANNER_SECONDS,
                    kind="banner")]


def _round_started(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    return [Overlay(BannerView("New round", f"Round {event['round']}", ("Shuffle full decks",)),
                    seconds=BANNER_SECONDS, kind="banner")]


def _game_won(event: Mapping[str, Any], ctx: _Context) -> list[Overlay]:
    counts = tuple(f"{side} {n}" for side, n in event["victories"].items())
    view = BannerView("VICTORY!", event["side"], counts, "CONFIRM twice: new game")
    return [Overlay(view, seconds=None, signal="attention", kind="banner")]


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
