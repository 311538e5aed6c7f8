"""Login lockout (django-axes) counted three ways, each with its own limit.

Counting only one username from one address let an attacker try a password on many
usernames from one address, or one username from many addresses, and never be
locked. Failures within the cool-off are counted:

- for one username from one address: 5 lock that pair (a coach mistyping);
- from one address, whatever the usernames: 20 lock the address (one machine
  guessing across accounts, while a club sharing one address keeps some room);
- for one username, whatever the addresses: 20 lock the username (a guess spread
  over many addresses; higher than the pair's so a stranger cannot lock a coach
  out with a handful of tries).

axes compares the worst count with one failure limit, so ``LockoutHandler`` picks
the set of failures closest to its own limit and ``failure_limit`` answers that set's
limit (the lockout page then says how many failures it took). A successful login
clears only that username's failures from that address: logging into one's own
account does not wipe the count of other usernames tried from the address.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_lockout_parameters
from django.http import HttpRequest

# (lockout parameters, failures that lock them); settings.AXES_LOCKOUT_PARAMETERS
# lists the same parameters in the same order.
LOCKOUT_LIMITS: tuple[tuple[tuple[str, ...], int], ...] = (
    (("username", "ip_address"), 5),
    (("ip_address",), 20),
    (("username",), 20),
)
_LIMIT_ATTRIBUTE = "dugout_failure_limit"


def _limit_of(parameters: Any) -> int:
    key = (parameters,) if isinstance(parameters, str) else tuple(parameters)
    return dict(LOCKOUT_LIMITS).get(key, LOCKOUT_LIMITS[0][1])


class LockoutHandler(AxesDatabaseHandler):
    """axes' database handler, with a failure limit per lockout parameter set."""

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """The failures of the set nearest its limit; that limit is kept on the request
        for ``failure_limit``."""
        counts = [
            attempts.values_list("failures_since_start", flat=True)
            for attempts in self.get_user_attempts(request, credentials)
        ]
        parameters = get_lockout_parameters(request, credentials)
        worst, worst_limit = 0, _limit_of(parameters[0])
        for params, failures in zip(parameters, counts, strict=True):
            total, limit = sum(failures), _limit_of(params)
            if total * worst_limit > worst * limit:  # total / limit > worst / worst_limit
                worst, worst_limit = total, limit
        setattr(request, _LIMIT_ATTRIBUTE, worst_limit)
        return worst

    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """After a successful login: that username's failures from that address only."""
        from axes.models import AccessAttempt

        count, _ = AccessAttempt.objects.filter(
            username=get_client_username(request, credentials),
            ip_address=request.axes_ip_address,  # type: ignore[attr-defined]
        ).delete()
        return count


def failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """settings.AXES_FAILURE_LIMIT: the limit of the set ``get_failures`` just counted
    (axes counts first, then asks the limit); the pair's before anything is counted."""
    return getattr(request, _LIMIT_ATTRIBUTE, LOCKOUT_LIMITS[0][1])
