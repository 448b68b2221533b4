"""Every route of the URL configuration × every method it serves × six roles.

The routes come from the resolver, not from a list kept by hand: a route that `RULES` (or
`ADMIN_MODELS`, for Django's admin) does not declare fails `test_every_route_is_declared`,
and a declared route that is gone fails it too. Each declaration names the roles granted
each method; for every cell:

- a granted role is let in: a read answers 200 (or a redirect that is not to the sign-in
  page), a write is not refused (not 401, 403, 404 or 405) and never fails (500);
- any other role does not succeed: the answer is a 4xx or a redirect to a sign-in page,
  and the request writes nothing to the database;
- on the private event, every role but its organiser and arbiter gets exactly what it gets
  for an event, section or object that does not exist (the same status, and the same body
  but for numbers and addresses), and writes nothing;
- a method a route does not declare writes nothing and never fails.

Out of scope, with no route in the URL configuration: static files (served by WhiteNoise's
middleware, before any view) and media (the site stores no uploads).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.db import transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.security.scenario import ROLES
from tests.security.scenario import Route
from tests.security.scenario import World
from tests.security.scenario import routes
from tournaments.models import Game
from tournaments.models import ProhibitedGroup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
MANAGERS = frozenset({"arbiter", "organiser"})
ORGANISERS = frozenset({"organiser"})
CAPTAINS = MANAGERS | {"captain"}
NOBODY: frozenset[str] = frozenset()

# Who may see the private event: everyone else gets what a missing event gets.
PRIVATE_VIEWERS = MANAGERS

API_METHODS = ("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE")
PAGE_METHODS = ("GET", "HEAD", "POST")

# Writes a refused request may still make: the session a signed-in client carries.
HARMLESS_TABLES = ("django_session",)


@dataclass(frozen=True)
class Rule:
    """The roles granted each method of a route.

    `section` ("main": players; "teams": a team section) and `number` (1: published and
    completed; 2: a draft; 3: not paired, with a bye request and an exclusion) fill the
    route's URL. `scoped` is False for a route that names no event (checked once, not on
    the private event).
    """

    grants: Mapping[str, frozenset[str]]
    section: str = "main"
    number: int = 1
    scoped: bool = True


def read(roles: frozenset[str] = EVERYONE, **where: Any) -> Rule:
    return Rule({"GET": roles}, **where)


def write(roles: frozenset[str], **where: Any) -> Rule:
    return Rule({"POST": roles}, **where)


def form(roles: frozenset[str], **where: Any) -> Rule:
    """A page with a form: shown and sent by the same roles."""
    return Rule({"GET": roles, "POST": roles}, **where)


RULES: dict[str, Rule] = {
    # Accounts (allauth): signing up, in and out, email addresses, passwords. Open to all,
    # or to the signed-in for one's own address and password.
    "account_signup": form(EVERYONE, scoped=False),
    "account_login": form(EVERYONE, scoped=False),
    "account_logout": form(EVERYONE, scoped=False),
    "account_inactive": read(scoped=False),
    "account_email_verification_sent": read(scoped=False),
    # Its key is the secret: the matrix's made-up one shows the "link not valid" page, and
    # confirming it (POST) finds nothing.
    "account_confirm_email": read(scoped=False),
    "account_email": form(SIGNED_IN, scoped=False),
    "account_change_password": form(SIGNED_IN, scoped=False),
    "account_set_password": form(SIGNED_IN, scoped=False),
    "account_reauthenticate": form(SIGNED_IN, scoped=False),
    "account_reset_password": form(EVERYONE, scoped=False),
    "account_reset_password_done": read(scoped=False),
    "account_reset_password_from_key": form(EVERYONE, scoped=False),
    "account_reset_password_from_key_done": read(scoped=False),
    # Codes by email are not offered: these only send a visitor on (to sign in, if not).
    "account_confirm_login_code": form(SIGNED_IN, scoped=False),
    "account_request_reauthentication_code": form(SIGNED_IN, scoped=False),
    "account_confirm_reauthentication_code": form(SIGNED_IN, scoped=False),
    # API: sign-in, events, sections, players, rounds.
    "api-token": write(EVERYONE, scoped=False),
    # API tokens: each user lists and makes their own; only its owner revokes one.
    "api-token-list": Rule({"GET": SIGNED_IN, "POST": SIGNED_IN}, scoped=False),
    "api-token-revoke": write(ORGANISERS, scoped=False),
    "token_list": form(SIGNED_IN, scoped=False),
    # A user's own page: their roles and account.
    "profile": read(SIGNED_IN, scoped=False),
    "language_set": write(EVERYONE, scoped=False),
    "token_revoke": write(ORGANISERS, scoped=False),
    "api-event-list": Rule({"GET": EVERYONE, "POST": SIGNED_IN}, scoped=False),
    "api-event-detail": read(),
    "api-event-sections": Rule({"GET": EVERYONE, "POST": MANAGERS}),
    "api-event-log": read(MANAGERS),
    "api-event-backup": read(MANAGERS),
    "api-event-restore": write(SIGNED_IN, scoped=False),
    "api-section-list": read(scoped=False),
    "api-section-detail": read(),
    "api-section-players": Rule({"GET": EVERYONE, "POST": MANAGERS}),
    "api-section-rounds": read(),
    "api-section-import-trf": write(MANAGERS),
    "api-round-detail": read(MANAGERS, number=2),
    "api-player-detail": Rule({"GET": EVERYONE, "PATCH": MANAGERS}),
    "api-player-withdraw": write(MANAGERS),
    "api-player-reinstate": write(MANAGERS),
    # API: pairing, drafts, results, corrections.
    "api-round-pair": write(MANAGERS, number=2),
    "api-round-pairings": read(MANAGERS, number=2),
    "api-round-publish": write(MANAGERS, number=2),
    "api-round-edits": read(MANAGERS, number=2),
    "api-pairing-run": read(MANAGERS),
    "api-section-runs": read(MANAGERS),
    "api-game-result": write(MANAGERS),
    "api-game-correct-colours": write(MANAGERS),
    "api-game-swap-colours": write(MANAGERS, number=2),
    "api-round-correct-bye": write(MANAGERS),
    "api-round-unpublish": write(MANAGERS),
    "api-round-delete": write(MANAGERS, number=2),
    "api-round-swap-opponents": write(MANAGERS, number=2),
    "api-round-swap-players": write(MANAGERS, number=2),
    "api-round-pair-players": write(MANAGERS, number=2),
    "api-round-give-bye": write(MANAGERS, number=2),
    "api-round-take-bye": write(MANAGERS, number=2),
    # API: standings, exports, teams; the schema and its documentation.
    "api-standings": read(),
    "api-section-export": read(),
    "api-teams": Rule({"GET": EVERYONE, "POST": MANAGERS}, section="teams"),
    "api-team-players": write(MANAGERS, section="teams"),
    "api-team-boards": write(MANAGERS, section="teams"),
    "api-round-matches": read(section="teams"),
    "api-lineup": write(CAPTAINS, section="teams"),
    "api-schema": read(scoped=False),
    "api-docs": read(scoped=False),
    # The site's health, for monitors that do not sign in (it names no event).
    "health": read(scoped=False),
    # Pages: home, events and the people who run them.
    "home": read(scoped=False),
    "event_create": form(SIGNED_IN, scoped=False),
    "event_restore": form(SIGNED_IN, scoped=False),
    "event_detail": read(),
    "event_poster": read(),
    "event_find": read(),
    "event_update": form(MANAGERS),
    "event_people": Rule({"GET": MANAGERS, "POST": ORGANISERS}),
    "invitation_create": write(ORGANISERS),
    "invitation_revoke": form(ORGANISERS),
    # The link's secret is the key: the matrix's made-up one is unknown (404) to everyone.
    "invitation_accept": Rule({}, scoped=False),
    "event_log": read(MANAGERS),
    "event_log_csv": read(MANAGERS),
    "event_backup": read(MANAGERS),
    "event_delete": Rule({"GET": MANAGERS, "POST": ORGANISERS}),
    # Pages: sections.
    "section_create": form(MANAGERS),
    "section_import": form(MANAGERS),
    "section_detail": read(),
    "section_update": form(MANAGERS),
    "section_manage": form(MANAGERS),
    "section_schedule": form(MANAGERS),
    "section_delete": form(MANAGERS),
    "section_ranks_reset": write(MANAGERS),
    "section_live": read(),
    "player_find": read(),
    "standings_detail": read(),
    "standings_csv": read(),
    "crosstable_detail": read(),
    "section_export": read(),
    "groups": form(MANAGERS),
    "group_update": form(MANAGERS),
    "group_delete": write(MANAGERS),
    "byes": form(MANAGERS),
    "bye_exclusion_delete": write(MANAGERS, number=3),
    "check_in_list": read(MANAGERS),
    "check_in_settings": write(MANAGERS),
    "check_in_mark": write(MANAGERS),
    "players_bulk": write(MANAGERS),
    "self_check_in": form(EVERYONE),
    # Pages: rounds, drafts, corrections.
    "round_detail": read(),
    "round_csv": read(),
    "round_slips": read(),
    "round_manage": form(MANAGERS, number=2),
    "round_draft": form(MANAGERS, number=2),
    "round_draft_edit": write(MANAGERS, number=2),
    "round_publish": form(MANAGERS, number=2),
    "round_replay": form(MANAGERS, number=2),
    "round_pair_again": form(MANAGERS, number=2),
    "round_unpublish": form(MANAGERS),
    "round_delete": form(MANAGERS, number=2),
    "game_correct": form(MANAGERS),
    "bye_correct": form(MANAGERS),
    # Pages: players.
    "player_create": form(MANAGERS),
    "roster_upload": form(MANAGERS),
    "roster_preview": form(MANAGERS),
    "player_detail": read(),
    "player_update": form(MANAGERS),
    "player_withdraw": form(MANAGERS),
    "player_remove": form(MANAGERS),
    "player_reinstate": form(MANAGERS),
    "bye_request_create": write(MANAGERS, number=3),
    "bye_request_delete": write(MANAGERS, number=3),
    # Pages: team sections.
    "team_list": read(section="teams"),
    "team_detail": read(section="teams"),
    "team_standings_detail": read(section="teams"),
    "team_manage": read(MANAGERS, section="teams"),
    # The team page's forms, each sent to an address of its own.
    "team_boards_set": write(MANAGERS, section="teams"),
    "team_enter": write(MANAGERS, section="teams"),
    "team_roster_extend": write(MANAGERS, section="teams"),
    "team_captain_set": write(MANAGERS, section="teams"),
    "team_withdraw": write(MANAGERS, section="teams"),
    "team_reinstate": write(MANAGERS, section="teams"),
    "match_list": read(section="teams"),
    "match_forfeit": write(MANAGERS, section="teams"),
    "lineup_update": form(CAPTAINS, section="teams"),
    # Pages: online entries. An entry's own page opens for the holder of its link only, a
    # secret no role holds: every role gets what a link that opens nothing gets.
    "entry_detail": Rule({"GET": NOBODY, "POST": NOBODY}, scoped=False),
    "entry_create": form(EVERYONE),
    "entry_list": read(),
    "entry_manage": form(MANAGERS),
    "entry_settings": form(MANAGERS),
    "entry_refuse": form(MANAGERS),
    "entry_csv": read(MANAGERS),
}

# Django's admin: staff only, and none of the six roles is staff. Each registered model
# brings the same six routes; the site brings the rest.
ADMIN_MODELS = (
    "account_emailaddress",
    "accounts_apitoken",
    "auth_group",
    "auth_user",
    "axes_accessattempt",
    "axes_accessfailurelog",
    "axes_accesslog",
    "common_outgoingemail",
    "pairing_pairingrun",
    "pairing_pairingworker",
    "teams_lineup",
    "teams_team",
    "teams_teambye",
    "teams_teammatch",
    "teams_teammember",
    "teams_teamseat",
    "tournaments_bye",
    "tournaments_byeexclusion",
    "tournaments_byerequest",
    "tournaments_checkin",
    "tournaments_event",
    "tournaments_game",
    "tournaments_logentry",
    "tournaments_player",
    "tournaments_prohibitedgroup",
    "tournaments_round",
    "tournaments_roundtime",
    "tournaments_seat",
    "tournaments_section",
)
ADMIN_SITE = (
    "admin:index",
    "admin:login",
    "admin:logout",
    "admin:password_change",
    "admin:password_change_done",
    "admin:autocomplete",
    "admin:jsi18n",
    "admin:view_on_site",
    "admin:app_list",
    "admin:auth_user_password_change",
    # The catch-all, which sends what matches nothing else to the sign-in page.
    "admin/(?P<url>.*)$",
)
ADMIN_RULE = form(NOBODY, scoped=False)
# Its own sign-in and sign-out pages, open to all (a non-staff user is refused after).
ADMIN_OPEN = {
    "admin:login": form(EVERYONE, scoped=False),
    "admin:logout": write(EVERYONE, scoped=False),
}


def _admin_keys() -> set[str]:
    keys = set(ADMIN_SITE)
    for model in ADMIN_MODELS:
        keys |= {f"admin:{model}_{view}" for view in ("changelist", "add", "history")}
        keys |= {f"admin:{model}_{view}" for view in ("delete", "change")}
        app, _, name = model.partition("_")
        # The old address of an object's page, which redirects to its change page.
        keys.add(f"admin/{app}/{name}/<path:object_id>/")
    return keys


def rule_of(route: Route) -> Rule | None:
    if route.key.startswith(("admin:", "admin/")):
        if route.key not in _admin_keys():
            return None
        return ADMIN_OPEN.get(route.key, ADMIN_RULE)
    return RULES.get(route.key)


# -- URLs --------------------------------------------------------------------------------

_KWARG = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>")
_PK_OF = re.compile(
    r"(events|sections|runs|games|groups|tokens|invitations)/(?:<int:pk>|\(\?P<pk>)"
)
MISSING = 999_999


@dataclass
class Places:
    """What fills a URL on the public event, on the private one, and where nothing is."""

    world: World
    cache: dict[tuple[str, str, int], dict[str, Any]] = field(default_factory=dict)

    def values(self, where: str, section: str, number: int) -> dict[str, Any]:
        key = (where, section, number)
        if key not in self.cache:
            self.cache[key] = self._values(where, section, number)
        return self.cache[key]

    def _values(self, where: str, section_name: str, number: int) -> dict[str, Any]:
        w = self.world
        if where == "missing":
            ids = dict.fromkeys(
                ("events", "sections", "runs", "games", "groups", "tokens", "invitations"),
                MISSING,
            )
            slugs = {"event_slug": "no-such-event", "section_slug": "no-such-section"}
            return {"ids": ids, **slugs, "rank": 8, "number": number}
        if where == "private":
            section, event, run = w.private, w.closed, w.private_run
            number = 1
        else:
            section = w.teams if section_name == "teams" else w.main
            event, run = w.open, w.run
        game = Game.objects.filter(round__section=section, round__number=min(number, 2)).first()
        group = ProhibitedGroup.objects.filter(section=section).first()
        ids = {
            "events": event.pk,
            "sections": section.pk,
            "runs": run.pk,
            "games": game.pk if game else MISSING,
            "groups": group.pk if group else MISSING,
            "tokens": w.token.pk,
            "invitations": (w.private_invitation if where == "private" else w.invitation).pk,
        }
        slugs = {"event_slug": event.slug, "section_slug": section.slug}
        return {"ids": ids, **slugs, "rank": 8 if where == "public" else 1, "number": number}


_FIXED = {
    "board": 1,
    "action": "swap",
    "dialect": "trf16",
    "team": 1,
    "team_number": 1,
    "match_number": 1,
    "uidb64": "MQ",
    "token": "set-password",
    "key": "no-such-key",
    "uidb36": "1",
    "secret": "no-such-invitation",
    "object_id": "1",
    "content_type_id": "1",
    "id": "1",
    "app_label": "tournaments",
    "url": "nothing-here/",
}


def url_of(route: Route, rule: Rule, places: Places, where: str) -> str:
    values = places.values(where, rule.section, rule.number)
    names = [a or b for a, b in _KWARG.findall(route.pattern)]
    kwargs: dict[str, Any] = {}
    for name in names:
        if name == "pk":
            match = _PK_OF.search(route.pattern)
            assert match, f"{route.key}: what does its pk name?"
            kwargs[name] = values["ids"][match.group(1)]
        elif name in values:
            kwargs[name] = values[name]
        else:
            kwargs[name] = _FIXED[name]
    if route.name:
        return reverse(route.name, kwargs=kwargs)
    path = _KWARG.sub(lambda m: str(kwargs[m.group(1) or m.group(2)]), route.pattern)
    return "/" + path.replace("^", "").replace("$", "").replace(".*", "")


# -- one request -------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    status: int
    location: str
    writes: tuple[str, ...]
    # The body with every number and every address taken out: what is left must not tell
    # a private event from a missing one (`test_the_private_event_...`).
    shape: str = ""

    @property
    def to_sign_in(self) -> bool:
        return self.status in (301, 302) and "/login/" in self.location


_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
_ADDRESS = re.compile(r"/(?:api/v1|events|accounts)/[^\s\"'<>]*")
_NUMBER = re.compile(r"\d+")


def ask(world: World, role: str, method: str, url: str) -> Answer:
    """Send one request as `role`, then undo whatever it did to the database."""
    client = world.clients[role]
    with transaction.atomic():
        user = world.users[role]
        if user is not None:
            # A new session each time: a sign-out before took the session away, and the last
            # one was rolled back with the database while its cached copy lives on.
            client.cookies.pop(settings.SESSION_COOKIE_NAME, None)
            client.force_login(user)
        connection.queries_log.clear()  # bounded: a full log would capture nothing
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method.lower())(url)
        transaction.set_rollback(True)
    writes = tuple(
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        and not any(table in q["sql"] for table in HARMLESS_TABLES)
    )
    body = b"".join(response) if response.streaming else response.content
    shape = _ADDRESS.sub("ADDRESS", body.decode(errors="replace"))
    shape = _NUMBER.sub("N", _CSRF.sub("", shape))
    return Answer(response.status_code, response.get("Location", ""), writes, shape)


def problem(rule: Rule, role: str, method: str, answer: Answer) -> str:
    """What is wrong with `answer` on the public event, or ""."""
    if answer.status >= 500:
        return "fails"
    granted = rule.grants.get(method)
    if granted is None:
        return "an undeclared method wrote" if answer.writes else ""
    if role in granted:
        if answer.to_sign_in or answer.status in (401, 403, 404, 405):
            return "refused to a granted role"
        if method == "GET" and answer.status >= 300 and answer.status not in (301, 302):
            return "not read by a granted role"
        return ""
    if answer.writes:
        return f"wrote for a role not granted: {answer.writes[0][:80]}"
    if not (400 <= answer.status < 500 or answer.to_sign_in):
        return "succeeded for a role not granted"
    return ""


# -- the tests ---------------------------------------------------------------------------


def test_every_route_is_declared():
    found = {route.key for route in routes()}
    declared = set(RULES) | _admin_keys()

    assert found - declared == set(), "routes with no rule"
    assert declared - found == set(), "rules of routes that are gone"


def methods_of(route: Route, rule: Rule) -> list[str]:
    served = API_METHODS if route.pattern.startswith("api/") else PAGE_METHODS
    return sorted(set(served) | set(rule.grants))


def report(capsys: Any, record_property: Any, name: str, text: str, cells: int) -> None:
    """Show the size of a matrix in the run's output and keep it in the JUnit report."""
    record_property(name, cells)
    with capsys.disabled():
        sys.stdout.write(f"\n{text}\n")


