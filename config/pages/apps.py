from django.apps import AppConfig


class PagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "config.pages"
    label = "pages"
    verbose_name = "Page stamps"

    def ready(self) -> None:
        # Every database connection of every process (web, worker, shell) tracks its
        # writes: the stamps can only be trusted if no write escapes them.
        from django.core import signals
        from django.db.backends.signals import connection_created

        from config.pages import stamps

        connection_created.connect(stamps.install, dispatch_uid="config.pages.stamps.install")
        # A request reads the stamp rows once while it writes nothing (stamps._rows).
        signals.request_started.connect(stamps.request_started, dispatch_uid="stamps.started")
        signals.request_finished.connect(stamps.request_finished, dispatch_uid="stamps.finished")
