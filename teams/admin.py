"""Admin for teams and their rosters."""

from __future__ import annotations

from django.contrib import admin

from teams.models import Team, TeamMember


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    fields = ("board_order", "player")
    raw_id_fields = ("player",)
    ordering = ("board_order",)
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("starting_rank", "name", "short_name", "federation", "section")
    list_display_links = ("starting_rank", "name")
    list_filter = ("federation",)
    list_select_related = ("section__event",)
    search_fields = ("name", "short_name", "section__name")
    autocomplete_fields = ("section",)
    inlines = [TeamMemberInline]


@admin.register(TeamMember)
class TeamMemberAdmin(admin.ModelAdmin):
    list_display = ("team", "board_order", "player")
    list_select_related = ("team", "player")
    search_fields = ("team__name", "player__last_name")
    raw_id_fields = ("team", "player")
