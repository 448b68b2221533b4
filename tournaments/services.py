"""Writes: events and sections, and the one place that stores a tournament record.

`section_record_store` is the mirror image of `tournaments.selectors.section_record`: a
record stored by one and read back by the other is equal to the original. What has no column
(TRF headers of an imported file, the points column, extension lines, ...) goes into the
`trf_extra` JSON fields in the form the selector decodes.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify

from common.exceptions import PermissionDenied, StateError, ValidationError
from tournaments import ranking, roster
from tournaments.models import (
    Acceleration,
    Bye,
    ByeKind,
    ByeRequest,
    ByeRequestKind,
    ConstraintKind,
    Event,
    Game,
    GroupSource,
    InitialColour,
    PairingSystem,
    Player,
    PlayerStatus,
    ProhibitedGroup,
    Round,
    RoundStatus,
    Seat,
    Section,
    SeedingRating,
)
from tournaments.record import model as rec
from tournaments.record import trf
from tournaments.selectors import (
    BYE_CODES,
    EXTRA_RECORD_FIELDS,
    GAME_CODES,
    event_is_manager,
    section_next_round,
)

_RESULT_OF_CODES = {codes: result for result, codes in GAME_CODES.items()}
_BYE_KIND_OF_CODE = {code: kind for kind, code in reversed(BYE_CODES.items())}
_PRE_ENTERED_BYES = {
    rec.ResultCode.HALF_POINT_BYE,
    rec.ResultCode.FULL_POINT_BYE,
    rec.ResultCode.ZERO_POINT_BYE,
}
_INITIAL_COLOURS = {
    None: InitialColour.LOT,
    rec.Colour.WHITE: InitialColour.WHITE,
    rec.Colour.BLACK: InitialColour.BLACK,
}
_SCORING_COLUMNS = {
    "win": "points_win",
    "draw": "points_draw",
    "loss": "points_loss",
    "forfeit_win": "points_forfeit_win",
    "forfeit_loss": "points_forfeit_loss",
    "pairing_allocated_bye": "points_pab",
    "half_point_bye": "points_half_bye",
    "full_point_bye": "points_full_bye",
    "zero_point_bye": "points_zero_bye",
}
_DEFAULT_RECORD = rec.Record()


# ---------------------------------------------------------------------------------------
# Events and sections
# ---------------------------------------------------------------------------------------


@transaction.atomic
def event_create(
    *,
    name: str,
    slug: str = "",
    city: str = "",
    federation: str = "",
    start_date: datetime.date | None = None,
    end_date: datetime.date | None = None,
    chief_arbiter: str = "",
    time_control: str = "",
    is_public: bool = True,
    organisers: Iterable[AbstractBaseUser] = (),
) -> Event:
    """A new event with a slug of its own (`slug`, else one made from the name)."""
    name = name.strip()
    if not name:
        raise ValidationError("An event needs a name.", field="name")
    if start_date and end_date and end_date < start_date:
        raise ValidationError("The event cannot end before it starts.", field="end_date")
    taken = set(Event.objects.values_list("slug", flat=True))
    event = Event.objects.create(
        name=name[:200],
        slug=_free_slug(slug or name, taken, fallback="event"),
        city=city[:100],
        federation=federation[:3],
        start_date=start_date,
        end_date=end_date,
        chief_arbiter=chief_arbiter[:100],
        time_control=time_control[:100],
        is_public=is_public,
    )
    event.organisers.set(list(organisers))
    return event


@transaction.atomic
def section_import_trf(*, event: Event, name: str, text: str | bytes, slug: str = "") -> Section:
    """A new section of `event` holding everything a TRF file says.

    Raises `ValidationError` naming the line and field of the first defect; nothing is
    stored then.
    """
    return section_record_store(event=event, name=name, record=_read(text), slug=slug)


@transaction.atomic
def event_import_trf(
    *,
    text: str | bytes,
    section_name: str = "",
    organisers: Iterable[AbstractBaseUser] = (),
) -> Section:
    """A new event described by a TRF file's header, with the file as its one section."""
    record = _read(text)
    header = record.event
    name = header.name or "Imported tournament"
    event = event_create(
        name=name,
        city=header.city,
        federation=header.federation,
        start_date=header.start_date,
        end_date=header.end_date
        if header.end_date and header.start_date and header.end_date >= header.start_date
        else None,
        chief_arbiter=header.chief_arbiter,
        time_control=header.time_control,
        organisers=organisers,
    )
    return section_record_store(event=event, name=section_name or name, record=record)


def _read(text: str | bytes) -> rec.Record:
    try:
        return trf.read(text)
    except trf.TrfError as exc:
        raise ValidationError(
            f"Line {exc.line}, {exc.field}: {exc.reason}", field=exc.field, code="invalid_trf"
        ) from exc


