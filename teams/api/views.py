"""Team sections through the API: teams and rosters, a round's match cards, line-ups.

Reads follow the site's visibility (public events to everyone; draft rounds only to the
event's organisers and arbiters). A line-up is entered by the team's captain (once the
round is published) or by the event's organisers and arbiters, until a board of the match
has a result.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.exceptions import NotFound
from common.exceptions import ValidationError
from teams import selectors
from teams import services
from teams.api.serializers import BoardsInputSerializer
from teams.api.serializers import LineupBoardSerializer
from teams.api.serializers import LineupInputSerializer
from teams.api.serializers import RosterEntryInputSerializer
from teams.api.serializers import RoundMatchesSerializer
from teams.api.serializers import TeamInputSerializer
from teams.api.serializers import TeamSerializer
from tournaments.api import selectors as visible
from tournaments.models import Player
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager


def _team_section(pk: int, request: Request) -> Section:
    section = visible.section_visible_or_404(pk=pk, user=request.user)
    if not section.is_team:
        raise NotFound(f"Section {pk} is not a team section.")
    return section


class TeamListView(APIView):
    """The section's teams by number, each with its roster in board order; organisers and
    arbiters add a team with its roster (each player entered in the section)."""

    @extend_schema(responses={200: TeamSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        section = _team_section(pk, request)
        return Response(TeamSerializer(selectors.team_list(section=section), many=True).data)

    @extend_schema(request=TeamInputSerializer, responses={201: TeamSerializer})
    def post(self, request: Request, pk: int) -> Response:
        section = _team_section(pk, request)
        given = TeamInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        roster = _roster(data.get("players", []))
        team = services.team_enter(
            section=section,
            user=request.user,
            name=data["name"],
            short_name=data.get("short_name", ""),
            federation=data.get("federation", ""),
            players=roster,
        )
        created = selectors.team_list(section=section).get(pk=team.pk)
        return Response(TeamSerializer(created).data, status=status.HTTP_201_CREATED)


class TeamPlayersView(APIView):
    """Add players to a team's roster, after its last board (organisers and arbiters)."""

    @extend_schema(request=RosterEntryInputSerializer(many=True), responses={201: TeamSerializer})
    def post(self, request: Request, pk: int, team: int) -> Response:
        section = _team_section(pk, request)
        chosen = selectors.team_get(section=section, number=team)
        if chosen is None:
            raise NotFound(f"Section {pk} has no team {team}.")
        given = RosterEntryInputSerializer(data=request.data, many=True)
        given.is_valid(raise_exception=True)
        roster = _roster(given.validated_data)
        services.team_roster_extend(team=chosen, user=request.user, players=roster)
        updated = selectors.team_list(section=section).get(pk=chosen.pk)
        return Response(TeamSerializer(updated).data, status=status.HTTP_201_CREATED)


class BoardsView(APIView):
    """Set a team section's number of boards per match (before round 1 is paired)."""

    @extend_schema(request=BoardsInputSerializer, responses={200: BoardsInputSerializer})
    def post(self, request: Request, pk: int) -> Response:
        section = _team_section(pk, request)
        given = BoardsInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        section = services.team_section_boards_set(
            section=section, user=request.user, boards=given.validated_data["boards_per_match"]
        )
        return Response({"boards_per_match": section.boards_per_match})


class RoundMatchesView(APIView):
    """A round's matches: both teams, each board's players and result, game points, and
    match points once the match is decided; then the team byes."""

    @extend_schema(responses={200: RoundMatchesSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        section = _team_section(pk, request)
        manager = event_is_manager(event=section.event, user=request.user)
        page = selectors.round_matches_get(section=section, number=number, drafts=manager)
        if page.round is None:
            raise NotFound(f"Round {number} of section {pk} is not published.")
        return Response(RoundMatchesSerializer(page).data)


class LineupView(APIView):
    """Enter a team's line-up for its match of the round (the captain once the round is
    published, or the event's organisers and arbiters); the boards' games follow it."""

    @extend_schema(request=LineupInputSerializer, responses={200: LineupBoardSerializer(many=True)})
    def post(self, request: Request, pk: int, number: int, team: int) -> Response:
        section = _team_section(pk, request)
        chosen = selectors.team_get(section=section, number=team)
        drafts = event_is_manager(event=section.event, user=request.user)
        match = selectors.team_round_match_get(
            section=section, number=number, team=chosen, drafts=drafts
        )
        if chosen is None or match is None:
            raise NotFound(f"Team {team} has no match in round {number} of section {pk}.")
        given = LineupInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        ranks = given.validated_data.get("players")
        players = None if ranks is None else _players_by_rank(section, ranks)
        rows = services.lineup_set(match=match, team=chosen, user=request.user, players=players)
        return Response(LineupBoardSerializer(rows, many=True).data)


def _roster(entries: list[dict[str, Any]]) -> list[services.RosterEntry]:
    """Validated `RosterEntryInputSerializer` data as the services' roster entries."""
    return [
        services.RosterEntry(entry["last_name"], entry.get("first_name", ""), entry.get("rating"))
        for entry in entries
    ]


def _players_by_rank(section: Section, ranks: list[int | None]) -> list[Player | None]:
    given = [rank for rank in ranks if rank is not None]
    found = {p.starting_rank: p for p in section.players.filter(starting_rank__in=given)}
    missing = [rank for rank in ranks if rank is not None and rank not in found]
    if missing:
        raise ValidationError(f"Section {section.pk} has no player {missing[0]}.", field="players")
    return [found[rank] if rank is not None else None for rank in ranks]
