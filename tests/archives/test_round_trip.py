"""Export, restore into an empty site, export again: the same file, byte for byte; and the
restored event reads as the original did."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from archives.selectors import event_backup_get
from archives.services import event_restore
from tests.archives.conftest import empty_site
from tests.factories import UserFactory
from tournaments.models import ByeKind
from tournaments.models import Event
from tournaments.models import GameResult

pytestmark = pytest.mark.django_db


def round_trip(event: Event) -> tuple[bytes, bytes, Event]:
    """The event's backup, the backup of its copy restored into an empty site, the copy."""
    first = event_backup_get(event=event)
    empty_site()
    copy = event_restore(data=first, user=UserFactory(username="restorer"))
    return first, event_backup_get(event=copy), copy


def test_swiss_event_comes_back_byte_for_byte(swiss_event):
    first, second, _copy = round_trip(swiss_event)

    assert second == first


def test_team_event_comes_back_byte_for_byte(team_event):
    first, second, _copy = round_trip(team_event)

    assert second == first


def test_trf_event_comes_back_byte_for_byte(trf_event):
    first, second, _copy = round_trip(trf_event)

    assert second == first


def test_empty_event_comes_back_byte_for_byte(empty_event):
    first, second, _copy = round_trip(empty_event)

    assert second == first
    assert json.loads(first)["sections"] == []


def test_postgresql_gives_back_the_same_files(postgres_url, swiss_event):
    """PostgreSQL keeps JSON columns in an order of its own (jsonb): the file does not."""
    assert connection.vendor == "postgresql"

    first, second, _copy = round_trip(swiss_event)

    assert second == first


def test_a_restored_copy_restored_again_gives_the_same_file(swiss_event):
    first, _second, copy = round_trip(swiss_event)
    third = event_backup_get(event=copy)
    empty_site()

    again = event_restore(data=third, user=UserFactory(username="again"))

    assert event_backup_get(event=again) == first


def test_the_events_hold_what_the_round_trips_are_meant_to_cover(swiss_event, team_event):
    swiss = json.loads(event_backup_get(event=swiss_event))
    section = swiss["sections"][0]
    rounds = section["rounds"]
    games = [g for r in rounds for g in r["games"]]
    teams = json.loads(event_backup_get(event=team_event))["sections"][0]

    assert {g["result"] for g in games} == set(GameResult.values)
    assert {b["kind"] for r in rounds for b in r["byes"]} == set(ByeKind.values)
    assert {r["status"] for r in rounds} == {"completed", "draft"}
    assert {p["status"] for p in section["players"]} == {"active", "withdrawn"}
    assert max(p["entry_round"] for p in section["players"]) == 3
    assert any(p["bye_requests"] for p in section["players"])
    assert any(p["bye_exclusions"] for p in section["players"])
    assert {g["kind"] for g in section["prohibited_groups"]} == {"strict", "soft_lowest"}
    assert {"colours_swap", "players_swap", "publish"} <= {e["action"] for e in swiss["log"]}
    matches = [m for r in teams["rounds"] for m in r["team_matches"]]
    assert {m["forfeit"] for m in matches} == {"", "+-"}
    assert any(line["player"] is None for m in matches for line in m["lineups"])
    assert all(r["team_byes"] for r in teams["rounds"])
    assert any(t["withdrawn_from_round"] for t in teams["teams"])
