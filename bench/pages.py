"""Load benchmark of the public pages of a large section, served by gunicorn, measured by wrk.

Builds a section of PLAYERS players with ROUNDS rounds paired by the Dutch engine (a fixed
seed, so every run serves the same data), stores it in the database named by DATABASE_URL
(default: PostgreSQL `rookery_bench` on 127.0.0.1, created when missing), serves the site
with gunicorn (one worker per core, DEBUG off) and runs wrk against the section page
(current round pairings), a round's pairings page and the standings page. Prints requests
per second and latency percentiles per page.

    .venv/bin/python bench/pages.py [--players 500] [--rounds 5] [--seconds 15]

Needs `wrk` (Debian package) on the PATH. Only loopback addresses are used.
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
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgresql://postgres@127.0.0.1:5432/rookery_bench"
PORT = 8765

# wrk prints p50/p75/p90/p99 by itself; p95 needs a report function.
WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("P50 %.2f\\nP95 %.2f\\nP99 %.2f\\n",
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000))
end
"""


def _environment(database_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY="benchmark-only-secret-key-0123456789abcdefghijklmnop",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="config.settings",
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


def _build_section(env: dict[str, str], players: int, rounds: int) -> tuple[str, str, int]:
    """Generate and store the section in a child process (Django set up with `env`)."""
    code = f"""
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from pairing.engine.generator import GeneratorConfig, generate_record
from tournaments.models import Event
from tournaments import services
event, _ = Event.objects.get_or_create(slug="load-test", defaults={{"name": "Load test"}})
name = "Open {players}x{rounds}"
section = event.sections.filter(name=name).first()
if section is None:
    record = generate_record(GeneratorConfig(players={players}, rounds={rounds}), seed=2026)
    section = services.section_record_store(event=event, name=name, record=record)
print(event.slug, section.slug, section.rounds.count())
"""
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    event_slug, section_slug, count = out.stdout.split()[-3:]
    return event_slug, section_slug, int(count)


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


def _wrk(url: str, seconds: int, connections: int, script: str) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    numbers = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "errors": float(len(re.findall(r"Non-2xx|Socket errors", out))),
    }
    for key in ("P50", "P95", "P99"):
        numbers[key] = float(re.search(rf"^{key} ([\d.]+)", out, re.M).group(1))  # type: ignore[union-attr]
    return numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", ""))
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    database_url = args.database_url or DEFAULT_DATABASE
    _ensure_database(database_url)
    env = _environment(database_url)
    started = time.perf_counter()
    event, section, rounds = _build_section(env, args.players, args.rounds)
    print(f"section ready in {time.perf_counter() - started:.0f} s: {args.players} players, "
          f"{rounds} rounds ({database_url.split('@')[-1]})")  # fmt: skip
    base = f"http://127.0.0.1:{PORT}/events/{event}/{section}/"
    pages = {
        "section page (current pairings)": base,
        f"round {rounds} pairings": f"{base}rounds/{rounds}/",
        "standings": f"{base}standings/",
    }
    server = _serve(env)
    try:
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(WRK_SCRIPT)
        print(f"wrk: {args.seconds} s, {args.connections} connections, gunicorn "
              f"{os.cpu_count()} workers")  # fmt: skip
        print(f"{'page':<34} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
        for name, url in pages.items():
            urllib.request.urlopen(url, timeout=30).read()  # warm up, and fail loudly on 500s
            n = _wrk(url, args.seconds, args.connections, script.name)
            print(f"{name:<34} {n['rps']:>8.1f} {n['P50']:>8.1f} {n['P95']:>8.1f} "
                  f"{n['P99']:>8.1f}")  # fmt: skip
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
