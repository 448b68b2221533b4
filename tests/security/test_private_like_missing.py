"""A private event, and everything in it, answers exactly as something that is not there:
the same status and the same body on every API endpoint, and new slugs that tell nothing of
the slugs already taken."""

from __future__ import annotations

import re

import pytest

from pairing.models import PairingRun
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments import services
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

# (method, path): {section}, {event}, {game}, {run}, {team_section} are filled in.
ENDPOINTS = [
    ("get", "/api/v1/events/{event}/"),
    ("get", "/api/v1/events/{event}/sections/"),
    ("get", "/api/v1/events/{event}/log/"),
    ("get", "/api/v1/events/{event}/backup/"),
    ("get", "/api/v1/sections/{section}/"),
    ("get", "/api/v1/sections/{section}/players/"),
    ("get", "/api/v1/sections/{section}/players/1/"),
    ("get", "/api/v1/sections/{section}/rounds/"),
    ("get", "/api/v1/sections/{section}/rounds/1/"),
    ("get", "/api/v1/sections/{section}/rounds/1/pairings/"),
    ("get", "/api/v1/sections/{section}/rounds/1/edits/"),
    ("get", "/api/v1/sections/{section}/runs/"),
    ("get", "/api/v1/sections/{section}/standings/"),
    ("get", "/api/v1/sections/{section}/export/"),
    ("get", "/api/v1/runs/{run}/"),
    ("post", "/api/v1/games/{game}/result/"),
    ("post", "/api/v1/games/{game}/swap-colours/"),
    ("post", "/api/v1/sections/{section}/rounds/2/pair/"),
    ("post", "/api/v1/sections/{section}/rounds/1/publish/"),
    ("get", "/api/v1/sections/{team_section}/teams/"),
    ("get", "/api/v1/sections/{team_section}/rounds/1/matches/"),
]


@pytest.fixture
def hidden():
    """Ids of a private event's section, team section, game and pairing run."""
    section = swiss_section(players=6, rounds_played=1)
    Event.objects.filter(pk=section.event_id).update(is_public=False)
    teams = team_section(event=section.event)
    run = PairingRun.objects.create(section=section, round_number=1, status="done")
    game = Game.objects.filter(round__section=section).first()
    return {
        "event": section.event_id,
        "section": section.pk,
        "team_section": teams.pk,
        "game": game.pk,
        "run": run.pk,
    }


def _answers(client, ids):
    answers = {}
    for method, path in ENDPOINTS:
        response = getattr(client, method)(path.format(**ids), {}, format="json")
        answers[path] = (response.status_code, response.content.decode())
    return answers


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_every_endpoint_answers_a_private_event_as_a_missing_one(hidden, who):
    client = client_for(UserFactory(username="stranger") if who == "stranger" else None)
    # Ids nothing has: the answer for them, with the id put back, is the missing answer.
    absent = {key: 900_000 + index for index, key in enumerate(hidden)}

    private = _answers(client, hidden)
    missing = _answers(client, absent)

    for path, (status, body) in private.items():
        expected_status, expected_body = missing[path]
        for key, number in absent.items():
            expected_body = expected_body.replace(str(number), str(hidden[key]))
        assert (status, body) == (expected_status, expected_body), path
        assert status in (401, 404), path


def test_a_run_of_a_private_section_answers_as_a_missing_run(hidden):
    client = client_for(UserFactory(username="stranger"))

    private = client.get(f"/api/v1/runs/{hidden['run']}/")
    PairingRun.objects.filter(pk=hidden["run"]).delete()
    missing = client.get(f"/api/v1/runs/{hidden['run']}/")

    assert private.status_code == missing.status_code == 404
    assert private.json() == missing.json()


def test_a_new_event_named_like_a_private_one_does_not_reveal_it():
    EventFactory(name="Priv", slug="priv", is_public=False)
    EventFactory(name="Pub", slug="pub", is_public=True)

    after_private = services.do_event_create(name="Priv").slug
    after_public = services.do_event_create(name="Pub").slug

    assert re.fullmatch(r"priv-[0-9a-f]{6}", after_private)
    assert re.fullmatch(r"pub-[0-9a-f]{6}", after_public)


def test_a_private_event_s_address_cannot_be_found_by_its_name():
    private = services.do_event_create(name="Family Cup", is_public=False)
    public = services.do_event_create(name="Family Cup")

    assert re.fullmatch(r"family-cup-[0-9a-f]{6}", private.slug)
    # The private event is not in the way: the public one gets the plain address.
    assert public.slug == "family-cup"


def test_a_new_section_named_like_one_taken_gets_a_random_suffix():
    owner = UserFactory()
    event = services.do_event_create(name="Club", organisers=[owner])
    services.section_create(event=event, user=owner, name="Open")

    second = services.section_create(event=event, user=owner, name="Open")

    assert re.fullmatch(r"open-[0-9a-f]{6}", second.slug)


def test_the_pairings_of_a_draft_round_answer_as_a_missing_round(anonymous):
    section = swiss_section(players=6, rounds_played=1)
    Round.objects.create(section=section, number=2, status=RoundStatus.DRAFT)

    draft = anonymous.get(f"/api/v1/sections/{section.pk}/rounds/2/pairings/")
    missing = anonymous.get(f"/api/v1/sections/{section.pk}/rounds/9/pairings/")

    assert draft.status_code == missing.status_code == 404
    # Only the round's number differs (the section's key may hold a 9 too).
    assert draft.json()["message"] == missing.json()["message"].replace("round 9", "round 2")
    assert "round 2" in draft.json()["message"]
