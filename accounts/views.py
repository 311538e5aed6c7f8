"""A coach's profile page: his teams, the leagues he plays in or runs, and his
ratings there (one per league); on his own page, his NAF number (a form:
POST to /accounts/profile/), the language of his pages (a form posting to the
language switch, ``accounts.language``) and the links to change his password and
e-mail address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from core.errors import attempt
from leagues.insight.ratings_read import coach_ratings
from leagues.models import League
from teams import selectors
from teams.models_coach import NAF_NUMBER_MAX
from teams.profile import naf_number_of, preferred_language, set_naf_number
from teams.selectors import teams_for_coach


class NafNumberForm(forms.Form):
    naf_number = forms.IntegerField(
        label=gettext_lazy("NAF number"),
        required=False,
        min_value=1,
        max_value=NAF_NUMBER_MAX,
        help_text=gettext_lazy(
            "Your NAF membership number: your commissioners' NAF tournament "
            "reports number you by it. Shown only to you. Leave empty to remove it."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class LanguageForm(forms.Form):
    """The language of the coach's pages; it posts to the language switch
    (``accounts.language.switch_language``), which keeps it on his profile."""

    language = forms.ChoiceField(
        label=gettext_lazy("Language of your pages"),
        required=False,
        choices=[("", gettext_lazy("Your browser's language")), *settings.LANGUAGES],
        help_text=gettext_lazy(
            "The language of Dugout's pages for you, wherever you sign in. Your "
            "browser's language: the first of its languages Dugout has, else English."
        ),
    )


@dataclass(frozen=True)
class LeagueRole:
    """A league on a coach's profile, and what he is there."""

    league: Any
    roles: tuple[str, ...]  # "commissioner", "coach": codes

    @property
    def roles_text(self) -> str:
        """What he is in the league, in words."""
        if set(self.roles) == {"commissioner", "coach"}:
            return _("commissioner and coach")
        return _("commissioner") if "commissioner" in self.roles else _("coach")


def leagues_of(user: Any) -> list[LeagueRole]:
    """The leagues the user commissions, coaches in, or has a team entered in."""
    commissioned = set(user.commissioned_leagues.values_list("pk", flat=True))
    coached = set(user.coached_leagues.values_list("pk", flat=True))
    entered = set(
        League.objects.filter(seasons__entries__team__coach=user).values_list("pk", flat=True)
    )
    leagues = League.objects.filter(pk__in=commissioned | coached | entered).order_by("name")
    out = []
    for league in leagues:
        roles = []
        if league.pk in commissioned:
            roles.append("commissioner")
        if league.pk in coached or league.pk in entered:
            roles.append("coach")
        out.append(LeagueRole(league=league, roles=tuple(roles)))
    return out


def _profile_context(request: HttpRequest, coach: Any, form: NafNumberForm | None) -> dict:
    is_me = request.user.is_authenticated and request.user.pk == coach.pk
    if is_me and form is None:
        form = NafNumberForm(initial={"naf_number": naf_number_of(coach)})
    return {
        "language_form": LanguageForm(initial={"language": preferred_language(coach) or ""})
        if is_me
        else None,
        "coach": coach,
        "teams": selectors.with_values(teams_for_coach(coach).select_related("coach")),
        "leagues": leagues_of(coach),
        "ratings": coach_ratings(coach.pk),
        "is_me": is_me,
        "naf_form": form if is_me else None,
    }


def coach_profile(request: HttpRequest, username: str) -> HttpResponse:
    coach = get_object_or_404(get_user_model(), username=username, is_active=True)
    return render(request, "teams/coach_profile.html", _profile_context(request, coach, None))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def my_profile(request: HttpRequest) -> HttpResponse:
    """GET: the signed-in coach's profile page. POST: his NAF number, from its form."""
    if request.method != "POST":
        return redirect("coach-profile", username=request.user.get_username())
    form = NafNumberForm(request.POST)
    if form.is_valid():
        number = form.cleaned_data["naf_number"]
        if attempt(form, lambda: set_naf_number(request.user, number)) is not None:
            messages.success(
                request,
                _("NAF number %(number)s saved.") % {"number": number}
                if number
                else _("NAF number removed."),
            )
            return redirect("coach-profile", username=request.user.get_username())
    context = _profile_context(request, request.user, form)
    return render(request, "teams/coach_profile.html", context)
