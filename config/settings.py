"""Django settings, read from the environment.

Development defaults (SQLite, in-process tasks, DEBUG on) let `make run` work on a fresh
machine; production sets DATABASE_URL, CELERY_BROKER_URL, SECRET_KEY, DEBUG=0 and
ALLOWED_HOSTS.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    """A whole number of 0 or more from the environment; a wrong value stops the start."""
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    text = value.strip().replace("_", "")
    if not (text.isascii() and text.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number of 0 or more, not {value!r}.")
    return int(text)


DEBUG = env_bool("DEBUG", True)
# The fallback key is only ever used in development; production must set SECRET_KEY.
SECRET_KEY = os.environ.get("SECRET_KEY") or "rookery-development-key-not-for-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "common",
    "tournaments",
    "teams",
    "pairing",
    "tiebreaks",
    "archives",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "common.middleware.RequestSizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# In development static files are served from the source folders; `collectstatic` fills
# STATIC_ROOT for production only.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
if DEBUG:
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

# Uploads, per kind of file, in bytes (`common.limits`): a TRF file of a 500-player,
# 15-round event is under 200 kB, a 2,000-player roster about 300 kB.  Each is overridable
# from the environment, as ROOKERY_UPLOAD_MAX_TRF_BYTES=4194304.
ROOKERY_UPLOAD_MAX_BYTES = {
    "trf": env_int("ROOKERY_UPLOAD_MAX_TRF_BYTES", 2 * 1024 * 1024),
    "roster": env_int("ROOKERY_UPLOAD_MAX_ROSTER_BYTES", 1024 * 1024),
    "backup": env_int("ROOKERY_UPLOAD_MAX_BACKUP_BYTES", 20 * 1024 * 1024),
}
# A request body larger than the largest upload (plus room for the form's other fields) is
# answered 413 before it is read (`common.middleware.RequestSizeLimitMiddleware`).
ROOKERY_REQUEST_MAX_BYTES = max(ROOKERY_UPLOAD_MAX_BYTES.values()) + 64 * 1024
# Form fields other than files, and file parts held in memory before they go to disk.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
FILE_UPLOAD_MAX_MEMORY_SIZE = env_int("FILE_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)

# What one account may hold (`tournaments.services.quotas`); staff accounts have no limit.
# Far above real events (the largest opens have a few thousand players in a section), low
# enough that one account cannot fill the database.  ROOKERY_QUOTA_EVENTS=100 and the like
# override them.
ROOKERY_QUOTAS = {
    "events": env_int("ROOKERY_QUOTA_EVENTS", 50),
    "sections_per_event": env_int("ROOKERY_QUOTA_SECTIONS_PER_EVENT", 50),
    "players_per_section": env_int("ROOKERY_QUOTA_PLAYERS_PER_SECTION", 10_000),
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Celery: without a broker, tasks run in-process (eagerly) so development needs no Redis.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
# Results (small JSON) go back through the broker's Redis unless told otherwise; pairing runs
# keep their own outcome in the database, so this only serves callers that wait on a task.
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or CELERY_BROKER_URL or None
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A task is acknowledged when it ends, so a worker that dies leaves its message to another.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Sending a task is part of the request that asks for it (a pairing run is sent inside its
# transaction): a broker out of reach must fail that request within seconds, not stall it.
# No publish retries, short connect and socket timeouts (a broker that accepts connections
# and never answers), and no reconnection loop when a message is sent.
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 3,
    "max_retries": 0,
    # A message delivered and never acknowledged (its worker was killed) goes back to the
    # queue after this many seconds. Runs that lose their worker are sent again by the
    # sweeper long before; a second copy of a run finds it finished, or alive, and does
    # nothing. Longer than any pairing, so a slow one is rarely delivered twice.
    "visibility_timeout": 300,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_SOCKET_TIMEOUT = 3
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Rookery API",
    "DESCRIPTION": "Chess tournaments: events, sections, players, pairings, standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
