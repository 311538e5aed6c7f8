"""League pages under /leagues/."""

from django.urls import path

from leagues import views, views_audit, views_house_rules, views_kickoff

urlpatterns = [
    path("", views.league_list, name="league-list"),
    path("new/", views.league_create, name="league-create"),
    path("<int:pk>/", views.league_home, name="league-home"),
    path("<int:pk>/open-season/", views.open_season, name="season-open"),
    path("<int:pk>/history/", views_audit.league_history, name="league-history"),
    path("<int:pk>/house-rules/", views_house_rules.league_house_rules, name="league-house-rules"),
    path(
        "<int:pk>/house-rules/edit/",
        views_house_rules.league_house_rules_edit,
        name="league-house-rules-edit",
    ),
    path("<int:pk>/time-zone/", views_kickoff.league_time_zone, name="league-time-zone"),
    path("<int:pk>/language/", views.league_language, name="league-language"),
    path("seasons/<int:pk>/fixtures/", views.season_fixtures, name="season-fixtures"),
    path("seasons/<int:pk>/standings/", views.season_standings, name="season-standings"),
    path("seasons/<int:pk>/race/", views.season_race, name="season-race"),
    path("seasons/<int:pk>/bracket/", views.season_bracket, name="season-bracket"),
    path("seasons/<int:pk>/enter/", views.season_enter, name="season-enter"),
    path("seasons/<int:pk>/manage/", views.season_manage_page, name="season-manage"),
    path(
        "seasons/<int:pk>/manage/<slug:action>/",
        views.season_manage_post,
        name="season-manage-action",
    ),
    path("fixtures/<int:pk>/", views.fixture_page, name="fixture-detail"),
    path(
        "fixtures/<int:pk>/kickoff/propose/",
        views_kickoff.kickoff_propose,
        name="fixture-kickoff-propose",
    ),
    path("fixtures/<int:pk>/kickoff/set/", views_kickoff.kickoff_set, name="fixture-kickoff-set"),
    path(
        "kickoff-slots/<int:pk>/<slug:action>/",
        views_kickoff.kickoff_slot_action,
        name="kickoff-slot-action",
    ),
    path(
        "fixtures/<int:pk>/settle/<slug:action>/",
        views.fixture_settle,
        name="fixture-settle",
    ),
    path("fixtures/<int:pk>/<slug:action>/", views.fixture_action_post, name="fixture-action"),
]
