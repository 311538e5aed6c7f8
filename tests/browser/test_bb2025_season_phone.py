"""A Blood Bowl 2025 season on two phones (390×844, Debian's chromium), through the
pages only: two coaches, each in his own browser context with two teams, and the
commissioner in a third.

The coaches draft on the draft page a Human team with its Team Captain, a Norse team
playing in the Chaos Clash (so also Favoured of Khorne), a Chaos Chosen team Favoured
of Nurgle and an Orc team with its captain; they enter them, the commissioner admits
them and draws the single round robin. Every fixture is played on the match pages:
the five-step pre-game, touchdowns tapped, the report submitted and confirmed by the
other coach, MVP nominations and step 4 on the post-game; in the first one the Orc
underdog buys a Mercenary with its petty cash, and only the team Favoured of Nurgle is
offered a Plague Doctor. The commissioner seeds the play-offs; the semi-finals, the
final and the third-place play-off are played the same way; the prizes go to the first
three only (facts section 10: the third-place play-off's winner, not both semi-final
losers). He rolls the season over and a coach re-drafts with the budget Raise Funds
gives, his injured player rolling for his Niggling Injury (facts section 11).

The dice (fans, MVPs, Expensive Mistakes, the Rest & Relaxation roll) are the
server's: the test reads what they gave and checks what follows from it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from leagues import services as league_services
from leagues.models import SeasonFormat
from tests.browser import bb2025_phone_steps as steps
from tests.browser.conftest import phone_pages
from tests.browser.test_phone import log_in
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HUMANS, NORSE, CHOSEN, ORCS = (
    "Altdorf Arrows",
    "Norsca Raiders",
    "Skull Splitters",
    "Black Fang Boyz",
)
COACH = {HUMANS: "lothar", NORSE: "lothar", CHOSEN: "gorbag", ORCS: "gorbag"}
# The regular season's order: the better placed team wins 1-0 (3 points a win).
RANK = {HUMANS: 1, ORCS: 2, NORSE: 3, CHOSEN: 4}


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """Every test here runs the post-game in the live server's thread."""


@pytest.fixture
def phones(browser, live_server):
    """Three phones: the two coaches' and the commissioner's (own cookies each)."""
    with phone_pages(browser, live_server, 3) as pages:
        yield pages


def play(
    phone_of: dict[str, Page],
    fixture_pk: int,
    home: str,
    away: str,
    winner: str,
    injured: str | None = None,
    **pre_game,
) -> int:
    """One fixture on the match pages, won 1-0 by ``winner``: the home coach opens it,
    each coach answers his pre-game decisions on his phone, the winner's coach taps
    the touchdown, the home coach submits the report, the away coach confirms it (a
    coach of both teams has nobody to ask), both finish the post-game. A player of
    ``injured`` (a team) ends it with a Serious Injury. The match's id."""
    sides = {"home": phone_of[COACH[home]], "away": phone_of[COACH[away]]}
    match_pk = steps.open_match(sides["home"], fixture_pk)
    steps.answer_pre_game(sides, match_pk, **pre_game)
    scorer = "home" if winner == home else "away"
    steps.tap_touchdown(sides[scorer], match_pk, scorer)
    if injured is not None:
        side = "home" if injured == home else "away"
        steps.tap_injury(sides[side], match_pk, side, "Serious injury (niggling injury)")
    steps.submit_report(sides["home"], match_pk)
    if COACH[home] != COACH[away]:
        steps.confirm_report(sides["away"], match_pk)
    steps.finish_post_game(sides, match_pk)
    return match_pk


def row(table: Locator, label: str) -> Locator:
    """The table's row headed ``label`` (exactly)."""
    return table.locator("tr").filter(
        has=table.page.locator("th", has_text=re.compile(f"^{re.escape(label)}$"))
    )


