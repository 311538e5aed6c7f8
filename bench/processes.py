"""What the scripts that start servers locally share (``bench.evening``,
``bench.servers``): a free port on the loopback, waiting for a service to answer, and
the end of a log to show when one does not."""

from __future__ import annotations

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


def wait_until(check: Callable[[], Any], seconds: float, what: str, *, every: float = 0.1) -> Any:
    """``check()``'s first true value, asked every ``every`` seconds; a RuntimeError
    naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise RuntimeError(f"timed out after {seconds:.0f} s waiting for {what}")
        time.sleep(every)


def tail(path: Path, lines: int = 30) -> str:
    """The last ``lines`` of a log ("" when it cannot be read)."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
