"""Shared by the services: who may change an event or a section (and the locks that go
with the check), the section's state errors, slugs."""

from __future__ import annotations

import re
import secrets
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from chesscore.record import model as rec
from chesscore.record import trf
from chesscore.record.people import DetailInvalid
from chesscore.record.people import record_player_details
from chesscore.systems import DEFAULT_SYSTEM
from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.limits import upload_size_check
from common.types import AnyUser
from tournaments.models import POINTS_DIGITS
from tournaments.models import POINTS_PLACES
from tournaments.models import SCORING_COLUMNS
from tournaments.models import Acceleration
from tournaments.models import Event
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.access import event_is_organiser
from tournaments.selectors.rounds import section_next_round
from tournaments.validators import RESERVED_SECTION_SLUGS
from tournaments.validators import points_refusal
from tournaments.validators import tiebreak_list


class SectionStateError(StateError):
    """The section has started: what was asked may only change before round 1 is paired."""

    code = "section_state"


class ByeLimitReached(ValidationError):
    """The player already has every half-point bye the section allows."""

    code = "bye_limit"


def event_manager_require(*, event: Event, user: AnyUser) -> None:
    """Raise `PermissionDenied` unless `user` organises or arbitrates `event` (or is a
    superuser): the check every service that changes an event's contents makes."""
    if not event_is_manager(event=event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")


def event_organiser_require(*, event: Event, user: AnyUser, doing: str) -> None:
    """Raise `PermissionDenied` unless `user` organises `event` (or is a superuser); the
    message says the organisers only may do `doing`, e.g. "delete it"."""
    if not event_is_organiser(event=event, user=user):
        raise PermissionDenied(f"Only the event's organisers may {doing}.")


def event_lock_for_manager(*, event_id: int, user: AnyUser) -> Event:
    """The event row, locked (``select_for_update``), once `user` is known to organise or
    arbitrate it.

    Call it inside a transaction: the lock lasts until the transaction ends (outside one,
    Django raises `TransactionManagementError`). Raises `Event.DoesNotExist` for no such
    event and `PermissionDenied` (`event_manager_require`) for anyone else.
    """
    event = Event.objects.select_for_update().get(pk=event_id)
    event_manager_require(event=event, user=user)
    return event


def event_lock_for_organiser(*, event_id: int, user: AnyUser, doing: str) -> Event:
    """The event row, locked (``select_for_update``), once `user` is known to organise it.

    As `event_lock_for_manager`, but arbiters are refused too: `PermissionDenied` saying
    the organisers only may do `doing` (`event_organiser_require`).
    """
    event = Event.objects.select_for_update().get(pk=event_id)
    event_organiser_require(event=event, user=user, doing=doing)
    return event


def section_lock_for_manager(*, section_id: int, user: AnyUser) -> Section:
    """The section row, locked (``select_for_update``) with its event loaded, once `user` is
    known to organise or arbitrate the event.

    Every write to a section, its players and its rounds takes this lock first, so writes
    to one section are taken one after the other; a service that also locks a round or a
    pairing run locks it after the section. Call it inside a transaction: the lock lasts
    until the transaction ends (outside one, Django raises `TransactionManagementError`).
    Raises `Section.DoesNotExist` for no such section and `PermissionDenied`
    (`event_manager_require`) for anyone who does not run the event.
    """
    section = Section.objects.select_for_update().select_related("event").get(pk=section_id)
    event_manager_require(event=section.event, user=user)
    return section


# Words the event's own URLs use after /events/<event>/, so no section may take them.
_RESERVED_SLUGS = RESERVED_SECTION_SLUGS


def round_open_require(section: Section, round_number: int) -> None:
    """Raise unless `round_number` is a round of `section` (`ValidationError`) not paired
    yet (`SectionStateError`), both on the field ``round_number``."""
    if not 1 <= round_number <= section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="round_number"
        )
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")


def free_slug(
    text: str, taken: set[str], *, fallback: str = "section", hidden: bool = False
) -> str:
    """A slug made from `text` (else `fallback`) that is not in `taken` nor a word the
    event's own URLs use: "open", else "open-" and six random hex digits ("open-3f9a0c").

    The suffix is random, not a count, so that a new slug tells nothing of the slugs taken:
    "open-2" would say that an "open" exists even when that event is private. A `hidden`
    slug (a private event's) always carries the suffix, so that no one finds it by its name
    and a new event named alike never collides with it.
    """
    base = slugify(text)[:70].strip("-") or fallback
    slug = f"{base}-{secrets.token_hex(3)}" if hidden else base
    while slug in taken or slug in _RESERVED_SLUGS:
        slug = f"{base}-{secrets.token_hex(3)}"
    return slug


