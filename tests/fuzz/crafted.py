"""Crafted backups: a small event that holds one of everything a backup carries, and
changes made to its file on purpose, one kind of value at a time (dates out of range, odd
tie-break lists, FIDE ids in other scripts, names with line breaks, upper-case or colliding
addresses, JSON columns of the wrong shape, pairing runs for rounds that are not there,
values of the wrong type, nulls, huge and negative numbers, unknown choices...).

`crafted(base, count, seed)` makes `count` of them from the base file, every kind in turn,
each with its target and value drawn from a `random.Random(seed)`: the same seed gives the
same files. Each is a `Crafted`: the kind, what was changed where, the file, and the address
to restore it under (`slug`, "" for the file's own).
"""

from __future__ import annotations

import copy
import datetime
import json
import random
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from archives.selectors import event_backup_get
from chesscore.record.people import PlayerDetails
from entries import services as entries
from entries.check_ins import services as check_ins
from pairing import services as pairing
from pairing.models import PairingRun
from results.services import game_result_set
from teams.models import MatchForfeit
from teams.models import TeamMatch
from teams.services import team_match_forfeit
from tests.factories import team_section
from tournaments import services
from tournaments.constraints import services as constraints
from tournaments.models import ConstraintKind
from tournaments.models import Event
from tournaments.models import GameResult
from tournaments.models import Round

Doc = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Crafted:
    """A crafted backup: its kind, what was changed, the file; `slug` the address to
    restore it under: "" for a fresh one, None for the file's own."""

    kind: str
    what: str
    data: bytes
    slug: str | None = ""


# ---------------------------------------------------------------------------------------
# The base event
# ---------------------------------------------------------------------------------------


def _paired(section, number: int, user) -> Round:
    """Round `number` paired and carried out here (whether or not the commit ran it)."""
    run = pairing.round_pair(section=section, number=number, user=user)
    pairing.pairing_run_execute(run_id=run.pk)
    run = PairingRun.objects.get(pk=run.pk)
    assert run.status == "done", run.error
    return Round.objects.get(section=section, number=number)


def _results(rnd: Round, user, results: list[str]) -> None:
    for game, result in zip(rnd.games.order_by("board"), results, strict=False):
        game_result_set(game=game, result=result, user=user, version=game.version)


