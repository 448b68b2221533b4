"""Storing records and importing TRF files: equality both ways, errors, transactions."""

from __future__ import annotations

import datetime
import re

import pytest

from chesscore.record import model as rec
from chesscore.record import trf
from common.exceptions import ValidationError
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.golden import dutch_corpus
from tests.golden import tournaments_corpus
from tests.tournaments.conftest import corpus_sample
from tests.tournaments.conftest import rich_record
from tournaments import services
from tournaments.models import Bye
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import InitialColour
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat
from tournaments.models import Section
from tournaments.selectors.record import record_trf_get
from tournaments.selectors.record import section_record_base
from tournaments.services import records

pytestmark = pytest.mark.django_db

DUTCH_SAMPLE = corpus_sample(dutch_corpus(), 40)
TOURNAMENT_SAMPLE = corpus_sample(tournaments_corpus(), 20)


@pytest.mark.parametrize("path", DUTCH_SAMPLE + TOURNAMENT_SAMPLE, ids=lambda p: p.name)
def test_imported_corpus_file_reads_back_as_an_equal_record(path):
    text = path.read_bytes()
    section = services.do_section_import_trf(event=EventFactory(), name=path.stem, text=text)
    assert section_record_base(section) == trf.read(text)


def test_the_corpus_sample_is_not_empty():
    assert len(DUTCH_SAMPLE) == 40
    assert len(TOURNAMENT_SAMPLE) == 20


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_exported_file_reads_back_as_the_imported_record(small_trf, dialect):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    exported = record_trf_get(record=section_record_base(section), dialect=dialect)
    assert trf.read(exported) == trf.read(small_trf)


def test_stored_record_with_every_kind_of_extra_reads_back_equal():
    record = rich_record()
    section = services.do_section_record_store(event=EventFactory(), name="Rich", record=record)
    assert section_record_base(section) == record


def test_teams_become_rows_with_members_in_board_order():
    section = services.do_section_record_store(event=EventFactory(), name="T", record=rich_record())
    knights = section.teams.get(name="Knights")
    assert [m.player.starting_rank for m in knights.members.all()] == [2, 1]


def test_uncoloured_forfeit_is_stored_as_a_game_and_read_back_without_colours():
    section = services.do_section_record_store(event=EventFactory(), name="T", record=rich_record())
    game = Game.objects.get(round__section=section, round__number=2)
    assert game.result == GameResult.WHITE_WINS_FORFEIT
    assert section_record_base(section).player(3).entry(2).colour is rec.Colour.NONE


def test_every_game_and_bye_gets_its_seats(small_trf):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    games = Game.objects.filter(round__section=section)
    assert (
        Seat.objects.filter(round__section=section, game__isnull=False).count() == 2 * games.count()
    )
    assert (
        Seat.objects.filter(round__section=section, bye__isnull=False).count()
        == Bye.objects.filter(round__section=section).count()
    )


def test_fully_played_rounds_are_completed():
    path = corpus_sample(tournaments_corpus(), 1)[0]
    section = services.do_section_import_trf(event=EventFactory(), name="T", text=path.read_bytes())
    assert set(section.rounds.values_list("status", flat=True)) == {RoundStatus.COMPLETED}


def test_round_with_a_game_still_to_play_is_published():
    pending = rec.ResultCode.UNPAIRED
    record = rec.Record(
        players=(
            rec.Player(1, "A", rounds=(rec.RoundEntry(2, rec.Colour.WHITE, pending),)),
            rec.Player(2, "B", rounds=(rec.RoundEntry(1, rec.Colour.BLACK, pending),)),
        )
    )
    section = services.do_section_record_store(event=EventFactory(), name="T", record=record)
    assert section.rounds.get().status == RoundStatus.PUBLISHED


def test_boards_follow_the_given_order_then_the_scores(small_trf):
    record = trf.read(small_trf)
    section = services.do_section_record_store(
        event=EventFactory(), name="T", record=record, board_order={1: [(4, 2)]}
    )
    boards = Game.objects.filter(round__section=section).order_by("round__number", "board")
    pairs = [(g.round.number, g.board, g.white.starting_rank) for g in boards]
    # Round 1 as given; round 2 by score: 2 (½) against 1 (1 point) ahead of 3 against 4.
    assert pairs == [(1, 1, 4), (1, 2, 1), (2, 1, 2), (2, 2, 3)]


def test_pre_entered_bye_becomes_a_bye_request_for_the_next_round(small_trf):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    request = ByeRequest.objects.get(player__section=section)
    assert (request.player.starting_rank, request.round_number, request.kind) == (1, 3, "H")
    assert not section.rounds.filter(number=3).exists()


def test_forbidden_pair_becomes_a_strict_manual_group(small_trf):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    group = ProhibitedGroup.objects.get(section=section)
    assert group.kind == ConstraintKind.STRICT
    assert sorted(group.members.values_list("starting_rank", flat=True)) == [2, 4]


def test_settings_of_the_file_fill_the_section_columns(small_trf):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    assert (section.planned_rounds, section.initial_colour) == (5, InitialColour.WHITE)


def test_names_in_last_first_form_are_split():
    section = services.do_section_record_store(event=EventFactory(), name="T", record=rich_record())
    assert Player.objects.filter(section=section, last_name="Roe", first_name="Richard").exists()


def test_malformed_file_raises_validation_error_naming_line_and_field(small_trf):
    broken = small_trf.replace("     4 b =     1 w =", "     4 b =     1 w 7")
    with pytest.raises(ValidationError) as caught:
        services.do_section_import_trf(event=EventFactory(), name="Open", text=broken)
    assert caught.value.message.startswith("Line 6, round 2 result")
    assert caught.value.field == "round 2 result"


def test_failed_import_leaves_nothing_behind(small_trf, monkeypatch):
    event = EventFactory()

    def refuse(*args, **kwargs):
        raise ValidationError("refused")

    monkeypatch.setattr(records, "_store_forbidden_pairings", refuse)
    with pytest.raises(ValidationError):
        services.do_section_import_trf(event=event, name="Open", text=small_trf)
    assert not Section.objects.exists()
    assert not Player.objects.exists()
    assert not Round.objects.exists()


def test_second_import_with_the_same_name_gets_its_own_slug(small_trf):
    event = EventFactory()
    first = services.do_section_import_trf(event=event, name="Open", text=small_trf)
    second = services.do_section_import_trf(event=event, name="Open", text=small_trf)
    assert first.slug == "open"
    assert re.fullmatch(r"open-[0-9a-f]{6}", second.slug)


def test_section_without_a_name_is_refused(small_trf):
    with pytest.raises(ValidationError) as caught:
        services.do_section_import_trf(event=EventFactory(), name="  ", text=small_trf)
    assert caught.value.field == "name"


def test_event_import_creates_the_event_from_the_header(small_trf):
    organiser = UserFactory()
    section = services.do_event_import_trf(text=small_trf, organisers=[organiser])
    event = section.event
    assert (event.name, event.city, event.start_date) == (
        "Spring Open",
        "Leiden",
        datetime.date(2026, 4, 1),
    )
    assert list(event.organisers.all()) == [organiser]


def test_event_slugs_stay_unique():
    first = services.do_event_create(name="Club Open")
    second = services.do_event_create(name="Club Open")
    assert first.slug == "club-open"
    assert re.fullmatch(r"club-open-[0-9a-f]{6}", second.slug)
    assert Event.objects.count() == 2
