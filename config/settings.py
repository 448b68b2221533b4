"""Django settings, read from the environment.

Development defaults (SQLite, in-process tasks, DEBUG on) let `make run` work on a fresh
machine; production sets DATABASE_URL, CELERY_BROKER_URL, SECRET_KEY, DEBUG=0 and
ALLOWED_HOSTS.
"""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote
from urllib.parse import urlsplit

import dj_database_url
import django_stubs_ext
from csp.constants import NONE
from csp.constants import SELF
from django.core.exceptions import ImproperlyConfigured

# Django's generic classes take type arguments at run time too (`admin.ModelAdmin[Event]`), as
# in their stubs.
django_stubs_ext.monkeypatch()

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


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ImproperlyConfigured(
            f"{name} must be a whole number of at least {minimum}: {value!r}"
        )
    return number


def env_rate(name: str, default: str) -> str:
    """A rate limit as DRF reads it: a count per second, minute, hour or day ("5/min")."""
    value = os.environ.get(name, "").strip() or default
    if not re.fullmatch(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)", value):
        raise ImproperlyConfigured(f"{name} must be a rate such as 5/min or 1200/hour: {value!r}")
    return value


RATE_UNITS = {"s": 1, "sec": 1, "min": 60, "hour": 3600, "day": 86400}


def env_limit(name: str, default: str) -> tuple[int, int]:
    """A limit of the site's own forms (`common.rates`): so many per so long, "20/hour" or
    "5/10min", as (count, seconds)."""
    value = os.environ.get(name, "").strip() or default
    found = re.fullmatch(r"([1-9][0-9]*)/([1-9][0-9]*)?(s|sec|min|hour|day)", value)
    if found is None:
        raise ImproperlyConfigured(f"{name} must be a limit such as 20/hour or 5/10min: {value!r}")
    count, multiple, unit = found.groups()
    return int(count), int(multiple or 1) * RATE_UNITS[unit]


def secret_key_is_strong(key: str) -> bool:
    """Django's own rule for a production key (`check --deploy`, security.W009): 50
    characters or more, at least 5 of them different, and not one of the keys Django's
    `startproject` writes for development ("django-insecure-...")."""
    return len(key) >= 50 and len(set(key)) >= 5 and not key.startswith("django-insecure-")


DEBUG = env_bool("DEBUG", True)
# The fallback key is public (it is in this file): it signs sessions and password-reset links
# in development only. Without DEBUG the site refuses to start on it rather than run with a
# key everyone knows, or with one short or plain enough to guess.
DEVELOPMENT_SECRET_KEY = "rookery-development-key-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set: with DEBUG=0 the environment must set SECRET_KEY to a long "
        "random value (50 characters or more), never the development key."
    )
