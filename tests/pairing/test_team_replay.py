"""A team Swiss run on the site, exported as TRF26, replays round by round in the engine.

Seven teams of three boards (and a reserve) play five rounds through the services: pair,
change a line-up, publish, forfeit a match, enter results. The exported file must carry the
teams' rounds (300, 310, 320, 330, 352, 192, and 362 when the match scoring is not the
default) and `check_team_file` (``rookery-pairings --team FILE -c``) must find every round
as the engine pairs it.
"""

from __future__ import annotations

import random

import pytest

from chesscore.cli.pairings import main
from chesscore.pairing.team import check_team_file
from chesscore.record import trf
from config.celery import app
from pairing.models import RunStatus
from public.selectors import section_trf_export_get
from public.selectors import team_standings_page_get
from results.services import game_result_set
from teams import services as team_services
from teams.models import MatchForfeit
from teams.models import TeamMatch
from tests.pairing.test_team_pairing import make_team_section
from tests.pairing.test_team_pairing import pair
from tests.pairing.test_team_pairing import publish
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

ROUNDS = 5


@pytest.fixture(autouse=True)
def eager_tasks():
    """Tasks run in-process, even when a broker is configured: nothing is left on a queue."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


def play_event(section, capture) -> None:
    """Five rounds: an empty board in round 2, a forfeited match in round 3."""
    rng = random.Random(2026)
    for number in range(1, ROUNDS + 1):
        run = pair(section, number, capture)
        assert run.status == RunStatus.DONE, run.error
        publish(section, number)
        matches = TeamMatch.objects.filter(round__section=section, round__number=number)
        first = matches.order_by("number").first()
        if number == 2:
            # The black team leaves its last board empty: its opponent wins it by forfeit.
            roster = [m.player for m in first.black_team.members.order_by("board_order")]
            team_services.lineup_set(
                match=first,
                team=first.black_team,
                user=section.organiser,
                players=[*roster[:2], None],
            )
        if number == 3:
            team_services.team_match_forfeit(
                match=first, user=section.organiser, kind=MatchForfeit.BLACK_WINS
            )
        rnd = Round.objects.get(section=section, number=number)
        for game in rnd.games.order_by("board"):
            game_result_set(
                game=game, result=rng.choice(RESULTS), user=section.organiser, version=game.version
            )
        assert Round.objects.get(pk=rnd.pk).status == RoundStatus.COMPLETED


def test_an_event_run_on_the_site_replays_from_its_trf26_file(
    django_capture_on_commit_callbacks, tmp_path, capsys
):
    section = make_team_section(7, boards=3, reserves=1, rounds=ROUNDS)
    play_event(section, django_capture_on_commit_callbacks)

    text = section_trf_export_get(section=section, dialect="trf26")
    lines = text.split("\r")
    codes = {line[:3] for line in lines}
    assert {"192", "310", "300", "320", "330", "352"} <= codes
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in lines
    assert "352 WBW" in lines
    assert "362" not in codes  # TRF26's default match scoring, 2-1-0, goes without saying
    assert sum(line.startswith("310") for line in lines) == 7
    assert sum(line.startswith("330") for line in lines) == 1
    assert sum(line.startswith("300") for line in lines) == 6 * ROUNDS
    # One PAB a round, each to another team (C2), worth a draw: 1 MP and 3 x ½ GP.
    pab = next(line for line in lines if line.startswith("320"))
    assert pab.startswith("320  1.0  1.5")
    assert len(set(pab.split()[3:])) == ROUNDS

    record = trf.read(text)
    assert len(record.teams) == 7
    assert all(len(t.members) == 4 for t in record.teams)
    # Each 310 line carries the team's scores and rank, as the team standings give them.
    standings = team_standings_page_get(section)
    assert {t.number: (t.match_points, t.game_points, t.rank) for t in record.teams} == {
        line.number: (line.match_points, line.game_points, line.rank) for line in standings.lines
    }
    report = check_team_file(record)
    assert report.ok, report.lines()
    assert len(report.rounds) == ROUNDS
    path = tmp_path / "site.trf"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["--team", str(path), "-c"]) == 0
    assert capsys.readouterr().out.count("matches") == ROUNDS


def test_a_match_scoring_of_its_own_is_exported_and_replayed(django_capture_on_commit_callbacks):
    section = make_team_section(7, boards=3, reserves=1, rounds=ROUNDS)
    section.trf_extra = {"match_scoring": {"win": "3", "draw": "1", "loss": "0"}}
    section.save()
    play_event(section, django_capture_on_commit_callbacks)

    text = section_trf_export_get(section=section, dialect="trf26")
    assert "362 TW 3.0 TD 1.0 TL 0.0" in text.split("\r")
    report = check_team_file(trf.read(text))
    assert report.ok, report.lines()
