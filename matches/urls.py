"""Match pages under /matches/, built on ``matches.services`` and ``matches.selectors``."""

from django.urls import path

from matches import (
    confirm_views,
    correction_views,
    event_views,
    leaderboard_views,
    live_views,
    postgame_views,
    pregame_views,
    views,
)

urlpatterns = [
    path("", views.match_list, name="match-list"),
    path("next/", views.next_match, name="match-next"),
    path("leaderboards/", leaderboard_views.leaderboards, name="leaderboards"),
    path(
        "leaderboards/season/<int:season_id>/",
        leaderboard_views.leaderboards,
        name="leaderboards-season",
    ),
    path("fixture/<int:fixture_id>/", views.open_for_fixture, name="match-open"),
    path("<int:pk>/", views.match_detail, name="match-detail"),
    path("<int:pk>/start-pre-game/", pregame_views.start_pre_game, name="match-start-pre-game"),
    path(
        "<int:pk>/pre-game/<str:side>/<slug:kind>/",
        pregame_views.pre_game_choice,
        name="match-pre-game-choice",
    ),
    path(
        "<int:pk>/team-captain/<str:side>/",
        pregame_views.name_team_captain,
        name="match-team-captain",
    ),
    path("<int:pk>/start/", pregame_views.start_match, name="match-start"),
    path("<int:pk>/picker/", event_views.event_picker, name="match-event-picker"),
    path("<int:pk>/events/", event_views.add_event, name="match-add-event"),
    path(
        "<int:pk>/events/<int:event_id>/remove/",
        event_views.remove_event,
        name="match-remove-event",
    ),
    path("<int:pk>/report/", event_views.submit_report, name="match-report"),
    path("<int:pk>/report/draft/", confirm_views.save_report_draft, name="match-report-draft"),
    path("<int:pk>/confirm/", confirm_views.confirm_report, name="match-confirm"),
    path("<int:pk>/dispute/", confirm_views.dispute_report, name="match-dispute"),
    path("<int:pk>/send-back/", confirm_views.send_back_report, name="match-send-back"),
    path("<int:pk>/settle/", confirm_views.settle_dispute, name="match-settle"),
    path("<int:pk>/sync/", live_views.live_sync, name="match-sync"),
    path(
        "<int:pk>/post-game/<str:side>/",
        postgame_views.post_game_choices,
        name="match-post-game-choices",
    ),
    path("<int:pk>/end-post-game/", postgame_views.end_post_game, name="match-end-post-game"),
    path(
        "<int:pk>/shortfalls/<int:shortfall_id>/",
        postgame_views.settle_shortfall,
        name="match-settle-shortfall",
    ),
    path("<int:pk>/close/", postgame_views.close_match, name="match-close"),
    path("<int:pk>/correct/", correction_views.correct_report, name="match-correct"),
]
