"""The demo event: a Swiss paired round by round by the Dutch engine and a Berger round robin.

Everything is built as tournament records first (the engines' own currency) and stored through
`tournaments.services.do_section_record_store`, the one place records enter the database.
Results are drawn from a seeded generator, so every run produces the same event.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import replace

from django.contrib.auth import get_user_model
from django.db import transaction

from chesscore.pairing import PairingOptions
from chesscore.pairing import pair_round
from chesscore.pairing.round_robin import berger_table
from chesscore.record import model as rec
from common.types import User
from tournaments import services
from tournaments.models import Event

DEMO_EVENT_SLUG = "rookery-demo-festival"
DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "rookery-demo"

# (name, title, federation) of the Swiss, strongest first; invented names from many federations.
SWISS_FIELD = [
    ("Kowalczyk, Marek", "GM", "POL"),
    ("Lindqvist, Erik", "GM", "SWE"),
    ("Mendes, Rafael", "IM", "BRA"),
    ("Okafor, Chidi", "IM", "NGR"),
    ("Petrova, Anastasia", "WGM", "BUL"),
    ("van Dijk, Sander", "IM", "NED"),
    ("Haddad, Karim", "FM", "LBN"),
    ("Moreau, Camille", "WIM", "FRA"),
    ("Tanaka, Hiroshi", "FM", "JPN"),
    ("O'Brien, Liam", "FM", "IRL"),
    ("Rossi, Giulia", "WFM", "ITA"),
    ("Schneider, Jonas", "", "GER"),
    ("Nowak, Katarzyna", "WFM", "POL"),
    ("Fernández, Diego", "CM", "ESP"),
    ("Novák, Tomáš", "", "CZE"),
    ("Ahmed, Farah", "", "ENG"),
    ("Jensen, Mikkel", "", "DEN"),
    ("Horvat, Luka", "", "CRO"),
    ("Kim, Seo-yeon", "", "KOR"),
    ("Silva, Beatriz", "", "POR"),
    ("Müller, Lena", "", "SUI"),
    ("Ivanov, Dmitri", "", "FID"),
    ("Popescu, Andrei", "", "ROU"),
    ("García, Lucía", "", "ARG"),
    ("Nielsen, Freja", "", "NOR"),
    ("Dubois, Hugo", "", "BEL"),
    ("Papadopoulos, Nikos", "", "GRE"),
    ("Walsh, Aoife", "", "IRL"),
    ("Yilmaz, Emre", "", "TUR"),
    ("Kovacs, Adam", "", "HUN"),
    ("Murphy, Sean", "", "SCO"),
    ("Virtanen, Aino", "", "FIN"),
    ("Costa, Miguel", "", "POR"),
    ("Singh, Arjun", "", "IND"),
    ("Berg, Ingrid", "", "NOR"),
    ("Lopez, Mateo", "", "MEX"),
    ("Zhang, Wei", "", "CHN"),
    ("Evans, Rhys", "", "WLS"),
    ("Schmidt, Paul", "", ""),
    ("Adeyemi, Tolu", "", ""),
]

ROUND_ROBIN_FIELD = [
    ("Ferreira, Ana", "IM", "POR"),
    ("Bauer, Felix", "FM", "AUT"),
    ("Sato, Yuki", "WFM", "JPN"),
    ("Novak, Petra", "", "SLO"),
    ("Kaya, Deniz", "", "TUR"),
    ("Larsen, Ole", "", "DEN"),
    ("Romano, Marco", "", "ITA"),
    ("Clarke, Emily", "", "ENG"),
]


def demo_load() -> bool:
    """Create the demo organiser and event; False (and nothing changed) when they exist."""
    with transaction.atomic():
        organiser = _organiser()
        if Event.objects.filter(slug=DEMO_EVENT_SLUG).exists():
            return False
        event = services.do_event_create(
            name="Rookery Demo Festival",
            slug=DEMO_EVENT_SLUG,
            city="Leiden",
            federation="NED",
            start_date=datetime.date(2026, 7, 4),
            end_date=datetime.date(2026, 7, 10),
            chief_arbiter="IA Demo Arbiter",
            time_control="90 min + 30 s/move",
            organisers=[organiser],
        )
        rng = random.Random(2026)
        for name, (record, boards) in [
            ("Open", swiss_record(rng)),
            ("Masters round robin", round_robin_record(rng)),
        ]:
            services.do_section_record_store(
                event=event, name=name, record=record, board_order=boards
            )
        return True


def _organiser() -> User:
    user, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


def _players(field: list[tuple[str, str, str]], top: int, rng: random.Random) -> list[rec.Player]:
    """Players in starting-rank order, ratings falling from `top` with some spread."""
    rating = top
    players = []
    for rank, (name, title, federation) in enumerate(field, start=1):
        players.append(
            rec.Player(rank=rank, name=name, title=title, rating=rating, federation=federation)
        )
        rating -= rng.randint(10, 45)
    return players


def _result(white: rec.Player, black: rec.Player, rng: random.Random) -> rec.ResultCode:
    """White's result, drawn around the Elo expectation (with a small edge for White)."""
    expected = 1 / (1 + 10 ** (((black.rating or 0) - (white.rating or 0) - 35) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < expected - draw / 2:
        return rec.ResultCode.WIN
    if roll < expected + draw / 2:
        return rec.ResultCode.DRAW
    return rec.ResultCode.LOSS


def _play(
    players: list[rec.Player],
    boards: list[tuple[int, int]],
    bye: int | None,
    rng: random.Random | None,
) -> list[rec.Player]:
    """Every player with one more round: their game (a result when `rng` is given) or bye."""
    by_rank = {p.rank: p for p in players}
    entries: dict[int, rec.RoundEntry] = {}
    for white, black in boards:
        code = _result(by_rank[white], by_rank[black], rng) if rng else rec.ResultCode.UNPAIRED
        entries[white] = rec.RoundEntry(black, rec.Colour.WHITE, code)
        entries[black] = rec.RoundEntry(white, rec.Colour.BLACK, code.counterpart)
    if bye is not None:
        entries[bye] = rec.RoundEntry(result=rec.ResultCode.PAIRING_ALLOCATED_BYE)
    return [replace(p, rounds=(*p.rounds, entries.get(p.rank, rec.UNPAIRED))) for p in players]


Boards = dict[int, list[tuple[int, int]]]
"""Per round, ``(white, black)`` starting ranks in board order."""


def swiss_record(rng: random.Random, *, rounds_played: int = 3) -> tuple[rec.Record, Boards]:
    """A 40-player, 7-round Open with `rounds_played` rounds paired by the Dutch engine."""
    record = rec.Record(
        players=tuple(_players(SWISS_FIELD, 2535, rng)),
        event=rec.Event(name="Rookery Demo Open", city="Leiden"),
        system="dutch",
        planned_rounds=7,
        initial_colour=rec.Colour.WHITE,
        tiebreaks=("BH/C1", "BH", "SB"),
    )
    boards: Boards = {}
    for number in range(1, rounds_played + 1):
        pairing = pair_round(record, options=PairingOptions())
        boards[number] = [(b.white, b.black) for b in pairing.boards]
        players = _play(list(record.players), boards[number], pairing.bye, rng)
        record = replace(record, players=tuple(players))
    return record, boards


def round_robin_record(
    rng: random.Random, *, rounds_with_results: int = 4
) -> tuple[rec.Record, Boards]:
    """An 8-player round robin, every round paired from the Berger table, some results in."""
    players = _players(ROUND_ROBIN_FIELD, 2390, rng)
    boards: Boards = {}
    for berger in berger_table(len(players)):
        boards[berger.number] = list(berger.boards)
        played = berger.number <= rounds_with_results
        players = _play(players, boards[berger.number], berger.free, rng if played else None)
    record = rec.Record(
        players=tuple(players),
        event=rec.Event(name="Rookery Demo Masters", city="Leiden"),
        system="round_robin",
        planned_rounds=7,
        initial_colour=rec.Colour.WHITE,
        tiebreaks=("DE", "SB", "WIN"),
    )
    return record, boards
