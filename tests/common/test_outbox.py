"""The outbox: an email is stored with the action that owes it and sent after the commit;
a mail server that refuses, a broker out of reach or a header that cannot be built leaves
it pending (tried again, by the task and the sweep) or failed, never an error."""

from __future__ import annotations

import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus
from common.services import EMAIL_MAX_ATTEMPTS
from common.services import email_backoff
from common.services import email_queue
from common.services import email_requeue
from common.services import email_send
from common.services import emails_sweep
from common.tasks import email_send_task
from config.celery import app

pytestmark = pytest.mark.django_db

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


class RefusingMailServer(BaseEmailBackend):
    """A mail server that answers, and refuses every message."""

    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


class UnreachableMailServer(BaseEmailBackend):
    """A mail server nobody answers for."""

    def send_messages(self, email_messages):
        raise ConnectionRefusedError(111, "Connection refused")


BROKEN_SERVERS = [
    f"{__name__}.RefusingMailServer",
    f"{__name__}.UnreachableMailServer",
]


@pytest.fixture(autouse=True)
def _sent_in_process(eager_tasks, settings):
    settings.EMAIL_BACKEND = LOCMEM


def queue(django_capture_on_commit_callbacks, **fields) -> OutgoingEmail:
    """`email_queue` in a transaction of its own, with what it does after the commit."""
    values = {"to": "arne@example.org", "subject": "Hello", "body": "The body.", **fields}
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        email = email_queue(**values)
    email.refresh_from_db()
    return email


def later(minutes: int) -> timezone.datetime:
    return timezone.now() + timedelta(minutes=minutes)


def test_an_email_is_sent_after_the_commit_and_marked_sent(django_capture_on_commit_callbacks):
    email = queue(django_capture_on_commit_callbacks, about="invitation:1")

    assert [m.to for m in mail.outbox] == [["arne@example.org"]]
    assert mail.outbox[0].subject == "Hello"
    assert email.status == OutgoingEmailStatus.SENT
    assert email.sent_at is not None
    assert email.attempts == 1