# ---------------------------------------------------------------------------------------
# Running an event: its details, sections, players, withdrawals and byes
# ---------------------------------------------------------------------------------------

User = AbstractBaseUser | AnonymousUser

_SWISS_TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN")
_ROUND_ROBIN_TIEBREAKS = ("DE", "SB", "WIN", "KS")
# The tie-break list a new section starts with when the organiser names none: C.07's usual
# choices per system. Buchholz has no meaning in a round robin (C.07 8), where everyone meets
# everyone, so those rank by the games between the tied players first.
DEFAULT_TIEBREAKS: dict[str, tuple[str, ...]] = {
    PairingSystem.DUTCH: _SWISS_TIEBREAKS,
    PairingSystem.BURSTEIN: _SWISS_TIEBREAKS,
    PairingSystem.BAKU: _SWISS_TIEBREAKS,
    PairingSystem.CASUAL: _SWISS_TIEBREAKS,
    PairingSystem.ROUND_ROBIN: _ROUND_ROBIN_TIEBREAKS,
    PairingSystem.DOUBLE_ROUND_ROBIN: _ROUND_ROBIN_TIEBREAKS,
    PairingSystem.TEAM_SWISS: ("BH:MP-C1", "GPTS", "EDE", "EMGSB"),
    PairingSystem.TEAM_ROUND_ROBIN: ("GPTS", "EDE", "EMGSB"),
}

# The point columns a section form may set, with C.02's defaults.
SCORING_FIELDS: dict[str, Decimal] = {
    "points_win": Decimal("1"),
    "points_draw": Decimal("0.5"),
    "points_loss": Decimal("0"),
    "points_forfeit_win": Decimal("1"),
    "points_forfeit_loss": Decimal("0"),
    "points_pab": Decimal("1"),
    "points_half_bye": Decimal("0.5"),
    "points_full_bye": Decimal("1"),
    "points_zero_bye": Decimal("0"),
}

# Player columns an organiser fills in by hand; the rest come from imports.
PLAYER_TEXT_FIELDS = ("first_name", "title", "sex", "birth_date", "federation", "club", "fide_id")


class SectionStateError(StateError):
    """The section has started: what was asked may only change before round 1 is paired."""

    code = "section_state"


class ByeLimitReached(ValidationError):
    """The player already has every half-point bye the section allows."""

    code = "bye_limit"


