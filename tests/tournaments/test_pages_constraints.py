"""Organiser pages of prohibited groups and byes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pairing.services import game_colours_swap
from pairing.services import round_pair
from pairing.services import round_publish
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.tournaments.test_pages_organiser import SECTION_POST
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import ProhibitedGroup
from tournaments.models import Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def organiser():
    return UserFactory()


@pytest.fixture
def section(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, planned_rounds=3)
    for rank, name in enumerate(["Adams", "Brown", "Clark", "Dunn", "Evans", "Fox"], start=1):
        PlayerFactory(
            section=section,
            starting_rank=rank,
            last_name=name,
            fide_rating=2400 - rank,
            club="Hastings" if rank % 2 else "Bath",
        )
    return section


def url(section, name, **extra):
    return reverse(
        name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    )


def test_the_pages_are_the_organiser_s(client, section):
    pages = [url(section, "groups"), url(section, "byes")]
    for page in pages:
        assert client.get(page).status_code == 302
    client.force_login(UserFactory())
    for page in pages:
        assert client.get(page).status_code == 403
    assert client.post(url(section, "groups"), {"name": "G", "kind": "strict"}).status_code == 403
    assert not ProhibitedGroup.objects.exists()


def test_the_manage_page_links_to_groups_and_byes(client, section, organiser):
    client.force_login(organiser)
    page = client.get(url(section, "section_manage")).content.decode()
    assert url(section, "groups") in page
    assert url(section, "byes") in page


def test_organiser_makes_edits_and_deletes_a_group(client, section, organiser):
    client.force_login(organiser)
    response = client.post(
        url(section, "groups"),
        {"name": "Adams family", "kind": ConstraintKind.STRICT, "members": ["1", "2"]},
    )
    assert response.status_code == 302
    group = ProhibitedGroup.objects.get()
    assert sorted(group.members.values_list("starting_rank", flat=True)) == [1, 2]
    assert "Adams family" in client.get(url(section, "groups")).content.decode()

    response = client.post(
        url(section, "group_update", pk=group.pk),
        {"name": "Clubs", "kind": ConstraintKind.SOFT_LOWEST, "attribute": "club"},
    )
    assert response.status_code == 302
    group.refresh_from_db()
    assert (group.name, group.kind, group.attribute) == ("Clubs", "soft_lowest", "club")
    assert not group.members.exists()

    assert client.post(url(section, "group_delete", pk=group.pk)).status_code == 302
    assert not ProhibitedGroup.objects.exists()


def test_a_group_of_one_is_refused_on_the_members_field(client, section, organiser):
    client.force_login(organiser)
    response = client.post(
        url(section, "groups"), {"name": "Solo", "kind": ConstraintKind.STRICT, "members": ["1"]}
    )
    assert response.status_code == 200
    assert "at least two players" in str(response.context["form"].errors["members"])


def test_the_groups_page_shows_who_each_round_released(
    client, section, organiser, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    client.post(
        url(section, "groups"),
        {"name": "Hastings", "kind": ConstraintKind.SOFT_FROM_BOTTOM, "members": ["1", "3", "5"]},
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_pair(section=section, number=1, user=organiser)

    page = client.get(url(section, "groups")).content.decode()

    assert "Round 1" in page
    assert "Top " in page
    assert "protected" in page


def test_byes_page_lists_requests_and_manages_exclusions(client, section, organiser):
    ByeRequest.objects.create(player=section.players.get(starting_rank=2), round_number=2)
    client.force_login(organiser)

    page = client.get(url(section, "byes")).content.decode()
    assert "Brown" in page
    assert "half-point bye" in page

    response = client.post(url(section, "byes"), {"player": "6", "round_number": "1"})
    assert response.status_code == 302
    assert ByeExclusion.objects.filter(player__starting_rank=6, round_number=1).exists()

    response = client.post(url(section, "bye_exclusion_delete", rank=6, number=1))
    assert response.status_code == 302
    assert not ByeExclusion.objects.exists()


def test_lifting_an_exclusion_of_a_paired_round_is_refused_on_the_page(
    client, section, organiser, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    client.post(url(section, "byes"), {"player": "6", "round_number": "1"})
    with django_capture_on_commit_callbacks(execute=True):
        round_pair(section=section, number=1, user=organiser)

    response = client.post(url(section, "bye_exclusion_delete", rank=6, number=1))

    assert response.status_code == 409
    assert "Round 1 is paired already." in response.content.decode()
    assert ByeExclusion.objects.filter(player__starting_rank=6, round_number=1).exists()


def test_an_exclusion_beyond_the_last_round_names_the_round_field(client, section, organiser):
    client.force_login(organiser)
    response = client.post(url(section, "byes"), {"player": "6", "round_number": "9"})
    assert response.status_code == 200
    assert "round_number" in response.context["form"].errors


def test_the_public_round_page_says_a_soft_group_round_is_not_pure_fide(
    client, section, organiser, django_capture_on_commit_callbacks
):

    client.force_login(organiser)
    client.post(
        url(section, "groups"),
        {"name": "Hastings", "kind": ConstraintKind.SOFT_LOWEST, "attribute": "club"},
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_pair(section=section, number=1, user=organiser)
    round_publish(round=Round.objects.get(section=section, number=1), user=organiser)
    client.logout()

    page = client.get(url(section, "round_detail", number=1)).content.decode()

    assert "Not a pure FIDE pairing: shaped by a soft prohibited group." in page
    assert "Soft prohibited groups" not in page


def test_the_section_form_sets_the_rounds_closed_to_half_point_byes(client, section, organiser):
    client.force_login(organiser)
    data = {**SECTION_POST, "planned_rounds": 5, "half_point_bye_closed_rounds": "5, 4"}
    assert client.post(url(section, "section_update"), data).status_code == 302
    section.refresh_from_db()
    assert section.half_point_bye_closed_rounds == [4, 5]
    page = client.get(url(section, "section_update")).content.decode()
    assert 'value="4, 5"' in page

    data["half_point_bye_closed_rounds"] = "4, last"
    response = client.post(url(section, "section_update"), data)
    assert "last" in str(response.context["form"].errors["half_point_bye_closed_rounds"])
    data["half_point_bye_closed_rounds"] = "9"
    response = client.post(url(section, "section_update"), data)
    assert "Round 9" in str(response.context["form"].errors["half_point_bye_closed_rounds"])


def _paired_with_group(section, organiser, kind, ranks, capture):
    group = ProhibitedGroup.objects.create(section=section, name="Family", kind=kind)
    group.members.set(section.players.filter(starting_rank__in=ranks))
    with capture(execute=True):
        round_pair(section=section, number=1, user=organiser)
    return Round.objects.get(section=section, number=1)


def test_a_strict_group_round_is_a_pure_fide_pairing_that_names_no_member(
    client, section, organiser, django_capture_on_commit_callbacks
):
    rnd = _paired_with_group(
        section, organiser, ConstraintKind.STRICT, [1, 4], django_capture_on_commit_callbacks
    )
    round_publish(round=rnd, user=organiser)

    page = client.get(url(section, "round_detail", number=1)).content.decode()

    assert Round.objects.get(pk=rnd.pk).is_pure_fide is True
    assert "Not a pure FIDE pairing" not in page
    assert "Forbidden pairings" not in page


def test_the_organiser_page_says_a_round_was_changed_by_hand(
    client, section, organiser, django_capture_on_commit_callbacks
):
    rnd = _paired_with_group(
        section, organiser, ConstraintKind.STRICT, [1, 4], django_capture_on_commit_callbacks
    )
    game = rnd.games.get(board=1)
    game_colours_swap(game=game, user=organiser, version=rnd.version)
    client.force_login(organiser)

    page = client.get(url(section, "round_manage", number=1)).content.decode()
    draft = client.get(url(section, "round_draft", number=1)).content.decode()

    assert "Not pure FIDE: changed by hand<" in page
    assert "soft" not in page.split("Not pure FIDE", 1)[1].split("</span>", 1)[0]
    assert "Not pure FIDE: changed by hand<" in draft


def test_the_organiser_page_says_a_soft_group_shaped_the_round_and_which(
    client, section, organiser, django_capture_on_commit_callbacks
):
    _paired_with_group(
        section, organiser, ConstraintKind.SOFT_LOWEST, [1, 4], django_capture_on_commit_callbacks
    )
    client.force_login(organiser)

    page = client.get(url(section, "round_manage", number=1)).content.decode()

    assert "Not pure FIDE: shaped by a soft prohibited group<" in page
    assert "Soft prohibited groups: Family (soft, lowest priority)." in page
    assert "changed by hand" not in page


def test_the_round_api_shows_a_group_s_members_to_the_staff_only(
    client, section, organiser, django_capture_on_commit_callbacks
):
    rnd = _paired_with_group(
        section,
        organiser,
        ConstraintKind.SOFT_FROM_BOTTOM,
        [1, 3, 5],
        django_capture_on_commit_callbacks,
    )
    round_publish(round=rnd, user=organiser)
    api = f"/api/v1/sections/{section.pk}/rounds/1/"

    public = client.get(api).json()["explanation"]
    listed = client.get(f"/api/v1/sections/{section.pk}/rounds/").json()[0]["explanation"]
    client.force_login(organiser)
    staff = client.get(api).json()["explanation"]

    for shown in (public, listed):
        assert not {"groups", "released", "ranking", "protected_places"} & shown.keys()
        assert shown["deviations"] == ["shaped by a soft prohibited group"]
        assert [{**b, "reasons": []} for b in shown["brackets"]] == [
            {**b, "reasons": []} for b in staff["brackets"]
        ]
        assert not any("reasons" in b for b in shown["brackets"])
    assert staff["groups"][0]["members"] == [1, 3, 5]
    assert any(d.startswith("Soft prohibited groups") for d in staff["deviations"])


def test_the_public_round_api_does_not_say_which_players_may_not_be_paired(
    client, section, organiser, django_capture_on_commit_callbacks
):
    # 1 and 4 would meet in round 1 (top half against bottom half); the group keeps them apart.
    rnd = _paired_with_group(
        section, organiser, ConstraintKind.STRICT, [1, 4], django_capture_on_commit_callbacks
    )
    round_publish(round=rnd, user=organiser)
    staff_reasons = [r for b in rnd.explanation["brackets"] for r in b.get("reasons", [])]

    body = client.get(f"/api/v1/sections/{section.pk}/rounds/1/").content.decode()

    assert any("may not be paired" in r for r in staff_reasons)
    assert "may not be paired" not in body
    assert '"groups"' not in body
