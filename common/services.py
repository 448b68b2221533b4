"""Writes of the shared kernel: the outbox of the site's emails.

An action that owes someone an email calls `email_queue` inside its own transaction: the
email is stored with the action and handed to the workers once the transaction commits.
Sending is a side effect after the commit, so nothing about it (a mail server refusing or
unreachable, a broker down, a header that cannot be built) turns a saved action into an
error: the email stays pending and is tried again (`email_send`, then `emails_sweep`), or
ends failed with its error, which the pages that matter show.
"""

from __future__ import annotations

import logging
import smtplib
from datetime import datetime
from datetime import timedelta

from celery import current_app
from django.core.mail import EmailMultiAlternatives
from django.core.mail import get_connection
from django.db import transaction
from django.utils import timezone

from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus

logger = logging.getLogger(__name__)

__all__ = [
    "EMAIL_MAX_ATTEMPTS",
    "EMAIL_SEND_TASK",
    "EMAIL_SWEEP_AFTER",
    "TRANSIENT_EMAIL_ERRORS",
    "email_backoff",
    "email_queue",
    "email_requeue",
    "email_send",
    "emails_sweep",
    "header_line",
]

# The task that sends one email, by its registered name: `common.tasks` calls this module,
# so the task is looked up in the Celery app when it is sent, never imported.
EMAIL_SEND_TASK = "common.tasks.email_send_task"
# Tries of one email before it is marked failed. With `email_backoff` the last one comes
# about eight minutes after the first: longer than a mail server's restart.
EMAIL_MAX_ATTEMPTS = 5
# A pending email whose try is overdue by this much is sent again by the sweep.
EMAIL_SWEEP_AFTER = timedelta(minutes=1)
# What a mail server or the network says when it may answer better later; anything else
# (an address or a header that cannot be built into a message) will not get better.
TRANSIENT_EMAIL_ERRORS: tuple[type[Exception], ...] = (smtplib.SMTPException, OSError)
# Where `email_queue` cuts a subject, as the column does.
SUBJECT_MAX_LENGTH = 255


def header_line(text: str) -> str:
    """`text` on one line, for a header (a subject, a display name): every run of
    whitespace, line breaks included, becomes one space. A name stored with a line break
    (an old backup, a hand edit) can then never make the building of a message fail."""
    return " ".join(text.split())


def email_backoff(attempt: int) -> timedelta:
    """How long after failed try number `attempt` (1, 2, ...) the next one comes: 30 s,
    doubled each time, at most ten minutes. The task's retries wait the same
    (`retry_backoff=30` without jitter), so the sweep does not race them."""
    return timedelta(seconds=min(600, 30 * 2 ** max(attempt - 1, 0)))


def email_queue(
    *,
    to: str,
    subject: str,
    body: str,
    html_body: str = "",
    event_id: int | None = None,
    about: str = "",
    tried: Exception | None = None,
) -> OutgoingEmail:
    """Store an email to `to` and have it sent once the caller's transaction commits.

    Call it inside the transaction of the action the email tells of: if the action rolls
    back, so does the email, and no email tells of an action that did not happen. The
    subject is put on one line (`header_line`) and cut to the column's length. `event_id`
    is the event the email belongs to, if any (it goes with the event); `about` names what
    it is about ("invitation:12"), for `common.selectors.emails_unsent_get`. `tried`: the
    error of a try the caller made already, counted as the first.
    """
    line = header_line(subject)
    if len(line) > SUBJECT_MAX_LENGTH:
        line = line[: SUBJECT_MAX_LENGTH - 1].rstrip() + "…"
    email = OutgoingEmail.objects.create(
        recipient=to.strip(),
        subject=line,
        body=body,
        html_body=html_body,
        event_id=event_id,
        about=about,
        attempts=0 if tried is None else 1,
        last_error="" if tried is None else f"{type(tried).__name__}: {tried}"[:1000],
    )
    _dispatch_on_commit(email.pk)
    return email


@transaction.atomic
def email_requeue(*, about: str) -> int:
    """Have every email about `about` not sent yet (pending, or failed for good) tried
    again from the start, once the caller's transaction commits; returns how many."""
    unsent = list(
        OutgoingEmail.objects.select_for_update()
        .filter(about=about)
        .exclude(status=OutgoingEmailStatus.SENT)
        .values_list("pk", flat=True)
    )
    now = timezone.now()
    OutgoingEmail.objects.filter(pk__in=unsent).update(
        status=OutgoingEmailStatus.PENDING, attempts=0, next_attempt_at=now
    )
    for pk in unsent:
        _dispatch_on_commit(pk)
    return len(unsent)


