"""Events and sections: creating, importing from TRF, changing their settings."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from chesscore.systems import DEFAULT_SYSTEM
from chesscore.systems import system_info
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from common.types import AnyUser
from common.types import User
from tournaments.models import Acceleration
from tournaments.models import Event
from tournaments.models import InitialColour
from tournaments.models import LogAction
from tournaments.models import Section
from tournaments.models import default_time_zone
from tournaments.models import time_zone_valid
from tournaments.selectors.record import points_scoring
from tournaments.selectors.rounds import section_next_round
from tournaments.services.base import SectionStateError
from tournaments.services.base import event_lock_for_manager
from tournaments.services.base import event_manager_require
from tournaments.services.base import free_slug
from tournaments.services.base import points_check
from tournaments.services.base import points_exact
from tournaments.services.base import record_from_trf
from tournaments.services.base import section_lock_for_manager
from tournaments.services.changes import values_of
from tournaments.services.changes import values_save
from tournaments.services.log import log_write
from tournaments.services.quotas import event_quota_check
from tournaments.services.quotas import section_quota_check
from tournaments.services.records import do_section_record_store
from tournaments.services.records import section_import_log
from tournaments.services.records import stored_text
from tournaments.validators import date_in_range
from tournaments.validators import field_check
from tournaments.validators import tiebreak_list

# ---------------------------------------------------------------------------------------
# Events and sections
# ---------------------------------------------------------------------------------------


@transaction.atomic
def event_create(*, user: AnyUser, **details: Any) -> Event:
    """A new event made by `user`, who organises it: `do_event_create` with `details` (its
    name, slug, dates, ...), once `user` is known to be signed in (`PermissionDenied`).

    The event counts against `user`'s quota of events, and an account whose address is not
    confirmed yet may hold none (`tournaments.services.quotas`); the log names `user`.
    """
    if not user.is_authenticated:
        raise PermissionDenied(_("Sign in to create an event."))
    return do_event_create(**details, organisers=[user])


@transaction.atomic
def do_event_create(
    *,
    name: str,
    slug: str = "",
    city: str = "",
    federation: str = "",
    start_date: datetime.date | None = None,
    end_date: datetime.date | None = None,
    chief_arbiter: str = "",
    time_control: str = "",
    time_zone: str = "",
    is_public: bool = True,
    organisers: Iterable[User] = (),
) -> Event:
    """A new event with a slug of its own (`slug`, else one made from the name), for a
    caller that decided who may make it: `event_create`, the command line, the demo.

    The event counts against the quota of the first of `organisers` (whoever creates an
    event organises it), and the log names them; with no organiser it is Rookery's own (an
    import from the command line), counted against no account.
    """
    organisers = list(organisers)
    actor = next(iter(organisers), None)
    name = name.strip()
    if not name:
        raise ValidationError("An event needs a name.", field="name")
    if start_date and end_date and end_date < start_date:
        raise ValidationError("The event cannot end before it starts.", field="end_date")
    if actor is not None:
        event_quota_check(user=actor)
    taken = set(Event.objects.values_list("slug", flat=True))
    event = Event.objects.create(
        name=name[:200],
        slug=free_slug(slug or name, taken, fallback="event", hidden=not (is_public or slug)),
        city=city[:100],
        federation=federation[:3],
        start_date=start_date,
        end_date=end_date,
        chief_arbiter=chief_arbiter[:100],
        time_control=time_control[:100],
        time_zone=_time_zone(time_zone),
        is_public=is_public,
    )
    event.organisers.set(organisers)
    log_write(event, actor, LogAction.EVENT_CREATE, f"Event {event.name} created.")
    return event


@transaction.atomic
def section_import_trf(
    *, event: Event, user: AnyUser, name: str, text: str | bytes, slug: str = ""
) -> Section:
    """A new section of `event` holding everything a TRF file says, imported by `user`:
    `do_section_import_trf` once `user` is known to organise or arbitrate the event
    (`PermissionDenied`)."""
    event_manager_require(event=event, user=user)
    return do_section_import_trf(event=event, name=name, text=text, slug=slug, actor=user)


@transaction.atomic
def do_section_import_trf(
    *, event: Event, name: str, text: str | bytes, slug: str = "", actor: AnyUser | None = None
) -> Section:
    """A new section of `event` holding everything a TRF file says, for a caller that
    decided who may import it: `section_import_trf`, or the command line (`actor` None:
    Rookery's own import).

    `actor` is named in the log and counts the quotas (`do_section_record_store`). Raises
    `ValidationError` naming the line and field of the first defect, `QuotaExceeded` past
    the event's sections or a section's players (`tournaments.services.quotas`); nothing is
    stored then.
    """
    record = record_from_trf(text)
    section = do_section_record_store(event=event, name=name, record=record, slug=slug, actor=actor)
    section_import_log(section=section, actor=actor, what="a TRF file")
    return section


@transaction.atomic
def do_event_import_trf(
    *,
    text: str | bytes,
    section_name: str = "",
    organisers: Iterable[User] = (),
) -> Section:
    """A new event described by a TRF file's header, with the file as its one section, for
    a caller that decided who may make it (the command line).

    The log names the first of `organisers`, else Rookery (`do_event_create`).
    """
    organisers = list(organisers)
    actor = next(iter(organisers), None)
    record = record_from_trf(text)
    header = record.event
    name = stored_text(header.name) or "Imported tournament"
    start, end = (_date_kept(header.start_date), _date_kept(header.end_date))
    event = do_event_create(
        name=name,
        city=stored_text(header.city),
        federation=stored_text(header.federation),
        start_date=start,
        end_date=end if end and start and end >= start else None,
        chief_arbiter=stored_text(header.chief_arbiter),
        time_control=stored_text(header.time_control),
        organisers=organisers,
    )
    section = do_section_record_store(
        event=event, name=section_name or name, record=record, actor=actor
    )
    section_import_log(section=section, actor=actor, what="a TRF file")
    return section


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


def _time_zone(value: str) -> str:
    """An IANA time zone name, checked; empty: the site's zone."""
    value = value.strip() or default_time_zone()
    try:
        time_zone_valid(value)
    except DjangoValidationError as exc:
        raise ValidationError(exc.messages[0], field="time_zone") from None
    return value


def _event_dates(start_date: datetime.date | None, end_date: datetime.date | None) -> None:
    if start_date and end_date and end_date < start_date:
        raise ValidationError("The event cannot end before it starts.", field="end_date")


@transaction.atomic
def event_update(
    *,
    event: Event,
    user: AnyUser,
    name: str,
    city: str = "",
    federation: str = "",
    start_date: datetime.date | None = None,
    end_date: datetime.date | None = None,
    chief_arbiter: str = "",
    time_control: str = "",
    time_zone: str | None = None,
    is_public: bool = True,
) -> Event:
    """Change an event's details; its slug (and so its addresses) stays. Locks the event.

    `time_zone` None keeps the event's. The log keeps each detail that changed, old and new
    (nothing changed: no entry).
    """
    event = event_lock_for_manager(event_id=event.pk, user=user)
    name = name.strip()
    if not name:
        raise ValidationError("An event needs a name.", field="name")
    _event_dates(start_date, end_date)
    values = {
        "name": name[:200],
        "city": city[:100],
        "federation": federation.upper()[:3],
        "start_date": start_date,
        "end_date": end_date,
        "chief_arbiter": chief_arbiter[:100],
        "time_control": time_control[:100],
        "time_zone": event.time_zone if time_zone is None else _time_zone(time_zone),
        "is_public": is_public,
    }
    _values_save_logged(event, values, user, LogAction.EVENT_UPDATE, "Details")
    return event


def _date_kept(day: datetime.date | None) -> datetime.date | None:
    """A date of a file's header as the event keeps it: none outside the years every form
    takes (`tournaments.validators.date_in_range`)."""
    try:
        return date_in_range(day) if day is not None else None
    except DjangoValidationError:
        return None


def _values_save_logged(
    subject: Event | Section, values: Mapping[str, Any], user: AnyUser, action: str, what: str
) -> None:
    """Save `values` on `subject` and log what changed, if anything: "`what` of <its new
    name> changed: name, city."."""
    changes = values_save(subject, values)
    if changes:
        fields = ", ".join(name.replace("_", " ") for name in changes)
        text = f"{what} of {subject.name} changed: {fields}."
        log_write(subject, user, action, text, changes=changes)


def _section_values(
    *,
    name: str,
    system: str,
    acceleration: str,
    planned_rounds: int,
    tiebreaks: Sequence[str] | None,
    scoring: Mapping[str, Decimal] | None,
    points: Mapping[str, Decimal],
    max_half_point_byes: int | None,
    half_point_bye_closed_rounds: Sequence[int] = (),
    late_entry_half_point_byes: int = 0,
) -> dict[str, Any]:
    """The section's columns these settings fill, checked: the name stripped, the tie-break
    list (the system's default when None), the bye rules and the point columns (`scoring`'s
    values over `points`, each exact, and such as the system pairs with: `points_refusal`)."""
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A section needs a name of 1 to 100 characters.", field="name")
    info = system_info(system)
    if info is None:
        raise ValidationError(f"{system!r} is not a pairing system.", field="system")
    if planned_rounds < 1:
        raise ValidationError("A section has at least one round.", field="planned_rounds")
    if max_half_point_byes is not None and max_half_point_byes < 0:
        raise ValidationError("The limit cannot be negative.", field="max_half_point_byes")
    if not 0 <= late_entry_half_point_byes <= planned_rounds:
        raise ValidationError(
            f"A late entry can miss at most the {planned_rounds} rounds of the section.",
            field="late_entry_half_point_byes",
        )
    for number in half_point_bye_closed_rounds:
        if not 1 <= number <= planned_rounds:
            raise ValidationError(
                f"Round {number} is not a round of the section (1 to {planned_rounds}).",
                field="half_point_bye_closed_rounds",
            )
    codes = list(info.default_tiebreaks if tiebreaks is None else tiebreaks)
    if len(set(codes)) != len(codes):
        raise ValidationError("A tie-break is listed twice.", field="tiebreaks")
    field_check("tiebreaks", tiebreak_list, codes)
    values = {**points, **(scoring or {})}
    unknown = set(values) - set(SCORING_FIELDS)
    if unknown:
        raise ValidationError(f"Unknown score columns: {sorted(unknown)}.", field="scoring")
    exact = {column: points_exact(column, value) for column, value in values.items()}
    points_check(system=system, acceleration=acceleration, scoring=points_scoring(exact))
    return {
        "name": name,
        "system": system,
        "planned_rounds": planned_rounds,
        "tiebreaks": codes,
        "max_half_point_byes": max_half_point_byes,
        "half_point_bye_closed_rounds": sorted(set(half_point_bye_closed_rounds)),
        "late_entry_half_point_byes": late_entry_half_point_byes,
        **exact,
    }


@transaction.atomic
def section_create(
    *,
    event: Event,
    user: AnyUser,
    name: str,
    system: str = DEFAULT_SYSTEM,
    planned_rounds: int = 5,
    initial_colour: str = InitialColour.LOT,
    acceleration: str = Acceleration.NONE,
    tiebreaks: Sequence[str] | None = None,
    scoring: Mapping[str, Decimal] | None = None,
    max_half_point_byes: int | None = None,
    half_point_bye_closed_rounds: Sequence[int] = (),
    late_entry_half_point_byes: int = 0,
) -> Section:
    """A new, empty section of `event`; without `tiebreaks`, the system's usual list
    (`chesscore.systems.default_tiebreaks`).

    `scoring` maps point columns (`SCORING_FIELDS`) to values; missing ones keep C.02's.
    Points the system cannot pair with are refused on their column (`points_refusal`), as
    is Baku acceleration under points it cannot add (on ``acceleration``). Locks the event
    row while choosing the section's slug.
    """
    event = event_lock_for_manager(event_id=event.pk, user=user)
    section_quota_check(event=event, user=user)
    values = _section_values(
        name=name,
        system=system,
        acceleration=acceleration,
        planned_rounds=planned_rounds,
        tiebreaks=tiebreaks,
        scoring=scoring,
        points=SCORING_FIELDS,
        max_half_point_byes=max_half_point_byes,
        half_point_bye_closed_rounds=half_point_bye_closed_rounds,
        late_entry_half_point_byes=late_entry_half_point_byes,
    )
    taken = set(event.sections.values_list("slug", flat=True))
    section = Section.objects.create(
        event=event,
        slug=free_slug(values["name"], taken),
        initial_colour=initial_colour,
        acceleration=acceleration,
        **values,
    )
    rounds = section.planned_rounds
    log_write(
        section,
        user,
        LogAction.SECTION_CREATE,
        (
            f"Section {section.name} created: {section.system_label}, "
            f"{rounds} round{'s' if rounds != 1 else ''}."
        ),
    )
    return section


@transaction.atomic
def section_update(
    *,
    section: Section,
    user: AnyUser,
    name: str,
    system: str,
    planned_rounds: int,
    initial_colour: str,
    acceleration: str,
    tiebreaks: Sequence[str] | None = None,
    scoring: Mapping[str, Decimal] | None = None,
    max_half_point_byes: int | None = None,
    half_point_bye_closed_rounds: Sequence[int] = (),
    late_entry_half_point_byes: int = 0,
) -> Section:
    """Change a section's settings. Locks the section.

    Once round 1 is paired, the system, initial colour and acceleration are fixed (the rounds
    paired so far depend on them: `SectionStateError`), and the planned rounds cannot drop
    below the rounds already paired. Scores and tie-breaks are computed on every read, so
    they may change at any time: `scoring` replaces the points it names, however the
    section got them (a TRF file's included), the others stay; they are checked as
    `section_create` checks them. The log keeps each setting that changed, old and new
    (nothing changed: no entry).
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    values = _section_values(
        name=name,
        system=system,
        acceleration=acceleration,
        planned_rounds=planned_rounds,
        tiebreaks=tiebreaks,
        scoring=scoring,
        points=values_of(section, SCORING_FIELDS),
        max_half_point_byes=max_half_point_byes,
        half_point_bye_closed_rounds=half_point_bye_closed_rounds,
        late_entry_half_point_byes=late_entry_half_point_byes,
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
    values.update(initial_colour=initial_colour, acceleration=acceleration)
    _values_save_logged(section, values, user, LogAction.SECTION_UPDATE, "Settings")
    return section
