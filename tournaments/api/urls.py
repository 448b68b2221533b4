"""Routes under /api/v1/ for sign-in, events, sections, players, rounds and TRF files."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api import views

router = SimpleRouter()
router.register("events", views.EventViewSet, basename="api-event")
router.register("sections", views.SectionViewSet, basename="api-section")

urlpatterns = [
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path(
        "sections/<int:pk>/rounds/<int:number>/",
        views.RoundDetailView.as_view(),
        name="api-round-detail",
    ),
    path(
        "sections/<int:pk>/import-trf/",
        views.SectionImportView.as_view(),
        name="api-section-import-trf",
    ),
    *router.urls,
]
