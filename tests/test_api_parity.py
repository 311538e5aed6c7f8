"""The API does everything the pages do: every page view that takes a POST
(a form, an htmx button) is mapped to the API operation that does the same through the
same service, by the operation's id in the generated schema. A page that gains a
state-changing action with no API operation fails ``test_every_page_action_has_an_api
_operation`` until the operation exists (or the action is page-only by nature and
listed in ``PAGE_ONLY`` with the reason).

How a view is found to take a POST: the URLconf is walked; a class-based view takes
one if it has a ``post`` method; a function view if Django's ``require_http_methods``
(``require_POST``) lets POST through, or if its source reads ``request.POST`` or
compares the method with "POST". A view whose URL carries an ``<action>`` does one
thing per action: each is mapped (``ACTIONS`` says where the view lists them).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from leagues import views as league_views
from leagues import views_kickoff

WRITE_METHODS = {"post", "put", "patch", "delete"}

# page URL name (":action" for a view with an <action>) -> the API operation(s).
PAGE_TO_API: dict[str, str | tuple[str, ...]] = {
    # --- leagues -----------------------------------------------------------------------
    "league-create": "leagues_create",
    "season-open": "leagues_open_season_create",
    "season-enter": "leagues_seasons_enter_create",
    "season-manage-action:division": "leagues_seasons_add_division_create",
    "season-manage-action:admit": "leagues_seasons_admit_create",
    "season-manage-action:schedule": "leagues_seasons_generate_schedule_create",
    "season-manage-action:dock": "leagues_seasons_dock_points_create",
    "season-manage-action:playoffs": "leagues_seasons_start_playoffs_create",
    "season-manage-action:rollover": "leagues_seasons_roll_over_create",
    "fixture-action:reschedule": "leagues_fixtures_reschedule_create",
    "fixture-action:forfeit": "leagues_fixtures_forfeit_create",
    "fixture-action:correct-forfeit": "leagues_fixtures_correct_forfeit_create",
    "fixture-action:undo-forfeit": "leagues_fixtures_undo_forfeit_create",
    "fixture-settle:sudden-death": "leagues_fixtures_sudden_death_create",
    "fixture-settle:winner": "leagues_fixtures_playoff_winner_create",
    "league-invite-create": "leagues_invites_create",
    "league-invite-revoke": "leagues_invites_revoke_create",
    "league-signup-toggle": "leagues_open_signup_create",
    "league-join": "leagues_join_create",
    "league-odds": "leagues_odds_create",
    "league-restore": "leagues_restore_create",  # a backup restored as a new league
    "league-house-rules-edit": "leagues_house_rules_update",
    "invite-accept": "leagues_invites_redeem_create",
    "fixture-kickoff-propose": "leagues_fixtures_kickoff_slots_create",
    "fixture-kickoff-set": "leagues_fixtures_kickoff_update",
    "kickoff-slot-action:accept": "leagues_kickoff_slots_accept_create",
    "kickoff-slot-action:decline": "leagues_kickoff_slots_decline_create",
    "kickoff-slot-action:withdraw": "leagues_kickoff_slots_withdraw_create",
    "league-time-zone": "leagues_time_zone_update",
    "league-language": "leagues_language_update",
    # --- notifications -----------------------------------------------------------------
    "league-webhooks": "leagues_webhooks_create",
    "league-webhook-delete": "leagues_webhooks_destroy",
    "league-webhook-test": "leagues_webhooks_test_create",
    "notification-preferences": "notifications_preferences_create",
    "my-profile": "account_naf_number_create",  # the NAF number
    "set_language": "account_language_create",  # the language switch; a coach's is kept
    # --- news --------------------------------------------------------------------------
    "league-news-create": "leagues_news_create",
    "news-edit": "news_update",
    "news-delete": "news_destroy",
    "match-report-write": "matches_match_reports_update",
    "match-report-remove": "matches_match_reports_destroy",
    # --- teams and players -------------------------------------------------------------
    "team-draft": "teams_create",
    "team-draft-preview": "teams_draft_preview_create",
    "team-hire-player": "teams_players_create",
    "team-buy-reroll": "teams_rerolls_create",
    "team-staff": ("teams_staff_hire_create", "teams_staff_fire_create"),
    "team-special-rule-choice": "teams_special_rule_choice_create",
    "team-undo-purchase": "teams_undo_purchase_create",
    "team-redraft": "teams_redraft_create",
    "team-edition-change": "teams_edition_change_create",
    "team-transfer": "teams_transfer_create",
    # One form for both, and its checkbox takes the logo down.
    "team-profile": ("teams_description_update", "teams_logo_update", "teams_logo_destroy"),
    "team-import": "teams_import_create",
    "player-rename": "players_rename_create",
    "player-fire": "players_fire_create",
    "player-hire-permanently": "players_hire_permanently_create",
    "player-retire": "players_retire_temporarily_create",
    "player-advance": "players_advancements_create",
    # --- matches -----------------------------------------------------------------------
    "match-open": "matches_create",
    "match-start-pre-game": "matches_start_pre_game_create",
    "match-pre-game-choice": "matches_pre_game_choices_create",
    "match-team-captain": "matches_team_captain_create",
    "match-start": "matches_start_create",
    "match-add-event": "matches_events_create",
    "match-remove-event": "matches_events_destroy",
    "match-report": "matches_report_create",
    "match-report-draft": "matches_report_draft_create",
    "match-confirm": "matches_confirm_create",
    "match-dispute": "matches_dispute_create",
    "match-send-back": "matches_send_back_create",
    "match-settle": "matches_settle_create",
    "match-post-game-choices": "matches_post_game_choices_create",
    "match-end-post-game": "matches_end_post_game_create",
    "match-settle-shortfall": "matches_shortfalls_settle_create",
    "match-close": "matches_close_create",
    "match-correct": "matches_correct_create",
}

# Page actions with no API operation, by nature; each with its reason.
PAGE_ONLY: dict[str, str] = {
    "team-redraft-preview": "The re-draft form's htmx budget partial, changing nothing: the "
    "API's GET teams/{id}/redraft/ gives the budget and its POST refuses a plan over it "
    "with every reason.",
}
# Whole modules of page-only views: allauth's account pages (login and logout, sign-up,
# e-mail, passwords) belong to a person at a browser; the API's clients act for an
# account with its token.
PAGE_ONLY_MODULES = {"allauth.account.views"}

# Views that do one thing per <action> of their URL, and where they list the actions.
ACTIONS: dict[str, Any] = {
    "season-manage-action": league_views.MANAGE_ACTIONS,
    "fixture-action": league_views.FIXTURE_ACTIONS,
    "fixture-settle": league_views.SETTLE_ACTIONS,
    "kickoff-slot-action": views_kickoff.SLOT_ACTIONS,
}


def _walk(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def accepts_post(view: Any) -> bool:
    """Whether the view behind a URL pattern takes a POST (see the module)."""
    view_class = getattr(view, "view_class", None) or getattr(view, "cls", None)
    if view_class is not None:
        return hasattr(view_class, "post")
    function = view
    while True:
        allowed = inspect.getclosurevars(function).nonlocals.get("request_method_list")
        if allowed is not None:
            return "POST" in allowed
        if not hasattr(function, "__wrapped__"):
            break
        function = function.__wrapped__
    source = inspect.getsource(function)
    return bool(re.search(r'request\.POST\b|request\.method\s*[!=]=\s*"POST"', source))


def page_post_views() -> dict[str, tuple[str, Any]]:
    """Every page URL whose view takes a POST: name -> (route, view). The API's own
    routes and Django's admin are not pages of the site."""
    found = {}
    for route, pattern in _walk(get_resolver().url_patterns):
        if route.startswith(("api/", "admin/")) or not accepts_post(pattern.callback):
            continue
        found[pattern.name] = (route, pattern.callback)
    return found


