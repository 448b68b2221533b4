"""Write an event's backup file, to standard output or a file."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from archives.selectors import event_backup_get
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write the backup file of an event (format rookery-event) to stdout or a file."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("slug", help="The event's address, as in /events/<slug>/.")
        parser.add_argument(
            "-o", "--output", type=Path, help="The file to write (default: stdout)."
        )

    def handle(self, *args: Any, slug: str, output: Path | None, **options: Any) -> None:
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"There is no event {slug!r}.")
        data = event_backup_get(event=event)
        if output is None:
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            output.write_bytes(data)
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror or exc}") from exc
