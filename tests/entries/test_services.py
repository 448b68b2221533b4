from __future__ import annotations

import datetime
import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import override_settings
from django.utils import timezone

from common.exceptions import PermissionDenied
from common.exceptions import QuotaExceeded
from common.exceptions import ValidationError
from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.models import FieldRule
from entries.selectors import entry_by_token_get
from entries.selectors import entry_public_list
from entries.selectors import token_hash
from entries.services import EntryStateError
from entries.services import entry_approve
from entries.services import entry_check_in
from entries.services import entry_email_key
from entries.services import entry_move
from entries.services import entry_refuse
from entries.services import entry_settings_save
from entries.services import entry_submit
from entries.services import entry_withdraw
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def link(secret: str) -> str:
    return f"https://rookery.test/entries/{secret}/"


def submit(section, **details):
    details.setdefault("email", "player@example.org")
    return entry_submit(section=section, link_for=link, **details)


def test_an_entry_waits_for_approval_and_sends_its_link_by_email(
    open_section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        entry, secret = submit(open_section, last_name="Ødegaard", first_name="Åse")
    assert entry.status == EntryStatus.PENDING
    assert entry.player is None
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["player@example.org"]
    assert link(secret) in mail.outbox[0].body
    [(html, mimetype)] = mail.outbox[0].alternatives
    assert mimetype == "text/html"
    assert f'<a href="{link(secret)}">' in html


def test_the_entrants_email_escapes_names_in_its_html(
    open_section, django_capture_on_commit_callbacks
):
    Event.objects.filter(pk=open_section.event_id).update(name="Spring <script>x</script>")
    open_section.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        submit(open_section, last_name="Carlsen")
    [message] = mail.outbox
    [(html, _mimetype)] = message.alternatives
    assert message.subject == "Your entry: Spring <script>x</script>, Open"
    assert "Your entry to Spring <script>x</script>, Open is received" in message.body
    assert "Your entry to Spring &lt;script&gt;x&lt;/script&gt;, Open is received" in html
    assert "<script" not in html


def test_only_the_hash_of_the_link_secret_is_stored(open_section):
    entry, secret = submit(open_section, last_name="Carlsen")
    stored = Entry.objects.get(pk=entry.pk)
    assert stored.token_hash == token_hash(secret)
    assert secret not in stored.token_hash
    assert entry_by_token_get(token=secret) == stored
    assert entry_by_token_get(token=secret + "x") is None


def test_the_same_fide_id_twice_in_a_section_is_refused(open_section):
    submit(open_section, last_name="Carlsen", fide_id="1503014")
    with pytest.raises(ValidationError, match="FIDE id 1503014") as caught:
        submit(open_section, last_name="Someone", fide_id="1503014")
    assert caught.value.field == "fide_id"


def test_a_fide_id_of_a_player_entered_by_hand_is_refused(open_section):
    open_section.players.filter(starting_rank=1).update(fide_id="1503014")
    with pytest.raises(ValidationError, match="1503014"):
        submit(open_section, last_name="Carlsen", fide_id="1503014")


def test_the_same_name_and_birth_year_is_refused_whatever_the_accents_and_case(open_section):
    submit(open_section, last_name="Ødegård", first_name="Åse", birth_year=1990)
    with pytest.raises(ValidationError, match="entered this section already") as caught:
        submit(open_section, last_name="ØDEGÅRD", first_name="ase", birth_year=1990)
    assert caught.value.field == "last_name"


@pytest.mark.parametrize(
    ("first", "then"),
    [
        (("Sigríður", "Ólafsdóttir"), ("sigridur", "olafsdottir")),
        (("Jürgen", "Müller"), ("Juergen", "Mueller")),
        (("Anna", "Þórsdóttir"), ("Anna", "Thorsdottir")),
    ],
)
def test_the_same_name_transliterated_is_refused(open_section, first, then):
    submit(open_section, first_name=first[0], last_name=first[1], birth_year=2009)
    with pytest.raises(ValidationError, match="entered this section already"):
        submit(open_section, first_name=then[0], last_name=then[1], birth_year=2009)


def test_names_alike_only_once_folded_are_two_players(open_section):
    submit(open_section, first_name="Michael", last_name="Muller", birth_year=2009)
    entry, _secret = submit(open_section, first_name="Michał", last_name="Mueller", birth_year=2009)
    assert entry.status == EntryStatus.PENDING


def test_the_same_name_born_another_year_is_another_player(open_section):
    submit(open_section, last_name="Smith", first_name="John", birth_year=1990)
    entry, _secret = submit(open_section, last_name="Smith", first_name="John", birth_year=2001)
    assert entry.status == EntryStatus.PENDING


def test_a_withdrawn_entry_may_enter_again(open_section):
    entry, _secret = submit(open_section, last_name="Carlsen", fide_id="1503014")
    entry_withdraw(entry=entry)
    again, _secret = submit(open_section, last_name="Carlsen", fide_id="1503014")
    assert again.status == EntryStatus.PENDING


def test_entries_before_the_opening_time_are_refused(open_section):
    now = timezone.now()
    EntrySettings.objects.filter(section=open_section).update(
        opens_at=now + datetime.timedelta(hours=1)
    )
    with pytest.raises(EntryStateError, match="open on"):
        submit(open_section, last_name="Early")
    assert not Entry.objects.exists()


def test_entries_after_the_closing_time_are_refused(open_section):
    now = timezone.now()
    EntrySettings.objects.filter(section=open_section).update(
        closes_at=now - datetime.timedelta(minutes=1)
    )
    with pytest.raises(EntryStateError, match="closed on"):
        submit(open_section, last_name="Late")


def test_a_closed_section_takes_no_entries(open_section):
    EntrySettings.objects.filter(section=open_section).update(is_open=False)
    with pytest.raises(EntryStateError, match="closed"):
        submit(open_section, last_name="Late")


def test_a_full_section_without_waiting_list_refuses(open_section):
    EntrySettings.objects.filter(section=open_section).update(max_players=5)
    submit(open_section, last_name="Fifth")
    with pytest.raises(EntryStateError, match=r"The section is full\."):
        submit(open_section, last_name="Sixth")
    assert Entry.objects.count() == 1


def test_a_full_section_with_a_waiting_list_puts_the_entry_on_it(open_section):
    EntrySettings.objects.filter(section=open_section).update(max_players=5, waiting_list=True)
    submit(open_section, last_name="Fifth")
    entry, _secret = submit(open_section, last_name="Sixth")
    assert entry.status == EntryStatus.WAITING


@override_settings(ROOKERY_QUOTAS={"events": 5, "sections_per_event": 5, "players_per_section": 5})
def test_pending_entries_count_towards_the_players_quota(open_section):
    submit(open_section, last_name="Fifth")
    with pytest.raises(QuotaExceeded):
        submit(open_section, last_name="Sixth")


def test_a_required_detail_left_empty_is_refused_on_its_field(open_section):
    EntrySettings.objects.filter(section=open_section).update(fide_rating=FieldRule.REQUIRED)
    with pytest.raises(ValidationError) as caught:
        submit(open_section, last_name="Unrated")
    assert caught.value.field == "fide_rating"


def test_a_detail_not_asked_is_not_stored(open_section):
    EntrySettings.objects.filter(section=open_section).update(phone=FieldRule.OFF)
    entry, _secret = submit(open_section, last_name="Quiet", phone="+47 123 45 678")
    assert entry.phone == ""


def test_an_entry_without_approval_becomes_a_player_in_the_initial_order(open_section):
    EntrySettings.objects.filter(section=open_section).update(needs_approval=False)
    entry, _secret = submit(open_section, last_name="Strong", fide_rating=2250)
    assert entry.status == EntryStatus.APPROVED
    assert entry.player.starting_rank == 3
    ranks = dict(open_section.players.values_list("last_name", "starting_rank"))
    assert ranks == {"Hand1": 1, "Hand2": 2, "Strong": 3, "Hand3": 4, "Hand4": 5}


def test_approving_enters_the_player_in_the_initial_order_and_logs(open_section, organiser):
    entry, _secret = submit(open_section, last_name="Strong", fide_rating=2350, birth_year=1999)
    entry_approve(entry=entry, user=organiser)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.APPROVED
    player = entry.player
    assert (player.starting_rank, player.fide_rating, player.birth_date) == (2, 2350, "1999")
    actions = set(LogEntry.objects.values_list("action", flat=True))
    assert {LogAction.ENTRY_SUBMIT, LogAction.PLAYER_ADD, LogAction.ENTRY_APPROVE} <= actions


def test_approving_twice_is_refused(open_section, organiser):
    entry, _secret = submit(open_section, last_name="Twice")
    entry_approve(entry=entry, user=organiser)
    with pytest.raises(EntryStateError, match="approved"):
        entry_approve(entry=entry, user=organiser)
    assert Player.objects.filter(last_name="Twice").count() == 1


def test_only_the_organisers_approve(open_section):
    entry, _secret = submit(open_section, last_name="Hopeful")
    with pytest.raises(PermissionDenied):
        entry_approve(entry=entry, user=UserFactory())
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


def test_an_entry_approved_after_round_one_is_a_late_entry(organiser):
    section = swiss_section(players=6, rounds_played=1, late_entry_half_point_byes=1)
    section.event.organisers.add(organiser)
    EntrySettings.objects.create(section=section, is_open=True)
    entry, _secret = submit(section, last_name="Latecomer", fide_rating=2700)
    entry_approve(entry=entry, user=organiser)
    player = Player.objects.get(last_name="Latecomer")
    assert (player.starting_rank, player.entry_round) == (7, 2)
    assert list(player.bye_requests.values_list("round_number", flat=True)) == [1]
    assert LogEntry.objects.filter(action=LogAction.LATE_ENTRY).exists()


def test_refusing_is_final_and_logged_with_the_reason(open_section, organiser):
    entry, _secret = submit(open_section, last_name="Refused")
    entry_refuse(entry=entry, user=organiser, reason="Not a member")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REFUSED
    assert LogEntry.objects.get(action=LogAction.ENTRY_REFUSE).reason == "Not a member"
    with pytest.raises(EntryStateError):
        entry_approve(entry=entry, user=organiser)


def test_moving_from_the_waiting_list_makes_the_entry_pending(open_section, organiser):
    EntrySettings.objects.filter(section=open_section).update(max_players=4, waiting_list=True)
    entry, _secret = submit(open_section, last_name="Waiting")
    entry_move(entry=entry, user=organiser)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING
    with pytest.raises(EntryStateError, match="not on the waiting list"):
        entry_move(entry=entry, user=organiser)


def test_an_approved_entry_is_not_withdrawn_by_its_link(open_section, organiser):
    entry, _secret = submit(open_section, last_name="Player")
    entry_approve(entry=entry, user=organiser)
    with pytest.raises(EntryStateError, match="Ask the organisers"):
        entry_withdraw(entry=entry)


def test_the_public_list_is_in_the_initial_order(open_section, organiser):
    for name, rating in (("Beta", 2000), ("alpha", 2000), ("Top", 2500), ("Pending", 2600)):
        entry, _secret = submit(open_section, last_name=name, fide_rating=rating)
        if name != "Pending":
            entry_approve(entry=entry, user=organiser)
    names = [e.last_name for e in entry_public_list(section=open_section)]
    assert names == ["Top", "alpha", "Beta"]


def test_settings_closing_before_opening_are_refused(open_section, organiser):
    now = timezone.now()
    with pytest.raises(ValidationError) as caught:
        entry_settings_save(section=open_section, user=organiser, opens_at=now, closes_at=now)
    assert caught.value.field == "closes_at"


def test_saving_settings_logs_what_changed_once(open_section, organiser):
    entry_settings_save(section=open_section, user=organiser, max_players=40)
    entry_settings_save(section=open_section, user=organiser, max_players=40)
    logged = LogEntry.objects.filter(action=LogAction.ENTRY_SETTINGS)
    assert [e.changes for e in logged] == [{"max_players": [None, 40]}]


def test_a_team_section_takes_no_online_entries(organiser):
    section = team_section(teams=2)
    section.event.organisers.add(organiser)
    with pytest.raises(ValidationError, match="team by team"):
        entry_settings_save(section=section, user=organiser, is_open=True)
    assert not EntrySettings.objects.exists()


class RefusingMailServer(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


@override_settings(EMAIL_BACKEND="tests.entries.test_services.RefusingMailServer")
def test_an_entry_stands_when_the_mail_server_fails(
    open_section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        entry, _secret = submit(open_section, last_name="Offline")
    assert Entry.objects.get(pk=entry.pk).status == EntryStatus.PENDING
    email = OutgoingEmail.objects.get(about=entry_email_key(entry.pk))
    assert email.status == OutgoingEmailStatus.PENDING
    assert "Connection unexpectedly closed" in email.last_error


def test_the_entrant_is_emailed_each_decision_without_the_reason(
    open_section, organiser, django_capture_on_commit_callbacks
):
    EntrySettings.objects.filter(section=open_section).update(max_players=4, waiting_list=True)
    first, _secret = submit(open_section, last_name="First", email="first@example.org")
    second, _secret = submit(open_section, last_name="Second", email="second@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        entry_move(entry=first, user=organiser)
        entry_approve(entry=first, user=organiser)
        entry_refuse(entry=second, user=organiser, reason="Private note")
    sent = [(m.to, m.body.splitlines()[0]) for m in mail.outbox]
    assert sent == [
        (["first@example.org"], "Your entry to Spring Open, Open has left the waiting list: "
         "it now waits for the organisers' decision."),
        (["first@example.org"], "Your entry to Spring Open, Open is approved: you are a "
         "player of the section."),
        (["second@example.org"], "Your entry to Spring Open, Open is refused by the organisers."),
    ]  # fmt: skip
    assert "Private note" not in mail.outbox[2].body


def test_a_section_with_every_round_paired_takes_no_entries():
    section = swiss_section(players=6, rounds_played=5)
    section.planned_rounds = 5
    section.save()
    EntrySettings.objects.create(section=section, is_open=True)
    with pytest.raises(EntryStateError, match="Every round is paired"):
        submit(section, last_name="Too late")
    assert not Entry.objects.exists()


def open_for_self_check_in(section) -> None:
    section.check_in, section.check_in_code = CheckInMode.EVERY_ROUND, "rook42"
    section.save()


def test_an_approved_entry_checks_its_player_in_by_its_link(open_section, organiser):
    open_for_self_check_in(open_section)
    entry = entry_approve(entry=submit(open_section, last_name="Carlsen")[0], user=organiser)
    assert entry_check_in(entry=entry) == 1
    assert CheckIn.objects.get().player == entry.player


def test_an_entry_not_yet_a_player_cannot_check_in(open_section):
    open_for_self_check_in(open_section)
    entry, _secret = submit(open_section, last_name="Carlsen")
    with pytest.raises(EntryStateError, match="not a player of the section"):
        entry_check_in(entry=entry)
    assert not CheckIn.objects.exists()


def test_the_link_is_mailed_as_the_place_to_check_in(
    open_section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        submit(open_section, last_name="Carlsen")
    assert "check in there before a round" in mail.outbox[0].body
