"""Taking back a player, a section or an event entered by mistake, never what was played."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.exceptions import PermissionDenied
from pairing.services.takebacks import round_unpublish
from results.services import game_result_set
from teams.models import Lineup
from tests.factories import PlayerFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors import removals
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.services import SectionStateError

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="olga")


@pytest.fixture
def section(organiser):
    section = SectionFactory()
    section.event.organisers.add(organiser)
    for rank in range(1, 6):
        PlayerFactory(section=section, starting_rank=rank)
    return section


def ranks(section):
    return list(section.players.order_by("starting_rank").values_list("last_name", "starting_rank"))


# -- players ----------------------------------------------------------------------------


def test_before_round_1_a_player_goes_and_the_next_ones_move_up(section, organiser):
    before = ranks(section)
    gone = section.players.get(starting_rank=2)
    services.player_remove(player=gone, user=organiser)
    assert ranks(section) == [
        (name, rank if rank < 2 else rank - 1) for name, rank in before if rank != 2
    ]


def test_a_paired_player_is_withdrawn_instead(organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    with pytest.raises(SectionStateError) as caught:
        services.player_remove(player=section.players.get(starting_rank=3), user=organiser)
    assert "withdraw them instead" in caught.value.message
    assert section.players.count() == 6


def test_after_round_1_only_the_last_rank_goes(organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    late = PlayerFactory(section=section, starting_rank=7)
    PlayerFactory(section=section, starting_rank=8)
    with pytest.raises(SectionStateError) as caught:
        services.player_remove(player=late, user=organiser)
    assert "No. 7" in caught.value.message
    services.player_remove(player=section.players.get(starting_rank=8), user=organiser)
    assert section.players.count() == 7


def test_a_player_in_a_line_up_stays(organiser):
    section = team_section(2, boards=2, rounds_played=1)
    section.event.organisers.add(organiser)
    reserve = section.players.get(starting_rank=3)  # team 1's reserve: in no game
    Lineup.objects.filter(team__starting_rank=1, board=2).update(player=reserve)
    with pytest.raises(SectionStateError):
        services.player_remove(player=reserve, user=organiser)


def test_no_player_goes_while_a_round_is_paired(section, organiser):
    RoundFactory(section=section, number=1, status=RoundStatus.PAIRING)
    with pytest.raises(SectionStateError) as caught:
        services.player_remove(player=section.players.first(), user=organiser)
    assert "being paired" in caught.value.message


def test_strangers_remove_no_one(section):
    with pytest.raises(PermissionDenied):
        services.player_remove(player=section.players.first(), user=UserFactory())


# -- sections and events ----------------------------------------------------------------


def test_a_section_with_a_draft_only_is_deleted(section, organiser):
    RoundFactory(section=section, number=1, status=RoundStatus.DRAFT)
    services.section_delete(section=section, user=organiser)
    assert not Section.objects.filter(pk=section.pk).exists()
    assert not Player.objects.filter(section_id=section.pk).exists()


def test_a_section_players_have_seen_stays_but_its_unplayed_event_goes(organiser):
    section = swiss_section(6, rounds_played=1, results_in_last=False)
    section.event.organisers.add(organiser)
    with pytest.raises(SectionStateError) as caught:
        services.section_delete(section=section, user=organiser)
    assert "Round 1" in caught.value.message
    assert Section.objects.filter(pk=section.pk).exists()
    # Nothing has been played: the whole event may still be taken back.
    services.event_delete(event=section.event, user=organiser)
    assert not Event.objects.filter(pk=section.event.pk).exists()


def test_an_event_where_games_were_played_stays(organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    with pytest.raises(SectionStateError) as caught:
        services.event_delete(event=section.event, user=organiser)
    assert "have results" in caught.value.message
    assert Event.objects.filter(pk=section.event.pk).exists()


# -- sections imported from a TRF file --------------------------------------------------


@pytest.fixture
def imported(organiser, small_trf):
    event = SectionFactory().event
    event.organisers.add(organiser)
    return services.section_import_trf(event=event, user=organiser, name="Imported", text=small_trf)


def test_an_imported_section_nothing_happened_to_is_deleted_with_its_rounds(imported, organiser):
    assert imported.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).count() == 2
    assert removals.section_deletion_block(section=imported) == ""
    services.section_delete(section=imported, user=organiser)
    assert not Section.objects.filter(pk=imported.pk).exists()
    assert not Round.objects.filter(section_id=imported.pk).exists()


def test_an_imported_event_with_results_goes_while_nothing_happened(imported, organiser):
    services.event_delete(event=imported.event, user=organiser)
    assert not Event.objects.filter(pk=imported.event.pk).exists()


def test_an_imported_section_stays_once_a_result_is_entered_after_the_import(imported, organiser):
    game = Game.objects.get(round__section=imported, round__number=2, board=1)
    game_result_set(game=game, result="", user=organiser, version=game.version)
    assert "a section players have seen is kept" in removals.section_deletion_block(
        section=imported
    )
    with pytest.raises(SectionStateError):
        services.section_delete(section=imported, user=organiser)
    with pytest.raises(SectionStateError) as caught:
        services.event_delete(event=imported.event, user=organiser)
    assert "have results" in caught.value.message


def test_an_imported_section_stays_once_a_player_is_withdrawn(imported, organiser):
    services.player_withdraw(
        player=imported.players.get(starting_rank=4), user=organiser, from_round=3
    )
    with pytest.raises(SectionStateError):
        services.section_delete(section=imported, user=organiser)


def test_the_page_deletes_an_imported_section_nothing_happened_to(client, imported, organiser):
    client.force_login(organiser)
    url = reverse(
        "section_delete", kwargs={"event_slug": imported.event.slug, "section_slug": imported.slug}
    )
    page = client.get(url).text
    assert "players have seen" not in page
    assert "imported" in page
    assert "Delete the section" in page
    assert client.post(url).status_code == 302
    assert not Section.objects.filter(pk=imported.pk).exists()


def test_arbiters_delete_no_section_or_event(section):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)
    with pytest.raises(PermissionDenied):
        services.section_delete(section=section, user=arbiter)
    with pytest.raises(PermissionDenied):
        services.event_delete(event=section.event, user=arbiter)


def test_an_event_goes_with_its_sections(section, organiser):
    SectionFactory(event=section.event)
    services.event_delete(event=section.event, user=organiser)
    assert not Event.objects.filter(pk=section.event.pk).exists()
    assert not Section.objects.filter(event_id=section.event.pk).exists()


# -- pages ------------------------------------------------------------------------------


def player_remove_url(section, rank):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "rank": rank}
    return reverse("player_remove", kwargs=kwargs)


def test_the_page_asks_then_removes_the_player(client, section, organiser):
    client.force_login(organiser)
    name = section.players.get(starting_rank=5).full_name
    page = client.get(player_remove_url(section, 5))
    assert page.status_code == 200
    assert f"Remove {name}?" in page.text
    response = client.post(player_remove_url(section, 5), follow=True)
    assert f"{name} removed." in response.text
    assert section.players.count() == 4


def test_the_page_says_why_a_player_stays(client, organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(player_remove_url(section, 3))
    assert "withdraw them instead" in page.text
    assert "Remove the player" not in page.text
    assert client.post(player_remove_url(section, 3)).status_code == 409
    assert section.players.count() == 6


def test_the_section_page_deletes_the_section(client, section, organiser):
    client.force_login(organiser)
    url = reverse(
        "section_delete", kwargs={"event_slug": section.event.slug, "section_slug": section.slug}
    )
    assert "5 players" in client.get(url).text
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("event_detail", args=[section.event.slug])
    assert not Section.objects.filter(pk=section.pk).exists()


def test_the_event_page_deletes_the_event_for_organisers_only(client, section, organiser):
    url = reverse("event_delete", kwargs={"event_slug": section.event.slug})
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)
    client.force_login(arbiter)
    assert "Only the event's organisers" in client.get(url).text.replace("&#x27;", "'")
    assert client.post(url).status_code == 409
    client.force_login(organiser)
    assert client.post(url).status_code == 302
    assert not Event.objects.filter(pk=section.event.pk).exists()


def test_strangers_get_no_removal_page(client, section):
    client.force_login(UserFactory())
    assert client.get(player_remove_url(section, 1)).status_code == 403


def test_bye_requests_go_with_the_player(section, organiser):
    player = section.players.get(starting_rank=1)
    ByeRequest.objects.create(player=player, round_number=2)
    services.player_remove(player=player, user=organiser)
    assert not section.players.filter(pk=player.pk).exists()
    assert not ByeRequest.objects.filter(player_id=player.pk).exists()


def test_no_one_goes_from_a_section_whose_imported_file_names_players_by_number(section, organiser):
    section.trf_extra = {"pab_exclusions": [5]}
    section.save()
    with pytest.raises(SectionStateError) as caught:
        services.player_remove(player=section.players.get(starting_rank=5), user=organiser)
    assert "names players by number" in caught.value.message
    assert section.players.count() == 5


def test_a_player_named_in_a_rounds_frozen_groups_stays(organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    late = PlayerFactory(section=section, starting_rank=7)
    rnd = section.rounds.get(number=1)
    rnd.explanation = {"groups": [{"name": "Club", "kind": "soft_lowest", "members": [1, 7]}]}
    rnd.save()
    with pytest.raises(SectionStateError) as caught:
        services.player_remove(player=late, user=organiser)
    assert "Round 1 was paired with" in caught.value.message
    assert section.players.filter(pk=late.pk).exists()


def test_an_imported_section_goes_after_its_last_round_is_taken_back(imported, organiser):
    last = imported.rounds.get(number=2)
    round_unpublish(round=last, user=organiser, version=last.version)
    assert imported.rounds.get(number=2).status == RoundStatus.DRAFT
    services.section_delete(section=imported, user=organiser)
    assert not Section.objects.filter(pk=imported.pk).exists()


def test_an_unplayed_team_event_goes_with_its_matches_and_line_ups(organiser):
    section = team_section(2, boards=2, rounds_played=1)
    section.event.organisers.add(organiser)
    Game.objects.filter(round__section=section).update(result="")
    section.rounds.update(status=RoundStatus.PUBLISHED)
    assert Lineup.objects.filter(team__section=section).exists()
    services.event_delete(event=section.event, user=organiser)
    assert not Event.objects.filter(pk=section.event.pk).exists()