def page_actions() -> dict[str, Any]:
    """The page actions to map: a view per URL name, or per action of its <action>."""
    actions: dict[str, Any] = {}
    for name, (route, view) in page_post_views().items():
        if view.__module__ in PAGE_ONLY_MODULES:
            continue
        if "<slug:action>" in route or "<str:action>" in route:
            assert name in ACTIONS, f"{name} ({route}) takes an <action>: list its actions"
            actions.update({f"{name}:{action}": route for action in ACTIONS[name]})
        else:
            actions[name] = route
    return actions


@pytest.fixture(scope="module")
def api_writes(django_db_setup, django_db_blocker) -> dict[str, str]:
    """The schema's write operations: operation id -> "METHOD path"."""
    with django_db_blocker.unblock():
        response = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return {
        operation["operationId"]: f"{method.upper()} {path}"
        for path, item in response.json()["paths"].items()
        for method, operation in item.items()
        if method in WRITE_METHODS
    }


def test_the_detection_sees_forms_and_buttons_and_not_reading_pages():
    posts = page_post_views()
    for name in ("league-create", "season-manage-action", "match-report", "team-draft"):
        assert name in posts, name
    # Pages that only read (their forms post elsewhere) take no POST.
    for name in ("league-list", "season-bracket", "fixture-detail", "season-manage", "home"):
        assert name not in posts, name
    assert "account_signup" in posts  # a class-based view with a post()


def test_every_page_action_has_an_api_operation(api_writes):
    actions = page_actions()
    missing = sorted(name for name in actions if name not in PAGE_TO_API and name not in PAGE_ONLY)
    assert missing == [], "page actions with no API operation (add one, or say why in PAGE_ONLY)"
    for name in actions:
        operations = PAGE_TO_API.get(name, ())
        for operation in (operations,) if isinstance(operations, str) else operations:
            assert operation in api_writes, f"{name}: the schema has no write {operation}"


def test_the_lists_name_only_page_actions_that_exist():
    """A page action removed or renamed takes its line with it."""
    actions = page_actions()
    assert sorted(set(PAGE_TO_API) - set(actions)) == []
    assert sorted(set(PAGE_ONLY) - set(actions)) == []
