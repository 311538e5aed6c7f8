"""A coach's own settings kept by Dugout (``teams.models_coach.CoachProfile``): his
NAF number, which the NAF tournament report numbers him by, and the language of the
interface he chose.

Only the coach sets his own. The NAF number is shown on his own profile page and
written into the NAF report his commissioners download, nowhere else; the language
is the first choice of every page he reads (``core.i18n``).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.i18n import known_language, unknown_language
from core.types import Actor
from teams.errors import TeamError
from teams.models_coach import NAF_NUMBER_MAX, CoachProfile


class NafNumberError(TeamError):
    """A NAF number the site cannot keep: out of range, or another coach's."""

    field = "naf_number"


class LanguageError(TeamError):
    """A language code that is not one of the site's languages."""

    field = "language"


def preferred_language(user: Actor) -> str | None:
    """The language the coach chose on his profile, None when he chose none (or for
    the anonymous visitor); one query."""
    if not isinstance(user, User):
        return None
    language = (
        CoachProfile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )
    return known_language(language)


def set_language_of(actor: Actor, language: str | None) -> CoachProfile:
    """Keep ``language`` (a code of ``settings.LANGUAGES``; empty or None forgets the
    choice: his browser's language applies again) on the acting coach's profile. An
    unknown code is refused and leaves the profile as it was."""
    if not isinstance(actor, User) or not actor.is_active:
        raise PermissionDenied(_("Sign in to choose your language."))
    code = "" if language is None or not str(language).strip() else known_language(language)
    if code is None:
        raise LanguageError(unknown_language(language))
    with transaction.atomic():
        profile, _created = CoachProfile.objects.select_for_update().get_or_create(user_id=actor.pk)
        if profile.language != code:
            profile.language = code
            profile.save(update_fields=["language", "updated_at"])
    return profile


def naf_number_of(user: Actor) -> int | None:
    """The user's NAF number, None if he gave none (one query)."""
    if not isinstance(user, User):
        return None
    return CoachProfile.objects.filter(user_id=user.pk).values_list("naf_number", flat=True).first()


def set_naf_number(actor: Actor, number: int | None) -> CoachProfile:
    """Set (or, with None, clear) the acting coach's NAF number. A number another
    account already gave is refused: a NAF number belongs to one member."""
    if not isinstance(actor, User) or not actor.is_active:
        raise PermissionDenied(_("Sign in to set your NAF number."))
    user = actor
    if number is not None and not 1 <= number <= NAF_NUMBER_MAX:
        raise NafNumberError(
            _("A NAF number is a whole number from 1 to %(max)s.")
            % {"max": number_format(NAF_NUMBER_MAX, force_grouping=True)}
        )
    taken = CoachProfile.objects.filter(naf_number=number).exclude(user_id=user.pk)
    if number is not None and taken.exists():
        raise NafNumberError(
            _(
                "NAF number %(number)s is already on another coach's profile; "
                "check the number on your NAF membership."
            )
            % {"number": number}
        )
    try:
        with transaction.atomic():
            profile, _created = CoachProfile.objects.select_for_update().get_or_create(
                user_id=user.pk
            )
            profile.naf_number = number
            profile.save(update_fields=["naf_number", "updated_at"])
    except IntegrityError:  # another account took the number between the check and now
        raise NafNumberError(
            _("NAF number %(number)s is already on another coach's profile.") % {"number": number}
        ) from None
    return profile
