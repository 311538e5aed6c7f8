from django.apps import AppConfig

from core.wording import translate_template
from rules_engine.wording import install_translator


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The engine cannot import Django: its sentences read through the catalogues
        # once the site installs the translator.
        install_translator(translate_template)
