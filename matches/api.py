"""The matches API (/api/v1/matches/, /api/v1/leaderboards/).

Everyone reads; the coaches of the two teams and the league's commissioners
run a match; only a commissioner corrects a report. Views stay thin: an input
serializer checks the request's shape and a service in ``matches.services``
does the work. Rule problems come back as 400 ``{"detail", "errors"}`` with
every reason; someone else's match as 403; an unknown match or event as 404;
a second report for a match already reported as 409.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from matches import selectors, services
from matches.api_captain import TeamCaptainInputSerializer, TeamCaptainsSerializer, captains_data
from matches.api_common import (
    BAD,
    DENIED,
    EVENT_ID,
    IDEMPOTENCY_KEY,
    NOT_FOUND,
    MatchPermission,
    conflict_response,
    writes,
)
from matches.errors import ReportConflict
from matches.filters import MatchFilter
from matches.live_views import casualty_results
from matches.models import Match
from matches.selectors.state import MatchState, match_state
from matches.serializers import (
    DiceRollSerializer,
    LeaderboardRowSerializer,
    MatchDetailSerializer,
    MatchEventSerializer,
    MatchSummarySerializer,
    NextMatchSerializer,
    PostGameStateSerializer,
    ReportSerializer,
    SequenceStateSerializer,
    SppShortfallSerializer,
)
from matches.serializers_input import (
    CorrectionInputSerializer,
    EventInputSerializer,
    LeaderboardQuerySerializer,
    OpenMatchInputSerializer,
    PostGameChoiceInputSerializer,
    PreGameChoiceInputSerializer,
    ReportInputSerializer,
    ShortfallDecisionInputSerializer,
    for_league,
)
from matches.services.pregame.captain import name_team_captain
from matches.view_state import match_or_404


class CasualtyResultSerializer(serializers.Serializer):
    """A casualty of the draft report whose victim has no result yet: his coach records
    it (``POST events/`` with ``kind`` "injury", ``player`` the victim) before the
    report can be submitted."""

    event = serializers.IntegerField(source="event.pk", help_text="The casualty event.")
    caused_by = serializers.IntegerField(source="event.player_id")
    victim = serializers.IntegerField(source="event.victim_id")
    victim_name = StrictCharField(source="victim", help_text='e.g. "#7 Grim".')
    side = StrictCharField(help_text="The victim's side, whose coach records the result.")
    team = StrictCharField(help_text="The victim's team.")
    text = StrictCharField(help_text="The casualty as the match page lists it.")
    yours = serializers.BooleanField(help_text="Whether you may record the result.")


class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One match per fixture, from the pre-game to the post-game."""

    serializer_class = MatchSummarySerializer
    filterset_class = MatchFilter
    permission_classes = [MatchPermission]
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> Any:
        return selectors.match_list()

    def _match(self) -> Match:
        """The match of the address, its permission checked: the one read every action
        starts with (``selectors.match_detail``), not the list's queryset with its
        filters."""
        match = match_or_404(int(self.kwargs["pk"]))
        self.check_object_permissions(self.request, match)
        return match

    def _read_state(self, match: Match, *, read: bool) -> MatchState:
        """The request's state of the match: of the row ``_match`` read (``read``: a
        question, nothing changed since), else read again (after an action)."""
        return match_state(match if read else match.pk, self.request.user)

    def _detail(self, match: Match, *, read: bool = False) -> dict[str, Any]:
        state = self._read_state(match, read=read)
        context = {
            "current_report": state.report.pk if state.report else None,
            "permissions": state.perms,
        }
        return MatchDetailSerializer(state.match, context=context).data

    def _pre_game(self, match: Match, *, read: bool = False) -> dict[str, Any]:
        state = self._read_state(match, read=read)
        return SequenceStateSerializer(selectors.pre_game_state(state.match, state=state)).data

    def _post_game(self, match: Match, *, read: bool = False) -> dict[str, Any]:
        state = self._read_state(match, read=read)
        return PostGameStateSerializer(selectors.post_game_state(state.match, state=state)).data

    @extend_schema(summary="List matches", description="Filter by season, team and status.")
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={200: MatchDetailSerializer, 404: NOT_FOUND})
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(self._detail(self._match(), read=True))

    @extend_schema(
        summary="Open the match of a fixture",
        request=OpenMatchInputSerializer,
        responses=writes({200: MatchDetailSerializer, 201: MatchDetailSerializer}),
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Either coach or a commissioner opens it; 200 if it was open already."""
        fixture_id = validated(OpenMatchInputSerializer, request.data)["fixture"]
        fixture = get_object_or_404(selectors.fixtures_to_open(), pk=fixture_id)
        existed = selectors.has_match(fixture)
        match = services.open_match(request.user, fixture)
        code = status.HTTP_200_OK if existed else status.HTTP_201_CREATED
        return Response(self._detail(match), status=code)

    @extend_schema(
        summary="Start the pre-game", request=None, responses=writes({200: SequenceStateSerializer})
    )
    @action(detail=True, methods=["post"], url_path="start-pre-game")
    def start_pre_game(self, request: Request, pk: str) -> Response:
        match = services.start_pre_game(request.user, self._match())
        return Response(self._pre_game(match))

    @extend_schema(
        summary="The pre-game: steps, decisions waiting, numbers, dice",
        responses={200: SequenceStateSerializer, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], url_path="pre-game")
    def pre_game(self, request: Request, pk: str) -> Response:
        return Response(self._pre_game(self._match(), read=True))

    @extend_schema(
        summary="Answer a pre-game decision",
        request=PreGameChoiceInputSerializer,
        responses=writes({200: SequenceStateSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="pre-game-choices")
    def pre_game_choices(self, request: Request, pk: str) -> Response:
        match = self._match()
        values = validated(PreGameChoiceInputSerializer, request.data)
        match = services.submit_pre_game_choice(request.user, match, **values)
        return Response(self._pre_game(match))

    @extend_schema(
        methods=["GET"],
        summary="Each side's Team Captain in the pre-game, or whom its coach may name",
        responses={200: TeamCaptainsSerializer, 404: NOT_FOUND},
    )
    @extend_schema(
        methods=["POST"],
        summary="Name a new Team Captain in the pre-game (BB2025, once the captain has left)",
        request=TeamCaptainInputSerializer,
        responses=writes({200: TeamCaptainsSerializer}),
    )
    @action(detail=True, methods=["get", "post"], url_path="team-captain")
    def team_captain(self, request: Request, pk: str) -> Response:
        match = self._match()
        if request.method == "GET":
            return Response(captains_data(match))
        values = validated(TeamCaptainInputSerializer, request.data)
        named = name_team_captain(request.user, match, values["side"], values["player"])
        return Response(captains_data(selectors.match_detail(match.pk), named))

    @extend_schema(
        summary="Kick off (journeymen taken, inducements paid)",
        request=None,
        responses=writes({200: MatchDetailSerializer}),
    )
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        return Response(self._detail(services.start_match(request.user, self._match())))

    @extend_schema(
        methods=["GET"],
        summary="The draft report's events",
        responses={200: MatchEventSerializer(many=True), 404: NOT_FOUND},
    )
    @extend_schema(
        methods=["POST"],
        summary="Add one event to the draft report",
        request=EventInputSerializer,
        responses=writes({201: MatchEventSerializer}),
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def events(self, request: Request, pk: str) -> Response:
        match = self._match()
        if request.method == "GET":
            return Response(MatchEventSerializer(selectors.draft_events(match), many=True).data)
        values = validated(for_league(EventInputSerializer, match), request.data)
        event = services.add_event(request.user, match, **values)
        event = selectors.draft_event(match, event.pk)
        return Response(MatchEventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Casualties whose result the victim's coach has still to record",
        description=(
            "While the match is in play, in a league whose ruleset has a Casualty table: "
            "each casualty event of the draft report whose victim has no injury event (his "
            "result) yet. The victim's coach (or a commissioner) records it as an event "
            "(kind injury, player the victim); the report is refused until none is left. "
            "Empty otherwise."
        ),
        responses={200: CasualtyResultSerializer(many=True), 404: NOT_FOUND},
    )
    @action(
        detail=True,
        methods=["get"],
        url_path="casualty-results",
        pagination_class=None,
        filter_backends=[],
    )
    def casualty_results(self, request: Request, pk: str) -> Response:
        state = self._read_state(self._match(), read=True)
        missing = casualty_results(state)
        return Response(CasualtyResultSerializer(missing, many=True).data)

    @extend_schema(
        summary="Remove one event from the draft report",
        parameters=[EVENT_ID],
        request=None,
        responses=writes({204: None}),
    )
    @action(
        detail=True,
        methods=["delete"],
        url_path=r"events/(?P<event_id>[0-9]+)",
        filter_backends=[],
    )
    def remove_event(self, request: Request, pk: str, event_id: str) -> Response:
        match = self._match()
        event = get_object_or_404(selectors.draft_events(match), pk=int(event_id))
        services.remove_event(request.user, match, event)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        methods=["GET"],
        summary="The current report",
        responses={200: ReportSerializer, 404: NOT_FOUND},
    )
    @extend_schema(
        methods=["POST"],
        summary="Submit the report (once; Idempotency-Key makes a retry safe)",
        description=(
            "Without `events` the draft's events are the report's. A Blitz Bowl game adds "
            "its points: Challenge cards, Clean Sweeps, Bonus Play points, Sudden Death "
            "(refused by a league scored in touchdowns). 201 with the report; "
            "200 with the same report when the same Idempotency-Key and body come again; "
            "409 when the match already has a report (ask a commissioner to correct it)."
        ),
        parameters=[IDEMPOTENCY_KEY],
        request=ReportInputSerializer,
        responses=writes({200: ReportSerializer, 201: ReportSerializer}, conflict=True),
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def report(self, request: Request, pk: str) -> Response:
        match = self._match()
        if request.method == "GET":
            report = selectors.current_report(match)
            if report is None:
                raise exceptions.NotFound(
                    _("%(match)s has no report yet.") % {"match": match.title}
                )
            return Response(ReportSerializer(report).data)
        values = validated(for_league(ReportInputSerializer, match), request.data)
        try:
            submission = services.submit_report(
                request.user,
                match,
                idempotency_key=request.headers.get("Idempotency-Key"),
                **values,
            )
        except ReportConflict as error:
            return conflict_response(error)
        code = status.HTTP_201_CREATED if submission.created else status.HTTP_200_OK
        return Response(ReportSerializer(submission.report).data, status=code)

    @extend_schema(
        summary="Every version of the report (corrections after the first)",
        responses={200: ReportSerializer(many=True), 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def reports(self, request: Request, pk: str) -> Response:
        history = selectors.report_history(self._match())
        return Response(ReportSerializer(history, many=True).data)

    @extend_schema(
        summary="Correct the report (commissioners)",
        description=(
            "A new version replaces the current one; an applied post-game is reverted and "
            "applied again on the same dice, and later post-games of the teams whose Treasury "
            "or Dedicated Fans it moves are worked out again in order. SPP a player had "
            "already spent are listed under shortfalls for the commissioner to decide. "
            "Refused (400, with the reason) when a treasury would end below zero."
        ),
        request=CorrectionInputSerializer,
        responses=writes({201: ReportSerializer}),
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def correct(self, request: Request, pk: str) -> Response:
        match = self._match()
        values = validated(for_league(CorrectionInputSerializer, match), request.data)
        report = services.correct_report(request.user, match, **values)
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="The post-game: steps, decisions waiting, what it did to each team",
        responses={200: PostGameStateSerializer, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], url_path="post-game", filter_backends=[])
    def post_game(self, request: Request, pk: str) -> Response:
        return Response(self._post_game(self._match(), read=True))

    @extend_schema(
        summary="Answer the post-game's decisions: done with the hiring step",
        description=(
            "BB2020 step 4 (hiring, firing, temporarily retiring): the side's coach says "
            "he is done, with the journeymen to hire and players to retire; what he buys "
            "or fires meanwhile he does from the team's own endpoints. Expensive Mistakes "
            "then roll on the Treasury as it stands. Classic: whether the winner "
            "re-rolls the winnings (reroll_winnings). A decision waiting and not given is "
            "answered none."
        ),
        request=PostGameChoiceInputSerializer,
        responses=writes({200: PostGameStateSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="post-game-choices", filter_backends=[])
    def post_game_choices(self, request: Request, pk: str) -> Response:
        match = self._match()
        values = validated(PostGameChoiceInputSerializer, request.data)
        services.submit_post_game_choices(request.user, match, **values)
        return Response(self._post_game(match))

    @extend_schema(
        summary="SPP corrections took back from players who had spent them",
        responses={200: SppShortfallSerializer(many=True), 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def shortfalls(self, request: Request, pk: str) -> Response:
        rows = selectors.shortfalls(self._match())
        return Response(SppShortfallSerializer(rows, many=True).data)

    @extend_schema(
        summary="Decide a shortfall: grant the SPP or undo the advancements (commissioners)",
        request=ShortfallDecisionInputSerializer,
        responses=writes({200: SppShortfallSerializer}),
    )
    @action(
        detail=True,
        methods=["post"],
        url_path=r"shortfalls/(?P<shortfall_id>[0-9]+)/settle",
        filter_backends=[],
    )
    def settle_shortfall(self, request: Request, pk: str, shortfall_id: str) -> Response:
        match = self._match()
        shortfall = get_object_or_404(selectors.shortfalls(match), pk=shortfall_id)
        values = validated(ShortfallDecisionInputSerializer, request.data)
        done = services.settle_shortfall(request.user, shortfall, values["decision"])
        return Response(SppShortfallSerializer(done).data)

    @extend_schema(
        summary="End the post-game's waiting for coaches not done by the deadline",
        description=(
            "Commissioners only, after the report's hiring_deadline: each side that has "
            "not answered is answered none and the post-game completes."
        ),
        request=None,
        responses=writes({200: PostGameStateSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="end-post-game", filter_backends=[])
    def end_post_game(self, request: Request, pk: str) -> Response:
        match = self._match()
        services.end_hiring_step(request.user, match)
        return Response(self._post_game(match))

    @extend_schema(
        summary="Close the match", request=None, responses=writes({200: MatchDetailSerializer})
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def close(self, request: Request, pk: str) -> Response:
        return Response(self._detail(services.close_match(request.user, self._match())))

    @extend_schema(
        summary="Every roll, pre-game then post-game (per report version)",
        responses={200: DiceRollSerializer(many=True), 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def dice(self, request: Request, pk: str) -> Response:
        return Response(DiceRollSerializer(selectors.dice_log(self._match()), many=True).data)

    @extend_schema(
        summary="My next match (a match in progress, else the next open fixture)",
        responses={200: NextMatchSerializer, 401: DENIED, 403: DENIED},
    )
    @action(
        detail=False,
        methods=["get"],
        permission_classes=[IsAuthenticated],
        pagination_class=None,
        filter_backends=[],
    )
    def next(self, request: Request) -> Response:
        found = selectors.next_match_for(request.user)
        data = {
            "fixture": found.fixture if found else None,
            "match": found.match if found else None,
        }
        return Response(NextMatchSerializer(data).data)


class LeaderboardView(APIView):
    """The best players of a season (or of all seasons) by one statistic."""

    permission_classes: list = []

    @extend_schema(
        summary="Leaderboards",
        parameters=[LeaderboardQuerySerializer],
        responses={200: LeaderboardRowSerializer(many=True), 400: BAD},
    )
    def get(self, request: Request) -> Response:
        query = validated(LeaderboardQuerySerializer, request.query_params)
        rows = selectors.leaderboards(query.get("season"), query["stat"], query["limit"])
        return Response(LeaderboardRowSerializer(rows, many=True).data)
