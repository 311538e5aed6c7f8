from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from notifications import outbox
from notifications.models import (
    EmailPreference,
    OutgoingMail,
    SentEmail,
    Webhook,
    WebhookDelivery,
)


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
        "on_fixtures",
        "on_news",
    ]
    exclude = ["secret"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["id", "webhook", "event_key", "status", "attempts", "last_error", "created_at"]
    list_filter = ["status", "kind"]
    readonly_fields = ["body"]


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    """The outbox: what is owed, sent or failed, and why the last attempt failed. A
    mail holding a sign-in link (a password reset) never shows its bodies here."""

    list_display = [
        "id",
        "to",
        "subject",
        "category",
        "status",
        "attempts",
        "last_error",
        "created_at",
        "sent_at",
    ]
    list_filter = ["status", "category"]
    search_fields = ["to", "subject", "key"]
    readonly_fields = [
        "user",
        "to",
        "from_email",
        "category",
        "key",
        "subject",
        "status",
        "attempts",
        "last_error",
        "next_attempt_at",
        "created_at",
        "sent_at",
    ]
    exclude = ["body", "html_body", "secret"]
    actions = ["send_again"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = list(self.readonly_fields)
        if obj is not None and not obj.secret:
            fields.append("body")
        return fields

    def get_exclude(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is not None and not obj.secret:
            return ["html_body", "secret"]
        return list(self.exclude)

    @admin.action(description="Send the selected failed e-mails again")
    def send_again(self, request: HttpRequest, queryset: QuerySet[OutgoingMail]) -> None:
        count = outbox.send_again(list(queryset.values_list("pk", flat=True)))
        messages.success(request, f"{count} failed e-mail(s) owed again and queued.")


admin.site.register(EmailPreference)
admin.site.register(SentEmail)
