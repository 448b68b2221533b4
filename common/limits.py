"""Upload limits, read from the settings when they are checked (tests may change them)."""

from __future__ import annotations

from django.conf import settings

from common.exceptions import UploadTooLarge

UPLOAD_KINDS = {"trf": "a TRF file", "roster": "a roster", "backup": "a backup"}


def upload_limit(kind: str) -> int:
    """The largest file of `kind` (a key of `UPLOAD_KINDS`) the site takes, in bytes."""
    limit: int = settings.ROOKERY_UPLOAD_MAX_BYTES[kind]
    return limit


def bytes_in_words(size: int) -> str:
    """ "2 MB", "512 kB", "1.5 MB", "300 bytes": a size as a page says it (1 kB = 1024 bytes).

    >>> bytes_in_words(2 * 1024 * 1024), bytes_in_words(1536 * 1024), bytes_in_words(300)
    ('2 MB', '1.5 MB', '300 bytes')
    """
    for unit, scale in (("MB", 1024 * 1024), ("kB", 1024)):
        if size >= scale:
            value = f"{size / scale:.1f}".removesuffix(".0")
            return f"{value} {unit}"
    return f"{size} bytes"


def upload_too_large(kind: str) -> UploadTooLarge:
    """The error for a file of `kind` over its limit, naming the limit in words."""
    words = bytes_in_words(upload_limit(kind))
    return UploadTooLarge(
        f"The file is larger than {words}, the most {UPLOAD_KINDS[kind]} may be.", field="file"
    )


def upload_size_check(*, size: int, kind: str) -> None:
    """`UploadTooLarge` when `size` bytes is over the limit for `kind`."""
    if size > upload_limit(kind):
        raise upload_too_large(kind)
