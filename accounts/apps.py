from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # A coach's profile language goes into his session when he logs in (a
        # user_logged_in receiver).
        from accounts import language  # noqa: F401
