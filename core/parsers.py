"""The API's one body parser: JSON, refused with a 400 before it is decoded when it is
larger or nested deeper than any request of the API needs.

Python's JSON decoder recurses once per level: a body nested 100,000 deep raised
RecursionError (a 500, anonymously) instead of a parse error, and a body of any size
was read whole. The largest real body is a match report (at most
``matches.services.validation.MAX_REPORT_EVENTS`` events of about 250 bytes) and the
deepest an inducements answer (four levels); the bounds leave room for both.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_JSON_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 32
# A string (its escapes included, so a quoted "[" is not an opening) or a bracket.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def json_depth_exceeds(body: bytes, limit: int) -> bool:
    """Whether ``body``'s arrays and objects nest more than ``limit`` deep. Stops at
    the first level past the limit, so a deep body costs no more than a shallow one."""
    depth = 0
    for token in _TOKEN.finditer(body):
        char = token.group()[:1]
        if char in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif char in (b"]", b"}"):
            depth -= 1
    return False


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser behind a size and a nesting bound (a 400 that says which)."""

    max_bytes = MAX_JSON_BYTES
    max_depth = MAX_JSON_DEPTH

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        body = stream.read(self.max_bytes + 1) if stream is not None else b""
        if len(body) > self.max_bytes:
            raise ParseError(
                f"The JSON body is larger than {self.max_bytes:,} bytes, more than any "
                "request of this API needs."
            )
        if json_depth_exceeds(body, self.max_depth):
            raise ParseError(
                f"The JSON body is nested more than {self.max_depth} deep, deeper than any "
                "request of this API."
            )
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:  # the bound above should make this unreachable
            raise ParseError("The JSON body is nested too deep.") from None
