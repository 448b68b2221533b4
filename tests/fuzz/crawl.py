"""Every page of one event, read as its organiser and as a visitor, with the few forms a
restored copy must still take (a correction, an invitation, an online entry).

The addresses come from the URL configuration, not from a list kept by hand: every route
whose pattern names an event, a section, a round, a player, a board, a team, a game, a run
or a group is filled in with each of the event's own (`addresses`); routes that name a
secret (an entry's or an invitation's link, a password reset) or no event are left out,
but the home page, the profile and the API's lists, which list every event.

`crawl` answers the count of each status, and every address that answered 500.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from functools import cache

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.forms import DRAFT_FORMS
from tests.fuzz.crafted import Crafted
from tests.security.scenario import Route
from tests.security.scenario import routes
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section

_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>")
# Routes that name no event, a secret, or the admin: not the event's pages.
_SECRETS = {"token", "secret", "key", "uidb36"}
# Pages listing every event: a restored event shows on them.
_LISTS = ("home", "profile", "api-event-list", "api-section-list")


@dataclass
class Crawl:
    """What reading every page of an event gave."""

    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    answers: dict[tuple[str, str], set[int]] = field(default_factory=dict)

    @property
    def pages(self) -> int:
        return sum(self.statuses.values())

    def note(self, what: str, status: int) -> None:
        self.statuses[status] += 1
        if status >= 500:
            self.failures.append(f"{status} {what}")


@cache
def _event_routes() -> tuple[tuple[Route, tuple[str, ...]], ...]:
    """Every route an event's pages are under, with the names of its parameters."""
    found = []
    for route in routes():
        names = tuple(a or b for a, b in _PARAMETER.findall(route.pattern))
        if route.name.startswith("admin:") or not route.name or _SECRETS & set(names):
            continue
        api = route.pattern.startswith("api/v1/") and "pk" in names
        if (
            route.name in _LISTS
            or "event_slug" in names
            or (api and _pk_kind(route.pattern) in ("event", "section", "game", "run"))
        ):
            found.append((route, names))
    return tuple(found)


def _pk_kind(pattern: str) -> str:
    """What the ``pk`` of a route names, by the word before it."""
    for word, kind in (
        ("events/", "event"),
        ("sections/", "section"),
        ("games/", "game"),
        ("runs/", "run"),
        ("groups/", "group"),
    ):
        if re.search(rf"{word}(<int:pk>|\(\?P<pk>)", pattern):
            return kind
    return ""


def addresses(
    event: Event, *, only: frozenset[str] | None = None, each: int | None = None
) -> Iterator[tuple[str, str]]:
    """The route and address of every page of `event`: each route filled with each
    section, round, player, board, team, game, run and group of the event. `only`: these
    routes alone; `each`: at most so many players, boards, teams, games, runs and groups
    of each section (the first ones)."""
    sections = list(event.sections.order_by("pk"))
    for route, names in _event_routes():
        if only is not None and route.name not in only:
            continue
        if not names:
            yield route.name, reverse(route.name)
            continue
        if "pk" in names and _pk_kind(route.pattern) == "":
            continue
        for kwargs in _fillings(route, names, event, sections, each):
            yield route.name, reverse(route.name, kwargs=kwargs)


def _fillings(
    route: Route,
    names: tuple[str, ...],
    event: Event,
    sections: list[Section],
    each: int | None,
) -> Iterator[dict[str, object]]:
    kind = _pk_kind(route.pattern) if "pk" in names else ""
    if kind == "event":
        yield {"pk": event.pk}
        return
    if kind in ("game", "run"):
        for section in sections:
            rows = list(section.pairing_runs.all()) if kind == "run" else _games(section)
            for row in rows[:each]:
                yield {"pk": row.pk}
        return
    if "section_slug" not in names and kind != "section":
        yield {"event_slug": event.slug}
        return
    for section in sections:
        base: dict[str, object] = {}
        if "event_slug" in names:
            base["event_slug"] = event.slug
        if "section_slug" in names:
            base["section_slug"] = section.slug
        if kind == "section":
            base["pk"] = section.pk
        if kind == "group":
            for group in list(section.prohibited_groups.all())[:each]:
                yield {**base, "pk": group.pk}
            continue
        yield from _section_fillings(route, names, section, base, each)