def test_permission_matrix(world, capsys, record_property):
    places = Places(world)
    wrong: list[str] = []
    cells = 0
    listed = list(routes())
    # Managers first: a page cached for them must not reach anyone else afterwards.
    for role in reversed(ROLES):
        for route in listed:
            rule = rule_of(route)
            assert rule is not None, route.key
            url = url_of(route, rule, places, "public")
            for method in methods_of(route, rule):
                cells += 1
                answer = ask(world, role, method, url)
                found = problem(rule, role, method, answer)
                if found:
                    wrong.append(f"{method} {url} as {role}: {found} ({answer.status})")

    text = f"permission matrix: {len(listed)} routes × {len(ROLES)} roles = {cells} cells"
    report(capsys, record_property, "permission_matrix_cells", text, cells)
    assert wrong == [], "\n".join(wrong)
    assert len(listed) == len(RULES) + len(_admin_keys())
    assert cells >= 2 * len(listed) * len(ROLES)  # every route tried with two methods at least


def test_the_private_event_is_missing_to_all_but_its_managers(world, capsys, record_property):
    places = Places(world)
    wrong: list[str] = []
    cells = 0
    scoped = [(route, rule) for route in routes() if (rule := rule_of(route)) and rule.scoped]
    for role in sorted(EVERYONE - PRIVATE_VIEWERS):
        for route, rule in scoped:
            private = url_of(route, rule, places, "private")
            missing = url_of(route, rule, places, "missing")
            for method in methods_of(route, rule):
                cells += 1
                seen = ask(world, role, method, private)
                expected = ask(world, role, method, missing)
                if seen.writes or (seen.status, seen.to_sign_in, seen.shape) != (
                    expected.status,
                    expected.to_sign_in,
                    expected.shape,
                ):
                    wrong.append(
                        f"{method} {private} as {role}: {seen.status} {seen.shape[:80]!r} "
                        f"where missing answers {expected.status} {expected.shape[:80]!r}"
                        f"{' and it wrote' if seen.writes else ''}"
                    )

    outsiders = len(EVERYONE - PRIVATE_VIEWERS)
    text = f"private event: {len(scoped)} routes × {outsiders} roles = {cells} cells"
    report(capsys, record_property, "private_event_cells", text, cells)
    assert wrong == [], "\n".join(wrong)


def test_the_private_event_is_read_by_its_managers(world):
    for role in sorted(PRIVATE_VIEWERS):
        client = world.clients[role]
        assert client.get("/events/closed/inner/").status_code == 200
        assert client.get(f"/api/v1/sections/{world.private.pk}/").status_code == 200
