"""Records and hall of fame, dice luck and calendar feeds: the pages, the iCalendar
feeds and their API under /api/v1/; the NAF tournament report's downloads."""

from django.urls import path

from insight import api, views, views_naf

urlpatterns = [
    path("records/", views.all_time_records, name="records"),
    path("leagues/<int:pk>/records/", views.league_records, name="league-records"),
    path("dice/", views.site_dice, name="dice-fairness"),
    path("leagues/<int:pk>/dice/", views.league_dice, name="league-dice"),
    path("teams/<int:pk>/dice/", views.team_dice, name="team-dice"),
    path("coaches/<str:username>/dice/", views.coach_dice, name="coach-dice"),
    path("leagues/<int:pk>/calendar.ics", views.league_calendar, name="league-calendar"),
    path("teams/<int:pk>/calendar.ics", views.team_calendar, name="team-calendar"),
    path("coaches/<str:username>/calendar.ics", views.coach_calendar, name="coach-calendar"),
    # The NAF tournament report: commissioners' downloads.
    path(
        "leagues/seasons/<int:pk>/naf-report.xml",
        views_naf.season_naf_report,
        name="season-naf-report",
    ),
    path("leagues/<int:pk>/naf-report.xml", views_naf.league_naf_report, name="league-naf-report"),
    path(
        "api/v1/seasons/<int:pk>/naf-report.xml",
        views_naf.SeasonNafReportView.as_view(),
        name="api-season-naf-report",
    ),
    path(
        "api/v1/leagues/<int:pk>/naf-report.xml",
        views_naf.LeagueNafReportView.as_view(),
        name="api-league-naf-report",
    ),
    path("api/v1/records/", api.AllTimeRecordsView.as_view(), name="api-records"),
    path(
        "api/v1/leagues/<int:pk>/records/",
        api.LeagueRecordsView.as_view(),
        name="api-league-records",
    ),
    path("api/v1/dice/", api.SiteDiceView.as_view(), name="api-dice-fairness"),
    path("api/v1/leagues/<int:pk>/dice/", api.LeagueDiceView.as_view(), name="api-league-dice"),
    path("api/v1/teams/<int:pk>/dice/", api.TeamDiceView.as_view(), name="api-team-dice"),
    path(
        "api/v1/coaches/<str:username>/dice/",
        api.CoachDiceView.as_view(),
        name="api-coach-dice",
    ),
]
