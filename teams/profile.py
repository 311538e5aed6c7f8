"""A coach's own settings kept by Dugout: his NAF number, which the NAF
tournament report numbers him by (``teams.models_coach.CoachProfile``).

Only the coach sets his own; it is shown on his own profile page and written into the
NAF report his commissioners download, nowhere else.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from core.types import Actor
from teams.errors import TeamError
from teams.models_coach import NAF_NUMBER_MAX, CoachProfile


class NafNumberError(TeamError):
    """A NAF number the site cannot keep: out of range, or another coach's."""

    field = "naf_number"


def naf_number_of(user: Actor) -> int | None:
    """The user's NAF number, None if he gave none (one query)."""
    if not isinstance(user, User):
        return None
    return CoachProfile.objects.filter(user_id=user.pk).values_list("naf_number", flat=True).first()


def set_naf_number(actor: Actor, number: int | None) -> CoachProfile:
    """Set (or, with None, clear) the acting coach's NAF number. A number another
    account already gave is refused: a NAF number belongs to one member."""
    if not isinstance(actor, User) or not actor.is_active:
        raise PermissionDenied("Sign in to set your NAF number.")
    user = actor
    if number is not None and not 1 <= number <= NAF_NUMBER_MAX:
        raise NafNumberError(f"A NAF number is a whole number from 1 to {NAF_NUMBER_MAX:,}.")
    taken = CoachProfile.objects.filter(naf_number=number).exclude(user_id=user.pk)
    if number is not None and taken.exists():
        raise NafNumberError(
            f"NAF number {number} is already on another coach's profile; "
            "check the number on your NAF membership."
        )
    try:
        with transaction.atomic():
            profile, _ = CoachProfile.objects.select_for_update().get_or_create(user_id=user.pk)
            profile.naf_number = number
            profile.save(update_fields=["naf_number", "updated_at"])
    except IntegrityError:  # another account took the number between the check and now
        raise NafNumberError(
            f"NAF number {number} is already on another coach's profile."
        ) from None
    return profile
