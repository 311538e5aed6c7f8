"""Records and hall of fame, dice luck, ratings and play-off odds, and calendar feeds
: the pages, the iCalendar feeds, and their API under /api/v1/
(leagues/insight; all reads but the POST that starts the play-off odds); the NAF
tournament report's downloads (leagues/interchange)."""

from django.urls import path

from leagues.insight import api, api_ratings, views, views_ratings
from leagues.interchange import views as naf_views

urlpatterns = [
    path("records/", views.all_time_records, name="records"),
    path("leagues/<int:pk>/records/", views.league_records, name="league-records"),
    path("dice/", views.site_dice, name="dice-fairness"),
    path("leagues/<int:pk>/dice/", views.league_dice, name="league-dice"),
    path("leagues/<int:pk>/ratings/", views_ratings.ratings, name="league-ratings"),
    path("leagues/<int:pk>/odds/", views_ratings.odds, name="league-odds"),
    path(
        "leagues/<int:pk>/odds/progress/", views_ratings.odds_progress, name="league-odds-progress"
    ),
    path("teams/<int:pk>/dice/", views.team_dice, name="team-dice"),
    path("teams/<int:pk>/rating/", views_ratings.team_rating, name="team-rating"),
    path("coaches/<str:username>/dice/", views.coach_dice, name="coach-dice"),
    path("leagues/<int:pk>/calendar.ics", views.league_calendar, name="league-calendar"),
    path("teams/<int:pk>/calendar.ics", views.team_calendar, name="team-calendar"),
    path("coaches/<str:username>/calendar.ics", views.coach_calendar, name="coach-calendar"),
    # The NAF tournament report (leagues/interchange): commissioners' downloads.
    path(
        "leagues/seasons/<int:pk>/naf-report.xml",
        naf_views.season_naf_report,
        name="season-naf-report",
    ),
    path("leagues/<int:pk>/naf-report.xml", naf_views.league_naf_report, name="league-naf-report"),
    path(
        "api/v1/seasons/<int:pk>/naf-report.xml",
        naf_views.SeasonNafReportView.as_view(),
        name="api-season-naf-report",
    ),
    path(
        "api/v1/leagues/<int:pk>/naf-report.xml",
        naf_views.LeagueNafReportView.as_view(),
        name="api-league-naf-report",
    ),
    # The API: the same reads as JSON.
    path("api/v1/records/", api.AllTimeRecordsView.as_view(), name="api-records"),
    path(
        "api/v1/leagues/<int:pk>/records/",
        api.LeagueRecordsView.as_view(),
        name="api-league-records",
    ),
    path("api/v1/dice/", api.SiteDiceView.as_view(), name="api-dice-fairness"),
    path(
        "api/v1/leagues/<int:pk>/ratings/",
        api_ratings.LeagueRatingsView.as_view(),
        name="api-league-ratings",
    ),
    path(
        "api/v1/leagues/<int:pk>/odds/",
        api_ratings.LeagueOddsView.as_view(),
        name="api-league-odds",
    ),
    path("api/v1/leagues/<int:pk>/dice/", api.LeagueDiceView.as_view(), name="api-league-dice"),
    path("api/v1/teams/<int:pk>/dice/", api.TeamDiceView.as_view(), name="api-team-dice"),
    path(
        "api/v1/coaches/<str:username>/dice/",
        api.CoachDiceView.as_view(),
        name="api-coach-dice",
    ),
]
