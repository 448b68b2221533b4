"""Load the demo event and its organiser account (development only)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from pairing.management.demo import DEMO_EVENT_SLUG
from pairing.management.demo import DEMO_PASSWORD
from pairing.management.demo import DEMO_USERNAME
from pairing.management.demo import demo_load


class Command(BaseCommand):
    help = "Create a demo organiser and a demo event (a Swiss and a round robin). DEBUG only."

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG:
            # The demo account has a published password: never on a production site.
            raise CommandError("demo_load runs only with DEBUG on.")
        if demo_load():
            self.stdout.write(f"Loaded the demo event /events/{DEMO_EVENT_SLUG}/")
        else:
            self.stdout.write("The demo event is already loaded.")
        self.stdout.write(f"Organiser login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
