"""Routes under /api/v1/ for events, sections, players, rounds, TRF files and the
event log."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api import views
from tournaments.api.routes import PLAYER
from tournaments.api.routes import ROUND
from tournaments.api.routes import SECTION

router = SimpleRouter()
router.register("events", views.EventViewSet, basename="api-event")
router.register("sections", views.SectionViewSet, basename="api-section")

urlpatterns = [
    path(ROUND, views.RoundDetailView.as_view(), name="api-round-detail"),
    path(PLAYER, views.PlayerDetailView.as_view(), name="api-player-detail"),
    path(PLAYER + "withdraw/", views.PlayerWithdrawView.as_view(), name="api-player-withdraw"),
    path(PLAYER + "reinstate/", views.PlayerReinstateView.as_view(), name="api-player-reinstate"),
    path("events/<int:pk>/log/", views.EventLogView.as_view(), name="api-event-log"),
    path(SECTION + "import-trf/", views.SectionImportView.as_view(), name="api-section-import-trf"),
    *router.urls,
]
