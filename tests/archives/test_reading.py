"""Reading a backup file: every defect is refused with where it is and why, never a crash.

No database: the file is checked whole before a restore writes anything.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import json
from collections.abc import Callable
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from archives.reading import BackupInvalid
from archives.reading import archive_read
from common.limits import upload_limit
from tests.archives.documents import document
from tests.archives.documents import encoded

Doc = dict[str, Any]


def refusal(doc: Doc) -> str:
    with pytest.raises(BackupInvalid) as caught:
        archive_read(encoded(doc))
    return caught.value.message


def spoiled(change: Callable[[Doc], object]) -> Doc:
    doc = document()
    change(doc)
    return doc


def players(doc: Doc) -> list[Doc]:
    return doc["sections"][0]["players"]


def first_round(doc: Doc, section: int = 0) -> Doc:
    return doc["sections"][section]["rounds"][0]


def match(doc: Doc) -> Doc:
    return first_round(doc, 1)["team_matches"][0]


def test_the_base_document_is_read_with_its_values_as_the_models_take_them():
    archive = archive_read(encoded(document()))

    assert archive.event["start_date"] == datetime.date(2026, 5, 1)
    assert archive.sections[0].columns["points_draw"] == Decimal("0.5")
    assert archive.sections[0].runs[0]["created_at"] == datetime.datetime(
        2026, 5, 1, 9, 0, 0, 1, tzinfo=datetime.UTC
    )
    assert [p.columns["starting_rank"] for p in archive.sections[0].players] == [1, 2, 3, 4, 5]
    assert archive.sections[0].groups[0].forbidden_order == [4, 1]
    assert archive.sections[1].rounds[0].team_matches[0].lineups[3] == (2, 2, None)
    assert archive.log[1].players == [("open", 3), ("open", 4)]


def test_a_datetime_in_another_offset_is_read_in_utc():
    doc = document()
    doc["log"][0]["created_at"] = "2026-05-01T11:00:00+02:00"

    archive = archive_read(encoded(doc))

    assert archive.log[0].columns["created_at"] == datetime.datetime(
        2026, 5, 1, 9, 0, tzinfo=datetime.UTC
    )


def test_a_byte_order_mark_is_allowed():
    assert archive_read(b"\xef\xbb\xbf" + encoded(document())).event["slug"] == "spring-open"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not json", "The file is not JSON: Expecting value: line 1 column 1 (char 0)."),
        (b'{"format": "rookery-event", "version": 1', "The file is not JSON"),
        (b"\xff\xfe{}", "The file is not UTF-8 text (byte 0)."),
        (b"[1, 2]", 'The file is not a Rookery backup (no "format": "rookery-event").'),
        (b'{"format": "trf"}', 'The file is not a Rookery backup (no "format": "rookery-event").'),
        (b'{"format": "rookery-event", "version": 4}', "version: the file is of version 4"),
        (b'{"format": "rookery-event", "version": 0}', "version: this site reads"),
        (b'{"format": "rookery-event", "version": true}', "version: this site reads"),
        (b'{"format": "rookery-event", "version": 1.0}', "version: this site reads"),
        (b'{"format": "rookery-event", "version": NaN}', "NaN is not a JSON number"),
        (b"[" * 100_000 + b"]" * 100_000, "The file is not"),
    ],
    ids=[
        "not-json",
        "cut-short",
        "not-utf8",
        "a-list",
        "another-format",
        "newer-version",
        "version-zero",
        "version-true",
        "version-float",
        "nan",
        "nested-deeply",
    ],
)
def test_a_file_that_is_no_backup_is_refused(data, message):
    with pytest.raises(BackupInvalid) as caught:
        archive_read(data)

    assert message in caught.value.message


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read():
    with pytest.raises(BackupInvalid) as caught:
        archive_read(b" " * (upload_limit("backup") + 1))

    assert caught.value.message == "The file is larger than 20 MB; is it a Rookery backup?"


CASES: list[tuple[str, Callable[[Doc], object], str]] = [
    (
        "missing-key",
        lambda d: players(d)[0].pop("club"),
        "sections[0].players[0]: the key 'club' is missing",
    ),
    (
        "unknown-key",
        lambda d: players(d)[1].update(colour="white"),
        "sections[0].players[1]: unknown key 'colour'",
    ),
    ("not-an-object", lambda d: d.update(event=[]), "event: must be an object"),
    (
        "not-a-list",
        lambda d: d["sections"][0].update(rounds={}),
        "sections[0].rounds: must be a list",
    ),
    (
        "string-for-integer",
        lambda d: players(d)[4].update(starting_rank="5"),
        "sections[0].players[4].starting_rank: must be an integer",
    ),
    (
        "boolean-for-integer",
        lambda d: players(d)[4].update(entry_round=True),
        "sections[0].players[4].entry_round: must be an integer",
    ),
    (
        "rank-zero",
        lambda d: players(d)[4].update(starting_rank=0),
        "sections[0].players[4].starting_rank: must be a positive integer",
    ),
    (
        "rating-out-of-range",
        lambda d: players(d)[2].update(fide_rating=40000),
        "sections[0].players[2].fide_rating: must be at most 32767",
    ),
    (
        "negative-version",
        lambda d: first_round(d)["games"][0].update(version=-1),
        "sections[0].rounds[0].games[0].version: must not be negative",
    ),
    (
        "null-where-none-may-be",
        lambda d: players(d)[0].update(last_name=None),
        "sections[0].players[0].last_name: must not be null",
    ),
    (
        "text-too-long",
        lambda d: players(d)[0].update(last_name="x" * 101),
        "sections[0].players[0].last_name: must be at most 100 characters long",
    ),
    (
        "nul-in-text",
        lambda d: d["event"].update(name="Spring\x00Open"),
        "event.name: must not contain NUL characters",
    ),
    (
        "lone-surrogate",
        lambda d: d["event"].update(city="\ud800"),
        "event.city: must be Unicode text (it holds a lone surrogate)",
    ),
    (
        "nul-in-json-column",
        lambda d: d["sections"][0].update(trf_extra={"extra_lines": ["a\x00b"]}),
        "sections[0].trf_extra.extra_lines[0]: must not contain NUL characters",
    ),
    (
        "nul-in-json-key",
        lambda d: d["log"][0].update(changes={"a\x00": 1}),
        "log[0].changes (key 'a\\x00'): must not contain NUL characters",
    ),
    (
        "infinite-number-in-json-column",
        lambda d: d["log"][0].update(changes={"x": float("inf")}),
        "log[0].changes.x: must be a finite number",
    ),
    (
        "json-column-nested-deeply",
        lambda d: d["log"][0].update(changes={"x": json.loads("[" * 80 + "]" * 80)}),
        "is nested too deeply",
    ),
    (
        "json-column-of-the-wrong-kind",
        lambda d: first_round(d).update(explanation=[]),
        "sections[0].rounds[0].explanation: must be an object",
    ),
    (
        "bad-choice",
        lambda d: first_round(d)["games"][1].update(result="2-0"),
        "sections[0].rounds[0].games[1].result: must be one of '', '1-0', '0-1'",
    ),
    (
        "bad-slug",
        lambda d: d["sections"][1].update(slug="two words"),
        "sections[1].slug: must be a slug",
    ),
    (
        "unknown-system",
        lambda d: d["sections"][0].update(system="monrad"),
        "sections[0].system: 'monrad' is not a pairing system of this site",
    ),
    (
        "decimal-as-number",
        lambda d: d["sections"][0].update(points_draw=0.5),
        'sections[0].points_draw: must be a decimal number as a string, e.g. "0.5"',
    ),
    (
        "decimal-the-column-would-round",
        lambda d: d["sections"][0].update(points_draw="0.2500001"),
        "sections[0].points_draw: must have at most 6 decimal place(s)",
    ),
    (
        "decimal-too-large",
        lambda d: d["sections"][0].update(points_win="100000"),
        "sections[0].points_win: must be between -100000 and 100000",
    ),
    (
        "decimal-not-a-number",
        lambda d: d["sections"][0].update(points_win="NaN"),
        "sections[0].points_win: must be a decimal number",
    ),
    (
        "decimal-with-a-huge-exponent",
        lambda d: d["sections"][0].update(points_loss="1e-999999999"),
        "sections[0].points_loss: must have at most 6 decimal place(s)",
    ),
    (
        "points-out-of-order",
        lambda d: d["sections"][0].update(points_draw="2.0"),
        "sections[0]: a win must score at least a draw, a draw at least a loss",
    ),
    (
        "planned-rounds-zero",
        lambda d: d["sections"][0].update(planned_rounds=0),
        "sections[0].planned_rounds: must be a positive integer",
    ),
    (
        "impossible-date",
        lambda d: d["event"].update(start_date="2026-02-30"),
        "event.start_date: must be a date, YYYY-MM-DD",
    ),
    (
        "event-ends-before-it-starts",
        lambda d: d["event"].update(end_date="2026-04-30"),
        "event.end_date: must not be before the start date",
    ),
    (
        "datetime-without-offset",
        lambda d: first_round(d).update(published_at="2026-05-01T10:00:00"),
        "sections[0].rounds[0].published_at: must be a date and time in ISO 8601 with its UTC",
    ),
    (
        "withdrawn-without-round",
        lambda d: players(d)[2].update(withdrawn_from_round=None),
        "sections[0].players[2].withdrawn_from_round: must be given for a withdrawn player",
    ),
    (
        "active-with-withdrawal",
        lambda d: players(d)[0].update(withdrawn_from_round=3),
        "sections[0].players[0].withdrawn_from_round: must be null for an active player",
    ),
    (
        "bad-sex",
        lambda d: players(d)[0].update(sex="x"),
        "sections[0].players[0].sex: must be one of '', 'm', 'w'",
    ),
    (
        "bad-acceleration",
        lambda d: players(d)[3].update(acceleration=["1", "half"]),
        "sections[0].players[3].acceleration[1]: must be a number as a string",
    ),
    (
        "huge-exponent-kept-for-the-record",
        lambda d: d["sections"][0].update(trf_extra={"scoring": {"win": "1e999999999"}}),
        "sections[0].trf_extra.scoring.win: must not hold a number with an exponent that large",
    ),
    (
        "group-order-by-database-id",
        lambda d: d["sections"][0].update(trf_extra={"forbidden_order": {"17": [4, 1]}}),
        "sections[0].trf_extra.forbidden_order: belongs on the prohibited groups",
    ),
    (
        "tiebreak-not-a-string",
        lambda d: d["sections"][0].update(tiebreaks=["BH", 3]),
        "sections[0].tiebreaks[1]: must be a string",
    ),
    (
        "duplicate-rank",
        lambda d: players(d)[1].update(starting_rank=1),
        "sections[0].players[1].starting_rank: another player has 1",
    ),
    (
        "duplicate-section-slug",
        lambda d: d["sections"][1].update(slug="open"),
        "sections[1].slug: another section has 'open'",
    ),
    (
        "duplicate-round",
        lambda d: d["sections"][0]["rounds"].append(copy.deepcopy(first_round(d))),
        "sections[0].rounds[1].number: another round has 1",
    ),
    (
        "duplicate-board",
        lambda d: first_round(d)["games"][1].update(board=1),
        "sections[0].rounds[0].games[1].board: another game has 1",
    ),
    (
        "game-of-no-player",
        lambda d: first_round(d)["games"][0].update(black=99),
        "sections[0].rounds[0].games[0].black: the section has no player of starting rank 99",
    ),
    (
        "player-against-themselves",
        lambda d: first_round(d)["games"][0].update(black=1),
        "sections[0].rounds[0].games[0].black: player 1 already has a game or bye in this round",
    ),
    (
        "player-with-a-game-and-a-bye",
        lambda d: first_round(d)["byes"].append({"player": 4, "kind": "H"}),
        "sections[0].rounds[0].byes[1].player: player 4 already has a game or bye in this round",
    ),
    (
        "bye-request-twice",
        lambda d: players(d)[0]["bye_requests"].append({"round_number": 2, "kind": "Z"}),
        "sections[0].players[0].bye_requests[1].round_number: another entry has 2",
    ),
    (
        "bye-exclusion-round-zero",
        lambda d: players(d)[1]["bye_exclusions"].append({"round_number": 0}),
        "sections[0].players[1].bye_exclusions[1].round_number: must be a positive integer",
    ),
    (
        "group-of-no-player",
        lambda d: d["sections"][0]["prohibited_groups"][0]["members"].append(6),
        "sections[0].prohibited_groups[0].members[2]: the section has no player of starting rank 6",
    ),
    (
        "group-member-twice",
        lambda d: d["sections"][0]["prohibited_groups"][0]["members"].append(1),
        "sections[0].prohibited_groups[0].members[2]: another member has 1",
    ),
    (
        "attribute-group-without-attribute",
        lambda d: d["sections"][0]["prohibited_groups"][0].update(source="attribute"),
        "sections[0].prohibited_groups[0].attribute: must name the attribute the group is of",
    ),
    (
        "two-active-runs-for-a-round",
        lambda d: d["sections"][0]["pairing_runs"].extend(
            [
                {**d["sections"][0]["pairing_runs"][0], "round_number": 2, "status": "queued"},
                {**d["sections"][0]["pairing_runs"][0], "round_number": 2, "status": "running"},
            ]
        ),
        "sections[0].pairing_runs[2].status: another run for the same round is queued",
    ),
    (
        "run-request-naming-a-user-by-id",
        lambda d: d["sections"][0]["pairing_runs"][0]["request"].update(requested_by=3),
        "sections[0].pairing_runs[0].request.requested_by: names an account by its database id",
    ),
    (
        "run-time-not-a-number",
        lambda d: d["sections"][0]["pairing_runs"][0].update(engine_seconds="fast"),
        "sections[0].pairing_runs[0].engine_seconds: must be a number",
    ),
    (
        "duplicate-team-number",
        lambda d: d["sections"][1]["teams"][1].update(starting_rank=1),
        "sections[1].teams[1].starting_rank: another team has 1",
    ),
    (
        "duplicate-team-name",
        lambda d: d["sections"][1]["teams"][1].update(name="Team 1"),
        "sections[1].teams[1].name: another team has 'Team 1'",
    ),
    (
        "player-on-two-teams",
        lambda d: d["sections"][1]["teams"][1]["members"][0].update(player=1),
        "sections[1].teams[1].members[0].player: player 1 is on another team",
    ),
    (
        "duplicate-board-order",
        lambda d: d["sections"][1]["teams"][0]["members"][1].update(board_order=1),
        "sections[1].teams[0].members[1].board_order: another member has 1",
    ),
    (
        "match-of-no-team",
        lambda d: match(d).update(black_team=7),
        "sections[1].rounds[0].team_matches[0].black_team: the section has no team of starting",
    ),
    (
        "team-against-itself",
        lambda d: match(d).update(black_team=1),
        "team_matches[0].black_team: team 1 already has a match or bye in this round",
    ),
    (
        "team-with-a-match-and-a-bye",
        lambda d: first_round(d, 1)["team_byes"].append({"team": 2, "kind": "U"}),
        "sections[1].rounds[0].team_byes[1].team: team 2 already has a match or bye",
    ),
    (
        "line-up-of-a-team-not-in-the-match",
        lambda d: match(d)["lineups"][0].update(team=3),
        "team_matches[0].lineups[0].team: team 3 does not play this match",
    ),
    (
        "board-lined-up-twice",
        lambda d: match(d)["lineups"][1].update(board=1),
        "team_matches[0].lineups[1].board: another line-up entry has (1, 1)",
    ),
    (
        "player-lined-up-twice",
        lambda d: match(d)["lineups"][3].update(player=1),
        "team_matches[0].lineups[3].player: player 1 is already lined up in this round",
    ),
    (
        "log-of-no-section",
        lambda d: d["log"][0].update(section="blitz"),
        "log[0].section: the file has no section 'blitz'",
    ),
    (
        "log-of-no-player",
        lambda d: d["log"][1]["players"].append(["teams", 9]),
        "log[1].players[2]: the file has no player 9 in section 'teams'",
    ),
    (
        "log-player-not-a-pair",
        lambda d: d["log"][1]["players"].append(3),
        "log[1].players[2]: must be [section slug, starting rank]",
    ),
    (
        "log-warnings-not-lists",
        lambda d: d["log"][0].update(warnings={"standing": "C3"}),
        "log[0].warnings.standing: must be a list",
    ),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_defect_is_refused_naming_where_it_is(change, message):
    assert message in refusal(spoiled(change))


WRONG_VALUES = [None, "\x00", -1, 2**40, 1.5, True, [None], {"": None}]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def test_any_value_anywhere_is_read_or_refused_never_a_crash():
    base = document()
    # The first two items of a list stand for the others: their paths are the same shape.
    paths = [p for p in _paths(base) if p and not any(type(s) is int and s > 1 for s in p)]
    for path in paths:
        for wrong in WRONG_VALUES:
            doc = copy.deepcopy(base)
            target = doc
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = wrong
            with contextlib.suppress(BackupInvalid):
                archive_read(encoded(doc))
