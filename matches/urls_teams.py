"""A team's matches (matches/views_history.py) and a player's pages: his sheet and
career, and the coach's actions on him (matches/views_players.py). They read the
matches a team played, so they sit in matches rather than in teams."""

from django.urls import path

from matches import views_history, views_players

urlpatterns = [
    path("teams/<int:pk>/matches/", views_history.team_matches, name="team-matches"),
    path("players/<int:pk>/", views_players.player_detail, name="player-detail"),
    path("players/<int:pk>/rename/", views_players.player_rename, name="player-rename"),
    path("players/<int:pk>/fire/", views_players.player_fire, name="player-fire"),
    path(
        "players/<int:pk>/hire-permanently/",
        views_players.player_hire_permanently,
        name="player-hire-permanently",
    ),
    path("players/<int:pk>/retire/", views_players.player_retire, name="player-retire"),
    path("players/<int:pk>/advance/", views_players.player_advance, name="player-advance"),
]
