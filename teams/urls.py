from django.urls import path

from teams import (
    ruleset_views,
    views,
    views_audit,
    views_interchange,
    views_profile,
    views_transfer,
)

urlpatterns = [
    path("rulesets/", ruleset_views.ruleset_list, name="ruleset-list"),
    path("rulesets/<str:key>/", ruleset_views.roster_list, name="roster-list"),
    path(
        "rulesets/<str:key>/rosters/<slug:slug>/", ruleset_views.roster_detail, name="roster-detail"
    ),
    path("teams/", views.team_list, name="team-list"),
    path("teams/mine/", views.my_teams, name="team-mine"),
    path("teams/draft/", views.draft_start, name="team-draft-start"),
    path("teams/draft/<str:key>/<slug:slug>/", views.draft_team, name="team-draft"),
    path(
        "teams/draft/<str:key>/<slug:slug>/preview/",
        views.draft_preview,
        name="team-draft-preview",
    ),
    path("teams/import/", views_interchange.team_import, name="team-import"),
    path("teams/<int:pk>/", views.team_detail, name="team-detail"),
    path("teams/<int:pk>/export.json", views_interchange.team_export, name="team-export"),
    path("teams/<int:pk>/print/", views.team_print, name="team-print"),
    path("teams/<int:pk>/sheet.pdf", views.team_pdf, name="team-pdf"),
    path("teams/<int:pk>/ledger/", views.team_ledger, name="team-ledger"),
    path("teams/<int:pk>/history/", views_audit.team_history, name="team-history"),
    path(
        "teams/<int:pk>/undo-purchase/",
        views_audit.undo_purchase_view,
        name="team-undo-purchase",
    ),
    path("teams/<int:pk>/hire/", views.team_hire_player, name="team-hire-player"),
    path("teams/<int:pk>/rerolls/", views.team_buy_reroll, name="team-buy-reroll"),
    path("teams/<int:pk>/staff/", views.team_staff, name="team-staff"),
    path(
        "teams/<int:pk>/special-rule-choice/",
        views.team_special_rule_choice,
        name="team-special-rule-choice",
    ),
    path("teams/<int:pk>/transfer/", views_transfer.team_transfer, name="team-transfer"),
    path("teams/<int:pk>/profile/", views_profile.team_profile, name="team-profile"),
    path("teams/<int:pk>/logo/", views_profile.team_logo, name="team-logo"),
]
