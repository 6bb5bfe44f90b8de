"""Math Wars Meta: the rules (``game``), its config (``config``) and its words (``text``)."""

from engine.math_wars.config import EDITIONS, MathWarsConfig, Mode, read_config
from engine.math_wars.game import MathWars

RULES = MathWars  #: what the registry (engine.games) looks for

__all__ = ["EDITIONS", "RULES", "MathWars", "MathWarsConfig", "Mode", "read_config"]
