"""Events to back up, made the way the site makes them, and an empty site to restore into.

- `swiss_event`: a Dutch section run through the services: results of every kind, byes of
  every kind, a withdrawal, a late entry, hand edits, bye requests and exclusions,
  prohibited groups, a draft round, a log with reasons, changes and players;
- `team_event`: a team Swiss with matches, line-ups, an empty board, a forfeited match, a
  team bye, a withdrawn team and a captain;
- `trf_event`: sections imported from TRF files, one with everything that has no column;
- `entries_event`: a section taking online entries (one in every status, two on the waiting
  list), checking players in before every round (by an arbiter and with the code), with
  round times, in a time zone of its own, round 1 played;
- `empty_event`: no sections at all.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q

from chesscore.record.people import PlayerDetails
from entries import services as entries
from entries.check_ins import services as check_ins
from entries.models import Entry
from entries.models import EntryStatus
from pairing import services as pairing
from results.services import bye_correct
from results.services import game_result_set
from teams.models import Lineup
from teams.models import MatchForfeit
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.services import lineup_set
from teams.services import team_captain_set
from teams.services import team_match_forfeit
from teams.services import team_withdraw
from tests.factories import UserFactory
from tests.factories import team_section
from tests.tournaments.conftest import SMALL_TRF
from tests.tournaments.conftest import rich_record
from tournaments import services
from tournaments.constraints import services as constraints
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ConstraintKind
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import Round


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def arbiter():
    return UserFactory(username="arbiter")


def _results(rnd: Round, user, results: list[str]) -> None:
    """Enter `results` on the round's boards in order, one per board."""
    for game, result in zip(rnd.games.order_by("board"), results, strict=True):
        game_result_set(game=game, result=result, user=user, version=game.version)


def _paired(section, number: int, user, capture) -> Round:
    """Round `number` paired by the worker: `capture` is pytest-django's
    `django_capture_on_commit_callbacks`, which runs the task queued on commit."""
    with capture(execute=True):
        run = pairing.round_pair(section=section, number=number, user=user)
    run.refresh_from_db()
    assert run.status == "done", run.error
    return Round.objects.get(section=section, number=number)


