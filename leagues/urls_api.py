"""/api/v1/leagues/...: leagues, seasons, divisions, fixtures, standings, brackets."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from leagues import api, api_invites
from teams.api_audit import LeagueAuditView

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("leagues/seasons", api.SeasonViewSet, basename="api-season")
router.register("leagues/divisions", api.DivisionViewSet, basename="api-division")
router.register("leagues/fixtures", api.FixtureViewSet, basename="api-fixture")
router.register("leagues/invites", api_invites.InviteViewSet, basename="api-invite")
router.register("leagues", api.LeagueViewSet, basename="api-league")

urlpatterns = [
    path("leagues/<int:pk>/audit/", LeagueAuditView.as_view(), name="api-league-audit"),
    *router.urls,
]