if not DEBUG and not secret_key_is_strong(SECRET_KEY):
    raise ImproperlyConfigured(
        f"SECRET_KEY is too weak ({len(SECRET_KEY)} characters, {len(set(SECRET_KEY))} "
        "different): with DEBUG=0 it must be 50 characters or more, at least 5 of them "
        "different, and not start with 'django-insecure-'. Make one with: python -c "
        "'import secrets; print(secrets.token_urlsafe(50))'"
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS. Production runs behind a proxy that ends TLS and sets X-Forwarded-Proto (and strips
# any such header a client sends): without DEBUG every request is redirected to HTTPS, cookies
# travel over HTTPS only and browsers are told to use nothing else for a year. Each setting
# can be turned off from the environment, e.g. to try the production shape over plain HTTP.
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("SECURE_PROXY_SSL_HEADER", not DEBUG) else None
)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Monitors inside the network ask for /health/ over plain HTTP (README, Production).
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
# Sessions are read from the cache (written through to the database): a logged-in visitor's
# request costs no session query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content Security Policy on every response: scripts, styles, fonts and images from this site
# only, no inline script, no framing, forms post here only. The API documentation page widens
# it for its own needs (config.urls).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "axes",
    "allauth",
    "allauth.account",
    "common",
    "accounts",
    "tournaments",
    "teams",
    "entries",
    "pairing",
    "results",
    "people",
    "public",
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
    # After the session and the user: a saved choice of language is theirs.
    "people.languages.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.AccountLimitsWithoutCacheMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into its answer.
    "axes.middleware.AxesMiddleware",
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
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Each web process keeps its database connection for DATABASE_CONN_MAX_AGE seconds (checked
# before reuse) instead of opening one per request: opening a PostgreSQL connection costs
# more than serving a cached page, and a kept connection reuses its prepared statements.
# 0 opens one per request.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
# SQLite (the default of `make run`) lets one writer in at a time. A transaction that reads
# first and writes later cannot wait for the lock (SQLite would deadlock, so it fails at once
# with "database is locked"): transactions take the write lock when they begin, and wait up
# to 20 s for it. In WAL mode readers are never blocked by the writer.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-in lockout (django-axes), for the login form and the API's token endpoint alike: after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is refused
# for AXES_COOLOFF_MINUTES, even with the right password. Per pair, so a stranger guessing
# from elsewhere does not lock a player out at the venue.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend, which also finds an account by its confirmed email address.
    "allauth.account.auth_backends.AuthenticationBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
# Accounts are found whatever the case of the username, or by their address: failures are
# counted against the account's own username, folded, however it was typed.
AXES_USERNAME_CALLABLE = "accounts.lockout.lockout_username"
# Behind the TLS proxy every request comes from the proxy: with PROXY_COUNT proxies in front
# of the site, the client's address is the one they add to X-Forwarded-For.
PROXY_COUNT = env_int("PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"

# The cache holds the rate limits, the sessions (read through to the database) and the pages
# kept per section version. Every web process must see the same counts, so production
# (DEBUG=0) refuses to start without CACHE_URL pointing at Redis; development (one process)
# keeps a cache in memory. Everything in it can be had again, so a Redis that cannot be
# reached is a cache that misses (`common.cache.ResilientRedisCache`): pages are computed,
# sessions read from the database, and the rate limits fail open or closed as
# ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN says (`common.rates`).
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        f"CACHE_URL must be a Redis address (redis://host:6379/1): {CACHE_URL!r}"
    )
if not DEBUG and not CACHE_URL:
    raise ImproperlyConfigured(
        "CACHE_URL is not set: with DEBUG=0 the site needs a cache shared by every web "
        "process (redis://host:6379/1), or each process counts sign-ins and rate limits on "
        "its own."
    )
CACHES = {
    "default": (
        {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "rookery",
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# An emailed invitation to arbitrate or captain works for this many days.
INVITATION_LIFETIME = timedelta(days=env_int("INVITATION_LIFETIME_DAYS", 14, minimum=1))

# API tokens expire this many days after they are made.
API_TOKEN_LIFETIME = timedelta(days=env_int("API_TOKEN_LIFETIME_DAYS", 30, minimum=1))

LANGUAGE_CODE = "en"
# The languages the site speaks, each named in itself as the switcher shows it; a language is
# listed once its catalogue in locale/ is complete (a test holds every listed one to that).
# A page is in the reader's saved choice, else its event's language, else the browser's,
# else English (`people.languages`); the switcher shows when there is a choice.
LANGUAGES = [("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
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

# What one client address may send to the public forms strangers can use (`common.rates`),
# per target, each overridable from the environment (ROOKERY_RATE_ENTRY=40/hour). Entries
# to one section: a family or a club entering together stays far below. Wrong check-in
# codes, for one player and for one event: enough for typing mistakes, far too few to guess
# a code; a venue's players share one address (its Wi-Fi), so one player's mistakes never
# lock out the others, and the event's limit is above what a hall of honest players mistypes.
ROOKERY_RATE_LIMITS = {
    "entry": env_limit("ROOKERY_RATE_ENTRY", "20/hour"),
    "check_in_code_player": env_limit("ROOKERY_RATE_CHECK_IN_CODE_PLAYER", "5/10min"),
    "check_in_code_event": env_limit("ROOKERY_RATE_CHECK_IN_CODE_EVENT", "60/10min"),
}
# When the cache that counts them cannot be reached: "open" lets requests through uncounted
# (the default: the sign-in lockout is counted in the database and holds regardless, and a
# site that refuses every sign-in while Redis is away is down for its users); "closed"
# refuses what these limits and the sign-in limits guard (signing in, signing up, password
# resets, check-in codes, entries) with 429 until Redis answers. The API's general limits
# (API_RATE_ANON, API_RATE_USER) are against load, not guessing: they always let through.
ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN = (
    os.environ.get("ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN", "").strip() or "open"
)
if ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN not in ("open", "closed"):
    raise ImproperlyConfigured(
        "ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN must be open or closed: "
        f"{ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN!r}"
    )

LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth): anyone may sign up with a username and an email address, and
# signs in only once that address is confirmed by the link it is sent. Accounts made by an
# administrator before sign-up existed have no address on record and sign in as before
# (`accounts.forms.SignInForm`). Signing in takes a username or a confirmed address; the
# lockout above counts failures against what was typed, whichever it is.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
# Usernames keep the case they were typed with and are found, and kept unique, whatever the
# case (`Alice` is refused while `alice` exists; the database refuses it too, see
# accounts/migrations/0004). Addresses are stored in lower case.
ACCOUNT_PRESERVE_USERNAME_CASING = True
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Rookery] "
# allauth's emails are tried at once and, when the mail server fails, left to the outbox for
# the workers (`accounts.adapter`): a sign-up or a reset never fails on its email.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {
    "login": "accounts.forms.SignInForm",
    "change_password": "accounts.forms.PasswordChangeForm",
    "set_password": "accounts.forms.PasswordSetForm",
    "reset_password": "accounts.forms.PasswordResetForm",
    "reset_password_from_key": "accounts.forms.PasswordResetKeyForm",
    "change_email": "accounts.forms.EmailChangeForm",
    "add_email": "accounts.forms.EmailAddForm",
    "reauthenticate": "accounts.forms.PasswordConfirmForm",
}
# Failed sign-ins are django-axes' to count (above): it answers a locked-out pair with 429
# on the page and the API alike. allauth's other limits (sign-ups, reset emails, ...) stay,
# counted per address behind the same PROXY_COUNT proxies.
ACCOUNT_RATE_LIMITS = {"login_failed": None}
ALLAUTH_TRUSTED_PROXY_COUNT = PROXY_COUNT

# Email: printed to the terminal in development; production sends through SMTP, set by
# EMAIL_URL (smtp://user:password@host:587, smtp+ssl://... for implicit TLS) or by
# EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD and EMAIL_USE_TLS.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip() or "rookery@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_URL = os.environ.get("EMAIL_URL", "").strip()
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
if EMAIL_URL:
    _email = urlsplit(EMAIL_URL)
    if _email.scheme not in ("smtp", "smtp+tls", "smtp+ssl") or not _email.hostname:
        raise ImproperlyConfigured(
            f"EMAIL_URL must be smtp://user:password@host:port (or smtp+ssl://): {EMAIL_URL!r}"
        )
    EMAIL_HOST = _email.hostname
    EMAIL_PORT = _email.port or (465 if _email.scheme == "smtp+ssl" else 587)
    EMAIL_HOST_USER = unquote(_email.username or "")
    EMAIL_HOST_PASSWORD = unquote(_email.password or "")
    EMAIL_USE_SSL = _email.scheme == "smtp+ssl"
    EMAIL_USE_TLS = not EMAIL_USE_SSL
elif EMAIL_HOST:
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
# A short timeout, so that a slow server does not hold the page that sends the email.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)

# Celery: without a broker, tasks run in-process (eagerly) so development needs no Redis.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
# A Redis broker goes through kombu's Redis transport with one defect closed, without which a
# worker stops for good when Redis restarts under a running task (`config.broker`). Not for
# rediss://, whose TLS kombu turns on by the scheme's name: that one keeps kombu's own.
if CELERY_BROKER_URL.startswith("redis://"):
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
# No result backend unless one is asked for: every task of the site ignores its result (a
# pairing run keeps its outcome in the database), so a backend would only be one more
# connection to Redis in each process, to lose when Redis restarts.
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
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
# Workers and beat, which keep a connection to the broker, wait for a broker that is down
# (at start or later) for as long as it takes, instead of giving up after 100 tries; only
# they use these. A run being carried out when the connection is lost goes on: its outcome
# goes to the database, not through the broker.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# The longest a pairing run may take, in seconds (`round_pair_task`): past it the run is
# stopped and failed, and its round is the organiser's again. A 3,000-player round takes
# about two minutes on a small machine.
ROOKERY_RUN_TIME_LIMIT = env_int("ROOKERY_RUN_TIME_LIMIT", 900, minimum=1)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 3,
    "max_retries": 0,
    # A message delivered and never acknowledged (its worker was killed) goes back to the
    # queue after this many seconds. Runs that lose their worker are sent again by the
    # sweeper long before; a second copy of a run finds it finished, or alive, and does
    # nothing. Longer than any pairing may take, so a slow one is not delivered twice.
    "visibility_timeout": max(300, ROOKERY_RUN_TIME_LIMIT + 120),
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_SOCKET_TIMEOUT = 3
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Pairing runs go to one of two queues by the size of their section, so that a round of a
# few players is never queued behind the long rounds of a large open: sections of
# ROOKERY_PAIRING_LARGE_FROM players (teams, in a team section) or more are paired on
# `pairing-large`, the others on `pairing-small` (`pairing.selectors.pairing_queue_get`).
# Every other task (the sweeper) goes to `celery`. A worker started without `-Q` takes
# all three; production gives the large runs workers of their own (README, Production).
ROOKERY_PAIRING_QUEUES = {"small": "pairing-small", "large": "pairing-large"}
ROOKERY_PAIRING_LARGE_FROM = env_int("ROOKERY_PAIRING_LARGE_FROM", 500, minimum=1)
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES: dict[str, dict[str, str]] = {
    name: {} for name in (CELERY_TASK_DEFAULT_QUEUE, *ROOKERY_PAIRING_QUEUES.values())
}
# What one account, and one event, may have queued or running at a time
# (`pairing.services.limits`); one more request is answered 429, naming what waits.
ROOKERY_RUNS_PER_ACCOUNT = env_int("ROOKERY_RUNS_PER_ACCOUNT", 3, minimum=1)
ROOKERY_RUNS_PER_EVENT = env_int("ROOKERY_RUNS_PER_EVENT", 5, minimum=1)
# A worker says it is alive every ten seconds (`pairing.worker`); the health check
# (`/health/`) and the organiser's round page warn when none was seen for this long.
ROOKERY_WORKER_SILENT_AFTER = env_int("ROOKERY_WORKER_SILENT_AFTER", 60, minimum=30)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.api.exception_handler",
    # Generous for a busy venue (a whole hall behind one address polls the pages), strict for
    # signing in: per address and per username.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "NUM_PROXIES": PROXY_COUNT or None,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_rate("API_RATE_ANON", "1200/min"),
        "user": env_rate("API_RATE_USER", "1200/min"),
        "sign_in": env_rate("API_RATE_SIGN_IN", "10/min"),
        "sign_in_username": env_rate("API_RATE_SIGN_IN_USERNAME", "5/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Rookery API",
    "DESCRIPTION": "Chess tournaments: events, sections, players, pairings, standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The documentation page loads Redoc from our own static files (a pinned build shipped by
    # drf-spectacular-sidecar), so it works at a venue without internet and tells no CDN who
    # reads it.
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
