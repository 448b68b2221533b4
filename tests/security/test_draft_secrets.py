"""Nothing of a draft reaches anyone but the event's organisers and arbiters.

The public event's section has round 2 as a draft (`tests.security.scenario`): its
explanation names the pairs and the prohibited group `SECRET_GROUP` with its members, the
engine's note of the forbidden pairs, a warning left by a change by hand, and a note per
board. Every read path of the URL configuration (pages, API, live version, exports) is
asked for by everyone else, for each round, section and player, and no answer may carry
any of it; nor may a player's page or record name an opponent they meet only in the draft.
Byte for byte, what they read is what they would read without the drafts, and without the
private event.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from pairing.models import PairingRun
from teams.models import TeamMatch
from tests.security.scenario import SECRET_GROUP
from tests.security.scenario import Route
from tests.security.scenario import World
from tests.security.scenario import opponents_met
from tests.security.scenario import routes
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

OUTSIDERS = ("anonymous", "stranger", "other organiser", "captain")

# A form's token differs from one answer to the next, whatever the page holds.
_CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')
_KWARG = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>")


def secrets_of(world: World) -> list[str]:
    """Texts found only in the draft: the group, the engine's and the hand edit's notes, and
    the boards' own notes that no published board shares."""
    explanation = world.draft.explanation
    published = set(
        Game.objects.filter(
            round__section=world.main, round__status=RoundStatus.COMPLETED
        ).values_list("explanation", flat=True)
    )
    boards = set(world.draft.games.values_list("explanation", flat=True)) - published - {""}
    found = [SECRET_GROUP, *explanation.get("deviations", []), *explanation["warnings"], *boards]
    # The team draft's reasons name the teams it pairs ("... by identifier 1 3").
    for bracket in world.team_draft.explanation["brackets"]:
        found += [reason for reason in bracket["reasons"] if "identifier" in reason]
    assert len(found) >= 5, found
    return found


def draft_team_opponents(world: World) -> dict[int, set[str]]:
    """For each team number, the names of the teams it meets only in the team draft."""
    matches = TeamMatch.objects.filter(round__section=world.teams)
    met = {
        frozenset(pair)
        for pair in matches.exclude(round=world.team_draft).values_list(
            "white_team__starting_rank", "black_team__starting_rank"
        )
    }
    names = dict(world.teams.teams.values_list("starting_rank", "name"))
    found: dict[int, set[str]] = {}
    for white, black in matches.filter(round=world.team_draft).values_list(
        "white_team__starting_rank", "black_team__starting_rank"
    ):
        if frozenset((white, black)) not in met:
            found.setdefault(white, set()).add(names[black])
            found.setdefault(black, set()).add(names[white])
    assert found
    return found


def draft_opponents(world: World) -> dict[int, set[str]]:
    """For each starting rank, the names of the opponents met only in the draft."""
    met = opponents_met(world.main)
    names = dict(world.main.players.values_list("starting_rank", "last_name"))
    found: dict[int, set[str]] = {}
    for white, black in world.draft.games.values_list(
        "white__starting_rank", "black__starting_rank"
    ):
        if frozenset((white, black)) not in met:
            found.setdefault(white, set()).add(names[black])
            found.setdefault(black, set()).add(names[white])
    assert world.draft_pair[1] in {r for r, n in names.items() if n in found[world.draft_pair[0]]}
    return found


Read = tuple[str, int | None, int | None]


def read_urls(world: World) -> list[Read]:
    """Every read of the site but Django's admin, with each section, round, player and
    team of the public event: (url, the player's starting rank and the team's number it
    is about, if any)."""
    urls: list[Read] = []
    for route in routes():
        if route.key.startswith(("admin:", "admin/")) or not _reads(route):
            continue
        for section in (world.main, world.teams):
            urls += _filled(route, world, section)
    return sorted(set(urls), key=lambda item: (item[0], item[1] or 0, item[2] or 0))


