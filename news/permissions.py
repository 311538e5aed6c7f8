"""Who may write what in the news, as django-rules predicates.

- ``news.post_news``: a commissioner of the league (the object: a league, or a news
  post of it), or a superuser: post, edit and delete the league's news.
- ``news.write_match_report``: the coach of the team (the object: the team whose
  side the report tells). A match report is a coach's own words: the commissioner
  does not write one for him. That the team played the match, and that the match
  is finished, are domain errors (``news.services``).
- ``news.remove_match_report``: the report's side's coach, a commissioner of the
  match's league (who moderates what his league shows), or a superuser (the object:
  the report).
- ``news.view_news``: everyone reads the news and the reports.
"""

from __future__ import annotations

from typing import Any

import rules

from core.types import Actor
from leagues.permissions import is_league_commissioner, is_team_coach

POST_NEWS = "news.post_news"
WRITE_MATCH_REPORT = "news.write_match_report"
REMOVE_MATCH_REPORT = "news.remove_match_report"


@rules.predicate
def writes_for_the_side(user: Actor, report: Any) -> bool:
    return report is not None and bool(is_team_coach(user, report.team))


@rules.predicate
def commissions_the_match(user: Actor, report: Any) -> bool:
    return report is not None and bool(is_league_commissioner(user, report.match.fixture))


# A news post answers to its league's commissioners (``leagues.permissions.league_of``
# reads a post's ``league``).
rules.add_perm(POST_NEWS, is_league_commissioner | rules.is_superuser)
rules.add_perm(WRITE_MATCH_REPORT, is_team_coach)
rules.add_perm(
    REMOVE_MATCH_REPORT, writes_for_the_side | commissions_the_match | rules.is_superuser
)
rules.add_perm("news.view_news", rules.always_allow)
