"""Types the apps share."""

from django.contrib.auth.models import AnonymousUser, User

# Who asks for an action: a signed-in user or the anonymous visitor (``request.user``).
Actor = User | AnonymousUser
