"""`make fuzz` itself: a small run of the same script, counts printed and nothing failing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_fuzz_run_reads_files_through_readers_and_every_upload(tmp_path):
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'fuzz.sqlite3'}"}
    environment.pop("CELERY_BROKER_URL", None)
    small = ["--trf", "40", "--csv", "40", "--site-trf", "6", "--site-csv", "4", "--backups", "4"]
    small += ["--crafted", "3"]

    result = subprocess.run(
        [sys.executable, "tests/fuzz/run.py", *small],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    lines = {line.split("  ")[0]: line.split() for line in result.stdout.splitlines()}
    assert lines["TRF reader"][2] == "40"
    assert lines["CSV roster reader"][3] == "40"
    for name in ("site TRF import", "API TRF import", "site roster import", "API restore"):
        assert name in lines, result.stdout
    assert "crafted backups: 3 crafted" in result.stdout
    assert "crashes" in result.stdout