def base_event(user: AbstractBaseUser) -> Event:
    """A small event organised by `user` (staff: no quotas) holding one of everything a
    backup carries: an individual section with a completed round, a published round
    changed by hand, prohibited groups, bye requests and exclusions, check-ins, round
    times, online entries open; and a team section with a round played and a forfeit."""
    event = services.do_event_create(
        name="Probe Open",
        slug="probe-open",
        city="Leiden",
        federation="NED",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 3),
        time_zone="America/New_York",
        organisers=[user],
    )
    section = services.section_create(
        event=event, user=user, name="Open", planned_rounds=3, tiebreaks=["BH-C1", "BH", "SB"]
    )
    people = [
        ("Carlsen", "Magnus", "1503014", 2830, "Offerspill"),
        ("Hou", "Yifan", "8602980", 2630, ""),
        ("Müller", "Jörg", "", 2200, "SK Zürich"),
        ("Ødegaard", "Åse", "", 2100, "Offerspill"),
        ("O'Brien", "Seán", "2016192", None, ""),
        ("Δημητρίου", "Νίκος", "", 1700, ""),
    ]
    for last, first, fide_id, rating, club in people:
        services.player_create(
            section=section,
            user=user,
            details=PlayerDetails(
                last_name=last,
                first_name=first,
                fide_id=fide_id,
                fide_rating=rating,
                club=club,
                federation="NOR",
                birth_date="1990/11/30",
            ),
        )
    players = {p.starting_rank: p for p in section.players.all()}
    constraints.group_create(section=section, user=user, name="Family", members=[5, 6])
    constraints.group_create(
        section=section, user=user, name="Club", kind=ConstraintKind.SOFT_LOWEST, attribute="club"
    )
    services.bye_request_create(player=players[6], user=user, round_number=3)
    constraints.bye_exclusion_set(player=players[1], user=user, round_number=3)
    start = datetime.datetime(2026, 7, 1, 14, 0, tzinfo=datetime.UTC)
    services.section_schedule_set(
        section=section,
        user=user,
        starts={n: start + datetime.timedelta(days=n - 1) for n in (1, 2, 3)},
    )
    check_ins.section_check_in_settings_set(
        section=section, user=user, check_in="every", absent_players="ask", check_in_code="rook"
    )
    for rank in players:
        check_ins.check_in_set(player=players[rank], user=user, present=True)
    rnd = _paired(section, 1, user)
    pairing.round_publish(round=rnd, user=user)
    _results(rnd, user, [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS])
    for rank in players:
        check_ins.check_in_set(player=players[rank], user=user, present=True)
    rnd = _paired(section, 2, user)
    rnd = pairing.draft_players_swap(round=rnd, first=1, second=2, user=user, version=rnd.version)
    pairing.round_publish(round=Round.objects.get(pk=rnd.pk), user=user)
    entries.entry_settings_save(
        section=section, user=user, is_open=True, max_players=20, needs_approval=True
    )
    entries.entry_submit(
        section=section,
        link_for=lambda secret: f"/entries/{secret}/",
        last_name="Pending",
        first_name="Pia",
        fide_id="1510045",
        email="pia@example.org",
    )
    teams = team_section(teams=3, boards=2, reserves=0, rounds_played=1, event=event, name="Teams")
    teams.slug = "teams"
    teams.save()
    match = TeamMatch.objects.filter(round__section=teams).first()
    assert match is not None
    team_match_forfeit(match=match, user=user, kind=MatchForfeit.WHITE_WINS)
    return event


def base_backup(user: AbstractBaseUser) -> bytes:
    """The backup of `base_event`, made for `user`."""
    return event_backup_get(event=base_event(user))


# ---------------------------------------------------------------------------------------
# What is changed, by kind
# ---------------------------------------------------------------------------------------


def _individual(doc: Doc) -> Doc:
    """The first section without teams: the one with pairing runs and entries."""
    return next(s for s in doc["sections"] if not s["teams"])


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]


def _objects(doc: Doc) -> list[tuple[str, Doc]]:
    """Every object of the file that holds columns, with its path."""
    found: list[tuple[str, Doc]] = [("event", doc["event"])]

    def walk(value: Any, where: str) -> None:
        if isinstance(value, dict):
            found.append((where, value))
            for key, item in value.items():
                if isinstance(item, list | dict) and key not in _JSON_COLUMNS:
                    walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")

    walk(doc["sections"], "sections")
    walk(doc["log"], "log")
    return found


# JSON columns: their contents are changed by the kinds that aim at them.
_JSON_COLUMNS = frozenset(
    {
        "tiebreaks",
        "half_point_bye_closed_rounds",
        "trf_extra",
        "acceleration",
        "explanation",
        "changes",
        "warnings",
        "request",
        "result",
    }
)

