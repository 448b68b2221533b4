"""Invitations: an organiser invites an arbiter or a team's captain by email; the emailed
link gives the role to the account that opens it, signed up or logged in."""

from __future__ import annotations

import re
import smtplib
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invitation
from common.exceptions import NotFound
from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus
from common.services import emails_sweep
from people.services import invitation_accept
from people.services import invitation_create
from people.services import invitation_email_key
from people.services import invitation_revoke
from teams.models import Team
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tournaments.models import LogEntry

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"
LINK = re.compile(r"https?://[^/\s]+(/invitations/[^\s]+/)")


@pytest.fixture(autouse=True)
def locmem_email(settings, eager_tasks):
    """Emails land in Django's outbox, sent in-process once the action commits (as without
    a broker), so the tests read them there."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def organiser():
    return UserFactory(username="olga")


@pytest.fixture
def event(organiser):
    event = EventFactory(name="Spring Open")
    event.organisers.add(organiser)
    return event


def invite(event, organiser, **kwargs):
    arguments = {"email": "arne@example.org", "role": "arbiter", **kwargs}
    return invitation_create(
        event=event, user=organiser, link_for=lambda secret: f"https://x/{secret}/", **arguments
    )


def people_url(event):
    return reverse("event_people", kwargs={"event_slug": event.slug})


# -- services ---------------------------------------------------------------------------


def test_an_invitation_stores_only_a_digest_of_its_secret(event, organiser):
    invitation, secret = invite(event, organiser)

    assert secret not in invitation.digest
    assert invitation.state() == "pending"
    assert LogEntry.objects.filter(event=event, action="invite").count() == 1


def test_accepting_an_arbiters_invitation_makes_the_user_an_arbiter(event, organiser):
    invitation, secret = invite(event, organiser)
    arne = UserFactory(username="arne")

    invitation_accept(secret=secret, user=arne)

    invitation.refresh_from_db()
    assert list(event.arbiters.all()) == [arne]
    assert invitation.accepted_by == arne
    entry = LogEntry.objects.get(event=event, action="invite_accept")
    assert "arne accepted the invitation sent to arne@example.org" in entry.description


def test_a_captains_invitation_names_a_team_of_the_event(event, organiser):
    with pytest.raises(ValidationError) as error:
        invite(event, organiser, role="captain")

    assert error.value.field == "team"


def test_a_team_of_another_event_is_refused(event, organiser):
    elsewhere = team_section(teams=2, rounds_played=0)

    with pytest.raises(ValidationError) as error:
        invite(event, organiser, role="captain", team_id=elsewhere.teams.first().pk)

    assert error.value.field == "team"


def test_accepting_a_captains_invitation_makes_the_user_the_teams_captain(event, organiser):
    section = team_section(teams=2, rounds_played=0, event=event)
    team = section.teams.get(starting_rank=2)
    _invitation, secret = invite(event, organiser, role="captain", team_id=team.pk)
    cat = UserFactory(username="cat")

    invitation_accept(secret=secret, user=cat)

    team.refresh_from_db()
    assert team.captain == cat
    assert not event.arbiters.exists()


def test_a_bad_address_is_refused_naming_the_field(event, organiser):
    with pytest.raises(ValidationError) as error:
        invite(event, organiser, email="not an address")

    assert error.value.field == "email"


def test_an_arbiter_may_not_invite(event, organiser):
    arbiter = UserFactory(username="arne")
    event.arbiters.add(arbiter)

    with pytest.raises(PermissionDenied):
        invite(event, arbiter)


def test_a_used_link_is_refused_the_second_time(event, organiser):
    _invitation, secret = invite(event, organiser)
    invitation_accept(secret=secret, user=UserFactory(username="arne"))

    with pytest.raises(StateError, match="used already"):
        invitation_accept(secret=secret, user=UserFactory(username="other"))


def test_a_withdrawn_link_is_refused(event, organiser):
    invitation, secret = invite(event, organiser)
    invitation_revoke(event=event, user=organiser, invitation_id=invitation.pk)

    with pytest.raises(StateError, match="withdrawn"):
        invitation_accept(secret=secret, user=UserFactory(username="arne"))
    assert not event.arbiters.exists()
    assert LogEntry.objects.filter(event=event, action="invite_revoke").count() == 1


def test_an_expired_link_is_refused(event, organiser):
    invitation, secret = invite(event, organiser)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())

    with pytest.raises(StateError, match="expired"):
        invitation_accept(secret=secret, user=UserFactory(username="arne"))


def test_an_unknown_secret_is_not_found():
    with pytest.raises(NotFound):
        invitation_accept(secret="made-up", user=UserFactory(username="arne"))


def test_withdrawing_twice_says_it_is_withdrawn_already(event, organiser):
    invitation, _secret = invite(event, organiser)
    invitation_revoke(event=event, user=organiser, invitation_id=invitation.pk)

    with pytest.raises(StateError, match="withdrawn"):
        invitation_revoke(event=event, user=organiser, invitation_id=invitation.pk)


def test_an_organiser_who_accepts_an_arbiters_invitation_stays_organiser(event, organiser):
    _invitation, secret = invite(event, organiser)

    invitation_accept(secret=secret, user=organiser)

    assert list(event.organisers.all()) == [organiser]
    assert not event.arbiters.exists()


# -- pages ------------------------------------------------------------------------------


def test_the_people_page_sends_an_invitation_and_lists_it(
    client, event, organiser, django_capture_on_commit_callbacks
):
    client.force_login(organiser)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("invitation_create", kwargs={"event_slug": event.slug}),
            {"email": "arne@example.org", "role": "arbiter"},
        )

    assert response.status_code == 302
    assert mail.outbox[0].to == ["arne@example.org"]
    assert LINK.search(mail.outbox[0].body)
    [(html, mimetype)] = mail.outbox[0].alternatives
    assert mimetype == "text/html"
    assert LINK.search(html)
    page = client.get(people_url(event)).content.decode()
    assert "arne@example.org" in page
    assert "Invitation sent to arne@example.org" in page


def test_a_bad_address_comes_back_on_the_people_page_naming_the_field(client, event, organiser):
    client.force_login(organiser)

    response = client.post(
        reverse("invitation_create", kwargs={"event_slug": event.slug}),
        {"email": "nobody", "role": "arbiter"},
        follow=True,
    )

    assert "Email address: Enter a valid email address." in response.content.decode()
    assert not Invitation.objects.exists()


def test_withdrawing_on_its_page_stops_the_link(client, event, organiser):
    invitation, secret = invite(event, organiser)
    client.force_login(organiser)
    url = reverse("invitation_revoke", kwargs={"event_slug": event.slug, "pk": invitation.pk})

    assert b"stops working" in client.get(url).content
    client.post(url)

    response = client.get(reverse("invitation_accept", kwargs={"secret": secret}))
    assert response.status_code == 410
    assert b"withdrawn" in response.content


def test_an_unknown_link_has_a_clear_page(client):
    response = client.get(reverse("invitation_accept", kwargs={"secret": "made-up"}))

    assert response.status_code == 404
    assert b"not valid" in response.content


def test_signing_up_from_the_link_needs_no_second_email_and_takes_the_role(
    client, event, organiser
):
    _invitation, secret = invite(event, organiser)
    link = reverse("invitation_accept", kwargs={"secret": secret})

    assert b"Sign up" in client.get(link).content
    response = client.post(
        f"/accounts/signup/?next={link}",
        {
            "username": "arne",
            "email": "arne@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": link,
        },
    )
    assert response["Location"] == link
    client.post(link)

    arne = get_user_model().objects.get(username="arne")
    assert EmailAddress.objects.get(user=arne).verified
    assert list(event.arbiters.all()) == [arne]
    assert mail.outbox == []


def test_a_signed_in_user_with_another_address_accepts_for_their_own_account(
    client, event, organiser
):
    _invitation, secret = invite(event, organiser)
    someone = UserFactory(username="someone", email="someone@example.org")
    client.force_login(someone)

    client.post(reverse("invitation_accept", kwargs={"secret": secret}))

    assert list(event.arbiters.all()) == [someone]


def test_a_signed_out_visitor_who_posts_is_sent_to_log_in(client, event, organiser):
    _invitation, secret = invite(event, organiser)

    response = client.post(reverse("invitation_accept", kwargs={"secret": secret}))

    assert response["Location"].startswith("/accounts/login/")
    assert not event.arbiters.exists()
    assert Invitation.objects.get().state() == "pending"


def test_without_a_team_section_the_form_offers_no_team(client, event, organiser):
    client.force_login(organiser)

    page = client.get(people_url(event)).content.decode()

    assert 'name="team"' not in page
    assert "Captain of a team" not in page


def test_with_a_team_section_the_form_offers_its_teams(client, event, organiser):
    section = team_section(teams=2, rounds_played=0, event=event)
    client.force_login(organiser)

    page = client.get(people_url(event)).content.decode()

    assert f"{section.teams.first().name} ({section.name})" in page


# -- the email, after the commit ----------------------------------------------------------


class RefusingMailServer(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


class UnreachableMailServer(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise ConnectionRefusedError(111, "Connection refused")


def invite_on_the_page(client, event, capture, **data):
    with capture(execute=True):
        return client.post(
            reverse("invitation_create", kwargs={"event_slug": event.slug}),
            {"email": "arne@example.org", "role": "arbiter", **data},
        )


@pytest.mark.parametrize("server", ["RefusingMailServer", "UnreachableMailServer"])
def test_an_invitation_stands_when_the_mail_server_fails_and_its_email_is_sent_later(
    client, event, organiser, django_capture_on_commit_callbacks, settings, server
):
    client.force_login(organiser)
    settings.EMAIL_BACKEND = f"{__name__}.{server}"

    response = invite_on_the_page(client, event, django_capture_on_commit_callbacks)

    invitation = Invitation.objects.get(event=event)
    email = OutgoingEmail.objects.get(about=invitation_email_key(invitation.pk))
    assert response.status_code == 302
    assert email.status == OutgoingEmailStatus.PENDING
    assert "Connection" in email.last_error
    assert "email pending" in client.get(people_url(event)).content.decode()

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with django_capture_on_commit_callbacks(execute=True):
        emails_sweep(now=timezone.now() + timedelta(minutes=5))

    email.refresh_from_db()
    assert email.status == OutgoingEmailStatus.SENT
    assert [m.to for m in mail.outbox] == [["arne@example.org"]]
    assert LINK.search(mail.outbox[0].body)
    assert "email pending" not in client.get(people_url(event)).content.decode()


def test_an_email_that_failed_for_good_is_shown_beside_its_invitation(
    client, event, organiser, django_capture_on_commit_callbacks, settings
):
    client.force_login(organiser)
    settings.EMAIL_BACKEND = f"{__name__}.RefusingMailServer"
    invite_on_the_page(client, event, django_capture_on_commit_callbacks)
    OutgoingEmail.objects.update(status=OutgoingEmailStatus.FAILED)

    page = client.get(people_url(event)).content.decode()

    assert "email failed: SMTPServerDisconnected: Connection unexpectedly closed" in page


def test_a_team_name_with_a_line_break_does_not_break_the_captains_invitation(
    client, event, organiser, django_capture_on_commit_callbacks
):
    section = team_section(teams=2, rounds_played=0, event=event)
    team = section.teams.order_by("pk").first()
    # As an old backup may hold it.
    Team.objects.filter(pk=team.pk).update(name="Rooks\r\nBcc: all@example.org")
    client.force_login(organiser)

    response = invite_on_the_page(
        client, event, django_capture_on_commit_callbacks, role="captain", team=team.pk
    )

    assert response.status_code == 302
    assert Invitation.objects.filter(event=event, team=team).exists()
    [message] = mail.outbox
    assert message.subject == (
        "[Rookery] You are invited to be captain of Rooks Bcc: all@example.org in Spring Open"
    )
    assert message.bcc == []
    # Folded onto a second line at most, never a header of its own.
    headers = message.message().as_string().split("\n\n", 1)[0]
    assert "\nBcc:" not in headers


def test_the_invitations_html_escapes_the_team_name(
    event, organiser, django_capture_on_commit_callbacks
):
    section = team_section(teams=2, rounds_played=0, event=event)
    team = section.teams.order_by("pk").first()
    Team.objects.filter(pk=team.pk).update(name="Rooks <script>x</script>")

    with django_capture_on_commit_callbacks(execute=True):
        invite(event, organiser, role="captain", team_id=team.pk)

    [message] = mail.outbox
    [(html, _mimetype)] = message.alternatives
    assert "captain of Rooks <script>x</script> in Spring Open" in message.body
    assert "captain of Rooks &lt;script&gt;x&lt;/script&gt; in Spring Open" in html
    assert "<script" not in html
