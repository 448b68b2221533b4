"""Routes under /api/v1/ for standings."""

from django.urls import path

from public.api import views
from tournaments.api.routes import SECTION

urlpatterns = [
    path(SECTION + "standings/", views.StandingsView.as_view(), name="api-standings"),
    path(SECTION + "export/", views.SectionExportView.as_view(), name="api-section-export"),
]