def _games(section: Section) -> list[Game]:
    return list(Game.objects.filter(round__section=section).order_by("round__number", "board"))


def _section_fillings(
    route: Route,
    names: tuple[str, ...],
    section: Section,
    base: dict[str, object],
    each: int | None,
) -> Iterator[dict[str, object]]:
    rest = [n for n in names if n not in ("event_slug", "section_slug", "pk")]
    if not rest:
        yield base
        return
    players = section.players.order_by("starting_rank").values_list("starting_rank", flat=True)
    ranks = list(players)[:each]
    teams = list(section.teams.order_by("starting_rank").values_list("starting_rank", flat=True))[
        :each
    ]
    rounds = list(section.rounds.order_by("number"))
    numbers = [r.number for r in rounds]
    if rest == ["dialect"]:
        for dialect in ("trf16", "trf26"):
            yield {**base, "dialect": dialect}
    elif rest == ["number"] and "/teams/" in route.pattern:
        for team in teams:
            yield {**base, "number": team}
    elif rest == ["number"]:
        for number in numbers:
            yield {**base, "number": number}
    elif rest == ["rank"]:
        for rank in ranks:
            yield {**base, "rank": rank}
    elif rest == ["team"]:
        for team in teams:
            yield {**base, "team": team}
    elif rest == ["rank", "number"]:
        for rank in ranks:
            for number in numbers:
                yield {**base, "rank": rank, "number": number}
    elif rest == ["number", "rank"]:
        for rnd in rounds:
            for rank in list(rnd.byes.values_list("player__starting_rank", flat=True))[:each]:
                yield {**base, "number": rnd.number, "rank": rank}
    elif rest == ["number", "board"]:
        for rnd in rounds:
            for board in list(rnd.games.order_by("board").values_list("board", flat=True))[:each]:
                yield {**base, "number": rnd.number, "board": board}
    elif rest == ["number", "action"]:
        for rnd in rounds:
            for action in DRAFT_FORMS:
                yield {**base, "number": rnd.number, "action": action}
    elif rest in (["number", "team"], ["number", "team_number"]):
        key = rest[1]
        for rnd in rounds:
            for team in teams:
                yield {**base, "number": rnd.number, key: team}
    elif rest == ["number", "match_number"]:
        for rnd in rounds:
            for match in list(rnd.team_matches.values_list("number", flat=True))[:each]:
                yield {**base, "number": rnd.number, "match_number": match}
    else:
        raise AssertionError(f"{route.name}: no way to fill {rest} in {route.pattern}")


def crawl(
    event: Event,
    clients: dict[str, Client],
    *,
    forms: bool = True,
    skip: frozenset[tuple[str, str]] = frozenset(),
    only: frozenset[str] | None = None,
    each: int | None = None,
) -> Crawl:
    """GET every page of `event` with each of `clients` (by role; "owner" organises the
    event, "anonymous" is nobody), but the (route, role) pairs of `skip`; then, with
    `forms`, send a correction, two invitations and an online entry as the site's users
    would. `only` and `each` choose among the pages (`addresses`). The crawl keeps what
    each route and role answered (`Crawl.answers`)."""
    result = Crawl()
    for name, url in addresses(event, only=only, each=each):
        for role, client in clients.items():
            if (name, role) in skip:
                continue
            status = client.get(url).status_code
            result.note(f"GET {url} ({role})", status)
            result.answers.setdefault((name, role), set()).add(status)
    if forms:
        _forms(event, clients, result)
    return result


# Answers given before a view reads anything: a method the route does not serve, and the
# way to the sign-in page for a visitor.
_NOT_READ = {"owner": {405}, "anonymous": {302, 401, 403, 405}}


def never_read(crawled: Crawl) -> frozenset[tuple[str, str]]:
    """The (route, role) pairs whose every answer came before the view read the event (a
    method not served, a visitor sent to sign in): crawling them again reads nothing."""
    return frozenset(
        (name, role)
        for (name, role), statuses in crawled.answers.items()
        if statuses <= _NOT_READ.get(role, set())
    )


