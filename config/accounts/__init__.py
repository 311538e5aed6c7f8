"""Accounts: django-allauth's flows fitted to Dugout (not a Django app: no models).

- ``adapter.AccountAdapter``: sign-up only with a league's invite or open sign-up,
  and the league joined as the account is made;
- ``forms.LoginForm``: allauth's login form with the field named ``username``.
"""
