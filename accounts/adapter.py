"""How allauth behaves on Dugout.

Sign-up is not open to everyone: a visitor may make an account while he holds a
valid invite link of a league, or is joining a league whose commissioner allows
sign-up (``leagues.invites``); the account made, he is a coach of that league at
once. Otherwise allauth shows ``account/signup_closed.html``.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib import messages
from django.http import HttpRequest

from leagues import invites
from leagues.errors import LeagueError


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        # The wording of Django's own login form, which coaches knew.
        "username_password_mismatch": (
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
                        f"Welcome to {league.name}: you are one of its coaches. Draft a team, "
                        "then enter it when a season opens for sign-up.",
                    )
        return user