def sheet_says(page: Page, team_pk: int) -> Locator:
    steps.visit(page, f"/teams/{team_pk}/")
    steps.fits(page)
    return page.locator("main")


def test_a_bb2025_season_on_two_phones(phones):
    lothar_phone, gorbag_phone, commish_phone = phones
    phone_of = {"lothar": lothar_phone, "gorbag": gorbag_phone}
    commissioner = UserFactory(username="commish")
    UserFactory(username="lothar")
    UserFactory(username="gorbag")
    league = LeagueFactory(name="Third Season Cup", ruleset="bb2025", commissioners=[commissioner])
    season = league_services.open_season(
        commissioner, league, format=SeasonFormat.SINGLE_ROUND_ROBIN
    )
    log_in(lothar_phone, "lothar")
    log_in(gorbag_phone, "gorbag")
    log_in(commish_phone, "commish")

    # --- The draft: a captain, a Team League, a Favoured of ... (facts section 2).
    team = {
        HUMANS: steps.draft(
            lothar_phone,
            "human",
            HUMANS,
            {"human-lineman": 9, "human-blitzer": 2, "human-thrower": 1},
            rerolls=2,
            captain="human-blitzer",
        ),
        NORSE: steps.draft(
            lothar_phone,
            "norse",
            NORSE,
            {"norse-raider": 11},
            rerolls=2,
            special_rule="Chaos Clash",
        ),
        CHOSEN: steps.draft(
            gorbag_phone,
            "chaos-chosen",
            CHOSEN,
            {"chaos-chosen-beastmen-lineman": 11},
            rerolls=2,
            special_rule="Favoured of Nurgle",
        ),
        ORCS: steps.draft(
            gorbag_phone, "orc", ORCS, {"orc-lineman": 11}, rerolls=1, captain="orc-lineman"
        ),
    }
    sheet = sheet_says(lothar_phone, team[HUMANS])
    captain = sheet.locator("table.roster tbody tr", has=lothar_phone.locator(".badge.captain"))
    expect(captain).to_have_count(1)  # one Team Captain, the first Blitzer drafted
    expect(captain).to_contain_text("Blitzer")
    expect(captain).to_contain_text("Pro")
    sheet = sheet_says(lothar_phone, team[NORSE])
    expect(sheet.locator(".special-rule-choice")).to_have_text(
        "Team League: Chaos Clash (also Favoured of Khorne)"
    )
    expect(sheet.locator(".badge.captain")).to_have_count(0)  # Norse name no captain
    sheet = sheet_says(gorbag_phone, team[CHOSEN])
    expect(sheet.locator(".special-rule-choice")).to_have_text("Favoured of Nurgle")

    # --- Sign-up: the coaches enter, the commissioner admits and draws the schedule.
    for name in team:
        steps.enter_season(phone_of[COACH[name]], season.pk, name)
    steps.admit_all(commish_phone, season.pk, list(team.values()))
    steps.draw_schedule(commish_phone, season.pk, "2026-03-02")
    regular = steps.fixtures(commish_phone, f"/leagues/seasons/{season.pk}/fixtures/")
    assert len(regular) == 6  # each team meets each other once (facts section 10)

    # --- The first match: the Orcs (lower CTV) buy a Mercenary with their petty cash.
    featured = next(k for k in regular if set(k) == {HUMANS, ORCS})
    offered = {}

    def look(side: str, page: Page, decision: Locator) -> None:
        if page is gorbag_phone:
            expect(decision).to_contain_text("(petty cash)")
            position = decision.locator("select[name$='-mercenary_1_position']")
            offered["price"] = position.locator("option[value='orc-lineman']").text_content()

    orcs_side = "home" if featured[0] == ORCS else "away"
    match_pk = play(
        phone_of,
        regular.pop(featured),
        *featured,
        winner=HUMANS,
        buys={orcs_side: {"mercenary_1_position": "orc-lineman", "mercenary_1_skill": "Block"}},
        look=look,
    )
    # The server prices him: an Orc Lineman's 50,000 + 30,000, +50,000 with a primary
    # skill (facts section 5).
    assert offered["price"] == "Orc Lineman — 80k (130k with a skill)"
    steps.match_page(gorbag_phone, match_pk)
    pre_game = gorbag_phone.locator("#pre-game")
    pre_game.get_by_text("The pre-game, step by step, with its dice").click()
    titles = pre_game.locator(".step-list > li > h3").all_inner_texts()
    assert [t.strip() for t in titles] == [
        "The Fans",
        "The Weather",
        "Take on Journeymen",
        "Inducements",
        "Determine Kicking Team",
    ]  # five steps, no free prayers (facts section 4)
    sheet_rows = pre_game.locator("table.pre-game-sheet")
    col = 2 if orcs_side == "home" else 3
    orcs_col = f"td:nth-child({col})"
    expect(row(sheet_rows, "Inducements").locator(orcs_col)).to_have_text("mercenary Orc Lineman")
    # The underdog's petty cash is the CTV difference (795k - 610k); the mercenary with
    # his skill raises the Orcs' CTV by his 130k.
    expect(row(sheet_rows, "Petty cash").locator(orcs_col)).to_have_text("185k")
    expect(row(sheet_rows, "CTV after inducements").locator(orcs_col)).to_have_text("740k")
    orcs_card = gorbag_phone.locator(
        "#post-game section.card", has=gorbag_phone.locator(f"#post-game-{orcs_side}")
    )
    mvp = row(orcs_card.locator("table.post-game-summary"), "MVP")
    expect(mvp).to_have_count(1)  # picked among the six the coach nominated
    expect(mvp.locator("td")).to_contain_text("Orc Lineman")
    steps.fits(gorbag_phone)

    # --- The rest of the regular season, the better placed team winning each. Only
    # the team Favoured of Nurgle may induce a Plague Doctor (facts section 5).
    offered_to = set()

    def plague_doctor(side: str, page: Page, decision: Locator) -> None:
        offer = decision.locator("label", has_text="Plague Doctor")
        team_name = decision.locator("h3").inner_text().split(":")[0]
        expect(offer).to_have_count(1 if team_name == CHOSEN else 0)
        offered_to.add(team_name)

    for (home, away), pk in regular.items():
        play(phone_of, pk, home, away, winner=min(home, away, key=RANK.get), look=plague_doctor)
    assert offered_to == set(team)  # every team chose its inducements on the page

    # --- The play-offs: 1 v 4 and 2 v 3, then the final and the third-place play-off.
    steps.visit(commish_phone, f"/leagues/seasons/{season.pk}/manage/")
    commish_phone.get_by_role("button", name="Seed the play-offs").click()
    expect(commish_phone.locator(".messages")).to_contain_text("The play-offs are drawn.")
    bracket_url = f"/leagues/seasons/{season.pk}/bracket/"
    semis = steps.fixtures(commish_phone, bracket_url)
    assert set(semis) == {(HUMANS, CHOSEN), (ORCS, NORSE)}
    for (home, away), pk in semis.items():
        play(phone_of, pk, home, away, winner=home)
    later = steps.fixtures(commish_phone, bracket_url)
    third_place = next(k for k in later if set(k) == {CHOSEN, NORSE})
    final = next(k for k in later if set(k) == {HUMANS, ORCS})
    # A Norse player ends the season with a Niggling Injury, for Rest & Relaxation.
    play(phone_of, later[third_place], *third_place, winner=CHOSEN, injured=NORSE)
    play(phone_of, later[final], *final, winner=HUMANS)

    steps.visit(commish_phone, bracket_url)
    expect(commish_phone.locator("main")).to_contain_text(f"Champion: {HUMANS}")
    steps.fits(commish_phone)
    prizes = {}
    for name, pk in team.items():
        page = phone_of[COACH[name]]
        steps.visit(page, f"/teams/{pk}/ledger/")
        rows = page.locator("main table tbody tr", has_text=re.compile("place prize"))
        prizes[name] = [r.locator("td.num").first.inner_text() for r in rows.all()]
    # 1st 100,000 and the trophy, 2nd 60,000, 3rd 30,000 to the third-place play-off's
    # winner only (facts section 10).
    assert prizes == {HUMANS: ["+100k"], ORCS: ["+60k"], CHOSEN: ["+30k"], NORSE: []}
    trophy = sheet_says(lothar_phone, team[HUMANS]).locator(".trophy")
    expect(trophy).to_contain_text("Holds the League Trophy")

    # --- Roll-over and re-draft (facts section 11).
    steps.visit(commish_phone, f"/leagues/seasons/{season.pk}/manage/")
    commish_phone.get_by_role("button", name="Close season 1 and open season 2").click()
    expect(commish_phone.locator(".messages")).to_contain_text("the next is open for sign-up")
    sheet = sheet_says(lothar_phone, team[NORSE])
    treasury = int(sheet.locator("#treasury").inner_text().rstrip("k").replace(",", ""))
    steps.visit(lothar_phone, f"/teams/{team[NORSE]}/redraft/")
    expect(steps.heading(lothar_phone)).to_have_text(f"Re-draft {NORSE}")
    # Raise Funds (facts section 11): 1,000,000 + the Treasury + 20,000 a League Fixture
    # played (3; the two play-offs do not count) + 20,000 a win (the Norse won one),
    # at most 1,300,000.
    budget = lothar_phone.locator("#redraft-budget")
    budget.get_by_text("from the season's record").click()
    parts = dict(
        zip(
            [t.strip() for t in budget.locator("details th").all_inner_texts()],
            [t.strip() for t in budget.locator("details td").all_inner_texts()],
            strict=True,
        )
    )
    assert parts["Base"] == "1,000k"
    assert parts["Treasury"] == f"{treasury:,}k"
    assert parts["3 games played"] == "60k"  # League Fixtures only (section 13.5)
    assert parts["1 league win"] == "20k"
    total = min(1_300, 1_000 + treasury + 60 + 20)
    expect(budget.locator("#redraft-budget-total")).to_have_text(f"{total:,}k")
    if total == 1_300:  # the book's cap, on by default (section 13.5)
        assert parts["Capped by the league at"] == "1,300k"
    # Rest & Relaxation (facts section 11): the injured Norse player recovers from his
    # missed game, and rolls for his Niggling Injury.
    hurt = lothar_phone.locator("table.redraft-players tbody tr", has_text="Niggling Injury")
    expect(hurt).to_have_count(1)
    expect(hurt).to_contain_text("recovers from MNG")
    expect(hurt).to_contain_text("1 Niggling Injury: D6 4+ heals it")
    steps.fits(lothar_phone)
    lothar_phone.screenshot(path="/tmp/dugout-bb2025-redraft-phone.png", full_page=True)
    lothar_phone.get_by_role("button", name="Re-draft the team").click()
    message = lothar_phone.locator(".messages")
    expect(message).to_contain_text(f"{NORSE} is re-drafted for Third Season Cup, season 2")
    # The Rest & Relaxation die the server rolled, and what it did on the sheet: 4+ heals
    # the Niggling Injury (no apothecary to add 1).
    rolled = re.search(r"Niggling Injury: (.+?), D6 (\d)", message.inner_text())
    assert rolled is not None, message.inner_text()
    name = re.compile(re.escape(rolled.group(1)) + r"(?!\d)")
    injured = lothar_phone.locator("table.roster tbody tr", has_text=name)
    expect(injured).to_have_count(1)
    healed = int(rolled.group(2)) >= 4
    expect(injured.locator("td", has_text="1 niggling")).to_have_count(0 if healed else 1)
    steps.fits(lothar_phone)
