"""The team sheet as a PDF (reportlab), to print or take to the table.

Drawn with the PDF standard fonts, so nothing is fetched or installed. The team's
name is the document's title as well as its heading. Numbers go through the pages'
template filters (``gp``, ``stat``, ``target``), so a characteristic the ruleset does
not print (Blitz Bowl's) reads "—" here as on the page.
"""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import StyleSheet1, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from teams.models import Player
from teams.selectors import (
    TeamSheet,
    ValueLine,
    injury_marks,
    position_for,
    position_skills,
    roster_for,
    sheet_rows,
    value_lines,
)
from teams.skill_notes import SkillNote, skill_notes
from teams.templatetags.dugout import fans_label, gp, stat, target

GRID = colors.HexColor("#d9d6cf")
HEAD = colors.HexColor("#f0eee8")
WIDTHS = [8, 38, 30, 9, 9, 10, 10, 10, 90, 11, 16, 36]


def columns() -> list[str]:
    """The players table's headings, in the active language (the characteristics and
    SPP as the rules print them)."""
    return [
        "#",
        _("Name"),
        _("Position"),
        "MA",
        "ST",
        "AG",
        "PA",
        "AV",
        _("Skills"),
        "SPP",
        _("Value"),
        _("Notes"),
    ]


def _p(text: str, style: object) -> Paragraph:
    return Paragraph(escape(text), style)


def player_notes(player: Player) -> str:
    """Injuries marked as the HTML sheet marks them (``selectors.injury_marks``), then
    what keeps him from the next game."""
    notes = injury_marks(player, minus="-")
    if player.miss_next_game:
        notes.append(pgettext("misses the next game", "MNG"))
    if player.temporarily_retired:
        notes.append(_("Retired"))
    if player.journeyman:
        notes.append(_("Journeyman"))
    return ", ".join(notes)


def skills_markup(skills: list[SkillNote]) -> str:
    """The skills as the HTML sheet shows them: the position's, then the gained ones
    in bold."""
    names = [f"<b>{escape(s.name)}</b>" if s.gained else escape(s.name) for s in skills]
    return ", ".join(names) or "-"


def _players_table(sheet: TeamSheet, styles: StyleSheet1) -> Table:
    team = sheet.team
    roster = roster_for(team)
    small = styles["BodyText"].clone("small", fontSize=8, leading=10)
    rows: list[list[object]] = [[*columns()]]
    for player in sheet.players:
        position = position_for(roster, player)
        skills = skill_notes(
            team.ruleset, position_skills(position), [s.skill for s in player.skills.all()]
        )
        rows.append(
            [
                str(player.number),
                _p(player.name, small),
                _p(position.name if position else _("Unknown position"), small),
                stat(player.ma),
                stat(player.st),
                target(player.ag),
                target(player.pa),
                target(player.av),
                Paragraph(skills_markup(skills), small),
                str(player.spp),
                gp(player.current_value),
                _p(player_notes(player), small),
            ]
        )
    table = Table(rows, colWidths=[w * mm for w in WIDTHS], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
                ("FONT", (0, 1), (-1, -1), "Helvetica", 8),
                ("BACKGROUND", (0, 0), (-1, 0), HEAD),
                ("GRID", (0, 0), (-1, -1), 0.5, GRID),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (3, 1), (7, -1), "CENTER"),
                ("ALIGN", (9, 1), (10, -1), "RIGHT"),
            ]
        )
    )
    return table


