"""factory_boy factories for the Django models."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.db.models import Max

from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.models import TeamSeat
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct-horse-battery")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")


class SectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Section

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Section {n}")
    slug = factory.Sequence(lambda n: f"section-{n}")
    planned_rounds = 5


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    section = factory.SubFactory(SectionFactory)
    starting_rank = factory.Sequence(lambda n: n + 1)
    first_name = factory.Sequence(lambda n: f"First{n}")
    last_name = factory.Sequence(lambda n: f"Last{n}")
    # Follows the starting rank, as the initial order would give it (and stays positive).
    fide_rating = factory.LazyAttribute(lambda player: 2400 - player.starting_rank % 2000)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    section = factory.SubFactory(SectionFactory)
    number = 1


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    round = factory.SubFactory(RoundFactory)
    board = factory.Sequence(lambda n: n + 1)
    white = factory.SubFactory(PlayerFactory, section=factory.SelfAttribute("..round.section"))
    black = factory.SubFactory(PlayerFactory, section=factory.SelfAttribute("..round.section"))


def swiss_section(
    players: int = 10, *, rounds_played: int = 2, results_in_last: bool = True, **section_kwargs
) -> Section:
    """A section with `players` players (rank 1 strongest) and `rounds_played` published rounds.

    Round r pairs the ranks rotated by r - 1 two by two (the higher rank White), the odd one
    out getting the pairing-allocated bye; odd boards end 1-0, even boards draw. With
    `results_in_last` False the last round has no results yet and stays published. Rows are
    bulk-created, so a 500-player section costs a handful of queries.
    """
    section = SectionFactory(planned_rounds=max(rounds_played + 2, 5), **section_kwargs)
    Player.objects.bulk_create(
        Player(
            section=section,
            starting_rank=rank,
            first_name=f"First{rank}",
            last_name=f"Player{rank:03d}",
            fide_rating=2600 - rank,
        )
        for rank in range(1, players + 1)
    )
    by_rank = {p.starting_rank: p for p in section.players.all()}
    ranks = list(by_rank)
    for number in range(1, rounds_played + 1):
        last = number == rounds_played
        finished = results_in_last or not last
        rnd = Round.objects.create(
            section=section,
            number=number,
            status=RoundStatus.COMPLETED if finished else RoundStatus.PUBLISHED,
        )
        shift = (number - 1) % len(ranks)
        order = ranks[shift:] + ranks[:shift]
        games = []
        for board, index in enumerate(range(0, len(order) - 1, 2), start=1):
            white, black = sorted(order[index : index + 2])
            result = (GameResult.WHITE_WINS if board % 2 else GameResult.DRAW) if finished else ""
            games.append(
                Game(
                    round=rnd,
                    board=board,
                    white=by_rank[white],
                    black=by_rank[black],
                    result=result,
                )
            )
        Game.objects.bulk_create(games)
        if len(order) % 2:
            Bye.objects.create(round=rnd, player=by_rank[order[-1]], kind=ByeKind.PAIRING_ALLOCATED)
    return section


# ---------------------------------------------------------------------------------------
# Teams
# ---------------------------------------------------------------------------------------


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    section = factory.SubFactory(SectionFactory, system="team_swiss", boards_per_match=2)
    name = factory.Sequence(lambda n: f"Team {n}")
    # The next free number in the section, whatever made the teams already there.
    starting_rank = factory.LazyAttribute(
        lambda team: (team.section.teams.aggregate(last=Max("starting_rank"))["last"] or 0) + 1
    )


class TeamMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamMember

    team = factory.SubFactory(TeamFactory)
    player = factory.SubFactory(PlayerFactory, section=factory.SelfAttribute("..team.section"))
    board_order = factory.Sequence(lambda n: n + 1)


def team_section(
    teams: int = 4, *, boards: int = 2, reserves: int = 1, rounds_played: int = 1, **kwargs
) -> Section:
    """A team Swiss section: `teams` teams of `boards + reserves` players, rounds played.

    Round r pairs the teams rotated by r - 1 two by two, the lower number the white team,
    and gives the team left over the PAB; line-ups are the first `boards` members. On
    every board the white team's player wins board 1 and draws the others, so each match
    ends in the white team's favour. Teams and players are numbered in order (team t's
    board b is player (t - 1) * size + b).
    """
    section = SectionFactory(
        system="team_swiss",
        boards_per_match=boards,
        planned_rounds=max(rounds_played + 2, 5),
        **kwargs,
    )
    size = boards + reserves
    Player.objects.bulk_create(
        Player(
            section=section,
            starting_rank=rank,
            first_name=f"First{rank}",
            last_name=f"Player{rank:03d}",
            fide_rating=2600 - rank,
        )
        for rank in range(1, teams * size + 1)
    )
    players = {p.starting_rank: p for p in section.players.all()}
    Team.objects.bulk_create(
        Team(section=section, name=f"Team {t:02d}", starting_rank=t) for t in range(1, teams + 1)
    )
    by_number = {t.starting_rank: t for t in section.teams.all()}
    TeamMember.objects.bulk_create(
        TeamMember(team=by_number[t], player=players[(t - 1) * size + b], board_order=b)
        for t in range(1, teams + 1)
        for b in range(1, size + 1)
    )
    numbers = list(by_number)
    for number in range(1, rounds_played + 1):
        rnd = Round.objects.create(section=section, number=number, status=RoundStatus.COMPLETED)
        shift = (number - 1) % len(numbers)
        order = numbers[shift:] + numbers[:shift]
        if len(order) % 2:
            bye = TeamBye.objects.create(round=rnd, team=by_number[order[-1]])
            TeamSeat.objects.create(round=rnd, team=bye.team, bye=bye)
        for index, start in enumerate(range(0, len(order) - 1, 2), start=1):
            white_team, black_team = sorted(order[start : start + 2])
            match = TeamMatch.objects.create(
                round=rnd,
                number=index,
                white_team=by_number[white_team],
                black_team=by_number[black_team],
            )
            TeamSeat.objects.bulk_create(
                TeamSeat(round=rnd, team=by_number[t], match=match)
                for t in (white_team, black_team)
            )
            for b in range(1, boards + 1):
                ours = players[(white_team - 1) * size + b]
                theirs = players[(black_team - 1) * size + b]
                Lineup.objects.create(
                    match=match, round=rnd, team=match.white_team, board=b, player=ours
                )
                Lineup.objects.create(
                    match=match, round=rnd, team=match.black_team, board=b, player=theirs
                )
                white, black = (ours, theirs) if b % 2 else (theirs, ours)
                result = GameResult.WHITE_WINS if b == 1 else GameResult.DRAW
                Game.objects.create(
                    round=rnd,
                    board=(index - 1) * boards + b,
                    white=white,
                    black=black,
                    result=result,
                )
    return section