def _require_manager(event: Event, user: User) -> None:
    if not event_is_manager(event=event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")


def _section_locked(section: Section, user: User) -> Section:
    """The section row, locked, once `user` is known to run its event."""
    locked = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    _require_manager(locked.event, user)
    return locked


def _event_dates(start_date: datetime.date | None, end_date: datetime.date | None) -> None:
    if start_date and end_date and end_date < start_date:
        raise ValidationError("The event cannot end before it starts.", field="end_date")


@transaction.atomic
def event_update(
    *,
    event: Event,
    user: User,
    name: str,
    city: str = "",
    federation: str = "",
    start_date: datetime.date | None = None,
    end_date: datetime.date | None = None,
    chief_arbiter: str = "",
    time_control: str = "",
    is_public: bool = True,
) -> Event:
    """Change an event's details; its slug (and so its addresses) stays. Locks the event."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _require_manager(event, user)
    name = name.strip()
    if not name:
        raise ValidationError("An event needs a name.", field="name")
    _event_dates(start_date, end_date)
    event.name = name[:200]
    event.city = city[:100]
    event.federation = federation.upper()[:3]
    event.start_date = start_date
    event.end_date = end_date
    event.chief_arbiter = chief_arbiter[:100]
    event.time_control = time_control[:100]
    event.is_public = is_public
    event.save()
    return event


def _section_values(
    *,
    name: str,
    system: str,
    planned_rounds: int,
    tiebreaks: Sequence[str] | None,
    scoring: Mapping[str, Decimal] | None,
    max_half_point_byes: int | None,
    half_point_bye_closed_rounds: Sequence[int] = (),
) -> tuple[str, list[str], dict[str, Decimal]]:
    """Checked name, tie-break list (the system's default when None) and point columns."""
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A section needs a name of 1 to 100 characters.", field="name")
    if system not in PairingSystem.values:
        raise ValidationError(f"{system!r} is not a pairing system.", field="system")
    if planned_rounds < 1:
        raise ValidationError("A section has at least one round.", field="planned_rounds")
    if max_half_point_byes is not None and max_half_point_byes < 0:
        raise ValidationError("The limit cannot be negative.", field="max_half_point_byes")
    for number in half_point_bye_closed_rounds:
        if not 1 <= number <= planned_rounds:
            raise ValidationError(
                f"Round {number} is not a round of the section (1 to {planned_rounds}).",
                field="half_point_bye_closed_rounds",
            )
    codes = list(DEFAULT_TIEBREAKS[system] if tiebreaks is None else tiebreaks)
    if len(set(codes)) != len(codes):
        raise ValidationError("A tie-break is listed twice.", field="tiebreaks")
    points = {**SCORING_FIELDS, **(scoring or {})}
    unknown = set(points) - set(SCORING_FIELDS)
    if unknown:
        raise ValidationError(f"Unknown score columns: {sorted(unknown)}.", field="scoring")
    if not points["points_win"] >= points["points_draw"] >= points["points_loss"]:
        raise ValidationError("A win must score at least a draw, a draw a loss.", field="scoring")
    return name, codes, points


@transaction.atomic
def section_create(
    *,
    event: Event,
    user: User,
    name: str,
    system: str = PairingSystem.DUTCH,
    planned_rounds: int = 5,
    initial_colour: str = InitialColour.LOT,
    acceleration: str = Acceleration.NONE,
    tiebreaks: Sequence[str] | None = None,
    scoring: Mapping[str, Decimal] | None = None,
    max_half_point_byes: int | None = None,
    half_point_bye_closed_rounds: Sequence[int] = (),
) -> Section:
    """A new, empty section of `event`; without `tiebreaks`, the system's `DEFAULT_TIEBREAKS`.

    `scoring` maps point columns (`SCORING_FIELDS`) to values; missing ones keep C.02's.
    Locks the event row while choosing the section's slug.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    _require_manager(event, user)
    name, codes, points = _section_values(
        name=name,
        system=system,
        planned_rounds=planned_rounds,
        tiebreaks=tiebreaks,
        scoring=scoring,
        max_half_point_byes=max_half_point_byes,
        half_point_bye_closed_rounds=half_point_bye_closed_rounds,
    )
    return Section.objects.create(
        event=event,
        name=name,
        slug=_free_slug(name, set(event.sections.values_list("slug", flat=True))),
        system=system,
        planned_rounds=planned_rounds,
        initial_colour=initial_colour,
        acceleration=acceleration,
        tiebreaks=codes,
        max_half_point_byes=max_half_point_byes,
        half_point_bye_closed_rounds=sorted(set(half_point_bye_closed_rounds)),
        **points,
    )


@transaction.atomic
def section_update(
    *,
    section: Section,
    user: User,
    name: str,
    system: str,
    planned_rounds: int,
    initial_colour: str,
    acceleration: str,
    tiebreaks: Sequence[str] | None = None,
    scoring: Mapping[str, Decimal] | None = None,
    max_half_point_byes: int | None = None,
    half_point_bye_closed_rounds: Sequence[int] = (),
) -> Section:
    """Change a section's settings. Locks the section.

    Once round 1 is paired, the system, initial colour and acceleration are fixed (the rounds
    paired so far depend on them: `SectionStateError`), and the planned rounds cannot drop
    below the rounds already paired. Scores and tie-breaks are computed on every read, so
    they may change at any time.
    """
    section = _section_locked(section, user)
    name, codes, points = _section_values(
        name=name,
        system=system,
        planned_rounds=planned_rounds,
        tiebreaks=tiebreaks,
        scoring=scoring,
        max_half_point_byes=max_half_point_byes,
        half_point_bye_closed_rounds=half_point_bye_closed_rounds,
    )
    paired = section_next_round(section=section) - 1
    if paired:
        fixed = {"system": system, "initial_colour": initial_colour, "acceleration": acceleration}
        for field, value in fixed.items():
            if getattr(section, field) != value:
                raise SectionStateError(
                    f"Round {paired} is paired: the {field.replace('_', ' ')} cannot change.",
                    field=field,
                )
        if planned_rounds < paired:
            raise SectionStateError(f"{paired} rounds are paired already.", field="planned_rounds")
    section.name = name
    section.system = system
    section.planned_rounds = planned_rounds
    section.initial_colour = initial_colour
    section.acceleration = acceleration
    section.tiebreaks = codes
    section.max_half_point_byes = max_half_point_byes
    section.half_point_bye_closed_rounds = sorted(set(half_point_bye_closed_rounds))
    for column, value in points.items():
        setattr(section, column, value)
    section.save()
    return section


def _player_values(last_name: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    last_name = last_name.strip()
    if not last_name:
        raise ValidationError("A player needs a name.", field="last_name")
    values: dict[str, Any] = {"last_name": last_name[:100]}
    for name in PLAYER_TEXT_FIELDS:
        values[name] = str(fields.get(name) or "").strip()
    values["federation"] = values["federation"].upper()[:3]
    values["title"] = values["title"][:3]
    values["sex"] = values["sex"][:1]
    values["fide_rating"] = fields.get("fide_rating")
    values["national_rating"] = fields.get("national_rating")
    return values


@transaction.atomic
def player_create(
    *,
    section: Section,
    user: User,
    last_name: str,
    first_name: str = "",
    title: str = "",
    sex: str = "",
    birth_date: str = "",
    federation: str = "",
    club: str = "",
    fide_id: str = "",
    fide_rating: int | None = None,
    national_rating: int | None = None,
    entry_round: int | None = None,
) -> Player:
    """Enter a player, with the next free starting rank. Locks the section.

    A late entry joins at `entry_round` (default: the first round not paired yet); the rounds
    before it count as not played. A round already paired cannot be joined.
    """
    section = _section_locked(section, user)
    values = _player_values(last_name, locals())
    next_round = section_next_round(section=section)
    entry = next_round if entry_round is None else entry_round
    if entry < next_round:
        raise SectionStateError(
            f"Round {entry} is paired already: join at round {next_round} or later.",
            field="entry_round",
        )
    if entry > section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="entry_round"
        )
    last = section.players.order_by("-starting_rank").values_list("starting_rank", flat=True)
    rank = (last.first() or 0) + 1
    return Player.objects.create(section=section, starting_rank=rank, entry_round=entry, **values)


@transaction.atomic
def player_update(
    *,
    player: Player,
    user: User,
    last_name: str,
    starting_rank: int | None = None,
    first_name: str = "",
    title: str = "",
    sex: str = "",
    birth_date: str = "",
    federation: str = "",
    club: str = "",
    fide_id: str = "",
    fide_rating: int | None = None,
    national_rating: int | None = None,
) -> Player:
    """Correct a player's details. Locks the section.

    A new `starting_rank` is taken before round 1 is paired only (afterwards the pairings
    refer to it: `SectionStateError`); the player holding that rank swaps with this one.
    """
    section = _section_locked(player.section, user)
    values = _player_values(last_name, locals())
    player = Player.objects.get(pk=player.pk)
    if starting_rank is not None and starting_rank != player.starting_rank:
        if section_next_round(section=section) > 1:
            raise SectionStateError(
                "Round 1 is paired: starting ranks cannot change any more.",
                field="starting_rank",
            )
        if starting_rank < 1:
            raise ValidationError("A starting rank is 1 or more.", field="starting_rank")
        _rank_swap(section, player, starting_rank)
    for name, value in values.items():
        setattr(player, name, value)
    player.save()
    return player


def _rank_swap(section: Section, player: Player, rank: int) -> None:
    """Give `player` starting rank `rank`, and the holder of `rank` the player's old one."""
    holder = section.players.filter(starting_rank=rank).first()
    old = player.starting_rank
    if holder is not None:
        # Through a free rank: the unique constraint is checked on every row update.
        spare = (section.players.order_by("-starting_rank")[0].starting_rank or 0) + 1
        Player.objects.filter(pk=holder.pk).update(starting_rank=spare)
    Player.objects.filter(pk=player.pk).update(starting_rank=rank)
    if holder is not None:
        Player.objects.filter(pk=holder.pk).update(starting_rank=old)
    player.starting_rank = rank


@transaction.atomic
def player_withdraw(*, player: Player, user: User, from_round: int) -> Player:
    """Withdraw `player` from round `from_round` on: they are not paired in it or after.

    `from_round` must not be paired yet (a paired game is settled by its result, a forfeit).
    Withdrawing again from the same round changes nothing; from another unpaired round, moves
    the withdrawal. Locks the section.
    """
    section = _section_locked(player.section, user)
    player = Player.objects.get(pk=player.pk)
    next_round = section_next_round(section=section)
    if from_round < next_round:
        raise SectionStateError(
            f"Round {from_round} is paired already: enter a forfeit instead.",
            field="from_round",
        )
    if from_round > section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="from_round"
        )
    player.status = PlayerStatus.WITHDRAWN
    player.withdrawn_from_round = from_round
    player.save(update_fields=["status", "withdrawn_from_round", "updated_at"])
    return player


@transaction.atomic
def player_reinstate(*, player: Player, user: User) -> Player:
    """Undo a withdrawal whose first round is not paired yet. Locks the section."""
    section = _section_locked(player.section, user)
    player = Player.objects.get(pk=player.pk)
    if player.status != PlayerStatus.WITHDRAWN:
        return player
    if (player.withdrawn_from_round or 0) < section_next_round(section=section):
        raise SectionStateError(
            f"Round {player.withdrawn_from_round} was paired without this player.",
            field="status",
        )
    player.status = PlayerStatus.ACTIVE
    player.withdrawn_from_round = None
    player.save(update_fields=["status", "withdrawn_from_round", "updated_at"])
    return player


def _half_point_byes(player: Player) -> set[int]:
    """Rounds in which `player` had or asked for a half-point bye."""
    asked = player.bye_requests.filter(kind=ByeRequestKind.HALF_POINT)
    had = player.byes.filter(kind=ByeKind.HALF_POINT)
    return set(asked.values_list("round_number", flat=True)) | set(
        had.values_list("round__number", flat=True)
    )


@transaction.atomic
def bye_request_create(
    *, player: Player, user: User, round_number: int, kind: str = ByeRequestKind.HALF_POINT
) -> ByeRequest:
    """Ask for a bye for `player` in round `round_number`, a round not paired yet.

    Asking again for the same round returns the request, with `kind` as now given. Enforces
    the section's `max_half_point_byes` (`ByeLimitReached`). Locks the section.
    """
    section = _section_locked(player.section, user)
    player = Player.objects.get(pk=player.pk)
    if kind not in ByeRequestKind.values:
        raise ValidationError(f"{kind!r} is not a kind of bye.", field="kind")
    if not 1 <= round_number <= section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="round_number"
        )
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")
    if round_number < player.entry_round:
        raise ValidationError(
            f"The player joins at round {player.entry_round}.", field="round_number"
        )
    if player.withdrawn_from_round is not None and round_number >= player.withdrawn_from_round:
        raise ValidationError("The player has withdrawn by then.", field="round_number")
    if kind == ByeRequestKind.HALF_POINT and round_number in section.half_point_bye_closed_rounds:
        raise ByeLimitReached(
            f"No half-point bye may be taken in round {round_number}.", field="round_number"
        )
    limit = section.max_half_point_byes
    if kind == ByeRequestKind.HALF_POINT and limit is not None:
        taken = _half_point_byes(player) - {round_number}
        if len(taken) >= limit:
            raise ByeLimitReached(
                f"The section allows {limit} half-point bye{'s' if limit != 1 else ''}.",
                field="round_number",
            )
    request, _created = ByeRequest.objects.update_or_create(
        player=player, round_number=round_number, defaults={"kind": kind}
    )
    return request


