"""Addresses every site answers outside its pages: the favicon browsers ask for."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import FileResponse, Http404, HttpRequest
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

FAVICON = "dugout/favicon.ico"


@require_safe
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> FileResponse:
    """GET /favicon.ico: the site's icon (config/static/dugout/favicon.ico, which
    base.html links too), which browsers ask for at the root whatever a page links."""
    found = finders.find(FAVICON)
    if not isinstance(found, str):
        raise Http404(_("No favicon."))
    return FileResponse(open(found, "rb"), content_type="image/x-icon")  # noqa: SIM115
