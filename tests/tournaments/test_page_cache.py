"""Pages and API reads computed once per section version: every write a player can see is
shown on the next request, to visitors, logged-in users and organisers alike, and no one is
served an answer made for someone else."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from chesscore.record.people import PlayerDetails
from pairing import services as pairing
from results.services import game_result_set
from teams import services as teams
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments import services
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import RoundStatus
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def page(section: Section, name: str = "section_detail", **extra) -> str:
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    return reverse(name, kwargs=kwargs)


def api(section: Section, what: str) -> str:
    return f"/api/v1/sections/{section.pk}/{what}/"


def main(response) -> str:
    """The page without its navigation (whose CSRF token differs on every answer)."""
    assert response.status_code == 200, response.status_code
    text = response.content.decode()
    return text[text.index("<main>") :]


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def day(organiser):
    """Eight players: round 1 completed, round 2 published without results."""
    section = swiss_section(8, rounds_played=2, results_in_last=False, tiebreaks=["BH"])
    section.event.organisers.add(organiser)
    return section


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def clients(organiser):
    """A visitor who is not logged in, one who is (and runs nothing), and an organiser."""
    return {
        "anonymous": client_of(),
        "visitor": client_of(UserFactory(username="visitor")),
        "organiser": client_of(organiser),
    }


def read_all(clients, url: str) -> dict[str, str]:
    """Each client's page (downloads and API answers as text), read twice so that the second
    is served from the cache."""
    answers = {}
    for name, client in clients.items():
        client.get(url)
        response = client.get(url)
        html = response["Content-Type"].startswith("text/html")
        answers[name] = main(response) if html else response.content.decode()
    return answers


def game(section: Section, number: int, board: int) -> Game:
    return Game.objects.get(round__section=section, round__number=number, board=board)


# ---------------------------------------------------------------------------------------
# Every write is seen on the next request
# ---------------------------------------------------------------------------------------


def test_a_result_entered_is_shown_at_once_to_everyone(day, clients, organiser):
    urls = [page(day, "round_detail", number=2), page(day), api(day, "rounds/2/pairings")]
    before = {url: read_all(clients, url) for url in urls}
    board = game(day, 2, 1)

    game_result_set(game=board, result=GameResult.WHITE_WINS, user=organiser, version=board.version)

    for url in urls:
        after = read_all(clients, url)
        for who, text in after.items():
            assert text != before[url][who], (url, who)
            assert "1–0" in text or '"result":"1-0"' in text, (url, who)


def test_a_result_corrected_changes_the_standings_at_once(day, clients, organiser):
    urls = [
        page(day, "standings_detail"),
        page(day, "standings_csv"),
        page(day, "crosstable_detail"),
        api(day, "standings"),
    ]
    before = {url: read_all(clients, url) for url in urls}
    board = game(day, 1, 1)
    assert board.result == GameResult.WHITE_WINS

    game_result_set(
        game=board,
        result=GameResult.BLACK_WINS,
        user=organiser,
        version=board.version,
        reason="Slip read the wrong way round",
    )

    for url in urls:
        after = read_all(clients, url)
        for who, text in after.items():
            assert text != before[url][who], (url, who)


def test_a_round_taken_back_and_published_again_is_shown_at_once(day, clients, organiser):
    urls = [page(day), page(day, "player_detail", rank=1), api(day, "rounds/2/pairings")]
    for url in urls:
        read_all(clients, url)
    rnd = day.rounds.get(number=2)

    rnd = pairing.round_unpublish(round=rnd, user=organiser, version=rnd.version)

    assert rnd.status == RoundStatus.DRAFT
    for who, text in read_all(clients, page(day)).items():
        assert "Round 2" not in text, who
    for who, client in clients.items():
        answer = client.get(api(day, "rounds/2/pairings"))
        # The organiser sees the draft; nobody else sees a round that is not published.
        assert answer.status_code == (200 if who == "organiser" else 404), who

    pairing.round_publish(round=rnd, user=organiser, version=rnd.version)

    for who, text in read_all(clients, page(day)).items():
        assert "Round 2" in text, who
    for who, text in read_all(clients, api(day, "rounds/2/pairings")).items():
        assert '"status":"published"' in text, who


def test_a_player_added_is_shown_at_once(day, clients, organiser):
    urls = [page(day), page(day, "standings_detail")]
    for url in urls:
        assert all("Newcomer" not in text for text in read_all(clients, url).values())

    services.player_create(
        section=day,
        user=organiser,
        entry_round=3,
        details=PlayerDetails(last_name="Newcomer", first_name="Nina"),
    )

    for url in urls:
        for who, text in read_all(clients, url).items():
            assert "Newcomer" in text, (url, who)


def test_a_player_withdrawn_is_shown_at_once(day, clients, organiser):
    urls = [page(day), page(day, "player_detail", rank=3)]
    for url in urls:
        assert all("ithdrawn" not in text for text in read_all(clients, url).values())

    services.player_withdraw(player=day.players.get(starting_rank=3), user=organiser, from_round=3)

    for url in urls:
        for who, text in read_all(clients, url).items():
            assert "ithdrawn from round 3" in text, (url, who)


def test_a_tie_break_setting_changed_is_shown_at_once(day, clients, organiser):
    urls = [page(day, "standings_detail"), api(day, "standings")]
    for url in urls:
        assert all("SB" not in text for text in read_all(clients, url).values())

    services.section_update(
        section=day,
        user=organiser,
        name=day.name,
        system=day.system,
        planned_rounds=day.planned_rounds,
        initial_colour=day.initial_colour,
        acceleration=day.acceleration,
        tiebreaks=["SB", "BH"],
    )

    for url in urls:
        for who, text in read_all(clients, url).items():
            assert "SB" in text, (url, who)


def test_starting_ranks_numbered_again_are_shown_at_once(organiser, clients):
    """Numbering in the initial order moves ranks with bulk updates that touch no time."""
    section = SectionFactory()
    section.event.organisers.add(organiser)
    for rating, name in ((1800, "Low"), (2400, "High")):
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=name, fide_rating=rating),
        )
    section.players.filter(last_name="High").update(starting_rank=3)
    section.players.filter(last_name="Low").update(starting_rank=1)
    section.players.filter(last_name="High").update(starting_rank=2)
    before = read_all(clients, page(section))
    assert all(text.index("Low") < text.index("High") for text in before.values())

    services.section_ranks_reset(section=section, user=organiser)

    for who, text in read_all(clients, page(section)).items():
        assert text.index("High") < text.index("Low"), who


def test_a_team_entered_and_its_roster_are_shown_at_once(organiser, clients):
    """Teams and rosters are nothing the section's version counts: their services mark the
    section changed."""
    section = team_section(2, boards=2, rounds_played=0)
    section.event.organisers.add(organiser)
    url = page(section, "team_list")
    assert all("Newcomers" not in text for text in read_all(clients, url).values())

    team = teams.team_create(section=section, user=organiser, name="Newcomers")

    for who, text in read_all(clients, url).items():
        assert "Newcomers" in text, who
    player = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Rookie")
    )
    read_all(clients, url)

    teams.team_member_add(team=team, player=player, user=organiser)

    for who, text in read_all(clients, url).items():
        assert text.index("Rookie") > text.index("Newcomers"), who


# ---------------------------------------------------------------------------------------
# The cache is keyed by everything that changes the answer
# ---------------------------------------------------------------------------------------

PAGES = [
    ("section_detail", {}),
    ("round_detail", {"number": 2}),
    ("round_detail", {"number": 1}),
    ("round_slips", {"number": 2}),
    ("standings_detail", {}),
    ("crosstable_detail", {}),
    ("player_detail", {"rank": 1}),
    ("player_detail", {"rank": 2}),
]


def _without_csrf(text: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)


@pytest.mark.parametrize(("name", "extra"), PAGES)
def test_each_visitor_is_served_the_page_made_for_them_whoever_came_first(
    day, clients, name, extra
):
    url = page(day, name, **extra)
    fresh = {}
    for who, client in clients.items():
        cache.clear()
        fresh[who] = _without_csrf(client.get(url).content.decode())
    for first in clients:
        cache.clear()
        clients[first].get(url)
        for who, client in clients.items():
            served = _without_csrf(client.get(url).content.decode())
            assert served == fresh[who], (first, who)


def test_the_organisers_page_and_the_visitors_are_kept_apart(day, clients):
    url = page(day)
    link = "Manage this section"

    organiser_first = main(clients["organiser"].get(url))
    visitor_after = main(clients["visitor"].get(url))
    anonymous_after = main(clients["anonymous"].get(url))

    assert link in organiser_first
    assert link not in visitor_after
    assert link not in anonymous_after
    assert link in main(clients["organiser"].get(url))


def test_every_visitor_sees_their_own_name_on_a_cached_page(day, organiser):
    url = page(day, "standings_detail")
    for user in [*(UserFactory(username=f"player{n}") for n in range(3)), organiser]:
        text = client_of(user).get(url).content.decode()

        assert f'class="who" href="{reverse("profile")}">{user.get_username()}</a>' in text
        assert "<!-- site-nav -->" not in text


def test_the_address_and_its_query_are_part_of_the_key(day, clients):
    by_board = main(clients["anonymous"].get(page(day, "round_detail", number=2)))
    by_name = main(clients["anonymous"].get(page(day, "round_detail", number=2) + "?order=name"))

    assert by_board != by_name


def test_the_same_address_in_two_sections_is_not_shared(day, clients):
    other = swiss_section(6, rounds_played=1, event=day.event)

    first = main(clients["visitor"].get(page(day, "standings_detail")))
    second = main(clients["visitor"].get(page(other, "standings_detail")))

    assert first != second
    assert other.name in second


def test_an_event_renamed_is_shown_at_once(day, clients):
    read_all(clients, page(day))
    day.event.name = "Renamed Open"
    day.event.save()

    for who, text in read_all(clients, page(day)).items():
        assert "Renamed Open" in text, who


def test_an_event_made_private_is_no_longer_served_from_the_cache(day, clients):
    read_all(clients, page(day, "standings_detail"))
    read_all(clients, api(day, "standings"))
    day.event.is_public = False
    day.event.save()

    for who in ("anonymous", "visitor"):
        assert clients[who].get(page(day, "standings_detail")).status_code == 404, who
        assert clients[who].get(api(day, "standings")).status_code == 404, who
    assert clients["organiser"].get(page(day, "standings_detail")).status_code == 200


def test_a_draft_is_never_kept_for_anyone(day, organiser):
    """Changes to a draft leave the section's version alone, so a draft's boards are read
    every time: the organiser sees each hand edit at once."""
    rnd = day.rounds.get(number=2)
    rnd = pairing.round_unpublish(round=rnd, user=organiser, version=rnd.version)
    client = client_of(organiser)
    first = client.get(api(day, "rounds/2/pairings")).json()
    Game.objects.filter(round=rnd, board=1).update(result=GameResult.DRAW)

    again = client.get(api(day, "rounds/2/pairings")).json()

    assert again != first


def test_a_private_events_pages_are_cached_for_its_organisers_only(organiser, clients):
    section = swiss_section(6, rounds_played=1, event=EventFactory(is_public=False))
    section.event.organisers.add(organiser)

    assert clients["organiser"].get(page(section, "standings_detail")).status_code == 200
    for who in ("anonymous", "visitor"):
        assert clients[who].get(page(section, "standings_detail")).status_code == 404, who
        assert clients[who].get(api(section, "standings")).status_code == 404, who


def test_a_draft_read_by_the_organiser_first_reaches_no_one_else(day, clients, organiser):
    """The organiser reads every page and API answer of a section with a draft first, filling
    the caches; visitors, logged in or not, then see nothing of the draft."""
    rnd = day.rounds.get(number=2)
    pairing.round_unpublish(round=rnd, user=organiser, version=rnd.version)
    urls = [
        page(day),
        page(day, "round_detail", number=2),
        page(day, "standings_detail"),
        page(day, "crosstable_detail"),
        page(day, "player_detail", rank=1),
        api(day, "standings"),
        api(day, "rounds/2/pairings"),
    ]
    for url in urls:
        clients["organiser"].get(url)
        clients["organiser"].get(url)
    assert clients["organiser"].get(api(day, "rounds/2/pairings")).status_code == 200

    for who in ("anonymous", "visitor"):
        client = clients[who]
        assert client.get(page(day, "round_detail", number=2)).status_code == 404, who
        assert client.get(api(day, "rounds/2/pairings")).status_code == 404, who
        for url in (page(day), page(day, "player_detail", rank=1)):
            assert "Round 2" not in main(client.get(url)), (url, who)


@pytest.mark.parametrize(
    ("what", "anonymous"),
    [
        # The section with its event and its version.
        ("standings", 1),
        # The section with its event, then the round (its answer is kept by its version).
        ("rounds/2/pairings", 2),
    ],
)
def test_a_kept_api_answer_costs_its_lookups_only(
    day, clients, what, anonymous, django_assert_num_queries
):
    url = api(day, what)
    # Logged in: the user first (the session comes from the cache).
    for who, queries in [("anonymous", anonymous), ("visitor", anonymous + 1)]:
        first = clients[who].get(url)
        assert first.status_code == 200, who
        with django_assert_num_queries(queries):
            again = clients[who].get(url)
        assert again.content == first.content, who