def make_swiss_event(organiser, arbiter, capture) -> Event:
    event = services.do_event_create(
        name="Ærøskøbing Open ♞",
        slug="aeroskobing",
        city="Ærøskøbing",
        federation="DEN",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 5),
        chief_arbiter="IA Grün",
        time_control="90'+30\"",
        organisers=[organiser],
    )
    event.venue = "Town hall\nfirst floor"
    event.save()
    event.arbiters.add(arbiter)
    section = services.section_create(
        event=event,
        user=organiser,
        name="Open A",
        planned_rounds=6,
        tiebreaks=["BH/C1", "BH", "SB"],
        scoring={
            "points_win": Decimal("3"),
            "points_draw": Decimal("1"),
            "points_pab": Decimal("3"),
        },
        max_half_point_byes=2,
        half_point_bye_closed_rounds=[6],
        late_entry_half_point_byes=1,
    )
    details = [
        ("Carlsen", "Magnus", "GM", "m", "1990/11/30", "NOR", "Offerspill", "1503014", 2830),
        ("Hou", "Yifan", "GM", "w", "1994/02/27", "CHN", "", "8602980", 2630),
        ("Müller", "Jörg", "", "m", "1975", "GER", "SK Zürich", "", 2200),
        ("Ødegaard", "Åse", "WFM", "w", "", "NOR", "Offerspill", "", 2100),
        ("O'Brien", "Seán", "", "", "", "IRL", "", "", 2000),
        ("Nakamura", "", "", "m", "", "USA", "", "2016192", 1900),
        ("Δημητρίου", "Νίκος", "", "m", "", "GRE", "", "", None),
        ("Smith", "Jo", "", "", "", "ENG", "Offerspill", "", 1700),
        ("Null", "Zero", "", "", "", "", "", "", None),
    ]
    players = {}
    for last, first, title, sex, born, fed, club, fide_id, rating in details:
        p = services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(
                last_name=last,
                first_name=first,
                title=title,
                sex=sex,
                birth_date=born,
                federation=fed,
                club=club,
                fide_id=fide_id,
                fide_rating=rating,
                national_rating=rating and rating - 50,
            ),
        )
        players[last] = p
    players = {p.starting_rank: p for p in section.players.all()}
    constraints.group_create(section=section, user=organiser, name="Siblings", members=[3, 5])
    constraints.group_create(
        section=section,
        user=organiser,
        name="Clubmates",
        kind=ConstraintKind.SOFT_LOWEST,
        attribute="club",
    )
    services.bye_request_create(player=players[4], user=organiser, round_number=2)
    services.bye_request_create(player=players[6], user=organiser, round_number=2, kind="F")
    services.bye_request_create(player=players[7], user=organiser, round_number=3, kind="Z")
    constraints.bye_exclusion_set(player=players[9], user=organiser, round_number=1)

    rnd = _paired(section, 1, organiser, capture)
    pairing.game_colours_swap(game=rnd.games.get(board=1), user=arbiter, version=rnd.version)
    pairing.round_publish(round=rnd, user=organiser)
    _results(rnd, arbiter, ["1-0", "0-1", "1/2", "+-"])

    rnd = _paired(section, 2, organiser, capture)
    pairing.round_publish(round=rnd, user=organiser)
    _results(rnd, arbiter, ["-+", "--", "1-0u"])

    services.player_withdraw(player=players[5], user=organiser, from_round=3)
    services.player_create(
        section=section,
        user=organiser,
        entry_round=3,
        details=PlayerDetails(last_name="Latecomer", first_name="Lea"),
    )
    rnd = _paired(section, 3, arbiter, capture)
    pairing.round_publish(round=rnd, user=arbiter)
    _results(rnd, arbiter, ["1/2u", "0-1u", "1/2", "0-1"])
    # The withdrawn player's round 3, paired without them, corrected to an absence.
    bye_correct(
        round=rnd,
        player=players[5].starting_rank,
        kind=ByeKind.ABSENT,
        user=arbiter,
        version=Round.objects.get(pk=rnd.pk).version,
        reason="Absent without notice.",
    )

    rnd = _paired(section, 4, organiser, capture)
    pairing.draft_players_swap(
        round=rnd, first=1, second=2, user=organiser, version=Round.objects.get(pk=rnd.pk).version
    )
    services.log_write(
        actor=organiser,
        action=LogAction.RATING_CORRECT,
        description="Rating of Müller corrected.",
        subject=section,
        round_number=3,
        board=2,
        players=[players[3], players[1]],
        reason="The federation's list of July was out",
        changes={"fide_rating": [2200, 2210], "note": {"z": 1, "a": [1.5, None, True]}},
        warnings={"added": ["C3 broken"], "resolved": []},
    )
    services.log_write(subject=event, actor=None, action="weird_old_action", description="Legacy.")
    return event


@pytest.fixture
def swiss_event(organiser, arbiter, eager_tasks, django_capture_on_commit_callbacks) -> Event:
    return make_swiss_event(organiser, arbiter, django_capture_on_commit_callbacks)


def make_team_event(organiser, capture) -> Event:
    section = team_section(teams=5, boards=2, reserves=1, rounds_played=2, name="Teams")
    event = section.event
    event.organisers.add(organiser)
    captain = UserFactory(username="captain")
    team = section.teams.get(starting_rank=2)
    team = team_captain_set(team=team, user=organiser, username=captain.username)
    match = TeamMatch.objects.get(round__section=section, round__number=2, number=1)
    team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.WHITE_WINS)
    team_withdraw(team=section.teams.get(starting_rank=5), user=organiser, from_round=4)
    rnd = _paired(section, 3, organiser, capture)
    pairing.round_publish(round=rnd, user=organiser)
    match = rnd.team_matches.get(Q(white_team=team) | Q(black_team=team))
    reserve = team.members.get(board_order=3).player
    lineup_set(match=match, team=team, user=captain, players=[reserve, None])
    return event


