"""Load benchmark of the pages of a large section, served by gunicorn, measured by wrk.

Builds a section of PLAYERS players with ROUNDS rounds paired by the Dutch engine (a fixed
seed, so every run serves the same data), stores it in the database named by DATABASE_URL
(default: PostgreSQL `rookery_bench` on 127.0.0.1, created when missing), serves the site
with gunicorn (one worker per core, DEBUG off, plain HTTP) and runs wrk against the section
page (current round pairings), a round's pairings page, the standings, the wall chart, a
player's page and the standings of the API: as a visitor who is not logged in, as one who is
(and runs nothing) and as an organiser of the event (who sees management links and drafts).
Prints requests per second, latency percentiles and failed requests per page.

    .venv/bin/python bench/pages.py [--players 500] [--rounds 5] [--seconds 15]
        [--cache-url redis://127.0.0.1:6379/5] [--only REGEX]

The cache is the Redis database `--cache-url` names (redis://127.0.0.1:6379/5 by default):
without DEBUG the site starts only with a shared cache. The API's rate
limits are lifted: every request comes from one address. Needs `wrk` (Debian package) on
the PATH. Only loopback addresses are used.

Figures on a 2-core machine (wrk, PostgreSQL and both workers share the two cores), 500
players, 5 rounds, 10 s a page, 8 connections, cache in memory (each worker its own, before
production required a shared cache; the figures with Redis are comparable, see below), one
row a page, one column group a visitor not logged in, one logged in and an organiser:

    .venv/bin/python bench/pages.py --seconds 10 \
        --database-url postgresql://postgres@127.0.0.1:5432/rookery_pages_bench

                      anonymous                visitor                  organiser
    page              req/s  p50 ms  p95 ms    req/s  p50 ms  p95 ms    req/s  p50 ms  p95 ms
    section page      415.5    17.7    28.7    318.2    24.1    33.1    235.2    32.3    52.1
    round 5 pairings  420.0    17.1    30.2    365.2    20.9    27.9    223.1    32.3    57.3
    standings         478.1    15.9    22.9    335.0    23.0    30.7    160.4    49.3    62.7
    crosstable        496.1    14.8    22.6    319.6    24.0    33.1    158.2    48.9    63.7
    player 1          476.3    16.1    23.5    298.7    26.1    35.5    169.3    46.3    58.0
    API standings     310.2    24.5    41.0    279.3    26.3    45.0    187.5    41.3    75.3
    API round 5       458.5    16.8    22.7    374.4    20.5    27.1    198.9    41.1    54.9

No request failed. Load average 2.20 before the run, nothing else running. Another program
took a core from the fourth organiser page on, so the organiser figures are those of a
second run (`--only organiser`, load average 1.02 before it, 2.91 after). With another
program busy on one core the whole time, every figure loses a third to a half of the ones
above: the logged-in columns then fall to 110-200 req/s, p95 up to 110 ms (with
`--cache-url redis://127.0.0.1:6379/5` likewise, the logged-in columns 108-154 req/s).

Before persistent database connections, sessions read from the cache and the section read
with its version in one query, the same command gave 49 to 108 req/s (p95 91 to 236 ms),
the logged-in pages the slowest: every request opened a PostgreSQL connection.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgresql://postgres@127.0.0.1:5432/rookery_bench"
# Production (DEBUG=0) needs a cache shared by its workers; a database of its own on the
# local Redis.
DEFAULT_CACHE = "redis://127.0.0.1:6379/5"
PORT = 8765

# wrk prints p50/p75/p90/p99 by itself; p95 needs a report function.
WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("P50 %.2f\\nP95 %.2f\\nP99 %.2f\\n",
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000))
end
"""


def _environment(database_url: str, cache_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        CACHE_URL=cache_url,
        DEBUG="0",
        SECRET_KEY="benchmark-only-secret-key-0123456789abcdefghijklmnop",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="config.settings",
        # Production settings over plain HTTP on the loopback (no TLS proxy in front).
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        API_RATE_ANON="100000000/min",
        API_RATE_USER="100000000/min",
    )
    env.pop("CELERY_BROKER_URL", None)
    return env


def _ensure_database(database_url: str) -> None:
    if not database_url.startswith(("postgres://", "postgresql://")):
        return
    name = database_url.rsplit("/", 1)[1]
    exists = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc",
         f"SELECT 1 FROM pg_database WHERE datname='{name}'"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    if exists != "1":
        subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", name], check=True)


@dataclass(frozen=True)
class Built:
    event: str
    section: str
    section_id: int
    rounds: int
    sessions: dict[str, str]
    """Session cookie of each logged-in visitor: ``visitor`` and ``organiser``."""


