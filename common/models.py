"""Base models shared by every app."""

from django.db import models


class TimeStampedModel(models.Model):
    """Adds creation and modification times; every domain model carries them."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
