"""``mathstation demo``: a whole Math Wars Meta game, refereed by the engine, told hand by hand.

For now the players are virtual (seeded shuffled decks) and the output is text; the virtual
table and the emulated OLED take over in later steps of the station.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.errors import EngineError
from engine.math_wars import MathWars
from station.journal_file import write_journal_file
from station.sim.math_wars_players import VirtualTable

#: Events worth a line in the demo (card-by-card plays are summed up by the hand result).
_TOLD = {"hand_result", "math_war", "hand_won", "cards_paid", "knocked_out", "round_won", "round_started",
         "game_won", "spoils_reshuffled", "round_drawn", "violation", "solo_discard", "hand_redraw"}


def run(args: argparse.Namespace) -> int:
    config: dict[str, object] = {"game": "math-wars", "seed": args.seed, "edition": args.edition,
                                 "discard_option": args.discard_option}
    if args.teams:
        teams = dict(_team(text) for text in args.teams)
        if any(not members for members in teams.values()):
            print("mathstation demo: give a team as NAME:PLAYER,PLAYER, e.g. --team Red:Ana,Ben", file=sys.stderr)
            return 2
        config["teams"] = teams
    else:
        config["players"] = _names(args.players)
    if args.victories is not None:
        config["victories_to_win"] = args.victories
    try:
        game = MathWars(config)
    except EngineError as exc:
        print(f"mathstation demo: {exc}", file=sys.stderr)
        return 2
    table = VirtualTable(game, seed=args.seed)
    print(game.headline())
    print(f"Virtual players, shuffle seed {args.seed}. Each hand: everyone turns up a COUNT META and a MATH CRATE card.")
    print()
    round_number = 1
    for _, events in table.actions():
        for event in events:
            if event["type"] == "round_started":
                round_number = event["round"]
            if event["type"] == "hand_result" and event["level"] == 0:
                print(f"Round {round_number}, hand {event['hand']}")
            if event["type"] in _TOLD:
                print("  " + game.describe(event))
            if event["type"] in ("hand_won", "round_drawn") and args.pace:
                time.sleep(args.pace)
    print()
    print("\n".join(game.summary()))
    if args.save:
        write_journal_file(args.save, game.config, game.actions)
        print(f"\nJournal saved to {args.save}: replay it with `mathstation replay {args.save}`")
    return 0


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _team(text: str) -> tuple[str, list[str]]:
    name, _, players = text.partition(":")
    return name.strip(), _names(players)