@transaction.atomic
def bye_request_delete(*, player: Player, user: User, round_number: int) -> bool:
    """Withdraw the bye asked for in a round not paired yet; False when there was none."""
    section = _section_locked(player.section, user)
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")
    deleted, _ = ByeRequest.objects.filter(player=player, round_number=round_number).delete()
    return deleted > 0


# ---------------------------------------------------------------------------------------
# Roster files (CSV): players entered in bulk before round 1
# ---------------------------------------------------------------------------------------

# A 2,000-player roster is about 300 kB; anything far larger is not a roster.
MAX_ROSTER_BYTES = 1024 * 1024


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
    if len(data) > MAX_ROSTER_BYTES:
        raise ValidationError(
            f"The file is larger than {MAX_ROSTER_BYTES // 1024} kB; is it a roster?",
            field="file",
        )
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


# Player columns a roster row fills; a blank cell leaves what was entered before.
_ROSTER_COLUMNS = (
    "first_name",
    "last_name",
    "title",
    "sex",
    "birth_date",
    "federation",
    "club",
    "fide_id",
    "fide_rating",
    "national_id",
    "national_rating",
    "national_rating_2",
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
    section: Section, result: roster.RosterImport, roster_section: str
) -> ImportSummary:
    """Store one roster section's rows into `section` (locked, before round 1), then rank all.

    A row matching a player already in the section (`_same_player`) updates that player;
    any other row is a new player. Every player of the section is then given the starting
    rank of the initial order (C.04.2 Art. 2.2) under the section's seeding rating.
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
        for column in _ROSTER_COLUMNS:
            value = getattr(row, column)
            if value not in ("", None):
                setattr(player, column, value)
        player.entry_round = row.entry_round
        if row.status == PlayerStatus.WITHDRAWN:
            player.status, player.withdrawn_from_round = PlayerStatus.WITHDRAWN, 1
            withdrawn += 1
        elif status_column:
            player.status, player.withdrawn_from_round = PlayerStatus.ACTIVE, None
        touched.append(player)
    _roster_ranks_store(section, existing, touched)
    for player, row in zip(touched, rows, strict=True):
        for number in row.bye_rounds:
            ByeRequest.objects.get_or_create(
                player=player, round_number=number, defaults={"kind": ByeRequestKind.HALF_POINT}
            )
    return ImportSummary(
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
    user: User,
    roster_section: str | None = None,
) -> ImportSummary:
    """Enter the players of a CSV roster (`tournaments.roster`) into `section`, all or none.

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
    section = _section_locked(section, user)
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
    return _roster_store(section, result, chosen)


