"""Roster files (CSV, generic or NWChess): players entered in bulk before round 1."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from chesscore import ranking
from chesscore import roster
from chesscore.record.people import PlayerDetails
from common.exceptions import ValidationError
from common.limits import upload_size_check
from common.types import AnyUser
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Section
from tournaments.models import SeedingRating
from tournaments.selectors.rounds import section_next_round
from tournaments.services.base import SectionStateError
from tournaments.services.base import event_lock_for_manager
from tournaments.services.base import section_lock_for_manager
from tournaments.services.events import section_create
from tournaments.services.log import log_write
from tournaments.services.players import late_entry_byes_grant
from tournaments.services.quotas import player_quota_check

# ---------------------------------------------------------------------------------------
# Roster files (CSV): players entered in bulk before round 1
# ---------------------------------------------------------------------------------------


class RosterImportError(ValidationError):
    """The roster cannot be imported as it is; nothing was stored.

    `issues` holds every problem, each naming its line and column when it has them, so that
    a page or the API can list them all (the message names the first few).
    """

    code = "invalid_roster"

    def __init__(self, issues: Sequence[roster.RosterIssue]) -> None:
        self.issues = tuple(issues)
        shown = "; ".join(str(issue) for issue in self.issues[:3])
        more = len(self.issues) - 3
        tail = f" (and {more} more)" if more > 0 else ""
        count = len(self.issues)
        noun = "problem" if count == 1 else "problems"
        super().__init__(
            f"Nothing was imported: the roster has {count} {noun}: {shown}{tail}.", field="file"
        )

    @property
    def errors(self) -> tuple[str, ...]:
        return tuple(str(issue) for issue in self.issues)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What a roster import did to one section.

    `created` and `updated` count the file's rows that became new players and those that
    matched a player already entered (see `section_roster_import`); `withdrawn` counts the
    rows imported as withdrawn. `seeding_rating` is the rating the section now ranks by, and
    `seeding_changed` says that the import chose it. `warnings` are the parser's, as text.
    """

    section: Section
    roster_section: str
    created: int
    updated: int
    withdrawn: int
    players: int
    seeding_rating: str
    seeding_changed: bool
    warnings: tuple[str, ...]


def _parsed_roster(data: bytes, mapping: Mapping[str, str] | None) -> roster.RosterImport:
    upload_size_check(size=len(data), kind="roster")
    result = roster.parse(data, mapping)
    if result.errors:
        raise RosterImportError(result.errors)
    return result


def roster_sections_of(result: roster.RosterImport) -> tuple[str, ...]:
    """The roster sections a parsed file holds ("" alone when it has no section column)."""
    return tuple(result.sections) or ("",)


def roster_section_choose(
    *, result: roster.RosterImport, section: Section, roster_section: str | None = None
) -> str | None:
    """The file's section whose rows go into `section`, or None when the choice is open.

    Asked for by name (any case), else the one called like `section`, else the file's only
    section. A file without a section column is one section, "".
    """
    names = roster_sections_of(result)
    by_name = {name.casefold(): name for name in names}
    if roster_section is not None:
        return by_name.get(roster_section.strip().casefold())
    if section.name.casefold() in by_name:
        return by_name[section.name.casefold()]
    return names[0] if len(names) == 1 else None


def _same_player(row: roster.RosterRow, player: Player) -> bool:
    """The row is the player already entered: same FIDE ID, else national ID, else name."""
    if row.fide_id and player.fide_id:
        return row.fide_id == player.fide_id
    if row.national_id and player.national_id:
        return row.national_id == player.national_id
    return (row.last_name.casefold(), row.first_name.casefold()) == (
        player.last_name.casefold(),
        player.first_name.casefold(),
    )


