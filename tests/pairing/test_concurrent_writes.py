"""Simultaneous writes to one game or one draft against PostgreSQL: one wins, every other is
refused with 409 and who changed it, never silently overwritten.

Each thread has its own database connection and its own API client, so the section lock
really contends; all start at the same instant with the version they all read before.
"""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.pairing.test_concurrency import run_together
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_tasks")]

RESULTS = ("1-0", "0-1", "1/2", "+-", "-+")


def test_twenty_simultaneous_results_for_one_game_one_wins_the_others_get_409(postgres_url):
    section = make_section(4)
    rnd = make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)
    game = rnd.games.get(board=1)
    url = f"/api/v1/games/{game.pk}/result/"
    counter = iter(range(20))

    def send():
        result = RESULTS[next(counter) % len(RESULTS)]
        response = client_for(section.organiser).post(
            url, {"result": result, "version": 1}, format="json"
        )
        return response.status_code, response.json(), result

    answers = run_together(send, times=20)

    codes = sorted(code for code, _body, _result in answers)
    assert codes == [200] + [409] * 19
    (winner,) = [result for code, _body, result in answers if code == 200]
    game.refresh_from_db()
    assert (game.result, game.version) == (winner, 2)
    for code, body, _result in answers:
        if code == 409:
            assert body["current"] == {"id": game.pk, "result": winner, "version": 2}
            assert f"by {section.organiser.username}" in body["message"]
    assert LogEntry.objects.filter(action=LogAction.RESULT).count() == 1


def test_simultaneous_hand_edits_of_one_draft_apply_one_and_refuse_the_rest(postgres_url):
    section = make_section(7)
    rnd = make_round(section, 1, [(1, 4), (5, 2), (3, 6)], [(7, ByeKind.PAIRING_ALLOCATED)])
    url = f"/api/v1/sections/{section.pk}/rounds/1/give-bye/"
    ranks = iter([1, 2, 3, 4, 5, 6, 1, 2, 3, 4])

    def send():
        return (
            client_for(section.organiser)
            .post(url, {"player": next(ranks), "version": 1}, format="json")
            .status_code
        )

    codes = sorted(run_together(send, times=10))

    assert codes == [200] + [409] * 9
    assert Round.objects.get(pk=rnd.pk).version == 2
    assert Game.objects.filter(round=rnd).count() == 3
