from __future__ import annotations

import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.models import FieldRule
from entries.selectors import token_hash
from entries.services import entry_email_key
from tests.factories import UserFactory
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

ARGS = ["spring", "open"]


def enter(client: Client, **data: str):
    values = {"last_name": "Carlsen", "first_name": "Magnus", "email": "m@example.org", **data}
    return client.post(reverse("entry_create", args=ARGS), values)


def test_the_section_manage_page_links_to_the_entries(open_section, organiser_client):
    page = organiser_client.get(reverse("section_manage", args=ARGS))
    assert reverse("entry_manage", args=ARGS) in page.content.decode()


def test_the_settings_page_saves_the_settings(open_section, organiser_client):
    data = {
        "is_open": "on", "max_players": "40", "needs_approval": "on", "fide_id": "required",
        "fide_rating": "optional", "federation": "off", "club": "off", "birth_year": "off",
        "email": "required", "phone": "optional",
    }  # fmt: skip
    answer = organiser_client.post(reverse("entry_settings", args=ARGS), data)
    assert answer.status_code == 302
    settings = EntrySettings.objects.get(section=open_section)
    assert (settings.max_players, settings.fide_id, settings.club) == (40, "required", "off")
    assert not settings.waiting_list


def test_the_settings_page_says_which_field_is_wrong(open_section, organiser_client):
    data = {"is_open": "on", "max_players": "-3", "fide_id": "sometimes"}
    answer = organiser_client.post(reverse("entry_settings", args=ARGS), data)
    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert {"max_players", "fide_id"} <= set(errors)


def test_only_the_organisers_open_the_settings(open_section):
    client = Client()
    client.force_login(UserFactory())
    assert client.get(reverse("entry_settings", args=ARGS)).status_code == 403


def test_the_form_asks_only_the_details_the_section_asks(open_section):
    EntrySettings.objects.filter(section=open_section).update(
        club=FieldRule.OFF, phone=FieldRule.OFF, fide_id=FieldRule.REQUIRED
    )
    form = Client().get(reverse("entry_create", args=ARGS)).context["form"]
    assert "club" not in form.fields
    assert "phone" not in form.fields
    assert form.fields["fide_id"].required
    assert not form.fields["federation"].required


def test_a_bad_detail_is_shown_on_its_field(open_section):
    answer = enter(Client(), federation="Norway", fide_rating="high")
    errors = answer.context["form"].errors
    assert errors["federation"] == ["A federation is three letters, e.g. NOR."]
    assert "fide_rating" in errors
    assert not Entry.objects.exists()


def test_a_duplicate_entry_is_refused_with_a_message(open_section):
    enter(Client(), fide_id="1503014")
    answer = enter(Client(), last_name="Other", fide_id="1503014")
    assert answer.status_code == 200
    assert answer.context["form"].errors["fide_id"] == [
        "A player with FIDE id 1503014 has entered this section already."
    ]
    assert Entry.objects.count() == 1


def test_a_full_section_says_so_on_the_form(open_section):
    EntrySettings.objects.filter(section=open_section).update(max_players=4)
    answer = enter(Client())
    assert "The section is full." in answer.content.decode()
    assert not Entry.objects.exists()


def test_a_closed_section_shows_why_and_no_form(open_section):
    EntrySettings.objects.filter(section=open_section).update(is_open=False)
    answer = Client().get(reverse("entry_create", args=ARGS))
    assert answer.status_code == 200
    assert "Online entries are closed" in answer.content.decode()
    assert "<form" not in answer.content.decode().split("</header>")[-1]


def test_a_private_event_takes_no_entries_from_outsiders(open_section):
    open_section.event.is_public = False
    open_section.event.save()
    assert Client().get(reverse("entry_create", args=ARGS)).status_code == 404
    assert enter(Client()).status_code == 404
    assert Client().get(reverse("entry_list", args=ARGS)).status_code == 404


