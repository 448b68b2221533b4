"""One event of every kind the permission tests need, the six roles, and every route.

`build` makes, with the real services:

- a public event, "open", whose section "main" (eight players, Dutch) has round 1 published
  and completed, and round 2 a draft paired with a strict prohibited group named
  `SECRET_GROUP`, changed by hand so that it carries a warning; one player has a bye request
  and a bye exclusion for round 3. Its team section "teams" has four teams, round 1 played,
  team 1 captained by the captain, and round 2 a draft;
- a private event, "closed", run by the same organiser and arbiter, with a section of six
  players and round 1 published;
- another event, organised by the other organiser.

`routes` walks the URL configuration: every route, with its name and pattern.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from django.urls import URLPattern
from django.urls import URLResolver
from django.urls import get_resolver
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.models import Invitation
from accounts.services import api_token_create
from pairing.models import PairingRun
from pairing.services import draft_players_pair
from pairing.services import round_pair
from people.services import invitation_create
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.pairing.test_services import finish_round
from tournaments.constraints import services as constraints
from tournaments.models import ConstraintKind
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.services import bye_request_create

ROLES = ("anonymous", "stranger", "other organiser", "captain", "arbiter", "organiser")

# Found only in the draft: the group's name, and the engine's note of the forbidden pairs.
SECRET_GROUP = "SECRETGROUP"
NAMES = ["Amberly", "Brightwater", "Coldharbour", "Dunmore", "Eastleigh", "Fairhaven"]
NAMES += ["Glenrothes", "Hollowell"]


@dataclass
class World:
    """What `build` made, by the names the tests use."""

    users: dict[str, Any]
    open: Event
    closed: Event
    main: Section
    teams: Section
    private: Section
    draft: Round
    team_draft: Round
    run: PairingRun
    private_run: PairingRun
    # Starting ranks of two players who meet in the draft and have not met before.
    draft_pair: tuple[int, int]
    # An API token of the organiser's own, which no one else may revoke.
    token: ApiToken
    # An arbiter's invitation waiting, on each event, which only the organiser withdraws.
    invitation: Invitation
    private_invitation: Invitation
    clients: dict[str, APIClient] = field(default_factory=dict)


def build(capture: Any) -> World:
    """The events above; `capture` is `django_capture_on_commit_callbacks`, which runs the
    pairing (tasks must run eagerly)."""
    organiser, arbiter = UserFactory(username="sec-organiser"), UserFactory(username="sec-arbiter")
    users = {
        "anonymous": None,
        "stranger": UserFactory(username="sec-stranger"),
        "other organiser": UserFactory(username="sec-other"),
        "captain": UserFactory(username="sec-captain"),
        "arbiter": arbiter,
        "organiser": organiser,
    }
    EventFactory(name="Elsewhere", slug="elsewhere").organisers.add(users["other organiser"])

    open_event = EventFactory(name="Open", slug="open", is_public=True)
    open_event.organisers.add(organiser)
    open_event.arbiters.add(arbiter)
    main = SectionFactory(event=open_event, name="Main", slug="main", planned_rounds=4)
    for rank, name in enumerate(NAMES, start=1):
        PlayerFactory(section=main, starting_rank=rank, last_name=name, first_name="")
    main.organiser = organiser
    with capture(execute=True):
        round_pair(section=main, number=1, user=organiser)
    finish_round(main, 1)
    constraints.group_create(
        section=main, user=organiser, name=SECRET_GROUP, kind=ConstraintKind.STRICT, members=[1, 2]
    )
    with capture(execute=True):
        round_pair(section=main, number=2, user=organiser)
    draft = Round.objects.get(section=main, number=2)
    assert draft.status == RoundStatus.DRAFT
    # Players 1 and 2 share the group: pairing them by hand leaves a warning on the draft.
    draft = draft_players_pair(round=draft, white=1, black=2, user=organiser, version=draft.version)
    assert draft.explanation.get("warnings"), draft.explanation
    player = main.players.get(starting_rank=8)
    bye_request_create(player=player, user=organiser, round_number=3)
    constraints.bye_exclusion_set(player=player, user=organiser, round_number=3)

    teams = team_section(teams=4, rounds_played=1, event=open_event, name="Teams", slug="teams")
    teams.teams.filter(starting_rank=1).update(captain=users["captain"])
    with capture(execute=True):
        round_pair(section=teams, number=2, user=organiser)
    team_draft = Round.objects.get(section=teams, number=2)
    assert team_draft.status == RoundStatus.DRAFT, team_draft.status

    closed = EventFactory(name="Closed", slug="closed", is_public=False)
    closed.organisers.add(organiser)
    closed.arbiters.add(arbiter)
    private = SectionFactory(event=closed, name="Inner", slug="inner", planned_rounds=3)
    for rank in range(1, 7):
        PlayerFactory(section=private, starting_rank=rank, last_name=f"Inner{rank}")
    private.organiser = organiser
    with capture(execute=True):
        round_pair(section=private, number=1, user=organiser)
    finish_round(private, 1)

    world = World(
        users=users,
        open=open_event,
        closed=closed,
        main=main,
        teams=teams,
        private=private,
        draft=draft,
        team_draft=team_draft,
        run=PairingRun.objects.filter(section=main, round_number=2).latest("created_at"),
        private_run=PairingRun.objects.get(section=private),
        draft_pair=(1, 2),
        token=api_token_create(user=organiser, name="Scoreboard")[0],
        invitation=invitation_create(
            event=open_event,
            user=organiser,
            email="a@example.org",
            role="arbiter",
            link_for=str,
        )[0],
        private_invitation=invitation_create(
            event=closed, user=organiser, email="a@example.org", role="arbiter", link_for=str
        )[0],
    )
    world.clients = {role: client_of(user) for role, user in users.items()}
    return world


def client_of(user: Any) -> APIClient:
    """A client signed in as `user` (a session: the pages and the API both accept it)."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def opponents_met(section: Section) -> set[frozenset[int]]:
    """Pairs of starting ranks who met in a published round of `section`."""
    games = Game.objects.filter(
        round__section=section, round__status__in=(RoundStatus.PUBLISHED, RoundStatus.COMPLETED)
    )
    return {
        frozenset(pair)
        for pair in games.values_list("white__starting_rank", "black__starting_rank")
    }


@dataclass(frozen=True)
class Route:
    name: str  # namespaced ("admin:index"); unnamed routes are known by their pattern
    pattern: str  # the full pattern, as the resolver joins it
    callback: Any

    @property
    def key(self) -> str:
        return self.name or self.pattern


def routes() -> Iterator[Route]:
    """Every route of the URL configuration, depth first, in resolution order."""
    yield from _walk(get_resolver(), "", "")


def _walk(resolver: URLResolver, prefix: str, namespace: str) -> Iterator[Route]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _walk(entry, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}{entry.name}" if entry.name else ""
            yield Route(name=name, pattern=prefix + str(entry.pattern), callback=entry.callback)