@transaction.atomic
def event_roster_import(
    *, event: Event, data: bytes, user: User, mapping: Mapping[str, str] | None = None
) -> tuple[ImportSummary, ...]:
    """Enter a roster of several sections (an NWChess roster) into `event`, all or none.

    Each section of the file goes into the event's section of the same name (any case),
    created with the default settings when there is none. Every section concerned must be
    before round 1. Per section, as `section_roster_import`: same players update, all ranked
    by C.04.2. Locks the event, then each section.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    _require_manager(event, user)
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
        target = _section_locked(target, user)
        if section_next_round(section=target) > 1:
            raise SectionStateError(
                f"Round 1 of {target.name} is paired: nothing was imported.", field="file"
            )
        summaries.append(_roster_store(target, result, name))
    return tuple(summaries)


# ---------------------------------------------------------------------------------------
# Storing a record
# ---------------------------------------------------------------------------------------


@transaction.atomic
def section_record_store(
    *,
    event: Event,
    name: str,
    record: rec.Record,
    slug: str = "",
    board_order: Mapping[int, Sequence[tuple[int, int]]] | None = None,
) -> Section:
    """Store `record` as a new section of `event`, with every player, round, game and bye.

    Rounds up to the last one paired are created (completed when every game has a result,
    else published); byes entered in advance for later rounds become bye requests. Each game
    and bye gets its seats, so the database itself refuses a player seated twice in a round.
    A record does not number boards: `board_order` gives, per round, the ``(white, black)``
    starting ranks in board order (an engine's or a Berger table's); boards it does not list
    follow by score, highest first. Locks the event row while choosing the section's slug.
    """
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A section needs a name of 1 to 100 characters.", field="name")
    event = Event.objects.select_for_update().get(pk=event.pk)
    extra: dict[str, Any] = {"event": _encode(record.event)}
    section = Section.objects.create(
        event=event,
        name=name,
        slug=_free_slug(slug or name, set(event.sections.values_list("slug", flat=True))),
        system=_system(record.event.system),
        planned_rounds=record.planned_rounds or max(record.round_columns, 1),
        initial_colour=_INITIAL_COLOURS[record.initial_colour],
        acceleration=_acceleration(record),
        tiebreaks=list(record.tiebreaks),
        **_scoring_columns(record.scoring, extra),
    )
    if record.planned_rounds is None:
        extra["planned_rounds_absent"] = True
    for field_name in EXTRA_RECORD_FIELDS:
        value = getattr(record, field_name)
        if value != getattr(_DEFAULT_RECORD, field_name):
            extra[field_name] = _encode(value)
    players = _store_players(section, record, extra)
    _store_rounds(section, record, players, extra, board_order or {})
    _store_forbidden_pairings(section, record, players, extra)
    _store_teams(section, record, players, extra)
    section.trf_extra = extra
    section.save(update_fields=["trf_extra", "updated_at"])
    return section


def _store_players(
    section: Section, record: rec.Record, extra: dict[str, Any]
) -> dict[int, Player]:
    ranks = list(record.ranks)
    if ranks != sorted(ranks):
        extra["player_order"] = ranks
    xxa = _virtual_points_by_rank(record)
    if xxa is None:
        extra["virtual_points"] = _encode(record.virtual_points)
        xxa = {}
    rows = []
    for p in record.players:
        last, comma, first = p.name.partition(", ")
        if not (comma and last and first) or f"{last}, {first}" != p.name:
            last, first = p.name, ""
        player_extra: dict[str, Any] = {}
        if p.points is not None:
            player_extra["points"] = str(p.points)
        if p.final_rank is not None:
            player_extra["final_rank"] = p.final_rank
        rows.append(
            Player(
                section=section,
                starting_rank=p.rank,
                first_name=first,
                last_name=last,
                title=p.title,
                sex=p.sex.value if p.sex else "",
                birth_date=p.birth_date or "",
                federation=p.federation,
                fide_id=str(p.fide_id) if p.fide_id is not None else "",
                fide_rating=p.rating,
                acceleration=[_decimal_text(v) for v in xxa.get(p.rank, ())],
                trf_extra=player_extra,
            )
        )
    Player.objects.bulk_create(rows)
    return {p.starting_rank: p for p in section.players.all()}


def _virtual_points_by_rank(record: rec.Record) -> dict[int, tuple[Fraction, ...]] | None:
    """XXA lines as per-player lists, or None when they do not fit one list per player."""
    ranks = [v.rank for v in record.virtual_points]
    if ranks != sorted(set(ranks)) or any(not v.points for v in record.virtual_points):
        return None
    return {v.rank: v.points for v in record.virtual_points}


@dataclass(slots=True)
class _Round:
    games: list[tuple[int, int, str]]
    byes: list[tuple[int, str]]


def _store_rounds(
    section: Section,
    record: rec.Record,
    players: dict[int, Player],
    extra: dict[str, Any],
    board_order: Mapping[int, Sequence[tuple[int, int]]],
) -> None:
    played = record.rounds_played
    rounds = {number: _Round(games=[], byes=[]) for number in range(1, played + 1)}
    uncoloured: list[list[int]] = []
    requests = []
    for p in record.players:
        for number, e in enumerate(p.rounds, start=1):
            if number > played:
                if e.result in _PRE_ENTERED_BYES:
                    requests.append(
                        ByeRequest(player=players[p.rank], round_number=number, kind=e.result.value)
                    )
            elif e.opponent is None:
                if e.result is not rec.ResultCode.UNPAIRED:
                    rounds[number].byes.append((p.rank, _BYE_KIND_OF_CODE[e.result]))
            elif e.colour is rec.Colour.WHITE or (
                e.colour is rec.Colour.NONE and p.rank < e.opponent
            ):
                other = record.player(e.opponent).entry(number)
                rounds[number].games.append(
                    (p.rank, e.opponent, _RESULT_OF_CODES[(e.result, other.result)])
                )
                if e.colour is rec.Colour.NONE:
                    uncoloured.append([number, p.rank])
    if uncoloured:
        extra["uncoloured_games"] = uncoloured
    ByeRequest.objects.bulk_create(requests)
    scores = {p.rank: Fraction(0) for p in record.players}
    for number, content in rounds.items():
        listed = {pair: index for index, pair in enumerate(board_order.get(number, ()))}
        _store_round(section, number, content, players, scores, listed)
        for p in record.players:
            scores[p.rank] += record.scoring.points(p.entry(number).result)


def _store_round(
    section: Section,
    number: int,
    content: _Round,
    players: dict[int, Player],
    scores: dict[int, Fraction],
    listed: dict[tuple[int, int], int],
) -> None:
    finished = all(result for _w, _b, result in content.games)
    rnd = Round.objects.create(
        section=section,
        number=number,
        status=RoundStatus.COMPLETED if finished else RoundStatus.PUBLISHED,
        published_at=timezone.now(),
    )
    # Listed boards first, in their order; then from the top: highest score, better rank.
    ordered = sorted(
        content.games,
        key=lambda g: (
            listed.get((g[0], g[1]), len(listed)),
            -max(scores[g[0]], scores[g[1]]),
            min(g[0], g[1]),
        ),
    )
    games = Game.objects.bulk_create(
        Game(round=rnd, board=board, white=players[w], black=players[b], result=result)
        for board, (w, b, result) in enumerate(ordered, start=1)
    )
    byes = Bye.objects.bulk_create(
        Bye(round=rnd, player=players[rank], kind=kind) for rank, kind in content.byes
    )
    seats = [Seat(round=rnd, player_id=g.white_id, game=g) for g in games]
    seats += [Seat(round=rnd, player_id=g.black_id, game=g) for g in games]
    seats += [Seat(round=rnd, player_id=b.player_id, bye=b) for b in byes]
    Seat.objects.bulk_create(seats)


def _store_forbidden_pairings(
    section: Section, record: rec.Record, players: dict[int, Player], extra: dict[str, Any]
) -> None:
    """Forbidden pairings as strict groups, or kept whole when a group cannot hold them.

    Round ranges (TRF26 260), repeated ids and team events (where the ids are teams) have
    no group form. The order the file listed the ids in is kept beside the groups.
    """
    pairings = record.forbidden_pairings
    fits = not record.teams and all(
        f.first_round is None and len(set(f.ranks)) == len(f.ranks) for f in pairings
    )
    if not fits:
        extra["forbidden_pairings"] = _encode(pairings)
        return
    order: dict[str, list[int]] = {}
    for index, pairing in enumerate(pairings, start=1):
        group = ProhibitedGroup.objects.create(
            section=section,
            name=f"Forbidden pairing {index}",
            kind=ConstraintKind.STRICT,
            source=GroupSource.MANUAL,
        )
        group.members.set([players[rank] for rank in pairing.ranks])
        if list(pairing.ranks) != sorted(pairing.ranks):
            order[str(group.pk)] = list(pairing.ranks)
    if order:
        extra["forbidden_order"] = order


def _store_teams(
    section: Section, record: rec.Record, players: dict[int, Player], extra: dict[str, Any]
) -> None:
    """Teams and their rosters; what a team row has no column for is kept beside it.

    Teams whose names repeat, are too long, or share a player cannot be rows: they are kept
    whole. The rows are made through the section's reverse relations, so that this layer
    does not import the teams app.
    """
    teams = record.teams
    members = [rank for t in teams for rank in t.members]
    fits = (
        len({t.name for t in teams}) == len(teams)
        and len({t.number for t in teams}) == len(teams)
        and len(set(members)) == len(members)
        and all(len(t.name) <= 100 and len(t.nickname) <= 20 for t in teams)
    )
    if not fits:
        extra["teams"] = _encode(teams)
        return
    details = {}
    for t in teams:
        team = section.teams.create(name=t.name, short_name=t.nickname, starting_rank=t.number)
        for board, rank in enumerate(t.members, start=1):
            team.members.create(player=players[rank], board_order=board)
        more = {
            "strength_factor": _encode(t.strength_factor),
            "match_points": _encode(t.match_points),
            "game_points": _encode(t.game_points),
            "rank": t.rank,
        }
        if any(value is not None for value in more.values()):
            details[str(t.number)] = more
    if details:
        extra["team_details"] = details


def _scoring_columns(scoring: rec.ScoringSystem, extra: dict[str, Any]) -> dict[str, Decimal]:
    """The point columns, or the defaults with the system kept whole when they cannot hold it.

    A column holds one decimal place below 1000, and win ≥ draw ≥ loss.
    """
    values = {
        column: _one_decimal(getattr(scoring, name)) for name, column in _SCORING_COLUMNS.items()
    }
    exact = all(v is not None for v in values.values())
    if exact and scoring.win >= scoring.draw >= scoring.loss:
        return {column: value for column, value in values.items() if value is not None}
    extra["scoring"] = _encode(scoring)
    return {}


def _one_decimal(value: Fraction) -> Decimal | None:
    tenths = value * 10
    if tenths.denominator != 1 or abs(tenths) >= 10_000:
        return None
    return Decimal(tenths.numerator) / 10


def _system(code: str) -> str:
    """The pairing system a 192 code names; the Dutch system when it names none we know."""
    code = code.upper()
    if "TEAM" in code:
        robin = "ROUNDROBIN" in code or "KNOCKOUT" in code
        return PairingSystem.TEAM_ROUND_ROBIN if robin else PairingSystem.TEAM_SWISS
    if "DOUBLEROUNDROBIN" in code:
        return PairingSystem.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in code:
        return PairingSystem.ROUND_ROBIN
    if "BURSTEIN" in code:
        return PairingSystem.BURSTEIN
    if "BAKU" in code:
        return PairingSystem.BAKU
    if code.startswith("CUSTOM_"):
        return PairingSystem.CASUAL
    return PairingSystem.DUTCH


def _acceleration(record: rec.Record) -> str:
    if "BAKU" in record.event.system.upper():
        return Acceleration.BAKU
    if record.virtual_points or record.accelerated_rounds:
        return Acceleration.MANUAL
    return Acceleration.NONE


# Words the event's own URLs use after /events/<event>/, so no section may take them.
_RESERVED_SLUGS = frozenset({"import", "export", "new", "edit"})


def _free_slug(text: str, taken: set[str], *, fallback: str = "section") -> str:
    base = slugify(text)[:70].strip("-") or fallback
    slug, suffix = base, 2
    while slug in taken or slug in _RESERVED_SLUGS:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _decimal_text(value: Fraction) -> str:
    """``"0.5"`` for one half: the form the acceleration column documents, when exact."""
    one = _one_decimal(value)
    return str(one) if one is not None and Fraction(one) == value else str(value)


def _encode(value: Any) -> Any:
    """The JSON form of a record value; `tournaments.selectors._decode` reads it back."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(value) if f.init}
    raise TypeError(f"cannot keep {type(value).__name__} in trf_extra")


