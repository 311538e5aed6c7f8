from django.apps import AppConfig


class BackupsConfig(AppConfig):
    name = "backups"
    verbose_name = "Backups"
