"""Math Wars Meta: the rules (``game``), its config (``config``) and its words (``text``)."""

from engine.math_wars.config import EDITIONS, MathWarsConfig, Mode, read_config
from engine.math_wars.game import MathWars

__all__ = ["EDITIONS", "MathWars", "MathWarsConfig", "Mode", "read_config"]
