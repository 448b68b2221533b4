"""Events, sections, players, rounds and TRF export through the API."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chesscore.record import trf
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.golden import dutch_corpus
from tournaments.models import Event
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.record import section_record_base

pytestmark = pytest.mark.django_db


# -- events ------------------------------------------------------------------------------


def test_creating_an_event_makes_the_caller_its_organiser(owner, owner_client):
    response = owner_client.post("/api/v1/events/", {"name": "Autumn Open"}, format="json")

    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Autumn Open"
    assert body["slug"] == "autumn-open"
    event = Event.objects.get(pk=body["id"])
    assert list(event.organisers.all()) == [owner]


def test_anonymous_may_not_create_an_event(anonymous):
    response = anonymous.post("/api/v1/events/", {"name": "Autumn Open"}, format="json")

    assert response.status_code == 401
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"name": "Open", "start_date": "tomorrow"}, "start_date"),
        ({"name": "Open", "start_date": "2026-05-02", "end_date": "2026-05-01"}, "end_date"),
        ({"name": "Open", "is_public": "perhaps"}, "is_public"),
    ],
)
def test_bad_event_input_is_a_400_naming_the_field(owner_client, body, field):
    response = owner_client.post("/api/v1/events/", body, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_malformed_json_is_a_400(owner_client):
    response = owner_client.post("/api/v1/events/", "{not json", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_anyone_may_list_public_events(event, anonymous):
    EventFactory(is_public=False)

    response = anonymous.get("/api/v1/events/")

    assert response.status_code == 200
    assert [e["id"] for e in response.json()] == [event.pk]


def test_private_event_is_listed_for_its_organiser_only(owner, owner_client, stranger_client):
    private = EventFactory(is_public=False)
    private.organisers.add(owner)

    assert private.pk in [e["id"] for e in owner_client.get("/api/v1/events/").json()]
    assert private.pk not in [e["id"] for e in stranger_client.get("/api/v1/events/").json()]
    assert stranger_client.get(f"/api/v1/events/{private.pk}/").status_code == 404


def test_event_detail(event, anonymous):
    response = anonymous.get(f"/api/v1/events/{event.pk}/")

    assert response.status_code == 200
    assert response.json()["name"] == event.name


# -- sections, players, rounds -----------------------------------------------------------


def test_sections_of_an_event(section, event, anonymous):
    response = anonymous.get(f"/api/v1/events/{event.pk}/sections/")

    assert response.status_code == 200
    assert [s["id"] for s in response.json()] == [section.pk]
    assert response.json()[0]["rounds"] == 3
    assert response.json()[0]["system"] == "dutch"


def test_section_detail_and_list(section, anonymous):
    assert anonymous.get(f"/api/v1/sections/{section.pk}/").json()["name"] == section.name
    assert [s["id"] for s in anonymous.get("/api/v1/sections/").json()] == [section.pk]


def test_section_of_a_private_event_is_hidden(anonymous):
    section = SectionFactory(event=EventFactory(is_public=False))

    assert anonymous.get(f"/api/v1/sections/{section.pk}/").status_code == 404
    assert anonymous.get(f"/api/v1/sections/{section.pk}/players/").status_code == 404
    assert anonymous.get("/api/v1/sections/").json() == []


def test_players_in_starting_rank_order(section, anonymous):
    response = anonymous.get(f"/api/v1/sections/{section.pk}/players/")

    assert response.status_code == 200
    assert [p["starting_rank"] for p in response.json()] == [1, 2, 3, 4, 5, 6]
    assert response.json()[0]["rating"] == 2490
    assert response.json()[0]["status"] == "active"


def test_rounds_found_in_an_imported_file(corpus_section, anonymous):
    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/rounds/")

    assert [(r["number"], r["status"]) for r in response.json()] == [
        (n, "completed") for n in range(1, 5)
    ]
    detail = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/rounds/2/")
    assert detail.status_code == 200
    assert detail.json()["number"] == 2


def test_round_not_made_yet_is_404(section, anonymous):
    assert anonymous.get(f"/api/v1/sections/{section.pk}/rounds/1/").status_code == 404


# What a draft's explanation holds before publication: who plays whom, and the groups.
DRAFT_EXPLANATION = {
    "system": "dutch",
    "brackets": [{"score": "1", "residents": [1, 2], "pairs": [[1, 2]], "reasons": []}],
    "deviations": ["Forbidden pairings among 3, 4."],
    "groups": [{"name": "SECRETGROUP", "kind": "strict", "members": [3, 4]}],
}


@pytest.fixture
def draft_section(section):
    RoundFactory(section=section, number=1, status=RoundStatus.COMPLETED)
    RoundFactory(section=section, number=2, status=RoundStatus.DRAFT, explanation=DRAFT_EXPLANATION)
    return section


@pytest.mark.parametrize("role", ["anonymous", "stranger", "other organiser"])
def test_draft_round_is_missing_to_all_but_its_managers(draft_section, role):
    user = None
    if role != "anonymous":
        user = UserFactory()
    if role == "other organiser":
        EventFactory().organisers.add(user)
    client = client_for(user)

    listed = client.get(f"/api/v1/sections/{draft_section.pk}/rounds/")
    detail = client.get(f"/api/v1/sections/{draft_section.pk}/rounds/2/")

    assert [r["number"] for r in listed.json()] == [1]
    assert "SECRETGROUP" not in listed.text
    assert detail.status_code == 404
    assert "SECRETGROUP" not in detail.text


@pytest.mark.parametrize("role", ["organiser", "arbiter"])
def test_draft_round_and_its_explanation_are_read_by_its_managers(draft_section, role):
    user = UserFactory()
    getattr(draft_section.event, f"{role}s").add(user)
    client = client_for(user)

    listed = client.get(f"/api/v1/sections/{draft_section.pk}/rounds/")
    detail = client.get(f"/api/v1/sections/{draft_section.pk}/rounds/2/")

    assert [(r["number"], r["status"]) for r in listed.json()] == [(1, "completed"), (2, "draft")]
    assert detail.status_code == 200
    assert detail.json()["explanation"] == DRAFT_EXPLANATION


def test_players_list_takes_the_same_queries_for_any_size(
    corpus_section, section, anonymous, django_assert_num_queries
):
    for pk in (section.pk, corpus_section.pk):
        with django_assert_num_queries(2):
            anonymous.get(f"/api/v1/sections/{pk}/players/")


# -- export ------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_export_reads_back_as_the_section_record(corpus_section, anonymous, dialect):
    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/export/?format={dialect}")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert dialect in response["Content-Disposition"]
    record = trf.read(response.content)
    assert len(record.players) == 18
    assert record.rounds_played == 4


def test_export_defaults_to_trf16(corpus_section, anonymous):
    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/export/")

    assert response.status_code == 200
    assert "trf16" in response["Content-Disposition"]


def test_export_in_an_unknown_format_is_a_400_naming_the_field(corpus_section, anonymous):
    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/export/?format=pdf")

    assert response.status_code == 400
    assert response.json()["field"] == "format"


def test_export_of_a_private_section_is_hidden(anonymous, stranger_client):
    section = SectionFactory(event=EventFactory(is_public=False))
    section.event.organisers.add(UserFactory())

    assert anonymous.get(f"/api/v1/sections/{section.pk}/export/").status_code == 404


# -- creating sections and importing TRF files -------------------------------------------


def test_creating_a_section(event, owner_client):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open A", "system": "round_robin", "rounds": 7},
        format="json",
    )

    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["system"], body["rounds"], body["event"]) == (
        "Open A",
        "round_robin",
        7,
        event.pk,
    )
    assert Section.objects.get(pk=body["id"]).planned_rounds == 7


@pytest.mark.parametrize("system", ["dutch", "burstein"])
@pytest.mark.parametrize("acceleration", ["none", "baku"])
def test_creating_a_swiss_section_of_either_fide_system_with_or_without_baku(
    event, owner_client, system, acceleration
):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open A", "system": system, "rounds": 6, "acceleration": acceleration},
        format="json",
    )

    assert response.status_code == 201
    assert (response.json()["system"], response.json()["acceleration"]) == (system, acceleration)
    created = Section.objects.get(pk=response.json()["id"])
    assert (created.system, created.acceleration) == (system, acceleration)


@pytest.mark.parametrize("system", ["baku", "burstein_baku"])
def test_baku_acceleration_is_no_system_of_its_own(event, owner_client, system):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open A", "system": system, "rounds": 6},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["field"] == "system"


@pytest.mark.parametrize("acceleration", ["none", "baku", "manual"])
def test_creating_a_section_with_its_acceleration(event, owner_client, acceleration):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open A", "system": "dutch", "rounds": 9, "acceleration": acceleration},
        format="json",
    )

    assert response.status_code == 201
    assert response.json()["acceleration"] == acceleration
    assert Section.objects.get(pk=response.json()["id"]).acceleration == acceleration


def test_a_section_made_without_an_acceleration_has_none(event, owner_client):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open A", "system": "dutch", "rounds": 9},
        format="json",
    )

    assert response.json()["acceleration"] == "none"


def test_creating_a_section_needs_an_organiser_of_the_event(event, anonymous, stranger_client):
    body = {"name": "Open A", "system": "dutch", "rounds": 7}
    url = f"/api/v1/events/{event.pk}/sections/"

    assert anonymous.post(url, body, format="json").status_code == 401
    forbidden = stranger_client.post(url, body, format="json")
    assert forbidden.status_code == 403
    assert forbidden.json()["code"] == "permission_denied"
    assert not Section.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"system": "dutch", "rounds": 7}, "name"),
        ({"name": "A", "system": "monrad", "rounds": 7}, "system"),
        ({"name": "A", "system": "dutch"}, "rounds"),
        ({"name": "A", "system": "dutch", "rounds": 0}, "rounds"),
        ({"name": "A", "system": "dutch", "rounds": "seven"}, "rounds"),
        ({"name": "A", "system": "dutch", "rounds": 7, "tiebreaks": "BH"}, "tiebreaks"),
        ({"name": "A", "system": "dutch", "rounds": 7, "acceleration": "fast"}, "acceleration"),
    ],
)
def test_bad_section_input_is_a_400_naming_the_field(event, owner_client, body, field):
    response = owner_client.post(f"/api/v1/events/{event.pk}/sections/", body, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == field


def test_section_of_an_unknown_event_is_404(owner_client):
    response = owner_client.post(
        "/api/v1/events/999999/sections/",
        {"name": "A", "system": "dutch", "rounds": 7},
        format="json",
    )

    assert response.status_code == 404


def _empty_section(event) -> Section:
    return SectionFactory(event=event, planned_rounds=5)


def test_importing_a_trf_file_fills_the_section(event, owner_client):
    section = _empty_section(event)
    path = dutch_corpus() / "case000001.trf"

    with path.open("rb") as upload:
        response = owner_client.post(
            f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
        )

    assert response.status_code == 200
    body = response.json()
    assert body["id"] == section.pk
    assert [p["starting_rank"] for p in body["players"]] == list(range(1, 19))
    assert body["players"][0]["name"] == "Test0001 Player0001"
    assert [(r["number"], r["status"]) for r in body["rounds_played"]] == [
        (n, "completed") for n in range(1, 5)
    ]
    assert body["rounds"] == 7
    assert section_record_base(Section.objects.get(pk=section.pk)) == trf.read(path.read_bytes())


def test_importing_needs_an_organiser_of_the_event(event, anonymous, stranger_client):
    section = _empty_section(event)
    url = f"/api/v1/sections/{section.pk}/import-trf/"

    with (dutch_corpus() / "case000001.trf").open("rb") as upload:
        assert anonymous.post(url, {"file": upload}, format="multipart").status_code == 401
    with (dutch_corpus() / "case000001.trf").open("rb") as upload:
        assert stranger_client.post(url, {"file": upload}, format="multipart").status_code == 403
    assert not section.players.exists()


def test_importing_without_a_file_is_a_400_naming_the_field(event, owner_client):
    section = _empty_section(event)

    response = owner_client.post(
        f"/api/v1/sections/{section.pk}/import-trf/", {}, format="multipart"
    )

    assert response.status_code == 400
    assert response.json()["field"] == "file"


def test_importing_a_broken_file_is_a_400_and_stores_nothing(event, owner_client):
    section = _empty_section(event)
    upload = SimpleUploadedFile("broken.trf", b"001 abcd not a player line\n")

    response = owner_client.post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_trf"
    assert not section.players.exists()


def test_importing_into_a_section_with_players_is_a_conflict(section, owner_client):
    with (dutch_corpus() / "case000001.trf").open("rb") as upload:
        response = owner_client.post(
            f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
        )

    assert response.status_code == 409
    assert section.players.count() == 6


def test_an_organiser_enters_players_who_take_their_place_in_the_initial_order(owner_client, owner):
    section = SectionFactory()
    section.event.organisers.add(owner)
    url = f"/api/v1/sections/{section.pk}/players/"
    first = owner_client.post(url, {"last_name": "Low", "fide_rating": 1800}, format="json")
    assert first.status_code == 201, first.json()
    second = owner_client.post(
        url,
        {"last_name": "High", "first_name": "Ann", "title": "IM", "fide_rating": 2400},
        format="json",
    )
    assert second.status_code == 201, second.json()
    assert second.json()["starting_rank"] == 1
    listed = owner_client.get(url).json()
    assert [(p["last_name"], p["starting_rank"]) for p in listed] == [("High", 1), ("Low", 2)]


def test_a_player_entry_names_the_wrong_field(owner_client, owner, anonymous, stranger_client):
    section = SectionFactory()
    section.event.organisers.add(owner)
    url = f"/api/v1/sections/{section.pk}/players/"
    assert anonymous.post(url, {"last_name": "X"}, format="json").status_code == 401
    assert stranger_client.post(url, {"last_name": "X"}, format="json").status_code == 403
    bad = owner_client.post(url, {"last_name": "X", "fide_rating": -5}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "fide_rating"
    blank = owner_client.post(url, {"last_name": "  "}, format="json")
    assert blank.status_code == 400
    assert blank.json()["field"] == "last_name"
    late = owner_client.post(url, {"last_name": "Late", "entry_round": 99}, format="json")
    assert late.status_code == 400
    assert late.json()["field"] == "entry_round"


def test_a_players_national_id_is_entered_and_corrected(owner_client, owner):
    section = SectionFactory()
    section.event.organisers.add(owner)
    url = f"/api/v1/sections/{section.pk}/players/"
    made = owner_client.post(
        url, {"last_name": "Low", "national_id": "12870542", "federation": "eng"}, format="json"
    )
    assert made.status_code == 201, made.json()
    player = section.players.get()
    assert (player.national_id, player.federation) == ("12870542", "ENG")
    changed = owner_client.patch(f"{url}1/", {"national_id": "12870543"}, format="json")
    assert changed.status_code == 200, changed.json()
    player.refresh_from_db()
    assert (player.last_name, player.national_id, player.federation) == ("Low", "12870543", "ENG")
    bad = owner_client.patch(f"{url}1/", {"national_id": "1\n2"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "national_id"
