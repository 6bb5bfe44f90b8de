"""A child who plays Math Wars Meta, Big Bang, SUM, Math Rush and Who's Counting? on one station reads the same Spanish
for the same thing in each: the same English in two games' catalogs gets the same Spanish, and
every "Take it back" is "Quítala" ("Quita la que sobra" where one card of two must go) (issue 27's
review of these games' words)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("math_wars", "big_bang", "sum", "math_rush", "whos_counting")
#: the same English that must read differently:
SAME_WORDS_OTHER_MEANING = {
    "Played already",  # two meanings: Math Wars "you have played this hand", SUM "that card was played"
    "in", "out",  # values of different options: Math Rush "Advanced: sí/no"; Big Bang "Rules cards: dentro/fuera"
    # whose "out" also answers "Dead cards: fuera/vuelven"; Math Wars "out" is a player knocked out ("fuera")
    "CONFIRM: new game",  # a narrower place: Who's Counting? ends a 6-player game with a page marker "1/2"
    # beside it, where "CONFIRM: otra partida" is cut; it says "CONFIRM: otra vez" there
}


def spanish(game: str) -> dict[str, str]:
    """The game's Spanish catalog: English msgid (the singular, for a plural) -> Spanish (its first form)."""
    with (ROOT / "station" / "games" / game / "locale" / "es" / "LC_MESSAGES" / f"{game}.po").open("rb") as f:
        return {(m.id[0] if isinstance(m.id, tuple) else m.id): (m.string[0] if isinstance(m.string, tuple) else m.string)
                for m in read_po(f) if m.id}


CATALOGS = {game: spanish(game) for game in GAMES}


def test_the_same_english_reads_the_same_in_spanish_in_every_game():
    shared = {msgid for game in GAMES for msgid in CATALOGS[game]
              if sum(msgid in CATALOGS[other] for other in GAMES) > 1} - SAME_WORDS_OTHER_MEANING
    assert shared, "the games share some words (Game over, Other game, CONFIRM: next ...)"
    differ = {msgid: {game: CATALOGS[game][msgid] for game in GAMES if msgid in CATALOGS[game]} for msgid in shared
              if len({CATALOGS[game][msgid] for game in GAMES if msgid in CATALOGS[game]}) > 1}
    assert differ == {}


@pytest.mark.parametrize("game", GAMES)
def test_every_take_it_back_says_quitala(game):
    told = {msgid: text for msgid, text in CATALOGS[game].items() if msgid.rstrip(".").endswith("Take it back")}
    assert told, f"{game} asks for a card back somewhere"
    assert {msgid: text for msgid, text in told.items()
            if not text.rstrip(".").endswith(("Quítala", "Quita la que sobra"))} == {}


#: every game: the words each game shows for the same thing at the end, between screens, for a seat
#: and for a card to take back (Math Rush and Who's Counting? had kept 'Fin del juego', 'CONFIRM:
#: sigue', 'Recógela', 'Retírala'; Math Wars Meta a 'sitio' where the others say 'puesto')
ALL_GAMES = ("math_wars", "math_rush", "sum", "whos_counting", "big_bang")
ALL_CATALOGS = {game: spanish(game) for game in ALL_GAMES}
AGREED = ("Game over", "CONFIRM: next", "Empty seat", "Nobody plays at seat {seat}", "Take it back")
# ("CONFIRM: new game" stays "CONFIRM: otra vez" in Who's Counting?: "otra partida" is cut on its screen)


@pytest.mark.parametrize("msgid", AGREED)
def test_the_five_games_agree_on_the_words_every_game_shows(msgid):
    said = {game: ALL_CATALOGS[game][msgid] for game in ALL_GAMES if msgid in ALL_CATALOGS[game]}
    assert len(set(said.values())) == 1, said


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_asks_for_a_card_back_with_quitala_and_talks_to_one_child(game):
    told = {msgid: text for msgid, text in ALL_CATALOGS[game].items() if msgid.rstrip(".").endswith("Take it back")}
    assert {msgid: text for msgid, text in told.items()
            if not text.rstrip(".").endswith(("Quítala", "Quita la que sobra"))} == {}
    vosotros = re.compile(r"\b(dadle|poned|usad|volved|quitad|mirad|jugad|robad|pasad)\b", re.IGNORECASE)   # tú, as SUM's review chose
    assert [text for text in ALL_CATALOGS[game].values() if vosotros.search(text)] == []
