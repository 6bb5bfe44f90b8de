"""Every sentence Math Wars Meta says: verdicts for children, and events told as a story.

Kept apart from the rules so wording can be improved (or translated) without touching them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from engine.catalog import Card, CardFace
from engine.games import GAME_TITLES
from engine.math_wars.config import Edition, MathWarsConfig, Mode

_SIGNS = {"+": "+", "-": "−", "×": "×", "÷": "÷"}


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards(n: int, noun: str = "card") -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _number(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


# ---- verdicts: what was wrong, in words a child can read ---------------------------------------

def game_over(winner: str) -> str:
    return f"The game is over: {winner} won. Start a new game to play again."


def wrong_game(card: Card) -> str:
    title = GAME_TITLES.get(card.game, card.game)
    return f"That card is from {title}, not Math Wars Meta."


def player_out(player: str) -> str:
    return f"{player} is out of this round: wait for the next one."


def not_in_war(player: str, contenders: Sequence[str]) -> str:
    return f"Only {_names(contenders)} play in this MATH WAR. {player}, please wait."


def not_in_edition(number: Fraction, edition: Edition) -> str:
    return f"COUNT META {number} is not in {edition.title}: use cards 1–{edition.count_cards}."


def not_your_deck(player: str, card_copy: str, own_copy: str) -> str:
    return f"That card is from deck {card_copy}: {player} plays deck {own_copy}."


def card_on_table(face: CardFace) -> str:
    return f"That {face.describe()} card is already on the table."


def card_already_used(face: CardFace) -> str:
    return f"{face.describe()} was already played this round: it should be in a spoils pile."


def already_played(player: str, label: str) -> str:
    return f"{player} already has a {label} card down. Take the extra one back."


def count_alone(reason: str) -> str:
    """Why a MATH CRATE card is ignored, e.g. ``12 ÷ 5 leaves a remainder: only your COUNT META card counts``."""
    return f"{reason}: only your COUNT META card counts"


# ---- events told as a story --------------------------------------------------------------------

def describe(event: Mapping[str, Any], rules: MathWarsConfig) -> str:
    """One event as a sentence (``mathstation replay`` prints these)."""
    kind = event["type"]
    teller = _TELLERS.get(kind)
    return teller(event, rules) if teller else f"{kind}: {dict(event)}"


def _card_played(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    down = f" on {_cards(e['face_down'], 'face-down card')}" if e.get("face_down") else ""
    return f"{e['player']} turns up {e['face']}{down}."


def _hand_result(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    parts = []
    for r in e["results"]:
        sum_text = f"{_number(r['count'])} {_SIGNS[r['op']]} {r['crate']}"
        parts.append(f"{r['player']}: {r['note']} ({_number(r['result'])})" if r["note"]
                     else f"{r['player']}: {sum_text} = {_number(r['result'])}")
    line = "; ".join(parts) + "."
    if "teams" in e:
        line += " Teams: " + ", ".join(f"{t} {_number(v)}" for t, v in e["teams"].items()) + "."
    return line


def _math_war(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return (f"MATH WAR! {_names(e['sides'])} tie. Each player puts {e['face_down']} cards face down, "
            "1 face up and a new MATH CRATE card.")


def _hand_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return f"{e['side']} wins the hand with {_number(e['highest'])}."


def _cards_paid(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    where = "their own spoils pile" if e["to"] == e["player"] else f"{e['to']}'s spoils pile"
    total = e["paid"] + e["battle"]
    short = f" They owed {e['owed']} but had only {e['paid']}." if e["paid"] < e["owed"] else ""
    return (f"{e['player']} gives {_cards(total)} to {where} "
            f"({e['paid']} from the draw pile + {_cards(e['battle'], 'battle card')}).{short}")


_OUT_REASONS = {
    "could_not_pay": "not enough cards to pay",
    "out_of_cards": "no COUNT META cards left",
    "no_cards_for_war": "no cards left for the MATH WAR",
}


def _knocked_out(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return f"{e['player']} is out of the round: {_OUT_REASONS.get(e['reason'], e['reason'])}."


def _round_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    why = {"vote": " by vote", "deck_cleared": " by clearing the deck"}.get(e["reason"], "")
    return (f"{e['side']} wins round {e['round']}{why} and a VICTORY! card "
            f"({e['victories']} of {e['needed']}).")


def _game_won(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return f"{e['side']} wins the game with {_cards(e['victories'][e['side']], 'VICTORY! card')}!"


def _round_started(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return f"Round {e['round']}: everyone shuffles a full deck of {rules.edition.count_cards} COUNT META cards."


def _solo_discard(e: Mapping[str, Any], rules: MathWarsConfig) -> str:
    return f"{e['player']} discards {_cards(e['paid'])} into the spoils pile."


_TELLERS = {
    "card_played": _card_played,
    "violation": lambda e, r: f"Not allowed: {e['message']}",
    "hand_result": _hand_result,
    "math_war": _math_war,
    "hand_won": _hand_won,
    "cards_paid": _cards_paid,
    "knocked_out": _knocked_out,
    "round_won": _round_won,
    "round_drawn": lambda e, r: f"Nobody can fight the MATH WAR: round {e['round']} is a draw and starts again.",
    "round_started": _round_started,
    "game_won": _game_won,
    "spoils_reshuffled": lambda e, r: f"{e['player']} shuffles {_cards(e['cards'], 'spoils card')} into the draw pile.",
    "crates_reshuffled": lambda e, r: (f"{e['player']} shuffles {_cards(e['cards'], 'MATH CRATE card')} back into the "
                                       "draw pile."),
    "hand_redraw": lambda e, r: f"{e['reason']}: discard both cards and draw again.",
    "solo_discard": _solo_discard,
}


# ---- headline and summary ---------------------------------------------------------------------

_MODES = {Mode.SOLO: "Solo", Mode.PLAYERS: "Player v Player", Mode.TEAMS: "Team v Team"}
_OPTIONS = {1: "discard option 1 (own spoils pile)", 2: "discard option 2 (winner's spoils pile)"}


def headline(rules: MathWarsConfig) -> str:
    if rules.mode is Mode.TEAMS:
        who = "; ".join(f"{side}: " + ", ".join(f"{s.name} ({s.copy})" for s in rules.seats if s.team == side)
                        for side in rules.sides)
    else:
        who = ", ".join(f"{s.name} (deck {s.copy})" for s in rules.seats)
    return (f"Math Wars Meta · {rules.edition.title} · {_MODES[rules.mode]} · {who} · "
            f"{_OPTIONS[rules.discard_option]} · {_cards(rules.victories_to_win, 'VICTORY! card')} to win")


def summary(state: Mapping[str, Any]) -> list[str]:
    if state["over"]:
        lines = [f"Game over: {state['winner']} won."]
    else:
        lines = [f"Round {state['round']}, hand {state['hand']}."]
    width = max(len(name) for name in state["players"])
    for name, p in state["players"].items():
        team = f" [{p['team']}]" if p["team"] else ""
        out = "  OUT" if p["out"] else ""
        lines.append(f"  {name:<{width}}{team}  draw {p['draw']:>3}  battle {p['battle']:>2}  spoils {p['spoils']:>3}{out}")
    lines.append("VICTORY! cards: " + ", ".join(f"{side} {n}" for side, n in state["victories"].items())
                 + f" (need {state['victories_to_win']})")
    return lines
