"""The event log through the API, and the player endpoints that take a reason: read a
player, correct their details, withdraw and reinstate them."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.services import log_write

pytestmark = pytest.mark.django_db


def log_url(event, **query):
    text = "&".join(f"{k}={v}" for k, v in query.items())
    return f"/api/v1/events/{event.pk}/log/" + (f"?{text}" if text else "")


def player_url(section, rank, action=""):
    return f"/api/v1/sections/{section.pk}/players/{rank}/" + (f"{action}/" if action else "")


# -- the log ----------------------------------------------------------------------------


def test_an_entry_reads_with_every_field(section, owner, owner_client):
    player = section.players.get(starting_rank=2)
    log_write(
        subject=section,
        round_number=2,
        board=3,
        players=[player],
        actor=owner,
        action=LogAction.RATING_CORRECT,
        description="Rating corrected.",
        reason="May list",
        changes={"fide_rating": [2480, 2490]},
        warnings={"added": ["A rematch"]},
    )

    response = owner_client.get(log_url(section.event))

    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1
    entry = body["results"][0]
    assert set(entry) == {
        "id", "created_at", "section", "round", "board", "user", "action", "action_label",
        "description", "reason", "changes", "warnings", "players",
    }  # fmt: skip
    assert entry["section"] == {"id": section.pk, "name": section.name}
    assert (entry["round"], entry["board"], entry["user"]) == (2, 3, "owner")
    assert (entry["action"], entry["action_label"]) == ("rating_correct", "Rating corrected")
    assert (entry["reason"], entry["changes"]) == ("May list", {"fide_rating": [2480, 2490]})
    assert entry["warnings"] == {"added": ["A rematch"]}
    assert entry["players"] == [
        {"section": section.pk, "starting_rank": 2, "name": player.full_name}
    ]


def test_what_rookery_did_has_no_user_and_no_section(section, owner_client):
    log_write(subject=section.event, actor=None, action=LogAction.PAIRED, description="Paired.")

    entry = owner_client.get(log_url(section.event)).json()["results"][0]

    assert (entry["user"], entry["section"]) == (None, None)


def test_the_log_is_filtered_by_section_round_and_player(section, owner_client):
    other = SectionFactory(event=section.event)
    stranger_in_other = PlayerFactory(section=other, starting_rank=1)
    first = section.players.get(starting_rank=1)
    common = {"actor": None, "action": "x"}
    log_write(**common, description="a", subject=section, round_number=1, players=[first])
    log_write(**common, description="b", subject=section, round_number=2)
    log_write(**common, description="c", subject=other, round_number=1, players=[stranger_in_other])

    def shown(**query):
        results = owner_client.get(log_url(section.event, **query)).json()["results"]
        return [e["description"] for e in results]

    assert shown(section=section.pk) == ["b", "a"]
    assert shown(round=1) == ["c", "a"]
    assert shown(section=section.pk, round=1) == ["a"]
    assert shown(player=stranger_in_other.pk) == ["c"]


def test_a_filter_naming_nothing_of_the_event_is_a_400_naming_it(section, owner_client):
    elsewhere = PlayerFactory()

    response = owner_client.get(log_url(section.event, player=elsewhere.pk))

    assert response.status_code == 400
    assert response.json()["field"] == "player"
    other_event = SectionFactory()
    assert owner_client.get(log_url(section.event, section=other_event.pk)).status_code == 400
    assert owner_client.get(log_url(section.event, round="x")).json()["field"] == "round"


def test_the_log_comes_a_hundred_entries_a_page(section, owner_client):
    LogEntry.objects.bulk_create(
        LogEntry(event=section.event, action="x", description=str(n)) for n in range(105)
    )

    first = owner_client.get(log_url(section.event)).json()
    second = owner_client.get(first["next"]).json()

    assert (first["count"], len(first["results"]), len(second["results"])) == (105, 100, 5)
    assert second["next"] is None


def test_the_log_is_refused_to_a_user_who_does_not_run_the_event(section, stranger_client):
    assert stranger_client.get(log_url(section.event)).status_code == 403


def test_an_anonymous_reader_is_refused_the_log_of_a_public_event(section, anonymous):
    assert anonymous.get(log_url(section.event)).status_code == 403


def test_the_log_of_a_private_event_is_a_404_to_others(stranger_client):
    event = EventFactory(is_public=False)

    assert stranger_client.get(log_url(event)).status_code == 404


def test_an_arbiter_reads_the_log(section):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)

    assert client_for(arbiter).get(log_url(section.event)).status_code == 200


def test_the_log_costs_the_same_queries_however_long(
    section, owner, owner_client, django_assert_num_queries
):
    players = list(section.players.all())

    def fill(count):
        for n in range(count):
            log_write(
                subject=section,
                actor=owner,
                action="x",
                description=str(n),
                players=players,
            )

    fill(2)
    with django_assert_num_queries(LOG_QUERIES):
        owner_client.get(log_url(section.event))
    fill(40)
    with django_assert_num_queries(LOG_QUERIES):
        body = owner_client.get(log_url(section.event)).json()
    assert len(body["results"]) == 42


# The token and its user, the event, the organiser check, the count, the page of entries
# (with users and sections) and their players.
LOG_QUERIES = 6


def test_the_log_endpoint_is_in_the_schema():
    schema = SchemaGenerator().get_schema(request=None, public=True)

    operation = schema["paths"]["/api/v1/events/{id}/log/"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"id", "section", "round", "player"}
    assert "PaginatedLogEntryList" in str(operation["responses"]["200"])
    for path in ("/", "/withdraw/", "/reinstate/"):
        assert f"/api/v1/sections/{{id}}/players/{{rank}}{path}" in schema["paths"]


# -- players ----------------------------------------------------------------------------


def test_a_player_is_read_by_starting_rank(section, anonymous):
    response = anonymous.get(player_url(section, 2))

    assert response.status_code == 200
    assert response.json()["starting_rank"] == 2


def test_a_missing_player_is_a_404(section, anonymous):
    assert anonymous.get(player_url(section, 99)).status_code == 404


def test_patch_changes_only_the_fields_given(section, owner_client):
    before = section.players.get(starting_rank=2)

    response = owner_client.patch(player_url(section, 2), {"club": "Lakeside"}, format="json")

    assert response.status_code == 200
    after = section.players.get(starting_rank=2)
    assert after.club == "Lakeside"
    assert (after.last_name, after.first_name, after.fide_rating) == (
        before.last_name,
        before.first_name,
        before.fide_rating,
    )
    assert LogEntry.objects.get().changes == {"club": ["", "Lakeside"]}


def test_a_rating_corrected_through_the_api_keeps_its_reason(section, owner_client):
    Round.objects.create(section=section, number=1, status=RoundStatus.COMPLETED)

    owner_client.patch(
        player_url(section, 2), {"fide_rating": 2222, "reason": "May list"}, format="json"
    )

    entry = LogEntry.objects.get()
    assert (entry.action, entry.reason) == (LogAction.RATING_CORRECT, "May list")
    assert entry.changes == {"fide_rating": [2480, 2222]}


def test_patch_is_refused_to_a_user_who_does_not_run_the_event(section, stranger_client):
    response = stranger_client.patch(player_url(section, 2), {"club": "X"}, format="json")

    assert response.status_code == 403
    assert not LogEntry.objects.exists()


def test_a_bad_field_is_a_400_naming_it(section, owner_client):
    response = owner_client.patch(player_url(section, 2), {"fide_rating": -1}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "fide_rating"


def test_withdraw_and_reinstate_take_a_reason(section, owner_client):
    withdrawn = owner_client.post(
        player_url(section, 3, "withdraw"), {"from_round": 2, "reason": "Ill"}, format="json"
    )
    Round.objects.create(section=section, number=1, status=RoundStatus.COMPLETED)
    Round.objects.create(section=section, number=2, status=RoundStatus.COMPLETED)
    back = owner_client.post(
        player_url(section, 3, "reinstate"), {"reason": "Better"}, format="json"
    )

    assert withdrawn.status_code == 200
    assert withdrawn.json()["withdrawn_from_round"] == 2
    assert back.status_code == 200
    assert back.json()["status"] == PlayerStatus.ACTIVE
    reasons = dict(LogEntry.objects.values_list("action", "reason"))
    assert reasons == {LogAction.PLAYER_WITHDRAW: "Ill", LogAction.PLAYER_REINSTATE: "Better"}


def test_a_withdrawal_from_a_paired_round_is_a_409_naming_the_field(section, owner_client):
    Round.objects.create(section=section, number=1, status=RoundStatus.COMPLETED)

    response = owner_client.post(player_url(section, 3, "withdraw"), {"from_round": 1})

    assert response.status_code == 409
    assert response.json()["field"] == "from_round"
    assert not LogEntry.objects.exists()


def test_withdrawing_needs_a_signed_in_user(section, anonymous):
    response = anonymous.post(player_url(section, 3, "withdraw"), {"from_round": 2})

    assert response.status_code == 401
