"""Tournament-day pages for players: pairings, rounds, player cards, find me, live version."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def url(section, name="section_detail", **extra):
    return reverse(
        name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    )


@pytest.fixture
def section():
    """Seven players, two rounds, the second still being played."""
    return swiss_section(7, rounds_played=2, results_in_last=False)


def test_section_page_shows_the_current_rounds_boards_with_ratings_and_scores(client, section):
    response = client.get(url(section))
    assert response.status_code == 200
    text = response.text
    assert "Round 2" in text
    assert 'id="board-3"' in text
    assert "2599" in text  # rank 1's rating
    assert "Pairing-allocated bye" in text


def test_section_page_before_any_round_says_so(client):
    section = SectionFactory()
    assert "No round has been published yet" in client.get(url(section)).text


def test_drafts_are_not_shown_to_players(client, section):
    Round.objects.create(section=section, number=3, status=RoundStatus.DRAFT)
    assert client.get(url(section, "round_detail", number=3)).status_code == 404
    assert "Round 3" not in client.get(url(section)).text


def test_round_page_shows_that_rounds_results(client, section):
    response = client.get(url(section, "round_detail", number=1))
    assert response.status_code == 200
    assert "1–0" in response.text
    assert "½–½" in response.text


def test_unknown_round_is_not_found(client, section):
    assert client.get(url(section, "round_detail", number=9)).status_code == 404


def test_private_sections_pages_are_not_found_for_visitors(client):
    section = swiss_section(4, rounds_played=1, event=EventFactory(is_public=False))
    for name, extra in [
        ("section_detail", {}),
        ("round_detail", {"number": 1}),
        ("round_csv", {"number": 1}),
        ("player_detail", {"rank": 1}),
        ("player_find", {}),
        ("section_live", {}),
    ]:
        assert client.get(url(section, name, **extra)).status_code == 404, name


@pytest.mark.parametrize("players", [10, 500])
def test_pairings_page_takes_the_same_queries_whatever_the_size(
    client, players, django_assert_num_queries
):
    section = swiss_section(players, rounds_played=3)
    # The event's language (then kept: `people.languages`), the section with its event and
    # its version (one query) for the page cache, then the view's own: the section again,
    # the round page's five (see `round_page_get`) and the round times.
    with django_assert_num_queries(9):
        response = client.get(url(section, "round_detail", number=3))
    assert response.status_code == 200
    assert response.text.count('id="board-') == players // 2
    # A second visitor gets the cached page: only the section with its version is read.
    with django_assert_num_queries(1):
        again = client.get(url(section, "round_detail", number=3))
    assert again.content == response.content


@pytest.mark.parametrize("players", [10, 500])
def test_section_page_takes_the_same_queries_whatever_the_size(
    client, players, django_assert_num_queries
):
    section = swiss_section(players, rounds_played=3)
    # The event's language (then kept), the page's eleven and the timetable.
    with django_assert_num_queries(13):
        assert client.get(url(section)).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(url(section)).status_code == 200


CACHED_PAGES = [
    ("section_detail", {}),
    ("round_detail", {"number": 3}),
    ("standings_detail", {}),
    ("crosstable_detail", {}),
    ("player_detail", {"rank": 1}),
]


@pytest.mark.parametrize("role", ["visitor", "organiser", "arbiter", "superuser"])
def test_a_cached_page_costs_a_logged_in_user_two_queries(client, role, django_assert_num_queries):
    section = swiss_section(12, rounds_played=3)
    user = UserFactory(is_superuser=role == "superuser")
    if role in ("organiser", "arbiter"):
        getattr(section.event, f"{role}s").add(user)
    client.force_login(user)
    for name, extra in CACHED_PAGES:
        first = client.get(url(section, name, **extra))
        assert first.status_code == 200, name
        # The user (the session comes from the cache), then the section with its event, its
        # version and whether the user manages the event (their audience).
        with django_assert_num_queries(2):
            again = client.get(url(section, name, **extra))
        assert again.status_code == 200, name
        assert user.username in again.text


def test_a_new_result_is_shown_at_once_despite_the_page_cache(client):
    section = swiss_section(10, rounds_played=1)
    game = Game.objects.filter(round__section=section).order_by("board").first()
    page = url(section, "round_detail", number=1)
    before = client.get(page).content

    game.result = GameResult.DRAW if game.result != GameResult.DRAW else GameResult.WHITE_WINS
    game.save()

    after = client.get(page).content
    assert after != before


def test_logged_in_organisers_are_not_served_the_visitors_cached_page(client):
    section = swiss_section(10, rounds_played=1)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    client.get(url(section))

    client.force_login(organiser)
    response = client.get(url(section))

    assert organiser.get_username() in response.text


def test_pairings_csv_lists_boards_then_byes(client, section):
    response = client.get(url(section, "round_csv", number=1))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Board", "White No", "White"]
    assert rows[1] == [
        "1",
        "1",
        "Player001, First1",
        "2599",
        "0",
        "1-0",
        "2",
        "Player002, First2",
        "2598",
        "0",
    ]
    assert len(rows) == 1 + 3 + 1
    assert rows[-1][1:3] == ["7", "Player007, First7"]
    assert rows[-1][5] == "Pairing-allocated bye"


def test_pairings_csv_gives_the_scores_before_the_round(client, section):
    rows = list(
        csv.reader(
            io.StringIO(client.get(url(section, "round_csv", number=2)).content.decode("utf-8-sig"))
        )
    )
    scores = {row[1]: row[4] for row in rows[1:]}
    assert scores["1"] == "1"  # won on board 1 in round 1
    assert scores["4"] == "0.5"  # drew on board 2


def test_player_card_lists_every_round_with_a_running_score(client, section):
    response = client.get(url(section, "player_detail", rank=2))
    assert response.status_code == 200
    card = response.context["card"]
    assert [line.round_number for line in card.lines] == [1, 2]
    first, second = card.lines
    assert (first.opponent.starting_rank, first.colour, first.result) == (1, "b", "0")
    assert (second.opponent.starting_rank, second.colour, second.result) == (3, "w", "–")
    assert [line.running for line in card.lines] == [0, 0]


def test_player_card_adds_up_the_running_score(client):
    section = swiss_section(4, rounds_played=2)
    card = client.get(url(section, "player_detail", rank=1)).context["card"]
    # Round 1: 1-2 on board 1 (1-0); round 2: ranks 2 3 4 1, so 1-4 on board 2 (draw).
    assert [line.running for line in card.lines] == [1, Fraction(3, 2)]
    assert "1½" in client.get(url(section, "player_detail", rank=1)).text


def test_player_card_shows_a_bye(client, section):
    card = client.get(url(section, "player_detail", rank=7)).context["card"]
    assert card.lines[0].opponent is None
    assert card.lines[0].points == 1


def test_unknown_player_is_not_found(client, section):
    assert client.get(url(section, "player_detail", rank=99)).status_code == 404


def test_find_me_shows_my_board_and_opponent_without_javascript(client, section):
    response = client.get(url(section, "player_find"), {"q": "player003"})
    assert response.status_code == 200
    [found] = response.context["found"]
    assert found.player.starting_rank == 3
    assert found.opponent is not None
    assert f"board {found.game.board}" in response.text
    assert found.opponent.full_name in response.text


def test_find_me_matches_every_word_in_either_name(client, section):
    response = client.get(url(section, "player_find"), {"q": "first5 player"})
    assert [f.player.starting_rank for f in response.context["found"]] == [5]


def test_find_me_says_when_nobody_matches(client, section):
    response = client.get(url(section, "player_find"), {"q": "nobody"})
    assert "Nobody called" in response.text


def test_find_me_answers_a_fragment_for_the_script(client, section):
    response = client.get(url(section, "player_find"), {"q": "player00", "partial": "1"})
    assert "<html" not in response.text
    assert "Player001" in response.text


def test_live_version_changes_when_a_result_is_entered(client, section):
    first = client.get(url(section, "section_live"))
    etag = first["ETag"]
    assert client.get(url(section, "section_live"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    game = Round.objects.get(section=section, number=2).games.get(board=1)
    game.result = GameResult.DRAW
    game.save()
    second = client.get(url(section, "section_live"), HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 200
    assert second.json()["version"] != first.json()["version"]


def test_live_version_changes_when_a_round_is_published(client, section):
    before = client.get(url(section, "section_live")).json()["version"]
    Round.objects.create(section=section, number=3, status=RoundStatus.PUBLISHED)
    assert client.get(url(section, "section_live")).json()["version"] != before


def test_live_pages_name_the_version_url_and_their_fragments(client, section):
    text = client.get(url(section)).text
    assert f'data-live-url="{url(section, "section_live")}"' in text
    assert 'id="current" data-live' in text


def test_a_bye_request_shows_on_the_player_card_at_once_despite_the_page_cache(client):
    section = swiss_section(10, rounds_played=1)
    player = section.players.order_by("starting_rank").first()
    card = url(section, "player_detail", rank=player.starting_rank)
    before = client.get(card).content

    ByeRequest.objects.create(player=player, round_number=3, kind=ByeRequestKind.HALF_POINT)

    assert client.get(card).content != before


def test_a_round_lists_its_players_by_name_with_board_colour_and_opponent(client, section):
    section.players.filter(starting_rank=5).update(last_name="Ångström")
    section.players.filter(starting_rank=6).update(last_name="aaron")
    response = client.get(url(section, "round_detail", number=2) + "?order=name")
    assert response.status_code == 200
    lines = response.context["by_name"]
    names = [line.player.last_name for line in lines]
    # Every player of the round once, accents and case ignored in the order.
    assert len(names) == 7
    assert names[:2] == ["aaron", "Ångström"]
    assert names[2:] == sorted(names[2:])
    rnd = section.rounds.get(number=2)
    for game in rnd.games.all():
        white = next(line for line in lines if line.player == game.white)
        black = next(line for line in lines if line.player == game.black)
        assert (white.board, white.colour, white.opponent) == (game.board, "White", game.black)
        assert (black.board, black.colour, black.opponent) == (game.board, "Black", game.white)
    bye = next(line for line in lines if line.bye)
    assert bye.board is None
    assert "Pairing-allocated bye" in response.text
    assert "By board" in response.text


def test_the_by_name_list_costs_no_extra_query(client, section, django_assert_num_queries):
    by_board = url(section, "round_detail", number=2)
    client.get(url(section))  # The event's language is read once, then kept.
    with CaptureQueriesContext(connection) as board_queries:
        client.get(by_board)
    with django_assert_num_queries(len(board_queries)):
        client.get(by_board + "?order=name")
