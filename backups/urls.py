"""A league's backup: the commissioner's download and the restore as a new league,
as pages and under /api/v1/."""

from django.urls import path

from backups import api, views

urlpatterns = [
    path("leagues/<int:pk>/backup.json", views.league_backup_download, name="league-backup"),
    path("leagues/restore/", views.league_restore, name="league-restore"),
    path(
        "api/v1/leagues/<int:pk>/backup/", api.LeagueBackupView.as_view(), name="api-league-backup"
    ),
    path("api/v1/leagues/restore/", api.LeagueRestoreView.as_view(), name="api-league-restore"),
]
