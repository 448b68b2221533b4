"""The name of a pairing system on the pages: ``{{ "burstein"|system_label }}``."""

from __future__ import annotations

from django import template

from chesscore.systems import system_info

register = template.Library()


@register.filter
def system_label(key: str) -> str:
    """The label the site shows for system `key` (``FIDE Dutch (C.04.3)``); the key itself
    when no system has it (an explanation stored by a system since removed)."""
    info = system_info(key)
    return info.label if info is not None else key
