from django.contrib import admin
from django.http import HttpRequest

from common.models import OutgoingEmail


@admin.register(OutgoingEmail)
class OutgoingEmailAdmin(admin.ModelAdmin[OutgoingEmail]):
    """The outbox, for staff: what is pending or failed, and why. Nothing is edited here;
    an email is sent again by the page that sent it (or by the sweep)."""

    list_display = ["recipient", "subject", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status"]
    search_fields = ["recipient", "subject", "about"]
    readonly_fields = [f.name for f in OutgoingEmail._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
