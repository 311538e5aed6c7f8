"""The interchange pages: a team's ``dugout-team`` file as a download (public, like
the sheet) and the page where a coach imports a team from a file."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from core.errors import attempt
from teams.interchange import ImportRequest, export_team, import_team
from teams.interchange.forms import ImportForm
from teams.models import Team


@require_GET
def team_export(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        data = export_team(pk)
    except Team.DoesNotExist:
        raise Http404("No such team.") from None
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False, cls=DjangoJSONEncoder),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="team-{pk}.dugout.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def team_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            team = attempt(
                form,
                lambda: import_team(
                    request.user,
                    ImportRequest(
                        data["source_format"], data["file"], data["ruleset"], data["name"]
                    ),
                ),
            )
            if team is not None:
                messages.success(
                    request,
                    _("%(team)s is imported: check its sheet against the original.")
                    % {"team": team.name},
                )
                return redirect("team-detail", pk=team.pk)
    return render(request, "teams/interchange_import.html", {"form": form}, status=status)
