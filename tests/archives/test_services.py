"""Restoring an event: a new event, whole or not at all, run by the restoring user."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count

from archives import services
from archives.reading import BackupInvalid
from archives.reading import archive_read
from archives.selectors import event_backup_get
from common.exceptions import ValidationError
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services import round_pair
from public.selectors import section_trf_export_get
from public.selectors import standings_get
from teams.models import Team
from teams.models import TeamSeat
from tests.archives.conftest import empty_site
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import Bye
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def restorer():
    return UserFactory(username="restorer")


def restore(data: bytes, user, **kwargs) -> Event:
    return services.event_restore(data=data, user=user, **kwargs)


def trf(section: Section, dialect: str) -> str:
    """The section's rating-ready TRF file, or why it cannot be written."""
    try:
        return section_trf_export_get(section=section, dialect=dialect)
    except ValidationError as exc:
        return f"refused: {exc.message}"


def reads(event: Event) -> dict[str, tuple]:
    """What the event's sections read as: standings and rating-ready TRF files."""
    return {
        section.slug: (standings_get(section).lines, trf(section, "trf16"), trf(section, "trf26"))
        for section in Section.objects.filter(event=event).order_by("slug")
    }


@pytest.mark.parametrize("scenario", ["swiss_event", "team_event", "trf_event", "entries_event"])
def test_a_restored_event_reads_as_the_original_did(scenario, request):
    event = request.getfixturevalue(scenario)
    before, data = reads(event), event_backup_get(event=event)
    empty_site()

    copy = restore(data, UserFactory(username="restorer"))

    assert reads(copy) == before
    assert any(not files[1].startswith("refused") for files in before.values())


def test_the_restoring_user_alone_runs_the_copy(team_event):
    data = event_backup_get(event=team_event)
    empty_site()
    restorer = UserFactory(username="restorer")
    UserFactory(username="organiser")
    UserFactory(username="captain")

    copy = restore(data, restorer)

    assert list(copy.organisers.all()) == [restorer]
    assert not copy.arbiters.exists()
    assert not Team.objects.filter(section__event=copy, captain__isnull=False).exists()


def test_the_restore_is_logged_as_the_restoring_users_and_the_log_keeps_its_history(
    swiss_event, restorer
):
    data = event_backup_get(event=swiss_event)
    swiss_event.slug = "original"
    swiss_event.save()

    copy = restore(data, restorer)

    entries = list(LogEntry.objects.filter(event=copy).order_by("created_at", "pk"))
    last = entries[-1]
    assert (last.action, last.user, last.actor) == (LogAction.RESTORE, restorer, "restorer")
    assert last.description == "Restored from a backup: 1 section, 10 players, 4 rounds."
    restored = [(e.created_at, e.actor, e.action, e.user) for e in entries[:-1]]
    original = LogEntry.objects.filter(event=swiss_event).order_by("created_at", "pk")
    assert restored == [(e.created_at, e.actor, e.action, None) for e in original]
    named = entries[-3]
    assert sorted(p.starting_rank for p in named.players.all()) == [1, 3]
    assert named.section.event == copy


def test_the_event_keeps_its_address_when_it_is_free(empty_event, restorer):
    data = event_backup_get(event=empty_event)
    empty_event.delete()

    assert restore(data, restorer).slug == empty_event.slug


def test_an_address_taken_is_refused_and_nothing_is_written(swiss_event, restorer):
    data = event_backup_get(event=swiss_event)
    counts = (Event.objects.count(), Player.objects.count(), LogEntry.objects.count())

    with pytest.raises(services.SlugTaken) as caught:
        restore(data, restorer)

    assert caught.value.message == (
        "An event with the address 'aeroskobing' exists already: delete it first, or give "
        "the restored event another address."
    )
    assert caught.value.field == "file"
    assert (Event.objects.count(), Player.objects.count(), LogEntry.objects.count()) == counts


def test_another_address_may_be_given_and_is_logged(swiss_event, restorer):
    data = event_backup_get(event=swiss_event)

    copy = restore(data, restorer, slug="aeroskobing-copy")

    assert copy.slug == "aeroskobing-copy"
    assert Event.objects.filter(slug="aeroskobing").exists()
    entry = LogEntry.objects.get(event=copy, action=LogAction.RESTORE)
    assert entry.changes == {"slug": ["aeroskobing", "aeroskobing-copy"]}


@pytest.mark.parametrize(
    ("slug", "message"),
    [
        ("new", "The address 'new' is not available for an event: give another."),
        (
            "two words",
            "An address is 1 to 80 lower-case letters, digits, hyphens and underscores: "
            "'two words'.",
        ),
        (
            "x" * 81,
            "An address is 1 to 80 lower-case letters, digits, hyphens and underscores: "
            "'xxxxxxxxxxxxxxxxxxxxxxxx'… (81 characters).",
        ),
        ("Open-Probe", "An address is written in lower case: 'Open-Probe' ('open-probe')."),
    ],
)
def test_an_address_the_pages_cannot_use_is_refused(empty_event, restorer, slug, message):
    data = event_backup_get(event=empty_event)

    with pytest.raises(services.SlugTaken) as caught:
        restore(data, restorer, slug=slug)

    assert (caught.value.message, caught.value.field) == (message, "slug")


