"""The organiser's round pages: every irreversible step confirmed on a page that says what
goes and what stays; refused steps shown disabled with the reason; corrections by form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pairing import services
from results.services import game_result_set
from tests.factories import UserFactory
from tests.pairing.test_drafts import boards_of
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tests.pairing.test_drafts import v
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import make_section as make_system_section
from tests.pairing.test_services import pair
from tournaments import services as tournament_services
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def url(section, name, number=1, **extra):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "number": number}
    return reverse(name, kwargs={**kwargs, **extra})


@pytest.fixture
def section():
    return make_section(5)


@pytest.fixture
def organiser(client, section):
    client.force_login(section.organiser)
    return client


@pytest.fixture
def draft(section):
    return make_round(section, 1, [(1, 3), (4, 2)], [(5, ByeKind.PAIRING_ALLOCATED)])


@pytest.fixture
def published(section):
    return make_round(
        section, 1, [(1, 3), (4, 2)], [(5, ByeKind.HALF_POINT)], status=RoundStatus.PUBLISHED
    )


def test_publishing_is_asked_first_then_done(organiser, section, draft):
    page = organiser.get(url(section, "round_publish"))

    assert page.status_code == 200
    assert "Publish round 1?" in page.text
    assert "Players will see round 1" in page.text
    assert Round.objects.get(pk=draft.pk).status == RoundStatus.DRAFT

    done = organiser.post(
        url(section, "round_publish"), {"version": v(draft), "reason": "Boards checked."}
    )

    assert done.status_code == 302
    assert Round.objects.get(pk=draft.pk).status == RoundStatus.PUBLISHED
    assert LogEntry.objects.get(action=LogAction.PUBLISH).reason == "Boards checked."


def test_publishing_a_draft_changed_since_the_page_was_shown_is_refused(organiser, section, draft):
    shown = v(draft)
    services.game_colours_swap(game=draft.games.get(board=1), user=section.organiser, version=shown)

    response = organiser.post(url(section, "round_publish"), {"version": shown})

    assert response.status_code == 409
    assert "was changed meanwhile" in response.text
    assert Round.objects.get(pk=draft.pk).status == RoundStatus.DRAFT


def test_pairing_again_says_which_hand_edits_go(organiser, section, draft):
    services.game_colours_swap(
        game=draft.games.get(board=1), user=section.organiser, version=v(draft)
    )

    page = organiser.get(url(section, "round_pair_again"))

    assert "Pair round 1 again?" in page.text
    assert "The 1 hand edit of this draft will be lost." in page.text
    assert "Hand edit lost: Board 1: colours swapped by hand." in page.text


def test_the_round_page_links_each_irreversible_step_to_its_confirmation(organiser, section, draft):
    text = organiser.get(url(section, "round_manage")).text

    assert url(section, "round_publish") in text
    assert url(section, "round_pair_again") in text
    assert url(section, "round_delete") in text


def test_unpublishing_is_confirmed_and_says_what_stays(organiser, section, published):
    page = organiser.get(url(section, "round_unpublish"))

    assert "What stays" in page.text
    assert "exactly as paired" in page.text

    organiser.post(url(section, "round_unpublish"), {"version": v(published), "reason": "Oops"})

    assert Round.objects.get(pk=published.pk).status == RoundStatus.DRAFT
    assert LogEntry.objects.get(action=LogAction.UNPUBLISH).reason == "Oops"


def test_a_refused_step_is_disabled_on_the_round_page_with_its_reason(
    organiser, section, published
):
    game = published.games.get(board=2)
    game_result_set(game=game, result=GameResult.DRAW, user=section.organiser, version=game.version)

    text = organiser.get(url(section, "round_manage")).text
    page = organiser.get(url(section, "round_delete"))
    sent = organiser.post(url(section, "round_delete"), {"version": v(published)})

    assert 'disabled aria-describedby="why-delete"' in text
    assert "Round 1 has results (board 2): clear them first." in text
    assert 'disabled aria-describedby="why-unpublish"' in text
    assert page.status_code == 200
    assert 'class="button danger"' not in page.text  # no button to delete with
    assert "clear them first" in page.text
    assert sent.status_code == 409
    assert published.games.count() == 2


def test_deleting_a_round_is_confirmed_and_it_can_be_paired_again(organiser, section, draft):
    page = organiser.get(url(section, "round_delete"))
    done = organiser.post(url(section, "round_delete"), {"version": v(draft)})

    assert "Its 2 boards and 1 bye." in page.text
    assert done.status_code == 302
    assert Round.objects.get(pk=draft.pk).status == RoundStatus.PENDING
    assert 'data-action="pair"' in organiser.get(url(section, "round_manage")).text


def test_a_result_is_corrected_by_form_with_a_reason_once_the_next_round_is_paired(
    client, django_capture_on_commit_callbacks
):
    section = make_section(8)
    client.force_login(section.organiser)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    game = Game.objects.get(round__section=section, round__number=1, board=1)
    correct = url(section, "game_correct", board=1)

    round_page = client.get(url(section, "round_manage")).text
    refused = client.post(correct, {"result": "0-1", "version": game.version})
    done = client.post(
        correct,
        {"result": "0-1", "version": game.version, "reason": "Wrong button."},
        follow=True,
    )

    assert correct in round_page
    assert "results here are corrected one by one" in round_page
    assert refused.status_code == 409
    assert "Say why" in refused.text
    assert done.status_code == 200
    assert "Round 2 would have been paired differently on board" in done.text
    assert "Rounds already paired stand (C.04.2 4.3)" in done.text
    game.refresh_from_db()
    assert game.result == GameResult.BLACK_WINS


def test_colours_and_result_are_corrected_together(organiser, section, published):
    game = published.games.get(board=1)

    organiser.post(
        url(section, "game_correct", board=1),
        {"result": "1-0", "colours": "on", "version": game.version, "reason": "Seen."},
    )

    game.refresh_from_db()
    assert (game.white.starting_rank, game.black.starting_rank) == (3, 1)
    assert game.result == GameResult.WHITE_WINS
    actions = set(LogEntry.objects.values_list("action", flat=True))
    assert actions == {LogAction.COLOUR_CORRECT, LogAction.RESULT}


def test_a_bye_is_corrected_by_form(organiser, section, published):
    page = organiser.get(url(section, "bye_correct", rank=5))
    organiser.post(
        url(section, "bye_correct", rank=5),
        {"kind": "Z", "version": v(published), "reason": "Asked after the deadline."},
    )

    assert "has half-point bye in round 1" in page.text
    assert published.byes.get().kind == ByeKind.ZERO_POINT


def test_the_pairing_allocated_bye_has_no_correction_button(organiser, section, draft):
    services.round_publish(round=draft, user=section.organiser)

    page = organiser.get(url(section, "bye_correct", rank=5))

    assert "alter the pairing instead" in page.text
    assert "Save the correction" not in page.text


@pytest.mark.parametrize(
    "name", ["round_publish", "round_pair_again", "round_unpublish", "round_delete"]
)
def test_confirmation_pages_are_for_the_events_managers(client, section, draft, name):
    client.force_login(UserFactory())

    assert client.get(url(section, name)).status_code == 403
    assert client.post(url(section, name), {"version": 1}).status_code == 403
    assert boards_of(Round.objects.get(pk=draft.pk)) == [(1, 3), (4, 2)]
    assert Round.objects.get(pk=draft.pk).status == RoundStatus.DRAFT


def test_the_round_in_play_is_checked_against_todays_data_on_request(
    client, django_capture_on_commit_callbacks
):
    section = make_section(8)
    client.force_login(section.organiser)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)

    manage = client.get(url(section, "round_manage", number=2)).text
    same = client.get(url(section, "round_replay", number=2)).text
    game = Game.objects.get(round__section=section, round__number=1, board=1)
    game_result_set(
        game=game, result="0-1", user=section.organiser, version=game.version, reason="x"
    )
    changed = client.get(url(section, "round_replay", number=2)).text

    assert url(section, "round_replay", number=2) in manage
    assert "Round 2 would be paired the same." in same
    assert "Round 2 would have been paired differently on board" in changed
    assert boards_of(Round.objects.get(section=section, number=2))  # nothing changed


def test_reinstating_a_player_says_whether_the_round_in_play_would_be_paired_otherwise(
    client, django_capture_on_commit_callbacks
):
    section = make_section(8)
    client.force_login(section.organiser)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    leaving = section.players.get(starting_rank=8)
    tournament_services.player_withdraw(player=leaving, user=section.organiser, from_round=2)
    pair(section, 2, django_capture_on_commit_callbacks)

    page = client.post(
        reverse("player_reinstate", args=[section.event.slug, section.slug, 8]),
        {"reason": "Came back."},
        follow=True,
    )

    assert "reinstated" in page.text
    assert "Round 2 would have been paired differently" in page.text


def test_pairing_again_is_confirmed_then_done_with_its_reason(
    client, django_capture_on_commit_callbacks
):
    section = make_section(6)
    client.force_login(section.organiser)
    first = pair(section, 1, django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(
            url(section, "round_pair_again"), {"version": 2, "reason": "Late arrival."}
        )

    assert done.status_code == 302
    entry = LogEntry.objects.get(action=LogAction.REPAIR)
    assert entry.reason == "Late arrival."
    assert "(no hand edits lost)" in entry.description
    assert section.pairing_runs.exclude(pk=first.pk).get().status == "done"


def test_an_unpublished_round_leaves_the_public_pages_and_the_api(client, section, published):
    public = reverse("round_detail", args=[section.event.slug, section.slug, 1])
    api = f"/api/v1/sections/{section.pk}/rounds/1/pairings/"
    assert client.get(public).status_code == 200
    assert client.get(api).status_code == 200

    services.round_unpublish(round=published, user=section.organiser, version=v(published))

    assert client.get(public).status_code == 404
    assert client.get(api).status_code == 404


def test_a_burstein_draft_shows_each_players_index_on_the_round_page(
    client, django_capture_on_commit_callbacks
):
    # Four rounds: the first two are seeding rounds (C.04.4.2 1.6), round 3 uses the Index.
    section = make_system_section(5, rounds=4, system="burstein")
    for number in (1, 2):
        pair(section, number, django_capture_on_commit_callbacks)
        finish_round(section, number)
    pair(section, 3, django_capture_on_commit_callbacks)
    client.force_login(section.organiser)

    page = client.get(url(section, "round_manage", 3)).content.decode()

    assert "Paired by the Index (C.04.4.2 1.8)" in page
    assert "BSN by Index (1.8): 1=" in page
    assert "(BH " in page
    assert "PAB (3.1): eligible (C2)" in page


def test_a_burstein_seeding_round_draft_says_the_dutch_system_paired_it(
    client, django_capture_on_commit_callbacks
):
    # Six rounds: three seeding rounds (C.04.4.2 1.6).
    section = make_system_section(6, rounds=6, system="burstein")
    pair(section, 1, django_capture_on_commit_callbacks)
    client.force_login(section.organiser)

    page = client.get(url(section, "round_manage", 1)).content.decode()

    assert "Seeding round 1 of 3 (C.04.4.2 1.6): paired by the FIDE Dutch system (C.04.3)." in page
    assert "Paired by the Index" not in page