def _forms(event: Event, clients: dict[str, Client], result: Crawl) -> None:
    owner = clients["owner"]
    for section in event.sections.order_by("pk"):
        rnd = (
            section.rounds.filter(status__in=(RoundStatus.PUBLISHED, RoundStatus.COMPLETED))
            .order_by("number")
            .first()
        )
        game = rnd.games.order_by("board").first() if isinstance(rnd, Round) else None
        if rnd is not None and game is not None:
            url = reverse(
                "game_correct",
                kwargs={
                    "event_slug": event.slug,
                    "section_slug": section.slug,
                    "number": rnd.number,
                    "board": game.board,
                },
            )
            other = GameResult.DRAW if game.result != GameResult.DRAW else GameResult.WHITE_WINS
            data = {"result": other, "version": game.version, "reason": "Scoresheet checked."}
            result.note(f"POST {url} (owner)", owner.post(url, data).status_code)
        if hasattr(section, "entry_settings"):
            url = reverse(
                "entry_create", kwargs={"event_slug": event.slug, "section_slug": section.slug}
            )
            data = {
                "first_name": "Ola",
                "last_name": f"Crawler{section.pk}",
                "email": "ola@example.org",
                "fide_id": "",
                "federation": "NOR",
            }
            result.note(f"POST {url} (anonymous)", clients["anonymous"].post(url, data).status_code)
    url = reverse("invitation_create", kwargs={"event_slug": event.slug})
    data = {"email": "arbiter@example.org", "role": "arbiter"}
    result.note(f"POST {url} (owner)", owner.post(url, data).status_code)
    team = next((t for s in event.sections.all() for t in s.teams.all()), None)
    if team is not None:
        data = {"email": "captain@example.org", "role": "captain", "team": team.pk}
        result.note(f"POST {url} captain (owner)", owner.post(url, data).status_code)


@dataclass
class Restorer:
    """A staff account (no quotas) restoring crafted backups by the page and the API, and
    crawling what it restored as its organiser and as a visitor. Clients answer a crash
    with a 500, as a server does. `skip`: (route, role) pairs whose pages read nothing for
    that role (`never_read`), learnt from crawling the unchanged backup (`learn`)."""

    owner: Client
    api: APIClient
    anonymous: Client
    made: int = 0
    skip: frozenset[tuple[str, str]] = frozenset()
    only: frozenset[str] | None = None
    each: int | None = None

    def learn(self, base: bytes) -> Crawl | None:
        """Restore and crawl the unchanged backup `base`; keep what reads nothing."""
        _outcome, crawled = self.restore(Crafted("unchanged", "nothing", base), page=True)
        if crawled is not None:
            self.skip = never_read(crawled)
        return crawled

    def restore(self, crafted: Crafted, *, page: bool) -> tuple[str, Crawl | None]:
        """ "refused", "restored", "500s" (the restore crashed) or "left behind" (refused,
        yet something was written), with the crawl of what was restored."""
        self.made += 1
        slug = f"crafted-{self.made}" if crafted.slug == "" else crafted.slug or ""
        before = Event.objects.count()
        upload = SimpleUploadedFile("b.json", crafted.data, content_type="application/json")
        data = {"file": upload, "slug": slug}
        if page:
            response = self.owner.post(reverse("event_restore"), data)
            accepted = response.status_code == 302
        else:
            response = self.api.post("/api/v1/events/restore/", data, format="multipart")
            accepted = response.status_code == 201
        added = Event.objects.count() - before
        if response.status_code >= 500:
            return "500s", None
        if not accepted:
            return ("refused" if added == 0 else "left behind"), None
        event = Event.objects.order_by("-pk").first()
        if event is None or added != 1:
            return "left behind", None
        clients = {"owner": self.owner, "anonymous": self.anonymous}
        return "restored", crawl(event, clients, skip=self.skip, only=self.only, each=self.each)


# The pages the suite reads of each restored copy (`make fuzz` reads them all): those that
# read what a backup holds, from the event to a player, for each audience, and the API's.
SAMPLE_PAGES = frozenset(
    {
        "event_detail",
        "event_log",
        "section_detail",
        "section_update",
        "standings_detail",
        "standings_csv",
        "crosstable_detail",
        "section_export",
        "team_standings_detail",
        "round_detail",
        "round_manage",
        "game_correct",
        "player_detail",
        "groups",
        "api-section-detail",
        "api-round-detail",
        "api-standings",
        "api-section-runs",
    }
)
