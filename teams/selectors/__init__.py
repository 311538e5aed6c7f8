"""Reads of the teams app, shaped for pages, endpoints and the PDF: one home for them.

- ``value``: team value as the database sums it (``with_team_value``,
  ``value_breakdown``: the engine's ``TeamValueBreakdown``);
- ``sheet``: the team sheet (``team_sheet`` -> ``TeamSheet``), team lists
  (``with_values`` -> ``TeamRow``), the ledger;
- ``development``: a player with his history, title and advancement options;
- ``rows``: the sheet's player rows as plain values (``player_rows`` -> ``SheetRow``);
- ``staff``: what the sheet offers the coach (staff, re-rolls, which rows it shows);
- ``value_lines``: the team value breakdown's lines, for the sheet and the PDF alike.
"""

from teams.selectors.development import (
    IMPROVEMENT_ROLL,
    SPEND_SPP,
    advancement_options,
    can_advance,
    choice_options,
    development,
    edition_of,
    must_advance,
    pending_choice,
    player_title,
    player_with_history,
)
from teams.selectors.rows import SheetRow, player_rows
from teams.selectors.sheet import (
    LATEST_LEDGER_ENTRIES,
    TeamRow,
    TeamSheet,
    injury_marks,
    ledger,
    position_for,
    position_skills,
    roster_for,
    sheet_players,
    team_sheet,
    teams_for_coach,
    teams_list,
    with_values,
)
from teams.selectors.staff import StaffOffer, reroll_refusal, sheet_rows, staff_offers
from teams.selectors.value import (
    LEAGUE_TROPHIES,
    PLAYER_VALUE_ANNOTATIONS,
    value_breakdown,
    with_team_value,
)
from teams.selectors.value_lines import ValueLine, value_lines

__all__ = [
    "IMPROVEMENT_ROLL",
    "LATEST_LEDGER_ENTRIES",
    "LEAGUE_TROPHIES",
    "PLAYER_VALUE_ANNOTATIONS",
    "SPEND_SPP",
    "SheetRow",
    "StaffOffer",
    "TeamRow",
    "TeamSheet",
    "ValueLine",
    "advancement_options",
    "can_advance",
    "must_advance",
    "choice_options",
    "development",
    "edition_of",
    "injury_marks",
    "ledger",
    "pending_choice",
    "player_rows",
    "player_title",
    "player_with_history",
    "position_for",
    "position_skills",
    "reroll_refusal",
    "roster_for",
    "sheet_players",
    "sheet_rows",
    "staff_offers",
    "team_sheet",
    "teams_for_coach",
    "teams_list",
    "value_breakdown",
    "value_lines",
    "with_team_value",
    "with_values",
]
