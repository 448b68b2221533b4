"""URL configuration."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from pairing.views import health

# Redoc writes its styles into <style> elements and searches in a worker it makes from a blob;
# its scripts are still our own static files only.
api_docs = csp_update({"style-src": [UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})(
    SpectacularRedocView.as_view(url_name="api-schema")
)

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    # Ours first (a person's profile and tokens under /accounts/): allauth's own pages take
    # the rest of /accounts/.
    path("", include("people.urls")),
    path("accounts/", include("allauth.urls")),
    # Before the events' routes: their `events/<id>/` would take `events/restore/`.
    path("api/v1/", include("accounts.api.urls")),
    path("api/v1/", include("archives.api.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/v1/", include("pairing.api.urls")),
    path("api/v1/", include("results.api.urls")),
    path("api/v1/", include("public.api.urls")),
    path("api/v1/", include("teams.api.urls")),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/v1/docs/", api_docs, name="api-docs"),
    # Before the events' pages: `events/<event>/<section>/` would take `events/new/restore/`.
    path("", include("archives.urls")),
    path("", include("pairing.urls")),
    path("", include("results.urls")),
    path("", include("teams.urls")),
    path("", include("entries.urls")),
    path("", include("tournaments.urls")),
    # Last: a section's address, `events/<event>/<section>/`, would take the organisers'
    # `events/<event>/edit/` and the like.
    path("", include("public.urls")),
]
