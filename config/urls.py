"""URL configuration."""

from csp.constants import SELF
from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include
from django.urls import path
from drf_spectacular.views import SpectacularAPIView
from drf_spectacular.views import SpectacularRedocView

from pairing.views import health

# Redoc writes its styles into <style> elements and searches in a worker it makes from a blob;
# its scripts are still our own static files only.
api_docs = csp_update({"style-src": [UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})(
    SpectacularRedocView.as_view(url_name="api-schema")
)

# The apps whose routes (`<app>.api.urls`) are under /api/v1/, in the order they are tried:
# archives before the events' routes, whose `events/<id>/` would take `events/restore/`.
API_APPS = ("accounts", "archives", "tournaments", "pairing", "results", "public", "teams")
# The apps whose pages (`<app>.urls`) are at the root, in the order they are tried: archives
# before the events' pages, since `events/<event>/<section>/` would take `events/new/restore/`;
# public last, since a section's address would take the organisers' `events/<event>/edit/`
# and the like.
PAGE_APPS = ("archives", "pairing", "results", "teams", "entries", "tournaments", "public")

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    # Ours first (a person's profile and tokens under /accounts/): allauth's own pages take
    # the rest of /accounts/.
    path("", include("people.urls")),
    path("accounts/", include("allauth.urls")),
    *(path("api/v1/", include(f"{app}.api.urls")) for app in API_APPS),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/v1/docs/", api_docs, name="api-docs"),
    *(path("", include(f"{app}.urls")) for app in PAGE_APPS),
]
