"""A team's whole audit trail (teams/audit.py), latest first, paginated; ``render_trail``
also serves the league's (leagues/views_audit.py)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from teams.audit import team_entries
from teams.errors import TeamError
from teams.models import AuditEntry, Team
from teams.services.undo import undo_purchase, undoable_purchases

PER_PAGE = 50


def render_trail(
    request: HttpRequest, subject: str, back_url: str, entries, **extra: Any
) -> HttpResponse:
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    context = {"subject": subject, "back_url": back_url, "page": page, **extra}
    return render(request, "teams/audit.html", context)


def team_history(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    undoable: list[Any] = []
    if request.user.has_perm("teams.correct_treasury", team):
        undoable = undoable_purchases(team)
    back = reverse("team-detail", args=[team.pk])
    return render_trail(request, team.name, back, team_entries(team), team=team, undoable=undoable)


@login_required
@require_POST
def undo_purchase_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A commissioner's "Undo" on one purchase of the team's history."""
    team = get_object_or_404(Team, pk=pk)
    purchase = get_object_or_404(AuditEntry, pk=request.POST.get("purchase") or 0, team=team)
    try:
        undo_purchase(request.user, purchase)
    except TeamError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The purchase is undone; its price is back in the Treasury."))
    return redirect("team-history", pk=team.pk)
