"""Write a section as a rating-ready TRF16 or TRF26 file (or to standard output).

Points and final ranks are filled in from the standings, which is why the command lives in
the tie-break layer.
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from common.exceptions import DomainError
from public import selectors
from tournaments.models import Section


class Command(BaseCommand):
    help = "Export a section as a TRF file."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event", help="Event slug.")
        parser.add_argument("section", help="Section slug.")
        parser.add_argument("--dialect", choices=["trf16", "trf26"], default="trf26")
        parser.add_argument("-o", "--output", type=Path, help="File to write (default: stdout).")

    def handle(
        self,
        *args: Any,
        event: str,
        section: str,
        dialect: str,
        output: Path | None,
        **options: Any,
    ) -> None:
        try:
            target = Section.objects.select_related("event").get(event__slug=event, slug=section)
            # One of the two dialects: the argument's choices.
            text = selectors.section_trf_export_get(section=target, dialect=dialect)  # type: ignore[arg-type]
            if output is None:
                # TRF lines end with CR; keep them byte for byte rather than translating.
                self.stdout.write(text, ending="")
            else:
                output.write_text(text, encoding="utf-8", newline="")
        except (OSError, Section.DoesNotExist, DomainError) as exc:
            raise CommandError(str(exc)) from exc
