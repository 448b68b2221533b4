"""Withdrawals and ratings, correctable with a reason: a withdrawal moves, a reinstatement
comes at any time (rounds paired without the player stand), a rating changed once round 1
is paired is a correction the standings use at once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chesscore.record import model as rec
from common.exceptions import ValidationError
from tests.factories import EventFactory
from tests.factories import GameFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.record import section_record_base
from tournaments.selectors.withdrawals import player_reinstatement_plan
from tournaments.selectors.withdrawals import player_withdrawal_plan
from tournaments.services import SectionStateError
from tournaments.wording import rounds_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory()


@pytest.fixture
def section(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    return SectionFactory(event=event, planned_rounds=7)


@pytest.fixture
def player(section):
    PlayerFactory(section=section, starting_rank=2, fide_rating=2000)
    return PlayerFactory(section=section, starting_rank=1, fide_rating=2100, last_name="Adams")


def paired(section, rounds):
    for number in range(1, rounds + 1):
        Round.objects.update_or_create(
            section=section, number=number, defaults={"status": RoundStatus.COMPLETED}
        )


def entry(action):
    return LogEntry.objects.get(action=action)


# Withdrawing --------------------------------------------------------------------------


def test_a_withdrawal_cancels_the_bye_requests_from_its_round_on(section, organiser, player):
    for number in (2, 5, 6):
        services.bye_request_create(player=player, user=organiser, round_number=number)

    services.player_withdraw(player=player, user=organiser, from_round=5, reason="Ill")

    assert list(player.bye_requests.values_list("round_number", flat=True)) == [2]
    logged = entry(LogAction.PLAYER_WITHDRAW)
    assert logged.changes["bye_requests"] == [[2, 5, 6], [2]]
    assert logged.reason == "Ill"
    assert "bye requests for rounds 5–6 cancelled" in logged.description


def test_a_withdrawal_moves_to_another_round_not_paired_yet(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=6)

    moved = services.player_withdraw(player=player, user=organiser, from_round=4, reason="Earlier")

    assert (moved.status, moved.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 4)
    logged = LogEntry.objects.filter(action=LogAction.PLAYER_WITHDRAW).first()
    assert logged.changes == {"withdrawn_from_round": [6, 4]}
    assert logged.description.startswith("The withdrawal of Adams")
    assert "moves from round 6 to round 4" in logged.description
    assert logged.reason == "Earlier"


def test_a_withdrawal_moved_later_leaves_the_rounds_paired_without_the_player(
    section, organiser, player
):
    services.player_withdraw(player=player, user=organiser, from_round=2)
    paired(section, 3)

    services.player_withdraw(player=player, user=organiser, from_round=6)

    logged = LogEntry.objects.filter(action=LogAction.PLAYER_WITHDRAW).first()
    assert "paired again in rounds 4–5" in logged.description
    assert "rounds 2–3 were paired without them and stand" in logged.description


def test_a_withdrawal_cannot_be_moved_to_a_round_already_paired(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=5)
    paired(section, 3)

    with pytest.raises(SectionStateError) as caught:
        services.player_withdraw(player=player, user=organiser, from_round=3)

    assert caught.value.field == "from_round"
    player.refresh_from_db()
    assert player.withdrawn_from_round == 5


def test_a_withdrawal_beyond_the_last_round_is_refused_on_its_field(section, organiser, player):
    with pytest.raises(ValidationError) as caught:
        services.player_withdraw(player=player, user=organiser, from_round=8)

    assert caught.value.field == "from_round"


# Reinstating --------------------------------------------------------------------------


def test_a_reinstated_player_is_paired_again_from_the_next_round(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=4)
    paired(section, 5)

    back = services.player_reinstate(player=player, user=organiser, reason="Recovered")

    assert (back.status, back.withdrawn_from_round) == (PlayerStatus.ACTIVE, None)
    logged = entry(LogAction.PLAYER_REINSTATE)
    assert logged.round_number == 6
    assert logged.reason == "Recovered"
    assert logged.changes == {
        "status": ["withdrawn", "active"],
        "withdrawn_from_round": [4, None],
    }
    assert "paired again from round 6" in logged.description
    assert "rounds 4–5 were paired without them and stand" in logged.description


def test_rounds_paired_without_a_reinstated_player_read_as_absent(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=1)
    paired(section, 1)
    other = PlayerFactory(section=section, starting_rank=3)
    GameFactory(
        round=section.rounds.get(number=1),
        white=section.players.get(starting_rank=2),
        black=other,
        result="1-0",
    )

    services.player_reinstate(player=player, user=organiser)

    record = section_record_base(section)
    assert record.player(1).entry(1).result is rec.ResultCode.UNPAIRED
    assert record.player(2).entry(1).result is rec.ResultCode.WIN


def test_reinstating_after_every_round_is_paired_says_so(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=6)
    paired(section, 7)

    services.player_reinstate(player=player, user=organiser)

    logged = entry(LogAction.PLAYER_REINSTATE)
    assert logged.round_number is None
    assert "every round is paired already" in logged.description
    assert "rounds 6–7 were paired without them" in logged.description


def test_bye_requests_cancelled_by_a_withdrawal_stay_cancelled(section, organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=5)
    services.player_withdraw(player=player, user=organiser, from_round=3)

    services.player_reinstate(player=player, user=organiser)

    assert not ByeRequest.objects.exists()


# Ratings ------------------------------------------------------------------------------


def _update(player, user, *, reason="", starting_rank=None, **fields):
    return services.player_update(
        player=player,
        user=user,
        details=replace(player.details, **fields),
        starting_rank=starting_rank,
        reason=reason,
    )


def test_a_rating_changed_after_round_one_is_a_correction_with_its_reason(
    section, organiser, player
):
    paired(section, 1)

    _update(player, organiser, fide_rating=2150, reason="FIDE list of May")

    logged = LogEntry.objects.get()
    assert logged.action == LogAction.RATING_CORRECT
    assert logged.changes == {"fide_rating": [2100, 2150]}
    assert logged.reason == "FIDE list of May"
    assert "fide rating 2100 → 2150" in logged.description


def test_the_record_the_standings_are_computed_from_has_the_corrected_rating(
    section, organiser, player
):
    paired(section, 1)

    _update(player, organiser, fide_rating=2150)

    assert section_record_base(section).player(1).rating == 2150


def test_a_rating_changed_before_round_one_is_an_ordinary_change(section, organiser, player):
    _update(player, organiser, fide_rating=2150)

    assert LogEntry.objects.get().action == LogAction.PLAYER_UPDATE


def test_a_rating_and_a_name_changed_together_make_two_entries(section, organiser, player):
    paired(section, 1)

    _update(player, organiser, fide_rating=2150, last_name="Adamson", reason="Typo")

    by_action = {e.action: e for e in LogEntry.objects.all()}
    assert by_action[LogAction.RATING_CORRECT].changes == {"fide_rating": [2100, 2150]}
    assert by_action[LogAction.PLAYER_UPDATE].changes == {"last_name": ["Adams", "Adamson"]}
    assert {e.reason for e in by_action.values()} == {"Typo"}


def test_swapping_starting_ranks_names_both_players(section, organiser, player):
    _update(player, organiser, starting_rank=2)

    logged = LogEntry.objects.get()
    assert logged.changes == {"starting_rank": [1, 2]}
    assert {p.starting_rank for p in logged.players.all()} == {1, 2}


# What the confirmation pages say ------------------------------------------------------


def test_the_withdrawal_plan_says_what_goes_and_what_stays(section, organiser, player):
    paired(section, 3)
    services.bye_request_create(player=player, user=organiser, round_number=5)

    plan = player_withdrawal_plan(player=player, from_round=4)

    assert plan.blocked == ""
    assert plan.consequence == f"{player.full_name} (No. 1) is not paired from round 4 on."
    assert plan.goes == (
        "Not paired in rounds 4–7.",
        "The bye requests for round 5 are cancelled.",
    )
    assert plan.stays[0] == "Rounds 1–3 and their results stay."


def test_moving_a_withdrawal_later_keeps_apart_the_rounds_played_and_those_missed(
    section, organiser, player
):
    services.player_withdraw(player=player, user=organiser, from_round=2)
    paired(section, 3)
    player.refresh_from_db()

    plan = player_withdrawal_plan(player=player, from_round=6)

    assert plan.goes == ("Not paired in rounds 6–7.", "Paired again in rounds 4–5.")
    assert plan.stays[:2] == (
        "Round 1 and its result stay.",
        "Rounds 2–3 were paired without them and stand.",
    )


def test_the_withdrawal_plan_names_a_round_already_paired(section, player):
    paired(section, 2)

    plan = player_withdrawal_plan(player=player, from_round=2)

    assert plan.blocked == "Round 2 is paired already: enter a forfeit instead."


def test_the_reinstatement_plan_says_which_rounds_stand(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=2)
    paired(section, 4)
    player.refresh_from_db()

    plan = player_reinstatement_plan(player=player)

    assert plan.back_from == 5
    assert plan.missed_rounds == (2, 3, 4)
    assert "Rounds 2–4 were paired without them and stand: they have no game there" in (
        " ".join(plan.stays)
    )


def test_only_a_withdrawn_player_can_be_reinstated(section, player):
    assert player_reinstatement_plan(player=player).blocked.endswith("has not withdrawn.")


@pytest.mark.parametrize(
    ("numbers", "text"),
    [
        ([], ""),
        ([3], "round 3"),
        ([4, 5], "rounds 4–5"),
        ([5, 4, 4], "rounds 4–5"),
        ([2, 4], "rounds 2 and 4"),
        ([1, 2, 3, 5, 7, 8], "rounds 1–3, 5 and 7–8"),
    ],
)
def test_rounds_are_written_as_a_person_writes_them(numbers, text):
    assert rounds_text(numbers) == text
