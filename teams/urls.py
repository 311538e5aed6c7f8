from django.urls import path

from teams import ruleset_views

urlpatterns = [
    path("rulesets/", ruleset_views.ruleset_list, name="ruleset-list"),
    path("rulesets/<str:key>/", ruleset_views.roster_list, name="roster-list"),
    path(
        "rulesets/<str:key>/rosters/<slug:slug>/", ruleset_views.roster_detail, name="roster-detail"
    ),
]