BAD_DATES = [
    "0001-01-01",
    "9999-12-31",
    "1899-12-31",
    "2201-01-01",
    "2026-02-30",
    "26-07-01",
    "",
    20260701,
]
GOOD_DATES = ["1900-01-01", "2200-12-31"]
BAD_MOMENTS = [
    "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59-05:00",
    "0001-01-01T00:00:00.000000+00:00",
    "9999-12-31T23:59:59.999999+00:00",
    "1899-12-31T23:00:00-05:00",
    "2026-05-01T10:00:00",
    "2026-05-01",
    "2026-13-01T00:00:00+00:00",
    "now",
    1751378400,
]
GOOD_MOMENTS = [
    "1900-01-01T00:00:00+00:00",
    "2200-12-31T23:59:59+00:00",
    "2026-07-01T10:00:00+14:00",
]
BAD_TIEBREAKS: list[Any] = [
    ["BH-C" + "1" * 4310],
    ["BH-C" + "9" * 30],
    ["XYZ"],
    ["BH"] * 13,
    ["BH", "BH-C1", "BH/C1"],
    ["BH-C1-M1"],
    ["DE-C1"],
    [""],
    [" "],
    [None],
    [12],
    ["BH", ["SB"]],
    "BH, SB",
    {"BH": 1},
    None,
]
ODD_TIEBREAKS: list[Any] = [
    ["bh/c1", "sb"],
    [],
    ["BH-C" + "9" * 16],
    ["BH:MP-C1", "EDE"],
    ["KS-L+99"],
    ["PTS", "TPN-R", "ARO-C1", "TPR"],
    ["BH-M9", "SB-C9"],
]
BAD_FIDE_IDS: list[Any] = [
    "١٢٣٤٥",
    "١٥٠٣٠١٤",
    "123456789012",
    "0",
    "00000000",
    "1²3",
    "-5",
    " 1503014",
    "１２３",
    "1503014\n",
    "𝟗𝟗",
    "15O3014",
    1503014,
]
ODD_FIDE_IDS = ["99999999999", "00000000001", "1"]
BAD_NATIONAL_IDS: list[Any] = ["x" * 21, "A\nB", " 12", "ID\u2028", 12]
BAD_NAMES: list[Any] = [
    "Smith\r\nBcc: evil@example.org",
    "Smith\nJohn",
    "Tab\there",
    "LS\u2028PS",
    "\x85NEL",
    "DEL\x7f",
    " Leading",
    "Trailing ",
    "x" * 201,
]
ODD_NAMES = [
    "Ærøskøbing ♞",
    "漢字 Ding",
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x")',
    'O\'Brien "Q" & Co',
    "{{ 7|add:7 }} {% now %}",
    "%s %(x)s {0}",
    "١٢٣ Arabic-Indic",
]
_NAME_COLUMNS = {
    "event": ("name", "city", "chief_arbiter", "time_control", "federation"),
    "section": ("name",),
    "player": ("first_name", "last_name", "club", "title", "federation"),
    "team": ("name", "short_name", "federation"),
    "entry": ("first_name", "last_name", "club", "phone"),
    "group": ("name",),
}
WRONG_VALUES: list[Any] = [
    None,
    "",
    -1,
    0,
    2**63,
    10**30,
    -(2**31) - 1,
    1.5,
    float("1e308"),
    True,
    [],
    {},
    "x" * 5000,
    "weird",
    "\x00",
    "9" * 4400,
]
BAD_CHOICES = {
    ("section", "system"): ["swiss2", "DUTCH", ""],
    ("section", "initial_colour"): ["green", "WHITE"],
    ("section", "acceleration"): ["warp"],
    ("section", "check_in"): ["sometimes"],
    ("player", "status"): ["retired", "WITHDRAWN"],
    ("player", "sex"): ["x", "M"],
    ("round", "status"): ["paused", "PUBLISHED"],
    ("game", "result"): ["2-0", "1:0", "½-½"],
    ("bye", "kind"): ["Q", "u"],
    ("run", "status"): ["stuck", "DONE"],
    ("entry", "status"): ["maybe"],
    ("match", "forfeit"): ["both"],
}


def _players(doc: Doc) -> list[Doc]:
    return [p for s in doc["sections"] for p in s["players"]]


def _rounds(doc: Doc) -> list[Doc]:
    return [r for s in doc["sections"] for r in s["rounds"]]


