"""Restoring an event from its backup file (`archives.format`): all of it, or nothing."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError
from django.db import IntegrityError
from django.db import transaction
from django.urls import Resolver404
from django.urls import resolve
from django.utils.translation import gettext as _

from archives import format as fmt
from archives.reading import Archive
from archives.reading import BackupInvalid
from archives.reading import SectionData
from archives.reading import archive_read
from common.exceptions import DomainError
from common.exceptions import PermissionDenied
from common.exceptions import ServiceUnavailable
from common.exceptions import ValidationError
from common.types import User
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.selectors import token_hash
from pairing.models import ACTIVE_STATUSES
from pairing.models import PairingRun
from pairing.services.runs import run_send
from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.selectors import section_record_get
from teams.services.matches import seated_team_rows_create
from tournaments.models import Bye
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundTime
from tournaments.models import Section
from tournaments.services import log_write
from tournaments.services.boards import seated_rows_create
from tournaments.services.quotas import event_quota_check
from tournaments.services.quotas import player_quota_check
from tournaments.services.quotas import section_quota_check
from tournaments.validators import event_slug

__all__ = ["BackupInvalid", "BackupRefused", "SlugTaken", "event_restore"]


class SlugTaken(ValidationError):
    """The restored event's address is another event's, or one the site's pages use."""

    code = "slug_taken"


class BackupRefused(ValidationError):
    """The database refused what the checks of the file let through."""

    code = "backup_refused"


@transaction.atomic
def event_restore(*, data: bytes, user: User, slug: str = "") -> Event:
    """A new event, everything `data` (a backup file) holds, with `user` as its organiser.

    The event keeps the file's slug, or takes `slug` when one is given; either must be free
    (`SlugTaken`). Every value is checked before anything is written (`BackupInvalid`, naming
    where in the file); the sections are then read back as the pages read them, and what
    the database or that reading still refuses is reported (`BackupRefused`,
    `BackupInvalid`) with nothing left behind. Seats are rebuilt from games and byes. An
    entry whose link hash another entry of the site holds (the copy's original) gets one no
    link opens (`archives.format`). The restore is logged (`LogAction.RESTORE`); a pairing
    run that was queued or running when the backup was made is carried out once the restore
    is committed. Nothing is emailed.

    The event, its sections and their players (with the pending entries, as an entry sent
    online counts them) count against the quotas of `user`
    (`QuotaExceeded`, nothing restored: `tournaments.services.quotas`).

    Preconditions: any signed-in user may restore (`PermissionDenied` otherwise). Queries:
    a fixed number per table and per section, not per row; the database must return the
    ids of rows inserted together (PostgreSQL, SQLite 3.35 or later).
    """
    if not user.is_authenticated:
        raise PermissionDenied("Sign in to restore an event from a backup.")
    archive = archive_read(data)
    given = slug.strip()
    slug = given or archive.event["slug"]
    _slug_check(slug, given=bool(given))
    try:
        with transaction.atomic():
            event = _event_store(archive, user, slug)
    except (IntegrityError, DataError) as exc:
        if Event.objects.filter(slug__iexact=slug).exists():
            _slug_check(slug, given=bool(given))
        raise BackupRefused(
            f"The database refused the backup, nothing was restored: {exc}", field="file"
        ) from exc
    for run in PairingRun.objects.filter(section__event=event, status__in=ACTIVE_STATUSES):
        try:
            run_send(run)
        except ServiceUnavailable:
            # The event is restored; the sweeper sends the run once the broker answers, or
            # fails it and gives its round back (`pairing.services.runs.runs_sweep`).
            continue
    return event


def _slug_check(slug: str, *, given: bool) -> None:
    """`SlugTaken` unless `slug` is free and the event's pages would be found under it."""
    field = "slug" if given else "file"
    try:
        event_slug(slug)
    except DjangoValidationError as exc:
        where = "" if given else "event.slug: "
        raise SlugTaken(f"{where}{exc.messages[0]}", field=field) from exc
    # Addresses differ by their letters, not their case: "OPEN" would be "open" again.
    taken = Event.objects.filter(slug__iexact=slug).values_list("slug", flat=True).first()
    if taken is not None:
        raise SlugTaken(
            _(
                "An event with the address %(slug)r exists already: delete it first, or give "
                "the restored event another address."
            )
            % {"slug": taken},
            field=field,
        )
    try:
        page = resolve(f"/events/{slug}/").url_name
    except Resolver404:
        page = None
    if page != "event_detail":
        raise SlugTaken(
            f"The address {slug!r} is not available for an event: give another.", field=field
        )


