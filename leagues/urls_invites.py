"""Pages of coaches joining a league (leagues/views_invites.py)."""

from django.urls import path

from leagues import views_invites

urlpatterns = [
    path("leagues/<int:pk>/coaches/", views_invites.league_coaches, name="league-coaches"),
    path(
        "leagues/<int:pk>/coaches/invite/",
        views_invites.league_invite_create,
        name="league-invite-create",
    ),
    path(
        "leagues/<int:pk>/coaches/sign-up/",
        views_invites.league_signup_toggle,
        name="league-signup-toggle",
    ),
    path(
        "leagues/invites/<int:pk>/revoke/",
        views_invites.league_invite_revoke,
        name="league-invite-revoke",
    ),
    path("leagues/<int:pk>/join/", views_invites.league_join, name="league-join"),
    path("invites/<str:token>/", views_invites.invite_accept, name="invite-accept"),
]
