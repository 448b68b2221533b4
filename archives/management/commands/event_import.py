"""Restore an event from its backup file, as a new event organised by a given user."""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from archives import services
from common.exceptions import DomainError
from common.limits import upload_limit
from common.people import user_by_username


class Command(BaseCommand):
    help = "Restore an event from a backup file (format rookery-event) as a new event."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="The backup file; - reads standard input.")
        parser.add_argument(
            "--organiser", required=True, help="Username of the restored event's organiser."
        )
        parser.add_argument("--slug", default="", help="Another address for the event.")

    def handle(self, *args: Any, file: str, organiser: str, slug: str, **options: Any) -> None:
        user = user_by_username(organiser)
        if user is None:
            raise CommandError(f"There is no user {organiser!r}.")
        try:
            if file == "-":
                data = sys.stdin.buffer.read(upload_limit("backup") + 1)
            else:
                with open(file, "rb") as handle:
                    data = handle.read(upload_limit("backup") + 1)
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror or exc}") from exc
        try:
            event = services.event_restore(data=data, user=user, slug=slug)
        except DomainError as exc:
            raise CommandError(f"{file}: {exc.message}") from exc
        self.stdout.write(f"Restored {event.name} at /events/{event.slug}/")
