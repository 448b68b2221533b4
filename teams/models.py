"""Teams of a team section and their rosters in board order."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from common.models import TimeStampedModel
from tournaments.models import Player, Section


class Team(TimeStampedModel):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    short_name = models.CharField(max_length=20, blank=True)
    starting_rank = models.PositiveIntegerField()
    federation = models.CharField(max_length=3, blank=True)

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