def points_exact(column: str, value: object) -> Decimal:
    """`value` (3, "0.5", a `Decimal` or `Fraction`) exactly as the point columns hold it;
    a value they would round, or cannot hold, is refused on `column`."""
    try:
        if isinstance(value, Fraction):
            points = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            points = Decimal(str(value))
    except ArithmeticError:
        points = Decimal("NaN")
    limit = 10 ** (POINTS_DIGITS - POINTS_PLACES)
    if (
        not points.is_finite()
        or abs(points) >= limit
        or points != points.quantize(Decimal(1).scaleb(-POINTS_PLACES))
    ):
        raise ValidationError(
            _(
                "Points are numbers such as 1 or 0.5, below %(limit)s with at most "
                "%(places)s decimals."
            )
            % {"limit": limit, "places": POINTS_PLACES},
            field=column,
        )
    return points


def points_check(*, system: str, acceleration: str, scoring: rec.ScoringSystem) -> None:
    """Refuse points a section of `system` under `acceleration` may not have
    (`tournaments.validators.points_refusal`), on the point column at fault or on
    ``acceleration``."""
    refusal = points_refusal(system=system, acceleration=acceleration, scoring=scoring)
    if refusal is not None:
        what, message = refusal
        raise ValidationError(message, field=SCORING_COLUMNS.get(what, what))


def record_from_trf(
    text: str | bytes, *, system: str = DEFAULT_SYSTEM, acceleration: str = Acceleration.NONE
) -> rec.Record:
    """The record a TRF file holds; `ValidationError` (code ``invalid_trf``) naming the
    line and field of its first defect; `UploadTooLarge` for a file over the TRF upload
    limit, unread (every import, the API's included, goes through here).

    The file's points must be ones its section may have (`points_refusal`), for the system
    and acceleration its 192 code names, else `system` and `acceleration` (the section's
    that a file naming none keeps): refused naming the line that gave the point, or the 192
    line."""
    upload_size_check(size=len(text if isinstance(text, bytes) else text.encode()), kind="trf")
    try:
        record = trf.read(text)
    except trf.TrfError as exc:
        raise ValidationError(
            f"Line {exc.line}, {exc.field}: {exc.reason}", field=exc.field, code="invalid_trf"
        ) from exc
    # The site keeps what its forms would take (`tournaments.validators`): the file's
    # tie-break list, and each player's details as their one cleaner writes them (ratings
    # of 0 to 3500, say: the TRF column takes four digits).
    try:
        tiebreak_list(list(record.tiebreaks))
    except DjangoValidationError as exc:
        line, code = _tiebreak_line(text)
        raise ValidationError(
            _("Line %(line)s, record %(code)s: %(reason)s")
            % {"line": line, "code": code, "reason": exc.messages[0]},
            field=f"record {code}",
            code="invalid_trf",
        ) from None
    _points_on_line(text, record, system=system, acceleration=acceleration)
    for player in record.players:
        try:
            record_player_details(player)
        except DetailInvalid as exc:
            line = _player_line(text, player.rank)
            field = _TRF_FIELDS.get(exc.field, exc.field)
            raise ValidationError(
                _("Line %(line)s, %(field)s: %(reason)s")
                % {"line": line, "field": field, "reason": _(exc.template) % exc.params},
                field=field,
                code="invalid_trf",
            ) from None
    return record


# A player's details by the name of their TRF field (`chesscore.record.trf`).
_TRF_FIELDS = {
    "first_name": "name",
    "last_name": "name",
    "fide_rating": "rating",
    "fide_id": "FIDE id",
    "birth_date": "birth date",
}


def _points_on_line(
    text: str | bytes, record: rec.Record, *, system: str, acceleration: str
) -> None:
    """Refuse the file's points as `record_from_trf` says, naming the line at fault."""
    if record.system:
        system = record.system
    if record.acceleration is not rec.Acceleration.NONE:
        acceleration = record.acceleration.value
    refusal = points_refusal(system=system, acceleration=acceleration, scoring=record.scoring)
    if refusal is None:
        return
    what, reason = refusal
    key = "system" if what == "acceleration" else what
    line = trf.scoring_lines(text).get(key, 0)
    where = _("record 192") if key == "system" else _("scoring system")
    raise ValidationError(
        _("Line %(line)s, %(field)s: %(reason)s")
        % {"line": line, "field": where, "reason": reason},
        field=where,
        code="invalid_trf",
    )


def _lines(text: str | bytes) -> list[str]:
    """The lines of a TRF file as the reader splits them: at CR, LF or CRLF only."""
    decoded = text.decode("latin-1") if isinstance(text, bytes) else text
    return re.split(r"\r\n|\r|\n", decoded)


def _player_line(text: str | bytes, rank: int) -> int:
    """The number of the 001 line of player `rank` in `text`."""
    for number, line in enumerate(_lines(text), start=1):
        id_text = line[4:8].strip()
        if line[:3] == "001" and id_text.isascii() and id_text.isdigit() and int(id_text) == rank:
            return number
    return 0


def _tiebreak_line(text: str | bytes) -> tuple[int, str]:
    """The number and record code of the line of `text` that lists the tie-breaks (the
    last 212, else the last 202: TRF26 212 names the score first, then the same list)."""
    found = (0, "202")
    for number, line in enumerate(_lines(text), start=1):
        if line[:3] in ("202", "212") and (line[:3] == "212" or found[1] == "202"):
            found = (number, line[:3])
    return found
