"""Admin for pairing runs (what was asked, what the engine answered, how long it took) and
the workers that carry them out, as last seen."""

from __future__ import annotations

from django.contrib import admin

from pairing.models import PairingRun
from pairing.models import PairingWorker


@admin.register(PairingRun)
class PairingRunAdmin(admin.ModelAdmin[PairingRun]):
    list_display = (
        "section",
        "round_number",
        "status",
        "attempts",
        "engine_seconds",
        "created_at",
        "finished_at",
    )
    list_filter = ("status",)
    list_select_related = ("section__event",)
    search_fields = ("section__name", "section__event__name", "error")
    raw_id_fields = ("section",)
    readonly_fields = ("created_at", "updated_at", "started_at", "finished_at", "engine_seconds")


@admin.register(PairingWorker)
class PairingWorkerAdmin(admin.ModelAdmin[PairingWorker]):
    """What the workers said of themselves; written by the workers only."""

    list_display = ("hostname", "queues", "seen_at")
    search_fields = ("hostname",)
    readonly_fields = ("hostname", "queues", "seen_at")
