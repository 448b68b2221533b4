"""Writes: prohibited groups (strict, soft from the bottom, soft lowest priority) and bye
exclusions. Every service locks the section row, checks that the user runs the event and
logs what it changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import ByeExclusion
from tournaments.models import ConstraintKind
from tournaments.models import GroupSource
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Section
from tournaments.services import log_write
from tournaments.services import round_open_require
from tournaments.services import section_lock_for_manager
from tournaments.services.changes import changes_between
from tournaments.services.changes import player_label
from tournaments.validators import field_check
from tournaments.validators import one_line

GROUP_ATTRIBUTES = {"club": "Club", "federation": "Federation", "team": "Team"}
"""Player attributes a group can be made from, with their labels."""


@transaction.atomic
def group_create(
    *,
    section: Section,
    user: AnyUser,
    name: str,
    kind: str = ConstraintKind.STRICT,
    attribute: str = "",
    members: Sequence[int] = (),
) -> ProhibitedGroup:
    """A group of players (starting ranks ``members``) or, with ``attribute``, of everyone
    sharing a value of it (one group per club, federation or team).

    Raises `ValidationError` naming the field: an empty name, an unknown kind or attribute,
    fewer than two members, a rank not in the section.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    group = ProhibitedGroup(section=section)
    _fill(group, section, name=name, kind=kind, attribute=attribute)
    group.save()
    chosen = _members(section, attribute, members)
    group.members.set(chosen)
    _group_log(section, group, user, {}, chosen, created=True)
    return group


@transaction.atomic
def group_update(
    *,
    group: ProhibitedGroup,
    user: AnyUser,
    name: str,
    kind: str,
    attribute: str = "",
    members: Sequence[int] = (),
) -> ProhibitedGroup:
    """Change a group; rounds already paired keep the groups they were paired with. The log
    keeps what changed (nothing: no entry)."""
    section = section_lock_for_manager(section_id=group.section_id, user=user)
    group = ProhibitedGroup.objects.get(pk=group.pk, section=section)
    before = _group_values(group, list(group.members.all()))
    _fill(group, section, name=name, kind=kind, attribute=attribute)
    group.save()
    chosen = _members(section, attribute, members)
    group.members.set(chosen)
    _group_log(section, group, user, before, chosen, created=False)
    return group


def _group_values(group: ProhibitedGroup, members: Sequence[Player]) -> dict[str, Any]:
    return {
        "name": group.name,
        "kind": group.kind,
        "attribute": group.attribute,
        "members": sorted(p.starting_rank for p in members),
    }


def _group_log(
    section: Section,
    group: ProhibitedGroup,
    user: AnyUser,
    before: dict[str, Any],
    members: Sequence[Player],
    *,
    created: bool,
) -> None:
    changes = changes_between(before, _group_values(group, members))
    if not created and not changes:
        return
    if group.attribute:
        whom = f"everyone sharing a {group.attribute}"
    else:
        whom = ", ".join(player_label(p) for p in sorted(members, key=lambda p: p.starting_rank))
    log_write(
        section,
        user,
        LogAction.GROUP_SAVE,
        (
            f"Prohibited group {group.name} {'made' if created else 'changed'} "
            f"({group.get_kind_display().lower()}): {whom}."
        ),
        players=members,
        changes={} if created else changes,
    )


@transaction.atomic
def group_delete(*, group: ProhibitedGroup, user: AnyUser) -> None:
    """Delete a group of the section (one already gone: nothing happens, nothing is
    logged); rounds already paired keep the groups they were paired with."""
    section = section_lock_for_manager(section_id=group.section_id, user=user)
    found = ProhibitedGroup.objects.filter(pk=group.pk, section=section).first()
    if found is None:
        return
    members = list(found.members.all())
    log_write(
        section,
        user,
        LogAction.GROUP_DELETE,
        f"Prohibited group {found.name} deleted.",
        players=members,
    )
    found.delete()


def _fill(
    group: ProhibitedGroup, section: Section, *, name: str, kind: str, attribute: str
) -> None:
    name = name.strip()
    if not name:
        raise ValidationError("A group needs a name.", field="name")
    field_check("name", one_line, name)
    taken = section.prohibited_groups.filter(name__iexact=name)
    if group.pk is not None:
        taken = taken.exclude(pk=group.pk)
    if taken.exists():
        raise ValidationError(f"There is already a group called {name}.", field="name")
    if kind not in ConstraintKind.values:
        raise ValidationError(f"{kind!r} is not a kind of group.", field="kind")
    if attribute and attribute not in GROUP_ATTRIBUTES:
        choices = ", ".join(GROUP_ATTRIBUTES)
        raise ValidationError(
            f"{attribute!r} is not an attribute a group can be made from ({choices}).",
            field="attribute",
        )
    if kind == ConstraintKind.SOFT_FROM_BOTTOM and section.is_team:
        raise ValidationError(
            "Team sections keep groups apart strictly or at the lowest priority.", field="kind"
        )
    group.name = name[:100]
    group.kind = kind
    group.attribute = attribute
    group.source = GroupSource.ATTRIBUTE if attribute else GroupSource.MANUAL


def _members(section: Section, attribute: str, ranks: Sequence[int]) -> list[Player]:
    if attribute:
        if ranks:
            raise ValidationError(
                "A group made from an attribute takes its members from it; choose one or "
                "the other.",
                field="members",
            )
        return []
    wanted = set(ranks)
    players = list(section.players.filter(starting_rank__in=wanted))
    missing = wanted - {p.starting_rank for p in players}
    if missing:
        listed = ", ".join(str(r) for r in sorted(missing))
        raise ValidationError(f"No player with starting rank {listed}.", field="members")
    if len(players) < 2:
        raise ValidationError("A group needs at least two players.", field="members")
    return players


@transaction.atomic
def bye_exclusion_set(*, player: Player, user: AnyUser, round_number: int) -> ByeExclusion:
    """Keep ``player`` from the pairing-allocated bye of a round not paired yet (logged
    unless it was so already)."""
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    round_open_require(section, round_number)
    exclusion, created = ByeExclusion.objects.get_or_create(
        player=player, round_number=round_number
    )
    if created:
        log_write(
            section,
            user,
            LogAction.BYE_EXCLUSION,
            (
                f"{player_label(player)} kept from the pairing-allocated bye of round "
                f"{round_number}."
            ),
            round_number=round_number,
            players=[player],
        )
    return exclusion


@transaction.atomic
def bye_exclusion_delete(*, player: Player, user: AnyUser, round_number: int) -> bool:
    """Lift an exclusion of a round not paired yet; False when there was none (nothing
    logged then)."""
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    round_open_require(section, round_number)
    deleted, _ = ByeExclusion.objects.filter(player=player, round_number=round_number).delete()
    if deleted:
        log_write(
            section,
            user,
            LogAction.BYE_EXCLUSION_DELETE,
            (
                f"{player_label(player)} may get the pairing-allocated bye of round "
                f"{round_number} again."
            ),
            round_number=round_number,
            players=[player],
        )
    return deleted > 0
