"""Team matches, line-ups and forfeits, and the games of a match's boards."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.db.models import QuerySet

from common.exceptions import NotFound
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.types import AnyUser
from teams.models import Lineup
from teams.models import MatchForfeit
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamSeat
from teams.selectors import board_label
from teams.selectors import is_available
from teams.selectors import lineup_default
from teams.services.base import LineupInvalid
from teams.services.base import LineupStateError
from teams.services.base import NotATeamSection
from teams.services.base import round_touch
from teams.services.base import team_section_lock_for_manager
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.services import event_manager_require
from tournaments.services import log_write
from tournaments.services.boards import seated_rows_create
from tournaments.services.changes import player_label


@transaction.atomic
def team_match_create(
    *, round: Round, white_team: Team, black_team: Team, user: AnyUser, number: int | None = None
) -> TeamMatch:
    """Pair two teams of the round's section; `white_team` has White on board 1.

    Each side gets its seat, so the database refuses a team in two matches of a round.
    Locks the section.
    """
    section = team_section_lock_for_manager(section_id=round.section_id, user=user)
    if {white_team.section_id, black_team.section_id} != {section.pk}:
        raise ValidationError("Both teams must play in the round's section.", field="team")
    if white_team.pk == black_team.pk:
        raise ValidationError("A team cannot play itself.", field="black_team")
    taken = TeamSeat.objects.filter(round=round, team__in=[white_team, black_team])
    if taken.exists():
        raise StateError("A team already has a match in this round.", code="team_paired")
    if number is None:
        number = (round.team_matches.aggregate(last=Max("number"))["last"] or 0) + 1
    (match,), _byes = seated_team_rows_create(
        matches=[
            TeamMatch(round=round, number=number, white_team=white_team, black_team=black_team)
        ]
    )
    log_write(
        section,
        user,
        LogAction.PLAYERS_PAIR,
        (
            f"Match {number} of round {round.number} made by hand: "
            f"{white_team.name} – {black_team.name}."
        ),
        round_number=round.number,
    )
    return match


def _lineup_checked(
    team: Team, players: Sequence[Player | None], boards: int, round_number: int
) -> list[Player | None]:
    if len(players) > boards:
        raise LineupInvalid(f"A match has {boards} boards, not {len(players)}.", field="board")
    members = {m.player_id: m for m in team.members.select_related("player")}
    roster = {pk: m.player for pk, m in members.items()}
    seen: set[int] = set()
    # The board and player, of those lined up so far, listed lowest on the roster.
    above: tuple[int, Player] | None = None
    for board, player in enumerate(players, start=1):
        if player is None:
            continue
        if player.pk not in roster:
            raise LineupInvalid(
                f"{player.full_name} is not on {team.name}.", field=f"board_{board}"
            )
        if player.pk in seen:
            raise LineupInvalid(
                f"{player.full_name} cannot play two boards.", field=f"board_{board}"
            )
        if not is_available(roster[player.pk], round_number):
            raise LineupInvalid(
                f"{player.full_name} does not play round {round_number}.", field=f"board_{board}"
            )
        seen.add(player.pk)
        order = members[player.pk].board_order
        if above is not None and members[above[1].pk].board_order > order:
            upper_board, upper = above
            raise LineupInvalid(
                f"Board order: {upper.full_name} (roster {members[upper.pk].board_order}, "
                f"board {upper_board}) cannot play above {player.full_name} (roster {order}, "
                f"board {board}); players keep their roster order, a reserve may be left out.",
                field=f"board_{board}",
                code="board_order",
            )
        if above is None or members[above[1].pk].board_order < order:
            above = (board, player)
    return [*players, *([None] * (boards - len(players)))]


@transaction.atomic
def lineup_set(
    *,
    match: TeamMatch,
    team: Team,
    user: AnyUser,
    players: Sequence[Player | None] | None = None,
) -> list[Lineup]:
    """Enter `team`'s line-up for `match`: `players[i]` plays board i + 1 (None: empty).

    Without `players` the line-up is the default one (`lineup_default`). The team's captain
    (once the round is published: `NotFound` before) or the event's organisers and
    arbiters may do it until a board of the match has a result (or the match is forfeited,
    or the round is over). Once the round is paired the match's games follow the new
    line-up (`_match_games_sync`). Replaces any earlier line-up; calling it twice with the
    same players leaves the same rows. Locks the match.
    The log keeps the boards whose player changed (none: no entry).
    """
    match = (
        TeamMatch.objects.select_for_update()
        .select_related("round__section__event")
        .get(pk=match.pk)
    )
    section, rnd = match.round.section, match.round
    if team.pk not in (match.white_team_id, match.black_team_id):
        raise ValidationError(f"{team.name} does not play this match.", field="team")
    if team.captain_id is None or team.captain_id != getattr(user, "pk", None):
        event_manager_require(event=section.event, user=user)
    elif rnd.status not in VISIBLE_ROUND_STATUSES and not event_is_manager(
        event=section.event, user=user
    ):
        # A draft is the managers' until it is published: a captain does not see it yet.
        raise NotFound(f"Match {match.number} of round {rnd.number} is not published yet.")
    if not section.boards_per_match:
        raise NotATeamSection(f"{section.name} has no number of boards per match.")
    if match.forfeit:
        raise LineupStateError(f"Match {match.number} of round {rnd.number} is forfeited.")
    if rnd.status == RoundStatus.COMPLETED or _match_games(match).exclude(result="").exists():
        raise LineupStateError(
            f"A board of match {match.number} of round {rnd.number} has a result already."
        )
    boards = section.boards_per_match
    if players is None:
        chosen = lineup_default(team=team, round_number=rnd.number, boards=boards)
    else:
        chosen = _lineup_checked(team, players, boards, rnd.number)
    earlier: dict[int, int | None] = dict(
        Lineup.objects.filter(match=match, team=team).values_list("board", "player_id")
    )
    Lineup.objects.filter(match=match, team=team).delete()
    rows = Lineup.objects.bulk_create(
        Lineup(match=match, round=rnd, team=team, board=board, player=player)
        for board, player in enumerate(chosen, start=1)
    )
    if rnd.status in (RoundStatus.DRAFT, RoundStatus.PUBLISHED):
        _match_games_sync(match, boards)
        _round_settle(rnd)
    round_touch(rnd)
    _lineup_log(match, team, user, earlier, chosen)
    return rows


def _lineup_log(
    match: TeamMatch,
    team: Team,
    user: AnyUser,
    earlier: dict[int, int | None],
    chosen: Sequence[Player | None],
) -> None:
    """One entry for a line-up entered: the boards whose player changed, by name."""
    section, rnd = match.round.section, match.round
    named = {p.pk: p for p in Player.objects.filter(pk__in=[v for v in earlier.values() if v])}
    changes = {}
    for board, player in enumerate(chosen, start=1):
        before = earlier.get(board)
        if (player.pk if player else None) != before or board not in earlier:
            old = named[before].full_name if before in named else None
            changes[f"board {board}"] = [old, player.full_name if player else None]
    if earlier and not changes:
        return
    boards = "; ".join(
        f"{board}. {player_label(p) if p else 'empty'}" for board, p in enumerate(chosen, start=1)
    )
    log_write(
        section,
        user,
        LogAction.LINEUP,
        f"Line-up of {team.name} for match {match.number} of round {rnd.number}: {boards}.",
        round_number=rnd.number,
        players=[p for p in chosen if p is not None],
        changes=changes,
    )


@transaction.atomic
def team_match_forfeit(*, match: TeamMatch, user: AnyUser, kind: str) -> TeamMatch:
    """Record (or with ``""`` clear) a forfeit of the whole match.

    A forfeit decides the match whatever its boards say: the winner gets a won match and
    the forfeit-win points on every board (C.07 team rules); both teams lose a double
    forfeit. The match's boards still to be played are no longer played (their games go,
    and come back when the forfeit is cleared); boards with a result keep it. Only once
    the round is published and until the next round is paired. Locks the match.
    """
    if kind not in MatchForfeit.values:
        raise ValidationError(f"{kind!r} is not a kind of forfeit.", field="kind")
    match = (
        TeamMatch.objects.select_for_update()
        .select_related("round__section__event")
        .get(pk=match.pk)
    )
    section, rnd = match.round.section, match.round
    event_manager_require(event=section.event, user=user)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise StateError(f"Round {rnd.number} is not published.", code="round_state")
    following = Round.objects.filter(section=section, number=rnd.number + 1).first()
    if following is not None and following.status != RoundStatus.PENDING:
        raise StateError(f"Round {rnd.number + 1} is already paired.", code="round_state")
    if match.forfeit != kind:
        previous = match.forfeit
        match.forfeit = kind
        match.save(update_fields=["forfeit", "updated_at"])
        if section.boards_per_match:
            _match_games_sync(match, section.boards_per_match)
        _round_settle(rnd)
        round_touch(rnd)
        teams = f"{match.white_team.name} – {match.black_team.name}"
        what = MatchForfeit(kind).label if kind else "forfeit cleared"
        log_write(
            section,
            user,
            LogAction.MATCH_FORFEIT,
            f"Match {match.number} of round {rnd.number} ({teams}): {what}.",
            round_number=rnd.number,
            changes={"forfeit": [previous, kind]},
        )
    return match


# ---------------------------------------------------------------------------------------
# The boards of a match: its games, made from the line-ups
# ---------------------------------------------------------------------------------------


def _match_games(match: TeamMatch) -> QuerySet[Game]:
    """The games of the match's boards: numbers (match - 1) x boards + 1 onwards."""
    boards = match.round.section.boards_per_match or 0
    first = (match.number - 1) * boards
    return Game.objects.filter(round=match.round, board__gt=first, board__lte=first + boards)


