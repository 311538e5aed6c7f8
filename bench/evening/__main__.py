"""`python -m bench.evening`: bench/evening/run.py."""

import sys

from bench.evening.run import main

if __name__ == "__main__":
    sys.exit(main())
