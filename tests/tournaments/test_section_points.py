"""A section's points: one place (its point columns), which the organiser's form and the API
edit and a TRF file fills; what the section's engine cannot pair with is refused where it
is entered, naming the field or the file's line."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from chesscore.record import model as rec
from chesscore.record import trf
from common.exceptions import ValidationError
from public.selectors import section_trf_export_get
from public.selectors import standings_get
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.tournaments.test_pages_organiser import SECTION_POST
from tournaments import services
from tournaments.models import Section

pytestmark = pytest.mark.django_db

QUARTER_DRAWS = rec.ScoringSystem(draw=Fraction(1, 4), half_point_bye=Fraction(1, 4))

FORM = {**SECTION_POST, "name": "Masters", "planned_rounds": 3}


def one_round_file(
    system: str,
    scoring: rec.ScoringSystem,
    dialect: trf.Dialect = "trf26",
    acceleration: rec.Acceleration = rec.Acceleration.NONE,
) -> str:
    """Four players, round 1 played: 1 and 2 drew, 3 beat 4."""
    games = {
        1: rec.RoundEntry(2, rec.Colour.WHITE, rec.ResultCode.DRAW),
        2: rec.RoundEntry(1, rec.Colour.BLACK, rec.ResultCode.DRAW),
        3: rec.RoundEntry(4, rec.Colour.WHITE, rec.ResultCode.WIN),
        4: rec.RoundEntry(3, rec.Colour.BLACK, rec.ResultCode.LOSS),
    }
    players = tuple(
        rec.Player(rank, f"Player {rank}", rounds=(game,), points=scoring.points(game.result))
        for rank, game in games.items()
    )
    record = rec.Record(
        players=players,
        event=rec.Event(system=system),
        planned_rounds=3,
        scoring=scoring,
        acceleration=acceleration,
    )
    return trf.write(record, dialect)


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.split("\r"), start=1) if line.startswith(start))


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


def test_a_form_edit_replaces_the_points_a_file_brought(client, organiser):
    section = services.do_section_import_trf(
        event=EventFactory(), name="Masters", text=one_round_file("FIDE_ROUNDROBIN", QUARTER_DRAWS)
    )
    section.event.organisers.add(organiser)
    assert {line.number: line.points for line in standings_get(section).lines}[1] == Fraction(1, 4)
    client.force_login(organiser)
    url = reverse(
        "section_update", kwargs={"event_slug": section.event.slug, "section_slug": section.slug}
    )
    # The form shows the points the file brought.
    assert 'name="points_draw" value="0.25"' in client.get(url).content.decode()

    response = client.post(url, {**FORM, "system": "round_robin"})

    assert response.status_code == 302
    section = Section.objects.get(pk=section.pk)
    standings = {line.number: line.points for line in standings_get(section).lines}
    assert standings == {1: Fraction(1, 2), 2: Fraction(1, 2), 3: Fraction(1), 4: Fraction(0)}
    exported = trf.read(section_trf_export_get(section=section, dialect="trf26"))
    assert exported.scoring == rec.STANDARD_SCORING
    assert exported.player(1).points == Fraction(1, 2)


def test_a_round_robin_keeps_points_in_quarters(client, organiser):
    section = services.do_section_import_trf(
        event=EventFactory(), name="Masters", text=one_round_file("FIDE_ROUNDROBIN", QUARTER_DRAWS)
    )

    assert section.points_draw == Fraction(1, 4)
    assert "scoring" not in section.trf_extra
    exported = trf.read(section_trf_export_get(section=section, dialect="trf16"))
    assert exported.scoring == QUARTER_DRAWS


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_a_swiss_file_with_points_its_engine_cannot_pair_is_refused_naming_the_line(dialect):
    text = one_round_file("FIDE_DUTCH_2025", QUARTER_DRAWS, dialect)

    with pytest.raises(ValidationError) as refused:
        services.do_section_import_trf(event=EventFactory(), name="Open", text=text)

    # The last line to give the draw counts: XXS in TRF16, BBD in TRF26 (162 comes first).
    line = line_of(text, "XXS" if dialect == "trf16" else "BBD")
    assert refused.value.message == (
        f"Line {line}, scoring system: FIDE Dutch (C.04.3) pairs with points in tenths "
        "(such as 0.5), not 0.25."
    )
    assert not Section.objects.filter(name="Open").exists()


def test_a_baku_file_with_points_baku_cannot_add_is_refused_on_its_192_line():
    three_one_nil = rec.ScoringSystem.from_game_points(3, 1)
    text = one_round_file("FIDE_DUTCH", three_one_nil, acceleration=rec.Acceleration.BAKU)
    assert "192 FIDE_DUTCH_BAKU" in text.split("\r")

    with pytest.raises(ValidationError) as refused:
        services.do_section_import_trf(event=EventFactory(), name="Open", text=text)

    assert refused.value.message == (
        f"Line {line_of(text, '192')}, record 192: Baku acceleration (C.04.7) needs a draw "
        "worth half a win and a loss worth nothing."
    )


def test_a_file_loaded_into_a_section_is_checked_for_the_sections_system(organiser):
    section = SectionFactory(system="round_robin")
    section.event.organisers.add(organiser)

    services.section_trf_load(
        section=section, user=organiser, text=one_round_file("", QUARTER_DRAWS)
    )

    section.refresh_from_db()
    assert (section.system, section.points_draw) == ("round_robin", Fraction(1, 4))


@pytest.mark.parametrize(
    ("system", "acceleration", "points", "field"),
    [
        ("dutch", "none", {"points_draw": "0.25"}, "points_draw"),
        ("burstein", "none", {"points_half_bye": "0.05"}, "points_half_bye"),
        ("casual", "none", {"points_pab": "0.75"}, "points_pab"),
        ("dutch", "baku", {"points_win": "3", "points_draw": "1"}, "acceleration"),
        ("burstein", "baku", {"points_loss": "-0.5"}, "acceleration"),
    ],
)
def test_the_section_form_refuses_points_the_system_cannot_pair_with(
    client, organiser, system, acceleration, points, field
):
    event = EventFactory()
    event.organisers.add(organiser)
    client.force_login(organiser)
    url = reverse("section_create", kwargs={"event_slug": event.slug})

    data = {**FORM, "system": system, "acceleration": acceleration, **points}
    response = client.post(url, data)

    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not event.sections.exists()


def test_the_section_form_takes_quarters_for_a_round_robin(client, organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    client.force_login(organiser)
    url = reverse("section_create", kwargs={"event_slug": event.slug})

    response = client.post(url, {**FORM, "system": "round_robin", "points_draw": "0.25"})

    assert response.status_code == 302
    assert event.sections.get().points_draw == Fraction(1, 4)


def test_the_api_creates_a_section_with_its_points(event, owner_client):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {
            "name": "Masters",
            "system": "round_robin",
            "rounds": 3,
            "scoring": {"points_draw": "0.25", "points_half_bye": "0.25"},
        },
        format="json",
    )

    assert response.status_code == 201
    scoring = response.json()["scoring"]
    assert (scoring["points_win"], scoring["points_draw"], scoring["points_half_bye"]) == (
        "1",
        "0.25",
        "0.25",
    )


def test_the_api_refuses_points_the_system_cannot_pair_with(event, owner_client):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open", "system": "dutch", "rounds": 9, "scoring": {"points_draw": "0.25"}},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["field"] == "points_draw"
    assert "pairs with points in tenths" in response.json()["message"]
    assert not event.sections.exists()
