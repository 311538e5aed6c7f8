"""Admin: read-mostly views of teams and their history.

Gold and rosters change through ``teams.services`` so the ledger stays true;
the admin therefore shows the treasury, player values and the ledger read-only.
What it does change bumps the team's version (and its leagues'), in the admin's
transaction, so no cached page shows the team as it was.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from teams.audit import bump_teams
from teams.models import Advancement, InjuryRecord, Player, PlayerSkill, Team, TreasuryEntry


class BumpsTeamVersion(admin.ModelAdmin):
    """Saves and deletes bump the version of the team the row belongs to."""

    def team_of(self, obj: Any) -> int | None:
        return getattr(obj, "team_id", None)

    def save_model(self, request: HttpRequest, obj: Any, form: ModelForm, change: bool) -> None:
        super().save_model(request, obj, form, change)
        bump_teams([self.team_of(obj)])

    def save_related(
        self, request: HttpRequest, form: ModelForm, formsets: Any, change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        bump_teams([self.team_of(form.instance)])

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        team = self.team_of(obj)
        super().delete_model(request, obj)
        bump_teams([team])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Model]) -> None:
        teams = [self.team_of(obj) for obj in queryset]
        super().delete_queryset(request, queryset)
        bump_teams(teams)


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
class TeamAdmin(BumpsTeamVersion):
    list_display = ("name", "coach", "ruleset", "roster_slug", "status", "treasury")
    list_filter = ("ruleset", "status", "roster_slug")
    search_fields = ("name", "coach__username")
    list_select_related = ("coach",)
    readonly_fields = ("treasury", "created_at", "updated_at")
    raw_id_fields = ("coach",)
    inlines = (PlayerInline, TreasuryEntryInline)

    def team_of(self, obj: Any) -> int | None:
        return obj.pk


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
class PlayerAdmin(BumpsTeamVersion):
    list_display = ("name", "number", "team", "position_slug", "status", "spp", "current_value")
    list_filter = ("status", "journeyman", "miss_next_game", "temporarily_retired")
    search_fields = ("name", "team__name")
    list_select_related = ("team",)
    raw_id_fields = ("team",)
    readonly_fields = ("current_value", "value_increases", "hired_at")
    inlines = (PlayerSkillInline, AdvancementInline, InjuryRecordInline)


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(BumpsTeamVersion):
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
