"""The home page: a dashboard once signed in; and a commissioner's oversight of what
waits on whom in his leagues."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from dashboard.oversight import oversight_for
from dashboard.selectors import dashboard_for


def home(request: HttpRequest) -> HttpResponse:
    context = {}
    if request.user.is_authenticated:
        context["dashboard"] = dashboard_for(request.user)
    return render(request, "home.html", context)


@login_required
@require_safe
def oversight(request: HttpRequest) -> HttpResponse:
    return render(request, "dashboard/oversight.html", {"oversight": oversight_for(request.user)})
