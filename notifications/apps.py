from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    label = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The receivers connect themselves to the other apps' model saves; the tasks
        # register their names in every process (web and worker).
        from notifications import receivers, tasks  # noqa: F401
