"""``python -m station`` is the same as ``mathstation``."""

import sys

from station.cli import main

sys.exit(main())
