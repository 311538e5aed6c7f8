from django.urls import path

from teams import ruleset_api

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
]
