"""Admin pages for looking at match data. Matches change only through the
services (they check the rules, lock rows and keep the ledgers true), so
everything here is read-only."""

from django.contrib import admin

from matches.models import (
    AppliedEffect,
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ReportInline(ReadOnlyInline):
    model = Report
    fields = ["version", "is_current", "home_touchdowns", "away_touchdowns", "conceded_by"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["id", "fixture", "status", "pre_game_started_at", "kicked_off_at", "closed_at"]
    list_filter = ["status"]
    list_select_related = ["fixture__home", "fixture__away"]
    exclude = ["pre_game_seed", "post_game_seed"]
    inlines = [ReportInline]


class EventInline(ReadOnlyInline):
    model = MatchEvent
    fields = ["kind", "side", "player", "victim", "injury", "characteristic", "detail"]


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ["match", "version", "is_current", "home_touchdowns", "away_touchdowns"]
    list_filter = ["is_current"]
    list_select_related = ["match"]
    inlines = [EventInline]


@admin.register(DiceRoll)
class DiceRollAdmin(ReadOnlyAdmin):
    list_display = ["match", "sequence", "report", "index", "step", "purpose", "die", "result"]
    list_filter = ["sequence"]
    list_select_related = ["match", "report"]


class EffectInline(ReadOnlyInline):
    model = AppliedEffect
    fields = ["kind", "team", "player", "amount", "before", "after", "ledger_entry"]


@admin.register(PostGameApplication)
class PostGameApplicationAdmin(ReadOnlyAdmin):
    list_display = ["report", "match", "applied_at", "reverted_at"]
    list_select_related = ["report", "match"]
    inlines = [EffectInline]


@admin.register(PlayerMatchStats)
class PlayerMatchStatsAdmin(ReadOnlyAdmin):
    list_display = ["player", "match", "team", "touchdowns", "casualties", "spp", "mvp"]
    list_select_related = ["player", "match", "team"]
