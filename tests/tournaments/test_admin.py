"""Every model's admin pages load for a superuser, with data in them."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse
from django.utils import timezone

from pairing.models import PairingRun
from pairing.services.workers import worker_seen_record
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.tournaments.conftest import rich_record
from tournaments import services
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import LogAction
from tournaments.models import RoundTime

pytestmark = pytest.mark.django_db

APPS = ("tournaments", "teams", "pairing")
MODELS = [m for m in apps.get_models() if m._meta.app_label in APPS]


@pytest.fixture
def superuser_client(client, small_trf):
    # Between them the two sections have a row in every table.
    services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    section = services.do_section_record_store(event=EventFactory(), name="R", record=rich_record())
    PairingRun.objects.create(section=section, round_number=3)
    services.log_write(
        subject=section,
        round_number=1,
        actor=None,
        action=LogAction.PUBLISH,
        description="Round 1 published.",
    )
    team_section(3)  # the third team has the PAB
    ByeExclusion.objects.create(player=section.players.first(), round_number=4)
    CheckIn.objects.create(player=section.players.first(), round_number=4)
    RoundTime.objects.create(section=section, number=1, starts_at=timezone.now())
    worker_seen_record(hostname="celery@host", queues=["celery"])
    assert ByeRequest.objects.exists()
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    return client


def test_every_model_of_the_apps_is_registered():
    assert [m for m in MODELS if not admin.site.is_registered(m)] == []


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m._meta.label)
def test_changelist_loads(superuser_client, model):
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    assert superuser_client.get(url).status_code == 200


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m._meta.label)
def test_change_page_of_a_row_loads(superuser_client, model):
    obj = model.objects.first()
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[obj.pk])
    assert superuser_client.get(url).status_code == 200


def test_changelist_search_works(superuser_client):
    url = reverse("admin:tournaments_player_changelist")
    response = superuser_client.get(url, {"q": "Adams"})
    assert response.status_code == 200
    assert "Adams" in response.text
