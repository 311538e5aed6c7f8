"""The news: pages (a league's news, a coach's match report) and their API under
/api/v1/."""

from django.urls import path

from news import api, views

urlpatterns = [
    path("leagues/<int:pk>/news/", views.league_news, name="league-news"),
    path("leagues/<int:pk>/news/new/", views.news_create, name="league-news-create"),
    path("news/<int:pk>/", views.news_detail, name="news-detail"),
    path("news/<int:pk>/edit/", views.news_edit, name="news-edit"),
    path("news/<int:pk>/delete/", views.news_delete, name="news-delete"),
    path(
        "matches/<int:pk>/match-reports/<int:team_id>/",
        views.match_report_write,
        name="match-report-write",
    ),
    path(
        "matches/<int:pk>/match-reports/<int:team_id>/remove/",
        views.match_report_remove,
        name="match-report-remove",
    ),
    # The API.
    path("api/v1/leagues/<int:pk>/news/", api.LeagueNewsView.as_view(), name="api-league-news"),
    path("api/v1/news/<int:pk>/", api.NewsView.as_view(), name="api-news"),
    path(
        "api/v1/matches/<int:pk>/match-reports/",
        api.MatchReportsView.as_view(),
        name="api-match-reports",
    ),
    path(
        "api/v1/matches/<int:pk>/match-reports/<int:team_id>/",
        api.MatchReportView.as_view(),
        name="api-match-report",
    ),
]
