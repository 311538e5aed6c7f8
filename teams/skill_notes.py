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
def skill_summary(ruleset_key: str, name: str) -> str:
    """The summary of skill ``name`` of the ruleset: "General skill. When the block
    result is Both Down, ..." ("" for a name the ruleset does not list)."""
    try:
        skill = get_ruleset(ruleset_key).skills.find(name)
    except LookupError:
        return ""
    if skill is None:
        return ""
    kind = "trait" if skill.trait else "skill"
    category = skill.category or kind.capitalize()
    facts = [category if category.lower() == kind else f"{category} {kind}"]
    if skill.compulsory:
        facts.append("compulsory: it must be used")
    if getattr(skill, "elite", False):
        facts.append("elite")
    text = _texts(ruleset_key).get(skill_key(skill.name), "")
    return "; ".join(facts) + "." + (f" {text}" if text else "")


def skill_notes(ruleset_key: str, position_skills: list[str], gained: list[str]) -> list[SkillNote]:
    """The position's skills, then the gained ones, each with its summary."""
    return [
        SkillNote(name, False, skill_summary(ruleset_key, name)) for name in position_skills
    ] + [SkillNote(name, True, skill_summary(ruleset_key, name)) for name in gained]
