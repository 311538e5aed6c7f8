"""A backup's house rules, kick-off times, news, match reports, team descriptions and
logos held against what the site's own services allow (``backups.checks`` calls
``season_problems`` before anything is written).

- **House rules**: at most one row, the league's; each rule as the house-rules service
  takes it (``leagues.services.house_rules``): known star keys of the league's edition,
  prizes as gold per place the edition pays, gold within ``MAX_GOLD``, a floor not
  above the ceiling, a known re-draft formula and way to settle unplayed fixtures
  (``rules_engine.house_rules``: ``house_rules_problems`` and ``edition_problems``).
- **Kick-off times**: each proposed by one of its fixture's two teams.
- **News and match reports**: a body that is text, not empty and within
  ``news.models.BODY_MAX_CHARS``; a match report by one of its match's two teams. (A
  title's length, control characters and emptiness are its column's own checks.)
- **Teams**: a description within ``TEAM_DESCRIPTION_MAX``; a logo (``logos``, the PNG
  in base64 by team id) that an upload would pass (``teams.logos.logo_png``), for
  every team whose row names one.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from backups.sections import LOGOS
from backups.values import Problems, is_int, label
from leagues.services.house_rules import MAX_GOLD
from news.models import BODY_MAX_CHARS
from rules_engine import edition_for, get_ruleset, list_rulesets
from rules_engine.house_rules import (
    HouseRules,
    edition_problems,
    house_rules_problems,
    prize_table,
)
from teams.errors import TeamProfileError
from teams.logos import MAX_BYTES, logo_png
from teams.models import TEAM_DESCRIPTION_MAX

Rows = Mapping[str, list[dict[str, Any]]]
DEFAULTS = HouseRules()
GOLD_RULES = ("team_value_floor", "team_value_ceiling")
FLAGS = ("ban_mega_stars", "non_core_inducements")


def logo_bytes(content: str) -> bytes:
    """A logo's bytes from the backup's base64; ValueError when it is not base64."""
    return base64.b64decode(content.encode("ascii"), validate=True)


def _prize_amounts(value: Any) -> tuple[tuple[int, int], ...] | None | str:
    """The stored prizes as the engine's table, or a sentence saying why they are not."""
    if value is None or value == {}:
        return None
    if not isinstance(value, dict):
        return _('prize_amounts is not gold per place, e.g. {"1": 100000, "2": 60000}')
    for place, amount in value.items():
        if not place.isdigit():
            return _("prize_amounts: %(place)s is not a place") % {"place": repr(place)}
        if not is_int(amount) or not 0 <= amount <= MAX_GOLD:
            return _("prize_amounts: %(amount)s is not an amount of gold from 0 to %(most)s") % {
                "amount": repr(amount),
                "most": f"{MAX_GOLD:,}",
            }
    return prize_table(value)


def _engine_rules(
    row: Mapping[str, Any], league: Mapping[str, Any], problems: Problems
) -> HouseRules | None:
    """The row as the engine's house rules; None (with the problems said) when a value
    is not one the house-rules service would store. Types the columns cannot hold are
    the field checks' to report."""
    where = label("house_rules", row)
    values: dict[str, Any] = {}
    stars = row.get("banned_stars", [])
    if not isinstance(stars, list) or not all(isinstance(s, str) for s in stars):
        problems.add(
            "house_rules",
            "rule banned_stars",
            _("%(row)s: banned_stars is not a list of keys") % {"row": where},
        )
        return None
    values["banned_stars"] = frozenset(stars)
    prizes = _prize_amounts(row.get("prize_amounts"))
    if isinstance(prizes, str):
        problems.add(
            "house_rules",
            "rule prize_amounts",
            _("%(row)s: %(problem)s") % {"row": where, "problem": prizes},
        )
        return None
    values["prize_amounts"] = prizes
    for name in GOLD_RULES:
        amount = row.get(name)
        if isinstance(amount, int) and amount > MAX_GOLD:
            problems.add(
                "house_rules",
                f"rule {name}",
                _("%(row)s: %(rule)s is at most %(most)s")
                % {"row": where, "rule": name, "most": f"{MAX_GOLD:,}"},
            )
            return None
    for name in (*FLAGS, *GOLD_RULES, "redraft_formula", "firing_below_eleven"):
        values[name] = row.get(name, getattr(DEFAULTS, name))
    for name in ("unplayed_fixtures", "deadline_warning_hours", "kickoff_reminder_minutes"):
        values[name] = row.get(name, getattr(DEFAULTS, name))
    cap = league.get("redraft_budget_cap")
    values["redraft_budget_cap"] = cap if is_int(cap) else None
    if not all(isinstance(values[n], bool) for n in FLAGS) or not all(
        values[n] is None or is_int(values[n]) for n in GOLD_RULES
    ):
        return None  # the field checks say which
    if not all(is_int(values[n]) for n in ("deadline_warning_hours", "kickoff_reminder_minutes")):
        return None
    if not all(isinstance(values[n], str) for n in ("redraft_formula", "unplayed_fixtures")):
        return None
    return HouseRules(**values)


