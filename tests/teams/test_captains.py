"""Team captains: named by the organiser on the team page, they enter their own line-ups."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.exceptions import NotFound
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from teams import services
from teams.models import Lineup
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def url(section, name, **kwargs):
    kwargs.update(event_slug=section.event.slug, section_slug=section.slug)
    return reverse(name, kwargs=kwargs)


@pytest.fixture
def section(organiser):
    """Round 1 published: matches with default line-ups and no results yet."""
    section = run_by(team_section(4, boards=2, rounds_played=1), organiser)
    rnd = section.rounds.get()
    rnd.games.update(result="")
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    return section


def test_the_organiser_names_and_clears_a_captain(section, organiser):
    captain = UserFactory(username="ingrid")
    team = section.teams.get(starting_rank=2)
    assert (
        services.team_captain_set(team=team, user=organiser, username=" ingrid ").captain == captain
    )
    assert services.team_captain_set(team=team, user=organiser, username="").captain is None


def test_an_unknown_captain_is_named(section, organiser):
    with pytest.raises(ValidationError) as caught:
        services.team_captain_set(team=section.teams.first(), user=organiser, username="nobody")
    assert caught.value.field == "captain"
    assert "nobody" in caught.value.message


def test_only_managers_name_captains(section, stranger):
    UserFactory(username="ingrid")
    with pytest.raises(PermissionDenied):
        services.team_captain_set(team=section.teams.first(), user=stranger, username="ingrid")


def test_the_team_page_names_the_captain(client, section, organiser):
    UserFactory(username="ingrid")
    client.force_login(organiser)
    response = client.post(url(section, "team_captain_set"), {"team": 2, "captain": "ingrid"})
    assert response.status_code == 302
    assert section.teams.get(starting_rank=2).captain.username == "ingrid"
    page = client.get(url(section, "team_manage"))
    assert 'value="ingrid"' in page.text


def test_the_team_page_explains_an_unknown_captain(client, section, organiser):
    client.force_login(organiser)
    response = client.post(url(section, "team_captain_set"), {"team": 2, "captain": "nobody"})
    assert response.status_code == 200
    assert "No user is called “nobody”." in response.text
    assert section.teams.get(starting_rank=2).captain is None


def test_a_captain_finds_and_changes_the_own_line_up(client, section, organiser):
    captain = UserFactory(username="ingrid")
    services.team_captain_set(
        team=section.teams.get(starting_rank=2), user=organiser, username="ingrid"
    )
    client.force_login(captain)
    cards = client.get(url(section, "match_list", number=1))
    own = url(section, "lineup_update", number=1, team_number=2)
    other = url(section, "lineup_update", number=1, team_number=1)
    assert own in cards.text
    assert other not in cards.text

    team = section.teams.get(starting_rank=2)
    members = [m.player for m in team.members.order_by("board_order")]
    response = client.post(own, {"board_1": members[0].pk, "board_2": members[2].pk})
    assert response.status_code == 302
    lineup = Lineup.objects.filter(team=team, round__number=1).order_by("board")
    assert [row.player_id for row in lineup] == [members[0].pk, members[2].pk]


def test_visitors_see_no_line_up_links(client, section):
    cards = client.get(url(section, "match_list", number=1))
    assert cards.status_code == 200
    assert "lineups" not in cards.text


def test_a_private_event_s_captain_reaches_the_matches_and_the_line_up(client, organiser):
    section = run_by(team_section(4, boards=2, rounds_played=1, event__is_public=False), organiser)
    rnd = section.rounds.get()
    rnd.games.update(result="")
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    captain, stranger = UserFactory(), UserFactory()
    section.teams.filter(starting_rank=2).update(captain=captain)
    lineup = url(section, "lineup_update", number=1, team_number=2)

    client.force_login(stranger)
    assert client.get(url(section, "match_list", number=1)).status_code == 404
    assert client.get(lineup).status_code == 404
    client.force_login(captain)
    assert client.get(url(section, "match_list", number=1)).status_code == 200
    assert client.get(lineup).status_code == 200
    assert client.get(url(section, "lineup_update", number=1, team_number=1)).status_code == 403


def test_a_captain_finds_no_match_in_a_draft(section, organiser):
    captain = UserFactory(username="ingrid")
    team = services.team_captain_set(
        team=section.teams.get(starting_rank=2), user=organiser, username="ingrid"
    )
    section.rounds.update(status=RoundStatus.DRAFT)
    match = section.rounds.get().team_matches.get(number=1)
    before = list(Lineup.objects.filter(team=team).values_list("board", "player_id"))

    with pytest.raises(NotFound):
        services.lineup_set(match=match, team=team, user=captain)
    api = client_for(captain).post(
        f"/api/v1/sections/{section.pk}/rounds/1/lineups/2/", {}, format="json"
    )

    assert api.status_code == 404
    assert "Team 01" not in api.text
    assert list(Lineup.objects.filter(team=team).values_list("board", "player_id")) == before