# ---------------------------------------------------------------------------------------
# Filling an empty section from a TRF file
# ---------------------------------------------------------------------------------------


@transaction.atomic
def section_trf_load(*, section: Section, user: User, text: str | bytes) -> Section:
    """Fill an empty section with everything a TRF file says: players, rounds, settings.

    What the file states replaces the section's own settings (pairing system from 192,
    planned rounds, initial colour, scoring, tie-breaks); what it leaves out keeps the
    section's. Rounds are stored as `section_record_store` stores them, so the section's
    record reads back equal to the file's (the planned rounds aside, when the file has none).

    Locks the section. Raises `PermissionDenied` unless `user` runs the event,
    `SectionStateError` when the section already has players or rounds, and
    `ValidationError` naming the line and field of the first defect of the file; nothing is
    stored then.
    """
    section = _section_locked(section, user)
    if section.players.exists() or section.rounds.exists():
        raise SectionStateError(
            "Only an empty section can take a TRF file; this one has players.", field="file"
        )
    record = _read(text)
    extra: dict[str, Any] = {"event": _encode(record.event)}
    if record.event.system:
        section.system = _system(record.event.system)
    section.planned_rounds = record.planned_rounds or max(
        section.planned_rounds, record.round_columns
    )
    if record.initial_colour is not None:
        section.initial_colour = _INITIAL_COLOURS[record.initial_colour]
    if _acceleration(record) != Acceleration.NONE:
        section.acceleration = _acceleration(record)
    if record.tiebreaks:
        section.tiebreaks = list(record.tiebreaks)
    for column, value in _scoring_columns(record.scoring, extra).items():
        setattr(section, column, value)
    for field_name in EXTRA_RECORD_FIELDS:
        value = getattr(record, field_name)
        if value != getattr(_DEFAULT_RECORD, field_name):
            extra[field_name] = _encode(value)
    players = _store_players(section, record, extra)
    _store_rounds(section, record, players, extra, {})
    _store_forbidden_pairings(section, record, players, extra)
    _store_teams(section, record, players, extra)
    section.trf_extra = extra
    section.save()
    return section
