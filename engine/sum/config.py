"""Reading and checking a SUM game config.

A config is a JSON object; everything but the players has a default::

    {"game": "sum", "players": ["Ana", "Ben", "Cleo"]}

    {"game": "sum", "players": ["Ana", "Ben"], "pairs": "product", "order": "left-to-right",
     "fractions": true, "wild": {"rotation": false}}

Players sit in turn order: the first plays first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.config_checks import known_keys, player_names
from engine.errors import ConfigError
from engine.expressions import Order

NUMBERS_DEALT, OPERATIONS_DEALT = 4, 3
NUMBERS_DECK, OPERATIONS_DECK = 48, 40
DRAWS_PER_TURN = 2
WILD_EFFECTS = ("propagation", "neutralization", "radicalization", "rotation")
_KEYS = {"game", "seed", "players", "pairs", "order", "fractions", "wild"}


@dataclass(frozen=True)
class SumConfig:
    players: tuple[str, ...]
    pairs: str  # two equal number cards side by side: "sum" (2 2 -> 4) or "product" (3 3 -> 9)
    order: Order  # standard (× ÷ first) or left to right
    fractions: bool  # division may leave a fraction (judged exactly) instead of having to come out even
    wild: Mapping[str, bool] = field(default_factory=dict)  # each wild card's effect on or off
    seed: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"game": "sum", "seed": self.seed, "players": list(self.players), "pairs": self.pairs,
                "order": self.order.value, "fractions": self.fractions, "wild": dict(self.wild)}


def read_config(raw: Mapping[str, Any]) -> SumConfig:
    """Check a raw config and fill in defaults; ``ConfigError`` says which key is wrong and why."""
    known_keys(raw, _KEYS)
    names = player_names(raw, "SUM", 2, 6)
    pairs = raw.get("pairs", "sum")
    if pairs not in ("sum", "product"):
        raise ConfigError(f"pairs must be 'sum' (2 2 is 4) or 'product' (3 3 is 9), not {pairs!r}")
    order = raw.get("order", Order.STANDARD.value)
    if order not in [o.value for o in Order]:
        raise ConfigError(f"order must be 'standard' (× and ÷ first) or 'left-to-right', not {order!r}")
    fractions = raw.get("fractions", False)
    if not isinstance(fractions, bool):
        raise ConfigError(f"fractions must be true or false, not {fractions!r}")
    wild = raw.get("wild", {})
    if not isinstance(wild, Mapping) or set(wild) - set(WILD_EFFECTS) or not all(isinstance(v, bool) for v in wild.values()):
        raise ConfigError(f"wild turns effects on or off, e.g. {{\"rotation\": false}} (effects: {', '.join(WILD_EFFECTS)})")
    effects = {name: bool(wild.get(name, True)) for name in WILD_EFFECTS}
    return SumConfig(tuple(names), pairs, Order(order), fractions, effects, raw.get("seed", 0))