def test_an_email_of_a_rolled_back_action_is_neither_stored_nor_sent(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        try:
            with transaction.atomic():
                email_queue(to="arne@example.org", subject="Hello", body="The body.")
                raise RuntimeError("the action failed")
        except RuntimeError:
            pass

    assert callbacks == []
    assert not OutgoingEmail.objects.exists()
    assert mail.outbox == []


def test_the_bodies_are_emptied_once_sent(django_capture_on_commit_callbacks):
    email = queue(django_capture_on_commit_callbacks, body="Your link: https://x/secret/")

    assert "secret" in mail.outbox[0].body
    assert email.body == ""
    assert email.html_body == ""


@pytest.mark.parametrize("backend", BROKEN_SERVERS)
def test_a_mail_server_that_fails_leaves_the_email_pending_with_its_error(
    django_capture_on_commit_callbacks, settings, backend
):
    settings.EMAIL_BACKEND = backend

    email = queue(django_capture_on_commit_callbacks)

    assert email.status == OutgoingEmailStatus.PENDING
    assert email.attempts == 1
    assert ("Connection unexpectedly closed" in email.last_error) or (
        "Connection refused" in email.last_error
    )
    assert email.next_attempt_at > timezone.now() + timedelta(seconds=20)
    assert email.body == "The body."


def test_the_sweep_sends_an_overdue_email_once_the_server_works_and_never_twice(
    django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"
    email = queue(django_capture_on_commit_callbacks)
    settings.EMAIL_BACKEND = LOCMEM

    with django_capture_on_commit_callbacks(execute=True):
        early = emails_sweep()
    with django_capture_on_commit_callbacks(execute=True):
        swept = emails_sweep(now=later(5))
    with django_capture_on_commit_callbacks(execute=True):
        again = emails_sweep(now=later(10))

    email.refresh_from_db()
    assert early == []
    assert swept == [email.pk]
    assert again == []
    assert len(mail.outbox) == 1
    assert email.status == OutgoingEmailStatus.SENT
    assert email.attempts == 2
    assert email.last_error == ""


def test_the_sweep_sends_an_email_whose_message_never_reached_a_worker(
    django_capture_on_commit_callbacks,
):
    # Stored, and the transaction's hand-over never happened (a broker down, a lost
    # message): the callbacks are not run.
    with transaction.atomic():
        email = email_queue(to="arne@example.org", subject="Hello", body="The body.")

    with django_capture_on_commit_callbacks(execute=True):
        emails_sweep(now=timezone.now() + timedelta(seconds=30))
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        emails_sweep(now=later(2))

    email.refresh_from_db()
    assert email.status == OutgoingEmailStatus.SENT
    assert len(mail.outbox) == 1


def test_a_sent_email_is_not_sent_again(django_capture_on_commit_callbacks):
    email = queue(django_capture_on_commit_callbacks)

    again = email_send(email_id=email.pk)

    assert again is not None
    assert again.status == OutgoingEmailStatus.SENT
    assert len(mail.outbox) == 1


def test_a_broker_that_cannot_be_reached_leaves_the_email_pending_for_the_sweep(
    django_capture_on_commit_callbacks, monkeypatch
):
    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:1. Connection refused.")

    app.conf.task_always_eager = False
    monkeypatch.setattr(email_send_task, "apply_async", refuse)

    email = queue(django_capture_on_commit_callbacks)

    assert email.status == OutgoingEmailStatus.PENDING
    assert email.attempts == 0
    assert mail.outbox == []


def test_a_subject_with_a_line_break_is_sent_on_one_line(django_capture_on_commit_callbacks):
    email = queue(django_capture_on_commit_callbacks, subject="Spring\r\nBcc: all@example.org")

    assert email.status == OutgoingEmailStatus.SENT
    assert mail.outbox[0].subject == "Spring Bcc: all@example.org"
    assert mail.outbox[0].bcc == []


def test_a_message_that_cannot_be_built_fails_at_once_with_its_error(
    django_capture_on_commit_callbacks,
):
    email = queue(django_capture_on_commit_callbacks, to="arne@example.org\nBcc: all@x.org")

    assert email.status == OutgoingEmailStatus.FAILED
    assert email.attempts == 1
    assert "newlines" in email.last_error
    assert mail.outbox == []


@pytest.fixture
def retries_carried_out_here():
    """Eagerly, Celery carries out each retry at once, without its countdown, as long as
    the retry it is told of is not raised to the caller."""
    previous = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = previous


def test_the_task_tries_a_refused_email_again_and_then_marks_it_failed(
    settings, retries_carried_out_here
):
    with transaction.atomic():
        email = email_queue(to="arne@example.org", subject="Hello", body="The body.")
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"

    email_send_task.apply(args=[email.pk])

    email.refresh_from_db()
    assert email.status == OutgoingEmailStatus.FAILED
    assert email.attempts == EMAIL_MAX_ATTEMPTS
    assert "Connection unexpectedly closed" in email.last_error


def test_the_tasks_retries_wait_as_the_sweep_expects():
    options = email_send_task
    waits = [email_backoff(attempt) for attempt in range(1, EMAIL_MAX_ATTEMPTS)]

    assert options.max_retries == EMAIL_MAX_ATTEMPTS - 1
    assert smtplib.SMTPException in options.autoretry_for
    assert OSError in options.autoretry_for
    assert options.retry_jitter is False
    # Celery waits retry_backoff * 2**retries seconds, at most retry_backoff_max.
    assert waits == [
        timedelta(seconds=min(options.retry_backoff_max, options.retry_backoff * 2**retries))
        for retries in range(EMAIL_MAX_ATTEMPTS - 1)
    ]


def test_requeueing_gives_a_failed_email_its_tries_back(
    django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"
    email = queue(django_capture_on_commit_callbacks, about="entry:7")
    OutgoingEmail.objects.filter(pk=email.pk).update(
        status=OutgoingEmailStatus.FAILED, attempts=EMAIL_MAX_ATTEMPTS
    )
    settings.EMAIL_BACKEND = LOCMEM

    with django_capture_on_commit_callbacks(execute=True):
        count = email_requeue(about="entry:7")

    email.refresh_from_db()
    assert count == 1
    assert email.status == OutgoingEmailStatus.SENT
    assert email.attempts == 1
    assert len(mail.outbox) == 1


def test_beat_sweeps_the_outbox_beside_the_pairing_runs():
    schedule = app.conf.beat_schedule

    assert schedule["emails-sweep"]["task"] == "common.tasks.emails_sweep_task"
    assert schedule["emails-sweep"]["schedule"] <= 60
    assert "pairing-runs-sweep" in schedule
