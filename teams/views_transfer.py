"""The page where a commissioner hands a team to another coach
(``teams.services.transfer_team``); the team sheet shows him its form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import attempt
from teams import services
from teams.models import Team
from teams.serializers import TransferInputSerializer


class TransferForm(forms.Form):
    coach = forms.CharField(
        label=gettext_lazy("New coach's username"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )

    def clean_coach(self) -> Any:
        # The API's lookup, so a page and the API find (and refuse) the same coach.
        serializer = TransferInputSerializer(data={"coach": self.cleaned_data["coach"].strip()})
        if not serializer.is_valid():
            raise forms.ValidationError(serializer.errors["coach"])
        return serializer.validated_data["coach"]


@login_required
def team_transfer(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    if not request.user.has_perm(services.TRANSFER_TEAM, team):
        raise PermissionDenied(
            _("Only a commissioner of a league %(team)s plays in may hand it to another coach.")
            % {"team": team.name}
        )
    form = TransferForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            new_coach = form.cleaned_data["coach"]
            if attempt(form, lambda: services.transfer_team(request.user, team, new_coach)):
                messages.success(
                    request,
                    _("%(team)s is now coached by %(coach)s.")
                    % {"team": team.name, "coach": new_coach.get_username()},
                )
                return redirect("team-detail", pk=team.pk)
    return render(request, "teams/team_transfer.html", {"team": team, "form": form}, status=status)
