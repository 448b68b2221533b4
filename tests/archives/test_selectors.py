"""Reading an event whole: a fixed number of queries, whatever its size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archives.selectors import event_archive_get
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.selectors import token_hash
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments import services
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import LogAction

pytestmark = pytest.mark.django_db


def event_of(players: int, teams: int, rounds: int) -> Event:
    section = swiss_section(players=players, rounds_played=rounds)
    event = section.event
    team_section(teams=teams, rounds_played=rounds, event=event)
    EntrySettings.objects.create(section=section, is_open=True)
    for player in section.players.all():
        services.log_write(
            subject=event,
            actor=None,
            action=LogAction.PLAYER_ADD,
            description="In.",
            players=[player],
        )
        CheckIn.objects.create(player=player, round_number=1)
        Entry.objects.create(
            section=section,
            status=EntryStatus.APPROVED,
            last_name=player.last_name,
            token_hash=token_hash(f"link of {player.pk}"),
            player=player,
        )
    return event


def export_queries(event: Event) -> int:
    event = Event.objects.get(pk=event.pk)
    with CaptureQueriesContext(connection) as queries:
        event_archive_get(event=event)
    return len(queries)


def test_the_export_reads_an_event_in_twenty_one_queries():
    assert export_queries(event_of(players=6, teams=3, rounds=2)) == 21


def test_the_export_queries_do_not_grow_with_players_teams_rounds_entries_or_check_ins():
    small = export_queries(event_of(players=6, teams=3, rounds=2))

    assert export_queries(event_of(players=60, teams=9, rounds=5)) == small