def _of(doc: Doc, what: str) -> list[Doc]:
    """Every object of a kind: event, section, player, team, entry, group, round, game,
    bye, run, match."""
    sections = doc["sections"]
    if what == "event":
        return [doc["event"]]
    if what == "section":
        return sections
    if what == "player":
        return _players(doc)
    if what == "team":
        return [t for s in sections for t in s["teams"]]
    if what == "entry":
        return [e for s in sections for e in s["entries"]]
    if what == "group":
        return [g for s in sections for g in s["prohibited_groups"]]
    if what == "round":
        return _rounds(doc)
    if what == "game":
        return [g for r in _rounds(doc) for g in r["games"]]
    if what == "bye":
        return [b for r in _rounds(doc) for b in r["byes"]]
    if what == "run":
        return [run for s in sections for run in s["pairing_runs"]]
    if what == "match":
        return [m for r in _rounds(doc) for m in r["team_matches"]]
    raise ValueError(what)


def _dates(doc: Doc, rng: random.Random, values: list[Any]) -> str:
    value = _pick(rng, values)
    key, other = _pick(rng, [("start_date", "end_date"), ("end_date", "start_date")])
    doc["event"][key] = value
    # The other date out of the way: what is looked at is this one.
    doc["event"][other] = None
    return f"event.{key} = {value!r}"


def _moments(doc: Doc, rng: random.Random, values: list[Any]) -> str:
    value = _pick(rng, values)
    places: list[tuple[str, Doc, str]] = []
    for s in doc["sections"]:
        places += [("round time", t, "starts_at") for t in s["round_times"]]
        places += [("round", r, "published_at") for r in s["rounds"] if r["published_at"]]
        places += [
            ("run", r, key) for r in s["pairing_runs"] for key in ("created_at", "started_at")
        ]
        places += [("entry", e, "created_at") for e in s["entries"]]
        places += [("check-in", c, "checked_in_at") for p in s["players"] for c in p["check_ins"]]
        if s["entry_settings"] is not None:
            places.append(("entry settings", s["entry_settings"], "opens_at"))
    places += [("log", e, "created_at") for e in doc["log"]]
    what, target, key = _pick(rng, places)
    target[key] = value
    return f"{what}.{key} = {value!r}"


def bad_dates(doc: Doc, rng: random.Random) -> str:
    return _dates(doc, rng, BAD_DATES)


def good_dates(doc: Doc, rng: random.Random) -> str:
    return _dates(doc, rng, GOOD_DATES)


def bad_moments(doc: Doc, rng: random.Random) -> str:
    return _moments(doc, rng, BAD_MOMENTS)


def good_moments(doc: Doc, rng: random.Random) -> str:
    return _moments(doc, rng, GOOD_MOMENTS)


def _tiebreaks(doc: Doc, rng: random.Random, values: list[Any]) -> str:
    section = _pick(rng, doc["sections"])
    section["tiebreaks"] = copy.deepcopy(_pick(rng, values))
    shown = repr(section["tiebreaks"])
    return f"section {section['slug']}.tiebreaks = {shown[:60]}"


def bad_tiebreaks(doc: Doc, rng: random.Random) -> str:
    return _tiebreaks(doc, rng, BAD_TIEBREAKS)


def odd_tiebreaks(doc: Doc, rng: random.Random) -> str:
    return _tiebreaks(doc, rng, ODD_TIEBREAKS)


def _fide_ids(doc: Doc, rng: random.Random, values: list[Any]) -> str:
    targets = [("player", p) for p in _players(doc)] + [("entry", e) for e in _of(doc, "entry")]
    what, target = _pick(rng, targets)
    target["fide_id"] = _pick(rng, values)
    return f"{what} {target['last_name']!r}.fide_id = {target['fide_id']!r}"


def bad_fide_ids(doc: Doc, rng: random.Random) -> str:
    return _fide_ids(doc, rng, BAD_FIDE_IDS)


def odd_fide_ids(doc: Doc, rng: random.Random) -> str:
    return _fide_ids(doc, rng, ODD_FIDE_IDS)


