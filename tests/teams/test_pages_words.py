"""What a coach reads on the team sheet, the printable sheet and a player's page, in
every ruleset: names as the rules print them, never a slug, an internal key (a token
with an underscore) or a name lowercased; classic's own words (Fan Factor)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from rules_engine import edition_for, get_ruleset
from rules_engine.draft import draft_rules_for
from teams.models import Advancement, InjuryRecord, Player, PlayerSkill
from teams.services import draft_team
from tests.factories import InjuryRecordFactory, UserFactory, minimal_draft

pytestmark = pytest.mark.django_db

RULESETS = [("classic", "human"), ("bb2020", "human"), ("bb2025", "human"), ("blitz_bowl", "human")]


def visible_text(page: str) -> str:
    """The page's text as a reader sees it, with the attributes read aloud or shown
    (title, aria-label, alt, placeholder, a button's value)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    shown = re.findall(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html_lib.unescape(" ".join([text, *shown]))


def _team(key: str, roster_slug: str):
    ruleset = get_ruleset(key)
    roster = ruleset.roster(roster_slug)
    options = {}
    if roster.special_rule_choices:
        options["special_rule_choice"] = roster.special_rule_choices[0]
    if draft_rules_for(ruleset).names_team_captain(roster):
        options["team_captain"] = roster.lineman_position().slug
    coach = UserFactory()
    team = draft_team(
        coach,
        name=f"Words of {ruleset.name}",
        ruleset_key=key,
        roster_slug=roster_slug,
        players=minimal_draft(roster_slug, key),
        **options,
    )
    return coach, team


def _spoil(team) -> Player:
    """A player with some of everything a page shows: a gained skill, an advancement,
    a Lasting Injury, a Niggling Injury, a game to miss."""
    player = team.players.order_by("number").first()
    advancement = Advancement.objects.create(
        player=player,
        number=1,
        kind=Advancement.Kind.CHOSEN_PRIMARY,
        result="Block",
        spp_cost=6,
        value_increase=20_000,
        rolls=[],
    )
    PlayerSkill.objects.create(
        player=player, skill="Block", source=PlayerSkill.Source.CHOSEN_PRIMARY,
        advancement=advancement,
    )  # fmt: skip
    InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.LASTING, characteristic="av")
    InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING)
    Player.objects.filter(pk=player.pk).update(
        miss_next_game=True, niggling_injuries=1, spp_earned=8, spp_spent=6, advancements=1
    )
    return player


@pytest.mark.parametrize(("key", "roster_slug"), RULESETS)
def test_team_and_player_pages_read_as_the_rules_print_them(client, key, roster_slug):
    coach, team = _team(key, roster_slug)
    player = _spoil(team)
    roster = get_ruleset(key).roster(roster_slug)
    client.force_login(coach)
    pages = {
        "sheet": client.get(reverse("team-detail", args=[team.pk])),
        "print": client.get(reverse("team-print", args=[team.pk])),
        "player": client.get(reverse("player-detail", args=[player.pk])),
        "advance": client.get(reverse("player-advance", args=[player.pk])),
        "fire": client.get(reverse("player-fire", args=[player.pk])),
    }
    names = [roster.name, *(p.name for p in roster.positions.values()), team.name]
    slugs = [roster.slug, *roster.positions]
    for page, response in pages.items():
        if response.status_code != 200:
            assert response.status_code in (302, 404), (page, response.status_code)
            continue
        text = visible_text(response.content.decode())
        keys = [t for t in re.findall(r"\b\w*_\w*\b", text) if not t.startswith("_")]
        assert not keys, (key, page, keys)
        for slug in slugs:
            assert not re.search(rf"(?<![\w/-]){re.escape(slug)}(?![\w/-])", text), (
                key, page, slug,
            )  # fmt: skip
        for name in names:
            if name != name.lower():
                m = re.search(rf"\b{re.escape(name.lower())}\b", text)
                assert not m, (key, page, name, text[max(0, m.start() - 80) : m.end() + 80])
        if not edition_for(key).has_gold:  # Blitz Bowl: no gold, no value, no TV
            found = re.search(r"\bgp\b|\d+k\b|\bTV\b", text)
            assert not found, (key, page, text[max(0, found.start() - 80) : found.end() + 20])


@pytest.mark.parametrize(("key", "roster_slug"), RULESETS[:3])
def test_the_fans_are_called_as_the_edition_calls_them(client, key, roster_slug):
    coach, team = _team(key, roster_slug)
    client.force_login(coach)
    fans = edition_for(key).fans_label
    others = {"Fan Factor", "Dedicated Fans"} - {fans}
    for url in (reverse("team-detail", args=[team.pk]), reverse("team-print", args=[team.pk])):
        text = visible_text(client.get(url).content.decode())
        assert fans in text, (key, url)
        assert not [o for o in others if o in text], (key, url)


@pytest.mark.parametrize("key", [key for key, _ in RULESETS])
def test_ruleset_pages_name_what_the_ruleset_allows(client, key):
    ruleset = get_ruleset(key)
    roster = ruleset.roster("human")
    most = draft_rules_for(ruleset).max_rerolls
    pages = [
        reverse("ruleset-list"),
        reverse("roster-list", args=[key]),
        reverse("roster-detail", args=[key, "human"]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        text = visible_text(response.content.decode())
        assert not [t for t in re.findall(r"\b\w*_\w*\b", text) if not t.startswith("_")], url
    detail = visible_text(client.get(pages[-1]).content.decode())
    assert f"each (0–{most})" in detail
    assert roster.name in detail


@pytest.mark.parametrize(("key", "roster_slug"), RULESETS)
def test_the_team_pages_render_in_each_language(client, key, roster_slug):
    """Every marked text renders in each language of the site (untranslated text falls
    back to English), and gold is grouped as the language writes numbers."""
    coach, team = _team(key, roster_slug)
    player = _spoil(team)
    client.force_login(coach)
    for language in ("fr", "de", "es", "it", "en-gb"):
        client.cookies["django_language"] = language
        for url in (
            reverse("team-detail", args=[team.pk]),
            reverse("team-print", args=[team.pk]),
            reverse("team-pdf", args=[team.pk]),
            reverse("player-detail", args=[player.pk]),
            reverse("player-advance", args=[player.pk]),
            reverse("roster-detail", args=[key, roster_slug]),
        ):
            assert client.get(url).status_code == 200, (language, url)


def test_gold_follows_the_language_and_english_is_unchanged():
    from django.utils import translation

    from teams.templatetags.dugout import gp

    with translation.override("en-gb"):
        assert [gp(v) for v in (0, 150_000, -50_000, 2_500, 1_000_000)] == [
            "0 gp",
            "150k",
            "\u221250k",
            "2,500 gp",
            "1,000k",
        ]
    with translation.override("de"):
        assert gp(1_234_567).startswith("1.234.567 ")
