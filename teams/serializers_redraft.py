"""Serializers of the re-draft between seasons (and into another edition): the
coach's choices in, the budget, costs and result the server computed out."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField
from core.filters import MAX_ID
from teams.names import NameSerializerField
from teams.serializers_sheet import TeamSheetSerializer


class RehireSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of a permanent player the team keeps.")


class NewPlayerSerializer(serializers.Serializer):
    position = StrictCharField(help_text='Position slug, e.g. "human-blitzer".')
    name = NameSerializerField(required=False, allow_blank=True, default="")
    number = serializers.IntegerField(required=False, allow_null=True, default=None)


class RedraftInputSerializer(serializers.Serializer):
    """A re-draft between seasons: the coach's choices only. The team keeps the
    players listed in ``rehire`` (the rest and every journeyman leave), hires
    ``hire`` and buys re-rolls and staff afresh. The budget (games played, league
    wins and draws, the cap, the treasury) and each re-hire fee (seasons played)
    are the database's: numbers sent for them are ignored."""

    season = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="Id of the closed season to re-draft after, where the team has several; "
        "by default the one waiting.",
    )
    rehire = RehireSerializer(many=True, default=list)
    hire = NewPlayerSerializer(many=True, default=list)
    rerolls = serializers.IntegerField(default=0, min_value=0)
    assistant_coaches = serializers.IntegerField(default=0, min_value=0)
    cheerleaders = serializers.IntegerField(default=0, min_value=0)
    apothecary = serializers.BooleanField(default=False)
    team_captain = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
        max_length=120,
        help_text="Where the roster names a Team Captain (BB2025 Human, Orc): a position "
        "slug, whose first player hired is captain. Or see `team_captain_player`; naming "
        "neither keeps the old captain where he is re-hired.",
    )
    team_captain_player = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=MAX_ID,
        help_text="Id of a re-hired player who is (or stays) the Team Captain.",
    )


class PositionChoiceSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of a permanent player of the team.")
    position = StrictCharField(
        max_length=120, help_text="Slug of a position of the new edition's roster."
    )


class KeepChoiceSerializer(serializers.Serializer):
    position = StrictCharField(
        max_length=120,
        help_text="Slug of a position of the new roster over its maximum (the GET's `over_limit`).",
    )
    players = serializers.ListField(
        child=serializers.IntegerField(),
        allow_empty=True,
        help_text="Ids of the players kept on it: the new maximum or fewer. The others "
        "on it leave the team (their history is kept).",
    )


class EditionChangeInputSerializer(RedraftInputSerializer):
    """A re-draft into the edition the next season is played under: the re-draft's
    choices, plus the new position of each player the mapping leaves open (or that the
    coach moves), whom he keeps on each position over its new maximum, the team's
    option where the old one cannot carry, and the coach's confirmation that what
    cannot carry over is lost."""

    positions = PositionChoiceSerializer(many=True, default=list)
    keep = KeepChoiceSerializer(
        many=True,
        default=list,
        help_text="One entry per position over its new maximum (the GET's `over_limit`): "
        "whom the coach keeps there. Required for each such position; the kept players "
        "are re-hired whether or not listed in `rehire`.",
    )
    special_rule_choice = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=80
    )
    confirm_losses = serializers.BooleanField(
        default=False,
        help_text="Required where something cannot carry over (the GET lists it).",
    )


class RedraftBudgetSerializer(serializers.Serializer):
    """The re-draft budget as the server computed it (facts §5)."""

    base = serializers.IntegerField(help_text="1,000,000 gp")
    treasury = serializers.IntegerField()
    games_played = serializers.IntegerField(help_text="In the closed season, as recorded.")
    conceded_not_counted = serializers.IntegerField(
        help_text=(
            "Fixtures conceded for real-life reasons, no game played, that the edition "
            "does not count as games played (BB2020); those the team won are not counted "
            "as league wins either."
        )
    )
    for_games = serializers.IntegerField(help_text="20,000 gp per game played")
    league_wins = serializers.IntegerField()
    for_wins = serializers.IntegerField(help_text="20,000 gp per league win")
    league_draws = serializers.IntegerField()
    for_draws = serializers.IntegerField(help_text="10,000 gp per league draw")
    uncapped = serializers.IntegerField()
    cap = serializers.IntegerField(allow_null=True, help_text="The league's cap, if any.")
    budget = serializers.IntegerField()


class RedraftCostSerializer(serializers.Serializer):
    rehire_fees = serializers.IntegerField()
    new_players = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.IntegerField()
    total = serializers.IntegerField()


class RehireCandidateSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = StrictCharField()
    number = serializers.IntegerField()
    position = StrictCharField()
    current_value = serializers.IntegerField()
    seasons = serializers.IntegerField(help_text="Seasons played, counted by the server.")
    fee = serializers.IntegerField(help_text="Current value + 20,000 gp per season played.")


class RedraftOptionsSerializer(serializers.Serializer):
    """What the team's re-draft starts from: the closed season, the budget and
    each permanent player's re-hire fee."""

    from_season = serializers.IntegerField()
    to_season = serializers.IntegerField()
    budget = RedraftBudgetSerializer()
    players = RehireCandidateSerializer(many=True)


class RedraftResultSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The re-draft's record.")
    from_season = serializers.IntegerField()
    to_season = serializers.IntegerField()
    division = serializers.IntegerField(
        allow_null=True, help_text="The new season's division, or null until admitted."
    )
    budget = serializers.IntegerField()
    budget_parts = RedraftBudgetSerializer()
    cost = serializers.IntegerField()
    cost_parts = RedraftCostSerializer()
    rehired = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    fees = serializers.DictField(
        child=serializers.IntegerField(), help_text="Player id -> re-hire fee paid."
    )
    hired = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    left = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    niggling_removed = serializers.DictField(
        child=serializers.IntegerField(), help_text="Player id -> Niggling Injuries healed."
    )
    rolls = serializers.ListField(
        child=serializers.DictField(), help_text="[{purpose, die, result}], every roll made."
    )
    team = TeamSheetSerializer()
