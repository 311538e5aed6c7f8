"""The home page: a dashboard once signed in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from dashboard.selectors import dashboard_for


def home(request: HttpRequest) -> HttpResponse:
    context = {}
    if request.user.is_authenticated:
        context["dashboard"] = dashboard_for(request.user)
    return render(request, "home.html", context)
