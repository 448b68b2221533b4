"""What a service checks shows in its name: one that takes a `user` checks that user's rights,
and cannot be called without one; a `do_` service trusts its caller and takes no user (an
`actor` at most, which the log names).

The first tests read the services' signatures, every app's; the others call each checked
service, in the event of `tests.security.scenario`, as someone without the right to.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from archives.services import event_restore
from chesscore.record.people import PlayerDetails
from common.exceptions import PermissionDenied
from entries import services as entries
from entries.check_ins.services import check_in_set
from entries.check_ins.services import section_check_in_settings_set as check_in_settings
from entries.models import Entry
from pairing import services as pairing
from people import services as invitations
from results import services as results
from teams.models import MatchForfeit
from teams.models import Team
from teams.models import TeamMatch
from teams.services import matches
from teams.services import rosters as teams
from tests.security.scenario import World
from tests.tournaments.conftest import SMALL_TRF
from tournaments import services
from tournaments.constraints import services as constraints
from tournaments.models import Game
from tournaments.models import LogEntry
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

# The packages and modules of writes and reads, in every app.
LAYERS = [
    "accounts.services",
    "accounts.selectors",
    "archives.services",
    "archives.selectors",
    "entries.services",
    "entries.selectors",
    "entries.check_ins.services",
    "entries.check_ins.selectors",
    "pairing.services",
    "pairing.selectors",
    "teams.services",
    "teams.selectors",
    "people.services",
    "people.selectors",
    "public.selectors",
    "results.services",
    "tournaments.services",
    "tournaments.selectors",
    "tournaments.constraints.services",
    "tournaments.constraints.selectors",
    "tournaments.api.selectors",
]


def _modules() -> Iterator[ModuleType]:
    for name in LAYERS:
        module = importlib.import_module(name)
        yield module
        for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
            yield importlib.import_module(f"{name}.{info.name}")


def _functions() -> dict[str, Callable[..., Any]]:
    """Every public function of the layers, by its dotted name."""
    found = {}
    for module in _modules():
        for name, value in vars(module).items():
            mine = inspect.isfunction(value) and value.__module__ == module.__name__
            if mine and not name.startswith("_"):
                found[f"{module.__name__}.{name}"] = value
    return found


def test_a_trusting_service_takes_no_user():
    trusting = {name: f for name, f in _functions().items() if name.rpartition(".")[2][:3] == "do_"}

    assert "tournaments.services.records.do_section_record_store" in trusting
    assert [name for name, f in trusting.items() if "user" in inspect.signature(f).parameters] == []


def test_a_user_is_never_left_out():
    """A `user` is keyword-only and has no default: leaving it out is a TypeError."""
    loose = []
    for name, function in _functions().items():
        user = inspect.signature(function).parameters.get("user")
        if user is not None and (
            user.kind is not inspect.Parameter.KEYWORD_ONLY
            or user.default is not inspect.Parameter.empty
        ):
            loose.append(name)

    assert loose == []


ROSTER = b"Name,Rating\nAnn Adams,2300\n"


def _calls(world: World) -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    """Each checked service, with every argument but `user`: as the organiser would call it."""
    main, team_section = world.main, world.teams
    player = main.players.get(starting_rank=3)
    excluded = main.players.get(starting_rank=8)
    first = Round.objects.get(section=main, number=1)
    game = Game.objects.filter(round=first).order_by("board").first()
    draft = world.draft
    draft_game = Game.objects.filter(round=draft).order_by("board").first()
    group = ProhibitedGroup.objects.get(section=main)
    team, other = Team.objects.filter(section=team_section).order_by("starting_rank")[:2]
    match = TeamMatch.objects.filter(round=world.team_draft).order_by("number").first()
    entry = Entry.objects.create(section=main, last_name="Waiting", token_hash="0" * 64)
    section_settings = {
        "name": "Main",
        "system": main.system,
        "planned_rounds": main.planned_rounds,
        "initial_colour": main.initial_colour,
        "acceleration": main.acceleration,
    }
    return {
        # tournaments
        "event_update": (services.event_update, {"event": world.open, "name": "Mine"}),
        "section_create": (services.section_create, {"event": world.open, "name": "Mine"}),
        "section_update": (services.section_update, {"section": main, **section_settings}),
        "section_import_trf": (
            services.section_import_trf,
            {"event": world.open, "name": "Mine", "text": SMALL_TRF},
        ),
        "section_trf_load": (services.section_trf_load, {"section": main, "text": SMALL_TRF}),
        "player_create": (
            services.player_create,
            {"section": main, "details": PlayerDetails(last_name="Mine")},
        ),
        "player_update": (
            services.player_update,
            {"player": player, "details": PlayerDetails(last_name="Mine")},
        ),
        "player_withdraw": (services.player_withdraw, {"player": player, "from_round": 3}),
        "player_reinstate": (services.player_reinstate, {"player": player}),
        "section_ranks_reset": (services.section_ranks_reset, {"section": main}),
        "bye_request_create": (
            services.bye_request_create,
            {"player": player, "round_number": 4},
        ),
        "bye_request_delete": (
            services.bye_request_delete,
            {"player": excluded, "round_number": 3},
        ),
        "player_remove": (services.player_remove, {"player": player}),
        "section_delete": (services.section_delete, {"section": main}),
        "event_delete": (services.event_delete, {"event": world.open}),
        "section_roster_import": (
            services.section_roster_import,
            {"section": main, "data": ROSTER, "mapping": None},
        ),
        "event_roster_import": (
            services.event_roster_import,
            {"event": world.open, "data": ROSTER},
        ),
        "section_schedule_set": (services.section_schedule_set, {"section": main, "starts": {}}),
        "event_staff_add": (
            services.event_staff_add,
            {"event": world.open, "username": "sec-stranger", "role": "arbiter"},
        ),
        "event_staff_remove": (
            services.event_staff_remove,
            {"event": world.open, "member_id": world.users["arbiter"].pk},
        ),
        "check_in_set": (check_in_set, {"player": player, "present": True}),
        "section_check_in_settings_set": (
            check_in_settings,
            {"section": main, "check_in": "off", "absent_players": "ask", "check_in_code": "x"},
        ),
        "group_create": (constraints.group_create, {"section": main, "name": "Mine"}),
        "group_update": (
            constraints.group_update,
            {"group": group, "name": "Mine", "kind": group.kind, "members": [1, 2]},
        ),
        "group_delete": (constraints.group_delete, {"group": group}),
        "bye_exclusion_set": (
            constraints.bye_exclusion_set,
            {"player": player, "round_number": 4},
        ),
        "bye_exclusion_delete": (
            constraints.bye_exclusion_delete,
            {"player": excluded, "round_number": 3},
        ),
        # pairing
        "round_pair": (pairing.round_pair, {"section": main, "number": 2, "again": True}),
        "round_publish": (pairing.round_publish, {"round": draft}),
        "game_colours_swap": (
            pairing.game_colours_swap,
            {"game": draft_game, "version": draft.version},
        ),
        "games_opponents_swap": (
            pairing.games_opponents_swap,
            {"round": draft, "boards": (1, 2), "version": draft.version},
        ),
        "draft_players_swap": (
            pairing.draft_players_swap,
            {"round": draft, "first": 3, "second": 4, "version": draft.version},
        ),
        "draft_players_pair": (
            pairing.draft_players_pair,
            {"round": draft, "white": 3, "black": 5, "version": draft.version},
        ),
        "draft_bye_give": (
            pairing.draft_bye_give,
            {"round": draft, "player": 3, "version": draft.version},
        ),
        "draft_bye_take": (
            pairing.draft_bye_take,
            {"round": draft, "player": 3, "opponent": None, "version": draft.version},
        ),
        "game_result_set": (
            results.game_result_set,
            {"game": game, "result": "0-1", "version": game.version},
        ),
        "game_colours_correct": (
            results.game_colours_correct,
            {"game": game, "version": game.version, "reason": "Mine"},
        ),
        "bye_correct": (
            results.bye_correct,
            {"round": first, "player": 3, "kind": "H", "version": first.version, "reason": "Mine"},
        ),
        "round_unpublish": (pairing.round_unpublish, {"round": first, "version": first.version}),
        "round_delete": (pairing.round_delete, {"round": draft, "version": draft.version}),
        # teams
        "team_create": (teams.team_create, {"section": team_section, "name": "Mine"}),
        "team_member_add": (
            teams.team_member_add,
            {"team": team, "player": team_section.players.first()},
        ),
        "team_section_boards_set": (
            teams.team_section_boards_set,
            {"section": team_section, "boards": 2},
        ),
        "team_enter": (teams.team_enter, {"section": team_section, "name": "Mine"}),
        "team_roster_extend": (teams.team_roster_extend, {"team": team, "players": []}),
        "team_withdraw": (teams.team_withdraw, {"team": team, "from_round": 3}),
        "team_reinstate": (teams.team_reinstate, {"team": team}),
        "team_captain_set": (teams.team_captain_set, {"team": team, "username": "sec-stranger"}),
        "team_match_create": (
            matches.team_match_create,
            {"round": world.team_draft, "white_team": team, "black_team": other},
        ),
        "lineup_set": (matches.lineup_set, {"match": match, "team": match.black_team}),
        "team_match_forfeit": (
            matches.team_match_forfeit,
            {"match": match, "kind": MatchForfeit.WHITE_WINS},
        ),
        "invitation_create": (
            invitations.invitation_create,
            {"event": world.open, "email": "b@example.org", "role": "arbiter", "link_for": str},
        ),
        "invitation_revoke": (
            invitations.invitation_revoke,
            {"event": world.open, "invitation_id": world.invitation.pk},
        ),
        # entries
        "entry_settings_save": (entries.entry_settings_save, {"section": main, "is_open": True}),
        "entry_approve": (entries.entry_approve, {"entry": entry}),
        "entry_refuse": (entries.entry_refuse, {"entry": entry}),
        "entry_move": (entries.entry_move, {"entry": entry}),
        # whoever is signed in may do these
        "event_create": (services.event_create, {"name": "Mine"}),
        "event_restore": (event_restore, {"data": b"{}"}),
    }


# Services any signed-in user may call: only a visitor who is not signed in is refused.
SIGNED_IN_ONLY = {"event_create", "event_restore"}


def test_each_checked_service_refuses_a_user_without_the_right(world):
    calls = _calls(world)
    logged = LogEntry.objects.count()
    done = []
    for name, (service, arguments) in calls.items():
        for role in ("anonymous",) if name in SIGNED_IN_ONLY else ("anonymous", "stranger"):
            user = world.users[role] or AnonymousUser()
            try:
                service(**arguments, user=user)
            except PermissionDenied:
                continue
            except Exception as exc:
                done.append(f"{name} as {role}: {exc!r}")
            else:
                done.append(f"{name} as {role}: done")

    assert done == []
    assert LogEntry.objects.count() == logged
    assert Round.objects.get(pk=world.draft.pk).status == RoundStatus.DRAFT


def test_a_checked_service_cannot_be_called_without_a_user(world):
    called = []
    for name, (service, arguments) in _calls(world).items():
        try:
            service(**arguments)
        except TypeError as exc:
            if "'user'" in str(exc):
                continue
            called.append(f"{name}: {exc}")
        else:
            called.append(f"{name}: done")

    assert called == []
