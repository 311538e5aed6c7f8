"""/api/v1/matches/... and /api/v1/leaderboards/."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from matches import api, api_confirm

router = SimpleRouter()
router.register("matches", api.MatchViewSet, basename="api-match")

urlpatterns = [
    path("leaderboards/", api.LeaderboardView.as_view(), name="api-leaderboards"),
    # A report's confirmation, settlement and draft (matches/api_confirm.py).
    path(
        "matches/<int:pk>/confirmation/",
        api_confirm.ConfirmationView.as_view(),
        name="api-match-confirmation",
    ),
    path("matches/<int:pk>/confirm/", api_confirm.ConfirmView.as_view(), name="api-match-confirm"),
    path("matches/<int:pk>/dispute/", api_confirm.DisputeView.as_view(), name="api-match-dispute"),
    path(
        "matches/<int:pk>/send-back/",
        api_confirm.SendBackView.as_view(),
        name="api-match-send-back",
    ),
    path("matches/<int:pk>/settle/", api_confirm.SettleView.as_view(), name="api-match-settle"),
    path(
        "matches/<int:pk>/report-draft/",
        api_confirm.ReportDraftView.as_view(),
        name="api-match-report-draft",
    ),
    *router.urls,
]