def bad_national_ids(doc: Doc, rng: random.Random) -> str:
    player = _pick(rng, _players(doc))
    player["national_id"] = _pick(rng, BAD_NATIONAL_IDS)
    return f"player {player['last_name']!r}.national_id = {player['national_id']!r}"


def _names(doc: Doc, rng: random.Random, values: list[str]) -> str:
    what = _pick(rng, [w for w in _NAME_COLUMNS if _of(doc, w)])
    target = _pick(rng, _of(doc, what))
    column = _pick(rng, list(_NAME_COLUMNS[what]))
    value = _pick(rng, values)
    target[column] = value
    return f"{what}.{column} = {value[:40]!r}"


def bad_names(doc: Doc, rng: random.Random) -> str:
    return _names(doc, rng, BAD_NAMES)


def odd_names(doc: Doc, rng: random.Random) -> str:
    return _names(doc, rng, ODD_NAMES)


def bad_ratings(doc: Doc, rng: random.Random) -> str:
    targets = [(p, c) for p in _players(doc) for c in ("fide_rating", "national_rating")]
    targets += [(e, "fide_rating") for e in _of(doc, "entry")]
    target, column = _pick(rng, targets)
    target[column] = _pick(rng, [3501, 9999, 32767, 40000, -1, "2800", 2800.5])
    return f"{column} = {target[column]!r}"


def bad_birth(doc: Doc, rng: random.Random) -> str:
    if rng.random() < 0.5:
        player = _pick(rng, _players(doc))
        player["birth_date"] = _pick(
            rng, ["1990-11-30", "30.11.1990", "1990/13/01", "١٩٩٠", "1990\n/01", "abcd"]
        )
        return f"player.birth_date = {player['birth_date']!r}"
    entry = _pick(rng, _of(doc, "entry"))
    entry["birth_year"] = _pick(rng, [1850, 2500, 0, -5, 32767])
    return f"entry.birth_year = {entry['birth_year']!r}"


def event_slugs(doc: Doc, rng: random.Random) -> tuple[str, None]:
    """The file's own address, restored under it."""
    value = _pick(
        rng, ["PROBE-COPY", "Probe-Copy", "new", "a b", "x" * 81, "", "été", "a/b", "probe-open"]
    )
    doc["event"]["slug"] = value
    return f"event.slug = {value!r}", None


def section_slugs(doc: Doc, rng: random.Random) -> str:
    sections = doc["sections"]
    section = _pick(rng, sections)
    choice = rng.randrange(3)
    if choice == 0:
        section["slug"] = _pick(rng, ["Open", "OPEN", "edit", "log", "new", "check-in", "été"])
    elif choice == 1:
        section["slug"] = sections[0]["slug"].upper()
    else:
        section["slug"] = sections[0]["slug"] if section is not sections[0] else "teams"
    for entry in doc["log"]:
        entry["section"] = None
        entry["players"] = []
    return f"section.slug = {section['slug']!r}"


def given_slugs(doc: Doc, rng: random.Random) -> tuple[str, str]:
    """The address given on restoring, instead of the file's (see `Crafted.slug`)."""
    value = _pick(rng, ["PROBE-OPEN", "Restored-Copy", "new", "two words", "probe-open"])
    return f"restored as {value!r}", value


