"""A team's logo: an upload made into a small PNG the site can serve as its own.

An uploaded file is trusted for nothing: not its name, not its declared type. Pillow
opens it and it must be a PNG, JPEG, GIF or WebP image (``ALLOWED_FORMATS``) of at
most ``MAX_PIXELS`` pixels, read from its header before any pixel is decoded (a small
file can declare an enormous image). It is turned upright by its EXIF orientation,
reduced to fit ``MAX_SIDE`` × ``MAX_SIDE`` and re-encoded as a new PNG from its pixels
alone: EXIF (GPS position, camera), comments and colour-profile chunks are dropped,
and nothing of the uploaded bytes reaches a reader's browser.
"""

from __future__ import annotations

import io
import secrets
import warnings

from django.core.files.base import ContentFile
from PIL import Image, ImageOps, UnidentifiedImageError

from teams.errors import TeamProfileError

MAX_BYTES = 2 * 1024 * 1024  # 2 MiB: a phone's photo of a drawn logo fits
MAX_SIDE = 256
# A header claiming more than this is refused before decoding (a "decompression bomb").
MAX_PIXELS = 40_000_000
ALLOWED_FORMATS = frozenset({"PNG", "JPEG", "GIF", "WEBP"})
FIELD = "logo"
# A request carrying a logo: the file in base64 (a third larger) plus room for the rest
# of a form or a JSON body. Anything longer is refused before it is read.
MAX_REQUEST_BYTES = 4 * -(-MAX_BYTES // 3) + 64 * 1024


def _refuse(message: str) -> TeamProfileError:
    return TeamProfileError(message, field=FIELD)


def _open(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            # Pillow warns (a RuntimeWarning) on a large image before refusing a huge
            # one; MAX_PIXELS below decides, with a sentence for the coach.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError) as error:
        raise _refuse(
            "That file is not an image Dugout can read: upload a PNG, JPEG, GIF or WebP."
        ) from error
    if image.format not in ALLOWED_FORMATS:
        raise _refuse(
            f"A logo must be a PNG, JPEG, GIF or WebP image; that file is {image.format}."
        )
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise _refuse(
            f"That image is {width}×{height} pixels: upload one of at most "
            f"{MAX_PIXELS // 1_000_000} million pixels."
        )
    return image


def refuse_oversized(content_length: str | None) -> None:
    """``TeamProfileError`` when a request declares a body no logo needs (checked
    before Django reads it, so an enormous upload is not first written to disk)."""
    try:
        length = int(content_length or 0)
    except ValueError:
        return
    if length > MAX_REQUEST_BYTES:
        raise _refuse(
            f"That upload is {length / 1024 / 1024:.1f} MiB: upload an image of at most "
            f"{MAX_BYTES // 1024 // 1024} MiB."
        )


def logo_png(data: bytes) -> bytes:
    """``data`` (an uploaded file's bytes) as the logo's PNG bytes, or
    ``TeamProfileError`` on the ``logo`` field saying what to upload instead."""
    if not data:
        raise _refuse("Choose an image file to upload: the file was empty.")
    if len(data) > MAX_BYTES:
        raise _refuse(
            f"That file is {len(data) / 1024 / 1024:.1f} MiB: upload an image of at most "
            f"{MAX_BYTES // 1024 // 1024} MiB."
        )
    image = _open(data)
    try:
        image.load()
        upright = ImageOps.exif_transpose(image)
        pixels = upright.convert("RGBA")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as error:
        # Truncated or corrupt past its header.
        raise _refuse(
            "That image is damaged and cannot be read: upload it again or choose another."
        ) from error
    pixels.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    # A new image from the pixels alone: no info, EXIF or ICC profile carried over.
    clean = Image.frombytes("RGBA", pixels.size, pixels.tobytes())
    out = io.BytesIO()
    clean.save(out, format="PNG", optimize=True)
    return out.getvalue()


def logo_file(team_id: int, data: bytes) -> ContentFile[bytes]:
    """The logo's PNG as a file to save in ``Team.logo``: a new name each time, so a
    page's cached copy of the previous logo is never taken for it."""
    name = f"team-{team_id}-{secrets.token_hex(4)}.png"
    return ContentFile(logo_png(data), name=name)
