"""Accounts: django-allauth's flows fitted to Dugout, the login lockout and the coach's
profile (no models of its own).

- ``adapter.AccountAdapter``: sign-up only with a league's invite or open sign-up,
  and the league joined as the account is made;
- ``forms.LoginForm``: allauth's login form with the field named ``username``;
- ``lockout``: django-axes counting failures three ways, each with its own limit;
- ``views`` and ``api``: a coach's profile page and his NAF number.
"""
