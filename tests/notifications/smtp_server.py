"""A small SMTP server on 127.0.0.1 for the tests (the standard library has had no
smtpd since Python 3.12): a thread speaking enough of RFC 5321 for Django's SMTP
backend (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeping every message it
accepted. Stopped, its port refuses connections as a mail server that is down does;
started again on the same port, it is the mail server back."""

from __future__ import annotations

import email
import email.policy
import socket
import socketserver
import threading
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any


@dataclass
class Delivered:
    mail_from: str
    rcpt_to: list[str]
    message: EmailMessage

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def text(self) -> str:
        part = self.message.get_body(preferencelist=("plain", "html"))
        return part.get_content() if part is not None else ""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class SMTPServer:
    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.delivered: list[Delivered] = []
        self._server: _Server | None = None
        self._lock = threading.Lock()

    @property
    def mailer(self) -> dict[str, Any]:
        """Django's MAILERS entry for this server: SMTP, no TLS, a short timeout."""
        return {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": self.port, "timeout": 3},
        }

    def start(self) -> None:
        owner = self

        class Handler(socketserver.StreamRequestHandler):
            def reply(self, line: str) -> None:
                self.wfile.write(line.encode() + b"\r\n")
                self.wfile.flush()

            def handle(self) -> None:
                self.reply("220 localhost test SMTP")
                mail_from, rcpt_to = "", []
                while raw := self.rfile.readline():
                    line = raw.decode(errors="replace").rstrip("\r\n")
                    verb = line[:4].upper()
                    if verb in {"EHLO", "HELO"}:
                        self.reply("250 localhost")
                    elif verb == "MAIL":
                        mail_from, rcpt_to = line.split(":", 1)[1].strip(), []
                        self.reply("250 OK")
                    elif verb == "RCPT":
                        rcpt_to.append(line.split(":", 1)[1].strip().strip("<>"))
                        self.reply("250 OK")
                    elif verb == "DATA":
                        self.reply("354 End data with <CR><LF>.<CR><LF>")
                        lines = []
                        while (data := self.rfile.readline()) not in (b".\r\n", b""):
                            lines.append(data[1:] if data.startswith(b"..") else data)
                        parsed = email.message_from_bytes(
                            b"".join(lines), policy=email.policy.default
                        )
                        with owner._lock:
                            owner.delivered.append(Delivered(mail_from, rcpt_to, parsed))
                        self.reply("250 OK: queued")
                    elif verb in {"RSET", "NOOP"}:
                        self.reply("250 OK")
                    elif verb == "QUIT":
                        self.reply("221 Bye")
                        return
                    else:
                        self.reply("502 Command not implemented")

        self._server = _Server(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def subjects_to(self, address: str) -> list[str]:
        with self._lock:
            return [d.subject for d in self.delivered if address in d.rcpt_to]
