"""Routes under /api/v1/ for signing in and for a user's own tokens."""

from django.urls import path

from accounts.api import views

urlpatterns = [
    path("auth/token/", views.SignInView.as_view(), name="api-token"),
    path("auth/tokens/", views.TokenListView.as_view(), name="api-token-list"),
    path("auth/tokens/<int:pk>/revoke/", views.TokenRevokeView.as_view(), name="api-token-revoke"),
]