def _reads(route: Route) -> bool:
    view = getattr(route.callback, "cls", None) or getattr(route.callback, "view_class", None)
    if view is None:
        return True  # a function view: asked for with GET, it reads
    actions = getattr(route.callback, "actions", None)
    return "get" in actions if actions else hasattr(view, "get")


def _filled(route: Route, world: World, section: Any) -> list[Read]:
    names = [a or b for a, b in _KWARG.findall(route.pattern)]
    players = sorted(section.players.values_list("starting_rank", flat=True))
    choices: dict[str, list[Any]] = {
        "event_slug": [world.open.slug],
        "section_slug": [section.slug],
        "number": [1, 2],
        "rank": players,
        "team": [1, 2, 3, 4],
        "team_number": [1, 2, 3, 4],
        "match_number": [1],
        "board": [1],
        "dialect": ["trf16", "trf26"],
        "action": ["swap"],
    }
    pk = _pk_of(route, world, section)
    if pk is None or any(n not in choices and n != "pk" for n in names):
        return []
    filled: list[dict[str, Any]] = [{}]
    for name in names:
        values = [pk] if name == "pk" else choices[name]
        filled = [{**kwargs, name: value} for kwargs in filled for value in values]
    urls = [
        (
            reverse(route.name, kwargs=kwargs),
            kwargs.get("rank"),
            kwargs.get("team", kwargs.get("team_number")),
        )
        for kwargs in filled
    ]
    if route.name == "api-section-export":
        urls += [(url + "?dialect=trf26", None, None) for url, _, _ in list(urls)]
    if route.name == "round_detail":  # the printed list, by name
        urls += [(url + "?order=name", None, None) for url, _, _ in list(urls)]
    if route.name == "player_find":
        # Each player found by name, as a page and as the fragment the script asks for.
        names = section.players.values_list("last_name", "starting_rank")
        urls += [
            (f"{url}?q={name}{extra}", rank, None)
            for url, _, _ in list(urls)
            for name, rank in names
            for extra in ("", "&partial=1")
        ]
    return urls


def _pk_of(route: Route, world: World, section: Any) -> int | None:
    if "<int:pk>" not in route.pattern and "(?P<pk>" not in route.pattern:
        return 0
    match = re.search(
        r"(events|sections|runs|games|groups|tokens|invitations)/(?:<int:pk>|\(\?P<pk>)",
        route.pattern,
    )
    assert match, route.key
    kind = match.group(1)
    if kind == "events":
        return int(world.open.pk)
    if kind == "sections":
        return int(section.pk)
    if kind == "runs":
        return int(world.run.pk)
    if kind == "games":
        return int(world.draft.games.order_by("board").values_list("pk", flat=True)[0])
    # A group, a token or an invitation: its owners' only, through pages that change it.
    return None


def test_no_read_shows_a_draft_to_anyone_but_its_managers(world):
    secrets = secrets_of(world)
    opponents = draft_opponents(world)
    team_opponents = draft_team_opponents(world)
    urls = read_urls(world)
    leaks: list[str] = []
    for role in OUTSIDERS:
        client = world.clients[role]
        for url, rank, team in urls:
            response = client.get(url)
            assert response.status_code < 500, (url, role, response.status_code)
            body = b"".join(response) if response.streaming else response.content
            text = body.decode(errors="replace")
            leaks += [f"{url} as {role}: {s!r}" for s in secrets if s in text]
            if rank is not None and ("/players/" in url or "/find/" in url):
                names = opponents.get(rank, set())
                leaks += [f"{url} as {role}: draft opponent {n}" for n in names if n in text]
            if team is not None:
                names = team_opponents.get(team, set())
                leaks += [f"{url} as {role}: draft opponents {n}" for n in names if n in text]

    assert len(urls) > 100
    assert leaks == [], "\n".join(leaks)
    # The pages looked at do name opponents: those of the published round.
    first, _ = world.draft_pair
    page = world.clients["anonymous"].get(f"/events/open/main/players/{first}/").text
    met = [pair for pair in opponents_met(world.main) if first in pair]
    (other,) = set(met[0]) - {first}
    assert world.main.players.get(starting_rank=other).last_name in page