def _match_games_sync(match: TeamMatch, boards: int) -> None:
    """Make the match's games agree with its line-ups; a game with a result stays.

    Board b of match m is game (m - 1) x boards + b, between the two players lined up on
    it: the white team (White on board 1) has White on the odd boards (C.04.6 4). A board
    with an empty side has no game, it is lost by forfeit (`selectors.BoardLine`); a
    forfeited match has none at all.
    """
    rnd = match.round
    first = (match.number - 1) * boards
    existing = list(_match_games(match))
    kept = {g.board for g in existing if g.result != GameResult.PENDING}
    Game.objects.filter(pk__in=[g.pk for g in existing if g.board not in kept]).delete()
    if match.forfeit:
        return
    sides = {(row.team_id, row.board): row.player_id for row in match.lineups.all()}
    made = []
    for board in range(1, boards + 1):
        ours = sides.get((match.white_team_id, board))
        theirs = sides.get((match.black_team_id, board))
        if ours is None or theirs is None or first + board in kept:
            continue
        white, black = (ours, theirs) if board % 2 == 1 else (theirs, ours)
        made.append(
            Game(
                round=rnd,
                board=first + board,
                white_id=white,
                black_id=black,
                explanation=board_label(
                    white_team=match.white_team, black_team=match.black_team, board=board
                )
                + ".",
            )
        )
    seated_rows_create(games=made)


