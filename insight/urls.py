"""Records and hall of fame, dice luck, calendar feeds, statistics per race, the star
players hired and the live board: the pages, the iCalendar feeds and their API under
/api/v1/; the NAF tournament report's downloads."""

from django.urls import path

from insight import api, api_stats, views, views_naf, views_stats

urlpatterns = [
    path("records/", views.all_time_records, name="records"),
    path("leagues/<int:pk>/records/", views.league_records, name="league-records"),
    path("dice/", views.site_dice, name="dice-fairness"),
    path("leagues/<int:pk>/dice/", views.league_dice, name="league-dice"),
    path("teams/<int:pk>/dice/", views.team_dice, name="team-dice"),
    path("coaches/<str:username>/dice/", views.coach_dice, name="coach-dice"),
    # League statistics: per race, the star players hired, the live board.
    path("statistics/races/", views_stats.site_race_statistics, name="race-statistics"),
    path(
        "leagues/<int:pk>/statistics/races/",
        views_stats.league_race_statistics,
        name="league-race-statistics",
    ),
    path(
        "leagues/<int:pk>/statistics/stars/",
        views_stats.league_star_usage,
        name="league-star-usage",
    ),
    path("leagues/<int:pk>/live/", views_stats.league_live, name="league-live"),
    path("leagues/<int:pk>/live/board/", views_stats.league_live_board, name="league-live-board"),
    path(
        "api/v1/statistics/races/",
        api_stats.SiteRaceStatisticsView.as_view(),
        name="api-race-statistics",
    ),
    path(
        "api/v1/leagues/<int:pk>/statistics/races/",
        api_stats.LeagueRaceStatisticsView.as_view(),
        name="api-league-race-statistics",
    ),
    path(
        "api/v1/leagues/<int:pk>/statistics/stars/",
        api_stats.LeagueStarUsageView.as_view(),
        name="api-league-star-usage",
    ),
    path(
        "api/v1/leagues/<int:pk>/live/", api_stats.LeagueLiveView.as_view(), name="api-league-live"
    ),
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