def _house_rules_problems(
    league: Mapping[str, Any], rows: list[dict[str, Any]], problems: Problems
) -> None:
    if len(rows) > 1:
        problems.add(
            "house_rules",
            "duplicate",
            _("A league has one set of house rules; the backup holds %(count)s.")
            % {"count": len(rows)},
        )
    key = league.get("ruleset")
    ruleset = get_ruleset(key) if isinstance(key, str) and key in list_rulesets() else None
    for row in rows:
        rules = _engine_rules(row, league, problems)
        if rules is None:
            continue
        found = house_rules_problems(rules)
        if ruleset is not None:
            try:
                edition = edition_for(ruleset.key)
            except LookupError:
                edition = None
            if edition is not None:
                prizes = edition.playoff_prizes if edition.has_gold else ()
                for name, messages in edition_problems(
                    rules, ruleset, prizes, edition.redraft
                ).items():
                    found.setdefault(name, []).extend(messages)
        for name, messages in found.items():
            for message in messages:
                problems.add(
                    "house_rules",
                    f"rule {name}",
                    _("%(row)s: %(problem)s")
                    % {"row": label("house_rules", row), "problem": message},
                )


def _sides(rows: list[dict[str, Any]]) -> dict[Any, set[Any]]:
    return {row["id"]: {row.get("home_id"), row.get("away_id")} for row in rows}


def _kickoff_problems(rows: Rows, problems: Problems) -> None:
    sides = _sides(rows["fixtures"])
    for slot in rows["kickoff_slots"]:
        fixture = slot.get("fixture_id")
        if fixture in sides and slot.get("proposed_by_team_id") not in sides[fixture]:
            problems.add(
                "kickoff_slots",
                "side",
                _(
                    "%(row)s: proposed by teams row %(team)s, which does not play fixtures "
                    "row %(fixture)s"
                )
                % {
                    "row": label("kickoff_slots", slot),
                    "team": repr(slot.get("proposed_by_team_id")),
                    "fixture": repr(fixture),
                },
            )


def _body_problems(section: str, rows: list[dict[str, Any]], problems: Problems) -> None:
    for row in rows:
        body = row.get("body")
        if not isinstance(body, str):
            continue  # the field checks report it
        if not body:
            problems.add(
                section, "body", _("%(row)s: its body is empty") % {"row": label(section, row)}
            )
        elif len(body) > BODY_MAX_CHARS:
            problems.add(
                section,
                "body",
                _(
                    "%(row)s: its body has %(length)s characters, more than the %(most)s a "
                    "post may have"
                )
                % {
                    "row": label(section, row),
                    "length": f"{len(body):,}",
                    "most": f"{BODY_MAX_CHARS:,}",
                },
            )


def _match_report_problems(rows: Rows, problems: Problems) -> None:
    fixtures = _sides(rows["fixtures"])
    matches = {row["id"]: fixtures.get(row.get("fixture_id"), set()) for row in rows["matches"]}
    for report in rows["match_reports"]:
        match = report.get("match_id")
        if match in matches and report.get("team_id") not in matches[match]:
            problems.add(
                "match_reports",
                "side",
                _(
                    "%(row)s: written for teams row %(team)s, which did not play matches row "
                    "%(match)s"
                )
                % {
                    "row": label("match_reports", report),
                    "team": repr(report.get("team_id")),
                    "match": repr(match),
                },
            )


def _team(team: Mapping[str, Any]) -> str:
    return _("teams row %(id)s (%(team)s)") % {"id": repr(team.get("id")), "team": team.get("name")}


def _description_problems(teams: list[dict[str, Any]], problems: Problems) -> None:
    for team in teams:
        text = team.get("description")
        if isinstance(text, str) and len(text) > TEAM_DESCRIPTION_MAX:
            problems.add(
                "teams",
                "description",
                _(
                    "%(team)s: its description has %(length)s characters, more than the "
                    "%(most)s a team's description may have"
                )
                % {
                    "team": _team(team),
                    "length": f"{len(text):,}",
                    "most": f"{TEAM_DESCRIPTION_MAX:,}",
                },
            )


def _logo_problem(content: Any) -> str | None:
    """Why the backup's ``content`` is not a logo an upload would give, or None."""
    if not isinstance(content, str) or len(content) > 4 * -(-MAX_BYTES // 3):
        return _("It is not a PNG image in base64 of at most 2 MiB.")
    try:
        logo_png(logo_bytes(content))
    except (ValueError, binascii.Error):
        return _("It is not base64.")
    except TeamProfileError as error:
        return " ".join(error.messages)
    return None


def _logo_problems(document: Mapping[str, Any], teams: list[dict], problems: Problems) -> None:
    logos = document.get(LOGOS)
    if not isinstance(logos, dict):
        problems.add(LOGOS, "shape", _("The backup's logos are not images by team id."))
        return
    by_id = {str(team["id"]): team for team in teams}
    for key, content in logos.items():
        team = by_id.get(key)
        if team is None:
            problems.add(
                LOGOS, "reference", _("logos: %(key)s is not a row of teams") % {"key": repr(key)}
            )
            continue
        why = _logo_problem(content)
        if why is not None:
            problems.add(
                LOGOS,
                "image",
                _("The logo of %(team)s cannot be restored. %(why)s")
                % {"team": _team(team), "why": why},
            )
    for key, team in by_id.items():
        name = team.get("logo")
        if isinstance(name, str) and name and key not in logos:
            problems.add(
                LOGOS,
                "missing",
                _("%(team)s has the logo %(name)s, but the backup holds no image of it.")
                % {"team": _team(team), "name": repr(name)},
            )


def season_problems(document: Mapping[str, Any], rows: Rows, problems: Problems) -> None:
    """Every problem of the house rules, kick-off times, news, match reports, team
    descriptions and logos of the backup's ``rows`` (by section)."""
    _house_rules_problems(document["league"], rows["house_rules"], problems)
    _kickoff_problems(rows, problems)
    _body_problems("news", rows["news"], problems)
    _body_problems("match_reports", rows["match_reports"], problems)
    _match_report_problems(rows, problems)
    _description_problems(rows["teams"], problems)
    _logo_problems(document, rows["teams"], problems)
