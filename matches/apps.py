from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        # The django-rules predicates live in permissions.py (not rules.py, so they are
        # not confused with rules_engine); rules' autodiscovery only looks for rules.py.
        # The post-game task, registered by name for ``matches.services.queue``.
        from matches import (
            permissions,  # noqa: F401
            tasks,  # noqa: F401
        )
