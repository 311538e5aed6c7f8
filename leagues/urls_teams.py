"""A team's re-draft between seasons, or into another edition (leagues/views_redraft.py):
it follows a league's season, so its pages sit in leagues under the team's paths."""

from django.urls import path

from leagues import views_redraft

urlpatterns = [
    path("teams/<int:pk>/redraft/", views_redraft.team_redraft, name="team-redraft"),
    path(
        "teams/<int:pk>/redraft/edition/",
        views_redraft.team_edition_change,
        name="team-edition-change",
    ),
    path(
        "teams/<int:pk>/redraft/preview/",
        views_redraft.team_redraft_preview,
        name="team-redraft-preview",
    ),
]
