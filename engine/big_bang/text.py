"""Every sentence Big Bang says: verdicts in a few words (they fit the OLED), and events told as a
story. Kept apart from the rules so wording can be improved (or translated) without touching them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.big_bang.config import BigBangConfig
from engine.games import GAME_TITLES

KIND_NAMES = {"star": "Black Star", "rules": "Rules card"}


def listed(items: Iterable[object], conjunction: str = "and") -> str:
    """``1``, ``1 or 2``, ``1, 3, 5 or 7``."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def signed(n: int) -> str:
    """A score as printed: ``−8`` with a real minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def _shown(kind: str, value: int | None) -> str:
    return str(value) if value is not None else KIND_NAMES[kind]


# ---- placements --------------------------------------------------------------------------------

def cell_taken() -> str:
    return "Cell taken"


def touch_a_card() -> str:
    return "Touch a card"


def dead_face() -> str:
    return "Dead face"


def only(numbers: Iterable[int]) -> str:
    return f"Only {listed(numbers, 'or')} there"


def one_apart(card: int, other: int) -> str:
    return f"{card} beside {other}: neighbours differ by exactly 1"


def reason(why: Mapping[str, Any]) -> str:
    """A placement's reason (``tableau.reason``: a code and its values) in a few words."""
    code = why["code"]
    if code == "only":
        return only(why["numbers"])
    if code == "one_apart":
        return one_apart(why["card"], why["other"])
    return {"cell_taken": cell_taken, "touch_a_card": touch_a_card, "dead_face": dead_face}[code]()


# ---- violations --------------------------------------------------------------------------------

def game_over() -> str:
    return "The game is over."


def not_started() -> str:
    return "Wait: press CONFIRM to start."


def start_first() -> str:
    return "Play this round first: press CONFIRM to start it."


def started() -> str:
    return "The round has started already."


def round_on() -> str:
    return "Finish this round first."


def round_over() -> str:
    return "The round is over. CONFIRM: next round."


def wrong_game(game: str) -> str:
    return f"That card is from {GAME_TITLES.get(game, game)}, not Big Bang."


def not_your_set(copy: str, owner: str | None, own: str) -> str:
    whose = f"{owner}'s" if owner else "not yours"
    return f"Set {copy} is {whose}. Play set {own}."


def rules_off() -> str:
    return "Not in this game: put it back in the box."


def played_stays() -> str:
    return "Played cards stay: put it back."


def no_digging(top: str) -> str:
    return f"The pile's top card is {top}. Put this one back."


def fits(shown: str) -> str:
    return f"That {shown} fits: play it."


def hand_fits(shown: str) -> str:
    return f"Your {shown} fits: play it."


def top_fits(shown: str) -> str:
    return f"The {shown} on the discard pile fits: play it."


# ---- events as a story ----------------------------------------------------------------------

def describe(event: Mapping[str, Any]) -> str:
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def _round_started(e: Mapping[str, Any]) -> str:
    title = f"Round {e['round']} of {e['rounds']}" if e["rounds"] > 1 else "Big Bang"
    players = e["players"]
    who = (f"{listed(p['player'] + ' (set ' + p['set'] + ')' for p in players)} race" if len(players) > 1
           else f"{players[0]['player']} plays")
    clock = f" {_clock(e['seconds'])} on the clock." if e["seconds"] else ""
    return f"{title}: {who}: draw {e['hand']} and lay cards beside the Black Star!{clock}"


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _played(e: Mapping[str, Any]) -> str:
    shown = _shown(e["kind"], e["value"])
    if not e["ok"]:
        return f"{e['player']}: {shown} is no play: {e['reason']}. Take it back."
    card = "a Rules card" if e["value"] is None else shown
    source = " from the discard pile" if e["from"] == "discard" else ""
    left = "1 card" if e["left"] == 1 else f"{e['left']} cards"
    return f"{e['player']} plays {card}{source} ({left} left)."  # the score is told once, at the round's end


def _discarded(e: Mapping[str, Any]) -> str:
    shown = _shown(e["kind"], e["value"])
    if e["again"]:
        return f"{e['player']}'s {shown} is back on top of the discard pile."
    return f"{e['player']} discards {shown} ({e['pile']} on the discard pile)."