@pytest.fixture
def team_event(organiser, eager_tasks, django_capture_on_commit_callbacks) -> Event:
    return make_team_event(organiser, django_capture_on_commit_callbacks)


def make_trf_event(organiser) -> Event:
    section = services.do_event_import_trf(
        text=SMALL_TRF.encode(), section_name="Small", organisers=[organiser]
    )
    event = section.event
    services.do_section_record_store(event=event, name="Rich", record=rich_record())
    return event


@pytest.fixture
def trf_event(organiser) -> Event:
    return make_trf_event(organiser)


@pytest.fixture
def empty_event(organiser) -> Event:
    return services.do_event_create(name="Nothing yet", is_public=False, organisers=[organiser])


def _entered(section, last_name: str, **details) -> Entry:
    entry, _secret = entries.entry_submit(
        section=section, link_for=lambda secret: f"/entry/{secret}/", last_name=last_name, **details
    )
    return entry


def make_entries_event(organiser, arbiter, capture) -> Event:
    event = services.do_event_create(
        name="Bergen Rapid", slug="bergen", time_zone="Europe/Oslo", organisers=[organiser]
    )
    event.arbiters.add(arbiter)
    section = services.section_create(event=event, user=organiser, name="Open", planned_rounds=3)
    for last, rating in (("Aune", 2300), ("Berg", 2200), ("Dahl", 2100)):
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=last, fide_rating=rating),
        )
    start = datetime.datetime(2027, 9, 5, 8, 0, tzinfo=datetime.UTC)
    services.section_schedule_set(
        section=section,
        user=organiser,
        starts={n: start + datetime.timedelta(hours=2 * (n - 1)) for n in (1, 2, 3)},
    )
    entries.entry_settings_save(
        section=section,
        user=organiser,
        is_open=True,
        closes_at=start,
        max_players=8,
        waiting_list=True,
        phone="optional",
    )
    approved = _entered(
        section, "Eide", first_name="Ola", fide_id="1510045", fide_rating=1900, email="ola@e.no"
    )
    entries.entry_approve(entry=approved, user=organiser)
    refused = _entered(section, "Fjell", email="kari@fjell.no", phone="+47 55 00 00 00")
    entries.entry_refuse(entry=refused, user=organiser, reason="Entered twice by mistake")
    entries.entry_withdraw(entry=_entered(section, "Gran", email="per@gran.no", birth_year=2011))
    _entered(section, "Haug", first_name="Åse", email="ase@haug.no", club="Bergens SS")
    _entered(section, "Isaksen", email="isa@ksen.no", federation="nor")
    _entered(section, "Johansen", email="jo@hansen.no", fide_id="1500000")
    _entered(section, "Kvam", email="kvam@k.no")
    waiting = [_entered(section, name, email=f"{name}@w.no") for name in ("Lie", "Moe")]
    assert {e.status for e in waiting} == {EntryStatus.WAITING}
    check_ins.section_check_in_settings_set(
        section=section,
        user=organiser,
        check_in="every",
        absent_players="bye",
        check_in_code="rook",
    )
    players = {p.last_name: p for p in section.players.all()}
    check_ins.check_in_set(player=players["Aune"], user=arbiter, present=True)
    check_ins.check_in_set(player=players["Berg"], user=arbiter, present=True)
    check_ins.check_in_self(player=players["Eide"], code="ROOK")
    rnd = _paired(section, 1, organiser, capture)
    pairing.round_publish(round=rnd, user=organiser)
    check_ins.check_in_self(player=players["Dahl"], code="rook")
    return event


@pytest.fixture
def entries_event(organiser, arbiter, eager_tasks, django_capture_on_commit_callbacks) -> Event:
    return make_entries_event(organiser, arbiter, django_capture_on_commit_callbacks)


def empty_site() -> None:
    """Delete every event and every account: what a fresh site holds. Games, byes, matches
    and line-ups first: they protect the players and teams they name."""
    for model in (Lineup, TeamBye, TeamMatch, Bye, Game):
        model.objects.all().delete()
    Event.objects.all().delete()
    get_user_model().objects.all().delete()
