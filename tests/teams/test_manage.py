"""The organiser's team page: boards per match, and new teams entered with their rosters."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from teams import services
from teams.services import RosterEntry
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import Player
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(organiser):
    return run_by(SectionFactory(system="team_swiss", boards_per_match=None), organiser)


def manage_url(section, name="team_manage"):
    """The team page, or the address its form `name` is sent to."""
    return reverse(name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug})


# -- services ---------------------------------------------------------------------------


def test_boards_per_match_are_set(section, organiser):
    services.team_section_boards_set(section=section, user=organiser, boards=4)
    section.refresh_from_db()
    assert section.boards_per_match == 4


@pytest.mark.parametrize("boards", [0, 21])
def test_boards_outside_the_range_are_refused(section, organiser, boards):
    with pytest.raises(ValidationError) as caught:
        services.team_section_boards_set(section=section, user=organiser, boards=boards)
    assert caught.value.field == "boards_per_match"


def test_boards_are_fixed_once_round_1_is_paired(section, organiser):
    services.team_section_boards_set(section=section, user=organiser, boards=4)
    RoundFactory(section=section, number=1, status=RoundStatus.DRAFT)
    with pytest.raises(StateError):
        services.team_section_boards_set(section=section, user=organiser, boards=6)


def test_only_managers_set_the_boards(section, stranger):
    with pytest.raises(PermissionDenied):
        services.team_section_boards_set(section=section, user=stranger, boards=4)


def test_a_team_is_entered_with_its_roster_in_board_order(section, organiser):
    team = services.team_enter(
        section=section,
        user=organiser,
        name="Rooks",
        federation="nor",
        players=[RosterEntry("Haugen", "Magnus", 2388), RosterEntry("Lie", "Kari")],
    )
    members = list(team.members.select_related("player").order_by("board_order"))
    assert [(m.board_order, m.player.full_name) for m in members] == [
        (1, "Haugen, Magnus"),
        (2, "Lie, Kari"),
    ]
    assert members[0].player.fide_rating == 2388
    assert {m.player.federation for m in members} == {"NOR"}


def test_a_refused_team_enters_no_player(section, organiser):
    services.team_create(section=section, user=organiser, name="Rooks")
    with pytest.raises(ValidationError):
        services.team_enter(
            section=section, user=organiser, name="Rooks", players=[RosterEntry("Haugen")]
        )
    assert not Player.objects.filter(section=section).exists()


# -- the page ---------------------------------------------------------------------------


def test_visitors_are_sent_to_log_in(client, section):
    assert client.get(manage_url(section)).status_code == 302


def test_strangers_may_not_manage_teams(client, section, stranger):
    client.force_login(stranger)
    assert client.get(manage_url(section)).status_code == 403


def test_the_organiser_sets_the_boards_on_the_page(client, section, organiser):
    client.force_login(organiser)
    response = client.post(manage_url(section, "team_boards_set"), {"boards_per_match": "3"})
    assert response.status_code == 302
    section.refresh_from_db()
    assert section.boards_per_match == 3


def test_the_organiser_adds_a_team_with_its_players(client, section, organiser):
    client.force_login(organiser)
    players = "Haugen, Magnus, 2388\nLie, Kari\n\n"
    response = client.post(
        manage_url(section, "team_enter"), {"name": "Rooks", "players": players}, follow=True
    )
    assert "Rooks added." in response.text
    assert "Haugen, Magnus; Lie, Kari" in response.text


def test_a_player_line_that_cannot_be_read_is_named(client, section, organiser):
    client.force_login(organiser)
    players = "Haugen, Magnus, 2388\nLie, Kari, IM, 2200"
    response = client.post(manage_url(section, "team_enter"), {"name": "Rooks", "players": players})
    assert response.status_code == 200
    assert "Line 2" in response.text
    assert not section.teams.exists()


def test_a_refused_boards_change_is_explained(client, section, organiser):
    services.team_section_boards_set(section=section, user=organiser, boards=4)
    RoundFactory(section=section, number=1, status=RoundStatus.DRAFT)
    client.force_login(organiser)
    response = client.post(manage_url(section, "team_boards_set"), {"boards_per_match": "6"})
    assert "fixed once round 1 is paired" in response.text


def test_the_team_list_links_managers_to_the_team_page(client, section, organiser):
    address = reverse(
        "team_list", kwargs={"event_slug": section.event.slug, "section_slug": section.slug}
    )
    assert "Manage teams" not in client.get(address).text
    client.force_login(organiser)
    assert "Manage teams" in client.get(address).text


def test_a_stranger_sees_no_management_link(client, section):
    client.force_login(UserFactory())
    address = reverse(
        "team_list", kwargs={"event_slug": section.event.slug, "section_slug": section.slug}
    )
    assert "Manage teams" not in client.get(address).text


def test_the_organiser_withdraws_and_reinstates_a_team_on_the_page(client, section, organiser):
    team = services.team_create(section=section, user=organiser, name="Rooks")
    client.force_login(organiser)

    response = client.post(manage_url(section, "team_withdraw"), {"team": "1", "from_round": "2"})
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2
    assert "Out from round 2" in client.get(manage_url(section)).content.decode()

    response = client.post(manage_url(section, "team_reinstate"), {"team": "1"})
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.withdrawn_from_round is None


def test_a_withdrawal_beyond_the_last_round_is_named_on_the_page(client, section, organiser):
    services.team_create(section=section, user=organiser, name="Rooks")
    client.force_login(organiser)
    response = client.post(manage_url(section, "team_withdraw"), {"team": "1", "from_round": "99"})
    assert response.status_code == 200
    assert "rounds" in response.content.decode()
    assert "from_round" in response.context["withdraw_form"].errors


# Each form of the page goes to an address of its own, which comes back to the page.
FORMS = [
    "team_boards_set",
    "team_enter",
    "team_roster_extend",
    "team_captain_set",
    "team_withdraw",
    "team_reinstate",
]


def test_each_form_of_the_team_page_is_sent_to_its_own_address(client, section, organiser):
    services.team_create(section=section, user=organiser, name="Rooks")
    knights = services.team_create(section=section, user=organiser, name="Knights")
    services.team_withdraw(team=knights, user=organiser, from_round=2)
    client.force_login(organiser)

    page = client.get(manage_url(section)).text

    for name in FORMS:
        assert f'action="{manage_url(section, name)}"' in page, name
    assert 'name="action"' not in page


def test_the_team_page_itself_takes_no_form(client, section, organiser):
    client.force_login(organiser)
    response = client.post(manage_url(section), {"action": "boards", "boards_per_match": "3"})
    assert response.status_code == 405
    section.refresh_from_db()
    assert section.boards_per_match is None


@pytest.mark.parametrize("name", FORMS)
def test_a_form_of_the_team_page_is_sent_by_its_managers_only(client, section, stranger, name):
    team = services.team_create(section=section, user=section.event.organisers.get(), name="R")
    data = {"team": "1", "from_round": "2", "captain": stranger.username, "boards_per_match": "3"}
    data |= {"name": "Knights", "players": "Haugen, Magnus"}
    assert client.post(manage_url(section, name), data).status_code == 302  # to log in
    client.force_login(stranger)

    assert client.post(manage_url(section, name), data).status_code == 403
    assert client.get(manage_url(section, name)).status_code == 405
    assert section.teams.get() == team
    team.refresh_from_db()
    assert (team.captain, team.withdrawn_from_round) == (None, None)
    assert not section.players.exists()


def test_a_form_sent_wrong_comes_back_on_the_team_page_with_its_errors(client, section, organiser):
    services.team_create(section=section, user=organiser, name="Rooks")
    client.force_login(organiser)

    response = client.post(manage_url(section, "team_reinstate"), {})

    assert response.status_code == 200
    assert response.templates[0].name == "teams/team_manage.html"
    assert "team" in response.context["withdraw_form"].errors
    assert not response.context["captain_form"].is_bound
    assert "Manage teams of" in response.text


def test_players_join_a_team_after_its_last_board(section, organiser):
    team = services.team_enter(
        section=section, user=organiser, name="Rooks", players=[RosterEntry("Haugen", "Magnus")]
    )
    added = services.team_roster_extend(
        team=team, user=organiser, players=[RosterEntry("Lie", "Kari", 2200), RosterEntry("Berg")]
    )
    assert [p.last_name for p in added] == ["Lie", "Berg"]
    roster = team.members.order_by("board_order").values_list("board_order", "player__last_name")
    assert list(roster) == [(1, "Haugen"), (2, "Lie"), (3, "Berg")]


def test_the_organiser_adds_players_to_a_team_on_the_page(client, section, organiser):
    services.team_enter(section=section, user=organiser, name="Rooks")
    client.force_login(organiser)
    response = client.post(
        manage_url(section, "team_roster_extend"),
        {"team": 1, "players": "Dahl, Ingrid, 2310\nMoe, Per"},
        follow=True,
    )
    assert "2 players added to Rooks." in response.text
    assert "Dahl, Ingrid; Moe, Per" in response.text
    refused = client.post(
        manage_url(section, "team_roster_extend"), {"team": 1, "players": "Vik, Siri, WFM, 2050"}
    )
    assert refused.status_code == 200
    assert "Line 1" in refused.text
    assert section.players.count() == 2
    unknown = client.post(manage_url(section, "team_roster_extend"), {"team": 9, "players": "X"})
    assert unknown.status_code == 200
    assert section.players.count() == 2


def test_the_team_page_has_no_duplicate_ids(client, section, organiser):
    services.team_enter(section=section, user=organiser, name="Rooks")
    client.force_login(organiser)
    ids = re.findall(r'\bid="([^"]+)"', client.get(manage_url(section)).text)
    assert len(ids) == len(set(ids))


def test_section_manage_page_leads_to_team_setup(client):
    section = team_section(4, rounds_played=0)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    client.force_login(organiser)
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}

    response = client.get(reverse("section_manage", kwargs=kwargs))

    assert response.status_code == 200
    team_setup = reverse("team_manage", kwargs=kwargs)
    assert f'href="{team_setup}"' in response.text
    assert client.get(team_setup).status_code == 200


def test_individual_section_manage_page_has_no_team_setup(client):
    section = SectionFactory()
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    client.force_login(organiser)
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}

    response = client.get(reverse("section_manage", kwargs=kwargs))

    assert response.status_code == 200
    assert "/teams/manage/" not in response.text
