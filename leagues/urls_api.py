"""/api/v1/leagues/...: leagues, seasons, divisions, fixtures, standings, brackets."""

from django.urls import path
from rest_framework.routers import DefaultRouter, SimpleRouter

from leagues import api, api_invites, api_kickoff, api_redraft
from leagues.api_audit import LeagueAuditView
from leagues.api_house_rules import LeagueHouseRulesView

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("leagues/seasons", api.SeasonViewSet, basename="api-season")
router.register("leagues/divisions", api.DivisionViewSet, basename="api-division")
router.register("leagues/fixtures", api.FixtureViewSet, basename="api-fixture")
router.register("leagues/invites", api_invites.InviteViewSet, basename="api-invite")
router.register(
    "leagues/kickoff-slots", api_kickoff.KickoffSlotViewSet, basename="api-kickoff-slot"
)
router.register("leagues", api.LeagueViewSet, basename="api-league")
# A team's re-draft between seasons: under the teams API's paths and names.
team_router = SimpleRouter()
team_router.register("teams", api_redraft.TeamRedraftViewSet, basename="api-team")

urlpatterns = [
    path("leagues/<int:pk>/audit/", LeagueAuditView.as_view(), name="api-league-audit"),
    path(
        "leagues/<int:pk>/house-rules/",
        LeagueHouseRulesView.as_view(),
        name="api-league-house-rules",
    ),
    path(
        "leagues/<int:pk>/language/",
        api.LeagueLanguageView.as_view(),
        name="api-league-language",
    ),
    path(
        "leagues/<int:pk>/time-zone/",
        api_kickoff.LeagueTimeZoneView.as_view(),
        name="api-league-time-zone",
    ),
    path(
        "leagues/fixtures/<int:pk>/kickoff-slots/",
        api_kickoff.FixtureKickoffSlotsView.as_view(),
        name="api-fixture-kickoff-slots",
    ),
    path(
        "leagues/fixtures/<int:pk>/kickoff/",
        api_kickoff.FixtureKickoffView.as_view(),
        name="api-fixture-kickoff",
    ),
    *router.urls,
    *team_router.urls,
]
