"""A section's tie-break list is checked where it comes in (the section form, the API, a
restored backup) against the engine's own codes; and a list no check would let in, already
in the database, makes no page fail."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from archives.reading import BackupInvalid
from archives.reading import archive_read
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.factories import PlayerFactory
from tournaments.forms import SectionForm
from tournaments.models import Section

pytestmark = pytest.mark.django_db

HUGE = "BH-C" + "1" * 4310


def _section_form(tiebreaks: str) -> SectionForm:
    data = {
        "name": "Open",
        "system": "dutch",
        "planned_rounds": "5",
        "initial_colour": "lot",
        "acceleration": "none",
        "tiebreaks": tiebreaks,
        "half_point_bye_closed_rounds": "",
        **{f"points_{n}": v for n, v in (("win", 1), ("draw", 0.5), ("loss", 0))},
        **{
            f"points_{n}": v
            for n, v in (
                ("forfeit_win", 1),
                ("forfeit_loss", 0),
                ("pab", 1),
                ("half_bye", 0.5),
                ("full_bye", 1),
                ("zero_bye", 0),
            )
        },
    }
    return SectionForm(data=data)


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        (f"BH, {HUGE}", "longer than 20 characters"),
        ("BH-C1, XYZ, SB", "unknown tie-break 'XYZ'"),
        ("DE-C1", "DE takes no C"),
        (", ".join(["BH"] * 7 + ["SB"] * 6), "at most 12 tie-breaks"),
    ],
)
def test_the_section_form_refuses_a_tie_break_list_the_engine_cannot_read(typed, named):
    form = _section_form(typed)

    assert not form.is_valid()
    assert named in form.errors["tiebreaks"][0]


def test_the_section_form_takes_the_engines_codes_in_either_spelling():
    form = _section_form("bh/c1, BH, SB-C1, ARO-C1")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["tiebreaks"] == ["bh/c1", "BH", "SB-C1", "ARO-C1"]


def test_the_api_refuses_a_tie_break_the_engine_does_not_know_naming_it(owner_client, event):
    response = owner_client.post(
        f"/api/v1/events/{event.pk}/sections/",
        {"name": "Open", "system": "dutch", "rounds": 5, "tiebreaks": ["BH", "XYZ"]},
        format="json",
    )

    assert response.status_code == 400, response.content
    assert response.json()["field"].startswith("tiebreaks")
    assert "XYZ" in response.json()["message"]
    assert not Section.objects.filter(event=event, name="Open").exists()


def test_a_backup_with_an_unreadable_tie_break_list_is_refused_naming_the_place():
    doc = document()
    doc["sections"][1]["tiebreaks"] = ["GPTS", HUGE]

    with pytest.raises(BackupInvalid) as caught:
        archive_read(encoded(doc))

    assert caught.value.message.startswith("sections[1].tiebreaks: Tie-break BH-C1111")
    assert "longer than 20 characters" in caught.value.message


def test_pages_of_a_section_whose_stored_list_no_check_takes_do_not_fail(section, owner):
    PlayerFactory(section=section, starting_rank=7)
    Section.objects.filter(pk=section.pk).update(tiebreaks=[HUGE])
    site = Client(raise_request_exception=False)
    site.force_login(owner)
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}
    pages = [
        reverse(name, kwargs=kwargs)
        for name in ("standings_detail", "crosstable_detail", "standings_csv", "section_detail")
    ]
    pages += [
        reverse("player_detail", kwargs={**kwargs, "rank": 1}),
        reverse("section_export", kwargs={**kwargs, "dialect": "trf26"}),
        f"/api/v1/sections/{section.pk}/standings/",
    ]

    answers = {page: site.get(page).status_code for page in pages}

    assert all(status < 500 for status in answers.values()), answers
    standings = site.get(pages[0])
    assert "longer than 20 characters" in standings.content.decode()
