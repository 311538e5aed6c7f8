from django.urls import path
from rest_framework.routers import SimpleRouter

from teams import api, api_audit, api_interchange, api_players, api_profile, ruleset_api

router = SimpleRouter()
router.register("teams", api.TeamViewSet, basename="api-team")
router.register("players", api_players.PlayerViewSet, basename="api-player")

urlpatterns = [
    path("rulesets/", ruleset_api.RulesetListView.as_view(), name="api-rulesets"),
    path("rulesets/<str:key>/", ruleset_api.RulesetDetailView.as_view(), name="api-ruleset"),
    path(
        "rulesets/<str:key>/rosters/",
        ruleset_api.RosterListView.as_view(),
        name="api-ruleset-rosters",
    ),
    path(
        "rulesets/<str:key>/rosters/<slug:slug>/",
        ruleset_api.RosterDetailView.as_view(),
        name="api-ruleset-roster",
    ),
    path(
        "rulesets/<str:key>/star-players/",
        ruleset_api.StarPlayerListView.as_view(),
        name="api-ruleset-star-players",
    ),
    path(
        "rulesets/<str:key>/skills/", ruleset_api.SkillListView.as_view(), name="api-ruleset-skills"
    ),
    path(
        "rulesets/<str:key>/inducements/",
        ruleset_api.InducementListView.as_view(),
        name="api-ruleset-inducements",
    ),
    path("teams/<int:pk>/ledger/", api_players.TeamLedgerView.as_view(), name="api-team-ledger"),
    path("teams/<int:pk>/audit/", api_audit.TeamAuditView.as_view(), name="api-team-audit"),
    path("teams/<int:pk>/profile/", api_profile.TeamProfileView.as_view(), name="api-team-profile"),
    path(
        "teams/<int:pk>/description/",
        api_profile.TeamDescriptionView.as_view(),
        name="api-team-description",
    ),
    path("teams/<int:pk>/logo/", api_profile.TeamLogoView.as_view(), name="api-team-logo"),
    path("teams/import/", api_interchange.TeamImportView.as_view(), name="api-team-import"),
    path(
        "teams/<int:pk>/export/",
        api_interchange.TeamExportView.as_view(),
        name="api-team-export",
    ),
    *router.urls,
]
