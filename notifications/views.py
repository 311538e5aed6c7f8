"""Pages: a league's webhooks (commissioners: list, add, remove, send a test; the
delivery log) and a coach's e-mail preferences."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import attempt
from leagues.models import League
from notifications import emails, webhooks
from notifications.forms import EmailPreferenceForm, WebhookForm
from notifications.models import Webhook


def _league(request: HttpRequest, pk: int) -> League:
    league = get_object_or_404(League, pk=pk)
    if not request.user.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s manages its webhooks.") % {"league": league.name}
        )
    return league


def _page(
    request: HttpRequest, league: League, form: Any = None, status: int = 200
) -> HttpResponse:
    context = {
        "league": league,
        "webhooks": list(webhooks.league_webhooks(league)),
        "deliveries": webhooks.delivery_log(league),
        "form": form or WebhookForm(),
    }
    return render(request, "notifications/webhooks.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def league_webhooks(request: HttpRequest, pk: int) -> HttpResponse:
    """The league's webhooks and their delivery log; POST adds one."""
    league = _league(request, pk)
    if request.method != "POST":
        return _page(request, league)
    form = WebhookForm(request.POST)
    if form.is_valid():
        made = attempt(
            form, lambda: webhooks.create_webhook(request.user, league, **form.cleaned_data)
        )
        if made is not None:
            messages.success(request, _("Webhook added: send a test message to check it."))
            return redirect("league-webhooks", pk=league.pk)
    return _page(request, league, form, status=400)


@login_required
@require_POST
def webhook_delete(request: HttpRequest, pk: int, webhook_id: int) -> HttpResponse:
    league = _league(request, pk)
    try:
        webhooks.delete_webhook(request.user, league, webhook_id)
    except Webhook.DoesNotExist as error:
        raise Http404(_("No such webhook.")) from error
    messages.success(request, _("Webhook removed: nothing more is sent to it."))
    return redirect("league-webhooks", pk=league.pk)


@login_required
@require_POST
def webhook_test(request: HttpRequest, pk: int, webhook_id: int) -> HttpResponse:
    league = _league(request, pk)
    try:
        webhooks.send_test(request.user, league, webhook_id)
    except Webhook.DoesNotExist as error:
        raise Http404(_("No such webhook.")) from error
    messages.success(request, _("Test message queued: its outcome shows in the delivery log."))
    return redirect("league-webhooks", pk=league.pk)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """Which e-mails the coach takes."""
    current = emails.preferences_of(request.user)
    if request.method == "POST":
        form = EmailPreferenceForm(request.POST, instance=current)
        if form.is_valid():
            emails.set_preferences(request.user, **form.cleaned_data)
            messages.success(request, _("E-mail preferences saved."))
            return redirect("notification-preferences")
    else:
        form = EmailPreferenceForm(instance=current)
    context = {"form": form, "has_email": bool(getattr(request.user, "email", ""))}
    return render(request, "notifications/preferences.html", context)
