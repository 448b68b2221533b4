"""A small backup document, valid, written by hand: the base the error tests spoil."""

from __future__ import annotations

import json
from typing import Any


def _player(rank: int, last_name: str, **more: Any) -> dict[str, Any]:
    return {
        "starting_rank": rank,
        "first_name": "",
        "last_name": last_name,
        "title": "",
        "sex": "",
        "birth_date": "",
        "federation": "",
        "club": "",
        "fide_id": "",
        "fide_rating": None,
        "national_id": "",
        "national_rating": None,
        "national_rating_2": None,
        "status": "active",
        "withdrawn_from_round": None,
        "entry_round": 1,
        "acceleration": [],
        "trf_extra": {},
        "bye_requests": [],
        "bye_exclusions": [],
        "check_ins": [],
        **more,
    }


def _section(slug: str, system: str, **more: Any) -> dict[str, Any]:
    return {
        "slug": slug,
        "name": slug.capitalize(),
        "system": system,
        "planned_rounds": 5,
        "points_win": "1.0",
        "points_draw": "0.5",
        "points_loss": "0.0",
        "points_forfeit_win": "1.0",
        "points_forfeit_loss": "0.0",
        "points_pab": "1.0",
        "points_half_bye": "0.5",
        "points_full_bye": "1.0",
        "points_zero_bye": "0.0",
        "initial_colour": "lot",
        "acceleration": "none",
        "tiebreaks": ["BH"],
        "seeding_rating": "fide",
        "max_half_point_byes": None,
        "half_point_bye_closed_rounds": [],
        "late_entry_half_point_byes": 0,
        "boards_per_match": None,
        "check_in": "off",
        "absent_players": "ask",
        "check_in_code": "",
        "trf_extra": {},
        "players": [],
        "prohibited_groups": [],
        "teams": [],
        "round_times": [],
        "entry_settings": None,
        "entries": [],
        "rounds": [],
        "pairing_runs": [],
        **more,
    }


def _round(number: int, **more: Any) -> dict[str, Any]:
    return {
        "number": number,
        "status": "completed",
        "published_at": "2026-05-01T10:00:00.000000+00:00",
        "is_pure_fide": True,
        "explanation": {},
        "version": 1,
        "games": [],
        "byes": [],
        "team_matches": [],
        "team_byes": [],
        **more,
    }


def _game(board: int, white: int, black: int, result: str = "1-0") -> dict[str, Any]:
    return {
        "board": board,
        "result": result,
        "explanation": "",
        "version": 1,
        "white": white,
        "black": black,
    }


def _entry(last_name: str, status: str, digit: str, player: int | None = None) -> dict[str, Any]:
    return {
        "status": status,
        "first_name": "",
        "last_name": last_name,
        "fide_id": "",
        "fide_rating": None,
        "federation": "",
        "club": "",
        "birth_year": None,
        "email": f"{last_name.lower()}@example.org",
        "phone": "",
        "token_hash": digit * 64,
        "created_at": "2026-04-20T10:00:00.000000+00:00",
        "decided_at": None,
        "player": player,
    }