def _explanation_value(rng: random.Random) -> tuple[str, Any]:
    key = _pick(
        rng,
        [
            "edits",
            "warnings",
            "deviations",
            "brackets",
            "groups",
            "released",
            "same_group_pairs",
            "protected_places",
            "bye",
            "method",
            "system",
            "seeding_round",
            "colours",
        ],
    )
    values: dict[str, list[Any]] = {
        "edits": [5, "x", [1], [{"a": 1}], None, {"a": "b"}],
        "warnings": [5, "x", [1], None],
        "deviations": [5, "x", [[1]], None],
        "colours": [5, [1]],
        "brackets": [
            [{"score": [1]}],
            [{"score": "1e999999"}],
            [{"score": {"a": 1}}],
            [{"residents": "abc"}],
            [{"pairs": [[1]]}],
            [{"reasons": "x"}],
            [{"exchanges": "many"}],
            [5],
            "x",
        ],
        "groups": [
            [{"kind": 1, "members": []}],
            [{"kind": "strict"}],
            [{"kind": "soft_lowest", "members": ["a"]}],
            [{"kind": "soft_bottom", "members": [0, -1]}],
            ["x"],
            "x",
        ],
        "released": [["a"], "x", [0], [None]],
        "same_group_pairs": [[[1, 2, 3]], [["a", "b"]], "x"],
        "protected_places": ["x", -1, [1]],
        "bye": ["x", 0, [1]],
        "method": [5, ["x"]],
        "system": [5, {"a": 1}],
        "seeding_round": ["yes", 1],
    }
    return key, copy.deepcopy(_pick(rng, values[key]))


def bad_explanations(doc: Doc, rng: random.Random) -> str:
    rnd = _pick(rng, _rounds(doc))
    if rng.random() < 0.1:
        rnd["explanation"] = _pick(rng, [[], "x", 5, None])
        return f"round {rnd['number']}.explanation = {rnd['explanation']!r}"
    key, value = _explanation_value(rng)
    rnd["explanation"][key] = value
    return f"round {rnd['number']}.explanation.{key} = {value!r}"[:120]


def odd_explanations(doc: Doc, rng: random.Random) -> str:
    rnd = _pick(rng, _rounds(doc))
    change = _pick(
        rng,
        [
            {"zzz": {"deep": [1, {"x": None}]}},
            {"brackets": []},
            {"edits": []},
            {"edits": ["Board 1 changed by hand.", "<b>bold</b>"]},
            {"warnings": ["C3 broken: 1 and 2 " * 50]},
            {"groups": []},
            {"method": "x" * 2000},
        ],
    )
    rnd["explanation"].update(copy.deepcopy(change))
    return f"round {rnd['number']}.explanation + {list(change)}"


def bad_run_results(doc: Doc, rng: random.Random) -> str:
    run = _pick(rng, _of(doc, "run"))
    key = _pick(rng, ["boards", "byes", "matches", "pab", "code", "whole"])
    values: dict[str, list[Any]] = {
        "boards": [[[1]], [["a", "b"]], "x", [[1, 2, 3]], [[None, None]], {"a": 1}, [[1, 2], 5]],
        "byes": [[[1]], [["x", "U"]], [[1, 5]], "x"],
        "matches": [[[1]], "x"],
        "pab": ["x", [1], 0],
        "code": [5],
        "whole": [[], "x", None],
    }
    value = copy.deepcopy(_pick(rng, values[key]))
    if key == "whole":
        run["result"] = value
    else:
        run["result"][key] = value
    return f"run {run['round_number']}.result.{key} = {value!r}"[:120]


def bad_log(doc: Doc, rng: random.Random) -> str:
    entry = _pick(rng, doc["log"])
    if rng.random() < 0.5:
        entry["changes"] = _pick(rng, [[], "x", 5, None])
        return f"log.changes = {entry['changes']!r}"
    entry["warnings"] = _pick(rng, [{"added": "x"}, {"added": [1]}, [], {"added": None}])
    return f"log.warnings = {entry['warnings']!r}"


def odd_log(doc: Doc, rng: random.Random) -> str:
    entry = _pick(rng, doc["log"])
    entry["changes"] = _pick(
        rng, [{"a": [1, 2, 3]}, {"a": {"b": [None]}}, {"fide_rating": [None, None]}, {"": ""}]
    )
    entry["description"] = _pick(rng, ["Line one\nline two", "", "x" * 3000])
    return f"log.changes = {entry['changes']!r}"


