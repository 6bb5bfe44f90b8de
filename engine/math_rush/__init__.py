"""Math Rush: the rules (``game``), goals and what fits them (``goals``), its config (``config``)
and its words (``text``)."""

from engine.math_rush.config import MathRushConfig, read_config
from engine.math_rush.game import MathRush

RULES = MathRush  #: what the registry (engine.games) looks for

__all__ = ["RULES", "MathRush", "MathRushConfig", "read_config"]
