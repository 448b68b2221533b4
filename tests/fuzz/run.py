"""`make fuzz`: thousands of mutated files through the readers, and a sample of them through
the upload pages and API, against the configured database (set DATABASE_URL to run it on
PostgreSQL, which refuses what SQLite takes, such as NUL in text).

    .venv/bin/python tests/fuzz/run.py [--trf 10000] [--csv 4000] [--site-trf 300]
                                       [--site-csv 200] [--backups 100] [--crafted 300]
                                       [--seed 2026]

The files come from the seeds in `tests/fuzz/seeds/` (`tests/fuzz/mutations.py`); the same
seed gives the same files. The pages and the API run in a test database made for the run
(``test_`` and the configured name) and dropped after it. Prints, per reader and endpoint,
how many files were refused, accepted, crashed the reader or got a 500, and how many
refused files still left something behind; exits 1 when any of those last three is not 0.

Crafted backups (`tests/fuzz/crafted.py`: one kind of value changed on purpose in each) are
restored by the page and the API, and every page of each restored copy is read as its
organiser and as a visitor, with a correction, invitations and an online entry sent
(`tests/fuzz/crawl.py`); a backup counts among the 500s when its restore or any of its pages
answered 500. The run prints how many were crafted, refused and restored, how many pages were
read and how many of them answered 500.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.services import api_token_create
from chesscore import roster
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from config.celery import app as celery_app
from tests.fuzz.backups import seed_backup
from tests.fuzz.crafted import base_backup
from tests.fuzz.crafted import crafted
from tests.fuzz.crawl import Restorer
from tests.fuzz.mutations import mutants
from tests.fuzz.mutations import mutate
from tests.fuzz.mutations import random_mutations
from tournaments import services
from tournaments.models import Event
from tournaments.models import Section

COLUMNS = ("files", "refused", "accepted", "crashes", "500s", "left behind")


def _row(name: str, counts: Counter[str], seconds: float) -> str:
    cells = "".join(f"{counts[c]:>13,}" for c in COLUMNS)
    return f"{name:<28}{cells}{seconds:>9.1f} s"


def _trf_reader(data: bytes) -> str:
    try:
        read(data)
    except TrfError as error:
        return "refused" if error.line >= 1 and error.field else "crashes"
    except Exception:  # anything else is what this run looks for
        return "crashes"
    return "accepted"


def _roster_reader(data: bytes) -> str:
    try:
        result = roster.parse(data)
        roster.preview(data)
    except Exception:
        return "crashes"
    return "refused" if result.errors else "accepted"


def _count(files: Iterable[bytes], check: Callable[[bytes], str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for data in files:
        counts["files"] += 1
        counts[check(data)] += 1
    return counts


def _not_throttled(status: int) -> None:
    """A file the rate limits turned away was never read: it would be counted as refused."""
    if status == 429:
        raise SystemExit("The API's rate limits turned the fuzzer away: raise API_RATE_USER.")


class Site:
    """A staff account (no quotas), its event, and page and API clients that answer a crash
    with a 500 as a server does."""

    def __init__(self) -> None:
        self.user = get_user_model().objects.create_user(
            username="fuzzer", password="fuzz-only", is_staff=True
        )
        self.event = services.do_event_create(name="Fuzz", organisers=[self.user])
        self.page = Client(raise_request_exception=False)
        self.page.force_login(self.user)
        self.api = APIClient(raise_request_exception=False)
        _, secret = api_token_create(user=self.user, name="Fuzz")
        self.api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
        self.made = 0

    def _section(self) -> Section:
        self.made += 1
        return services.section_create(event=self.event, user=self.user, name=f"F{self.made}")

    def trf_page(self, data: bytes) -> str:
        before = Section.objects.count()
        response = self.page.post(
            reverse("section_import", kwargs={"event_slug": self.event.slug}),
            {"name": "Imported", "file": SimpleUploadedFile("f.trf", data)},
        )
        added = Section.objects.count() - before
        if response.status_code >= 500:
            return "500s"
        if response.status_code == 302:
            return "accepted" if added == 1 else "left behind"
        return "refused" if added == 0 else "left behind"

    def trf_api(self, data: bytes) -> str:
        section = self._section()
        response = self.api.post(
            f"/api/v1/sections/{section.pk}/import-trf/",
            {"file": SimpleUploadedFile("f.trf", data)},
            format="multipart",
        )
        _not_throttled(response.status_code)
        if response.status_code >= 500:
            return "500s"
        if response.status_code == 200:
            return "accepted"
        stored = section.players.exists() or section.rounds.exists()
        return "left behind" if stored else "refused"

    def roster(self, data: bytes) -> str:
        # Named like the seed rosters' first section, which the import then takes.
        event = services.do_event_create(name="Roster", organisers=[self.user])
        section = services.section_create(event=event, user=self.user, name="Open")
        kwargs = {"event_slug": event.slug, "section_slug": section.slug}
        upload = SimpleUploadedFile("f.csv", data, content_type="text/csv")
        uploaded = self.page.post(reverse("roster_upload", kwargs=kwargs), {"file": upload})
        if uploaded.status_code >= 500:
            return "500s"
        if uploaded.status_code != 302:
            return "refused"
        preview = self.page.get(reverse("roster_preview", kwargs=kwargs))
        if preview.status_code >= 500:
            return "500s"
        form = preview.context["form"]
        choices = {name: form[name].value() or "" for name in form.fields}
        confirmed = self.page.post(
            reverse("roster_preview", kwargs=kwargs), {**choices, "confirm": "1"}
        )
        if confirmed.status_code >= 500:
            return "500s"
        if confirmed.status_code == 302:
            return "accepted"
        return "left behind" if section.players.exists() else "refused"

    def restore(self, data: bytes, *, page: bool) -> str:
        self.made += 1
        slug = f"restored-{self.made}"
        before = Event.objects.count()
        upload = SimpleUploadedFile("b.json", data, content_type="application/json")
        if page:
            response = self.page.post(reverse("event_restore"), {"file": upload, "slug": slug})
            accepted = response.status_code == 302
        else:
            response = self.api.post(
                "/api/v1/events/restore/", {"file": upload, "slug": slug}, format="multipart"
            )
            accepted = response.status_code == 201
            _not_throttled(response.status_code)
        added = Event.objects.count() - before
        if response.status_code >= 500:
            return "500s"
        if accepted:
            return "accepted" if added == 1 else "left behind"
        return "refused" if added == 0 else "left behind"


def _crafted(
    site: Site, args: argparse.Namespace, report: Callable[[str, Counter[str], float], None]
) -> None:
    """Crafted backups restored by the page and the API, every page of each restored copy
    read (`tests/fuzz/crawl.py`)."""
    started = time.perf_counter()
    anonymous = Client(raise_request_exception=False)
    restorer = Restorer(owner=site.page, api=site.api, anonymous=anonymous)
    base = base_backup(site.user)
    learnt = restorer.learn(base)
    if learnt is None:
        raise SystemExit("The crafted backups' base is refused: nothing to craft from.")
    counts: Counter[str] = Counter()
    pages: Counter[str] = Counter({"pages": learnt.pages, "500s": len(learnt.failures)})
    for index, backup in enumerate(crafted(base, args.crafted, args.seed + 5)):
        outcome, crawled = restorer.restore(backup, page=index % 2 == 0)
        counts["files"] += 1
        if crawled is not None:
            pages["pages"] += crawled.pages
            pages["500s"] += len(crawled.failures)
            for failure in crawled.failures:
                print(f"  {backup.kind}: {backup.what}: {failure}", flush=True)
            outcome = "500s" if crawled.failures else "accepted"
        elif outcome in ("500s", "left behind"):
            print(f"  {backup.kind}: {backup.what}: {outcome} on restoring", flush=True)
        counts[outcome] += 1
    report("crafted restore + crawl", counts, time.perf_counter() - started)
    print(
        f"crafted backups: {counts['files']:,} crafted, {counts['refused']:,} refused, "
        f"{counts['accepted'] + counts['500s']:,} restored; {pages['pages']:,} pages crawled, "
        f"{pages['500s']:,} answered 500",
        flush=True,
    )


def _endpoints(
    args: argparse.Namespace, report: Callable[[str, Counter[str], float], None]
) -> None:
    # Refused files are the point of the run: their 400s need no log line each (500s keep
    # theirs, with the traceback).
    logging.getLogger("django.request").setLevel(logging.ERROR)
    # Rounds are paired in this process: nothing is sent to a broker no worker reads.
    celery_app.conf.task_always_eager = True
    setup_test_environment()
    database = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        site = Site()
        trf = [data for _name, data in mutants(".trf", args.site_trf, args.seed + 2)]
        half = len(trf) // 2
        for name, files, check in (
            ("site TRF import", trf[:half], site.trf_page),
            ("API TRF import", trf[half:], site.trf_api),
            (
                "site roster import",
                [data for _name, data in mutants(".csv", args.site_csv, args.seed + 3)],
                site.roster,
            ),
        ):
            started = time.perf_counter()
            report(name, _count(files, check), time.perf_counter() - started)
        if args.backups:
            backup = seed_backup(site.user)
            rng = random.Random(args.seed + 4)
            backups = [mutate(backup, random_mutations(rng)) for _ in range(args.backups)]
            for name, files, page in (
                ("site restore", backups[: args.backups // 2], True),
                ("API restore", backups[args.backups // 2 :], False),
            ):
                started = time.perf_counter()
                counts = _count(files, lambda data, page=page: site.restore(data, page=page))
                report(name, counts, time.perf_counter() - started)
        if args.crafted:
            _crafted(site, args, report)
    finally:
        connection.creation.destroy_test_db(database, verbosity=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trf", type=int, default=10_000, help="TRF files through the reader")
    parser.add_argument("--csv", type=int, default=4_000, help="CSV files through the reader")
    parser.add_argument("--site-trf", type=int, default=300, help="TRF files, page and API")
    parser.add_argument("--site-csv", type=int, default=200, help="CSV files through the pages")
    parser.add_argument("--backups", type=int, default=100, help="backups, page and API")
    parser.add_argument(
        "--crafted", type=int, default=300, help="crafted backups restored, every page read"
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    engine = connection.settings_dict["ENGINE"].rsplit(".", 1)[-1]
    print(f"seed {args.seed}; database: {engine}")
    print(f"{'':<28}" + "".join(f"{c:>13}" for c in COLUMNS) + f"{'time':>11}")
    totals: Counter[str] = Counter()

    def report(name: str, counts: Counter[str], seconds: float) -> None:
        totals.update(counts)
        print(_row(name, counts, seconds), flush=True)

    for name, suffix, count, offset, check in (
        ("TRF reader", ".trf", args.trf, 0, _trf_reader),
        ("CSV roster reader", ".csv", args.csv, 1, _roster_reader),
    ):
        started = time.perf_counter()
        files = (data for _name, data in mutants(suffix, count, args.seed + offset))
        report(name, _count(files, check), time.perf_counter() - started)
    _endpoints(args, report)
    failures = totals["crashes"] + totals["500s"] + totals["left behind"]
    print(f"{'total':<28}" + "".join(f"{totals[c]:>13,}" for c in COLUMNS))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
