"""Games, byes and their seats are made in one place: `seated_rows_create` (and, for teams,
`seated_team_rows_create`), whichever way a round comes to hold them."""

from __future__ import annotations

import sys
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.db import models
from django.db.models.query import QuerySet

from archives.selectors import event_backup_get
from archives.services import event_restore
from chesscore.record.people import PlayerDetails
from pairing import services as pairing
from results import services as results
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamSeat
from teams.services.matches import seated_team_rows_create
from tests.factories import UserFactory
from tests.pairing.test_drafts import make_round
from tests.pairing.test_services import make_section
from tests.pairing.test_services import pair
from tests.pairing.test_team_pairing import make_team_section
from tournaments import services
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat
from tournaments.services.boards import seated_rows_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

# Who alone may make rows of each model.
WRITERS: dict[type[models.Model], Callable[..., Any]] = {
    Game: seated_rows_create,
    Bye: seated_rows_create,
    Seat: seated_rows_create,
    TeamMatch: seated_team_rows_create,
    TeamBye: seated_team_rows_create,
    TeamSeat: seated_team_rows_create,
}


def _inside(writer: Callable[..., Any]) -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code is writer.__code__:
            return True
        frame = frame.f_back
    return False


@contextmanager
def made_by_their_writers() -> Iterator[list[str]]:
    """Every row of `WRITERS`' models made meanwhile, one at a time or in bulk, is checked
    to be made inside its writer; the models of rows made elsewhere are listed."""
    strays: list[str] = []
    bulk_create = QuerySet.bulk_create

    def bulk(self: QuerySet[Any], objs: Any, *args: Any, **kwargs: Any) -> Any:
        objs = list(objs)
        writer = WRITERS.get(self.model)
        if objs and writer is not None and not _inside(writer):
            strays.append(self.model.__name__)
        return bulk_create(self, objs, *args, **kwargs)

    patches = [mock.patch.object(QuerySet, "bulk_create", bulk)]
    for model, writer in WRITERS.items():

        def save(self: models.Model, *args: Any, _writer: Any = writer, **kwargs: Any) -> None:
            if self._state.adding and not _inside(_writer):
                strays.append(type(self).__name__)
            models.Model.save(self, *args, **kwargs)

        patches.append(mock.patch.object(model, "save", save))
    for p in patches:
        p.start()
    try:
        yield strays
    finally:
        for p in reversed(patches):
            p.stop()


def seats_match_rows() -> None:
    assert Seat.objects.count() == 2 * Game.objects.count() + Bye.objects.count()
    assert not Bye.objects.filter(seats__isnull=True).exists()
    assert TeamSeat.objects.count() == 2 * TeamMatch.objects.count() + TeamBye.objects.count()


def test_the_guard_sees_a_bye_made_elsewhere():
    section = make_section(3)
    rnd = Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    with made_by_their_writers() as strays:
        Bye.objects.create(round=rnd, player=section.players.first(), kind=ByeKind.HALF_POINT)
    assert strays == ["Bye"]


def test_pairings_corrections_and_late_entries_make_byes_through_the_writer(
    django_capture_on_commit_callbacks,
):
    section = make_section(5, rounds=4)
    section.late_entry_half_point_byes = 1
    section.save()
    with made_by_their_writers() as strays:
        pair(section, 1, django_capture_on_commit_callbacks)
        rnd = Round.objects.get(section=section, number=1)
        pairing.round_publish(round=rnd, user=section.organiser)
        late = services.player_create(
            section=section, user=section.organiser, details=PlayerDetails(last_name="Late")
        )
        results.bye_correct(
            round=rnd,
            player=late.starting_rank,
            kind=ByeKind.ZERO_POINT,
            user=section.organiser,
            version=Round.objects.get(pk=rnd.pk).version,
            reason="Not there after all.",
        )
    assert strays == []
    assert rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).count() == 1
    assert rnd.byes.get(player=late).kind == ByeKind.ZERO_POINT
    seats_match_rows()


def test_team_rounds_imports_and_restores_make_rows_through_the_writers(
    django_capture_on_commit_callbacks, small_trf
):
    teams = make_team_section(3)
    players = make_section(3)
    make_round(players, 1, [(1, 2)], [(3, ByeKind.HALF_POINT)], status=RoundStatus.COMPLETED)
    with made_by_their_writers() as strays:
        pair(teams, 1, django_capture_on_commit_callbacks)
        imported = services.do_section_import_trf(event=players.event, name="File", text=small_trf)
        restored = [
            event_restore(data=event_backup_get(event=s.event), user=UserFactory(), slug=slug)
            for s, slug in ((teams, "teams-copy"), (players, "players-copy"))
        ]
    assert strays == []
    assert TeamBye.objects.filter(round__section__event=restored[0]).count() == 1
    assert Bye.objects.filter(round__section__event=restored[1]).count() >= 1
    assert Player.objects.filter(section=imported).exists()
    seats_match_rows()
