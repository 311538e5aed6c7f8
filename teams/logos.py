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
from django.utils.formats import number_format
from django.utils.translation import gettext as _
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


def _too_big(size: int, *, upload: bool = True) -> str:
    """ "That upload is 3.2 MiB: ..." (the request), "That file is ..." (the file)."""
    values = {
        "size": number_format(size / 1024 / 1024, decimal_pos=1),
        "most": MAX_BYTES // 1024 // 1024,
    }
    if upload:
        return _("That upload is %(size)s MiB: upload an image of at most %(most)s MiB.") % values
    return _("That file is %(size)s MiB: upload an image of at most %(most)s MiB.") % values


def _open(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            # Pillow warns (a RuntimeWarning) on a large image before refusing a huge
            # one; MAX_PIXELS below decides, with a sentence for the coach.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError) as error:
        raise _refuse(
            _("That file is not an image Dugout can read: upload a PNG, JPEG, GIF or WebP.")
        ) from error
    if image.format not in ALLOWED_FORMATS:
        raise _refuse(
            _("A logo must be a PNG, JPEG, GIF or WebP image; that file is %(format)s.")
            % {"format": image.format}
        )
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise _refuse(
            _(
                "That image is %(width)s×%(height)s pixels: upload one of at most "
                "%(most)s million pixels."
            )
            % {"width": width, "height": height, "most": MAX_PIXELS // 1_000_000}
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
        raise _refuse(_too_big(length))


def logo_png(data: bytes) -> bytes:
    """``data`` (an uploaded file's bytes) as the logo's PNG bytes, or
    ``TeamProfileError`` on the ``logo`` field saying what to upload instead."""
    if not data:
        raise _refuse(_("Choose an image file to upload: the file was empty."))
    if len(data) > MAX_BYTES:
        raise _refuse(_too_big(len(data), upload=False))
    image = _open(data)
    try:
        image.load()
        upright = ImageOps.exif_transpose(image)
        pixels = upright.convert("RGBA")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as error:
        # Truncated or corrupt past its header.
        raise _refuse(
            _("That image is damaged and cannot be read: upload it again or choose another.")
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