def _event_store(archive: Archive, user: User, slug: str) -> Event:
    """Write everything; the caller's transaction makes it all or nothing."""
    event_quota_check(user=user)
    event = Event.objects.create(**{**archive.event, "slug": slug})
    event.organisers.add(user)
    section_quota_check(event=event, user=user, adding=len(archive.sections))
    for data in archive.sections:
        # As an entry sent online counts them: the players and the entries waiting for a
        # decision (`entries.services.entry_submit`).
        pending = sum(e.columns["status"] == EntryStatus.PENDING for e in data.entries)
        player_quota_check(section=None, user=user, count=len(data.players) + pending)
    sections = Section.objects.bulk_create(
        Section(event=event, **s.columns) for s in archive.sections
    )
    players: dict[tuple[str, int], Player] = {}
    for section, data in zip(sections, archive.sections, strict=True):
        _section_store(section, data, players)
    relinked = _entries_store(archive, sections, players)
    _log_store(event, archive, {s.slug: s for s in sections}, players)
    counts = {
        "sections": len(sections),
        "players": len(players),
        "rounds": sum(len(s.rounds) for s in archive.sections),
    }
    text = ", ".join(f"{n} {what if n != 1 else what[:-1]}" for what, n in counts.items())
    if relinked:
        text += (
            f"; {relinked} online {'entry' if relinked == 1 else 'entries'} of the site had "
            "the same links, which go on opening those"
        )
    changes = {"slug": [archive.event["slug"], slug]} if slug != archive.event["slug"] else {}
    log_write(event, user, LogAction.RESTORE, f"Restored from a backup: {text}.", changes=changes)
    for index, section in enumerate(sections):
        _read_back(section, f"sections[{index}]")
    return event


def _section_store(
    section: Section, data: SectionData, named: dict[tuple[str, int], Player]
) -> None:
    """The section's players, groups, teams, rounds and pairing runs."""
    players = {
        p.starting_rank: p
        for p in Player.objects.bulk_create(
            Player(section=section, **p.columns) for p in data.players
        )
    }
    named.update(((section.slug, rank), p) for rank, p in players.items())
    ByeRequest.objects.bulk_create(
        ByeRequest(player=players[p.columns["starting_rank"]], **row)
        for p in data.players
        for row in p.bye_requests
    )
    ByeExclusion.objects.bulk_create(
        ByeExclusion(player=players[p.columns["starting_rank"]], **row)
        for p in data.players
        for row in p.bye_exclusions
    )
    CheckIn.objects.bulk_create(
        CheckIn(player=players[p.columns["starting_rank"]], **row)
        for p in data.players
        for row in p.check_ins
    )
    groups = ProhibitedGroup.objects.bulk_create(
        ProhibitedGroup(section=section, **g.columns) for g in data.groups
    )
    ProhibitedGroup.members.through.objects.bulk_create(
        ProhibitedGroup.members.through(prohibitedgroup=group, player=players[rank])
        for group, g in zip(groups, data.groups, strict=True)
        for rank in g.members
    )
    order = {
        str(group.pk): g.forbidden_order
        for group, g in zip(groups, data.groups, strict=True)
        if g.forbidden_order is not None
    }
    if order:
        section.trf_extra = {**section.trf_extra, fmt.FORBIDDEN_ORDER: order}
        section.save(update_fields=["trf_extra"])
    teams = {
        t.starting_rank: t
        for t in Team.objects.bulk_create(Team(section=section, **t.columns) for t in data.teams)
    }
    TeamMember.objects.bulk_create(
        TeamMember(team=teams[t.columns["starting_rank"]], board_order=board, player=players[rank])
        for t in data.teams
        for board, rank in t.members
    )
    RoundTime.objects.bulk_create(RoundTime(section=section, **t) for t in data.round_times)
    _rounds_store(section, data, players, teams)
    runs = PairingRun.objects.bulk_create(PairingRun(section=section, **r) for r in data.runs)
    # `created_at` is written as "now" on insert: the time each run was asked for is put back.
    for run, r in zip(runs, data.runs, strict=True):
        run.created_at = r["created_at"]
    PairingRun.objects.bulk_update(runs, ["created_at"])


