"""A team's logo and description: the page where its coach changes them, and the
address the logo is served from.

The logo is served by this view from the default storage (``MEDIA_ROOT`` in the
embedded mode), whatever DEBUG says: whitenoise serves static files only, and Django's
``static.serve`` is for development. Its address carries the file's name (``?v=``),
which changes with every upload, so a reader's browser may keep it for a day.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.files.storage import default_storage
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import etag, require_http_methods, require_safe

from core.errors import attempt
from teams.forms_profile import TeamProfileForm
from teams.models import Team
from teams.services.profile import remove_team_logo, set_team_description, set_team_logo
from teams.views_access import team_to_change

LOGO_MAX_AGE = 24 * 60 * 60


def _save(request: HttpRequest, team: Team, form: TeamProfileForm) -> Team:
    """The description, then the logo, in one transaction: a refused logo leaves the
    description as it was too."""
    data = form.cleaned_data
    with transaction.atomic():
        team = set_team_description(request.user, team, data["description"])
        if data["logo"] is not None:
            team = set_team_logo(request.user, team, data["logo"])
        elif data["remove_logo"]:
            team = remove_team_logo(request.user, team)
    return team


@login_required
@require_http_methods(["GET", "POST"])
def team_profile(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's logo and description, changed by its coach (or a commissioner)."""
    team = team_to_change(request, pk)
    status = 200
    if request.method == "POST":
        status = 400
        form = TeamProfileForm(request.POST, request.FILES)
        if form.is_valid() and attempt(form, lambda: _save(request, team, form)) is not None:
            messages.success(request, _("%(team)s's page is updated.") % {"team": team.name})
            return redirect("team-detail", pk=team.pk)
    else:
        form = TeamProfileForm(initial={"description": team.description})
    context: dict[str, Any] = {"team": team, "form": form}
    return render(request, "teams/team_profile.html", context, status=status)


def _logo_name(request: HttpRequest, pk: int) -> str | None:
    """The logo's file name: its ETag (a new logo is a new name)."""
    return Team.objects.filter(pk=pk).values_list("logo", flat=True).first() or None


@require_safe
@etag(_logo_name)
def team_logo(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The team's logo image (404 when it has none); 304 to a browser holding it."""
    name = get_object_or_404(Team.objects.only("logo"), pk=pk).logo.name
    if not name or not default_storage.exists(name):
        raise Http404(_("This team has no logo."))
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    response = FileResponse(default_storage.open(name, "rb"), content_type=content_type)
    patch_cache_control(response, public=True, max_age=LOGO_MAX_AGE)
    return response