def sideline_lines(sheet: TeamSheet) -> list[tuple[str, str]]:
    """The sheet's "Sideline" rows, as the HTML sheet shows them: the rows the team's
    ruleset has (``selectors.sheet_rows``)."""
    team = sheet.team
    roster = roster_for(team)
    rows = sheet_rows(team, roster)
    lines: list[tuple[str, str]] = []
    if rows["shows_rerolls"]:
        held = str(team.rerolls)
        if sheet.value.league_trophy:
            held = _("%(count)s + 1 (League Trophy)") % {"count": team.rerolls}
        lines.append((_("Team re-rolls"), held))
    if rows["shows_assistant_coaches"]:
        lines.append((_("Assistant coaches"), str(team.assistant_coaches)))
    if rows["shows_cheerleaders"]:
        lines.append((_("Cheerleaders"), str(team.cheerleaders)))
    if rows["shows_apothecary"]:
        if team.apothecary:
            apothecary = _("Yes")
        else:
            apothecary = _("No") if roster.apothecary_allowed else _("Not allowed")
        lines.append((_("Apothecary"), apothecary))
    if rows["shows_fans"]:
        lines.append((fans_label(team.ruleset), str(team.dedicated_fans)))
    if rows["has_gold"]:
        lines.append((_("Treasury"), gp(team.treasury)))
    return lines


def pdf_value_lines(sheet: TeamSheet) -> list[ValueLine]:
    """The team value breakdown, line for line as the HTML sheet shows it (none where
    the ruleset has no gold, as the sheet shows none)."""
    team = sheet.team
    roster = roster_for(team)
    rows = sheet_rows(team, roster)
    if not rows["has_gold"]:
        return []
    return value_lines(sheet.value, team, roster, rows)


def _summary_table(sheet: TeamSheet) -> Table:
    """The sideline on the left, the team value breakdown on the right."""
    sideline = sideline_lines(sheet)
    values = [(line.label, minus_ascii(line.shown)) for line in pdf_value_lines(sheet)]
    height = max(len(sideline), len(values), 1)
    sideline += [("", "")] * (height - len(sideline))
    values += [("", "")] * (height - len(values))
    rows = [[a, b, c, d] for (a, b), (c, d) in zip(sideline, values, strict=True)]
    table = Table(rows, colWidths=[40 * mm, 45 * mm, 75 * mm, 30 * mm])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
                ("FONT", (0, 0), (0, -1), "Helvetica-Bold", 9),
                ("FONT", (2, 0), (2, -1), "Helvetica-Bold", 9),
                ("ALIGN", (3, 0), (3, -1), "RIGHT"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, GRID),
            ]
        )
    )
    return table


def minus_ascii(text: str) -> str:
    """The PDF's standard fonts have no U+2212: a minus prints as "-"."""
    return text.replace("\u2212", "-")


def heading_line(sheet: TeamSheet) -> str:
    """The line under the team's name: its roster, its choice, its coach, and its TV and
    CTV where the ruleset has gold."""
    team = sheet.team
    parts = [roster_for(team).name]
    if team.special_rule_choice:
        parts.append(team.special_rule_choice)
    parts.append(_("coach %(coach)s") % {"coach": team.coach.get_username()})
    if sheet_rows(team)["has_gold"]:
        parts.append(
            _("TV %(tv)s · CTV %(ctv)s")
            % {"tv": gp(sheet.value.team_value), "ctv": gp(sheet.value.current_team_value)}
        )
    return " · ".join(parts)


def team_sheet_pdf(sheet: TeamSheet, *, compress: bool = True) -> bytes:
    """A team's sheet (from ``teams.selectors.team_sheet``) as PDF bytes.

    ``compress=False`` leaves the page streams readable (and the output the same
    for the same team), which tests use to find text in it.
    """
    styles = getSampleStyleSheet()
    team = sheet.team
    roster = roster_for(team)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=10 * mm,
        rightMargin=10 * mm,
        topMargin=10 * mm,
        bottomMargin=10 * mm,
        title=team.name,
        author=team.coach.get_username(),
        subject=_("%(roster)s team sheet") % {"roster": roster.name},
        creator="Dugout",
        pageCompression=1 if compress else 0,
        invariant=0 if compress else 1,
    )
    story = [
        _p(team.name, styles["Title"]),
        _p(heading_line(sheet), styles["Normal"]),
        Spacer(1, 4 * mm),
        _players_table(sheet, styles),
        Spacer(1, 5 * mm),
        _summary_table(sheet),
    ]
    document.build(story)
    return buffer.getvalue()
