from django.apps import AppConfig


class NewsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "news"
    label = "news"
    verbose_name = "News and match reports"

    def ready(self) -> None:
        # The django-rules predicates live in permissions.py (not rules.py, so they are
        # not confused with rules_engine); rules' autodiscovery only looks for rules.py.
        from news import permissions  # noqa: F401
