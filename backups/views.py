"""The backup pages: a commissioner downloads his league's backup, and restores a
backup as a new league he runs (the checks of ``manage.py import_league``)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from backups.forms import RestoreForm
from backups.services import backup_filename, league_backup, read_backup, restore_as_new_league
from core.errors import attempt
from leagues.models import League


@login_required
@require_GET
def league_backup_download(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    document = league_backup(request.user, league)
    response = HttpResponse(
        json.dumps(document, indent=1, ensure_ascii=False, cls=DjangoJSONEncoder),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{backup_filename(league)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def league_restore(request: HttpRequest) -> HttpResponse:
    form = RestoreForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            league = attempt(
                form,
                lambda: restore_as_new_league(
                    request.user, read_backup(data["file"].read()), data["name"]
                ),
            )
            if league is not None:
                messages.success(
                    request,
                    _("%(league)s is restored from the backup; you are its commissioner.")
                    % {"league": league.name},
                )
                return redirect("league-home", pk=league.pk)
    return render(request, "backups/restore.html", {"form": form}, status=status)