def email_send(*, email_id: int) -> OutgoingEmail | None:
    """Try once to send email `email_id`; returns it as it then stands, None when it is
    not there (its transaction rolled back, or its event was deleted).

    Safe to call any number of times, at once too: the row is locked while it is sent (a
    second caller skips it) and only a pending one is sent, so an email is sent once. A
    success marks it sent and empties its bodies. A failure is recorded on the row (the
    try, the error, when the next one is due) and committed; a transient one
    (`TRANSIENT_EMAIL_ERRORS`) is then raised again, for the task to retry, until
    `EMAIL_MAX_ATTEMPTS` tries, when the email is marked failed; any other error (the
    message cannot be built) marks it failed at once and is not raised.
    """
    transient: Exception | None = None
    with transaction.atomic():
        email = (
            OutgoingEmail.objects.select_for_update(skip_locked=True).filter(pk=email_id).first()
        )
        if email is None or email.status != OutgoingEmailStatus.PENDING:
            return email or OutgoingEmail.objects.filter(pk=email_id).first()
        now = timezone.now()
        email.attempts += 1
        try:
            _message(email).send()
        except TRANSIENT_EMAIL_ERRORS as exc:
            transient = exc if email.attempts < EMAIL_MAX_ATTEMPTS else None
            _record_failure(email, exc, final=transient is None, now=now)
        except Exception as exc:  # whatever the building raised, it stays on the row.
            _record_failure(email, exc, final=True, now=now)
        else:
            email.status = OutgoingEmailStatus.SENT
            email.sent_at = now
            email.body = email.html_body = ""
            email.last_error = ""
        email.save()
    if transient is not None:
        raise transient
    return email


def emails_sweep(*, now: datetime | None = None) -> list[int]:
    """Hand to the workers again every pending email whose try is overdue by
    `EMAIL_SWEEP_AFTER` (its message was lost, the broker was down when it was published,
    or the worker died); returns their ids. Each is given another `EMAIL_SWEEP_AFTER`
    before it is swept again, so a busy queue is not filled twice."""
    now = now or timezone.now()
    with transaction.atomic():
        due = list(
            OutgoingEmail.objects.select_for_update(skip_locked=True)
            .filter(
                status=OutgoingEmailStatus.PENDING, next_attempt_at__lte=now - EMAIL_SWEEP_AFTER
            )
            .order_by("next_attempt_at", "pk")
            .values_list("pk", flat=True)[:500]
        )
        OutgoingEmail.objects.filter(pk__in=due).update(next_attempt_at=now)
        for pk in due:
            _dispatch_on_commit(pk)
    return due


def _message(email: OutgoingEmail) -> EmailMultiAlternatives:
    """The message of `email`, built again at each try (so a fix of the settings counts)."""
    message = EmailMultiAlternatives(
        subject=header_line(email.subject),
        body=email.body,
        to=[email.recipient],
        connection=get_connection(fail_silently=False),
    )
    if email.html_body:
        message.attach_alternative(email.html_body, "text/html")
    return message


def _record_failure(email: OutgoingEmail, exc: Exception, *, final: bool, now: datetime) -> None:
    email.last_error = f"{type(exc).__name__}: {exc}"[:1000]
    if final:
        email.status = OutgoingEmailStatus.FAILED
    else:
        email.next_attempt_at = now + email_backoff(email.attempts)
    logger.warning(
        "Email %s to %s not sent (try %s%s): %s",
        email.pk,
        email.recipient,
        email.attempts,
        ", gave up" if final else "",
        email.last_error,
    )


def _dispatch_on_commit(email_id: int) -> None:
    def email_dispatch() -> None:
        _dispatch(email_id)

    # `robust`: whatever happens in the hand-over is logged, never raised into the request
    # whose transaction has just committed.
    transaction.on_commit(email_dispatch, robust=True)


def _dispatch(email_id: int) -> None:
    """Hand email `email_id` to a worker; without a broker (development), send it here,
    once: a failure leaves it pending for the sweep, never an error for the request."""
    try:
        task = current_app.tasks[EMAIL_SEND_TASK]
        if task.app.conf.task_always_eager:
            email_send(email_id=email_id)
        else:
            task.apply_async(args=(email_id,), retry=False)
    except TRANSIENT_EMAIL_ERRORS as exc:
        # The mail server's refusal is on the row already; the broker's is not.
        logger.warning("Email %s left pending for the sweep: %s", email_id, exc)
    except Exception:  # a side effect after the commit must not fail it.
        logger.warning("Email %s left pending for the sweep", email_id, exc_info=True)
