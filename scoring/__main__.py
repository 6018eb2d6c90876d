"""``python -m scoring``: the referee's command line (``scoring.cli``)."""

import sys

from scoring.cli import main

sys.exit(main())