def _build_section(env: dict[str, str], players: int, rounds: int) -> Built:
    """Generate and store the section in a child process (Django set up with `env`), and
    sign in a visitor and an organiser."""
    code = f"""
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from chesscore.pairing.generator import GeneratorConfig, generate_record
from tournaments.models import Event
from tournaments import services
event, _ = Event.objects.get_or_create(slug="load-test", defaults={{"name": "Load test"}})
name = "Open {players}x{rounds}"
section = event.sections.filter(name=name).first()
if section is None:
    record = generate_record(GeneratorConfig(players={players}, rounds={rounds}), seed=2026)
    section = services.do_section_record_store(event=event, name=name, record=record)
from django.contrib.auth import get_user_model
from django.test import Client
sessions = []
for role in ("visitor", "organiser"):
    user, _ = get_user_model().objects.get_or_create(username="bench-" + role)
    if role == "organiser":
        event.organisers.add(user)
    client = Client()
    client.force_login(user)
    sessions.append(client.cookies["sessionid"].value)
print(event.slug, section.slug, section.pk, section.rounds.count(), *sessions)
"""
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    event_slug, section_slug, pk, count, visitor, organiser = out.stdout.split()[-6:]
    sessions = {"visitor": visitor, "organiser": organiser}
    return Built(event_slug, section_slug, int(pk), int(count), sessions)


def _serve(env: dict[str, str]) -> subprocess.Popen[bytes]:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    workers = str(os.cpu_count() or 2)
    server = subprocess.Popen(
        [str(gunicorn), "config.wsgi", "--bind", f"127.0.0.1:{PORT}", "--workers", workers,
         "--log-level", "warning"],
        env=env, cwd=REPO,
    )  # fmt: skip
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer")


def _wrk(url: str, seconds: int, connections: int, script: str, cookie: str) -> dict[str, float]:
    headers = ["-H", f"Cookie: sessionid={cookie}"] if cookie else []
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, *headers, url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    failed = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    # wrk always prints its rate, and the script its percentiles: a missing line is a crash.
    numbers = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "errors": float(failed.group(1) if failed else 0)
        + float(sum(int(n) for n in socket.groups()) if socket else 0),
    }
    for key in ("P50", "P95", "P99"):
        numbers[key] = float(re.search(rf"^{key} ([\d.]+)", out, re.M).group(1))  # type: ignore[union-attr]
    return numbers


def _pages(built: Built) -> list[tuple[str, str, str]]:
    """(name, url, session cookie or "") of every page measured."""
    base = f"http://127.0.0.1:{PORT}/events/{built.event}/{built.section}/"
    api = f"http://127.0.0.1:{PORT}/api/v1/sections/{built.section_id}/"
    urls = {
        "section page": base,
        f"round {built.rounds} pairings": f"{base}rounds/{built.rounds}/",
        "standings": f"{base}standings/",
        "crosstable": f"{base}crosstable/",
        "player 1": f"{base}players/1/",
        "API standings": f"{api}standings/",
        f"API round {built.rounds}": f"{api}rounds/{built.rounds}/pairings/",
    }
    who = {"anonymous": "", **built.sessions}
    return [
        (f"{name} ({role})", url, cookie)
        for role, cookie in who.items()
        for name, url in urls.items()
    ]


def _warm_up(url: str, cookie: str) -> None:
    """One request before measuring: fills the caches and fails loudly on an error."""
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", ""))
    parser.add_argument("--cache-url", default=DEFAULT_CACHE, help="Redis for the cache")
    parser.add_argument("--only", default="", help="measure the pages whose name matches")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    database_url = args.database_url or DEFAULT_DATABASE
    _ensure_database(database_url)
    env = _environment(database_url, args.cache_url)
    started = time.perf_counter()
    built = _build_section(env, args.players, args.rounds)
    print(f"section ready in {time.perf_counter() - started:.0f} s: {args.players} players, "
          f"{built.rounds} rounds ({database_url.split('@')[-1]})")  # fmt: skip
    pages = [page for page in _pages(built) if re.search(args.only, page[0])]
    server = _serve(env)
    try:
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(WRK_SCRIPT)
        cache = args.cache_url.split("@")[-1]
        print(f"wrk: {args.seconds} s, {args.connections} connections, gunicorn "
              f"{os.cpu_count()} workers, cache: {cache}")  # fmt: skip
        print(f"{'page':<36} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'failed':>6}")
        for name, url, cookie in pages:
            _warm_up(url, cookie)
            n = _wrk(url, args.seconds, args.connections, script.name, cookie)
            print(f"{name:<36} {n['rps']:>8.1f} {n['P50']:>8.1f} {n['P95']:>8.1f} "
                  f"{n['P99']:>8.1f} {n['errors']:>6.0f}", flush=True)  # fmt: skip
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
