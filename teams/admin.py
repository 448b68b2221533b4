"""Admin for teams and their rosters."""

from __future__ import annotations

from django.contrib import admin

from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.models import TeamSeat


class TeamMemberInline(admin.TabularInline[TeamMember, Team]):
    model = TeamMember
    fields = ("board_order", "player")
    raw_id_fields = ("player",)
    ordering = ("board_order",)
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin[Team]):
    list_display = ("starting_rank", "name", "short_name", "federation", "section")
    list_display_links = ("starting_rank", "name")
    list_filter = ("federation",)
    list_select_related = ("section__event",)
    search_fields = ("name", "short_name", "section__name")
    autocomplete_fields = ("section",)
    raw_id_fields = ("captain",)
    inlines = [TeamMemberInline]


@admin.register(TeamMember)
class TeamMemberAdmin(admin.ModelAdmin[TeamMember]):
    list_display = ("team", "board_order", "player")
    list_select_related = ("team", "player")
    search_fields = ("team__name", "player__last_name")
    raw_id_fields = ("team", "player")


class LineupInline(admin.TabularInline[Lineup, TeamMatch]):
    model = Lineup
    fields = ("team", "board", "player")
    raw_id_fields = ("team", "player")
    ordering = ("team", "board")
    extra = 0


@admin.register(TeamMatch)
class TeamMatchAdmin(admin.ModelAdmin[TeamMatch]):
    list_display = ("round", "number", "white_team", "black_team", "forfeit")
    list_filter = ("forfeit",)
    list_select_related = ("round__section__event", "white_team", "black_team")
    search_fields = ("white_team__name", "black_team__name", "round__section__name")
    raw_id_fields = ("round", "white_team", "black_team")
    inlines = [LineupInline]


@admin.register(Lineup)
class LineupAdmin(admin.ModelAdmin[Lineup]):
    list_display = ("match", "team", "board", "player")
    list_select_related = ("match__round__section__event", "team", "player")
    search_fields = ("team__name", "player__last_name")
    raw_id_fields = ("match", "round", "team", "player")


@admin.register(TeamBye)
class TeamByeAdmin(admin.ModelAdmin[TeamBye]):
    list_display = ("round", "team", "kind")
    list_filter = ("kind",)
    list_select_related = ("round__section__event", "team")
    search_fields = ("team__name", "round__section__name")
    raw_id_fields = ("round", "team")


@admin.register(TeamSeat)
class TeamSeatAdmin(admin.ModelAdmin[TeamSeat]):
    list_display = ("round", "team", "match", "bye")
    list_select_related = (
        "round__section__event",
        "team",
        "match__white_team",
        "match__black_team",
    )
    search_fields = ("team__name",)
    raw_id_fields = ("round", "team", "match", "bye")
