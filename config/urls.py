from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from config import health, views

api_v1 = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("", include("teams.urls_api")),
    path("", include("leagues.urls_api")),
    path("", include("matches.urls_api")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("", include("teams.urls")),
    path("leagues/", include("leagues.urls")),
    path("matches/", include("matches.urls")),
]

# Paths no URL routes: JSON {"detail": "Not found."} under /api/, the site's page elsewhere.
handler404 = "config.api.not_found"
handler500 = "config.api.server_error"
