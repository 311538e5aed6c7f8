"""/api/v1/matches/... and /api/v1/leaderboards/."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from matches import api

router = SimpleRouter()
router.register("matches", api.MatchViewSet, basename="api-match")

urlpatterns = [
    path("leaderboards/", api.LeaderboardView.as_view(), name="api-leaderboards"),
    *router.urls,
]
