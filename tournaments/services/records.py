"""The one place that stores a tournament record, and filling a section from a TRF file.

`do_section_record_store` is the mirror image of `tournaments.selectors.record.section_record_base`:
a record stored by one and read back by the other is equal to the original. What has no
column (TRF headers of an imported file, the points column, extension lines, ...) goes into
the `trf_extra` JSON fields in the form `chesscore.record.codec` writes and reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils import timezone

from chesscore.record import model as rec
from chesscore.record.boards import boards_per_match
from chesscore.record.codec import encode as _encode
from chesscore.record.people import DetailInvalid
from chesscore.record.people import PlayerDetails
from chesscore.record.people import record_player_details
from chesscore.record.text import one_line
from chesscore.systems import DEFAULT_SYSTEM
from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import MAX_BOARDS_PER_MATCH
from tournaments.models import SCORING_COLUMNS
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import Event
from tournaments.models import GroupSource
from tournaments.models import InitialColour
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.record import BYE_CODES
from tournaments.selectors.record import EXTRA_RECORD_FIELDS
from tournaments.selectors.record import GAME_CODES
from tournaments.services.base import SectionStateError
from tournaments.services.base import free_slug
from tournaments.services.base import points_check
from tournaments.services.base import points_exact
from tournaments.services.base import record_from_trf
from tournaments.services.base import section_lock_for_manager
from tournaments.services.boards import BoardEntry
from tournaments.services.boards import round_boards_store
from tournaments.services.changes import changes_between
from tournaments.services.changes import values_of
from tournaments.services.log import log_write
from tournaments.services.quotas import player_quota_check
from tournaments.services.quotas import section_quota_check

_RESULT_OF_CODES = {codes: result for result, codes in GAME_CODES.items()}
_BYE_KIND_OF_CODE = {code: kind for kind, code in reversed(BYE_CODES.items())}
_PRE_ENTERED_BYES = {
    rec.ResultCode.HALF_POINT_BYE,
    rec.ResultCode.FULL_POINT_BYE,
    rec.ResultCode.ZERO_POINT_BYE,
}
_INITIAL_COLOURS = {
    None: InitialColour.LOT,
    rec.Colour.WHITE: InitialColour.WHITE,
    rec.Colour.BLACK: InitialColour.BLACK,
}
_DEFAULT_RECORD = rec.Record()

# ---------------------------------------------------------------------------------------
# Storing a record
# ---------------------------------------------------------------------------------------


@transaction.atomic
def do_section_record_store(
    *,
    event: Event,
    name: str,
    record: rec.Record,
    slug: str = "",
    board_order: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    actor: AnyUser | None = None,
) -> Section:
    """Store `record` as a new section of `event`, with every player, round, game and bye,
    for a caller that decided who may (`section_import_trf`, the command line, the demo).
    The section pairs by the record's system (`Record.system`), else `DEFAULT_SYSTEM`; a
    record naming none reads back naming none.

    Rounds up to the last one paired are created (completed when every game has a result,
    else published); byes entered in advance for later rounds become bye requests. Each game
    and bye gets its seats, so the database itself refuses a player seated twice in a round.
    A team record's boards per match (`boards_per_match`: its 352 sequence, else its
    matches) become the section's. A record does not number boards: `board_order` gives,
    per round, the ``(white, black)`` starting ranks in board order (an engine's or a Berger
    table's); boards it does not list follow by score, highest first. Locks the event row
    while choosing the section's slug. The section and its players count against the quotas
    (`QuotaExceeded`; `actor`, the one storing, may be exempt: `tournaments.services.quotas`;
    None is Rookery, which is not).
    """
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A section needs a name of 1 to 100 characters.", field="name")
    event = Event.objects.select_for_update().get(pk=event.pk)
    section_quota_check(event=event, user=actor)
    player_quota_check(section=None, user=actor, count=len(record.players))
    extra: dict[str, Any] = {"event": _encode(record.event)}
    system = record.system or DEFAULT_SYSTEM
    points_check(system=system, acceleration=record.acceleration.value, scoring=record.scoring)
    section = Section.objects.create(
        event=event,
        name=name,
        slug=free_slug(slug or name, set(event.sections.values_list("slug", flat=True))),
        system=system,
        planned_rounds=record.planned_rounds or max(record.round_columns, 1),
        initial_colour=_INITIAL_COLOURS[record.initial_colour],
        acceleration=record.acceleration.value,
        tiebreaks=list(record.tiebreaks),
        boards_per_match=_boards_per_match(record),
        **_scoring_columns(record.scoring),
    )
    if record.planned_rounds is None:
        extra["planned_rounds_absent"] = True
    if not record.system:
        extra["system_absent"] = True
    for field_name in EXTRA_RECORD_FIELDS:
        value = getattr(record, field_name)
        if value != getattr(_DEFAULT_RECORD, field_name):
            extra[field_name] = _encode(value)
    players = _store_players(section, record, extra)
    _store_rounds(section, record, players, extra, board_order or {})
    _store_forbidden_pairings(section, record, players, extra)
    _store_teams(section, record, players, extra)
    section.trf_extra = extra
    section.save(update_fields=["trf_extra", "updated_at"])
    return section


def _boards_per_match(record: rec.Record) -> int | None:
    """The boards per match a team file gives (`boards_per_match`); `ValidationError`
    (field ``boards_per_match``) past the most a section takes."""
    boards = boards_per_match(record)
    if boards is not None and boards > MAX_BOARDS_PER_MATCH:
        raise ValidationError(
            f"A match has 1 to {MAX_BOARDS_PER_MATCH} boards; the matches of this file have "
            f"{boards}.",
            field="boards_per_match",
            code="invalid_trf",
        )
    return boards


def stored_text(text: str) -> str:
    """A name or other text of a TRF file as the site keeps it: on one line, as the TRF
    export writes it (a tab, or a control character a Latin-1 reading made, becomes a
    space), with no space at either end (`tournaments.validators.one_line`)."""
    return one_line(text).strip()


def _store_players(
    section: Section, record: rec.Record, extra: dict[str, Any]
) -> dict[int, Player]:
    ranks = list(record.ranks)
    if ranks != sorted(ranks):
        extra["player_order"] = ranks
    xxa = _virtual_points_by_rank(record)
    if xxa is None:
        extra["virtual_points"] = _encode(record.virtual_points)
        xxa = {}
    rows = []
    for p in record.players:
        player_extra: dict[str, Any] = {}
        if p.points is not None:
            player_extra["points"] = str(p.points)
        if p.final_rank is not None:
            player_extra["final_rank"] = p.final_rank
        rows.append(
            Player(
                section=section,
                starting_rank=p.rank,
                **_record_player_details(p).values(),
                acceleration=[_decimal_text(v) for v in xxa.get(p.rank, ())],
                trf_extra=player_extra,
            )
        )
    Player.objects.bulk_create(rows)
    return {p.starting_rank: p for p in section.players.all()}


def _record_player_details(player: rec.Player) -> PlayerDetails:
    """The details of a record's player (`record_player_details`): a file's were checked as
    it was read (`record_from_trf`); `ValidationError` naming the player and the detail for
    a record made otherwise."""
    try:
        return record_player_details(player)
    except DetailInvalid as exc:
        raise ValidationError(
            f"Player {player.rank}, {exc.field.replace('_', ' ')}: {exc.message}",
            field=exc.field,
            code="invalid_trf",
        ) from None


def _virtual_points_by_rank(record: rec.Record) -> dict[int, tuple[Fraction, ...]] | None:
    """XXA lines as per-player lists, or None when they do not fit one list per player."""
    ranks = [v.rank for v in record.virtual_points]
    if ranks != sorted(set(ranks)) or any(not v.points for v in record.virtual_points):
        return None
    return {v.rank: v.points for v in record.virtual_points}


@dataclass(slots=True)
class _Round:
    games: list[tuple[int, int, str]]
    byes: list[tuple[int, str]]


def _store_rounds(
    section: Section,
    record: rec.Record,
    players: dict[int, Player],
    extra: dict[str, Any],
    board_order: Mapping[int, Sequence[tuple[int, int]]],
) -> None:
    played = record.rounds_played
    rounds = {number: _Round(games=[], byes=[]) for number in range(1, played + 1)}
    uncoloured: list[list[int]] = []
    requests = []
    for p in record.players:
        for number, e in enumerate(p.rounds, start=1):
            if number > played:
                if e.result in _PRE_ENTERED_BYES:
                    requests.append(
                        ByeRequest(player=players[p.rank], round_number=number, kind=e.result.value)
                    )
            elif e.opponent is None:
                if e.result is not rec.ResultCode.UNPAIRED:
                    rounds[number].byes.append((p.rank, _BYE_KIND_OF_CODE[e.result]))
            elif e.colour is rec.Colour.WHITE or (
                e.colour is rec.Colour.NONE and p.rank < e.opponent
            ):
                other = record.player(e.opponent).entry(number)
                rounds[number].games.append(
                    (p.rank, e.opponent, _RESULT_OF_CODES[(e.result, other.result)])
                )
                if e.colour is rec.Colour.NONE:
                    uncoloured.append([number, p.rank])
    if uncoloured:
        extra["uncoloured_games"] = uncoloured
    ByeRequest.objects.bulk_create(requests)
    scores = {p.rank: Fraction(0) for p in record.players}
    for number, content in rounds.items():
        listed = {pair: index for index, pair in enumerate(board_order.get(number, ()))}
        _store_round(section, number, content, players, scores, listed)
        for p in record.players:
            scores[p.rank] += record.scoring.points(p.entry(number).result)


def _store_round(
    section: Section,
    number: int,
    content: _Round,
    players: dict[int, Player],
    scores: dict[int, Fraction],
    listed: dict[tuple[int, int], int],
) -> None:
    finished = all(result for _w, _b, result in content.games)
    rnd = Round.objects.create(
        section=section,
        number=number,
        status=RoundStatus.COMPLETED if finished else RoundStatus.PUBLISHED,
        published_at=timezone.now(),
    )
    # Listed boards first, in their order; then from the top: highest score, better rank.
    ordered = sorted(
        content.games,
        key=lambda g: (
            listed.get((g[0], g[1]), len(listed)),
            -max(scores[g[0]], scores[g[1]]),
            min(g[0], g[1]),
        ),
    )
    round_boards_store(
        round=rnd,
        boards=[BoardEntry(w, b, result) for w, b, result in ordered],
        byes=content.byes,
        players={rank: player.pk for rank, player in players.items()},
    )


def _store_forbidden_pairings(
    section: Section, record: rec.Record, players: dict[int, Player], extra: dict[str, Any]
) -> None:
    """Forbidden pairings as strict groups, or kept whole when a group cannot hold them.

    Round ranges (TRF26 260), repeated ids and team events (where the ids are teams) have
    no group form. The order the file listed the ids in is kept beside the groups.
    """
    pairings = record.forbidden_pairings
    fits = not record.teams and all(
        f.first_round is None and len(set(f.ranks)) == len(f.ranks) for f in pairings
    )
    if not fits:
        extra["forbidden_pairings"] = _encode(pairings)
        return
    order: dict[str, list[int]] = {}
    for index, pairing in enumerate(pairings, start=1):
        group = ProhibitedGroup.objects.create(
            section=section,
            name=f"Forbidden pairing {index}",
            kind=ConstraintKind.STRICT,
            source=GroupSource.MANUAL,
        )
        group.members.set([players[rank] for rank in pairing.ranks])
        if list(pairing.ranks) != sorted(pairing.ranks):
            order[str(group.pk)] = list(pairing.ranks)
    if order:
        extra["forbidden_order"] = order


def _store_teams(
    section: Section, record: rec.Record, players: dict[int, Player], extra: dict[str, Any]
) -> None:
    """Teams and their rosters; what a team row has no column for is kept beside it.

    Teams whose names repeat, are too long, or share a player cannot be rows: they are kept
    whole. The rows are made through the section's reverse relations, so that this layer
    does not import the teams app.
    """
    teams = record.teams
    members = [rank for t in teams for rank in t.members]
    fits = (
        len({stored_text(t.name) for t in teams}) == len(teams)
        and len({t.number for t in teams}) == len(teams)
        and len(set(members)) == len(members)
        and all(len(t.name) <= 100 and len(t.nickname) <= 20 for t in teams)
    )
    if not fits:
        extra["teams"] = _encode(teams)
        return
    details = {}
    for t in teams:
        team = section.teams.create(
            name=stored_text(t.name), short_name=stored_text(t.nickname), starting_rank=t.number
        )
        for board, rank in enumerate(t.members, start=1):
            team.members.create(player=players[rank], board_order=board)
        more = {
            "strength_factor": _encode(t.strength_factor),
            "match_points": _encode(t.match_points),
            "game_points": _encode(t.game_points),
            "rank": t.rank,
        }
        if any(value is not None for value in more.values()):
            details[str(t.number)] = more
    if details:
        extra["team_details"] = details


def _scoring_columns(scoring: rec.ScoringSystem) -> dict[str, Decimal]:
    """The point columns holding `scoring` exactly (`ValidationError` on a column that
    cannot: a TRF file's points have at most six decimals, as the columns)."""
    return {
        column: points_exact(column, getattr(scoring, name))
        for name, column in SCORING_COLUMNS.items()
    }


def _one_decimal(value: Fraction) -> Decimal | None:
    tenths = value * 10
    if tenths.denominator != 1 or abs(tenths) >= 10_000:
        return None
    return Decimal(tenths.numerator) / 10


def _decimal_text(value: Fraction) -> str:
    """``"0.5"`` for one half: the form the acceleration column documents, when exact."""
    one = _one_decimal(value)
    return str(one) if one is not None and Fraction(one) == value else str(value)


# ---------------------------------------------------------------------------------------
# Filling an empty section from a TRF file
# ---------------------------------------------------------------------------------------

# The settings a TRF file may set on a section; the log keeps those a load changed.
_LOADED_SETTINGS = (
    "system",
    "planned_rounds",
    "initial_colour",
    "acceleration",
    "tiebreaks",
    "boards_per_match",
    *SCORING_COLUMNS.values(),
)


def section_import_log(
    *, section: Section, actor: AnyUser | None, what: str, changes: Mapping[str, Any] | None = None
) -> None:
    """Log that `actor` filled `section` from `what` ("a TRF file"): how many players and
    rounds it now holds, and the settings the file changed. Inside the import's transaction."""
    players = section.players.count()
    rounds = section.rounds.count()
    log_write(
        section,
        actor,
        LogAction.IMPORT,
        (
            f"{section.name} filled from {what}: {players} player{'s' if players != 1 else ''}, "
            f"{rounds} round{'s' if rounds != 1 else ''} played."
        ),
        changes=changes,
    )


@transaction.atomic
def section_trf_load(*, section: Section, user: AnyUser, text: str | bytes) -> Section:
    """Fill an empty section with everything a TRF file says: players, rounds, settings.

    What the file states replaces the section's own settings (pairing system from 192,
    planned rounds, initial colour, scoring, tie-breaks, the boards per match of a team
    file: `boards_per_match`); what it leaves out keeps the section's (a file naming no
    system leaves the section's to pair by, and its record, like the file, names none).
    Rounds are stored as `do_section_record_store` stores them, so the section's record
    reads back equal to the file's (the planned rounds aside, when the file has none).

    Locks the section. Raises `PermissionDenied` unless `user` runs the event,
    `SectionStateError` when the section already has players or rounds, and
    `ValidationError` naming the line and field of the first defect of the file; nothing is
    stored then. The log keeps what the file brought and the settings it changed.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if section.players.exists() or section.rounds.exists():
        raise SectionStateError(
            "Only an empty section can take a TRF file; this one has players.", field="file"
        )
    record = record_from_trf(text, system=section.system, acceleration=section.acceleration)
    player_quota_check(section=section, user=user, count=len(record.players))
    before = values_of(section, _LOADED_SETTINGS)
    extra: dict[str, Any] = {"event": _encode(record.event)}
    if record.system:
        section.system = record.system
    else:
        extra["system_absent"] = True
    section.planned_rounds = record.planned_rounds or max(
        section.planned_rounds, record.round_columns
    )
    if record.initial_colour is not None:
        section.initial_colour = _INITIAL_COLOURS[record.initial_colour]
    if record.acceleration is not rec.Acceleration.NONE:
        section.acceleration = record.acceleration.value
    if record.tiebreaks:
        section.tiebreaks = list(record.tiebreaks)
    boards = _boards_per_match(record)
    if boards is not None:
        section.boards_per_match = boards
    for column, value in _scoring_columns(record.scoring).items():
        setattr(section, column, value)
    for field_name in EXTRA_RECORD_FIELDS:
        value = getattr(record, field_name)
        if value != getattr(_DEFAULT_RECORD, field_name):
            extra[field_name] = _encode(value)
    players = _store_players(section, record, extra)
    _store_rounds(section, record, players, extra, {})
    _store_forbidden_pairings(section, record, players, extra)
    _store_teams(section, record, players, extra)
    section.trf_extra = extra
    section.save()
    changes = changes_between(before, values_of(section, _LOADED_SETTINGS))
    section_import_log(section=section, actor=user, what="a TRF file", changes=changes)
    return section
