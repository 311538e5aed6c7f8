"""How allauth behaves on Dugout.

Sign-up is not open to everyone: a visitor may make an account while he holds a
valid invite link of a league, or is joining a league whose commissioner allows
sign-up (``leagues.invites``); the account made, he is a coach of that league at
once. Otherwise allauth shows ``account/signup_closed.html``.

Its mails (a password reset, an address to confirm, an unknown address told so) go
through the notifications' outbox (``notifications.outbox``): written as a row, sent
after the commit by a Celery task, retried while the mail server is away, so a
password reset answers as usual when the mail server is down and the mail leaves
when it is back.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib import messages
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues import invites
from leagues.errors import LeagueError
from notifications import outbox

# The mails whose link signs in or proves the address: their bodies are emptied once
# sent, and never shown in the admin.
SECRET_MAILS = ("password_reset_key", "email_confirmation", "email_confirmation_signup")


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        # The wording of Django's own login form, which coaches knew.
        "username_password_mismatch": gettext_lazy(
            "Please enter a correct username and password. Note that both fields may be "
            "case-sensitive."
        ),
    }

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return invites.pending_signup(request) is not None

    def save_user(self, request: HttpRequest, user: Any, form: Any, commit: bool = True) -> Any:
        user = super().save_user(request, user, form, commit=commit)
        if commit:
            try:
                league = invites.redeem_pending(request, user)
            except LeagueError as error:
                # The account stands; only the league's door closed meanwhile.
                messages.error(request, str(error))
            else:
                if league is not None:
                    messages.success(
                        request,
                        _(
                            "Welcome to %(league)s: you are one of its coaches. Draft a team, "
                            "then enter it when a season opens for sign-up."
                        )
                        % {"league": league.name},
                    )
        return user

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        self._queue(template_prefix, email, context, user=None)

    def send_password_reset_mail(self, user: Any, email: str, context: dict[str, Any]) -> None:
        self._queue("account/email/password_reset_key", email, context, user=user)

    def _queue(self, template_prefix: str, email: str, context: dict, *, user: Any) -> None:
        """Render the mail as allauth does, and write it to the outbox."""
        request = allauth_context.request
        rendered = {
            "request": request,
            "email": email,
            "current_site": get_current_site(request),
            **context,
        }
        message = self.render_mail(template_prefix, email, rendered)
        category = template_prefix.rsplit("/", 1)[-1]
        outbox.enqueue_message(
            message, user=user, category=category, secret=category in SECRET_MAILS
        )
