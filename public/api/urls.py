"""Routes under /api/v1/ for standings."""

from django.urls import path

from public.api import views

urlpatterns = [
    path("sections/<int:pk>/standings/", views.StandingsView.as_view(), name="api-standings"),
    path("sections/<int:pk>/export/", views.SectionExportView.as_view(), name="api-section-export"),
]
