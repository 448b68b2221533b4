"""demo_load: the demo event, paired by the project's own engines, loaded once."""

from __future__ import annotations

import random
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import CommandError
from django.core.management import call_command

from chesscore.pairing import pair_round
from chesscore.pairing.round_robin import berger_table
from chesscore.record.model import Colour
from pairing.management.demo import DEMO_EVENT_SLUG
from pairing.management.demo import round_robin_record
from pairing.management.demo import swiss_record
from teams.selectors import section_record_get
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def debug(settings):
    settings.DEBUG = True


@pytest.fixture
def demo(debug):
    call_command("demo_load", stdout=StringIO())
    return Event.objects.get(slug=DEMO_EVENT_SLUG)


def test_demo_event_has_a_swiss_and_a_round_robin(demo):
    sections = {s.system: s for s in demo.sections.all()}
    assert set(sections) == {"dutch", "round_robin"}
    assert sections["dutch"].players.count() == 40
    assert sections["round_robin"].players.count() == 8


def test_swiss_has_three_completed_rounds(demo):
    swiss = demo.sections.get(system="dutch")
    statuses = list(swiss.rounds.values_list("status", flat=True))
    assert statuses == [RoundStatus.COMPLETED] * 3


def test_round_robin_has_every_round_paired_and_some_results(demo):
    robin = demo.sections.get(system="round_robin")
    assert robin.rounds.count() == 7
    games = Game.objects.filter(round__section=robin)
    assert games.count() == 28
    assert games.exclude(result=GameResult.PENDING).count() == 16


def test_swiss_rounds_are_what_the_dutch_engine_pairs(demo):
    record = section_record_get(section=demo.sections.get(system="dutch"))
    for number in (1, 2, 3):
        earlier = tuple(replace(p, rounds=p.rounds[: number - 1]) for p in record.players)
        engine = {(b.white, b.black) for b in pair_round(replace(record, players=earlier)).boards}
        assert _white_boards(record, number) == engine


def test_swiss_boards_are_numbered_in_the_engine_order(demo):
    swiss = demo.sections.get(system="dutch")
    record = section_record_get(section=swiss)
    earlier = tuple(replace(p, rounds=p.rounds[:2]) for p in record.players)
    engine = [(b.white, b.black) for b in pair_round(replace(record, players=earlier)).boards]
    games = Game.objects.filter(round__section=swiss, round__number=3).order_by("board")
    assert [(g.white.starting_rank, g.black.starting_rank) for g in games] == engine


def _white_boards(record, number):
    return {
        (p.rank, p.entry(number).opponent)
        for p in record.players
        if p.entry(number).colour is Colour.WHITE
    }


def test_round_robin_follows_the_berger_table(demo):
    record = section_record_get(section=demo.sections.get(system="round_robin"))
    for berger in berger_table(8):
        assert _white_boards(record, berger.number) == set(berger.boards)


def test_round_robin_boards_are_numbered_as_in_the_berger_table(demo):
    robin = demo.sections.get(system="round_robin")
    for berger in berger_table(8):
        games = Game.objects.filter(round__section=robin, round__number=berger.number)
        stored = [(g.white.starting_rank, g.black.starting_rank) for g in games.order_by("board")]
        assert stored == list(berger.boards)


def test_running_demo_load_twice_changes_nothing(demo):
    counts = (Event.objects.count(), Game.objects.count())
    call_command("demo_load", stdout=StringIO())
    assert (Event.objects.count(), Game.objects.count()) == counts


def test_demo_organiser_can_log_in_and_runs_the_demo_event(demo, client):
    # Through the login form: sign-ins are checked with the request (the lockout counts them).
    response = client.post("/accounts/login/", {"login": "organiser", "password": "rookery-demo"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(demo.organisers.get(username="organiser").pk)
    assert demo.organisers.filter(username="organiser").exists()


def test_demo_load_refuses_to_run_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG"):
        call_command("demo_load", stdout=StringIO())
    assert not Event.objects.exists()


def test_demo_records_are_the_same_on_every_run():
    assert swiss_record(random.Random(1)) == swiss_record(random.Random(1))
    assert round_robin_record(random.Random(1)) == round_robin_record(random.Random(1))
