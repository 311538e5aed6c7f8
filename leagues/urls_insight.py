"""A league's ratings and play-off odds: the pages and their API under /api/v1/ (all
reads but the POST that starts the odds; leagues/insight)."""

from django.urls import path

from leagues.insight import api_ratings, views_ratings

urlpatterns = [
    path("leagues/<int:pk>/ratings/", views_ratings.ratings, name="league-ratings"),
    path("leagues/<int:pk>/odds/", views_ratings.odds, name="league-odds"),
    path(
        "leagues/<int:pk>/odds/progress/", views_ratings.odds_progress, name="league-odds-progress"
    ),
    path("teams/<int:pk>/rating/", views_ratings.team_rating, name="team-rating"),
    path(
        "api/v1/leagues/<int:pk>/ratings/",
        api_ratings.LeagueRatingsView.as_view(),
        name="api-league-ratings",
    ),
    path(
        "api/v1/leagues/<int:pk>/odds/",
        api_ratings.LeagueOddsView.as_view(),
        name="api-league-odds",
    ),
]