def bad_record_values(doc: Doc, rng: random.Random) -> str:
    choice = rng.randrange(5)
    if choice == 0:
        player = _pick(rng, _players(doc))
        player["trf_extra"] = _pick(
            rng, [{"points": "1e99999"}, {"final_rank": -1}, {"points": [1]}, {"points": "x"}]
        )
        return f"player.trf_extra = {player['trf_extra']!r}"
    if choice == 1:
        player = _pick(rng, _players(doc))
        player["acceleration"] = _pick(rng, [["1e99999"], ["x"], [1], "1", [None]])
        return f"player.acceleration = {player['acceleration']!r}"
    if choice == 2:
        section = _pick(rng, doc["sections"])
        section["trf_extra"] = _pick(
            rng, [{"event": 5}, {"virtual_points": "x"}, {"event": {"name": 5}}, {"zzz": 1}]
        )
        return f"section.trf_extra = {section['trf_extra']!r}"
    if choice == 3:
        section = _pick(rng, doc["sections"])
        section["half_point_bye_closed_rounds"] = _pick(rng, [[0], [40000], ["1"], "1", [None]])
        return f"section.half_point_bye_closed_rounds = {section['half_point_bye_closed_rounds']!r}"
    game = _pick(rng, _of(doc, "game"))
    game["explanation"] = _pick(rng, ["x" * 10000, "a\nb", "\x00", 5])
    return f"game.explanation = {str(game['explanation'])[:20]!r}"


def runs_for_missing_rounds(doc: Doc, rng: random.Random) -> str:
    section = _individual(doc)
    template = copy.deepcopy(section["pairing_runs"][0])
    choice = rng.randrange(5)
    run = {
        **template,
        "status": _pick(rng, ["queued", "running"]),
        "finished_at": None,
        "result": {},
        "error": "",
    }
    if choice == 0:
        run["round_number"] = _pick(rng, [3, 4, 99, 32767])
        section["pairing_runs"].append(run)
        return f"a {run['status']} run for round {run['round_number']}, which is not there"
    if choice == 1:
        run["round_number"] = 2
        section["pairing_runs"].append(run)
        return f"a {run['status']} run for round 2, which is published"
    if choice == 2:
        rnd = section["rounds"][-1]
        rnd["status"] = "pairing"
        return f"round {rnd['number']} waiting for its pairing, with no run"
    if choice == 3:
        run["round_number"] = 2
        section["pairing_runs"] += [run, copy.deepcopy(run)]
        return "two live runs for round 2"
    run["status"] = "done"
    run["round_number"] = 99
    run["result"] = {"boards": [[1, 2]], "byes": []}
    section["pairing_runs"].append(run)
    return "a finished run for round 99"


def live_run_for_a_waiting_round(doc: Doc, rng: random.Random) -> str:
    """A round waiting for its pairing with its queued run: a valid file, whose run is
    carried out once the restore is committed."""
    section = _individual(doc)
    template = copy.deepcopy(section["pairing_runs"][0])
    number = len(section["rounds"]) + 1
    section["rounds"].append(
        {
            "number": number,
            "status": "pairing",
            "published_at": None,
            "is_pure_fide": True,
            "explanation": {},
            "version": 1,
            "games": [],
            "byes": [],
            "team_matches": [],
            "team_byes": [],
        }
    )
    section["pairing_runs"].append(
        {
            **template,
            "round_number": number,
            "status": _pick(rng, ["queued", "running"]),
            "finished_at": None,
            "result": {},
            "error": "",
            "attempts": _pick(rng, [0, 1, 3, 99]),
        }
    )
    return f"round {number} waiting, with its live run"


def wrong_types(doc: Doc, rng: random.Random) -> str:
    where, target = _pick(rng, _objects(doc))
    key = _pick(rng, list(target))
    value = _pick(rng, WRONG_VALUES)
    target[key] = value
    return f"{where}.{key} = {str(value)[:30]!r}"


