"""Toy Sum: a tiny game that lives wholly outside the product, to prove that a game is a plug-in.

Players take turns laying number and operation cards along the mat's strip and pressing
CONFIRM; an expression that makes the target scores a point. A round clock ends the game. It
touches every part of the interface the four real games need — turns, a strip read in the
order the cards lie, a button that submits, a deadline the referee turns into an action, an
outcome with scores, history measures, virtual players and a demo — and nothing in ``engine/``
or ``station/`` names it: ``INFO`` is its one registry line, added by the tests' fixture.
"""

from engine.games import GameInfo

INFO = GameInfo("toy", "Toy Sum", "TY", rules_module="toy_game.rules", station_module="toy_game.station",
                deck=("toy_game", "deck.toml"), data="toy_game")