_SLICE = 500


def _entries_store(
    archive: Archive, sections: list[Section], players: dict[tuple[str, int], Player]
) -> int:
    """Every section's entry settings and online entries, in the file's order (the waiting
    list's), with the times they were made. Returns how many entries' link hashes other
    entries of the site held already, which were replaced by ones no link opens."""
    EntrySettings.objects.bulk_create(
        EntrySettings(section=section, **data.entry_settings)
        for section, data in zip(sections, archive.sections, strict=True)
        if data.entry_settings is not None
    )
    rows = [
        Entry(
            section=section,
            player=players[(section.slug, e.player)] if e.player is not None else None,
            **e.columns,
        )
        for section, data in zip(sections, archive.sections, strict=True)
        for e in data.entries
    ]
    hashes = [row.token_hash for row in rows]
    taken: set[str] = set()
    # In slices: SQLite takes a bounded number of parameters per query.
    for start in range(0, len(hashes), _SLICE):
        found = Entry.objects.filter(token_hash__in=hashes[start : start + _SLICE])
        taken.update(found.values_list("token_hash", flat=True))
    for row in rows:
        if row.token_hash in taken:
            row.token_hash = token_hash(secrets.token_urlsafe(32))
    entries = Entry.objects.bulk_create(rows)
    # `created_at` is written as "now" on insert: the time each entry was made is put back.
    made = [e.columns["created_at"] for data in archive.sections for e in data.entries]
    for entry, moment in zip(entries, made, strict=True):
        entry.created_at = moment
    Entry.objects.bulk_update(entries, ["created_at"])
    return len(taken)


def _rounds_store(
    section: Section,
    data: SectionData,
    players: dict[int, Player],
    teams: dict[int, Team],
) -> None:
    """The rounds with their games, byes, team matches and team byes, and their seats."""
    rounds = Round.objects.bulk_create(Round(section=section, **r.columns) for r in data.rounds)
    pairs = list(zip(rounds, data.rounds, strict=True))
    seated_rows_create(
        games=[
            Game(round=rnd, white=players[g.white], black=players[g.black], **g.columns)
            for rnd, r in pairs
            for g in r.games
        ],
        byes=[
            Bye(round=rnd, player=players[rank], **columns)
            for rnd, r in pairs
            for rank, columns in r.byes
        ],
    )
    matches, _team_byes = seated_team_rows_create(
        matches=[
            TeamMatch(
                round=rnd,
                white_team=teams[m.white_team],
                black_team=teams[m.black_team],
                **m.columns,
            )
            for rnd, r in pairs
            for m in r.team_matches
        ],
        byes=[
            TeamBye(round=rnd, team=teams[team], **columns)
            for rnd, r in pairs
            for team, columns in r.team_byes
        ],
    )
    match_data = [m for _rnd, r in pairs for m in r.team_matches]
    Lineup.objects.bulk_create(
        Lineup(
            match=match,
            round=match.round,
            team=teams[team],
            board=board,
            player=players[rank] if rank is not None else None,
        )
        for match, m in zip(matches, match_data, strict=True)
        for team, board, rank in m.lineups
    )


def _log_store(
    event: Event,
    archive: Archive,
    sections: dict[str, Section],
    players: dict[tuple[str, int], Player],
) -> None:
    """The log's entries, oldest first, so that entries of the same time keep their order."""
    entries = LogEntry.objects.bulk_create(
        LogEntry(
            event=event,
            section=sections[e.section] if e.section is not None else None,
            **e.columns,
        )
        for e in archive.log
    )
    LogEntry.players.through.objects.bulk_create(
        LogEntry.players.through(logentry=entry, player=players[named])
        for entry, e in zip(entries, archive.log, strict=True)
        for named in e.players
    )


# What reading a section's record may raise on values the checks of the file let through:
# the shapes of what `trf_extra` keeps for the TRF record are the record's own business.
_UNREADABLE: tuple[type[Exception], ...] = (
    DomainError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
    IndexError,
    ArithmeticError,
)


def _read_back(section: Section, where: str) -> None:
    """Read the restored section as standings, crosstables and exports read it; a value
    they cannot read is the file's defect, named by the section."""
    try:
        section_record_get(section=section)
    except _UNREADABLE as exc:
        raise BackupInvalid(where, f"the section cannot be read back: {exc}") from exc