def _roster_row_problems(
    section: Section, result: roster.RosterImport, rows: Sequence[roster.RosterRow]
) -> list[roster.RosterIssue]:
    """What the file asks that this section cannot hold: rounds beyond its last, too many byes."""
    problems = []
    entry_column = result.mapping.get("entry_round", "Entry round")
    bye_column = result.mapping.get("bye_rounds", "Bye rounds")
    rounds = section.planned_rounds
    limit = section.max_half_point_byes
    for row in rows:
        if row.entry_round > rounds:
            problems.append(
                roster.RosterIssue(
                    f"round {row.entry_round}, but the section has {rounds} rounds",
                    row.line,
                    entry_column,
                )
            )
        late = [r for r in row.bye_rounds if r > rounds or r < row.entry_round]
        if late:
            problems.append(
                roster.RosterIssue(
                    f"bye in round {late[0]}, but the player plays rounds "
                    f"{row.entry_round} to {rounds}",
                    row.line,
                    bye_column,
                )
            )
        elif limit is not None and len(row.bye_rounds) > limit:
            problems.append(
                roster.RosterIssue(
                    f"{len(row.bye_rounds)} byes, but the section allows {limit}",
                    row.line,
                    bye_column,
                )
            )
    return problems


def _roster_store(
    section: Section, result: roster.RosterImport, roster_section: str, user: AnyUser
) -> ImportSummary:
    """Store one roster section's rows into `section` (locked, before round 1), then rank all.

    A row matching a player already in the section (`_same_player`) updates that player;
    any other row is a new player. Every player of the section is then given the starting
    rank of the initial order (C.04.2 Art. 2.2) under the section's seeding rating. One log
    entry says what the import did, with the counts and every player it touched.
    """
    rows = result.sections.get(roster_section, ())
    problems = _roster_row_problems(section, result, rows)
    if problems:
        raise RosterImportError(problems)
    existing = list(section.players.all())
    seeding_changed = False
    suggested = result.suggested_seeding
    if (
        suggested in SeedingRating.values
        and section.seeding_rating == SeedingRating.FIDE
        and suggested != section.seeding_rating
    ):
        section.seeding_rating = suggested
        section.save(update_fields=["seeding_rating", "updated_at"])
        seeding_changed = True
    status_column = "status" in result.mapping
    unmatched = list(existing)
    touched: list[Player] = []
    created = updated = withdrawn = 0
    for row in rows:
        player = next((p for p in unmatched if _same_player(row, p)), None)
        if player is None:
            player = Player(section=section, starting_rank=0)
            created += 1
        else:
            unmatched.remove(player)
            updated += 1
        # The row's details; a blank cell leaves what was entered before.
        for name, value in PlayerDetails.values(row).items():
            if value not in ("", None):
                setattr(player, name, value)
        player.entry_round = row.entry_round
        if row.status == PlayerStatus.WITHDRAWN:
            player.status, player.withdrawn_from_round = PlayerStatus.WITHDRAWN, 1
            withdrawn += 1
        elif status_column:
            player.status, player.withdrawn_from_round = PlayerStatus.ACTIVE, None
        touched.append(player)
    player_quota_check(section=section, user=user, count=len(existing) + created)
    _roster_ranks_store(section, existing, touched)
    for player, row in zip(touched, rows, strict=True):
        for number in row.bye_rounds:
            ByeRequest.objects.get_or_create(
                player=player, round_number=number, defaults={"kind": ByeRequestKind.HALF_POINT}
            )
        if not section.is_team:
            late_entry_byes_grant(section, player)
    summary = ImportSummary(
        section=section,
        roster_section=roster_section,
        created=created,
        updated=updated,
        withdrawn=withdrawn,
        players=section.players.count(),
        seeding_rating=section.seeding_rating,
        seeding_changed=seeding_changed,
        warnings=tuple(str(w) for w in result.warnings),
    )
    _roster_import_log(summary, touched, user)
    return summary


def _roster_import_log(summary: ImportSummary, touched: Sequence[Player], user: AnyUser) -> None:
    section = summary.section
    text = (
        f"Roster file imported into {section.name}: {summary.created} added, "
        f"{summary.updated} updated"
    )
    if summary.withdrawn:
        text += f" ({summary.withdrawn} withdrawn)"
    text += f"; {summary.players} players numbered in the initial order."
    changes = {}
    if summary.seeding_changed:
        changes["seeding_rating"] = [SeedingRating.FIDE.value, summary.seeding_rating]
    log_write(section, user, LogAction.IMPORT, text, players=touched, changes=changes)