def test_an_entry_leads_to_its_page_which_shows_its_status(open_section):
    answer = enter(Client())
    assert answer.status_code == 302
    page = Client().get(answer["Location"])
    assert page.status_code == 200
    assert "Pending" in page.content.decode()
    secret = answer["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert Entry.objects.get().token_hash == token_hash(secret)


def test_the_entry_page_withdraws_the_entry(open_section):
    location = enter(Client())["Location"]
    assert Client().post(location).status_code == 302
    assert Entry.objects.get().status == EntryStatus.WITHDRAWN
    assert "Withdrawn" in Client().get(location).content.decode()
    assert Client().post(location).status_code == 409


def test_a_wrong_link_opens_nothing(open_section):
    enter(Client())
    assert Client().get(reverse("entry_detail", args=["guess"])).status_code == 404


def test_the_public_list_never_shows_emails_or_phones(open_section, organiser_client):
    enter(Client(), phone="+47 555 12 345")
    entry = Entry.objects.get()
    organiser_client.post(
        reverse("entry_manage", args=ARGS), {"entry": entry.pk, "action": "approve"}
    )
    page = Client().get(reverse("entry_list", args=ARGS)).content.decode()
    assert "Carlsen" in page
    assert "m@example.org" not in page
    assert "555 12 345" not in page


def test_the_organiser_approves_from_the_list(open_section, organiser_client):
    enter(Client(), fide_rating="2850")
    entry = Entry.objects.get()
    answer = organiser_client.post(
        reverse("entry_manage", args=ARGS), {"entry": entry.pk, "action": "approve"}
    )
    assert answer.status_code == 302
    player = Player.objects.get(last_name="Carlsen")
    assert player.starting_rank == 1
    assert Client().get(reverse("section_detail", args=ARGS)).status_code == 200


def test_an_unknown_entry_on_the_list_is_said_and_changes_nothing(open_section, organiser_client):
    answer = organiser_client.post(
        reverse("entry_manage", args=ARGS), {"entry": "999", "action": "approve"}, follow=True
    )
    assert "No such entry" in answer.content.decode()
    assert Player.objects.count() == 4


def test_refusing_asks_for_confirmation_first(open_section, organiser_client):
    enter(Client())
    entry = Entry.objects.get()
    url = reverse("entry_refuse", args=ARGS) + f"?entry={entry.pk}"
    page = organiser_client.get(url)
    assert "Refuse the entry" in page.content.decode()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING
    organiser_client.post(url, {"reason": "Not a member"})
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REFUSED
    assert LogEntry.objects.filter(action=LogAction.ENTRY_REFUSE).count() == 1


def test_the_csv_export_keeps_names_from_being_formulas(open_section, organiser_client):
    enter(Client(), club='=HYPERLINK("http://evil")')
    answer = organiser_client.get(reverse("entry_csv", args=ARGS))
    text = answer.content.decode()
    assert "'=HYPERLINK" in text
    assert "m@example.org" in text
    assert Client().get(reverse("entry_csv", args=ARGS)).status_code == 302


@pytest.mark.parametrize("name", ["entry_list", "entry_manage"])
def test_the_lists_take_as_many_queries_for_many_entries_as_for_few(
    open_section, organiser_client, name
):
    url = reverse(name, args=ARGS)
    EntrySettings.objects.filter(section=open_section).update(needs_approval=False)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert organiser_client.get(url).status_code == 200
        return len(captured)

    for number in range(2):
        enter(Client(), last_name=f"Few{number}", email=f"few{number}@example.org")
    few = queries()
    for number in range(6):
        enter(Client(), last_name=f"Many{number}", email=f"many{number}@example.org")
    assert Player.objects.count() == 12
    assert queries() == few


@pytest.fixture
def three_entries_an_hour(settings):
    settings.ROOKERY_RATE_LIMITS = {**settings.ROOKERY_RATE_LIMITS, "entry": (3, 3600)}


def test_too_many_entries_from_one_address_are_refused_with_a_429_page(
    open_section, three_entries_an_hour
):
    client = Client(REMOTE_ADDR="203.0.113.7")
    for name in ("One", "Two", "Three"):
        assert enter(client, last_name=name).status_code == 302
    answer = enter(client, last_name="Four")
    assert answer.status_code == 429
    assert 0 < int(answer["Retry-After"]) <= 3600
    assert "Too many entries to Open were sent from your address." in answer.content.decode()
    assert f'href="{reverse("section_detail", args=ARGS)}"' in answer.content.decode()
    assert Entry.objects.count() == 3


def test_refused_forms_count_towards_the_limit_too(open_section, three_entries_an_hour):
    client = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(3):
        enter(client, federation="Norway")
    assert enter(client).status_code == 429
    assert not Entry.objects.exists()


def test_another_address_may_still_enter_once_one_reaches_the_limit(
    open_section, three_entries_an_hour
):
    for name in ("One", "Two", "Three"):
        enter(Client(REMOTE_ADDR="203.0.113.7"), last_name=name)
    assert enter(Client(REMOTE_ADDR="198.51.100.9")).status_code == 302


@pytest.fixture
def approved_link(open_section, organiser_client):
    """The page of an approved entry, in a section open for self check-in before round 1."""
    open_section.check_in, open_section.check_in_code = CheckInMode.EVERY_ROUND, "rook42"
    open_section.save()
    location = enter(Client())["Location"]
    entry = Entry.objects.get()
    organiser_client.post(
        reverse("entry_manage", args=ARGS), {"entry": entry.pk, "action": "approve"}
    )
    return location


def test_an_approved_entrys_page_checks_its_player_in(approved_link):
    page = Client().get(approved_link).content.decode()
    assert "Check in for round 1" in page
    answer = Client().post(approved_link, {"action": "check_in"})
    assert answer.status_code == 302
    assert CheckIn.objects.get().player.last_name == "Carlsen"
    page = Client().get(approved_link).content.decode()
    assert "Checked in</span> for round 1." in page
    assert "Check in for round 1" not in page


def test_a_pending_entrys_page_offers_no_check_in(open_section):
    open_section.check_in, open_section.check_in_code = CheckInMode.EVERY_ROUND, "rook42"
    open_section.save()
    location = enter(Client())["Location"]
    assert "Check in for round" not in Client().get(location).content.decode()
    answer = Client().post(location, {"action": "check_in"})
    assert answer.status_code == 409
    assert "not a player of the section" in answer.content.decode()
    assert not CheckIn.objects.exists()


def test_without_a_check_in_code_the_link_offers_no_check_in(approved_link, open_section):
    open_section.check_in_code = ""
    open_section.save()
    assert "Check in for round" not in Client().get(approved_link).content.decode()
    answer = Client().post(approved_link, {"action": "check_in"})
    assert answer.status_code == 409
    assert "Check-in for Open is closed." in answer.content.decode()
    assert not CheckIn.objects.exists()


def test_check_in_by_the_link_closes_when_the_round_is_paired(approved_link, open_section):
    Round.objects.create(section=open_section, number=1, status=RoundStatus.DRAFT)
    assert "Check in for round" not in Client().get(approved_link).content.decode()
    assert Client().post(approved_link, {"action": "check_in"}).status_code == 409
    assert not CheckIn.objects.exists()


def test_an_unknown_action_on_the_entry_page_changes_nothing(approved_link):
    answer = Client().post(approved_link, {"action": "delete"})
    assert answer.status_code == 400
    assert "This page has no button" in answer.content.decode()
    assert Entry.objects.get().status == EntryStatus.APPROVED


# -- the entrant's email, after the commit -------------------------------------------------


class RefusingMailServer(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


def enter_and_send(capture, client: Client, **data: str):
    with capture(execute=True):
        return enter(client, **data)


def test_an_entry_stands_when_the_mail_server_fails_and_the_organisers_see_it_pending(
    open_section, organiser_client, django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"

    answer = enter_and_send(django_capture_on_commit_callbacks, Client())

    entry = Entry.objects.get()
    assert answer.status_code == 302
    assert answer["Location"].startswith("/entries/")
    email = OutgoingEmail.objects.get(about=entry_email_key(entry.pk))
    assert email.status == OutgoingEmailStatus.PENDING
    page = organiser_client.get(reverse("entry_manage", args=ARGS)).content.decode()
    assert "email pending (will be tried again): SMTPServerDisconnected" in page


def test_an_event_name_with_a_line_break_does_not_break_the_entry(
    open_section, django_capture_on_commit_callbacks
):
    # As an old backup may hold it.
    Event.objects.filter(pk=open_section.event_id).update(name="Spring\r\nBcc: all@example.org")

    answer = enter_and_send(django_capture_on_commit_callbacks, Client())

    assert answer.status_code == 302
    [message] = mail.outbox
    assert message.to == ["m@example.org"]
    assert message.subject == "Your entry: Spring Bcc: all@example.org, Open"
    assert message.bcc == []


def test_the_entrants_retry_after_a_failed_email_sends_it_again_instead_of_a_refusal(
    open_section, django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"
    first = enter_and_send(django_capture_on_commit_callbacks, Client())
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

    again = enter_and_send(django_capture_on_commit_callbacks, Client(), email="M@Example.org")

    entry = Entry.objects.get()
    assert again.status_code == 200
    assert again.context["form"].errors["email"] == [
        "You have entered this section already, but the email about your entry has not "
        "reached you yet: it is being sent again to m@example.org."
    ]
    [message] = mail.outbox
    assert message.to == ["m@example.org"]
    # The link of the entry made first, whose page its entrant was sent to.
    assert first["Location"] in message.body
    assert OutgoingEmail.objects.get(about=entry_email_key(entry.pk)).status == "sent"


def test_a_retry_with_another_address_is_refused_as_a_duplicate(
    open_section, django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"
    enter_and_send(django_capture_on_commit_callbacks, Client())

    again = enter_and_send(django_capture_on_commit_callbacks, Client(), email="o@example.org")

    assert again.status_code == 200
    assert again.context["form"].errors["last_name"] == [
        "Carlsen, Magnus has entered this section already."
    ]
    assert Entry.objects.count() == 1
