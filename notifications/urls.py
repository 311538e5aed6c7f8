"""Webhooks and e-mail preferences: the pages and their API under /api/v1/."""

from django.urls import path

from notifications import api, views

urlpatterns = [
    path("leagues/<int:pk>/webhooks/", views.league_webhooks, name="league-webhooks"),
    path(
        "leagues/<int:pk>/webhooks/<int:webhook_id>/delete/",
        views.webhook_delete,
        name="league-webhook-delete",
    ),
    path(
        "leagues/<int:pk>/webhooks/<int:webhook_id>/test/",
        views.webhook_test,
        name="league-webhook-test",
    ),
    path("notifications/", views.preferences, name="notification-preferences"),
    # The API.
    path(
        "api/v1/leagues/<int:pk>/webhooks/",
        api.LeagueWebhooksView.as_view(),
        name="api-league-webhooks",
    ),
    path(
        "api/v1/leagues/<int:pk>/webhooks/<int:webhook_id>/",
        api.WebhookView.as_view(),
        name="api-league-webhook",
    ),
    path(
        "api/v1/leagues/<int:pk>/webhooks/<int:webhook_id>/test/",
        api.WebhookTestView.as_view(),
        name="api-league-webhook-test",
    ),
    path(
        "api/v1/notifications/preferences/",
        api.PreferencesView.as_view(),
        name="api-notification-preferences",
    ),
]