@pytest.mark.parametrize("role", ["organiser", "arbiter"])
def test_the_draft_is_shown_to_its_managers(world, role):
    client = world.clients[role]
    texts = []
    for section in (world.main, world.teams):
        api = client.get(f"/api/v1/sections/{section.pk}/rounds/2/")
        kwargs = {"event_slug": "open", "section_slug": section.slug, "number": 2}
        page = client.get(reverse("round_manage", kwargs=kwargs))
        assert (api.status_code, page.status_code) == (200, 200)
        texts += [api.text, page.text]

    for secret in secrets_of(world):
        assert any(secret in text for text in texts), secret


def test_the_live_version_moves_with_what_players_see_not_with_the_draft(world):
    live = reverse("section_live", kwargs={"event_slug": "open", "section_slug": "main"})
    anonymous, organiser = world.clients["anonymous"], world.clients["organiser"]
    before = anonymous.get(live).json()["version"]
    draft = world.draft
    game = draft.games.order_by("board").first()

    swapped = organiser.post(
        f"/api/v1/games/{game.pk}/swap-colours/", {"version": draft.version}, format="json"
    )
    edited = anonymous.get(live).json()["version"]
    draft.refresh_from_db()
    published = organiser.post(
        f"/api/v1/sections/{world.main.pk}/rounds/2/publish/",
        {"version": draft.version},
        format="json",
    )

    assert swapped.status_code == 200
    assert edited == before
    assert published.status_code == 200
    assert anonymous.get(live).json()["version"] != before


def answers(world: World, role: str, urls: list[str]) -> dict[str, tuple[int, bytes]]:
    """Each url's status and body as `role` reads it, but for form tokens."""
    cache.clear()  # public pages are cached by a version that drafts leave as it is
    found = {}
    for url in urls:
        response = world.clients[role].get(url)
        body = b"".join(response) if response.streaming else response.content
        found[url] = (response.status_code, _CSRF.sub(b"", body))
    return found


def test_outsiders_read_the_same_with_the_drafts_as_without_them(world):
    """Every read, byte for byte (but for form tokens), as if the drafts were not there: no
    count, number, name or timestamp of a draft shows through."""
    urls = [url for url, _, _ in read_urls(world)]

    for role in OUTSIDERS:
        with_drafts = answers(world, role, urls)
        with transaction.atomic():
            Round.objects.filter(pk__in=[world.draft.pk, world.team_draft.pk]).delete()
            PairingRun.objects.filter(round_number=2).delete()
            without = answers(world, role, urls)
            transaction.set_rollback(True)

        differ = [url for url in urls if with_drafts[url] != without[url]]
        assert differ == [], role


def test_outsiders_read_the_same_with_the_private_event_as_without_it(world):
    """The lists (home page, API lists, schema) and every read of the public event are, for
    everyone outside the private event, as if it did not exist."""
    urls = [url for url, _, _ in read_urls(world)]
    closed = world.closed.pk

    for role in OUTSIDERS:
        with_it = answers(world, role, urls)
        with transaction.atomic():
            # By query: deleting the instance would leave it without its key for the next.
            Round.objects.filter(section__event__pk=closed).delete()  # games hold players
            Event.objects.filter(pk=closed).delete()
            without = answers(world, role, urls)
            transaction.set_rollback(True)

        differ = [url for url in urls if with_it[url] != without[url]]
        assert differ == [], role
    # The lists read above do name the events an outsider may see.
    assert "Open" in answers(world, "anonymous", ["/api/v1/events/"])["/api/v1/events/"][1].decode()
