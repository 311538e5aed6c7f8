"""Admin: read-mostly views of teams and their history.

Gold and rosters change through ``teams.services`` so the ledger stays true;
the admin therefore shows the treasury, player values and the ledger read-only.
"""

from __future__ import annotations

from django.contrib import admin

from teams.models import Advancement, InjuryRecord, Player, PlayerSkill, Team, TreasuryEntry


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    can_delete = False
    show_change_link = True
    fields = ("number", "name", "position_slug", "status", "spp_earned", "current_value")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class TreasuryEntryInline(admin.TabularInline):
    model = TreasuryEntry
    extra = 0
    can_delete = False
    fields = ("created_at", "reason", "amount", "balance_after", "note", "created_by")
    readonly_fields = fields
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "coach", "ruleset", "roster_slug", "status", "treasury")
    list_filter = ("ruleset", "status", "roster_slug")
    search_fields = ("name", "coach__username")
    list_select_related = ("coach",)
    readonly_fields = ("treasury", "created_at", "updated_at")
    raw_id_fields = ("coach",)
    inlines = (PlayerInline, TreasuryEntryInline)


class PlayerSkillInline(admin.TabularInline):
    model = PlayerSkill
    extra = 0
    raw_id_fields = ("advancement",)


class AdvancementInline(admin.TabularInline):
    model = Advancement
    extra = 0
    can_delete = False
    readonly_fields = ("number", "kind", "result", "spp_cost", "value_increase", "rolls")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class InjuryRecordInline(admin.TabularInline):
    model = InjuryRecord
    extra = 0


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "number", "team", "position_slug", "status", "spp", "current_value")
    list_filter = ("status", "journeyman", "miss_next_game", "temporarily_retired")
    search_fields = ("name", "team__name")
    list_select_related = ("team",)
    raw_id_fields = ("team",)
    readonly_fields = ("current_value", "value_increases", "hired_at")
    inlines = (PlayerSkillInline, AdvancementInline, InjuryRecordInline)


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(admin.ModelAdmin):
    list_display = ("team", "created_at", "reason", "amount", "balance_after", "note")
    list_filter = ("reason",)
    search_fields = ("team__name", "note")
    list_select_related = ("team",)
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
