"""Round states: which rounds count, which may be paired next, and a version of what
players see that changes with any of it."""

from __future__ import annotations

import hashlib

from django.db.models import Count, Max

from tournaments.models import ByeRequest, Game, RoundStatus, Section

# Rounds that count: a draft is the engine's proposal, not yet part of the tournament.
VISIBLE_ROUND_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.COMPLETED)

# What organisers and arbiters see besides: a round being paired and a draft.
MANAGED_ROUND_STATUSES = (*VISIBLE_ROUND_STATUSES, RoundStatus.PAIRING, RoundStatus.DRAFT)


def section_next_round(*, section: Section) -> int:
    """The first round not paired yet: one after the last round that left `pending`."""
    paired = section.rounds.exclude(status=RoundStatus.PENDING).order_by("-number")
    return (paired.values_list("number", flat=True).first() or 0) + 1


def section_round_to_pair(*, section: Section) -> int | None:
    """The round that may be paired now: the next one, once the round before is completed."""
    number = section_next_round(section=section)
    if number > section.planned_rounds:
        return None
    if (
        number > 1
        and not section.rounds.filter(number=number - 1, status=RoundStatus.COMPLETED).exists()
    ):
        return None
    return number


def section_pair_blocked_get(*, section: Section, number: int) -> str:
    """Why round `number` cannot be paired now, in words; "" when it can (two queries)."""
    if not 1 <= number <= section.planned_rounds:
        return f"The section has {section.planned_rounds} rounds."
    next_round = section_next_round(section=section)
    if number < next_round:
        return f"Round {number} is paired already."
    if number > next_round:
        return f"Round {next_round} is the next to pair."
    if number == 1:
        return ""
    previous = section.rounds.filter(number=number - 1).first()
    if previous is None or previous.status != RoundStatus.COMPLETED:
        missing = Game.objects.filter(
            round__section=section, round__number=number - 1, result=""
        ).count()
        if previous is not None and previous.status == RoundStatus.PUBLISHED and missing:
            boards = f"{missing} board{'s' if missing != 1 else ''}"
            return f"Round {number - 1} has {boards} without a result."
        return f"Round {number - 1} is not published yet."
    return ""


def section_version_get(*, section: Section) -> str:
    """A token that changes whenever what players see changes (four small queries).

    Rounds are saved when published or completed, and games when a result is set; the
    count of boards catches boards deleted by a new pairing or a round taken back, players
    catch withdrawals and late entries, and bye requests show on the player cards. Only
    published and completed rounds count: a draft, and every change made to it, stays
    unseen until it is published (the token is public, and public pages are cached by it).
    Separate aggregates: one joined query would multiply rows.
    """
    shown = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES)
    rounds = shown.aggregate(last=Max("updated_at"))["last"]
    games = Game.objects.filter(round__in=shown).aggregate(
        last=Max("updated_at"), boards=Count("pk")
    )
    players = section.players.aggregate(last=Max("updated_at"), count=Count("pk"))
    requests = ByeRequest.objects.filter(player__section=section).aggregate(
        last=Max("updated_at"), count=Count("pk")
    )
    parts = [section.updated_at, rounds, games["last"], games["boards"]]
    parts += [players["last"], players["count"], requests["last"], requests["count"]]
    text = "|".join(str(part) for part in parts)
    return hashlib.sha256(f"{section.pk}|{text}".encode()).hexdigest()[:16]
