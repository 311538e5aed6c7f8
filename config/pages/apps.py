from django.apps import AppConfig


class PagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "config.pages"
    label = "pages"
    verbose_name = "Page stamps"

    def ready(self) -> None:
        # Every database connection of every process (web, worker, shell) tracks its
        # writes: the stamps can only be trusted if no write escapes them.
        from django.db.backends.signals import connection_created

        from config.pages.stamps import install

        connection_created.connect(install, dispatch_uid="config.pages.stamps.install")
