"""URL configuration."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/v1/", include("pairing.api.urls")),
    path("api/v1/", include("tiebreaks.api.urls")),
    path("api/v1/", include("teams.api.urls")),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/v1/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("pairing.urls")),
    path("", include("tiebreaks.urls")),
    path("", include("teams.urls")),
    path("", include("tournaments.urls")),
]
