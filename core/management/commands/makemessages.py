"""Django's ``makemessages``, also collecting the rules engine's sentences.

The engine (pure Python, no Django) writes what it shows a coach with
``say("...")`` and ``say_plural("...", "...", n)`` (``rules_engine.wording``);
xgettext learns those keywords here. Run it as ``make messages``.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=say",
        "--keyword=say_plural:1,2",
    ]
