"""Roster import: the services entering a CSV roster; the upload, preview and confirm pages."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from common.limits import upload_limit
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import RoundStatus
from tournaments.models import Section

pytestmark = pytest.mark.django_db

GENERIC = (
    b"Name,Rating,Title,Fed,FIDE ID,Status\n"
    b"Ann Adams,2300,,ENG,101,\n"
    b"Eva Zeller,2400,IM,GER,102,\n"
    b"Ben Bauer,2400,,GER,103,\n"
    b"Uli Roth,2400,GM,SUI,104,\n"
    b"Cy Cole,2400,,USA,105,withdrawn\n"
)

NW_GROUPS = '" ","Name","NWSRS","USCF","FIDE","NWChess","Byes","Fees"'
NW_SUBS = '"","","First","","","","ID","","ID","","","ID","Title","","Rounds","Status"'


def _nw(section: str, last: str, first: str, nwsrs: str, uscf: str, status: str = "Paid") -> str:
    cells = [section, last, first, "5", "Lakeside", nwsrs, "", uscf, "", "06/2027"]
    cells += ["2000", "", "", "05/2027", "", status]
    return ",".join(f'"{c}"' for c in cells)


NWCHESS = "\r\n".join(
    [
        NW_GROUPS,
        NW_SUBS,
        _nw("Open", "Low", "Lia", "1500", "1400"),
        _nw("Reserve", "Rook", "Ray", "1100", ""),
        _nw("Open", "High", "Hal", "1600", "1900"),
        _nw("Reserve", "Gone", "Gus", "1000", "", status="Withdrawn"),
        _nw("Reserve", "Pawn", "Pia", "", "1200"),
        "",
    ]
).encode()


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def section(organiser) -> Section:
    event = EventFactory()
    event.organisers.add(organiser)
    return SectionFactory(event=event, name="Open")


def _order(section: Section) -> list[tuple[int, str]]:
    return list(section.players.order_by("starting_rank").values_list("starting_rank", "last_name"))


def _import(section: Section, user, data: bytes = GENERIC, **kwargs) -> services.ImportSummary:
    return services.section_roster_import(
        section=section, data=data, mapping=kwargs.pop("mapping", None), user=user, **kwargs
    )


# --- The section service -----------------------------------------------------------------


def test_imported_players_are_ranked_by_rating_then_title_then_name(section, organiser):
    summary = _import(section, organiser)

    assert _order(section) == [(1, "Roth"), (2, "Zeller"), (3, "Bauer"), (4, "Cole"), (5, "Adams")]
    assert (summary.created, summary.updated, summary.players) == (5, 0, 5)


def test_withdrawn_rows_are_entered_withdrawn_from_round_one(section, organiser):
    summary = _import(section, organiser)

    cole = section.players.get(last_name="Cole")
    assert (cole.status, cole.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 1)
    assert summary.withdrawn == 1


def test_players_already_entered_are_merged_into_the_order_and_renumbered(section, organiser):
    PlayerFactory(section=section, starting_rank=1, last_name="Early", fide_rating=2350)
    PlayerFactory(section=section, starting_rank=2, last_name="Top", fide_rating=2500)

    _import(section, organiser)

    assert [name for _, name in _order(section)] == [
        "Top",
        "Roth",
        "Zeller",
        "Bauer",
        "Cole",
        "Early",
        "Adams",
    ]


def test_importing_the_same_file_twice_adds_no_one(section, organiser):
    _import(section, organiser)
    first = _order(section)

    summary = _import(section, organiser)

    assert _order(section) == first
    assert (summary.created, summary.updated) == (0, 5)
    assert Player.objects.filter(section=section).count() == 5


def test_a_reimported_row_updates_the_player_it_matches_by_fide_id(section, organiser):
    _import(section, organiser)
    changed = GENERIC.replace(b"Ann Adams,2300", b"Ann Adams-Smith,2500")

    _import(section, organiser, data=changed)

    assert _order(section)[0] == (1, "Adams-Smith")
    assert section.players.count() == 5


def test_a_hand_entered_player_with_the_same_name_is_not_entered_twice(section, organiser):
    PlayerFactory(section=section, last_name="Adams", first_name="Ann", fide_rating=None)

    summary = _import(section, organiser)

    assert (summary.created, summary.updated) == (4, 1)
    assert section.players.get(last_name="Adams").fide_rating == 2300


def test_any_error_refuses_the_whole_import_naming_line_and_column(section, organiser):
    PlayerFactory(section=section, starting_rank=1, last_name="Kept")
    bad = GENERIC.replace(b"Ben Bauer,2400", b"Ben Bauer,24x0")

    with pytest.raises(services.RosterImportError) as caught:
        _import(section, organiser, data=bad)

    assert caught.value.errors == (
        'line 4, column "Rating": "24x0" is not a rating (a number from 0 to 3500)',
    )
    assert 'line 4, column "Rating"' in caught.value.message
    assert _order(section) == [(1, "Kept")]


def test_a_bye_beyond_the_last_round_is_an_error_naming_its_line(section, organiser):
    data = b"Name,Byes\nAnn Adams,2\nBen Bauer,9\n"

    with pytest.raises(services.RosterImportError) as caught:
        _import(section, organiser, data=data)

    assert caught.value.errors == (
        'line 3, column "Byes": bye in round 9, but the player plays rounds 1 to 5',
    )
    assert not section.players.exists()


def test_requested_byes_become_half_point_bye_requests(section, organiser):
    _import(section, organiser, data=b"Name,Byes\nAnn Adams,2 4\n")

    requests = ByeRequest.objects.filter(player__section=section)
    assert sorted(requests.values_list("round_number", "kind")) == [(2, "H"), (4, "H")]


def test_a_column_mapping_replaces_the_detected_columns(section, organiser):
    data = b"Player,Points,Strength\nAnn Adams,3,2100\nBen Bauer,1,2200\n"

    _import(section, organiser, data=data, mapping={"name": "Player", "fide_rating": "Strength"})

    assert _order(section) == [(1, "Bauer"), (2, "Adams")]


def test_only_the_organisers_and_arbiters_may_import(section):
    with pytest.raises(PermissionDenied):
        _import(section, UserFactory())

    assert not section.players.exists()


def test_an_arbiter_may_import(section):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)

    assert _import(section, arbiter).created == 5


def test_import_is_refused_once_round_one_is_paired(section, organiser):
    RoundFactory(section=section, number=1, status=RoundStatus.PUBLISHED)

    with pytest.raises(services.SectionStateError):
        _import(section, organiser)

    assert not section.players.exists()


def test_nwchess_rows_of_the_section_of_the_same_name_are_imported(section, organiser):
    summary = _import(section, organiser, data=NWCHESS)

    assert summary.roster_section == "Open"
    assert _order(section) == [(1, "High"), (2, "Low")]
    high = section.players.get(last_name="High")
    assert (high.national_rating, high.fide_rating) == (1900, None)


def test_nwchess_file_sets_national_seeding_on_a_section_with_the_default(section, organiser):
    summary = _import(section, organiser, data=NWCHESS)

    section.refresh_from_db()
    assert section.seeding_rating == "national"
    assert summary.seeding_changed


def test_a_chosen_seeding_rating_is_kept(section, organiser):
    Section.objects.filter(pk=section.pk).update(seeding_rating="highest")

    summary = _import(section, organiser, data=NWCHESS)

    section.refresh_from_db()
    assert (section.seeding_rating, summary.seeding_changed) == ("highest", False)


def test_a_roster_section_may_be_chosen_by_name_in_any_case(section, organiser):
    summary = _import(section, organiser, data=NWCHESS, roster_section="reserve")

    assert summary.roster_section == "Reserve"
    assert _order(section) == [(1, "Pawn"), (2, "Rook")]


def test_a_file_of_several_sections_none_named_like_this_one_asks_for_a_choice(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    other = SectionFactory(event=event, name="Premier")

    with pytest.raises(ValidationError) as caught:
        _import(other, organiser, data=NWCHESS)

    assert caught.value.field == "roster_section"
    assert "“Open”, “Reserve”" in caught.value.message


# --- The event service -------------------------------------------------------------------


def test_nwchess_roster_fills_the_event_one_section_per_roster_section(section, organiser):
    summaries = services.event_roster_import(event=section.event, data=NWCHESS, user=organiser)

    assert [(s.section.name, s.created) for s in summaries] == [("Open", 2), ("Reserve", 2)]
    assert summaries[0].section == section
    reserve = section.event.sections.get(name="Reserve")
    assert _order(reserve) == [(1, "Pawn"), (2, "Rook")]
    assert not Player.objects.filter(last_name="Gone").exists()


def test_event_import_matches_sections_by_name_in_any_case(section, organiser):
    Section.objects.filter(pk=section.pk).update(name="OPEN")

    services.event_roster_import(event=section.event, data=NWCHESS, user=organiser)

    assert section.event.sections.count() == 2
    assert _order(section) == [(1, "High"), (2, "Low")]


def test_event_import_twice_adds_no_one(section, organiser):
    services.event_roster_import(event=section.event, data=NWCHESS, user=organiser)

    services.event_roster_import(event=section.event, data=NWCHESS, user=organiser)

    assert Player.objects.filter(section__event=section.event).count() == 4


def test_event_import_with_one_section_started_changes_nothing(section, organiser):
    reserve = SectionFactory(event=section.event, name="Reserve")
    RoundFactory(section=reserve, number=1, status=RoundStatus.PUBLISHED)

    with pytest.raises(services.SectionStateError):
        services.event_roster_import(event=section.event, data=NWCHESS, user=organiser)

    assert not Player.objects.filter(section__event=section.event).exists()


def test_event_import_is_forbidden_to_other_users(section):
    with pytest.raises(PermissionDenied):
        services.event_roster_import(event=section.event, data=NWCHESS, user=UserFactory())

    assert section.event.sections.count() == 1


# --- Pages: upload, preview, confirm -----------------------------------------------------


def _url(section: Section, name: str) -> str:
    return reverse(name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug})


def _upload(client, section: Section, data: bytes = GENERIC, name: str = "players.csv"):
    upload = SimpleUploadedFile(name, data, content_type="text/csv")
    return client.post(_url(section, "roster_upload"), {"file": upload})


def _proposed(preview) -> dict[str, str]:
    """The column choices as the preview page proposes them."""
    form = preview.context["form"]
    return {name: form[name].value() or "" for name in form.fields}


def test_manage_page_links_to_the_roster_import(client, section, organiser):
    client.force_login(organiser)

    response = client.get(_url(section, "section_manage"))

    assert _url(section, "roster_upload") in response.content.decode()


def test_upload_preview_and_confirm_enter_the_players(client, section, organiser):
    client.force_login(organiser)

    uploaded = _upload(client, section)
    preview = client.get(_url(section, "roster_preview"))
    confirmed = client.post(_url(section, "roster_preview"), {**_proposed(preview), "confirm": "1"})

    assert uploaded.status_code == 302
    assert uploaded["Location"] == _url(section, "roster_preview")
    assert preview.status_code == 200
    assert "Zeller" in preview.content.decode()
    assert confirmed.status_code == 302
    assert confirmed["Location"] == _url(section, "section_manage")
    assert _order(section)[0] == (1, "Roth")


def test_preview_lists_unknown_and_missing_columns_by_name(client, section, organiser):
    client.force_login(organiser)
    _upload(client, section, b"Player,Points\nAnn Adams,3\n")

    page = client.get(_url(section, "roster_preview")).content.decode()

    assert "Points" in page
    assert "Name" in page
    assert 'name="fide_rating"' in page


def test_preview_with_another_mapping_shows_the_rows_it_would_import(client, section, organiser):
    client.force_login(organiser)
    _upload(client, section, b"Player,Strength\nAnn Adams,2100\n")

    response = client.post(
        _url(section, "roster_preview"), {"name": "Player", "fide_rating": "Strength"}
    )

    assert response.status_code == 200
    assert [(r.last_name, r.fide_rating) for r in response.context["rows"]] == [("Adams", 2100)]
    assert not section.players.exists()


def test_a_refused_import_keeps_the_file_and_changes_nothing(client, section, organiser):
    client.force_login(organiser)
    _upload(client, section, GENERIC.replace(b"Ben Bauer,2400", b"Ben Bauer,24x0"))
    preview = client.get(_url(section, "roster_preview"))

    response = client.post(_url(section, "roster_preview"), {**_proposed(preview), "confirm": "1"})

    assert response.status_code == 200
    assert response.context["errors"] == [
        'line 4, column "Rating": "24x0" is not a rating (a number from 0 to 3500)'
    ]
    assert "line 4, column &quot;Rating&quot;" in response.content.decode()
    assert not section.players.exists()
    assert client.get(_url(section, "roster_preview")).status_code == 200


def test_preview_without_an_upload_sends_back_to_the_upload_form(client, section, organiser):
    client.force_login(organiser)

    response = client.get(_url(section, "roster_preview"))

    assert response.status_code == 302
    assert response["Location"] == _url(section, "roster_upload")


def test_a_file_too_large_is_refused_on_the_upload_form(client, section, organiser):
    client.force_login(organiser)

    response = _upload(client, section, b"Name\n" + b"x" * upload_limit("roster"))

    assert response.status_code == 200
    assert response.context["form"].errors["file"]


@pytest.mark.parametrize("name", ["roster_upload", "roster_preview"])
def test_roster_pages_are_forbidden_to_users_who_do_not_run_the_event(client, section, name):
    client.force_login(UserFactory())

    assert client.get(_url(section, name)).status_code == 403
    assert client.post(_url(section, name), {"confirm": "1"}).status_code == 403


@pytest.mark.parametrize("name", ["roster_upload", "roster_preview"])
def test_roster_pages_send_anonymous_visitors_to_log_in(client, section, name):
    response = client.get(_url(section, name))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_section_of_an_nwchess_file_is_chosen_on_the_preview_page(client, organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    premier = SectionFactory(event=event, name="Premier")
    client.force_login(organiser)
    _upload(client, premier, NWCHESS, name="RosterTable.csv")

    shown = client.post(_url(premier, "roster_preview"), {"roster_section": "Reserve"})
    confirmed = client.post(
        _url(premier, "roster_preview"), {"roster_section": "Reserve", "confirm": "1"}
    )

    assert [row.last_name for row in shown.context["rows"]] == ["Rook", "Pawn"]
    assert 'name="fide_rating"' not in shown.content.decode()
    assert confirmed.status_code == 302
    assert _order(premier) == [(1, "Pawn"), (2, "Rook")]


def test_confirming_without_choosing_a_section_of_a_file_of_several_asks_for_it(client, organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    premier = SectionFactory(event=event, name="Premier")
    client.force_login(organiser)
    _upload(client, premier, NWCHESS)

    response = client.post(_url(premier, "roster_preview"), {"confirm": "1"})

    assert response.status_code == 200
    assert response.context["form"].errors["roster_section"]
    assert not premier.players.exists()


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            b"Name,FIDE ID\nDoe Jane,1\xc2\xb23\n",
            'line 2, column "FIDE ID": "1²3" is not a FIDE ID',
        ),
        (b"Name,Notes\nDoe Jane,a\x00b\n", 'line 2, column "Notes": control character U+0000'),
        (b"Name,Entry round\nDoe Jane,40000\n", 'line 2, column "Entry round": "40000" is not'),
    ],
)
def test_the_preview_of_a_file_with_an_unreadable_value_names_it_and_imports_nothing(
    client, section, organiser, data, error
):
    client.force_login(organiser)
    client.raise_request_exception = False
    _upload(client, section, data)
    preview = client.get(_url(section, "roster_preview"))
    assert preview.status_code == 200

    response = client.post(_url(section, "roster_preview"), {**_proposed(preview), "confirm": "1"})

    assert response.status_code == 200
    assert response.context["errors"][0].startswith(error)
    assert not section.players.exists()
