from django.apps import AppConfig


class EntriesConfig(AppConfig):
    name = "entries"
    default_auto_field = "django.db.models.BigAutoField"
