"""Import a TRF file as a new section, in a new event (from the file's header) or a given one."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from common.exceptions import DomainError
from tournaments import services
from tournaments.models import Event


class Command(BaseCommand):
    help = "Import a TRF16/TRF26 file as a new section."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("path", type=Path, help="The TRF file.")
        parser.add_argument("--event", help="Slug of an existing event (default: a new event).")
        parser.add_argument("--name", default="", help="Section name (default: the file's).")

    def handle(self, *args: Any, path: Path, event: str | None, name: str, **options: Any) -> None:
        try:
            text = path.read_bytes()
            if event is None:
                section = services.do_event_import_trf(text=text, section_name=name)
            else:
                target = Event.objects.get(slug=event)
                section = services.do_section_import_trf(
                    event=target, name=name or path.stem, text=text
                )
        except (OSError, Event.DoesNotExist, DomainError) as exc:
            raise CommandError(f"{path}: {exc}") from exc
        self.stdout.write(
            f"Imported {section.players.count()} players into {section.event.slug}/{section.slug}"
        )