def _roster_ranks_store(section: Section, existing: list[Player], touched: list[Player]) -> None:
    """Save `touched` and number the whole section in the initial order (C.04.2 Art. 2.2)."""
    everyone = {id(p): p for p in [*existing, *touched]}
    ordered = ranking.initial_order(
        everyone.values(), rating_key=ranking.SEEDING_RATINGS[section.seeding_rating]
    )
    # Out of the way first: the unique (section, starting_rank) constraint is checked row by
    # row, so the final numbers must not meet an old one on the way.
    spare = max([p.starting_rank for p in existing], default=0) + len(ordered) + 1
    section.players.update(starting_rank=F("starting_rank") + spare)
    for rank, player in enumerate(ordered, start=1):
        player.starting_rank = rank
        player.save()


@transaction.atomic
def section_roster_import(
    *,
    section: Section,
    data: bytes,
    mapping: Mapping[str, str] | None,
    user: AnyUser,
    roster_section: str | None = None,
) -> ImportSummary:
    """Enter the players of a CSV roster (`chesscore.roster`) into `section`, all or none.

    Before round 1 only (`SectionStateError`); by the event's organisers and arbiters.
    `mapping` ({field: column header}) replaces the detected columns of a generic file.
    Any problem in the file refuses the whole import (`RosterImportError`, every problem
    named by line and column). A file holding several sections (an NWChess roster) gives
    only the rows of one: `roster_section`, else the one named like `section`, else the
    only one (`roster_section_choose`).

    Importing the same file again adds no one: a row whose FIDE ID, national ID or, lacking
    both, name matches a player already entered updates that player. Then every player of
    the section takes the starting rank of the initial order (C.04.2 Art. 2.2). A file whose
    ratings suggest another seeding rating (NWChess: national) sets it when the section
    still ranks by the default, FIDE. Withdrawn rows are entered withdrawn from round 1;
    requested byes become half-point bye requests. Locks the section.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if section_next_round(section=section) > 1:
        raise SectionStateError("Round 1 is paired: add late entries one by one.", field="file")
    result = _parsed_roster(data, mapping)
    chosen = roster_section_choose(result=result, section=section, roster_section=roster_section)
    if chosen is None:
        names = ", ".join(f"“{name}”" for name in roster_sections_of(result))
        raise ValidationError(
            f"The file holds the sections {names}: choose the one to import.",
            field="roster_section",
        )
    return _roster_store(section, result, chosen, user)


@transaction.atomic
def event_roster_import(
    *, event: Event, data: bytes, user: AnyUser, mapping: Mapping[str, str] | None = None
) -> tuple[ImportSummary, ...]:
    """Enter a roster of several sections (an NWChess roster) into `event`, all or none.

    Each section of the file goes into the event's section of the same name (any case),
    created with the default settings when there is none. Every section concerned must be
    before round 1. Per section, as `section_roster_import`: same players update, all ranked
    by C.04.2. Locks the event, then each section.
    """
    event = event_lock_for_manager(event_id=event.pk, user=user)
    result = _parsed_roster(data, mapping)
    if "" in result.sections:
        raise ValidationError(
            "The file has no section column: import it from the section's page.", field="file"
        )
    by_name = {s.name.casefold(): s for s in event.sections.all()}
    summaries = []
    for name in result.sections:
        target = by_name.get(name.casefold())
        if target is None:
            target = section_create(event=event, user=user, name=name)
            by_name[name.casefold()] = target
        target = section_lock_for_manager(section_id=target.pk, user=user)
        if section_next_round(section=target) > 1:
            raise SectionStateError(
                f"Round 1 of {target.name} is paired: nothing was imported.", field="file"
            )
        summaries.append(_roster_store(target, result, name, user))
    return tuple(summaries)