def bad_choices(doc: Doc, rng: random.Random) -> str:
    options = [(k, v) for k, v in BAD_CHOICES.items() if _of(doc, k[0])]
    (what, column), values = _pick(rng, options)
    target = _pick(rng, _of(doc, what))
    target[column] = _pick(rng, values)
    return f"{what}.{column} = {target[column]!r}"


def big_numbers(doc: Doc, rng: random.Random) -> str:
    choices: list[tuple[str, Callable[[Doc], list[Doc]], str]] = [
        ("section", lambda d: d["sections"], "planned_rounds"),
        ("section", lambda d: d["sections"], "max_half_point_byes"),
        ("section", lambda d: d["sections"], "boards_per_match"),
        ("player", _players, "starting_rank"),
        ("player", _players, "entry_round"),
        ("round", _rounds, "version"),
        ("game", lambda d: _of(d, "game"), "board"),
        ("run", lambda d: _of(d, "run"), "attempts"),
        (
            "entry settings",
            lambda d: [s["entry_settings"] for s in d["sections"] if s["entry_settings"]],
            "max_players",
        ),
    ]
    what, targets, column = _pick(rng, choices)
    target = _pick(rng, targets(doc))
    target[column] = _pick(rng, [0, -1, 32767, 32768, 2**31 - 1, 2**31, 10**18, 10**400])
    return f"{what}.{column} = {str(target[column])[:20]}"


def points(doc: Doc, rng: random.Random) -> str:
    section = _pick(rng, doc["sections"])
    column = _pick(rng, ["points_win", "points_draw", "points_pab", "points_forfeit_win"])
    section[column] = _pick(rng, ["1e999", "NaN", "-0.5", "999.9", "1000", "0.25", 1, "Infinity"])
    return f"section.{column} = {section[column]!r}"


# (name, change): a change makes its edit to the document and says what it changed; one
# that returns a pair also gives the address to restore under.
KINDS: tuple[tuple[str, Callable[[Doc, random.Random], Any]], ...] = (
    ("bad dates", bad_dates),
    ("good dates", good_dates),
    ("bad datetimes", bad_moments),
    ("good datetimes", good_moments),
    ("bad tie-breaks", bad_tiebreaks),
    ("odd tie-breaks", odd_tiebreaks),
    ("bad FIDE ids", bad_fide_ids),
    ("odd FIDE ids", odd_fide_ids),
    ("bad national ids", bad_national_ids),
    ("bad names", bad_names),
    ("odd names", odd_names),
    ("bad ratings", bad_ratings),
    ("bad birth dates", bad_birth),
    ("event slugs", event_slugs),
    ("section slugs", section_slugs),
    ("given slugs", given_slugs),
    ("bad explanations", bad_explanations),
    ("odd explanations", odd_explanations),
    ("bad run results", bad_run_results),
    ("bad log", bad_log),
    ("odd log", odd_log),
    ("record values", bad_record_values),
    ("runs for missing rounds", runs_for_missing_rounds),
    ("live run", live_run_for_a_waiting_round),
    ("wrong types", wrong_types),
    ("bad choices", bad_choices),
    ("big numbers", big_numbers),
    ("points", points),
)


def craft(base: Doc, kind: str, rng: random.Random) -> Crafted:
    """One backup of `kind` made from the document `base` (left as it is)."""
    change = dict(KINDS)[kind]
    doc = copy.deepcopy(base)
    said = change(doc, rng)
    slug: str | None = ""
    if isinstance(said, tuple):
        said, slug = said
    text = json.dumps(doc, ensure_ascii=False, indent=2)
    return Crafted(kind=kind, what=said, data=text.encode("utf-8", "surrogatepass"), slug=slug)


def crafted(base: bytes, count: int, seed: int) -> Iterator[Crafted]:
    """`count` crafted backups of the file `base`, every kind in turn, the same for the
    same `seed`."""
    document = json.loads(base)
    rng = random.Random(seed)
    names = [name for name, _change in KINDS]
    for index in range(count):
        yield craft(document, names[index % len(names)], rng)
