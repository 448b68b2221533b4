"""Routes under /api/v1/ for events, sections, players, rounds, TRF files and the
event log."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api import views

router = SimpleRouter()
router.register("events", views.EventViewSet, basename="api-event")
router.register("sections", views.SectionViewSet, basename="api-section")

urlpatterns = [
    path(
        "sections/<int:pk>/rounds/<int:number>/",
        views.RoundDetailView.as_view(),
        name="api-round-detail",
    ),
    path(
        "sections/<int:pk>/players/<int:rank>/",
        views.PlayerDetailView.as_view(),
        name="api-player-detail",
    ),
    path(
        "sections/<int:pk>/players/<int:rank>/withdraw/",
        views.PlayerWithdrawView.as_view(),
        name="api-player-withdraw",
    ),
    path(
        "sections/<int:pk>/players/<int:rank>/reinstate/",
        views.PlayerReinstateView.as_view(),
        name="api-player-reinstate",
    ),
    path("events/<int:pk>/log/", views.EventLogView.as_view(), name="api-event-log"),
    path(
        "sections/<int:pk>/import-trf/",
        views.SectionImportView.as_view(),
        name="api-section-import-trf",
    ),
    *router.urls,
]
