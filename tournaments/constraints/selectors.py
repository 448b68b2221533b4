"""Reads for the organiser pages of prohibited groups and byes (a fixed number of queries)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round

KIND_LABELS = dict(ConstraintKind.choices)


@dataclass(frozen=True, slots=True)
class RoundGroups:
    """What the groups did to one paired round, as stored with it."""

    number: int
    status: str
    groups: list[dict[str, Any]]
    protected_places: int | None
    released: list[Player]
    same_group_pairs: list[tuple[Player, Player]]
    deviations: list[str]


@dataclass(frozen=True, slots=True)
class GroupsPage:
    section: Section
    groups: list[ProhibitedGroup]
    players: list[Player]
    rounds: list[RoundGroups] = field(default_factory=list)


def groups_page_get(*, section: Section) -> GroupsPage:
    """The section's groups with their members, and per paired round the groups it was
    paired with, who was released and which pairs share a group (four queries)."""
    groups = list(section.prohibited_groups.prefetch_related("members").order_by("pk"))
    players = list(section.players.order_by("starting_rank"))
    by_rank = {p.starting_rank: p for p in players}
    rounds = []
    for rnd in section.rounds.exclude(status=RoundStatus.PENDING).order_by("number"):
        stored = rnd.explanation or {}
        if not stored.get("groups"):
            continue
        groups_used = [
            {
                **g,
                "kind_label": KIND_LABELS.get(g["kind"], g["kind"]),
                "players": [by_rank[r] for r in g["members"] if r in by_rank],
            }
            for g in stored["groups"]
        ]
        rounds.append(
            RoundGroups(
                number=rnd.number,
                status=rnd.get_status_display(),
                groups=groups_used,
                protected_places=stored.get("protected_places"),
                released=[by_rank[r] for r in stored.get("released", []) if r in by_rank],
                same_group_pairs=[
                    (by_rank[a], by_rank[b])
                    for a, b in stored.get("same_group_pairs", [])
                    if a in by_rank and b in by_rank
                ],
                deviations=list(stored.get("deviations", [])),
            )
        )
    return GroupsPage(section=section, groups=groups, players=players, rounds=rounds)


@dataclass(frozen=True, slots=True)
class ByeRound:
    number: int
    open: bool
    """Not paired yet: requests and exclusions can still change."""
    requests: list[ByeRequest]
    exclusions: list[ByeExclusion]


@dataclass(frozen=True, slots=True)
class ByesPage:
    section: Section
    next_round: int
    rounds: list[ByeRound]
    players: list[Player]


def byes_page_get(*, section: Section) -> ByesPage:
    """Bye requests and bye exclusions of every round (four queries)."""
    next_round = section_next_round(section=section)
    requests: dict[int, list[ByeRequest]] = defaultdict(list)
    for request in ByeRequest.objects.filter(player__section=section).select_related("player"):
        requests[request.round_number].append(request)
    exclusions: dict[int, list[ByeExclusion]] = defaultdict(list)
    for exclusion in ByeExclusion.objects.filter(player__section=section).select_related("player"):
        exclusions[exclusion.round_number].append(exclusion)
    rounds = [
        ByeRound(
            number=n,
            open=n >= next_round,
            requests=requests.get(n, []),
            exclusions=exclusions.get(n, []),
        )
        for n in range(1, section.planned_rounds + 1)
    ]
    players = list(section.players.order_by("starting_rank"))
    return ByesPage(section=section, next_round=next_round, rounds=rounds, players=players)
