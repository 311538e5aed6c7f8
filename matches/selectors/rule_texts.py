"""The Blitz Bowl rules texts a match page quotes from the rules data (the D8
Regional League table's descriptions, ``rules_engine/data/blitz_bowl/tables.json``),
listed here so the catalogues hold them: the page shows the stored English through
``gettext``, in the reader's language. ``tests/matches/test_rule_texts.py`` holds
this list to the data."""

from __future__ import annotations

from django.utils.translation import gettext_noop

REGIONAL_RULE_TEXTS: tuple[str, ...] = (
    gettext_noop(
        "Subtract 1 from the Emergency Reserves value of both teams (for example, 4 becomes 3)."
    ),
    gettext_noop(
        "When a player makes a Reserves action, that player can be placed on a "
        "trapdoor, instead of that coach's End Zone. If this happens while there is "
        "already a ball or player on that trapdoor, that ball is removed from the pitch "
        "and that player is injured."
    ),
    gettext_noop(
        "After a player makes a Reserves action, that player can make a free Run "
        "action. This includes free Reserves actions and actions made due to Emergency "
        "Reserves rule."
    ),
    gettext_noop("Do not subtract 1 from the Throw check when making a long throw."),
    gettext_noop(
        "When a player that was knocked down due to a Shove result that would have "
        "pushed that player into an obstructed square or off the board, treat the "
        "result of the Block action as Kerrunch!."
    ),
    gettext_noop(
        "Assisted Block actions roll two additional block dice instead of one, to a "
        "maximum of three."
    ),
    gettext_noop(
        "Use the following rules to determine a Sudden Death Victory. If, at the end of "
        "a coach's turn, their team's score is 8 or more points behind the opposing "
        "team's score, the game immediately ends and the opposing coach wins the game."
    ),
    gettext_noop(
        "The coach that won the coin toss must choose to use the pitch with two "
        "trapdoors. If you have access to more than one pitch with two trapdoors (e.g. "
        "because you own a previous edition of Blitz Bowl), the coach that won the coin "
        "toss can choose which of those boards will be used."
    ),
)
