"""The rating-ready TRF export: points and final ranks filled from the standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chesscore.record import model as rec
from chesscore.record import trf
from public.selectors import record_ranked
from public.selectors import section_trf_export_get
from tests.factories import EventFactory
from tournaments import services

W, B, N = rec.Colour.WHITE, rec.Colour.BLACK, rec.Colour.NONE
WIN, DRAW, LOSS = rec.ResultCode.WIN, rec.ResultCode.DRAW, rec.ResultCode.LOSS


def _field(tiebreaks: tuple[str, ...] = ("BH",)) -> rec.Record:
    """Four players, two rounds: 1 beats 3 and draws 2; 2 draws 4; 3 beats 4."""
    entries = {
        1: (rec.RoundEntry(3, W, WIN), rec.RoundEntry(2, B, DRAW)),
        2: (rec.RoundEntry(4, B, DRAW), rec.RoundEntry(1, W, DRAW)),
        3: (rec.RoundEntry(1, B, LOSS), rec.RoundEntry(4, W, WIN)),
        4: (rec.RoundEntry(2, W, DRAW), rec.RoundEntry(3, B, LOSS)),
    }
    players = tuple(
        rec.Player(rank=r, name=f"Player {r}", rating=2400 - 100 * r, rounds=entries[r])
        for r in range(1, 5)
    )
    return rec.Record(players=players, planned_rounds=5, tiebreaks=tiebreaks)


def test_points_and_ranks_are_filled_from_the_games():
    ranked = record_ranked(_field())

    assert [p.points for p in ranked.players] == [Fraction(3, 2), 1, 1, Fraction(1, 2)]
    # Players 2 and 3 are level on points; Buchholz separates them: 2 met 4 (½) and 1 (1½),
    # 3 met 1 (1½) and 4 (½) — equal, so they share second place.
    assert [p.final_rank for p in ranked.players] == [1, 2, 2, 4]


def _first_written(points: Fraction) -> rec.Record:
    """The field, its first player written with `points` and final rank 9 (as a file may)."""
    field = _field()
    first = rec.Player(
        rank=1, name="Player 1", rating=2300, points=points, final_rank=9,
        rounds=field.players[0].rounds,
    )  # fmt: skip
    return rec.Record(players=(first, *field.players[1:]), planned_rounds=5, tiebreaks=("BH",))


def test_values_written_in_an_imported_file_are_kept():
    ranked = record_ranked(_first_written(Fraction(3, 2)))

    assert (ranked.players[0].points, ranked.players[0].final_rank) == (Fraction(3, 2), 9)


def test_values_written_in_a_file_that_the_score_no_longer_gives_are_computed_again():
    # Player 1 scored 1½: the scoring system or a result changed since the file was written.
    stale = _first_written(Fraction(7))

    ranked, computed = record_ranked(stale), record_ranked(_field())

    assert ranked.players[0].points == Fraction(3, 2)
    assert ranked.players[0].final_rank == computed.players[0].final_rank


def test_a_section_before_its_first_round_is_written_as_it_is():
    record = rec.Record(players=(rec.Player(rank=1, name="Alone"),), planned_rounds=3)

    assert record_ranked(record) == record


@pytest.mark.django_db
@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_a_section_made_on_the_site_exports_its_points_and_ranks(dialect):
    section = services.do_section_record_store(
        event=EventFactory(), name="Open", record=_field(), board_order=None
    )

    exported = trf.read(section_trf_export_get(section=section, dialect=dialect))

    assert [(p.points, p.final_rank) for p in exported.players] == [
        (Fraction(3, 2), 1),
        (Fraction(1), 2),
        (Fraction(1), 2),
        (Fraction(1, 2), 4),
    ]
    assert exported.tiebreaks == ("BH",)


@pytest.mark.django_db
def test_the_api_export_is_rating_ready_too(client):
    section = services.do_section_record_store(event=EventFactory(), name="Open", record=_field())

    response = client.get(f"/api/v1/sections/{section.pk}/export/?format=trf26")

    assert response.status_code == 200
    exported = trf.read(response.content)
    assert [p.final_rank for p in exported.players] == [1, 2, 2, 4]
