"""Admin for events, sections and everything in them: a back office, not the organiser UI."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import Bye
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundTime
from tournaments.models import Seat
from tournaments.models import Section


class SectionInline(admin.TabularInline[Section, Event]):
    model = Section
    fields = ("name", "slug", "system", "planned_rounds")
    show_change_link = True
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ("name", "slug", "start_date", "end_date", "city", "federation", "is_public")
    list_filter = ("is_public", "federation", "start_date")
    search_fields = ("name", "slug", "city", "chief_arbiter")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organisers", "arbiters")
    date_hierarchy = "start_date"
    inlines = [SectionInline]


class PlayerInline(admin.TabularInline[Player, Section]):
    model = Player
    fields = ("starting_rank", "last_name", "first_name", "title", "fide_rating", "federation")
    show_change_link = True
    extra = 0


class RoundInline(admin.TabularInline[Round, Section]):
    model = Round
    fields = ("number", "status", "published_at", "is_pure_fide")
    show_change_link = True
    extra = 0


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin[Section]):
    list_display = ("name", "event", "system", "planned_rounds", "acceleration")
    list_filter = ("system", "acceleration", "initial_colour")
    list_select_related = ("event",)
    search_fields = ("name", "slug", "event__name")
    autocomplete_fields = ("event",)
    inlines = [PlayerInline, RoundInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = (
        "starting_rank",
        "last_name",
        "first_name",
        "title",
        "fide_rating",
        "federation",
        "status",
        "section",
    )
    list_display_links = ("starting_rank", "last_name")
    list_filter = ("status", "title", "federation")
    list_select_related = ("section__event",)
    search_fields = ("last_name", "first_name", "fide_id", "club", "section__name")
    autocomplete_fields = ("section",)


class GameInline(admin.TabularInline[Game, Round]):
    model = Game
    fields = ("board", "white", "black", "result")
    raw_id_fields = ("white", "black")
    extra = 0


class ByeInline(admin.TabularInline[Bye, Round]):
    model = Bye
    fields = ("player", "kind")
    raw_id_fields = ("player",)
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ("__str__", "number", "status", "published_at", "is_pure_fide")
    list_filter = ("status", "is_pure_fide")
    list_select_related = ("section__event",)
    search_fields = ("section__name", "section__event__name")
    autocomplete_fields = ("section",)
    inlines = [GameInline, ByeInline]


@admin.register(RoundTime)
class RoundTimeAdmin(admin.ModelAdmin[RoundTime]):
    list_display = ("section", "number", "starts_at")
    list_select_related = ("section__event",)
    search_fields = ("section__name", "section__event__name")
    raw_id_fields = ("section",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("round", "board", "white", "result", "black")
    list_filter = ("result",)
    list_select_related = ("round__section__event", "white", "black")
    search_fields = ("white__last_name", "black__last_name", "round__section__name")
    raw_id_fields = ("round", "white", "black")


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin[Bye]):
    list_display = ("round", "player", "kind")
    list_filter = ("kind",)
    list_select_related = ("round__section__event", "player")
    search_fields = ("player__last_name", "round__section__name")
    raw_id_fields = ("round", "player")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin[Seat]):
    list_display = ("round", "player", "game", "bye")
    list_select_related = ("round__section__event", "player", "game", "bye")
    search_fields = ("player__last_name",)
    raw_id_fields = ("round", "player", "game", "bye")


@admin.register(ByeRequest)
class ByeRequestAdmin(admin.ModelAdmin[ByeRequest]):
    list_display = ("player", "round_number", "kind")
    list_filter = ("kind", "round_number")
    list_select_related = ("player__section__event",)
    search_fields = ("player__last_name", "player__section__name")
    raw_id_fields = ("player",)


@admin.register(ByeExclusion)
class ByeExclusionAdmin(admin.ModelAdmin[ByeExclusion]):
    list_display = ("player", "round_number")
    list_filter = ("round_number",)
    list_select_related = ("player__section__event",)
    search_fields = ("player__last_name", "player__section__name")
    raw_id_fields = ("player",)


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin[CheckIn]):
    list_display = ("player", "round_number", "checked_in_at", "by")
    list_filter = ("round_number",)
    list_select_related = ("player__section__event", "by")
    search_fields = ("player__last_name", "player__section__name")
    raw_id_fields = ("player", "by")


@admin.register(ProhibitedGroup)
class ProhibitedGroupAdmin(admin.ModelAdmin[ProhibitedGroup]):
    list_display = ("name", "section", "kind", "source", "attribute")
    list_filter = ("kind", "source")
    list_select_related = ("section__event",)
    search_fields = ("name", "section__name")
    autocomplete_fields = ("section",)
    filter_horizontal = ("members",)


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin[LogEntry]):
    """The event log is written by the services only: read here, never changed."""

    list_display = ("event", "section_name", "round_number", "action", "actor", "created_at")
    list_filter = ("action",)
    list_select_related = ("event",)
    search_fields = ("description", "reason", "section_name", "event__name", "actor")
    raw_id_fields = ("event", "section", "user", "players")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: LogEntry | None = None) -> bool:
        return False
