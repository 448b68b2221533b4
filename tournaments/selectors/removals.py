"""Why a player, a section or an event cannot be deleted, and whether starting ranks may
still be renumbered: the rules `tournaments.services.removals` enforces, read here so that
pages can say why before anyone tries."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Bye
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES

# Record data imported from a TRF file that names players by their starting rank.
RANK_KEYED_EXTRAS = (
    "player_order",
    "accelerated_rounds",
    "bye_assignments",
    "absent_next_round",
    "pab_exclusions",
    "lineups",
    "soft_groups",
    "released",
    "forbidden_pairings",
    "uncoloured_games",
)


def section_ranks_movable(*, section: Section) -> bool:
    """True while starting ranks may be renumbered: no round has been paired yet, and no
    record data imported from a TRF file names players by their number (one query)."""
    if any(section.trf_extra.get(name) for name in RANK_KEYED_EXTRAS):
        return False
    return not section.rounds.exclude(status=RoundStatus.PENDING).exists()


def player_removal_block(*, player: Player) -> str:
    """Why `player` cannot be deleted (`tournaments.services.player_remove`), or "".

    A player in any round's pairings (a game or a bye) or a team's line-up has played or
    is about to, and is withdrawn instead; so is anyone in a section whose imported TRF
    records name players by number (`RANK_KEYED_EXTRAS`). Once a round is paired, only the
    last starting rank may go.
    """
    name = player.full_name
    if (
        Game.objects.filter(Q(white=player) | Q(black=player)).exists()
        or Bye.objects.filter(player=player).exists()
        or player.lineups.exists()  # the teams app's line-ups, through the reverse relation
    ):
        return f"{name} is in the pairings of a round: withdraw them instead."
    section = player.section
    if any(section.trf_extra.get(name) for name in RANK_KEYED_EXTRAS):
        return (
            f"The TRF file this section came from names players by number: withdraw {name} instead."
        )
    if section.rounds.filter(status=RoundStatus.PAIRING).exists():
        return "A round is being paired: wait for its draft."
    rank = player.starting_rank
    frozen = section.rounds.filter(explanation__has_key="groups").values_list(
        "number", "explanation"
    )
    for number, explanation in frozen:
        named = {r for group in explanation["groups"] for r in group.get("members", ())}
        if rank in named or rank in explanation.get("released", ()):
            return (
                f"Round {number} was paired with {name} in a prohibited group: "
                "withdraw them instead."
            )
    if not section_ranks_movable(section=section):
        last = section.players.order_by("-starting_rank").values_list("starting_rank", flat=True)
        if player.starting_rank != last.first():
            return (
                f"Starting ranks are fixed: only the last one can be removed, "
                f"not No. {player.starting_rank}. Withdraw {name} instead."
            )
    return ""


# What may follow a TRF import without making the section one players have followed:
# taking its rounds back, and showing them again.
IMPORT_TAKEBACKS = (LogAction.UNPUBLISH, LogAction.ROUND_DELETE, LogAction.PUBLISH)


def section_untouched_import(*, section: Section) -> bool:
    """True while `section` is as a TRF import left it, or as far as its rounds were
    taken back (`IMPORT_TAKEBACKS`): no other entry of its log follows the import
    (`LogAction.IMPORT`). Anything else done to it writes one (a result entered or
    corrected, a round paired, a player entered, changed or withdrawn, a bye asked for,
    a setting changed), and from then on the section is one players may have followed
    (two queries)."""
    imported = (
        section.log_entries.filter(action=LogAction.IMPORT)
        .order_by("-created_at", "-pk")
        .values_list("created_at", "pk")
        .first()
    )
    if imported is None:
        return False
    at, pk = imported
    since = section.log_entries.filter(Q(created_at__gt=at) | Q(created_at=at, pk__gt=pk))
    return not since.exclude(action__in=IMPORT_TAKEBACKS).exists()


def section_deletion_block(*, section: Section) -> str:
    """Why `section` cannot be deleted, or "": a published round, or one being paired.

    A section imported from a TRF file is published at once; it may still be deleted, its
    published rounds with it, while nothing has happened to it since the import
    (`section_untouched_import`).
    """
    if section.rounds.filter(status=RoundStatus.PAIRING).exists():
        return _("A round of %(section)s is being paired: wait for its draft.") % {
            "section": section.name
        }
    shown = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).order_by("number").first()
    if shown is None or section_untouched_import(section=section):
        return ""
    return _(
        "Round %(number)d of %(section)s is published: a section players have seen is kept."
    ) % {"number": shown.number, "section": section.name}


def section_played(*, section: Section) -> bool:
    """True once a game of `section` has a result (one query)."""
    return Game.objects.filter(round__section=section).exclude(result="").exists()


def event_deletion_block(*, event: Event) -> str:
    """Why `event` cannot be deleted, or "".

    An event goes while nothing has been played in it: a section that could not be deleted
    on its own (`section_deletion_block`) keeps the event only if one of its games has a
    result (`section_played`), or while a round of it is being paired. Published pairings
    nobody played yet go with the event.
    """
    for section in event.sections.order_by("name"):
        reason = section_deletion_block(section=section)
        if not reason:
            continue
        if section.rounds.filter(status=RoundStatus.PAIRING).exists():
            return reason
        if section_played(section=section):
            return _(
                "Games of %(section)s have results: an event where games were played is kept."
            ) % {"section": section.name}
    return ""
