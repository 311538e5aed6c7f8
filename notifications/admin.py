from django.contrib import admin

from notifications.models import EmailPreference, SentEmail, Webhook, WebhookDelivery


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "league",
        "payload_format",
        "url",
        "on_results",
        "on_level_ups",
        "on_deaths",
    ]
    exclude = ["secret"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["id", "webhook", "event_key", "status", "attempts", "last_error", "created_at"]
    list_filter = ["status", "kind"]
    readonly_fields = ["body"]


admin.site.register(EmailPreference)
admin.site.register(SentEmail)
