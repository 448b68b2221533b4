"""Team pages: teams, match cards, a team's results, line-up entry, team standings."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from teams import services
from teams.models import Lineup
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def url(section, name, **kwargs):
    kwargs.update(event_slug=section.event.slug, section_slug=section.slug)
    return reverse(name, kwargs=kwargs)


def queries(client, address):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(address)
    assert response.status_code == 200
    return len(captured)


@pytest.fixture
def section():
    return team_section(4, boards=2, rounds_played=2, tiebreaks=["EDE", "BH:MP"])


# --- teams ------------------------------------------------------------------------------


def test_team_list_shows_rosters_in_board_order(client, section):
    response = client.get(url(section, "team_list"))
    assert response.status_code == 200
    teams = list(response.context["teams"])
    assert [t.name for t in teams] == ["Team 01", "Team 02", "Team 03", "Team 04"]
    assert [m.board_order for m in teams[0].members.all()] == [1, 2, 3]
    assert "Player001, First1" in response.text


def test_team_pages_are_for_team_sections_only(client):
    individual = SectionFactory()
    assert client.get(url(individual, "team_list")).status_code == 404


def test_team_list_queries_do_not_grow_with_the_teams(client):
    small, large = team_section(2, rounds_played=0), team_section(8, rounds_played=0)
    assert queries(client, url(small, "team_list")) == queries(client, url(large, "team_list"))


def test_team_page_counts_results_board_by_board(client, section):
    response = client.get(url(section, "team_detail", number=1))
    assert response.status_code == 200
    boards = response.context["page"].boards
    assert [(b.board, b.played, b.points_text) for b in boards] == [(1, 2, "2"), (2, 2, "1")]


def test_unknown_team_is_not_found(client, section):
    assert client.get(url(section, "team_detail", number=9)).status_code == 404


def test_team_page_queries_do_not_grow_with_the_teams(client):
    small, large = team_section(2, rounds_played=2), team_section(8, rounds_played=2)
    address = url(small, "team_detail", number=1)
    assert queries(client, address) == queries(client, url(large, "team_detail", number=1))


# --- match cards --------------------------------------------------------------------------


def test_match_card_shows_board_results_and_both_scores(client, section):
    response = client.get(url(section, "match_list", number=1))
    assert response.status_code == 200
    card = response.context["page"].cards[0]
    assert [b.result_text for b in card.boards] == ["1–0", "½–½"]
    assert card.result.game_points_text == "1½–½"
    assert card.result.match_points_text == "2–0"
    assert "Match points 2–0" in response.text


def test_an_unpublished_round_has_no_public_match_cards(client, section):
    RoundFactory(section=section, number=3, status=RoundStatus.DRAFT)
    assert client.get(url(section, "match_list", number=3)).status_code == 404


def test_match_list_queries_do_not_grow_with_the_teams(client):
    small, large = team_section(2), team_section(8)
    address = url(small, "match_list", number=1)
    assert queries(client, address) == queries(client, url(large, "match_list", number=1))


# --- team standings -----------------------------------------------------------------------


def test_team_standings_rank_by_match_points(client, section):
    response = client.get(url(section, "team_standings_detail"))
    assert response.status_code == 200
    lines = response.context["page"].lines
    # Round 1: 1 beats 2, 3 beats 4; round 2: 2 beats 3, 1 beats 4 (the lower number wins).
    ranked = [(line.number, line.match_points_text) for line in lines]
    # 2 and 3 are level on MP and GP; 2 won their encounter (EDE).
    assert ranked == [(1, "4"), (2, "2"), (3, "2"), (4, "0")]
    assert response.context["page"].primary == "MP"
    assert "EDE" in response.text


def test_team_standings_see_a_forfeit_entered_on_the_site(client, section):
    match = section.rounds.get(number=1).team_matches.get(number=1)
    match.forfeit = "-+"
    match.save()
    lines = client.get(url(section, "team_standings_detail")).context["page"].lines
    points = {line.number: line.match_points for line in lines}
    assert (points[1], points[2]) == (2, 4)


def test_team_standings_queries_do_not_grow_with_the_teams(client):
    small, large = team_section(2, rounds_played=1), team_section(8, rounds_played=1)
    address = url(small, "team_standings_detail")
    assert queries(client, address) == queries(client, url(large, "team_standings_detail"))


# --- line-up entry ----------------------------------------------------------------------


@pytest.fixture
def draft():
    """Round 1 drafted: matches without line-ups or games yet."""
    section = team_section(4, boards=2, rounds_played=1)
    rnd = section.rounds.get()
    rnd.games.all().delete()
    Lineup.objects.filter(round=rnd).delete()
    rnd.status = RoundStatus.DRAFT
    rnd.save()
    return section


def test_visitors_are_sent_to_log_in_for_lineups(client, draft):
    response = client.get(url(draft, "lineup_update", number=1, team_number=1))
    assert response.status_code == 302


@pytest.fixture
def published(draft):
    """Round 1 published: matches with no line-ups or games yet."""
    draft.rounds.update(status=RoundStatus.PUBLISHED)
    return draft


def test_strangers_may_not_enter_lineups(client, published):
    client.force_login(UserFactory())
    response = client.get(url(published, "lineup_update", number=1, team_number=1))
    assert response.status_code == 403


def test_a_draft_s_lineup_page_is_missing_to_all_but_the_managers(client, draft):
    captain = UserFactory()
    draft.teams.filter(starting_rank=2).update(captain=captain)
    for user in (UserFactory(), captain):
        client.force_login(user)
        response = client.get(url(draft, "lineup_update", number=1, team_number=2))
        assert response.status_code == 404
        assert "Team 01" not in response.text


def test_lineup_form_has_one_select_per_board_with_the_default_lineup(client, draft):
    client.force_login(run_by(draft, UserFactory()).event.organisers.get())
    response = client.get(url(draft, "lineup_update", number=1, team_number=1))
    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.fields) == ["board_1", "board_2"]
    assert form.initial == {
        "board_1": draft.players.get(starting_rank=1).pk,
        "board_2": draft.players.get(starting_rank=2).pk,
    }


def test_posting_a_lineup_stores_it(client, draft):
    organiser = UserFactory()
    client.force_login(run_by(draft, organiser).event.organisers.get())
    reserve = draft.players.get(starting_rank=3)
    top = draft.players.get(starting_rank=1)
    address = url(draft, "lineup_update", number=1, team_number=1)
    response = client.post(address, {"board_1": top.pk, "board_2": reserve.pk})
    assert response.status_code == 302
    stored = Lineup.objects.filter(team__starting_rank=1, round__section=draft).order_by("board")
    assert [row.player_id for row in stored] == [top.pk, reserve.pk]


def test_posting_the_same_player_twice_shows_the_error(client, draft):
    client.force_login(run_by(draft, UserFactory()).event.organisers.get())
    top = draft.players.get(starting_rank=1)
    address = url(draft, "lineup_update", number=1, team_number=1)
    response = client.post(address, {"board_1": top.pk, "board_2": top.pk})
    assert response.status_code == 200
    assert "cannot play two boards" in response.text
    assert not Lineup.objects.filter(round__section=draft).exists()


def test_the_captain_may_enter_the_team_lineup(client, published):
    captain = UserFactory()
    published.teams.filter(starting_rank=2).update(captain=captain)
    client.force_login(captain)
    own = url(published, "lineup_update", number=1, team_number=2)
    assert client.get(own).status_code == 200
    assert client.get(url(published, "lineup_update", number=1, team_number=1)).status_code == 403


def test_a_team_without_a_match_has_no_lineup_page(client, draft):
    client.force_login(run_by(draft, UserFactory()).event.organisers.get())
    assert client.get(url(draft, "lineup_update", number=2, team_number=1)).status_code == 404


# --- forfeits -------------------------------------------------------------------------------


def forfeit_url(section):
    """The last round played: an earlier one is closed, the round after it is paired."""
    return url(section, "match_forfeit", number=2, match_number=1)


def test_an_organiser_forfeits_a_match_from_the_card(client, section):
    client.force_login(run_by(section, UserFactory()).event.organisers.get())
    response = client.post(forfeit_url(section), {"kind": "+-"})
    assert response.status_code == 302
    assert section.rounds.get(number=2).team_matches.get(number=1).forfeit == "+-"


def test_match_cards_offer_the_forfeit_to_organisers_only(client, section):
    address = url(section, "match_list", number=1)
    assert "Forfeit" not in client.get(address).text
    client.force_login(run_by(section, UserFactory()).event.organisers.get())
    assert "Double forfeit" in client.get(address).text


def test_strangers_may_not_forfeit_a_match(client, section):
    client.force_login(UserFactory())
    assert client.post(forfeit_url(section), {"kind": "+-"}).status_code == 403
    assert section.rounds.get(number=2).team_matches.get(number=1).forfeit == ""


def test_a_round_before_a_paired_one_cannot_be_forfeited(client, section):
    client.force_login(run_by(section, UserFactory()).event.organisers.get())
    address = url(section, "match_forfeit", number=1, match_number=1)
    response = client.post(address, {"kind": "+-"}, follow=True)
    assert "Round 2 is already paired" in response.text
    assert section.rounds.get(number=1).team_matches.get(number=1).forfeit == ""


def test_a_refused_forfeit_is_explained(client, section):
    client.force_login(run_by(section, UserFactory()).event.organisers.get())
    response = client.post(forfeit_url(section), {"kind": "1-0"}, follow=True)
    assert "is not a kind of forfeit" in response.text
    assert section.rounds.get(number=2).team_matches.get(number=1).forfeit == ""


def test_a_forfeit_refreshes_the_cached_match_card(client, section):
    address = url(section, "match_list", number=2)
    assert "White team wins by forfeit" not in client.get(address).text
    organiser = UserFactory()
    run_by(section, organiser)
    match = section.rounds.get(number=2).team_matches.get(number=1)
    services.team_match_forfeit(match=match, user=organiser, kind="+-")
    assert "White team wins by forfeit" in client.get(address).text


def test_the_standings_tab_of_a_team_section_leads_to_the_team_standings(client, section):
    text = client.get(url(section, "team_list")).text
    assert url(section, "team_standings_detail") in text
    assert url(section, "standings_detail") not in text
