"""``python -m bench.sitegen``: build a generated site of any size (see ``--help``)."""

from __future__ import annotations

import sys

from bench.sitegen.cli import main

if __name__ == "__main__":
    sys.exit(main())
