"""Run every benchmark module (bench/bench_*.py) in name order, or those named."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import time

import django


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    import bench

    names = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_")
    )
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        print(f"== {name}: {(module.__doc__ or '').strip().splitlines()[0]}")
        started = time.perf_counter()
        module.main()
        print(f"   ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
