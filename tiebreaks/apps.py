from django.apps import AppConfig


class TiebreaksConfig(AppConfig):
    name = "tiebreaks"
    default_auto_field = "django.db.models.BigAutoField"
