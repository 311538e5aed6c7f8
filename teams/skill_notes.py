"""What a skill's name shows on tap (team sheet, player page, printable sheet): its
rules summary where the ruleset's rule text gives one, and what the ruleset's skill
data says of it (category, skill or trait, compulsory, elite).

The summaries are data, one file per ruleset key in ``teams/skill_texts/`` (a
ruleset without a file shows what its skill data says); each text is copied from
the rule text its file names, and ``tests/teams/test_skill_notes.py`` pins every one
to it. Nothing here compares a ruleset's name: a ruleset has a file or has not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules_engine import get_ruleset
from rules_engine.ruleset import skill_key

TEXTS = Path(__file__).resolve().parent / "skill_texts"


@dataclass(frozen=True)
class SkillNote:
    """A skill as a sheet shows it: its name, whether the player gained it (the
    position's own skills come with him), and the summary shown on tap."""

    name: str
    gained: bool
    summary: str


@cache
def _texts(ruleset_key: str) -> dict[str, str]:
    """The rule text's summaries of the ruleset, by ``skill_key`` ({} without a file)."""
    path = TEXTS / f"{ruleset_key}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    summaries: dict[str, str] = data["summaries"]
    texts = {skill_key(name): text for name, text in summaries.items()}
    for name, listed_as in data.get("aliases", {}).items():
        texts[skill_key(name)] = summaries[listed_as]
    return texts


@cache
def _skill_facts(ruleset_key: str, name: str) -> tuple[str, bool, bool, bool, str] | None:
    """What the ruleset's data says of skill ``name``: (category, trait, compulsory,
    elite, the rule text's summary); None for a name the ruleset does not list."""
    try:
        skill = get_ruleset(ruleset_key).skills.find(name)
    except LookupError:
        return None
    if skill is None:
        return None
    kind = "trait" if skill.trait else "skill"
    category = skill.category if skill.category and skill.category.lower() != kind else ""
    text = _texts(ruleset_key).get(skill_key(skill.name), "")
    return (
        category,
        bool(skill.trait),
        bool(skill.compulsory),
        bool(getattr(skill, "elite", False)),
        text,
    )


def _kind(category: str, trait: bool) -> str:
    """ "General skill", "Trait": the skill's category (a game term) and kind."""
    if trait:
        return _("%(category)s trait") % {"category": category} if category else _("Trait")
    return _("%(category)s skill") % {"category": category} if category else _("Skill")


def skill_summary(ruleset_key: str, name: str) -> str:
    """The summary of skill ``name`` of the ruleset, in the active language around the
    rule text: "General skill. When the block result is Both Down, ..." ("" for a name
    the ruleset does not list)."""
    found = _skill_facts(ruleset_key, name)
    if found is None:
        return ""
    category, trait, compulsory, elite, text = found
    facts = [_kind(category, trait)]
    if compulsory:
        facts.append(_("compulsory: it must be used"))
    if elite:
        facts.append(pgettext("a skill", "elite"))
    return "; ".join(facts) + "." + (f" {text}" if text else "")


def skill_notes(ruleset_key: str, position_skills: list[str], gained: list[str]) -> list[SkillNote]:
    """The position's skills, then the gained ones, each with its summary."""
    return [
        SkillNote(name, False, skill_summary(ruleset_key, name)) for name in position_skills
    ] + [SkillNote(name, True, skill_summary(ruleset_key, name)) for name in gained]
