"""Who's Counting?: the rules (``game``), scoring one expression (``scoring``), its config
(``config``) and its words (``text``)."""

from engine.whos_counting.config import WhosCountingConfig, read_config
from engine.whos_counting.game import WhosCounting

RULES = WhosCounting  #: what the registry (engine.games) looks for

__all__ = ["RULES", "WhosCounting", "WhosCountingConfig", "read_config"]