def test_nobody_signed_in_may_restore(empty_event):
    data = event_backup_get(event=empty_event)

    with pytest.raises(services.PermissionDenied):
        restore(data, AnonymousUser(), slug="other")


def test_seats_are_rebuilt_one_per_player_and_round(team_event):
    data = event_backup_get(event=team_event)
    empty_site()

    copy = restore(data, UserFactory(username="restorer"))

    games = Game.objects.filter(round__section__event=copy)
    byes = Bye.objects.filter(round__section__event=copy)
    seats = Seat.objects.filter(round__section__event=copy)
    assert seats.count() == 2 * games.count() + byes.count()
    assert not seats.values("round", "player").annotate(n=Count("pk")).filter(n__gt=1)
    assert all(s.game.round_id == s.round_id for s in seats.select_related("game"))
    team_seats = TeamSeat.objects.filter(round__section__event=copy)
    matches = sum(r.team_matches.count() for r in Round.objects.filter(section__event=copy))
    team_byes = sum(r.team_byes.count() for r in Round.objects.filter(section__event=copy))
    assert team_seats.count() == 2 * matches + team_byes > 0


def test_pairing_runs_keep_when_they_were_asked_for(swiss_event):
    original = list(
        PairingRun.objects.filter(section__event=swiss_event)
        .order_by("created_at")
        .values_list("round_number", "status", "created_at", "engine_seconds", "result")
    )
    data = event_backup_get(event=swiss_event)
    empty_site()

    copy = restore(data, UserFactory(username="restorer"))

    runs = PairingRun.objects.filter(section__event=copy).order_by("created_at")
    restored = list(
        runs.values_list("round_number", "status", "created_at", "engine_seconds", "result")
    )
    assert restored == original
    assert len(restored) == 4


def test_a_file_order_of_a_group_follows_the_group_to_its_new_id(trf_event):
    data = event_backup_get(event=trf_event)
    empty_site()

    copy = restore(data, UserFactory(username="restorer"))

    section = copy.sections.get(slug="small")
    group = ProhibitedGroup.objects.get(section=section)
    assert section.trf_extra["forbidden_order"] == {str(group.pk): [4, 2]}


def test_a_round_being_paired_when_the_backup_was_made_is_paired_after_the_restore(
    eager_tasks, django_capture_on_commit_callbacks
):
    organiser = UserFactory(username="organiser")
    section = SectionFactory(event=EventFactory(slug="club"), planned_rounds=3)
    section.event.organisers.add(organiser)
    for rank in range(1, 5):
        PlayerFactory(section=section, starting_rank=rank)
    round_pair(section=section, number=1, user=organiser)  # queued: the worker never came
    data = event_backup_get(event=section.event)
    empty_site()

    with django_capture_on_commit_callbacks(execute=True):
        copy = restore(data, UserFactory(username="restorer"))

    run = PairingRun.objects.get(section__event=copy)
    assert run.status == RunStatus.DONE
    assert Round.objects.get(section__event=copy).status == RoundStatus.DRAFT
    assert json.loads(data)["sections"][0]["rounds"][0]["status"] == RoundStatus.PAIRING


def test_what_the_database_refuses_is_reported_and_nothing_is_left(restorer, monkeypatch):
    archive = archive_read(encoded(document()))
    twin = archive.sections[0].players[1]
    archive.sections[0].players.append(twin)  # a starting rank twice, past the checks
    monkeypatch.setattr(services, "archive_read", lambda data: archive)

    with pytest.raises(services.BackupRefused) as caught:
        restore(b"", restorer)

    assert caught.value.message.startswith("The database refused the backup, nothing was")
    assert (Event.objects.count(), Player.objects.count(), LogEntry.objects.count()) == (0, 0, 0)


def test_values_the_sections_cannot_be_read_with_are_refused_naming_the_section(restorer):
    doc = document()
    doc["sections"][1]["trf_extra"] = {"match_scoring": {"win": "three"}}

    with pytest.raises(BackupInvalid) as caught:
        restore(encoded(doc), restorer)

    assert caught.value.message.startswith("sections[1]: the section cannot be read back: ")
    assert (Event.objects.count(), Section.objects.count(), Game.objects.count()) == (0, 0, 0)


def test_the_hand_written_document_restores_whole(restorer):
    copy = restore(encoded(document()), restorer)

    assert [s.slug for s in copy.sections.order_by("pk")] == ["open", "teams"]
    assert Player.objects.filter(section__event=copy).count() == 11
    assert LogEntry.objects.filter(event=copy).count() == 3
