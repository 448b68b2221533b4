"""A FIDE id is 1 to 11 digits 0-9, from the public entry form as from anywhere: an entrant
cannot give one the federation report (TRF, 11 columns) cannot hold."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from common.exceptions import ValidationError
from entries import services
from entries.models import Entry
from public.selectors import section_trf_export_get

pytestmark = pytest.mark.django_db

NOT_FIDE_IDS = ["123456789012", "١٢٣٤٥", "1²3", "0"]


def test_the_public_entry_form_refuses_a_fide_id_that_is_not_eleven_ascii_digits(open_section):
    url = reverse("entry_create", args=["spring", "open"])

    for typed in NOT_FIDE_IDS:
        data = {"last_name": "Carlsen", "email": "m@example.org", "fide_id": typed}
        answer = Client().post(url, data)

        assert answer.status_code == 200, typed
        assert "FIDE id" in answer.context["form"].errors["fide_id"][0], typed
    assert not Entry.objects.exists()


def test_an_entry_sent_past_the_form_with_such_a_fide_id_is_refused_on_its_field(open_section):
    for typed in NOT_FIDE_IDS:
        with pytest.raises(ValidationError) as caught:
            services.entry_submit(
                section=open_section,
                link_for=str,
                last_name="Carlsen",
                email="m@example.org",
                fide_id=typed,
            )
        assert caught.value.field == "fide_id", typed
    assert not Entry.objects.exists()


def test_an_approved_entry_with_the_longest_fide_id_is_exported_to_trf(open_section, organiser):
    entry, _secret = services.entry_submit(
        section=open_section,
        link_for=str,
        last_name="Carlsen",
        email="m@example.org",
        fide_id="99999999999",
    )
    services.entry_approve(entry=entry, user=organiser)

    text = section_trf_export_get(section=open_section, dialect="trf16")

    assert "99999999999" in text
