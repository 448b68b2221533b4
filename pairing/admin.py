"""Admin for pairing runs (what was asked, what the engine answered, how long it took) and
the audit log of draft rounds."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from pairing.models import DraftEdit, PairingRun


@admin.register(PairingRun)
class PairingRunAdmin(admin.ModelAdmin):
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


@admin.register(DraftEdit)
class DraftEditAdmin(admin.ModelAdmin):
    """The audit log is written by the services only: read here, never changed."""

    list_display = ("round", "action", "user", "created_at", "description")
    list_filter = ("action",)
    list_select_related = ("round__section__event", "user")
    search_fields = ("description", "round__section__name", "round__section__event__name")
    raw_id_fields = ("round", "user")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DraftEdit | None = None) -> bool:
        return False
