"""`make bench`: the figures users feel against their goals (bench/figures.py)."""

from __future__ import annotations

import os
import sys
import time

import django


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from bench import figures

    print(f"== {(figures.__doc__ or '').strip().splitlines()[0]}")
    started = time.perf_counter()
    figures.main()
    print(f"   ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