def document() -> dict[str, Any]:
    """An event of two sections: "open" (five players, a round with two games and a bye, a
    prohibited group, a bye request and exclusion, a check-in, a round time, online entries,
    one approved and one waiting, and a pairing run) and "teams" (three teams of two, a match
    with its line-ups and a team bye); and a log of two entries."""
    open_section = _section(
        "open",
        "dutch",
        check_in="first",
        check_in_code="knight",
        round_times=[{"number": 1, "starts_at": "2026-05-01T10:00:00.000000+00:00"}],
        entry_settings={
            "is_open": False,
            "opens_at": "2026-04-01T00:00:00.000000+00:00",
            "closes_at": "2026-04-30T00:00:00.000000+00:00",
            "max_players": 5,
            "waiting_list": True,
            "needs_approval": True,
            "fide_id": "optional",
            "fide_rating": "optional",
            "federation": "optional",
            "club": "off",
            "birth_year": "required",
            "email": "required",
            "phone": "off",
        },
        entries=[_entry("Evans", "approved", "a", player=5), _entry("Fisher", "waiting", "b")],
        players=[
            _player(
                1,
                "Adams",
                bye_requests=[{"round_number": 2, "kind": "H"}],
                check_ins=[{"round_number": 1, "checked_in_at": "2026-05-01T09:30:00+00:00"}],
            ),
            _player(2, "Brown", bye_exclusions=[{"round_number": 2}]),
            _player(3, "Clark", status="withdrawn", withdrawn_from_round=2),
            _player(4, "Dutton", acceleration=["1", "0.5"]),
            _player(5, "Evans", trf_extra={"points": "3/2", "final_rank": 2}),
        ],
        prohibited_groups=[
            {
                "name": "Family",
                "kind": "strict",
                "source": "manual",
                "attribute": "",
                "members": [1, 4],
                "forbidden_order": [4, 1],
            }
        ],
        rounds=[
            _round(
                1,
                games=[_game(1, 1, 2), _game(2, 3, 4, "1/2")],
                byes=[{"player": 5, "kind": "U"}],
                explanation={"groups": [{"kind": "soft_lowest", "members": [1, 4]}]},
            )
        ],
        pairing_runs=[
            {
                "round_number": 1,
                "status": "done",
                "created_at": "2026-05-01T09:00:00.000001+00:00",
                "started_at": "2026-05-01T09:00:01.000000+00:00",
                "finished_at": "2026-05-01T09:00:02.000000+00:00",
                "attempts": 1,
                "engine_version": "rookery 0.1.0 dutch",
                "engine_seconds": 0.25,
                "error": "",
                "request": {"round": 1},
                "result": {"boards": [[1, 2], [3, 4]]},
            }
        ],
    )
    teams = _section(
        "teams",
        "team_swiss",
        boards_per_match=2,
        players=[_player(rank, f"Member {rank}") for rank in range(1, 7)],
        teams=[
            {
                "starting_rank": number,
                "name": f"Team {number}",
                "short_name": "",
                "federation": "",
                "withdrawn_from_round": None,
                "members": [
                    {"board_order": 1, "player": 2 * number - 1},
                    {"board_order": 2, "player": 2 * number},
                ],
            }
            for number in (1, 2, 3)
        ],
        rounds=[
            _round(
                1,
                games=[_game(1, 1, 3)],
                team_matches=[
                    {
                        "number": 1,
                        "forfeit": "",
                        "white_team": 1,
                        "black_team": 2,
                        "lineups": [
                            {"team": 1, "board": 1, "player": 1},
                            {"team": 1, "board": 2, "player": 2},
                            {"team": 2, "board": 1, "player": 3},
                            {"team": 2, "board": 2, "player": None},
                        ],
                    }
                ],
                team_byes=[{"team": 3, "kind": "U"}],
            )
        ],
    )
    return {
        "format": "rookery-event",
        "version": 3,
        "event": {
            "name": "Spring Open",
            "slug": "spring-open",
            "start_date": "2026-05-01",
            "end_date": "2026-05-03",
            "venue": "",
            "city": "Leiden",
            "federation": "NED",
            "time_control": "",
            "chief_arbiter": "",
            "time_zone": "Europe/Amsterdam",
            "is_public": True,
            "language": "",
        },
        "sections": [open_section, teams],
        "log": [
            {
                "created_at": "2026-05-01T09:00:00.000000+00:00",
                "actor": "organiser",
                "action": "publish",
                "description": "Round 1 published.",
                "reason": "",
                "section_name": "Open",
                "round_number": 1,
                "board": None,
                "changes": {},
                "warnings": {"standing": []},
                "section": "open",
                "players": [],
            },
            {
                "created_at": "2026-05-01T11:00:00.000000+00:00",
                "actor": "",
                "action": "result_correct",
                "description": "Result corrected.",
                "reason": "Misread scoresheet",
                "section_name": "Open",
                "round_number": 1,
                "board": 2,
                "changes": {"result": ["1-0", "1/2"]},
                "warnings": {},
                "section": "open",
                "players": [["open", 3], ["open", 4]],
            },
        ],
    }


def version_1(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` as a file of version 1 of the format: without online entries, check-ins and
    the sections' check-in settings."""
    doc["version"] = 1
    for section in doc["sections"]:
        for key in ("check_in", "absent_players", "check_in_code", "entry_settings", "entries"):
            del section[key]
        for player in section["players"]:
            del player["check_ins"]
    return doc


def encoded(doc: dict[str, Any]) -> bytes:
    """`doc` as a file: ASCII, so that a lone surrogate is written as its escape; an
    infinite float as 1e400, which JSON readers take for infinity."""
    text = json.dumps(doc)
    return text.replace("-Infinity", "-1e400").replace("Infinity", "1e400").encode("ascii")
