from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"

    def ready(self) -> None:
        # The django-rules predicates live in permissions.py (not rules.py, so
        # they are not confused with rules_engine); rules' autodiscovery only
        # looks for rules.py, so register them here.
        from leagues import permissions  # noqa: F401