def _round_settle(rnd: Round) -> None:
    """A published round is completed when no game is left to play, and published again
    when one comes back (a forfeit cleared)."""
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        return
    pending = rnd.games.filter(result=GameResult.PENDING).exists()
    status = RoundStatus.PUBLISHED if pending else RoundStatus.COMPLETED
    if status != rnd.status:
        rnd.status = status
        rnd.save(update_fields=["status", "updated_at"])


@dataclass(frozen=True, slots=True)
class PairedMatch:
    """A match of a paired round by team numbers, with both line-ups by starting rank
    (``None``: an empty board)."""

    white_team: int
    black_team: int
    white_boards: tuple[int | None, ...]
    black_boards: tuple[int | None, ...]
    forfeit: str = ""
    """A `MatchForfeit` value when the match is lost by forfeit as a whole (330)."""


def team_round_store(
    *, round: Round, matches: Sequence[PairedMatch], pab: int | None
) -> list[TeamMatch]:
    """Store the teams' side of a paired round: matches in table order, line-ups, the games
    of their boards, and the team PAB (C.04.6 1.4).

    For the pairing worker, which holds the section's lock and checks the round's state;
    anything the round held for teams before is replaced. Raises `ValidationError` (field
    ``teams``) when a team or player number is not the section's.
    """
    section = round.section
    boards = section.boards_per_match or 0
    if not boards:
        raise NotATeamSection(f"{section.name} has no number of boards per match.")
    teams = {t.starting_rank: t for t in section.teams.all()}
    players = dict(section.players.values_list("starting_rank", "pk"))
    numbers = [t for m in matches for t in (m.white_team, m.black_team)]
    if pab is not None:
        numbers.append(pab)
    if not set(numbers) <= teams.keys():
        raise ValidationError("A team of the pairing is not in the section.", field="teams")
    ranks = {r for m in matches for r in (*m.white_boards, *m.black_boards) if r is not None}
    if not ranks <= players.keys():
        raise ValidationError("A player of a line-up is not in the section.", field="teams")
    round.team_matches.all().delete()
    round.team_byes.all().delete()
    made, _byes = seated_team_rows_create(
        matches=[
            TeamMatch(
                round=round,
                number=number,
                white_team=teams[m.white_team],
                black_team=teams[m.black_team],
                forfeit=m.forfeit,
            )
            for number, m in enumerate(matches, start=1)
        ],
        byes=[TeamBye(round=round, team=teams[pab])] if pab is not None else [],
    )
    Lineup.objects.bulk_create(
        Lineup(
            match=match,
            round=round,
            team=team,
            board=board,
            player_id=players[rank] if rank is not None else None,
        )
        for match, m in zip(made, matches, strict=True)
        for team, line in ((match.white_team, m.white_boards), (match.black_team, m.black_boards))
        for board, rank in enumerate(line[:boards], start=1)
    )
    for match in made:
        _match_games_sync(match, boards)
    return made


def seated_team_rows_create(
    *, matches: Iterable[TeamMatch] = (), byes: Iterable[TeamBye] = ()
) -> tuple[list[TeamMatch], list[TeamBye]]:
    """Create `matches` and `byes` (unsaved rows, of any rounds) and a seat for each of their
    teams: the one place team matches, team byes and their seats (`TeamSeat`) are made, as
    `tournaments.services.boards.seated_rows_create` is for games and byes. Returns the rows
    made; three queries at most."""
    made_matches = TeamMatch.objects.bulk_create(matches)
    made_byes = TeamBye.objects.bulk_create(byes)
    TeamSeat.objects.bulk_create(
        [
            *(
                TeamSeat(round_id=m.round_id, team_id=team, match=m)
                for m in made_matches
                for team in (m.white_team_id, m.black_team_id)
            ),
            *(TeamSeat(round_id=b.round_id, team_id=b.team_id, bye=b) for b in made_byes),
        ]
    )
    return made_matches, made_byes
