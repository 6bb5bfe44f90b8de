"""Math Card Station's rules engine: pure Python, no hardware, no clock, no I/O but its decks.

- ``engine.numbers``: exact numbers in the form a card prints them (``8/12``, ``0.1(6)``, ``37.5%``).
- ``engine.expressions``: rows of number and operation cards, judged exactly; a bounded solver.
- ``engine.catalog`` / ``engine.payload``: every card of every game, and the text in its QR code.
- ``engine.protocol`` / ``engine.games``: a game is ``state + action -> events``; ``new_game``, ``replay``.
- ``engine.math_wars``: Math Wars Meta.

See docs/protocol.md for actions and events, docs/cards.md for cards and payloads.
"""