def _dead_hand(e: Mapping[str, Any]) -> str:
    shown = listed(_shown("rules", v) for v in e["values"])
    draw = f" Draw {e['draw']}." if e["draw"] else ""
    go = "goes" if len(e["values"]) == 1 else "go"  # "the 7 goes", "the 7 and 5 go"
    return f"{e['player']}'s hand is dead: the {shown} {go} face up on the discard pile.{draw}"


def _drawn(e: Mapping[str, Any]) -> str:
    if not e["draw"]:
        return f"{e['player']} holds {e['hand']}: play, or lay a dead hand on the discard pile."
    return f"{e['player']} draws {e['draw']} ({e['deck']} left in the deck)."


_DONE = {
    "all_down": "{} has every card down!",
    "out": "{} can play nothing more: the deck is gone and nothing fits.",
}


def _breakdown(name: str, s: Mapping[str, int], stolen: bool) -> str:
    rules = f" + 2 × {s['rules']} Rules" if s["rules"] else ""
    line = f"{name} {signed(s['score'])} ({s['numbers']}{rules} − {s['unplayed']} left)"
    return line + (f": {s['points']} points" if stolen else "")


def _round_over(e: Mapping[str, Any]) -> str:
    scores = "; ".join(_breakdown(name, s, e["stolen"]) for name, s in e["scores"].items())
    ended = "time" if e["ended_by"] is None else e["ended_by"]
    best = f" Best: {listed(e['winners'])}." if len(e["scores"]) > 1 else ""
    return f"Round {e['round']} over after {_clock(e['seconds'])} (ended by {ended}): {scores}.{best}"


def _game_over(e: Mapping[str, Any]) -> str:
    scores = e["scores"]
    if len(scores) == 1:
        (name, score), = scores.items()
        return f"Game over: {name} scores {signed(score)} points."
    table = ", ".join(f"{name} {signed(score)}" for name, score in scores.items())
    verb = "wins" if len(e["winners"]) == 1 else "win"
    return f"Game over: {table}. {listed(e['winners'])} {verb}!"


_TELLERS = {
    "round_started": _round_started,
    "card_played": _played,
    "discarded": _discarded,
    "dead_hand": _dead_hand,
    "drawn": _drawn,
    "reshuffled": lambda e: f"{e['player']} shuffles the discard pile ({e['cards']} card{'' if e['cards'] == 1 else 's'}) "
                            "back in to replay it.",
    "player_done": lambda e: _DONE[e["reason"]].format(e["player"]),
    "time_up": lambda e: "Time is up!",
    "round_over": _round_over,
    "round_ready": lambda e: f"Round {e['round']}: gather your cards, lay the Black Star, shuffle and draw 3.",
    "game_over": _game_over,
    "violation": lambda e: f"{e['player']}: {e['message']}" if e["player"] else e["message"],
}


def headline(rules: BigBangConfig) -> str:
    style = "solo" if len(rules.players) == 1 else "race"
    extras = [word for word, on in (("Rules cards", rules.rules_cards), ("replay", rules.replay),
                                    (f"{rules.minutes} min", rules.minutes > 0),
                                    (f"{rules.rounds} rounds", rules.rounds > 1), ("stolen scoring", rules.stolen))
              if on]
    return f"Big Bang · {', '.join(rules.players)} · {style}" + "".join(f" · {word}" for word in extras)


def summary(state: Mapping[str, Any]) -> list[str]:
    if state["over"]:
        lines = [f"Game over: {listed(state['winners'])} {'wins' if len(state['winners']) == 1 else 'win'}."]
    else:
        lines = [f"Round {state['round']} of {state['rounds']}, {state['phase'].replace('_', ' ')}."]
    for seat in state["tableaux"]:
        pile = seat["discard"]
        top = f" (top {_shown(pile[-1]['kind'], pile[-1]['value'])})" if pile else ""
        lines.append(f"  {seat['player']} (set {seat['set']}): {seat['in_play'] - seat['left']} down, "
                     f"{seat['left']} left, discard pile {len(pile)}{top}; game "
                     f"{signed(state['game_scores'][seat['player']])} points.")
    return lines
