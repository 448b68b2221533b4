from django.apps import AppConfig
from django.core.checks import Tags, register

from common.checks import email_check, shared_cache_check


class CommonConfig(AppConfig):
    name = "common"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        register(shared_cache_check, Tags.security, deploy=True)
        register(email_check, Tags.security, deploy=True)
