"""What the scripts that start servers locally share (``bench.evening``,
``bench.servers``): a free port on the loopback, waiting for a service to answer, the
end of a log to show when one does not, and nginx's configuration in front of the app
servers."""

from __future__ import annotations

import shutil
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def port_open(port: int) -> bool:
    """Whether something listens on ``port`` of the loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.3)
        return sock.connect_ex((HOST, port)) == 0


def wait_until(
    check: Callable[[], Any],
    seconds: float,
    what: str,
    *,
    every: float = 0.1,
    error: type[Exception] = RuntimeError,
) -> Any:
    """``check()``'s first true value, asked every ``every`` seconds; an ``error``
    naming ``what`` after ``seconds`` (tests ask for an AssertionError)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise error(f"timed out after {seconds:.0f} s waiting for {what}")
        time.sleep(every)


def tail(path: Path, lines: int = 30) -> str:
    """The last ``lines`` of a log ("" when it cannot be read)."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_conf(folder: Path, port: int, upstreams: list[int], *, access_log: bool = True) -> Path:
    """An nginx configuration in ``folder`` that listens on ``port`` and proxies to the
    app servers on ``upstreams`` (round-robin), as a deployment puts it in front of
    gunicorn: nginx reads slow clients and keeps their connections alive, so a sync
    worker hands its answer over at once instead of waiting on the client."""
    folder.mkdir(parents=True, exist_ok=True)
    servers = "\n".join(f"        server {HOST}:{upstream};" for upstream in upstreams)
    log = f"access_log {folder}/access.log;" if access_log else "access_log off;"
    conf = folder / "nginx.conf"
    conf.write_text(
        f"""pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
worker_processes 1;
events {{ worker_connections 2048; }}
http {{
    {log}
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    keepalive_requests 10000;
    upstream dugout {{
{servers}
    }}
    server {{
        listen {HOST}:{port};
        client_max_body_size 4m;
        location / {{
            proxy_pass http://dugout;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # Which app server answered (the two-server checks read it).
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""
    )
    return conf
