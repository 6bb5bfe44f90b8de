"""SUM: the rules (``game``), judging an equation (``equation``), its config (``config``) and its
words (``text``)."""

from engine.sum.config import SumConfig, read_config
from engine.sum.game import Sum

RULES = Sum  #: what the registry (engine.games) looks for

__all__ = ["RULES", "Sum", "SumConfig", "read_config"]
