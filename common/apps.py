from django.apps import AppConfig
from django.core.checks import Tags
from django.core.checks import register
from django.db.backends.signals import connection_created

from common.checks import email_check
from common.checks import shared_cache_check
from common.collation import sqlite_collation_add


class CommonConfig(AppConfig):
    name = "common"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Here, not at the top: the tasks' module uses models, which Django loads only once
        # every app is registered.
        from common import tasks  # noqa: F401, PLC0415  (registers the app's Celery tasks)

        register(shared_cache_check, Tags.security, deploy=True)
        register(email_check, Tags.security, deploy=True)
        connection_created.connect(sqlite_collation_add, dispatch_uid="common.name_collation")
