"""allauth's login form, its login field named ``username``, without allauth's
password-reset link under the password (the login page has its own).

Before allauth the login page was Django's, posting ``username`` and
``password``. Keeping the name keeps every existing login (pages, tests, password
managers) working, and django-axes reads the username it locks out from the
``username`` of the POST and of the credentials (AXES_USERNAME_FORM_FIELD's
default), so its lockouts need no allauth-specific set-up.
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms


class LoginForm(allauth_forms.LoginForm):
    fields: dict[str, Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields.pop("login")
        self.fields = {"username": username, **self.fields}
        # allauth puts a "Forgot your password?" link under the password; the page has
        # its own, below the form: one link, not two.
        self.fields["password"].help_text = ""

    def clean_username(self) -> str:
        return self.cleaned_data["username"].strip()

    def clean(self) -> dict[str, Any]:
        # allauth's own clean() and login() read the login under its own name.
        if "username" in self.cleaned_data:
            self.cleaned_data["login"] = self.cleaned_data["username"]
        return super().clean()
