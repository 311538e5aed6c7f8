"""Admin pages for looking at league data. Changes belong to the services and the
league pages (they check the rules and lock rows), so results, entries and
adjustments are read-only here."""

from django.contrib import admin

from leagues.models import Division, Fixture, League, PointsAdjustment, Round, Season, TeamEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(League)
class LeagueAdmin(ReadOnlyAdmin):
    list_display = ["name", "ruleset", "points_for_win", "points_for_draw", "points_for_loss"]
    search_fields = ["name"]


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["league", "number", "status", "format", "playoff_format", "champion"]
    list_filter = ["status"]
    list_select_related = ["league", "champion"]
    inlines = [DivisionInline]


@admin.register(TeamEntry)
class TeamEntryAdmin(ReadOnlyAdmin):
    list_display = ["team", "season", "division"]
    list_select_related = ["team", "season__league", "division"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["season", "number", "deadline"]
    list_select_related = ["season__league"]


@admin.register(Fixture)
class FixtureAdmin(ReadOnlyAdmin):
    list_display = [
        "season",
        "round",
        "kind",
        "home",
        "away",
        "status",
        "home_touchdowns",
        "away_touchdowns",
    ]
    list_filter = ["kind", "status"]
    list_select_related = ["season__league", "round", "home", "away"]


@admin.register(PointsAdjustment)
class PointsAdjustmentAdmin(ReadOnlyAdmin):
    list_display = ["season", "team", "points", "reason", "created_by", "created_at"]
    list_select_related = ["season__league", "team", "created_by"]
