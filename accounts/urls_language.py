"""The language switch (``accounts.language.switch_language``), at the address and
under the name of Django's ``django.conf.urls.i18n``."""

from django.urls import path

from accounts.language import switch_language

urlpatterns = [path("setlang/", switch_language, name="set_language")]
