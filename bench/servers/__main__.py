"""``python -m bench.servers``: start the two-app-server set-up (bench/servers/cluster.py)
and keep it up until Ctrl-C, then stop everything.

    python -m bench.servers [--database-url postgres://dugout:dugout@127.0.0.1:5432/dugout]
                            [--database dugout_servers] [--no-migrate] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import signal
import time

from bench.servers.cluster import DEFAULT_URL, Cluster


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.servers", description=__doc__)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or DEFAULT_URL,
        help="the primary: a PostgreSQL server (its maintenance database)",
    )
    parser.add_argument("--database", default="dugout_servers", help="the database the servers use")
    parser.add_argument(
        "--no-migrate", action="store_true", help="use the database as it is (migrated)"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--keep-logs", action="store_true", help="keep the temporary directory")
    options = parser.parse_args()
    cluster = Cluster(
        primary_url=options.database_url,
        database=options.database,
        migrate=not options.no_migrate,
        workers=options.workers,
        keep_logs=options.keep_logs,
    )
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    with cluster:
        print(f"proxy (nginx, round-robin): {cluster.proxy}")
        for index, port in enumerate(cluster.app_ports, 1):
            print(f"app server {index} (gunicorn):  http://127.0.0.1:{port}")
        print(f"primary:  {cluster.database_url}")
        print(f"replica:  {cluster.replica_url}")
        print(f"redis:    {cluster.redis_url}")
        print(f"logs:     {cluster.folder}")
        print("Ctrl-C stops everything.", flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            print("stopping", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
