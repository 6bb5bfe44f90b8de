"""Big Bang: the rules (``game``), triangle cards on a triangle lattice around the Black Star
(``lattice``), whether a card may lie in a cell (``tableau``), what fits where now (``hint``), its
config (``config``) and its words (``text``)."""

from engine.big_bang.config import BigBangConfig, read_config
from engine.big_bang.game import BigBang

RULES = BigBang  #: what the registry (engine.games) looks for

__all__ = ["RULES", "BigBang", "BigBangConfig", "read_config"]
