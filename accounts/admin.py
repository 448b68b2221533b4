from django.contrib import admin

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin[ApiToken]):
    list_display = ["name", "user", "prefix", "created_at", "last_used_at", "expires_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__username", "name", "prefix"]
    # The digest is all there is of a secret; nobody edits tokens by hand.
    readonly_fields = [
        "user", "name", "prefix", "digest", "created_at", "last_used_at", "expires_at",
    ]  # fmt: skip
