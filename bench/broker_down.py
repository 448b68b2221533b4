"""How long a pair request takes to be refused when the pairing service cannot be reached.

Asks for round 1 of a seven-player section through the API while the site's broker is a
port where nothing listens (``refused``) or a listener that accepts the connection and
never answers (``silent``), and prints how long the request took, its status and whether
anything was left behind (runs, a round marked as being paired). The database is a SQLite
file of its own (migrated on first use, then reused); one request is answered first so that
the figure is the refused request's alone, not the loading of the site's modules.

    .venv/bin/python bench/broker_down.py [refused|silent]

Only loopback addresses are used.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATABASE = Path(tempfile.gettempdir()) / "rookery-broker-down.sqlite3"


def _black_hole() -> int:
    """A listener that accepts connections and never says a word; its port."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            connection, _address = server.accept()
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    return int(server.getsockname()[1])


def _free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = int(probe.getsockname()[1])
    probe.close()
    return port


def main() -> int:
    fault = sys.argv[1] if len(sys.argv) > 1 else "refused"
    if fault not in ("refused", "silent"):
        print(__doc__)
        return 2
    port = _black_hole() if fault == "silent" else _free_port()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{DATABASE}",
        CELERY_BROKER_URL=f"redis://127.0.0.1:{port}/0",
    )
    sys.path.insert(0, str(REPO))
    import django  # noqa: PLC0415  (after the environment the settings read)

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415
    from rest_framework.test import APIClient  # noqa: PLC0415

    from pairing.models import PairingRun  # noqa: PLC0415
    from tournaments.models import Event  # noqa: PLC0415
    from tournaments.models import Player  # noqa: PLC0415
    from tournaments.models import Round  # noqa: PLC0415
    from tournaments.models import Section  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model  # noqa: PLC0415

    user, _created = get_user_model().objects.get_or_create(username="bench-organiser")
    event = Event.objects.create(name="Broker down", slug=f"broker-down-{time.time_ns()}")
    event.organisers.add(user)
    section = Section.objects.create(event=event, name="Open", slug="open", planned_rounds=5)
    Player.objects.bulk_create(
        Player(section=section, starting_rank=n, last_name=f"P{n}", fide_rating=2400 - n)
        for n in range(1, 8)
    )
    client = APIClient()
    client.force_authenticate(user)
    client.get(f"/api/v1/sections/{section.pk}/")  # the site's modules loaded, not timed

    started = time.perf_counter()
    response = client.post(f"/api/v1/sections/{section.pk}/rounds/1/pair/")
    seconds = time.perf_counter() - started

    runs = PairingRun.objects.filter(section=section).count()
    pairing = Round.objects.filter(section=section).count()
    print(
        f"broker {fault}: HTTP {response.status_code} in {seconds:.2f} s; "
        f"runs left: {runs}; rounds touched: {pairing}; "
        f"message: {response.json().get('message', '')}"
    )
    return 0 if response.status_code == 503 and runs == 0 and pairing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
