"""Round states: which rounds count, which may be paired next, and a version of what
players see that changes with any of it."""

from __future__ import annotations

import hashlib

from django.db import connection
from django.db.models import QuerySet
from django.db.models import TextField
from django.db.models.expressions import RawSQL

from tournaments.models import ByeRequest
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section

# Rounds that count: a draft is the engine's proposal, not yet part of the tournament.
VISIBLE_ROUND_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.COMPLETED)

# What organisers and arbiters see besides: a round being paired and a draft.
MANAGED_ROUND_STATUSES = (*VISIBLE_ROUND_STATUSES, RoundStatus.PAIRING, RoundStatus.DRAFT)


def section_next_round(*, section: Section) -> int:
    """The first round not paired yet: one after the last round that left `pending`."""
    paired = section.rounds.exclude(status=RoundStatus.PENDING).order_by("-number")
    return (paired.values_list("number", flat=True).first() or 0) + 1


def section_finished(*, section: Section) -> bool:
    """True once every planned round is paired and completed: nothing is left to pair or
    to play (one query)."""
    done = section.rounds.filter(number__lte=section.planned_rounds, status=RoundStatus.COMPLETED)
    return done.count() == section.planned_rounds


def section_round_to_pair(*, section: Section) -> int | None:
    """The round that may be paired now: the next one, once the round before is completed."""
    number = section_next_round(section=section)
    if number > section.planned_rounds:
        return None
    if (
        number > 1
        and not section.rounds.filter(number=number - 1, status=RoundStatus.COMPLETED).exists()
    ):
        return None
    return number


def section_pair_blocked_get(*, section: Section, number: int) -> str:
    """Why round `number` cannot be paired now, in words; "" when it can (two queries)."""
    if not 1 <= number <= section.planned_rounds:
        return f"The section has {section.planned_rounds} rounds."
    next_round = section_next_round(section=section)
    if number < next_round:
        return f"Round {number} is paired already."
    if number > next_round:
        return f"Round {next_round} is the next to pair."
    if number == 1:
        return ""
    previous = section.rounds.filter(number=number - 1).first()
    if previous is None or previous.status != RoundStatus.COMPLETED:
        missing = Game.objects.filter(
            round__section=section, round__number=number - 1, result=""
        ).count()
        if previous is not None and previous.status == RoundStatus.PUBLISHED and missing:
            boards = f"{missing} board{'s' if missing != 1 else ''}"
            return f"Round {number - 1} has {boards} without a result."
        return f"Round {number - 1} is not published yet."
    return ""


# One expression, written out: the ORM takes longer to compile it than the database takes to
# answer, and the page cache asks on every request. One aggregate subquery per table, each
# read once (one joined query would multiply rows), the figures joined in one text. The
# section is `{section}`: a parameter, or the section's own column where the version is read
# along with the section (`section_version_annotated`).
_VERSION_SQL = """
(SELECT COALESCE(CAST(r.changed AS TEXT), '') || '|' || COALESCE(CAST(g.changed AS TEXT), '')
   || '|' || CAST(g.boards AS TEXT) || '|' || COALESCE(CAST(p.changed AS TEXT), '')
   || '|' || CAST(p.players AS TEXT) || '|' || COALESCE(CAST(p.ranks AS TEXT), '')
   || '|' || COALESCE(CAST(q.changed AS TEXT), '') || '|' || CAST(q.requests AS TEXT)
 FROM
  (SELECT MAX(r.updated_at) AS changed FROM {round} r
     WHERE r.section_id = {section} AND r.status IN (%s, %s)) r,
  (SELECT MAX(g.updated_at) AS changed, COUNT(*) AS boards
     FROM {game} g JOIN {round} r ON g.round_id = r.id
     WHERE r.section_id = {section} AND r.status IN (%s, %s)) g,
  (SELECT MAX(p.updated_at) AS changed, COUNT(*) AS players,
          SUM(p.starting_rank * p.id) AS ranks
     FROM {player} p WHERE p.section_id = {section}) p,
  (SELECT MAX(q.updated_at) AS changed, COUNT(*) AS requests
     FROM {request} q JOIN {player} p ON q.player_id = p.id
     WHERE p.section_id = {section}) q)
"""

VERSION_ANNOTATION = "published_version"
"""The attribute `section_version_annotated` gives each section it reads."""


def _version_sql(section: str) -> str:
    return _VERSION_SQL.format(
        section=section,
        round=Round._meta.db_table,
        game=Game._meta.db_table,
        player=Player._meta.db_table,
        request=ByeRequest._meta.db_table,
    )


def _version_token(section: Section, parts: str) -> str:
    return hashlib.sha256(f"{section.pk}|{section.updated_at}|{parts}".encode()).hexdigest()[:16]


def section_version_annotated(sections: QuerySet[Section]) -> QuerySet[Section]:
    """`sections`, each read with what its version is made of (no query more):
    `section_version_get` of such a section asks nothing. For a page that reads the
    section and its version at once and writes nothing in between."""
    published, completed = (str(status) for status in VISIBLE_ROUND_STATUSES)
    column = (
        f"{connection.ops.quote_name(Section._meta.db_table)}.{connection.ops.quote_name('id')}"
    )
    sql = _version_sql(column)
    return sections.annotate(
        **{VERSION_ANNOTATION: RawSQL(sql, [published, completed] * 2, output_field=TextField())}
    )


def section_version_get(*, section: Section) -> str:
    """A token that changes whenever what players see changes (one query, none for a
    section read by `section_version_annotated`).

    Rounds are saved when published or completed, and games when a result is set; the
    count of boards catches boards deleted by a new pairing or a round taken back, players
    catch withdrawals and late entries (and a sum weighted by their numbers, starting ranks
    moved by an update that leaves `updated_at` alone), and bye requests show on the player
    cards. Only published and completed rounds count: a draft, and every change made to it,
    stays unseen until it is published (the token is public, and public pages are cached by
    it).
    """
    parts = getattr(section, VERSION_ANNOTATION, None)
    if parts is None:
        published, completed = (str(status) for status in VISIBLE_ROUND_STATUSES)
        row: list[int | str] = [section.pk, published, completed]
        params = row * 2 + [section.pk] * 2
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + _version_sql("%s"), params)
            parts = cursor.fetchone()[0]
    return _version_token(section, parts)
