"""Pairing a round: requests, runs, drafts, publishing and results."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from chesscore.cli.pairings import main
from chesscore.record import model as rec
from chesscore.systems import SYSTEMS
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from pairing import services
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import pairing_input_get
from pairing.services import RoundStateError
from pairing.services import round_pair
from pairing.services import round_publish
from public.selectors import section_trf_export_get
from results.services import game_result_set
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import Acceleration
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import PlayerStatus
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat
from tournaments.models import Section

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def make_section(players: int = 6, *, rounds: int = 3, system: str = "dutch"):
    """A section whose organiser is `section.organiser`, players ranked 1..`players`."""
    section = SectionFactory(planned_rounds=rounds, system=system)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    for rank in range(1, players + 1):
        PlayerFactory(section=section, starting_rank=rank, fide_rating=2500 - 10 * rank)
    section.organiser = organiser
    return section


@pytest.fixture
def section():
    return make_section()


@pytest.fixture
def paired(section, django_capture_on_commit_callbacks):
    """Round 1 of `section` paired: the run is carried out when the request commits."""
    with django_capture_on_commit_callbacks(execute=True):
        run = round_pair(section=section, number=1, user=section.organiser)
    run.refresh_from_db()
    return run


def pair(
    section, number, django_capture_on_commit_callbacks, user=None, *, again=False
) -> PairingRun:
    with django_capture_on_commit_callbacks(execute=True):
        run = round_pair(
            section=section, number=number, user=user or section.organiser, again=again
        )
    run.refresh_from_db()
    return run


def finish_round(section, number) -> None:
    rnd = Round.objects.get(section=section, number=number)
    if rnd.status == RoundStatus.DRAFT:
        round_publish(round=rnd, user=section.organiser)
    for game in rnd.games.all():
        game_result_set(
            game=game, result=GameResult.WHITE_WINS, user=section.organiser, version=game.version
        )


# -- requests --------------------------------------------------------------------------


def test_pair_request_queues_a_run_and_marks_the_round_pairing(
    section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=section.organiser)

    assert run.status == RunStatus.QUEUED
    assert run.request == {
        "round": 1,
        "system": "dutch",
        "repair": False,
        "requested_by": section.organiser.pk,
    }
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PAIRING
    assert len(callbacks) == 1


def test_second_pair_request_returns_same_run(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():
        first = round_pair(section=section, number=1, user=section.organiser)
        second = round_pair(section=section, number=1, user=section.organiser)

    assert second.pk == first.pk
    assert PairingRun.objects.count() == 1


def test_another_user_may_not_pair(section):
    with pytest.raises(PermissionDenied):
        round_pair(section=section, number=1, user=UserFactory())
    with pytest.raises(PermissionDenied):
        round_pair(section=section, number=1, user=AnonymousUser())
    assert not PairingRun.objects.exists()


def test_event_arbiter_may_pair(section, django_capture_on_commit_callbacks):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)

    run = pair(section, 1, django_capture_on_commit_callbacks, user=arbiter)

    assert run.status == RunStatus.DONE


@pytest.mark.parametrize("number", [0, 4])
def test_round_outside_the_planned_rounds_is_refused(section, number):
    with pytest.raises(ValidationError) as caught:
        round_pair(section=section, number=number, user=section.organiser)
    assert caught.value.field == "number"


def test_round_two_waits_for_round_one_to_be_completed(paired, section):
    with pytest.raises(RoundStateError, match="Round 1 is not completed"):
        round_pair(section=section, number=2, user=section.organiser)

    round_publish(round=Round.objects.get(section=section, number=1), user=section.organiser)
    with pytest.raises(RoundStateError, match="Round 1 is not completed"):
        round_pair(section=section, number=2, user=section.organiser)


def test_published_round_cannot_be_paired_again(paired, section):
    round_publish(round=Round.objects.get(section=section, number=1), user=section.organiser)

    with pytest.raises(RoundStateError, match="already published"):
        round_pair(section=section, number=1, user=section.organiser)


def test_pair_request_is_logged_with_its_user(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():
        round_pair(section=section, number=1, user=section.organiser)

    entry = LogEntry.objects.get(section=section, action=LogAction.PAIR)
    assert (entry.round_number, entry.user) == (1, section.organiser)
    assert entry.description == "Pairing of round 1 asked for."


def test_pair_request_on_a_draft_returns_its_run_and_starts_nothing(
    paired, section, django_capture_on_commit_callbacks
):
    games = set(Game.objects.filter(round__section=section).values_list("pk", flat=True))

    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=section.organiser)

    assert run.pk == paired.pk
    assert run.status == RunStatus.DONE
    assert callbacks == []
    assert PairingRun.objects.count() == 1
    assert set(Game.objects.filter(round__section=section).values_list("pk", flat=True)) == games
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT
    assert LogEntry.objects.filter(section=section, action=LogAction.PAIR).count() == 1


def test_pair_request_on_a_draft_keeps_its_hand_edits(paired, section):
    rnd = Round.objects.get(section=section)
    services.game_colours_swap(
        game=rnd.games.get(board=1),
        user=section.organiser,
        version=Round.objects.get(pk=rnd.pk).version,
    )
    edited = board_pairs(section)

    round_pair(section=section, number=1, user=section.organiser)

    assert board_pairs(section) == edited


def test_pair_request_on_a_draft_no_run_made_is_refused_unless_paired_again(
    section, django_capture_on_commit_callbacks
):
    Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)

    with pytest.raises(RoundStateError, match="pair it again"):
        round_pair(section=section, number=1, user=section.organiser)
    run = pair(section, 1, django_capture_on_commit_callbacks, again=True)

    assert run.status == RunStatus.DONE


def test_pairing_again_while_a_run_is_live_returns_that_run(
    section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        live = round_pair(section=section, number=1, user=section.organiser)
        again = round_pair(section=section, number=1, user=section.organiser, again=True)

    assert again.pk == live.pk
    assert PairingRun.objects.count() == 1


def test_failed_run_leaves_the_round_to_a_new_run(django_capture_on_commit_callbacks):
    section = make_section(2)
    group = ProhibitedGroup.objects.create(section=section, name="Clubmates")
    group.members.set(section.players.all())
    failed = pair(section, 1, django_capture_on_commit_callbacks)
    group.delete()

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert failed.status == RunStatus.FAILED
    assert run.pk != failed.pk
    assert run.status == RunStatus.DONE


def test_run_that_lost_its_worker_is_sent_again_by_the_next_request(
    section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        lost = round_pair(section=section, number=1, user=section.organiser)
    PairingRun.objects.filter(pk=lost.pk).update(
        status=RunStatus.RUNNING, attempts=1, heartbeat_at=timezone.now() - timedelta(minutes=1)
    )

    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=section.organiser)

    assert run.pk == lost.pk
    assert run.status == RunStatus.QUEUED
    assert len(callbacks) == 1
    callbacks[0]()
    run.refresh_from_db()
    assert (run.status, run.attempts) == (RunStatus.DONE, 2)
    assert PairingRun.objects.count() == 1


def test_run_that_lost_its_worker_too_often_fails_and_the_request_starts_another(
    section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        lost = round_pair(section=section, number=1, user=section.organiser)
    PairingRun.objects.filter(pk=lost.pk).update(
        status=RunStatus.RUNNING,
        attempts=services.MAX_ATTEMPTS,
        heartbeat_at=timezone.now() - timedelta(minutes=1),
    )

    run = pair(section, 1, django_capture_on_commit_callbacks)

    lost.refresh_from_db()
    assert run.pk != lost.pk
    assert lost.status == RunStatus.FAILED
    assert "lost 3 times" in lost.error
    assert run.status == RunStatus.DONE


def test_run_of_a_live_worker_is_returned_as_it_is(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():
        live = round_pair(section=section, number=1, user=section.organiser)
    PairingRun.objects.filter(pk=live.pk).update(
        status=RunStatus.RUNNING, attempts=1, heartbeat_at=timezone.now()
    )

    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=section.organiser)

    assert (run.pk, run.status, run.attempts) == (live.pk, RunStatus.RUNNING, 1)
    assert callbacks == []


# -- carrying out the run -------------------------------------------------------------


def test_run_stores_the_boards_as_a_draft_round(paired, section):
    rnd = Round.objects.get(section=section, number=1)
    games = list(rnd.games.order_by("board"))

    assert paired.status == RunStatus.DONE
    assert paired.attempts == 1
    assert paired.engine_version.startswith("rookery ")
    assert paired.engine_seconds is not None
    assert paired.finished_at is not None
    assert rnd.status == RoundStatus.DRAFT
    assert [g.board for g in games] == [1, 2, 3]
    assert Seat.objects.filter(round=rnd).count() == 6
    assert all(g.explanation for g in games)
    assert rnd.explanation["system"] == "dutch"
    assert rnd.explanation["brackets"]
    assert paired.result["boards"] == [
        [g.white.starting_rank, g.black.starting_rank] for g in games
    ]


def test_first_round_pairs_top_half_against_bottom_half(paired, section):
    games = Game.objects.filter(round__section=section).select_related("white", "black")

    pairs = {frozenset((g.white.starting_rank, g.black.starting_rank)) for g in games}

    assert pairs == {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}


def test_odd_field_gives_the_pairing_allocated_bye(django_capture_on_commit_callbacks):
    section = make_section(5)

    pair(section, 1, django_capture_on_commit_callbacks)

    bye = Bye.objects.get(round__section=section)
    assert bye.kind == ByeKind.PAIRING_ALLOCATED
    assert bye.player.starting_rank == 5
    assert Seat.objects.filter(bye=bye).count() == 1
    assert Round.objects.get(section=section).explanation["bye"] == 5


def test_requested_bye_is_stored_with_its_kind_and_kept_out_of_the_games(
    section, django_capture_on_commit_callbacks
):
    player = section.players.get(starting_rank=2)
    ByeRequest.objects.create(player=player, round_number=1, kind="H")

    pair(section, 1, django_capture_on_commit_callbacks)

    byes = {(b.player.starting_rank, b.kind) for b in Bye.objects.filter(round__section=section)}
    assert (2, ByeKind.HALF_POINT) in byes
    assert not Game.objects.filter(round__section=section, white=player).exists()
    assert not Game.objects.filter(round__section=section, black=player).exists()
    assert len(byes) == 2  # five players left: one of them gets the pairing-allocated bye


def test_withdrawn_player_is_not_paired(section, django_capture_on_commit_callbacks):
    section.players.filter(starting_rank=6).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=1
    )

    pair(section, 1, django_capture_on_commit_callbacks)

    assert not Seat.objects.filter(round__section=section, player__starting_rank=6).exists()
    assert Seat.objects.filter(round__section=section).count() == 5


def test_strict_prohibited_group_never_meets(django_capture_on_commit_callbacks):
    section = make_section(4)
    group = ProhibitedGroup.objects.create(
        section=section, name="Family", kind=ConstraintKind.STRICT
    )
    group.members.set(section.players.filter(starting_rank__in=[1, 3]))

    pair(section, 1, django_capture_on_commit_callbacks)

    pairs = {
        frozenset((g.white.starting_rank, g.black.starting_rank))
        for g in Game.objects.filter(round__section=section).select_related("white", "black")
    }
    assert frozenset((1, 3)) not in pairs
    assert len(pairs) == 2
    rnd = Round.objects.get(section=section)
    # Prohibited pairings are an absolute criterion of the FIDE systems (TRF26 260).
    assert rnd.is_pure_fide is True
    assert rnd.explanation["deviations"] == []


def test_round_without_organiser_constraints_is_pure_fide(paired, section):
    rnd = Round.objects.get(section=section)

    assert rnd.is_pure_fide is True
    assert rnd.explanation["deviations"] == []


def test_no_legal_pairing_fails_the_run_and_sends_the_round_back_to_pending(
    django_capture_on_commit_callbacks,
):
    section = make_section(2)
    group = ProhibitedGroup.objects.create(section=section, name="Clubmates")
    group.members.set(section.players.all())

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert run.error.startswith("No legal pairing")
    assert Round.objects.get(section=section).status == RoundStatus.PENDING
    assert not Seat.objects.filter(round__section=section).exists()


def test_system_without_an_engine_fails_the_run(django_capture_on_commit_callbacks, monkeypatch):
    # A key stored with a section that no registered system pairs any more.
    section = make_section(4, system="casual")
    monkeypatch.delitem(SYSTEMS, "casual")

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "not available yet" in run.error
    assert run.result == {"code": "system_not_available"}


def test_burstein_section_pairs_seeding_rounds_by_the_dutch_then_by_the_index(
    django_capture_on_commit_callbacks,
):
    # Seven rounds: the first three are seeding rounds (C.04.4.2 1.6).
    section = make_section(7, rounds=7, system="burstein")
    for number in (1, 2, 3):
        run = pair(section, number, django_capture_on_commit_callbacks)
        assert run.status == RunStatus.DONE
        explanation = Round.objects.get(section=section, number=number).explanation
        assert explanation["system"] == "burstein"
        assert explanation["seeding_round"] is True
        finish_round(section, number)

    run = pair(section, 4, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE
    rnd = Round.objects.get(section=section, number=4)
    assert rnd.explanation["seeding_round"] is False
    reasons = [line for bracket in rnd.explanation["brackets"] for line in bracket["reasons"]]
    assert any(line.startswith("BSN by Index (1.8): ") for line in reasons)
    assert any(line.startswith("PAB (3.1)") for line in reasons)
    assert Seat.objects.filter(round=rnd).count() == 7


def test_burstein_section_exports_its_192_code_and_replays_from_the_file(
    django_capture_on_commit_callbacks, tmp_path, capsys
):
    section = make_section(7, rounds=5, system="burstein")
    for number in (1, 2, 3, 4):
        pair(section, number, django_capture_on_commit_callbacks)
        finish_round(section, number)

    text = section_trf_export_get(section=section, dialect="trf16")
    assert "192 FIDE_BURSTEIN" in text.split("\r")
    trf = tmp_path / "section.trf"
    trf.write_text(text)
    # No system flag: the 192 code makes the command line replay it by the Burstein system.
    assert main([str(trf), "-c"]) == 0
    assert capsys.readouterr().out.count("matches") == 4


def test_burstein_refuses_soft_prohibited_groups_by_name(django_capture_on_commit_callbacks):
    section = make_section(4, system="burstein")
    group = ProhibitedGroup.objects.create(
        section=section, name="Clubmates", kind=ConstraintKind.SOFT_LOWEST
    )
    group.members.set(section.players.filter(starting_rank__in=[1, 3]))

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "soft groups cannot apply: Clubmates (soft, lowest priority)" in run.error


def test_burstein_keeps_a_strict_prohibited_group_apart(django_capture_on_commit_callbacks):
    section = make_section(4, rounds=2, system="burstein")
    group = ProhibitedGroup.objects.create(
        section=section, name="Family", kind=ConstraintKind.STRICT
    )
    group.members.set(section.players.filter(starting_rank__in=[1, 4]))
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)

    run = pair(section, 2, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE
    pairs = {
        frozenset((g.white.starting_rank, g.black.starting_rank))
        for g in Game.objects.filter(round__section=section).select_related("white", "black")
    }
    assert frozenset((1, 4)) not in pairs
    assert len(pairs) == 4


def test_a_burstein_section_pairs_with_its_baku_acceleration(django_capture_on_commit_callbacks):
    section = make_section(8, rounds=5, system="burstein")
    section.acceleration = Acceleration.BAKU
    section.save()

    record = pairing_input_get(section=section, number=1).record
    assert (record.system, record.acceleration) == ("burstein", rec.Acceleration.BAKU)
    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE


def test_engine_crash_fails_the_run_instead_of_half_storing(
    section, django_capture_on_commit_callbacks, monkeypatch
):
    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setitem(SYSTEMS, "dutch", replace(SYSTEMS["dutch"], plan=broken))

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert not Game.objects.filter(round__section=section).exists()
    assert Round.objects.get(section=section).status == RoundStatus.PENDING


def test_executing_a_finished_run_again_changes_nothing(paired, section):
    games = list(Game.objects.filter(round__section=section).values_list("pk", flat=True))

    again = services.pairing_run_execute(run_id=paired.pk)

    assert again.status == RunStatus.DONE
    assert again.attempts == 1
    assert list(Game.objects.filter(round__section=section).values_list("pk", flat=True)) == games


def test_run_whose_worker_died_is_carried_out_again(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():
        run = round_pair(section=section, number=1, user=section.organiser)
    PairingRun.objects.filter(pk=run.pk).update(
        status=RunStatus.RUNNING, attempts=1, heartbeat_at=timezone.now() - timedelta(minutes=1)
    )

    run = services.pairing_run_execute(run_id=run.pk)

    assert run.status == RunStatus.DONE
    assert run.attempts == 2
    assert Seat.objects.filter(round__section=section).count() == 6


def test_run_that_keeps_killing_its_worker_gives_up(section, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():
        run = round_pair(section=section, number=1, user=section.organiser)
    PairingRun.objects.filter(pk=run.pk).update(
        status=RunStatus.RUNNING,
        attempts=services.MAX_ATTEMPTS,
        heartbeat_at=timezone.now() - timedelta(minutes=1),
    )

    run = services.pairing_run_execute(run_id=run.pk)

    assert run.status == RunStatus.FAILED
    assert "Gave up" in run.error
    assert Round.objects.get(section=section).status == RoundStatus.PENDING


# -- re-pairing ------------------------------------------------------------------------


def test_pairing_a_draft_again_discards_its_boards(
    paired, section, django_capture_on_commit_callbacks
):
    old_games = set(Game.objects.filter(round__section=section).values_list("pk", flat=True))

    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=section.organiser, again=True)
        assert not Game.objects.filter(pk__in=old_games).exists()
        assert not Seat.objects.filter(round__section=section).exists()
    for callback in callbacks:
        callback()
    run.refresh_from_db()

    assert run.pk != paired.pk
    assert run.request["repair"] is True
    assert run.status == RunStatus.DONE
    assert Game.objects.filter(round__section=section).count() == 3
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


def test_pairing_again_logs_how_many_hand_edits_were_lost(
    paired, section, django_capture_on_commit_callbacks
):
    rnd = Round.objects.get(section=section)
    services.game_colours_swap(
        game=rnd.games.get(board=1),
        user=section.organiser,
        version=Round.objects.get(pk=rnd.pk).version,
    )
    services.game_colours_swap(
        game=rnd.games.get(board=2),
        user=section.organiser,
        version=Round.objects.get(pk=rnd.pk).version,
    )
    pair(section, 1, django_capture_on_commit_callbacks, again=True)
    services.game_colours_swap(
        game=rnd.games.get(board=3),
        user=section.organiser,
        version=Round.objects.get(pk=rnd.pk).version,
    )

    pair(section, 1, django_capture_on_commit_callbacks, again=True)

    repairs = LogEntry.objects.filter(section=section, action=LogAction.REPAIR)
    assert [e.description for e in repairs] == [
        "Draft of round 1 discarded and paired again (1 hand edit lost).",
        "Draft of round 1 discarded and paired again (2 hand edits lost).",
    ]
    assert all(e.user == section.organiser for e in repairs)


def test_pairing_again_an_untouched_draft_says_nothing_was_lost(
    paired, section, django_capture_on_commit_callbacks
):
    pair(section, 1, django_capture_on_commit_callbacks, again=True)

    entry = LogEntry.objects.get(section=section, action=LogAction.REPAIR)
    assert entry.description == "Draft of round 1 discarded and paired again (no hand edits lost)."


def test_second_round_avoids_first_round_opponents(
    paired, section, django_capture_on_commit_callbacks
):
    finish_round(section, 1)

    run = pair(section, 2, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE
    games = Game.objects.filter(round__section=section).select_related("round", "white", "black")
    met: dict[int, set[frozenset[int]]] = {1: set(), 2: set()}
    for g in games:
        met[g.round.number].add(frozenset((g.white.starting_rank, g.black.starting_rank)))
    assert len(met[2]) == 3
    assert not met[1] & met[2]


# -- round robins ----------------------------------------------------------------------


def test_round_robin_round_follows_the_berger_table(django_capture_on_commit_callbacks):
    section = make_section(4, system="round_robin")

    pair(section, 1, django_capture_on_commit_callbacks)

    games = Game.objects.filter(round__section=section).select_related("white", "black")
    assert [(g.board, g.white.starting_rank, g.black.starting_rank) for g in games] == [
        (1, 1, 4),
        (2, 2, 3),
    ]
    assert Round.objects.get(section=section).explanation["berger_round"] == 1


def test_round_robin_odd_field_has_a_free_player_without_points(
    django_capture_on_commit_callbacks,
):
    section = make_section(5, rounds=5, system="round_robin")

    pair(section, 1, django_capture_on_commit_callbacks)

    bye = Bye.objects.get(round__section=section)
    assert (bye.player.starting_rank, bye.kind) == (1, ByeKind.ZERO_POINT)
    assert Game.objects.filter(round__section=section).count() == 2


def test_round_robin_withdrawn_player_loses_by_forfeit(django_capture_on_commit_callbacks):
    section = make_section(4, system="round_robin")
    section.players.filter(starting_rank=4).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=1
    )

    pair(section, 1, django_capture_on_commit_callbacks)

    game = Game.objects.get(round__section=section, board=1)
    assert game.result == GameResult.WHITE_WINS_FORFEIT


def test_round_robin_round_beyond_the_table_fails_the_run(django_capture_on_commit_callbacks):
    section = make_section(2, rounds=3, system="round_robin")
    Round.objects.create(section=section, number=1, status=RoundStatus.COMPLETED)

    run = pair(section, 2, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "has 1 rounds" in run.error


# -- publishing and results ------------------------------------------------------------


def test_publishing_a_draft_makes_it_published(paired, section):
    rnd = round_publish(round=Round.objects.get(section=section), user=section.organiser)

    assert rnd.status == RoundStatus.PUBLISHED
    assert rnd.published_at is not None


def test_publishing_twice_is_refused(paired, section):
    rnd = Round.objects.get(section=section)
    round_publish(round=rnd, user=section.organiser)

    with pytest.raises(RoundStateError):
        round_publish(round=rnd, user=section.organiser)


def test_another_user_may_not_publish(paired, section):
    with pytest.raises(PermissionDenied):
        round_publish(round=Round.objects.get(section=section), user=UserFactory())
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


def test_round_completes_when_every_game_has_a_result(paired, section):
    rnd = round_publish(round=Round.objects.get(section=section), user=section.organiser)
    games = list(rnd.games.order_by("board"))

    for game in games[:-1]:
        game_result_set(
            game=game, result=GameResult.DRAW, user=section.organiser, version=game.version
        )
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED

    game_result_set(
        game=games[-1],
        result=GameResult.BLACK_WINS,
        user=section.organiser,
        version=games[-1].version,
    )
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETED


def test_clearing_a_result_reopens_the_round(paired, section):
    finish_round(section, 1)
    game = Game.objects.filter(round__section=section).first()

    game_result_set(
        game=game, result=GameResult.PENDING, user=section.organiser, version=game.version
    )

    assert Round.objects.get(section=section).status == RoundStatus.PUBLISHED


def test_result_of_a_draft_round_is_refused(paired, section):
    game = Game.objects.filter(round__section=section).first()

    with pytest.raises(RoundStateError, match="not published"):
        game_result_set(
            game=game, result=GameResult.DRAW, user=section.organiser, version=game.version
        )


def test_unknown_result_is_refused_naming_the_field(paired, section):
    game = Game.objects.filter(round__section=section).first()

    with pytest.raises(ValidationError) as caught:
        game_result_set(game=game, result="2-0", user=section.organiser, version=game.version)
    assert caught.value.field == "result"


def test_result_changes_only_with_a_reason_once_the_next_round_is_paired(
    paired, section, django_capture_on_commit_callbacks
):
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    game = Game.objects.filter(round__section=section, round__number=1).first()

    with pytest.raises(ValidationError, match="Say why") as caught:
        game_result_set(
            game=game, result=GameResult.DRAW, user=section.organiser, version=game.version
        )
    assert caught.value.field == "reason"


def test_another_user_may_not_enter_results(paired, section):
    finish_round(section, 1)
    game = Game.objects.filter(round__section=section).first()

    with pytest.raises(PermissionDenied):
        game_result_set(game=game, result=GameResult.DRAW, user=UserFactory(), version=game.version)


def test_section_is_unchanged_by_a_refused_request(section):
    before = Section.objects.get(pk=section.pk).updated_at

    with pytest.raises(ValidationError):
        round_pair(section=section, number=9, user=section.organiser)

    assert Section.objects.get(pk=section.pk).updated_at == before
    assert not Round.objects.filter(section=section).exists()


# -- the record the engine sees ----------------------------------------------------------


def test_record_for_a_round_leaves_out_withdrawn_players_and_later_entries():
    section = make_section(6)
    section.players.filter(starting_rank=2).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=1
    )
    section.players.filter(starting_rank=3).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=2
    )
    section.players.filter(starting_rank=5).update(entry_round=2)

    record = pairing_input_get(section=section, number=1).record

    assert record.absent_next_round == (2, 5)


def test_record_for_a_round_takes_the_section_rounds_when_the_file_has_none():
    section = make_section(4, rounds=7)
    section.trf_extra = {"planned_rounds_absent": True}
    section.save()

    assert pairing_input_get(section=section, number=1).record.planned_rounds == 7


def test_the_record_of_a_section_set_to_baku_has_its_acceleration_whatever_its_header():
    section = make_section(4)
    section.acceleration = Acceleration.BAKU
    section.trf_extra = {"event": {"name": "Imported", "system": "FIDE_DUTCH_2025"}}
    section.save()

    record = pairing_input_get(section=section, number=1).record
    assert (record.event.system, record.acceleration) == ("FIDE_DUTCH_2025", rec.Acceleration.BAKU)
    text = section_trf_export_get(section=section, dialect="trf26")
    assert "192 FIDE_DUTCH_2025_BAKU" in text.split("\r")


def test_absences_listed_in_a_file_are_spent_once_the_site_pairs_a_round(
    paired, section, django_capture_on_commit_callbacks
):
    section.trf_extra = {**section.trf_extra, "absent_next_round": [6]}
    section.save()

    assert pairing_input_get(section=section, number=1).record.absent_next_round == (6,)
    assert pairing_input_get(section=section, number=2).record.absent_next_round == ()


def test_run_fails_when_the_players_changed_while_it_was_pairing(
    section, django_capture_on_commit_callbacks, monkeypatch
):
    real_plan = SYSTEMS["dutch"].plan

    def plan_then_lose_a_player(pairing_input):
        plan = real_plan(pairing_input)
        Seat.objects.all().delete()
        section.players.filter(starting_rank=6).delete()
        return plan

    monkeypatch.setitem(SYSTEMS, "dutch", replace(SYSTEMS["dutch"], plan=plan_then_lose_a_player))

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "players changed" in run.error
    assert not Game.objects.filter(round__section=section).exists()


# -- changing a draft by hand ------------------------------------------------------------


def board_pairs(section, number=1):
    games = Game.objects.filter(round__section=section, round__number=number)
    return {
        g.board: (g.white.starting_rank, g.black.starting_rank)
        for g in games.select_related("white", "black")
    }


def test_swapping_colours_on_a_draft_board(paired, section):
    before = board_pairs(section)
    game = Game.objects.get(round__section=section, board=1)

    rnd = services.game_colours_swap(game=game, user=section.organiser, version=game.round.version)

    after = board_pairs(section)
    assert after[1] == (before[1][1], before[1][0])
    assert after[2] == before[2]
    assert rnd.is_pure_fide is False
    assert rnd.explanation["edits"] == ["Board 1: colours swapped by hand."]
    assert rnd.explanation["warnings"] == []
    assert rnd.explanation["brackets"]  # the engine's account stays


def test_exchanging_opponents_between_two_boards(paired, section):
    before = board_pairs(section)
    rnd = Round.objects.get(section=section)

    services.games_opponents_swap(
        round=rnd, boards=(1, 3), user=section.organiser, version=rnd.version
    )

    after = board_pairs(section)
    assert after[1] == (before[1][0], before[3][1])
    assert after[3] == (before[3][0], before[1][1])
    assert after[2] == before[2]
    assert Seat.objects.filter(round=rnd).count() == 6
    assert Seat.objects.filter(round=rnd, game__isnull=False).values("game").distinct().count() == 3


@pytest.mark.parametrize("boards", [(1, 1), (1, 9)])
def test_exchanging_needs_two_existing_boards(paired, section, boards):
    rnd = Round.objects.get(section=section)

    with pytest.raises(ValidationError) as caught:
        services.games_opponents_swap(
            round=rnd, boards=boards, user=section.organiser, version=rnd.version
        )
    assert caught.value.field == "boards"


def test_published_round_is_changed_by_hand_only_under_a_case_of_4_4(paired, section):
    rnd = round_publish(round=Round.objects.get(section=section), user=section.organiser)

    with pytest.raises(RoundStateError, match=r"cases of C\.04\.2 4\.4") as caught:
        services.game_colours_swap(
            game=rnd.games.first(), user=section.organiser, version=rnd.version
        )
    assert caught.value.field == "case"
    with pytest.raises(ValidationError, match="not a case"):
        services.game_colours_swap(
            game=rnd.games.first(), user=section.organiser, version=rnd.version, case="4.4.9"
        )


def test_another_user_may_not_change_a_draft(paired, section):
    with pytest.raises(PermissionDenied):
        services.game_colours_swap(
            game=Game.objects.filter(round__section=section).first(), user=UserFactory(), version=1
        )


def test_exchange_making_a_rematch_is_warned_about(
    paired, section, django_capture_on_commit_callbacks
):
    finish_round(section, 1)
    met = {frozenset(p) for p in board_pairs(section, 1).values()}
    pair(section, 2, django_capture_on_commit_callbacks)
    boards = board_pairs(section, 2)
    rematch = next(
        (a, b)
        for a in boards
        for b in boards
        if a < b and frozenset((boards[a][0], boards[b][1])) in met
    )
    rnd = Round.objects.get(section=section, number=2)

    rnd = services.games_opponents_swap(
        round=rnd, boards=rematch, user=section.organiser, version=rnd.version
    )

    white, black = boards[rematch[0]][0], boards[rematch[1]][1]
    assert (
        f"Board {rematch[0]}: {white} and {black} have already played each other."
        in rnd.explanation["warnings"]
    )


def test_third_white_running_and_colour_difference_are_warned_about():
    section = make_section(5, rounds=5)
    p = {player.starting_rank: player for player in section.players.all()}
    for number, opponent in ((1, 2), (2, 3)):
        rnd = Round.objects.create(section=section, number=number, status=RoundStatus.COMPLETED)
        Game.objects.create(round=rnd, board=1, white=p[1], black=p[opponent], result="1-0")
    draft = Round.objects.create(section=section, number=3, status=RoundStatus.DRAFT)
    Game.objects.create(round=draft, board=1, white=p[1], black=p[4])

    warnings = services.draft_warnings(draft)

    assert warnings == [
        "Board 1: 1 gets White a third time running.",
        "Board 1: 1 would have 3 more White than the other.",
    ]


def test_forbidden_pair_made_by_hand_is_warned_about(paired, section):
    pairs = board_pairs(section)
    group = ProhibitedGroup.objects.create(section=section, name="Club")
    group.members.set(section.players.filter(starting_rank__in=[pairs[1][0], pairs[2][1]]))

    rnd = Round.objects.get(section=section)
    rnd = services.games_opponents_swap(
        round=rnd, boards=(1, 2), user=section.organiser, version=rnd.version
    )

    assert (
        f"Board 1: {pairs[1][0]} and {pairs[2][1]} may not be paired together."
        in rnd.explanation["warnings"]
    )


def test_casual_swiss_pairs_the_round_and_says_it_is_not_fide(
    django_capture_on_commit_callbacks,
):
    section = make_section(6, system="casual")

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    rnd = Round.objects.get(section=section)
    assert Seat.objects.filter(round=rnd).count() == 6
    assert rnd.is_pure_fide is False
    assert rnd.explanation["deviations"][0].startswith("Casual Swiss")
