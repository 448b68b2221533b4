"""Teams of a team section, their rosters in board order, their matches and line-ups."""

from __future__ import annotations

from django.db import models
from django.db.models import F
from django.db.models import Q

from common.models import TimeStampedModel
from common.models import account_link
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section


class Team(TimeStampedModel):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    short_name = models.CharField(max_length=20, blank=True)
    starting_rank = models.PositiveIntegerField()
    federation = models.CharField(max_length=3, blank=True)
    # May enter the team's line-ups; organisers and arbiters may enter every team's.
    captain = account_link("captained_teams")
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The team plays no more from this round on."
    )

    class Meta:
        ordering = ["section", "starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["section", "starting_rank"], name="team_rank_unique"),
            models.UniqueConstraint(fields=["section", "name"], name="team_name_unique"),
            models.CheckConstraint(condition=Q(starting_rank__gte=1), name="team_rank_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(TimeStampedModel):
    """A player on a team's roster; `board_order` 1 is the top board."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="team_member")
    board_order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "board_order"]
        constraints = [
            models.UniqueConstraint(fields=["team", "board_order"], name="team_board_unique"),
            models.CheckConstraint(condition=Q(board_order__gte=1), name="team_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.board_order}. {self.player.full_name}"


class MatchForfeit(models.TextChoices):
    """How a team match was forfeited as a whole (the TRF26 330 kinds)."""

    NONE = "", "Not forfeited"
    WHITE_WINS = "+-", "White team wins by forfeit"
    BLACK_WINS = "-+", "Black team wins by forfeit"
    DOUBLE = "--", "Double forfeit"


class TeamMatch(TimeStampedModel):
    """Two teams meeting in a round; the white team has White on board 1 (C.04.6).

    The match result is never stored: match and game points come from the games of the
    line-ups' boards (or from `forfeit`), see `teams.selectors.team_match_card_get`.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    number = models.PositiveSmallIntegerField(help_text="The match's table order in the round.")
    white_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="white_matches")
    black_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="black_matches")
    forfeit = models.CharField(
        max_length=2, choices=MatchForfeit.choices, default=MatchForfeit.NONE, blank=True
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name_plural = "team matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="team_match_number_unique"),
            models.UniqueConstraint(fields=["round", "white_team"], name="team_match_white_once"),
            models.UniqueConstraint(fields=["round", "black_team"], name="team_match_black_once"),
            models.CheckConstraint(
                condition=~Q(white_team=F("black_team")), name="team_match_two_teams"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_match_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} match {self.number}: {self.white_team} – {self.black_team}"


class TeamByeKind(models.TextChoices):
    """Why a team has no match in a round (C.04.6 1.4)."""

    PAIRING_ALLOCATED = "U", "Pairing-allocated bye"


class TeamBye(TimeStampedModel):
    """A team's round without a match: the PAB of an odd number of teams (TRF26 320).

    Its match and game points are the section's (`teams.selectors.team_pab_points`), a
    draw's by default.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="byes")
    kind = models.CharField(
        max_length=1, choices=TeamByeKind.choices, default=TeamByeKind.PAIRING_ALLOCATED
    )

    class Meta:
        ordering = ["round", "team__starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="team_bye_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team} — {self.get_kind_display()}"


class TeamSeat(models.Model):
    """A team's one place in a round, so the database refuses a team in two matches.

    The two unique constraints on `TeamMatch` cannot see a team that is the white team of
    one match and the black team of another; one row per side here can. A bye takes the
    team's seat too, so a team with a bye cannot also have a match.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_seats")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="seats")
    match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    bye = models.ForeignKey(
        TeamBye, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="team_seat_once"),
            models.CheckConstraint(
                condition=Q(match__isnull=True, bye__isnull=False)
                | Q(match__isnull=False, bye__isnull=True),
                name="team_seat_match_or_bye",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team}"


class Lineup(TimeStampedModel):
    """Who plays a board of a match for a team; no player is an empty board.

    `round` repeats the match's round so that the database can refuse a player on two
    boards (or in two matches) of one round. Board numbers start at 1; the upper bound
    (the section's `boards_per_match`) is checked by `teams.services.lineup_set`, since a
    check constraint cannot read another table.
    """

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="lineups")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    board = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="lineups"
    )

    class Meta:
        ordering = ["match", "team", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "team", "board"], name="lineup_board_once"),
            models.UniqueConstraint(fields=["round", "team", "board"], name="lineup_team_round"),
            models.UniqueConstraint(fields=["round", "player"], name="lineup_player_once"),
            models.CheckConstraint(condition=Q(board__gte=1), name="lineup_board_positive"),
        ]

    def __str__(self) -> str:
        who = self.player.full_name if self.player else "(empty)"
        return f"{self.match} — {self.team} board {self.board}: {who}"
