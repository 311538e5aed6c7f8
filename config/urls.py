from allauth.account import views as account_views
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView

from config import metrics
from core import health, pages
from dashboard import views as dashboard_views

api_v1: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("", include("teams.urls_api")),
    path("", include("leagues.urls_api")),
    path("", include("matches.urls_api")),
]

urlpatterns = [
    path("", dashboard_views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("favicon.ico", pages.favicon, name="favicon"),
    # A 404 unless DUGOUT_METRICS is on (config/metrics.py).
    path("metrics", metrics.metrics, name="metrics"),
    # Django tries the patterns in order: the busiest prefixes first.
    # tests/test_url_order.py checks that no named route is shadowed by another.
    path("api/v1/", include(api_v1)),
    path("", include("teams.urls")),
    path("", include("leagues.urls_teams")),  # a team's re-draft between seasons
    path("", include("matches.urls_teams")),  # team history, player pages
    path("", include("dashboard.urls")),  # a commissioner's oversight
    path("leagues/", include("leagues.urls")),
    path("matches/", include("matches.urls")),
    # allauth's login and logout under the names the pages and tests have always used.
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", account_views.logout, name="logout"),
    path("", include("accounts.urls")),  # coach profiles
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("accounts.urls_language")),  # the language switch
    path("", include("leagues.urls_invites")),
    path("admin/", admin.site.urls),
    # Ratings and play-off odds; records, dice luck, calendar feeds and the NAF report.
    path("", include("leagues.urls_insight")),
    path("", include("insight.urls")),
    path("", include("backups.urls")),  # a league's backup: download, restore as new
    path("", include("notifications.urls")),  # webhooks, e-mail preferences
    path("", include("news.urls")),  # league news, coaches' match reports
]

# Django's own errors: JSON ({"detail": ...}, as DRF's own) under /api/, the site's pages
# elsewhere (core/api.py).
handler400 = "core.api.bad_request"
handler403 = "core.api.permission_denied"
handler404 = "core.api.not_found"
handler500 = "core.api.server_error"
