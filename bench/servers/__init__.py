"""Dugout on more than one app server, started locally (``python -m bench.servers``):
a PostgreSQL primary and its streaming replica, Redis, two gunicorn app servers behind
one nginx, a Celery worker with beat. tests/scale/test_two_servers.py starts the same
set-up (``bench.servers.cluster.Cluster``) and checks it."""
